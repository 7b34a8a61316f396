"""Grimslingers Tall Tale state: where the party stands, what it has done and holds,
and the group's defeats budget. The one mutable object of the storylet and area engines;
conditions read it through ``Facts``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, assert_never

from tgc.rulesets.grimslingers.data import Area, Card, Colour, Stat, TallTale, Tile, Upgrade
from tgc.rulesets.grimslingers.engines.duelist import kept_on_board, take

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.decisions import Policy

REVIVE = 3  # GS-16.5
STAT_CAP = 10  # GS-5.2: never more than 10 HP or EP
Pile = Literal["passive space", "hand", "stash", "deactivate pile"]


@dataclass(slots=True)
class Character:
    """One player's sheet between duels (GS-11.3): trackers, special resource, PP."""

    name: str
    hp: int = 5
    ep: int = 5
    max_hp: int = 5
    max_ep: int = 5
    resource: int | None = None
    belt: int | None = None
    pp: int = 20  # unspent
    earned: int = 20  # every PP so far: the 20 to start with and every one gained since
    bought: list[Card] = field(default_factory=list)  # the cards bought with PP (GS-11.5)
    upgrades: list[str] = field(default_factory=list)  # the tracker's other purchases, in order
    hand: list[Card] = field(default_factory=list)
    stash: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    deactivated: list[Card] = field(default_factory=list)
    passive: list[Card] = field(default_factory=list)  # the passive space (GS-3.7)
    hand_limit: int = 5
    stash_limit: int = 3
    passive_limit: int = 1  # legendary items there use no slot (GS-3.9, GS-16.3)

    def gain_pp(self, amount: int) -> None:
        self.pp += amount
        self.earned += amount

    def owned(self) -> Iterator[Card]:
        """Every card the character holds: hand, stash, passive space, discard and
        deactivate piles (an item is never in the discard pile: it goes to the shared
        item discard pile, GS-3.7)."""
        for pile in (self.hand, self.stash, self.passive, self.discard, self.deactivated):
            yield from pile

    def items(self) -> list[Card]:
        return [c for c in self.owned() if c.kind == "item"]

    def throw_away(self, card: Card) -> str:
        """GS-16.2: a card a story part, landmark or event asks to discard, taken from the
        hand, the stash or the deactivate pile; one that says "deactivate on use" or "do
        not discard" is deactivated instead; an item goes to the item discard pile. Where
        it went."""
        pile = next((p for p in (self.hand, self.stash, self.deactivated, self.passive)
                     if any(c is card for c in p)), None)
        if pile is None:
            raise ValueError(f"{self.name} holds no {card.name}")
        take(pile, card)
        if card.deactivate_on_use or card.keep:
            self.deactivated.append(card)
            return "deactivate pile"
        if card.kind == "item":
            return "item discard pile"
        self.discard.append(card)
        return "discard pile"

    def return_all(self) -> None:
        """Chapter end and revival (GS-12.7, GS-16.5): piles back, hand then stash."""
        for pile in (self.deactivated, self.discard):
            for card in list(pile):
                if len(self.hand) < self.hand_limit:
                    self.hand.append(card)
                elif len(self.stash) < self.stash_limit:
                    self.stash.append(card)
                else:
                    continue
                take(pile, card)


@dataclass(frozen=True, slots=True)
class Taking:
    """Who takes an item the party gains (GS-16.1: the group decides), or, ``refused``,
    Nyunyo turns it down for three bullets on his belt (GS-6.10)."""

    who: Character
    refused: bool = False


Taker = Callable[["TaleState", Card], Taking]
"""Decides who takes a gained item: a policy, or the players at the terminal."""
REFUSED_BULLETS = 3  # GS-6.10


@dataclass(slots=True)
class TaleState:
    chapter: int
    party: list[Character]
    completed: set[str] = field(default_factory=set)
    markers: set[str] = field(default_factory=set)
    path: str | None = None
    area: int | None = None
    tile: str | None = None
    previous: str | None = None
    revealed: dict[int, set[str]] = field(default_factory=dict)
    keys: dict[int, set[Colour]] = field(default_factory=dict)  # per area (GS-A7)
    opened: set[tuple[int, str]] = field(default_factory=set)
    specials_done: set[tuple[int, str]] = field(default_factory=set)
    item_discard: list[Card] = field(default_factory=list)  # the shared pile (GS-16.1)
    defeated: set[str] = field(default_factory=set)
    active_bounty: str | None = None
    bounties_done: set[str] = field(default_factory=set)
    achievements: set[str] = field(default_factory=set)
    defeats_left: int = 0
    game_over: bool = False
    chapter_over: bool = False
    free_roam: bool = False  # no story booklet: no Narrative phase (GS-11.1)
    entered_by: str | None = None  # the portal by which the party came into this area
    tale: TallTale | None = None
    log: list[str] = field(default_factory=list)
    taker: Taker | None = None  # None: ``first_with_room`` decides
    # An Instant item drawn between duels (instant.py): who makes the players' choices
    # inside it (tgc play: the players; None: the greedy policy), and who is told what it
    # did as it resolves (tgc play writes it; None: the log alone).
    hands: Callable[[], Policy] | None = None
    tell: Callable[[tuple[str, ...]], None] | None = None

    # -------------------------------------------------- Facts (conditions.py)

    def item_count(self, name: str) -> int:
        """How many cards of this item the party holds, whoever holds them (GS-12.2)."""
        return sum(1 for c in self.party for card in c.owned()
                   if card.kind == "item" and card.name == name)

    def held_items(self) -> Counter[str]:
        return Counter(card.name for c in self.party for card in c.items())

    def take(self, card: Card) -> Taking:
        return (self.taker or first_with_room)(self, card)

    def current_area(self) -> Area | None:
        if self.tale is None or self.area is None:
            return None
        return next((a for a in self.tale.areas if a.number == self.area), None)

    def laid_out(self) -> frozenset[str]:
        """The Fate cards of the current area's layout (Feast draws the others, GS-A25)."""
        area = self.current_area()
        return frozenset(t.card.code for t in area.tiles) if area is not None else frozenset()

    def current_tile(self) -> Tile | None:
        area = self.current_area()
        if area is None or self.tile is None:
            return None
        return next((t for t in area.tiles if t.card.code == self.tile), None)

    def landmark(self) -> int | None:
        tile = self.current_tile()
        return tile.landmark if tile is not None else None

    def counter(self, name: str) -> int:
        match name:
            case "chapter":
                return self.chapter
            case "players":
                return len(self.party)
            case "hp":
                return min((c.hp for c in self.party), default=0)
            case "pp":
                return min((c.pp for c in self.party), default=0)
        raise AssertionError(name)

    def characters(self) -> set[str]:
        return {c.name for c in self.party}


def new_state(tale: TallTale, characters: list[str], chapter: int = 1) -> TaleState:
    """A new session: every player at 5/5 with 20 PP, the budget players + 1 (GS-16.4)."""
    party = [Character(name) for name in characters]
    state = TaleState(chapter, party, tale=tale, defeats_left=len(party) + 1)
    if tale.start_area is not None:
        enter_area(state, tale.start_area, tale.start_tile)
    return state


def enter_area(state: TaleState, area: int, tile: str | None) -> None:
    """Lay the area out (GS-13.4): its face-up tiles, no keys carried in (GS-A7)."""
    state.area = area
    state.tile = tile
    state.previous = None
    found = state.current_area()
    if found is None:
        return
    state.revealed.setdefault(area, {t.card.code for t in found.tiles if t.face_up})
    state.keys[area] = set()
    if tile is not None:
        state.revealed[area].add(tile)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's Progress Tracker: PP unspent and earned, and what they bought."""

    name: str
    pp: int
    earned: int
    bought: tuple[Card, ...]
    upgrades: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """What the end of a session writes down (GS-16.10): the area and the portal by which
    the party came into it, the chapter, the story's completed parts and markers, the
    group's achievements and first defeats, and every player's Progress Tracker."""

    area: int | None
    portal: str | None
    chapter: int
    completed: frozenset[str]
    markers: frozenset[str]
    path: str | None
    bounties_done: frozenset[str]
    achievements: frozenset[str]
    defeated: frozenset[str]
    sheets: tuple[Sheet, ...]


def end_session(state: TaleState) -> SessionRecord:
    """GS-16.10, GS-16.3: the record is taken and every card is put away, items (the
    legendary ones too) included: nothing but the record is kept."""
    record = SessionRecord(
        state.area, state.entered_by, state.chapter, frozenset(state.completed),
        frozenset(state.markers), state.path, frozenset(state.bounties_done),
        frozenset(state.achievements), frozenset(state.defeated),
        tuple(Sheet(c.name, c.pp, c.earned, tuple(c.bought), tuple(c.upgrades))
              for c in state.party))
    state.item_discard.clear()
    for c in state.party:
        c.hand, c.stash, c.discard, c.deactivated, c.passive = [], [], [], [], []
    return record


def continue_session(tale: TallTale, record: SessionRecord,
                     party: list[Character]) -> TaleState:
    """GS-14.4: new characters (``party``, as a new session deals them) set up from their
    Progress Trackers, the story where it stood, and the area where the last session
    ended laid out afresh, the party on the portal by which it last came in (in the
    start area, without one: on the start tile)."""
    state = new_state(tale, [c.name for c in party], record.chapter)
    state.party = party
    sheets = {s.name: s for s in record.sheets}
    for c in party:
        sheet = sheets.get(c.name)
        if sheet is None:
            continue
        c.pp, c.earned = sheet.pp, sheet.earned
        for card in sheet.bought:
            place(c, card)
        for name in sheet.upgrades:
            found = next((u for u in tale.upgrades if u.name == name), None)
            if found is not None:
                c.upgrades.append(name)
                upgrade(c, found)
    state.completed, state.markers = set(record.completed), set(record.markers)
    state.path, state.bounties_done = record.path, set(record.bounties_done)
    state.achievements, state.defeated = set(record.achievements), set(record.defeated)
    if record.area is not None:
        state.revealed.pop(record.area, None)
        area = next((a for a in tale.areas if a.number == record.area), None)
        tile = record.portal or (tale.start_tile if record.area == tale.start_area
                                 else area.entry if area else None)
        enter_area(state, record.area, tile)
        state.entered_by = record.portal
    return state


def place(c: Character, card: Card) -> str:
    """A card the character gains goes where ``where_to`` says. Where it went."""
    where = where_to(c, card)
    match where:
        case "passive space":
            c.passive.append(card)
        case "hand":
            c.hand.append(card)
        case "stash":
            c.stash.append(card)
        case "deactivate pile":
            c.deactivated.append(card)
        case _:
            assert_never(where)
    return where


def where_to(c: Character, card: Card) -> Pile:
    """A passive item to the passive space if there is room (GS-3.9, GS-16.3), else the
    hand, else the stash, else the deactivate pile, to wait there until there is room
    (GS-A31). A card kept on the board (Vampyric Abilities) never enters the hand
    (GS-6.7): the passive space, or, while it is full, the deactivate pile."""
    if passive_room(c, card):
        return "passive space"
    if kept_on_board(card):
        return "deactivate pile"
    if len(c.hand) < c.hand_limit:
        return "hand"
    if len(c.stash) < c.stash_limit:
        return "stash"
    return "deactivate pile"


def passive_room(c: Character, card: Card) -> bool:
    """A passive item fits the passive space: one legendary item at most, beside the
    slots (``passive_limit``) that every other passive card uses (GS-3.9, GS-16.3); a
    card kept on the board uses a slot too (GS-3.11)."""
    if not kept_on_board(card) and (card.kind != "item" or "passive" not in card.types):
        return False
    if card.category == "legendary":
        return not any(x.category == "legendary" for x in c.passive)
    return sum(x.category != "legendary" for x in c.passive) < c.passive_limit


def first_with_room(state: TaleState, card: Card) -> Taking:
    """The policy's answer to who takes an item: the first player (in table order) with
    room for it outside the deactivate pile, else the first player. Nyunyo refuses one
    only he could take and that would wait in his deactivate pile (GS-6.10)."""
    for c in state.party:
        if passive_room(c, card) or len(c.hand) < c.hand_limit or len(c.stash) < c.stash_limit:
            return Taking(c)
    first = state.party[0]
    return Taking(first, refused=first.belt is not None)


def remake(c: Character, fresh: Character) -> None:
    """GS-11.6, at a chapter's start: every card bought with PP goes back, the stats and
    cards are those of a new character (``fresh``), and every PP earned so far is there
    to spend again. Items stay: they are kept across the chapters of a session
    (GS-16.3)."""
    items = c.items()
    c.hp, c.ep, c.max_hp, c.max_ep = fresh.hp, fresh.ep, fresh.max_hp, fresh.max_ep
    c.hand_limit, c.stash_limit = fresh.hand_limit, fresh.stash_limit
    c.passive_limit = fresh.passive_limit
    c.hand, c.stash, c.passive = list(fresh.hand), list(fresh.stash), list(fresh.passive)
    c.discard, c.deactivated, c.bought, c.upgrades = [], [], [], []
    c.pp = c.earned
    for card in items:
        place(c, card)


def limit(c: Character, stat: Stat) -> int:
    """The character's limit that an upgrade raises."""
    match stat:
        case "max_hp":
            return c.max_hp
        case "max_ep":
            return c.max_ep
        case "hand":
            return c.hand_limit
        case "stash":
            return c.stash_limit
        case "passive":
            return c.passive_limit
        case _:
            assert_never(stat)


def upgrade(c: Character, u: Upgrade) -> int:
    """Raise the limit the upgrade names, at once (GS-11.5). A maximum raised does not
    raise the current value, and HP and EP stay at most 10 (GS-5.2). The new limit."""
    new = limit(c, u.raises) + u.by
    match u.raises:
        case "max_hp":
            c.max_hp = new = min(new, STAT_CAP)
        case "max_ep":
            c.max_ep = new = min(new, STAT_CAP)
        case "hand":
            c.hand_limit = new
        case "stash":
            c.stash_limit = new
        case "passive":
            c.passive_limit = new
        case _:
            assert_never(u.raises)
    return new


def spend_defeats(state: TaleState, count: int) -> None:
    """Each defeated player costs one allowed defeat; none left is game over (GS-A30)."""
    for _ in range(count):
        if state.defeats_left <= 0:
            state.game_over = True
            return
        state.defeats_left -= 1


def revive_all(state: TaleState) -> None:
    """GS-16.5: 3 HP and 3 EP, deactivated cards back; the special resource stays."""
    for c in state.party:
        if c.hp == 0:
            c.hp = min(REVIVE, c.max_hp)
            c.ep = min(REVIVE, c.max_ep)
            for card in list(c.deactivated):
                if len(c.hand) < c.hand_limit:
                    c.hand.append(card)
                    take(c.deactivated, card)
