"""The abstract syntax tree: frozen nodes, each with its source span. Built by
``syntax.build`` from parsed lines; read by ``semantics``. Nothing here resolves names."""

from __future__ import annotations

from typing import Literal, NamedTuple

from tgc.source import Span

# ---------------------------------------------------------------- kinds
# Every closed set of words a node can hold is a Literal, so a pass that forgets one is
# named by mypy (``match`` ... ``assert_never``). The grammar admits only these words;
# the narrowing functions below turn a parsed token into its kind, and raise on anything
# else, which would be a bug in the grammar, never a writer's mistake.

TerminalKind = Literal["end", "end chapter", "game over"]
CompareOp = Literal[">=", ">", "<=", "<", "==", "!="]
AmountVerb = Literal["gain", "lose", "pay"]
PartyMode = Literal["each", "shared"]
LocationVerb = Literal["replace", "remove", "reveal", "move"]
TriggerKind = Literal["marked", "full", "parts", "any"]
Sign = Literal[1, -1]


def compare_op(text: str) -> CompareOp:
    """The comparison a token spells (a plain ``str``, never the token itself)."""
    match str(text):
        case ">=" | ">" | "<=" | "<" | "==" | "!=" as op:
            return op
    raise ValueError(f"not a comparison: {text!r}")


def amount_verb(text: str) -> AmountVerb:
    match str(text):
        case "gain" | "lose" | "pay" as verb:
            return verb
    raise ValueError(f"not an amount verb: {text!r}")


def party_mode(text: str | None) -> PartyMode | None:
    match None if text is None else str(text):
        case "each" | "shared" | None as mode:
            return mode
    raise ValueError(f"not a party mode: {text!r}")

# ---------------------------------------------------------------- references


class VerseId(NamedTuple):
    """``SECTION.VERSE`` as written in a header: ``101.2a``, ``bos.ritual``."""

    section: str
    verse: str
    span: Span

    def __str__(self) -> str:
        return f"{self.section}.{self.verse}"


class Ref(NamedTuple):
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


class Terminal(NamedTuple):
    """``-> end``, ``-> end chapter`` or ``-> game over``."""

    kind: TerminalKind
    span: Span

    def __str__(self) -> str:
        return self.kind


Target = Ref | Terminal

# ---------------------------------------------------------------- conditions


class PartSel(NamedTuple):
    """Which parts a status condition or mark names: ``3``, ``1-4`` or ``any 3``."""

    low: int
    high: int
    any_count: bool
    span: Span

    def __str__(self) -> str:
        if self.any_count:
            return f"any {self.low}"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class StatusCond(NamedTuple):
    name: str
    parts: PartSel | None
    span: Span
    name_span: Span


class SecretCond(NamedTuple):
    number: int
    span: Span


class ItemCond(NamedTuple):
    """``item "Rope"`` (``keyword`` False) or ``item weapon`` (``keyword`` True)."""

    name: str
    keyword: bool
    span: Span


class Compare(NamedTuple):
    """``courage >= 2``, ``food < 3``, ``players >= 2``, ``day >= 5``."""

    name: str
    op: CompareOp
    value: int
    span: Span


class DialCond(NamedTuple):
    name: str
    op: CompareOp
    value: int
    span: Span


class CharacterCond(NamedTuple):
    name: str
    span: Span


class EventCond(NamedTuple):
    """``event "X"``: today's Event is X; ``quest "X"`` (``quest`` true): X is among the
    Active Quests. A campaign layer keeps both (GameState.events)."""

    name: str
    quest: bool
    span: Span


class VisitedCond(NamedTuple):
    ref: Ref
    span: Span


class ChapterCond(NamedTuple):
    """``chapter 3A-2`` (``op`` None) or ``chapter >= 3`` (``op`` set, ``number`` only)."""

    number: int
    letter: str | None
    part: int | None
    op: CompareOp | None
    span: Span


class AskCond(NamedTuple):
    question: str
    span: Span


class Not(NamedTuple):
    operand: Cond
    span: Span


class And(NamedTuple):
    operands: tuple[Cond, ...]
    span: Span


class Or(NamedTuple):
    operands: tuple[Cond, ...]
    span: Span


Cond = (
    StatusCond
    | SecretCond
    | ItemCond
    | Compare
    | DialCond
    | CharacterCond
    | EventCond
    | VisitedCond
    | ChapterCond
    | AskCond
    | Not
    | And
    | Or
)

# ---------------------------------------------------------------- effects


class Amount(NamedTuple):
    """``gain 2 food``, ``each lose 1 energy``, ``pay 3 wealth`` (``verb`` says which)."""

    verb: AmountVerb
    amount: int
    what: str
    mode: PartyMode | None
    span: Span
    what_span: Span


class Mark(NamedTuple):
    """``mark``/``unmark`` a status; ``parts`` None for flags, boxes or a missing number."""

    unmark: bool
    name: str
    parts: PartSel | None
    span: Span
    name_span: Span


class SecretEffect(NamedTuple):
    gain: bool
    number: int
    span: Span


class ItemEffect(NamedTuple):
    gain: bool
    name: str
    keyword: bool
    span: Span


class AttributeChange(NamedTuple):
    """``raise courage 1`` / ``lower courage 1``."""

    raise_: bool
    attribute: str
    amount: int
    span: Span
    attribute_span: Span


class Task(NamedTuple):
    text: str
    span: Span


class LocationEffect(NamedTuple):
    """``replace location A with B`` (``other`` = B), ``remove location``, ``reveal
    location``, ``move to``."""

    verb: LocationVerb
    number: int
    other: int | None
    span: Span


class DialEffect(NamedTuple):
    """``set dial "D" to 3`` (value set) or ``advance dial "D"`` (value None)."""

    name: str
    value: int | None
    span: Span


class TimeToken(NamedTuple):
    place: bool
    span: Span


class Arm(NamedTuple):
    """One outcome arm: ``win -> 8``, ``1-3 -> .fail``, ``heads -> 4``, ``4+ -> 5``.
    For dice, ``low``/``high`` hold the range (``high`` None for an open ``N+``)."""

    label: str
    low: int | None
    high: int | None
    target: Target
    span: Span


class GameArg(NamedTuple):
    """One ``KEY VALUE`` of a game line (``hero "Niamh"``, ``rank 3``); ``span`` is the value's."""

    key: str
    value: str | int
    span: Span


class Game(NamedTuple):
    """A game of the campaign's ruleset that a verse starts (``Vocabulary.games``): its
    phrase and arguments as written; ``span`` covers the phrase."""

    phrase: str
    args: tuple[GameArg, ...]
    span: Span

    def arg(self, key: str) -> GameArg | None:
        return next((a for a in self.args if a.key == key), None)


class Encounter(NamedTuple):
    """``encounter gray level 2`` (``deck`` set), ``encounter "Vagabond"`` (``name``), or a
    game of the ruleset's own started from the verse (``game`` set; deck and name None),
    which ends in the ruleset's outcomes like any encounter."""

    deck: str | None
    level: int | None
    name: str | None
    arms: tuple[Arm, ...]
    span: Span
    what_span: Span
    game: Game | None = None


class Modifier(NamedTuple):
    """``+ courage`` or ``- 1`` after the dice."""

    sign: Sign
    attribute: str | None
    value: int
    span: Span


class Roll(NamedTuple):
    """``roll 2d6 + courage: ...``: ``dice`` dice of ``sides`` sides."""

    dice: int
    sides: int
    modifiers: tuple[Modifier, ...]
    arms: tuple[Arm, ...]
    span: Span


class Toss(NamedTuple):
    arms: tuple[Arm, ...]
    span: Span


class Note(NamedTuple):
    text: str
    span: Span


class Phrase(NamedTuple):
    """``activate menhir 6, 5, 4, 3``, ``place guardian "Mist Hound" at 120``: an effect
    that a ruleset's own layer plays (its ``Vocabulary.phrases``)."""

    phrase: str
    numbers: tuple[int, ...]
    name: str | None
    at: int | None
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
    | Phrase
)

# ---------------------------------------------------------------- body lines


class Paragraph(NamedTuple):
    """Consecutive prose lines joined by a space; ``text`` keeps inline markup raw."""

    text: str
    span: Span


class Cost(NamedTuple):
    """``pay N RESOURCE`` inside a guard; ``pay N RESOURCE per player`` is N times the
    number of players (``per_player``)."""

    amount: int
    resource: str
    span: Span
    per_player: bool = False


class Guard(NamedTuple):
    conditions: tuple[Cond, ...]
    costs: tuple[Cost, ...]
    span: Span


class Choice(NamedTuple):
    guard: Guard | None
    text: str
    target: Target
    span: Span


class Divert(NamedTuple):
    target: Target
    span: Span


class CondDivert(NamedTuple):
    cond: Cond
    target: Target
    span: Span


class EffectLine(NamedTuple):
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


class Block(NamedTuple):
    """``= NAME`` and its body inside a verse."""

    name: str
    body: tuple[Stmt, ...]
    span: Span


class Verse(NamedTuple):
    id: VerseId
    body: tuple[Stmt, ...]
    blocks: tuple[Block, ...]
    span: Span

# ---------------------------------------------------------------- declarations


class Prop(NamedTuple):
    """A property line. ``value`` is the text after ``key:`` (continuation lines
    joined by a space), or for a property with nested lines a tuple of items (``- x``
    lines, as ``Prop`` with key ``-``) and map entries (``Prop``)."""

    key: str
    value: str | tuple[Prop, ...]
    span: Span


class Key(NamedTuple):
    direction: str
    location: int
    span: Span


class RefProp(NamedTuple):
    """``explore -> 101.1``, ``success -> bos.40``."""

    key: str
    target: Target
    span: Span


class Action(NamedTuple):
    """``action "Barter" (1 energy, once per day) -> 101.barter``."""

    name: str
    costs: tuple[Cost, ...]
    once_per_day: bool
    target: Target
    span: Span


class Trigger(NamedTuple):
    """``when marked``, ``when full``, ``when parts 1-8``, ``when any 6 parts``."""

    kind: TriggerKind
    low: int | None
    high: int | None
    target: Target
    span: Span


class ListProp(NamedTuple):
    """``keys: up 546, left 547`` / ``seals: menhir, dreams`` / ``keywords: relic``."""

    key: str
    items: tuple[str, ...]
    keys: tuple[Key, ...]
    span: Span


class NumberProp(NamedTuple):
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


class Declaration(NamedTuple):
    """``@KIND ARGS`` with its properties. ``args`` holds the header's values in order:
    ``@status "Cold Pyre" parts 6`` has args ("Cold Pyre", "parts", 6)."""

    kind: str
    args: tuple[str | int, ...]
    props: tuple[Property, ...]
    span: Span
    header_span: Span


Item = Declaration | Verse


class Suppression(NamedTuple):
    """``// tgc: ignore[CODE, ...]``: ``span`` is the comment, ``line`` the line it
    covers (its own, or the next one for a comment-only line)."""

    codes: tuple[str, ...]
    span: Span
    line: int


class Dropped(NamedTuple):
    """A line whose content is lost: a syntax error, or a line under a header that was
    dropped. Later passes read its text so they do not report what the lost line may
    have said (a divert, a hook, a key): a syntax error costs only its own line."""

    text: str
    span: Span


class File(NamedTuple):
    name: str
    items: tuple[Item, ...]
    suppressions: tuple[Suppression, ...]
    dropped: tuple[Dropped, ...] = ()
