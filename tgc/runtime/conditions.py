"""Runtime stage, tests: a condition and the game state in, true or false out, exactly as
docs/language.md's "Conditions" says. ``ask`` conditions call back to the reader; the answer
is remembered for the rest of the exploration."""

from __future__ import annotations

import operator
from collections.abc import Callable

from tgc.bundle import schema as s
from tgc.runtime.book import Book, StoryError
from tgc.runtime.state import Chapter, GameState

Ask = Callable[[str], bool]

COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt,
    "==": operator.eq, "!=": operator.ne,
}


def no_ask(question: str) -> bool:
    raise StoryError(f'nobody to answer "{question}"')


def eval_condition(cond: s.Condition, state: GameState, book: Book, ask: Ask = no_ask) -> bool:
    """Does ``cond`` hold? ``and``/``or`` short-circuit left to right, so a question is
    only asked when its answer matters."""
    return _EVAL[cond.kind](cond, state, book, ask)


def eval_status(cond: s.StatusCond, state: GameState, book: Book, ask: Ask) -> bool:
    marked = state.marked(cond.status)
    if cond.at_least is not None:
        return len(marked) >= cond.at_least
    if cond.low is None:
        return bool(marked)
    high = cond.high if cond.high is not None else cond.low
    return all(part in marked for part in range(cond.low, high + 1))


def eval_secret(cond: s.SecretCond, state: GameState, book: Book, ask: Ask) -> bool:
    return cond.number in state.secrets


def eval_item(cond: s.ItemCond, state: GameState, book: Book, ask: Ask) -> bool:
    if not cond.keyword:
        return cond.item in state.items
    return any(cond.item in book.keywords(item) for item in state.items)


def eval_compare(cond: s.CompareCond, state: GameState, book: Book, ask: Ask) -> bool:
    try:
        value = state.party_value(cond.name)
    except KeyError:
        raise StoryError(f"unknown quantity '{cond.name}' in a condition") from None
    return COMPARE[cond.op](value, cond.value)


def eval_dial(cond: s.DialCond, state: GameState, book: Book, ask: Ask) -> bool:
    return COMPARE[cond.op](state.dials.get(cond.dial, 0), cond.value)


def eval_character(cond: s.CharacterCond, state: GameState, book: Book, ask: Ask) -> bool:
    wanted = cond.character.casefold()
    return any(c.name.casefold() == wanted for c in state.active)


def eval_visited(cond: s.VisitedCond, state: GameState, book: Book, ask: Ask) -> bool:
    return cond.verse in state.visited


def eval_chapter(cond: s.ChapterCond, state: GameState, book: Book, ask: Ask) -> bool:
    """``chapter 3A`` is chapter number 3 with letter A exactly (3 is not 3A); a part is
    compared only when the condition names one; ``chapter >= 3`` compares numbers."""
    current: Chapter = state.chapter
    if cond.op is not None:
        return COMPARE[cond.op](current.number, cond.number)
    if (current.number, current.letter) != (cond.number, cond.letter):
        return False
    return cond.part is None or cond.part == current.part


def eval_ask(cond: s.AskCond, state: GameState, book: Book, ask: Ask) -> bool:
    if cond.question not in state.answers:
        state.answers[cond.question] = bool(ask(cond.question))
    return state.answers[cond.question]


def eval_not(cond: s.NotCond, state: GameState, book: Book, ask: Ask) -> bool:
    return not eval_condition(cond.operand, state, book, ask)


def eval_and(cond: s.AndCond, state: GameState, book: Book, ask: Ask) -> bool:
    return all(eval_condition(c, state, book, ask) for c in cond.operands)


def eval_or(cond: s.OrCond, state: GameState, book: Book, ask: Ask) -> bool:
    return any(eval_condition(c, state, book, ask) for c in cond.operands)


_EVAL: dict[str, Callable[..., bool]] = {
    "status": eval_status, "secret": eval_secret, "item": eval_item, "compare": eval_compare,
    "dial": eval_dial, "character": eval_character, "visited": eval_visited,
    "chapter": eval_chapter, "ask": eval_ask, "not": eval_not, "and": eval_and, "or": eval_or,
}


def affordable(costs: tuple[s.Cost, ...], state: GameState) -> s.Cost | None:
    """The first cost the party cannot pay together (members may help each other pay),
    or None when every cost is affordable."""
    for cost in costs:
        if state.party_total(cost.resource) < cost.amount:
            return cost
    return None


def describe(cond: s.Condition) -> str:
    """The condition as the journal writes it (for locked choices and reports)."""
    match cond:
        case s.StatusCond():
            text = f'status "{cond.status}"'
            if cond.at_least is not None:
                return f"{text} any {cond.at_least}"
            if cond.low is None:
                return text
            return f"{text} {cond.low}" + (f"-{cond.high}" if cond.high not in (None, cond.low) else "")
        case s.SecretCond():
            return f"secret {cond.number}"
        case s.ItemCond():
            return f"item {cond.item}" if cond.keyword else f'item "{cond.item}"'
        case s.CompareCond():
            return f"{cond.name} {cond.op} {cond.value}"
        case s.DialCond():
            return f'dial "{cond.dial}" {cond.op} {cond.value}'
        case s.CharacterCond():
            return f'character "{cond.character}"'
        case s.VisitedCond():
            return f"visited {cond.verse}"
        case s.ChapterCond():
            ident = str(Chapter(cond.number, cond.letter, cond.part))
            return f"chapter {cond.op} {cond.number}" if cond.op else f"chapter {ident}"
        case s.AskCond():
            return f'ask "{cond.question}"'
        case s.NotCond():
            inner = describe(cond.operand)
            return f"not ({inner})" if isinstance(cond.operand, s.AndCond | s.OrCond) else f"not {inner}"
        case s.AndCond():
            return " and ".join(_group(c, s.OrCond) for c in cond.operands)
        case s.OrCond():
            return " or ".join(describe(c) for c in cond.operands)
    raise AssertionError(cond)  # pragma: no cover


def _group(cond: s.Condition, kind: type) -> str:
    text = describe(cond)
    return f"({text})" if isinstance(cond, kind) else text


def why_not(cond: s.Condition, state: GameState, book: Book) -> str:
    """The part of a failing guard that fails, for ``--show-locked`` and reports; ``ask``
    conditions read only remembered answers."""
    def answered(question: str) -> bool:
        raise _Unanswered(question)

    if isinstance(cond, s.AndCond):
        for part in cond.operands:
            try:
                if not eval_condition(part, state, book, answered):
                    return why_not(part, state, book)
            except _Unanswered:
                continue
    return f"needs {describe(cond)}"


class _Unanswered(Exception):
    pass
