"""Runtime stage, what the reader sees: the typed events that ``Story.step()`` returns.
Events are frozen data; the five marked "waits" ask for an answer before the story goes on."""

from __future__ import annotations

from dataclasses import dataclass

from tgc.bundle import schema as s


@dataclass(frozen=True, slots=True)
class VerseEntered:
    """The story reads a verse (``block`` None) or one of its inline blocks."""

    verse: str
    printed: str
    section: str
    block: str | None = None


@dataclass(frozen=True, slots=True)
class Text:
    text: str


@dataclass(frozen=True, slots=True)
class EffectApplied:
    effect: s.Effect
    text: str


@dataclass(frozen=True, slots=True)
class RulesFollowed:
    """What the ruleset's own rules did after an effect (a track that reached its end
    attaching a card to a member): one line each, in the ruleset's words."""

    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Offer:
    """An offered choice; ``index`` is its position in ``ChoicesOffered.choices``."""

    index: int
    text: str
    costs: tuple[s.Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class Locked:
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class ChoicesOffered:
    """Waits for ``story.choose(i)``. ``purpose`` is ``"choice"`` for the journal's
    choices and ``"item"`` when the reader picks which item a keyword means."""

    choices: tuple[Offer, ...]
    locked: tuple[Locked, ...] = ()
    purpose: str = "choice"


@dataclass(frozen=True, slots=True)
class AskPosed:
    """Waits for ``story.answer(yes)``."""

    question: str


@dataclass(frozen=True, slots=True)
class RollRequested:
    """Waits for ``story.give_roll(n)``: ``n`` is the sum of the dice, before modifiers.
    ``terms`` spell the modifier out: ``("courage", 1)``, ``("", -2)`` for a number."""

    dice: int
    sides: int
    modifier: int
    terms: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class RollMade:
    """``faces`` are the dice as they fell (empty when the reader gave only their sum);
    ``total`` adds the modifier, which ``terms`` spell out as in RollRequested."""

    dice: int
    sides: int
    faces: tuple[int, ...]
    modifier: int
    total: int
    terms: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class TossRequested:
    """Waits for ``story.give_toss("heads" | "tails")``."""


@dataclass(frozen=True, slots=True)
class TossMade:
    side: str


@dataclass(frozen=True, slots=True)
class EncounterStarted:
    """When ``waits`` is true the story waits for ``story.resolve(outcome)``."""

    encounter: s.Encounter
    outcomes: tuple[str, ...]
    waits: bool


@dataclass(frozen=True, slots=True)
class EncounterResolved:
    encounter: s.Encounter
    outcome: str


@dataclass(frozen=True, slots=True)
class TriggerFired:
    """A status trigger became true; its verse is read when the exploration ends, or at
    once (``now``) when it fired between explorations."""

    status: str
    when: str
    target: s.Target
    now: bool = False


@dataclass(frozen=True, slots=True)
class ExplorationEnded:
    verse: str


@dataclass(frozen=True, slots=True)
class ChapterEnded:
    verse: str


@dataclass(frozen=True, slots=True)
class GameOver:
    verse: str


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """The story cannot go on: a body ran out of lines, every choice is locked, or no
    roll arm fits the total. A checked campaign only meets the second."""

    verse: str
    reason: str


@dataclass(frozen=True, slots=True)
class LoopDetected:
    """The story ran ``steps`` lines without asking for input: a loop no input leaves."""

    verse: str
    steps: int


Event = (VerseEntered | Text | EffectApplied | RulesFollowed | ChoicesOffered | AskPosed | RollRequested
         | RollMade | TossRequested | TossMade | EncounterStarted | EncounterResolved | TriggerFired
         | ExplorationEnded | ChapterEnded | GameOver | DeadEnd | LoopDetected)
Wait = ChoicesOffered | AskPosed | RollRequested | TossRequested | EncounterStarted
ENDINGS = (ExplorationEnded, ChapterEnded, GameOver, DeadEnd, LoopDetected)
