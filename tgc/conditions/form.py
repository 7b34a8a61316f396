"""Condition algebra, the form: the typed conditions every stage reads, plus a span table
that leads each part back to the source.

The classes mirror the bundle schema's condition models field for field and kind for kind
(tests/test_conditions.py holds them to it), so lowering either way is a rename: the
checker lowers the AST into this form, the compiler writes it out as the bundle, and the
runtime reads the bundle back into it. They are plain frozen dataclasses, so the checker
never imports pydantic.

A *path* names one part of a condition: ``()`` the whole, ``(1,)`` its second operand,
``(1, 0)`` that operand's first, and so on (``not`` has the one operand 0). Paths in
lexicographic order are the parts in source order.

Example:
    >>> guard = And((Secret(12), Not(Status("Curse", at_least=2))))
    >>> [type(part).__name__ for _, part in walk(guard)]
    ['And', 'Secret', 'Not', 'Status']
    >>> part(guard, (1, 0))
    Status(status='Curse', low=None, high=None, at_least=2)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from tgc.source import Span

Op = Literal[">=", ">", "<=", "<", "==", "!="]
Path = tuple[int, ...]
# A dial holds 0..DIAL_MAX (the runtime clamps to it; truth tables range over it).
DIAL_MAX = 8


@dataclass(frozen=True, slots=True)
class Status:
    """Neither bound set: any part is marked (a flag: marked). ``low``/``high``: every part
    in that range. ``at_least``: that many parts (or boxes) are marked."""

    kind: ClassVar[Literal["status"]] = "status"
    status: str
    low: int | None = None
    high: int | None = None
    at_least: int | None = None


@dataclass(frozen=True, slots=True)
class Secret:
    kind: ClassVar[Literal["secret"]] = "secret"
    number: int


@dataclass(frozen=True, slots=True)
class Item:
    """A named item, or (``keyword`` true) any item carrying that keyword."""

    kind: ClassVar[Literal["item"]] = "item"
    item: str
    keyword: bool = False


@dataclass(frozen=True, slots=True)
class Compare:
    """An attribute, resource, track or counter (``players``, ``day``) against a number."""

    kind: ClassVar[Literal["compare"]] = "compare"
    name: str
    op: Op
    value: int


@dataclass(frozen=True, slots=True)
class Dial:
    kind: ClassVar[Literal["dial"]] = "dial"
    dial: str
    op: Op
    value: int


@dataclass(frozen=True, slots=True)
class Event:
    """``event "X"`` (today's Event is X) or, ``quest`` true, ``quest "X"`` (X is an
    Active Quest): what a campaign layer keeps; false outside a campaign played by days."""

    kind: ClassVar[Literal["event"]] = "event"
    event: str
    quest: bool = False


@dataclass(frozen=True, slots=True)
class Character:
    kind: ClassVar[Literal["character"]] = "character"
    character: str


@dataclass(frozen=True, slots=True)
class Visited:
    """A verse (its canonical id once resolved; as written when it did not resolve)."""

    kind: ClassVar[Literal["visited"]] = "visited"
    verse: str


@dataclass(frozen=True, slots=True)
class Chapter:
    """``op`` None: in chapter ``number``+``letter`` (and ``part``, if set); with ``op``:
    the chapter number compared (``chapter >= 3``)."""

    kind: ClassVar[Literal["chapter"]] = "chapter"
    number: int
    letter: str | None = None
    part: int | None = None
    op: Op | None = None


@dataclass(frozen=True, slots=True)
class Ask:
    """The reader answers; the same question is asked once per exploration."""

    kind: ClassVar[Literal["ask"]] = "ask"
    question: str


@dataclass(frozen=True, slots=True)
class Not:
    kind: ClassVar[Literal["not"]] = "not"
    operand: Condition


@dataclass(frozen=True, slots=True)
class And:
    kind: ClassVar[Literal["and"]] = "and"
    operands: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class Or:
    kind: ClassVar[Literal["or"]] = "or"
    operands: tuple[Condition, ...]


Atom = Status | Secret | Item | Compare | Dial | Character | Event | Visited | Chapter | Ask
Condition = Atom | Not | And | Or


@dataclass(frozen=True, slots=True)
class Lowered:
    """A condition in the form, with where each part was written (by path)."""

    cond: Condition
    spans: Mapping[Path, Span] = field(default_factory=dict)

    def span(self, path: Path) -> Span | None:
        return self.spans.get(path)


def operands(cond: Condition) -> tuple[Condition, ...]:
    """The parts one level down (``not`` has one, an atom none)."""
    match cond:
        case Not():
            return (cond.operand,)
        case And() | Or():
            return cond.operands
        case _:
            return ()


def walk(cond: Condition, path: Path = ()) -> Iterator[tuple[Path, Condition]]:
    """Every part with its path, the whole first, then its operands left to right."""
    todo: list[tuple[Path, Condition]] = [(path, cond)]
    while todo:  # an explicit stack: conditions may nest deeply
        here, current = todo.pop()
        yield here, current
        below = operands(current)
        todo.extend((here + (i,), below[i]) for i in range(len(below) - 1, -1, -1))


def leaves(cond: Condition | None) -> Iterator[Condition]:
    """The whole and every part below it, in source order (the explorer's reading)."""
    if cond is not None:
        for _, current in walk(cond):
            yield current


def atoms(cond: Condition) -> Iterator[Atom]:
    """The atoms of a condition, left to right (``not``, ``and``, ``or`` looked through)."""
    for _, current in walk(cond):
        if not isinstance(current, Not | And | Or):
            yield current


def part(cond: Condition, path: Path) -> Condition:
    """The part at ``path``."""
    for index in path:
        cond = operands(cond)[index]
    return cond


def conjoin(conds: tuple[Condition, ...]) -> Condition:
    """A guard's conditions (joined by ``;``) as one condition, as the bundle keeps it."""
    return conds[0] if len(conds) == 1 else And(conds)
