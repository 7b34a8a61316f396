"""Runtime stage, the data: the mutable game state that a Story changes as it runs.

Everything a campaign remembers lives here: the party (each character's survival tracks,
attributes and resources), statuses with their marked parts or boxes, secrets, items,
visited verses, dials, time tokens, day and chapter, tasks, the locations in play, and
the current exploration's ``ask`` answers. ``save.py`` turns it into a save file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches

from tgc.bundle.schema import Bundle, Record
from tgc.limits import MAX_NUMBER, as_number

ATTRIBUTES = ("aggression", "empathy", "courage", "caution", "practicality", "spirituality")
RESOURCES = ("food", "wealth", "rep", "magic", "exp")
TRACKS = ("health", "energy", "terror")
COUNTERS = ("players", "day")
DIAL_MAX = 8

# The default adventurer: used when the bundle declares no @character of that name.
DEFAULT_TRACKS = {"health": 8, "energy": 6, "terror": 0}
DEFAULT_LIMITS = {"health": 8, "energy": 8, "terror": 10}
DEFAULT_ATTRIBUTE = 1
DEFAULT_RESOURCES = {"food": 3, "wealth": 3, "rep": 1, "magic": 2, "exp": 0}
DEFAULT_NAME = "Adventurer"


@dataclass(slots=True)
class Character:
    """One party member. ``limits`` caps each survival track (Health is never above its
    starting slot; Energy is never above Health)."""

    name: str
    tracks: dict[str, int]
    limits: dict[str, int]
    attributes: dict[str, int]
    resources: dict[str, int]

    def copy(self) -> Character:
        return Character(self.name, dict(self.tracks), dict(self.limits),
                         dict(self.attributes), dict(self.resources))

    def set_track(self, track: str, value: int) -> None:
        """Clamp to 0..limit; Energy never exceeds Health (rulebook, survival tracks)."""
        self.tracks[track] = max(0, min(value, self.limits.get(track, value)))
        if self.tracks["energy"] > self.tracks["health"]:
            self.tracks["energy"] = self.tracks["health"]


@dataclass(frozen=True, slots=True)
class Chapter:
    """``3A-2``: number 3, letter A, part 2 of the chapter's event deck."""

    number: int = 1
    letter: str | None = None
    part: int | None = None

    def __str__(self) -> str:
        text = f"{self.number}{self.letter or ''}"
        return f"{text}-{self.part}" if self.part is not None else text

    def next(self) -> Chapter:
        """The chapter after ``-> end chapter``: the next number (its letter and event-deck
        part are the next chapter setup card's to say)."""
        return Chapter(self.number + 1)

    def reachable_from(self, other: Chapter) -> bool:
        """Can a campaign in chapter ``other`` come to this one? Chapters only move on: a
        higher number, or the same number with its branch letter learnt or kept and its
        event deck at the same part or further."""
        if self.number != other.number:
            return self.number > other.number
        if other.letter is not None and self.letter != other.letter:
            return False
        return (self.part or 0) >= (other.part or 0)

    @staticmethod
    def parse(text: str) -> Chapter:
        """``"7"``, ``"3A"``, ``"4B-4"``; raises ValueError on anything else."""
        head, _, part = text.strip().partition("-")
        digits = head.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        letter = head[len(digits):] or None
        number = as_number(digits)
        if number is None or (letter is not None and len(letter) != 1):
            raise ValueError(f"not a chapter id: {text[:40]!r} (expected 3, 3A or 7-2)")
        part_number = as_number(part) if part else None
        if part and part_number is None:
            raise ValueError(f"not a chapter id: {text[:40]!r} (the part after '-' is a number)")
        return Chapter(number, letter, part_number)


@dataclass(slots=True)
class GameState:
    """The whole campaign state. Statuses map a name to the set of marked parts; a flag
    is ``{1}`` when marked, and a boxes status ticks boxes 1..n in order, so "the next
    box" is ``len + 1`` and "the last ticked box" is the largest."""

    party: list[Character]
    statuses: dict[str, set[int]] = field(default_factory=dict)
    secrets: set[int] = field(default_factory=set)
    items: list[str] = field(default_factory=list)
    visited: set[str] = field(default_factory=set)
    dials: dict[str, int] = field(default_factory=dict)
    time_tokens: int = 0
    day: int = 1
    chapter: Chapter = field(default_factory=Chapter)
    tasks: list[str] = field(default_factory=list)
    in_play: set[int] = field(default_factory=set)
    removed: set[int] = field(default_factory=set)
    replaced: dict[int, int] = field(default_factory=dict)
    location: int | None = None
    answers: dict[str, bool] = field(default_factory=dict)
    dropped: set[str] = field(default_factory=set)
    players: int | None = None
    acted: dict[str, int] = field(default_factory=dict)  # "201/Barter" -> the day it was last taken

    def copy(self) -> GameState:
        """A deep copy (written out by hand: the explorer copies states a lot)."""
        return GameState(
            [c.copy() for c in self.party], {k: set(v) for k, v in self.statuses.items()},
            set(self.secrets), list(self.items), set(self.visited), dict(self.dials),
            self.time_tokens, self.day, self.chapter, list(self.tasks), set(self.in_play),
            set(self.removed), dict(self.replaced), self.location, dict(self.answers),
            set(self.dropped), self.players, dict(self.acted))

    @property
    def active(self) -> list[Character]:
        """The members still in the current exploration (a member who could not pay a
        per-member cost has dropped out until the exploration ends)."""
        members = [c for c in self.party if c.name not in self.dropped]
        return members or self.party

    @property
    def player_count(self) -> int:
        return self.players if self.players is not None else len(self.party)

    def marked(self, status: str) -> set[int]:
        return self.statuses.get(status, set())

    def party_value(self, name: str) -> int:
        """A party test: the highest member for attributes and resources ("do not sum
        them up"); for survival tracks the member worst off (lowest Health or Energy,
        highest Terror)."""
        members = self.active
        if name in ATTRIBUTES:
            return max(c.attributes.get(name, 0) for c in members)
        if name in RESOURCES:
            return max(c.resources.get(name, 0) for c in members)
        if name == "terror":
            return max(c.tracks["terror"] for c in members)
        if name in TRACKS:
            return min(c.tracks[name] for c in members)
        if name == "players":
            return self.player_count
        if name == "day":
            return self.day
        raise KeyError(name)

    def party_total(self, resource: str) -> int:
        """What the active members hold together (a party may pool a cost)."""
        if resource in TRACKS:
            return sum(c.tracks[resource] for c in self.active)
        return sum(c.resources.get(resource, 0) for c in self.active)

    def begin_exploration(self) -> None:
        """A new exploration: questions are asked afresh and dropped members rejoin."""
        self.answers.clear()
        self.dropped.clear()


def new_character(name: str = DEFAULT_NAME, record: Record | None = None) -> Character:
    """A character from an ``@character`` record's numeric properties (``health``,
    ``energy``, ``terror``, ``max_health`` ..., attribute and resource names), each
    falling back to the default adventurer."""
    data: Mapping[str, object] = record.data if record is not None else {}
    tracks = {t: _int(data.get(t), DEFAULT_TRACKS[t]) for t in TRACKS}
    limits = {t: _int(data.get(f"max_{t}"), max(DEFAULT_LIMITS[t], tracks[t])) for t in TRACKS}
    if "max_health" not in data:
        limits["health"] = tracks["health"]
    attributes = {a: _int(data.get(a), DEFAULT_ATTRIBUTE) for a in ATTRIBUTES}
    resources = {r: _int(data.get(r), DEFAULT_RESOURCES[r]) for r in RESOURCES}
    character = Character(record.name if record is not None else name, tracks, limits,
                          attributes, resources)
    character.set_track("energy", tracks["energy"])
    return character


def _int(value: object, default: int) -> int:
    if isinstance(value, str):
        number = as_number(value.strip(), low=-MAX_NUMBER, signed=True)
        return number if number is not None else default
    return value if isinstance(value, int) else default


def initial_locations(bundle: Bundle) -> set[int]:
    """Every declared location is on the map, except replacement cards (whose legacy is a
    declared location) that wait for their ``replace``."""
    numbers = {loc.number for loc in bundle.locations}
    return {loc.number for loc in bundle.locations if loc.legacy is None or loc.legacy not in numbers}


def party_problem(bundle: Bundle, party: Sequence[str]) -> str | None:
    """Why a party cannot start (a name no ``@character`` declares, when the campaign
    declares some; more members than ``players:`` allows), or None."""
    declared = [r.name for r in bundle.characters]
    folded = {name.casefold() for name in declared}
    for name in party:
        if declared and name.casefold() not in folded:
            close = get_close_matches(name.casefold(), sorted(folded), n=1, cutoff=0.6)
            hint = (f'did you mean "{next(d for d in declared if d.casefold() == close[0])}"?'
                    if close else "characters: " + ", ".join(declared))
            return f'no character "{name}" in this campaign ({hint})'
    players = bundle.campaign.players
    if len(party) > players.max:
        return (f"the party has {len(party)} characters; this campaign is for "
                f"{players.min}-{players.max} players")
    return None


def character_record(bundle: Bundle, name: str) -> Record | None:
    """The ``@character`` record of that name (any case), if the campaign declares one."""
    return next((r for r in bundle.characters if r.name.casefold() == name.casefold()), None)


def new_state(bundle: Bundle, party: Iterable[str] = ()) -> GameState:
    """The starting state: the named characters (declared ``@character`` records, or the
    default adventurer under that name), or one default adventurer."""
    records = {r.name.casefold(): r for r in bundle.characters}
    members = [new_character(name, records.get(name.casefold())) for name in party]
    start = bundle.campaign.start
    return GameState(party=members or [new_character()], in_play=initial_locations(bundle),
                     location=start if any(loc.number == start for loc in bundle.locations) else None)
