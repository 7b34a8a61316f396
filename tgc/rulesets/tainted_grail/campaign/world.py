"""Tainted Grail's campaign layer, the world: what lies on the table between explorations
(placed cards, menhirs and their dials, guardians, time dials and tokens, quest tokens,
where each character stands, who has passed today), and the map's rules that read it.

The placed, removed and replaced cards are the runtime state's own sets
(``GameState.in_play``, ``removed``, ``replaced``), so a journal's ``reveal location`` or
``replace location`` and the campaign layer change one map. Everything here is plain data
that a save file holds; the procedures of the day are in day.py."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from tgc.bundle.schema import Bundle
from tgc.rulesets.tainted_grail.campaign.events import Piles
from tgc.rulesets.tainted_grail.geometry import Card, Cell, Geometry, cheb, d2, geometry, step
from tgc.runtime.state import GameState

Phase = Literal["dawn", "day", "dusk", "over"]
DIAL_TOP = 8  # menhir and time dials show 1..8 (A7)


def map_of(bundle: Bundle) -> Geometry:
    """The geometry of a bundle's location cards, from its start card: computed once per
    bundle (a walk over the days makes a campaign for every branch) and kept for the last
    few bundles (the geometry is frozen)."""
    kept = _MAPS.get(id(bundle))
    if kept is not None and kept[0] is bundle:
        return kept[1]
    found = geometry(bundle.campaign.start, [Card(loc.number, loc.title, loc.legacy, dict(loc.keys),
                                                  loc.seals) for loc in bundle.locations])
    if len(_MAPS) >= _KEEP:
        del _MAPS[next(iter(_MAPS))]
    _MAPS[id(bundle)] = (bundle, found)
    return found


_MAPS: dict[int, tuple[Bundle, Geometry]] = {}
_KEEP = 4


@dataclass(slots=True)
class Menhir:
    """A menhir model on a card. ``dial`` None: its dial came off at this morning's SOD-3;
    it is still active today and goes dark at the next SOD-1 (MEN-1, MEN-3)."""

    card: int
    dial: int | None


@dataclass(slots=True)
class Guardian:
    """An undefeated guardian encounter roaming the map (GRD-1), on ``card``."""

    name: str
    card: int


@dataclass(slots=True)
class Happening:
    """One thing the campaign layer did, for the reader and for transcripts: the rule
    that did it (``SOD-3``) and a plain sentence."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(slots=True)
class World:
    """The table. ``menhirs`` and ``guardians`` keep their placement order (A18);
    ``time_dials`` maps a time dial's name to its value and ``holders`` says where it sits
    (a card number or a character's name); ``time_tokens`` and ``quest_tokens`` count the
    tokens on each card; ``kept`` holds the quest tokens of cards discarded at SOD-2 until
    they return (A10). ``positions`` maps each character to the card they stand on;
    ``passed`` and ``turned`` say who has passed today and who has taken this round's turn.
    ``dreamt`` lists the cards whose dream was read tonight (A34). ``events`` holds the
    event cards' piles, in a campaign that declares its chapters' setup (``@chapter``)."""

    positions: dict[str, int] = field(default_factory=dict)
    numbers: dict[str, int] = field(default_factory=dict)
    menhirs: list[Menhir] = field(default_factory=list)
    guardians: list[Guardian] = field(default_factory=list)
    time_dials: dict[str, int] = field(default_factory=dict)
    holders: dict[str, str] = field(default_factory=dict)
    time_tokens: dict[int, int] = field(default_factory=dict)
    quest_tokens: dict[int, int] = field(default_factory=dict)
    kept: dict[int, int] = field(default_factory=dict)
    passed: set[str] = field(default_factory=set)
    turned: set[str] = field(default_factory=set)
    phase: Phase = "dawn"
    dreamt: list[int] = field(default_factory=list)
    events: Piles | None = None
    dead: list[str] = field(default_factory=list)
    lying: dict[int, list[str]] = field(default_factory=dict)
    # DTH-5: the dead's Secrets their player may still share (until the next Start of the Day).
    bequest: list[int] = field(default_factory=list)
    ending: Literal["death", "failure"] | None = None

    def copy(self) -> World:
        """A copy that shares nothing mutable: what ``deepcopy`` gives, several times
        faster (a walk over the days copies the world at every state it forks)."""
        events = self.events
        piles = None if events is None else replace(
            events, deck=list(events.deck), discard=list(events.discard), random=list(events.random),
            active=list(events.active), done=list(events.done), removed=list(events.removed))
        return World(
            positions=dict(self.positions), numbers=dict(self.numbers),
            menhirs=[Menhir(m.card, m.dial) for m in self.menhirs],
            guardians=[Guardian(g.name, g.card) for g in self.guardians],
            time_dials=dict(self.time_dials), holders=dict(self.holders),
            time_tokens=dict(self.time_tokens), quest_tokens=dict(self.quest_tokens),
            kept=dict(self.kept), passed=set(self.passed), turned=set(self.turned), phase=self.phase,
            dreamt=list(self.dreamt), events=piles, dead=list(self.dead),
            lying={card: list(items) for card, items in self.lying.items()},
            bequest=list(self.bequest), ending=self.ending)

    def menhir_on(self, card: int) -> Menhir | None:
        return next((m for m in self.menhirs if m.card == card), None)

    def order(self) -> list[str]:
        """The characters by character number (TRN-2, SET-8), then by name."""
        return sorted(self.positions, key=lambda name: (self.numbers.get(name, 99), name))

    def on(self, card: int) -> list[str]:
        """Who stands on ``card``, by character number."""
        return [name for name in self.order() if self.positions[name] == card]


class Table:
    """The map's rules over one world: the geometry, the state's placed cards and the
    world's menhirs. Methods never read the journal; they return what happened."""

    def __init__(self, geo: Geometry, state: GameState, world: World) -> None:
        self.geo, self.state, self.world = geo, state, world

    # ------------------------------------------------------------ reading the map

    @property
    def placed(self) -> list[int]:
        """Placed cards that have a cell, by number."""
        return sorted(n for n in self.state.in_play if n in self.geo.cells)

    def card_at(self, cell: Cell) -> int | None:
        return next((n for n in self.placed if self.geo.cells[n] == cell), None)

    def in_range(self, cell: Cell) -> bool:
        """MAP-3: within one cell, diagonals included, of an Active Menhir's card."""
        return any(cheb(cell, self.geo.cells[m.card]) <= 1
                   for m in self.world.menhirs if m.card in self.geo.cells)

    def deck(self) -> list[int]:
        """MAP-8: the location deck, every card neither placed nor removed from the game."""
        return sorted(n for n in self.geo.cards
                      if n not in self.state.in_play and n not in self.state.removed)

    def connected_placed(self, card: int) -> list[int]:
        """The placed cards a key joins to ``card`` (MAP-2)."""
        return [n for n in self.placed if n != card and self.geo.connected(card, n)]

    # ------------------------------------------------------------ changing the map

    def attach(self, card: int) -> bool:
        """MAP-4: put a card from the location deck in its cell, unless the cell is taken;
        quest tokens kept from an earlier discard come back with it (A10)."""
        cell = self.geo.cells.get(card)
        if cell is None or card in self.state.in_play or card in self.state.removed:
            return False
        if self.card_at(cell) is not None:
            return False
        self.state.in_play.add(card)
        if card in self.world.kept:
            self.world.quest_tokens[card] = self.world.kept.pop(card)
        return True

    def reveal_around(self, card: int) -> list[Happening]:
        """ARR-1: each key of the arrival card attaches the card it names (or that card's
        newest replacement, MAP-5) if its cell is in a menhir's range."""
        out: list[Happening] = []
        location = self.geo.cards[card]
        here = self.geo.cells.get(card)
        if here is None:
            return out
        for direction in sorted(location.keys):
            cell = step(here, direction)
            if self.card_at(cell) is not None:
                continue
            if not self.in_range(cell):
                out.append(Happening("ARR-1", f"{direction} of {card} lies out of every menhir's "
                                              "range: nothing is revealed there"))
                continue
            found = self.geo.current(location.keys[direction], self.state.removed)
            if found is not None and self.geo.cells.get(found) == cell and self.attach(found):
                out.append(Happening("ARR-1", f"{found} {self.geo.cards[found].title} is revealed "
                                              f"{direction} of {card}"))
        return out

    def discard(self, card: int) -> list[Happening]:
        """MAP-7 with A10: back to the location deck; its time tokens and the items of the
        dead lying there are lost, its quest tokens kept for its return, guardians on it go
        back to their decks."""
        self.state.in_play.discard(card)
        self.world.time_tokens.pop(card, None)
        self.world.lying.pop(card, None)  # A10: the items of the dead are lost with it
        if card in self.world.quest_tokens:
            self.world.kept[card] = self.world.quest_tokens.pop(card)
        out = [Happening("SOD-2", f"{card} {self.geo.cards[card].title} lies out of every "
                                  "menhir's range and is discarded")]
        for guardian in [g for g in self.world.guardians if g.card == card]:
            self.world.guardians.remove(guardian)
            out.append(Happening("GRD-8", f'the guardian "{guardian.name}" goes back to its deck'))
        return out

    def nearest(self, cell: Cell, among: Iterable[int]) -> int | None:
        """A9: the card nearest a cell by straight-line distance, ties to the lowest number."""
        options = [n for n in among if n in self.geo.cells]
        if not options:
            return None
        return min(options, key=lambda n: (d2(self.geo.cells[n], cell), n))

