"""Runtime stage, the data: the mutable game state that a Story changes as it runs.

Everything a campaign remembers lives here: the party (each character's survival tracks,
attributes and resources), statuses with their marked parts or boxes, secrets, items,
visited verses, dials, time tokens, day and chapter, tasks, the locations in play, and
the current exploration's ``ask`` answers. ``save.py`` turns it into a save file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches

from tgc import rulesets
from tgc.bundle.schema import Bundle
from tgc.conditions.form import DIAL_MAX as DIAL_MAX
from tgc.limits import as_number
from tgc.rulesets.ruledata import Member
from tgc.rulesets.spec import Vocabulary, vocabulary_of

# The default adventurer: used when the bundle declares no @character of that name (its
# numbers are the ruleset's defaults).
DEFAULT_NAME = "Adventurer"


def default_vocabulary() -> Vocabulary:
    return rulesets.default().vocabulary


@dataclass(slots=True)
class Character:
    """One party member. ``limits`` caps each survival track, and the ruleset's ``caps``
    keep a track at or below another (a track may never pass the one it is capped by)."""

    name: str
    tracks: dict[str, int]
    limits: dict[str, int]
    attributes: dict[str, int]
    resources: dict[str, int]
    vocabulary: Vocabulary = field(default_factory=default_vocabulary)
    # What this member carries (two ropes are two entries): items belong to a character,
    # who uses them in encounters and may trade them with the others on the same location.
    items: list[str] = field(default_factory=list)
    # The ruleset's card lists for this member (its vocabulary's ``piles``: decks, pools,
    # skills), by pile name; an absent pile is the character's starting one.
    piles: dict[str, list[str]] = field(default_factory=dict)
    # The secret cards this member holds: a secret is one card, held by one member, who may
    # trade it (unless its keywords bind it to them, Vocabulary.bound_secret_keyword).
    secrets: set[int] = field(default_factory=set)

    def copy(self) -> Character:
        return Character(self.name, dict(self.tracks), dict(self.limits),
                         dict(self.attributes), dict(self.resources), self.vocabulary,
                         list(self.items), {k: list(v) for k, v in self.piles.items()},
                         set(self.secrets))

    def set_track(self, track: str, value: int) -> None:
        """Clamp to 0..limit, then to every track that caps another."""
        self.tracks[track] = max(0, min(value, self.limits.get(track, value)))
        for low, high in self.vocabulary.caps.items():
            if self.tracks[low] > self.tracks[high]:
                self.tracks[low] = self.tracks[high]

    def get(self, what: str) -> int:
        """A track's or a resource's value (0 for a resource the member has none of)."""
        return self.tracks[what] if what in self.tracks else self.resources.get(what, 0)


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
    vocabulary: Vocabulary = field(default_factory=default_vocabulary)
    # The ruleset's facts (Vocabulary.facts) as its own layer last set them; 0 when unset.
    facts: dict[str, int] = field(default_factory=dict)
    # Items in play outside this party (a campaign layer's view of one party sets them:
    # what the others carry, what lies on cards): with Vocabulary.item_deck they are not
    # in the deck a keyword gain draws from. Never saved: the layer sets it for a reading.
    out_of_deck: frozenset[str] = frozenset()
    # A campaign layer's events (``quest "X"``, ``event "X"``): the Active Quests and
    # today's Event, set before each reading from its own table; never saved.
    quests: frozenset[str] = frozenset()
    event: str | None = None

    def copy(self) -> GameState:
        """A deep copy (written out by hand: the explorer copies states a lot)."""
        return GameState(
            [c.copy() for c in self.party], {k: set(v) for k, v in self.statuses.items()},
            set(self.visited), dict(self.dials),
            self.time_tokens, self.day, self.chapter, list(self.tasks), set(self.in_play),
            set(self.removed), dict(self.replaced), self.location, dict(self.answers),
            set(self.dropped), self.players, dict(self.acted), self.vocabulary, dict(self.facts),
            self.out_of_deck, self.quests, self.event)

    @property
    def active(self) -> list[Character]:
        """The members still in the current exploration (a member who could not pay a
        per-member cost has dropped out until the exploration ends)."""
        members = [c for c in self.party if c.name not in self.dropped]
        return members or self.party

    @property
    def items(self) -> list[str]:
        """Every item the party carries, member by member in party order (a new list: change
        a member's ``items``, or use ``give`` and ``take``)."""
        return [item for member in self.party for item in member.items]

    def carrier(self, item: str) -> Character | None:
        """The first member (party order) who carries ``item``."""
        return next((c for c in self.party if item in c.items), None)

    def give(self, item: str, member: Character | None = None) -> Character:
        """``item`` to ``member``, or to the first member still in the exploration: a
        party's new item is carried by its first member until the players trade it."""
        receiver = member if member is not None else self.active[0]
        receiver.items.append(item)
        return receiver

    def take(self, item: str) -> Character | None:
        """Remove one ``item`` from the first member who carries it; who that was."""
        carrier = self.carrier(item)
        if carrier is not None:
            carrier.items.remove(item)
        return carrier

    @property
    def secrets(self) -> frozenset[int]:
        """Every secret the party holds, whoever holds it (what a ``secret N`` condition
        reads: a new set; change it with ``gain_secret`` and ``lose_secret``)."""
        return frozenset(n for member in self.party for n in member.secrets)

    def secret_holder(self, number: int) -> Character | None:
        return next((c for c in self.party if number in c.secrets), None)

    def gain_secret(self, number: int, member: Character | None = None) -> Character | None:
        """Secret ``number`` to ``member``, or to the first member still in the exploration,
        as a new item is given; a secret already held stays with its holder (it is one card)."""
        holder = self.secret_holder(number)
        if holder is not None:
            return holder
        if member is None and not self.party:
            return None
        receiver = member if member is not None else self.active[0]
        receiver.secrets.add(number)
        return receiver

    def lose_secret(self, number: int) -> Character | None:
        """Secret ``number`` leaves whoever holds it; who that was."""
        holder = self.secret_holder(number)
        if holder is not None:
            holder.secrets.discard(number)
        return holder

    @property
    def player_count(self) -> int:
        return self.players if self.players is not None else len(self.party)

    def marked(self, status: str) -> set[int]:
        return self.statuses.get(status, set())

    def party_value(self, name: str) -> int:
        """A party test: the highest member for attributes and resources ("do not sum
        them up"); for survival tracks the member worst off (lowest Health or Energy,
        highest Terror)."""
        members, words = self.active, self.vocabulary
        if name in words.attributes:
            return max(c.attributes.get(name, 0) for c in members)
        if name in words.resources:
            return max(c.resources.get(name, 0) for c in members)
        if name in words.worst_high:
            return max(c.tracks[name] for c in members)
        if name in words.tracks:
            return min(c.tracks[name] for c in members)
        if name == "players":
            return self.player_count
        if name == "day":
            return self.day
        if name in words.facts:
            return self.facts.get(name, 0)
        raise KeyError(name)

    def party_total(self, resource: str) -> int:
        """What the active members hold together (a party may pool a cost)."""
        if resource in self.vocabulary.tracks:
            return sum(c.tracks[resource] for c in self.active)
        return sum(c.resources.get(resource, 0) for c in self.active)

    def begin_exploration(self) -> None:
        """A new exploration: questions are asked afresh and dropped members rejoin."""
        self.answers.clear()
        self.dropped.clear()


def new_character(name: str = DEFAULT_NAME, member: Member | None = None,
                  vocabulary: Vocabulary | None = None) -> Character:
    """A character from a declared member's numbers (each track, its limit, attributes and
    resources: the ruleset's typed rule data gives them), each falling back to the default
    adventurer of the ruleset."""
    words = vocabulary if vocabulary is not None else default_vocabulary()
    given = member if member is not None else Member(name)
    tracks = {t: given.tracks.get(t, words.defaults.get(t, 0)) for t in words.tracks}
    limits = {t: given.limits.get(t, max(words.limits.get(t, tracks[t]), tracks[t]))
              for t in words.tracks}
    for track in words.start_limited:
        if track not in given.limits:
            limits[track] = tracks[track]
    attributes = {a: given.attributes.get(a, words.attribute_default) for a in words.attributes}
    resources = {r: given.resources.get(r, words.defaults.get(r, 0)) for r in words.resources}
    character = Character(given.name, tracks, limits, attributes, resources, words)
    for low in words.caps:
        character.set_track(low, tracks[low])
    return character


def initial_locations(bundle: Bundle) -> set[int]:
    """Every declared location is on the map, except replacement cards (whose legacy is a
    declared location) that wait for their ``replace``."""
    numbers = {loc.number for loc in bundle.locations}
    return {loc.number for loc in bundle.locations if loc.legacy is None or loc.legacy not in numbers}


def party_problem(bundle: Bundle, party: Sequence[str]) -> str | None:
    """Why a party cannot start (a name no ``@character`` declares, when the campaign
    declares some; a declared character named twice; more members than ``players:``
    allows), or None."""
    declared = [m.name for m in members(bundle)]
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
    seen: set[str] = set()
    for name in party:
        if declared and name.casefold() in seen:  # a character card exists once
            return f'"{name}" is named twice: each character plays once in a party'
        seen.add(name.casefold())
    return None


def members(bundle: Bundle) -> tuple[Member, ...]:
    """The party members the bundle's rule data declares (by name)."""
    return bundle.rules.members() if bundle.rules is not None else ()


def declared_member(bundle: Bundle, name: str) -> Member | None:
    """The declared member of that name (any case), if the campaign declares one."""
    return next((m for m in members(bundle) if m.name.casefold() == name.casefold()), None)


def new_state(bundle: Bundle, party: Iterable[str] = ()) -> GameState:
    """The starting state: the named characters (declared ``@character`` records, or the
    default adventurer under that name), or one default adventurer."""
    words = vocabulary_of(bundle)
    declared = {m.name.casefold(): m for m in members(bundle)}
    party_members = [new_character(name, declared.get(name.casefold()), words) for name in party]
    start = bundle.campaign.start
    return GameState(party=party_members or [new_character(vocabulary=words)],
                     in_play=initial_locations(bundle),
                     location=start if any(loc.number == start for loc in bundle.locations) else None,
                     vocabulary=words)
