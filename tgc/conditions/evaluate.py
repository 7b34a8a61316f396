"""Condition algebra, truth in a game: a condition and a World (what the game holds now)
in, true or false out, exactly as docs/language.md's "Conditions" says.

The runtime's GameState answers through an adapter (tgc.runtime.conditions); the
explorer's scratch tests and clock classes go through the same function, so a guard
means one thing in play and in exploration.

Example:
    >>> from tgc.conditions.form import And, Not, Secret, Status
    >>> class Table:
    ...     def marked(self, status): return {1, 2} if status == "Curse" else set()
    ...     def has_secret(self, number): return number == 12
    >>> holds(And((Secret(12), Status("Curse", at_least=2))), Table())
    True
    >>> holds(Not(Status("Curse", low=1, high=3)), Table())
    True
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Collection
from typing import Protocol, assert_never

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

COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt,
    "==": operator.eq, "!=": operator.ne,
}


class World(Protocol):
    """What a condition can ask of the game. A world need only answer what its
    conditions ask (a scratch state for one feature answers about that feature)."""

    def marked(self, status: str) -> Collection[int]: ...
    def has_secret(self, number: int) -> bool: ...
    def has_item(self, item: str) -> bool: ...
    def has_keyword(self, keyword: str) -> bool: ...
    def value(self, name: str) -> int: ...
    def dial(self, dial: str) -> int: ...
    def has_character(self, character: str) -> bool: ...
    def event_is(self, event: str, quest: bool) -> bool: ...
    def visited(self, verse: str) -> bool: ...
    def chapter(self) -> tuple[int, str | None, int | None]: ...
    def answer(self, question: str) -> bool: ...


def holds(cond: Condition, world: World) -> bool:
    """Does ``cond`` hold? ``and``/``or`` short-circuit left to right, so a question is
    only asked when its answer matters."""
    match cond:
        case Status():
            return status_holds(cond, world.marked(cond.status))
        case Secret():
            return world.has_secret(cond.number)
        case Item():
            return world.has_keyword(cond.item) if cond.keyword else world.has_item(cond.item)
        case Compare():
            return COMPARE[cond.op](world.value(cond.name), cond.value)
        case Dial():
            return COMPARE[cond.op](world.dial(cond.dial), cond.value)
        case Character():
            return world.has_character(cond.character)
        case Event():
            return world.event_is(cond.event, cond.quest)
        case Visited():
            return world.visited(cond.verse)
        case Chapter():
            return chapter_holds(cond, world.chapter())
        case Ask():
            return world.answer(cond.question)
        case Not():
            return not holds(cond.operand, world)
        case And():
            return all(holds(c, world) for c in cond.operands)
        case Or():
            return any(holds(c, world) for c in cond.operands)
        case _:
            assert_never(cond)


def status_holds(cond: Status, marked: Collection[int]) -> bool:
    """``status "X"``: any part marked; ``any N``: that many; ``2-4``: each of them."""
    if cond.at_least is not None:
        return len(marked) >= cond.at_least
    if cond.low is None:
        return bool(marked)
    high = cond.high if cond.high is not None else cond.low
    return all(p in marked for p in range(cond.low, high + 1))


def chapter_holds(cond: Chapter, now: tuple[int, str | None, int | None]) -> bool:
    """``chapter 3A`` is chapter number 3 with letter A exactly (3 is not 3A); a part is
    compared only when the condition names one; ``chapter >= 3`` compares numbers."""
    number, letter, part = now
    if cond.op is not None:
        return COMPARE[cond.op](number, cond.number)
    if (number, letter) != (cond.number, cond.letter):
        return False
    return cond.part is None or cond.part == part
