"""Condition algebra, text: a condition in, the words a writer types for it out (for
diagnostics, locked choices and the explorer's reasons).

Two spacings of ``and``/``or`` exist for historical outputs that must stay byte for byte:
the checker brackets every ``and``/``or`` inside another (``brackets="all"``); the reader's
messages bracket only an ``or`` inside an ``and`` (``brackets="needed"``: ``and`` binds
tighter).

Example:
    >>> from tgc.conditions.form import And, Item, Or, Secret, Status
    >>> describe(Or((Secret(3), And((Item("Rope"), Status("Curse", at_least=2))))))
    'secret 3 or (item "Rope" and status "Curse" any 2)'
    >>> describe(Or((Secret(3), And((Item("Rope"), Item("axe", keyword=True))))), brackets="needed")
    'secret 3 or item "Rope" and item axe'
"""

from __future__ import annotations

from typing import Literal, assert_never

from tgc.conditions.form import (
    And,
    Ask,
    Chapter,
    Character,
    Compare,
    Condition,
    Dial,
    Event,
    Item,
    Not,
    Or,
    Secret,
    Status,
    Visited,
)

Brackets = Literal["all", "needed"]


def describe(cond: Condition, brackets: Brackets = "all") -> str:
    """The condition as the journal writes it (normalised spacing)."""
    match cond:
        case Status():
            return f'status "{cond.status}"' + _selection(cond)
        case Secret():
            return f"secret {cond.number}"
        case Item():
            return f"item {cond.item}" if cond.keyword else f'item "{cond.item}"'
        case Compare():
            return f"{cond.name} {cond.op} {cond.value}"
        case Dial():
            return f'dial "{cond.dial}" {cond.op} {cond.value}'
        case Character():
            return f'character "{cond.character}"'
        case Event():
            return f'{"quest" if cond.quest else "event"} "{cond.event}"'
        case Visited():
            return f"visited {cond.verse}"
        case Chapter():
            if cond.op is not None:
                return f"chapter {cond.op} {cond.number}"
            text = f"chapter {cond.number}{cond.letter or ''}"
            return f"{text}-{cond.part}" if cond.part is not None else text
        case Ask():
            return f'ask "{cond.question}"'
        case Not():
            inner = describe(cond.operand, brackets)
            return f"not ({inner})" if isinstance(cond.operand, And | Or) else f"not {inner}"
        case And():
            return " and ".join(_operand(c, brackets, Or) for c in cond.operands)
        case Or():
            return " or ".join(_operand(c, brackets, None) for c in cond.operands)
        case _:
            assert_never(cond)


def _operand(cond: Condition, brackets: Brackets, looser: type | None) -> str:
    """An operand of ``and``/``or``, bracketed when it is one too (``all``) or when it
    binds looser than its joiner (``needed``: an ``or`` inside an ``and``)."""
    text = describe(cond, brackets)
    if isinstance(cond, And | Or) and (
            brackets == "all" or (looser is not None and isinstance(cond, looser))):
        return f"({text})"
    return text


def _selection(cond: Status) -> str:
    if cond.at_least is not None:
        return f" any {cond.at_least}"
    if cond.low is None:
        return ""
    if cond.high is None or cond.high == cond.low:
        return f" {cond.low}"
    return f" {cond.low}-{cond.high}"
