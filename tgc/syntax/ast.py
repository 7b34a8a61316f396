"""The abstract syntax tree: frozen nodes, each with its source span. Built by
``syntax.build`` from parsed lines; read by ``semantics``. Nothing here resolves names."""

from __future__ import annotations

from dataclasses import dataclass

from tgc.source import Span

# ---------------------------------------------------------------- references


@dataclass(frozen=True, slots=True)
class VerseId:
    """``SECTION.VERSE`` as written in a header: ``101.2a``, ``bos.ritual``."""

    section: str
    verse: str
    span: Span

    def __str__(self) -> str:
        return f"{self.section}.{self.verse}"


@dataclass(frozen=True, slots=True)
class Ref:
    """A verse reference. ``section`` is None for a relative one (``-> 3``, ``-> forge``);
    ``block`` is set for ``-> .NAME`` (and then ``verse`` is empty)."""

    section: str | None
    verse: str
    span: Span
    block: str | None = None

    def __str__(self) -> str:
        if self.block is not None:
            return f".{self.block}"
        return self.verse if self.section is None else f"{self.section}.{self.verse}"


@dataclass(frozen=True, slots=True)
class Terminal:
    """``-> end``, ``-> end chapter`` or ``-> game over``."""

    kind: str  # "end" | "end chapter" | "game over"
    span: Span

    def __str__(self) -> str:
        return self.kind


Target = Ref | Terminal

# ---------------------------------------------------------------- conditions


@dataclass(frozen=True, slots=True)
class PartSel:
    """Which parts a status condition or mark names: ``3``, ``1-4`` or ``any 3``."""

    low: int
    high: int
    any_count: bool
    span: Span

    def __str__(self) -> str:
        if self.any_count:
            return f"any {self.low}"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class StatusCond:
    name: str
    parts: PartSel | None
    span: Span
    name_span: Span


@dataclass(frozen=True, slots=True)
class SecretCond:
    number: int
    span: Span


@dataclass(frozen=True, slots=True)
class ItemCond:
    """``item "Rope"`` (``keyword`` False) or ``item weapon`` (``keyword`` True)."""

    name: str
    keyword: bool
    span: Span


@dataclass(frozen=True, slots=True)
class Compare:
    """``courage >= 2``, ``food < 3``, ``players >= 2``, ``day >= 5``."""

    name: str
    op: str
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class DialCond:
    name: str
    op: str
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class CharacterCond:
    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class VisitedCond:
    ref: Ref
    span: Span


@dataclass(frozen=True, slots=True)
class ChapterCond:
    """``chapter 3A-2`` (``op`` None) or ``chapter >= 3`` (``op`` set, ``number`` only)."""

    number: int
    letter: str | None
    part: int | None
    op: str | None
    span: Span


@dataclass(frozen=True, slots=True)
class AskCond:
    question: str
    span: Span


@dataclass(frozen=True, slots=True)
class Not:
    operand: Cond
    span: Span


@dataclass(frozen=True, slots=True)
class And:
    operands: tuple[Cond, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Or:
    operands: tuple[Cond, ...]
    span: Span


Cond = (
    StatusCond
    | SecretCond
    | ItemCond
    | Compare
    | DialCond
    | CharacterCond
    | VisitedCond
    | ChapterCond
    | AskCond
    | Not
    | And
    | Or
)

# ---------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class Amount:
    """``gain 2 food``, ``each lose 1 energy``, ``pay 3 wealth`` (``verb`` says which)."""

    verb: str  # "gain" | "lose" | "pay"
    amount: int
    what: str
    mode: str | None  # "each" | "shared" | None
    span: Span
    what_span: Span


@dataclass(frozen=True, slots=True)
class Mark:
    """``mark``/``unmark`` a status; ``parts`` None for flags, boxes or a missing number."""

    unmark: bool
    name: str
    parts: PartSel | None
    span: Span
    name_span: Span


@dataclass(frozen=True, slots=True)
class SecretEffect:
    gain: bool
    number: int
    span: Span


@dataclass(frozen=True, slots=True)
class ItemEffect:
    gain: bool
    name: str
    keyword: bool
    span: Span


@dataclass(frozen=True, slots=True)
class AttributeChange:
    """``raise courage 1`` / ``lower courage 1``."""

    raise_: bool
    attribute: str
    amount: int
    span: Span
    attribute_span: Span


@dataclass(frozen=True, slots=True)
class Task:
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class LocationEffect:
    """``replace location A with B`` (``other`` = B), ``remove location``, ``reveal
    location``, ``move to``."""

    verb: str  # "replace" | "remove" | "reveal" | "move"
    number: int
    other: int | None
    span: Span


@dataclass(frozen=True, slots=True)
class DialEffect:
    """``set dial "D" to 3`` (value set) or ``advance dial "D"`` (value None)."""

    name: str
    value: int | None
    span: Span


@dataclass(frozen=True, slots=True)
class TimeToken:
    place: bool
    span: Span


@dataclass(frozen=True, slots=True)
class Arm:
    """One outcome arm: ``win -> 8``, ``1-3 -> .fail``, ``heads -> 4``, ``4+ -> 5``.
    For dice, ``low``/``high`` hold the range (``high`` None for an open ``N+``)."""

    label: str
    low: int | None
    high: int | None
    target: Target
    span: Span


@dataclass(frozen=True, slots=True)
class Encounter:
    """``encounter gray level 2`` (``deck`` set) or ``encounter "Vagabond"`` (``name``)."""

    deck: str | None
    level: int | None
    name: str | None
    arms: tuple[Arm, ...]
    span: Span
    what_span: Span


@dataclass(frozen=True, slots=True)
class Modifier:
    """``+ courage`` or ``- 1`` after the dice."""

    sign: int
    attribute: str | None
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class Roll:
    count: int
    sides: int
    modifiers: tuple[Modifier, ...]
    arms: tuple[Arm, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Toss:
    arms: tuple[Arm, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Note:
    text: str
    span: Span


Effect = (
    Amount
    | Mark
    | SecretEffect
    | ItemEffect
    | AttributeChange
    | Task
    | LocationEffect
    | DialEffect
    | TimeToken
    | Encounter
    | Roll
    | Toss
    | Note
)

# ---------------------------------------------------------------- body lines


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Consecutive prose lines joined by a space; ``text`` keeps inline markup raw."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Cost:
    """``pay N RESOURCE`` inside a guard."""

    amount: int
    resource: str
    span: Span


@dataclass(frozen=True, slots=True)
class Guard:
    conditions: tuple[Cond, ...]
    costs: tuple[Cost, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Choice:
    guard: Guard | None
    text: str
    target: Target
    span: Span


@dataclass(frozen=True, slots=True)
class Divert:
    target: Target
    span: Span


@dataclass(frozen=True, slots=True)
class CondDivert:
    cond: Cond
    target: Target
    span: Span


@dataclass(frozen=True, slots=True)
class EffectLine:
    """``~ EFFECT`` or, with ``cond`` set, ``~ if COND: EFFECT``."""

    effect: Effect
    cond: Cond | None
    span: Span


Stmt = (
    Paragraph
    | Choice
    | Divert
    | CondDivert
    | EffectLine
)


@dataclass(frozen=True, slots=True)
class Block:
    """``= NAME`` and its body inside a verse."""

    name: str
    body: tuple[Stmt, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Verse:
    id: VerseId
    body: tuple[Stmt, ...]
    blocks: tuple[Block, ...]
    span: Span

# ---------------------------------------------------------------- declarations


@dataclass(frozen=True, slots=True)
class Prop:
    """A property line. ``value`` is the text after ``key:`` (continuation lines
    joined by a space), or for a property with nested lines a tuple of items (``- x``
    lines, as ``Prop`` with key ``-``) and map entries (``Prop``)."""

    key: str
    value: str | tuple[Prop, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Key:
    direction: str
    location: int
    span: Span


@dataclass(frozen=True, slots=True)
class RefProp:
    """``explore -> 101.1``, ``success -> bos.40``."""

    key: str
    target: Target
    span: Span


@dataclass(frozen=True, slots=True)
class Action:
    """``action "Barter" (1 energy, once per day) -> 101.barter``."""

    name: str
    costs: tuple[Cost, ...]
    once_per_day: bool
    target: Target
    span: Span


@dataclass(frozen=True, slots=True)
class Trigger:
    """``when marked``, ``when full``, ``when parts 1-8``, ``when any 6 parts``."""

    kind: str  # "marked" | "full" | "parts" | "any"
    low: int | None
    high: int | None
    target: Target
    span: Span


@dataclass(frozen=True, slots=True)
class ListProp:
    """``keys: up 546, left 547`` / ``seals: menhir, dreams`` / ``keywords: relic``."""

    key: str
    items: tuple[str, ...]
    keys: tuple[Key, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class NumberProp:
    """``legacy: 100``, ``start: 101``, ``players: 1-4`` (low/high)."""

    key: str
    low: int
    high: int
    span: Span


Property = (
    Prop
    | RefProp
    | Action
    | Trigger
    | ListProp
    | NumberProp
)


@dataclass(frozen=True, slots=True)
class Declaration:
    """``@KIND ARGS`` with its properties. ``args`` holds the header's values in order:
    ``@status "Cold Pyre" parts 6`` has args ("Cold Pyre", "parts", 6)."""

    kind: str
    args: tuple[str | int, ...]
    props: tuple[Property, ...]
    span: Span
    header_span: Span


Item = Declaration | Verse


@dataclass(frozen=True, slots=True)
class Suppression:
    """``// tgc: ignore[CODE, ...]``: ``span`` is the comment, ``line`` the line it
    covers (its own, or the next one for a comment-only line)."""

    codes: tuple[str, ...]
    span: Span
    line: int


@dataclass(frozen=True, slots=True)
class Dropped:
    """A line whose content is lost: a syntax error, or a line under a header that was
    dropped. Later passes read its text so they do not report what the lost line may
    have said (a divert, a hook, a key): a syntax error costs only its own line."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class File:
    name: str
    items: tuple[Item, ...]
    suppressions: tuple[Suppression, ...]
    dropped: tuple[Dropped, ...] = ()
