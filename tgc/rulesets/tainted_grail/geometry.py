"""Tainted Grail's map geometry: location cards (from a bundle or from the checked model)
in, each card's grid cell out (MAP-1), with the connections between cards (MAP-2) and
the legacy chains that let a key name a replaced card (MAP-5). The campaign layer plays
on it and the map checks (TGC405, TGC407) read it, so it imports neither.

Cells are fixed properties of the cards, so they are computed once per bundle: a walk
from ``start:`` over the keys, every card of a legacy family (a card and the cards that
replace it) sharing one cell. Two families claiming one cell, or one card reached at two
cells, are recorded as conflicts (the checker reports them; play keeps the first cell)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Cell = tuple[int, int]
# up is y+1, right is x+1 (the spec's convention, 0.1): the start card is at (0, 0).
DELTA: Mapping[str, Cell] = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
OPPOSITE: Mapping[str, str] = {"up": "down", "down": "up", "left": "right", "right": "left"}


def cheb(a: Cell, b: Cell) -> int:
    """Chebyshev distance: a diagonal neighbour is 1 away (menhir range, MAP-3)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def d2(a: Cell, b: Cell) -> int:
    """Squared straight-line distance between cell centres ("nearest card", A9)."""
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def step(cell: Cell, direction: str) -> Cell:
    dx, dy = DELTA[direction]
    return (cell[0] + dx, cell[1] + dy)


def direction_between(a: Cell, b: Cell) -> str | None:
    """The direction from ``a`` to an orthogonally adjacent ``b``; None otherwise."""
    for direction, (dx, dy) in DELTA.items():
        if (a[0] + dx, a[1] + dy) == b:
            return direction
    return None


@dataclass(frozen=True)
class Card:
    """What the geometry needs of a location card."""

    number: int
    title: str = ""
    legacy: int | None = None
    keys: Mapping[str, int] = field(default_factory=dict)
    seals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two cards of different legacy families claim ``cell`` (``second`` reached it
    later), or one card is given a second cell (``first == second``)."""

    cell: Cell
    first: int
    second: int
    via: int  # the card whose key put ``second`` there


@dataclass(frozen=True)
class Geometry:
    """Where every reachable card lies, and how cards name one another.

    ``cells`` holds every card the walk from the start reaches (a card no key reaches has
    no cell and can never be attached). ``root`` maps a card to the first card of its
    legacy chain; ``newer`` maps a card to the cards that carry it as ``legacy:``."""

    start: int
    cells: Mapping[int, Cell]
    cards: Mapping[int, Card]
    root: Mapping[int, int]
    newer: Mapping[int, tuple[int, ...]]
    conflicts: tuple[Conflict, ...]

    def cell(self, card: int) -> Cell | None:
        return self.cells.get(card)

    def chain(self, card: int) -> tuple[int, ...]:
        """The card's legacy numbers, nearest first (MAP-5): 213 replacing 203 gives (203,)."""
        out: list[int] = []
        seen = {card}
        legacy = self.cards[card].legacy if card in self.cards else None
        while legacy is not None and legacy not in seen:
            out.append(legacy)
            seen.add(legacy)
            legacy = self.cards[legacy].legacy if legacy in self.cards else None
        return tuple(out)

    def names(self, key: int, card: int) -> bool:
        """Does a key naming ``key`` name ``card``: its own number or a legacy number."""
        return key == card or key in self.chain(card)

    def family(self, card: int) -> tuple[int, ...]:
        """The card, every card it replaced and every card replacing them, by number."""
        root = self.root.get(card, card)
        return tuple(sorted(n for n, r in self.root.items() if r == root))

    def connected(self, a: int, b: int) -> bool:
        """MAP-2 with A23: orthogonal neighbours joined by a key on either shared edge,
        the key naming the other card or one of its legacy numbers."""
        ca, cb = self.cells.get(a), self.cells.get(b)
        if ca is None or cb is None:
            return False
        direction = direction_between(ca, cb)
        if direction is None:
            return False
        key_ab = self.cards[a].keys.get(direction)
        key_ba = self.cards[b].keys.get(OPPOSITE[direction])
        return (key_ab is not None and self.names(key_ab, b)) or (
            key_ba is not None and self.names(key_ba, a))

    def current(self, key: int, out_of_game: Iterable[int]) -> int | None:
        """The card a key brings to the table (MAP-5, A30): the named card, or while it is
        out of the game the newest card of its replacement chain that is not; None when
        every card of the chain is out."""
        gone = set(out_of_game)
        todo, seen = [key], set()
        while todo:
            card = todo.pop(0)
            if card in seen or card not in self.cards:
                continue
            seen.add(card)
            if card not in gone:
                return card
            todo.extend(self.newer.get(card, ()))
        return None


def geometry(start: int, locations: Iterable[Card]) -> Geometry:
    """The map, computed by a breadth-first walk from the start card."""
    cards = {loc.number: loc for loc in locations}
    root = {n: _root(n, cards) for n in cards}
    newer: dict[int, list[int]] = {}
    for loc in cards.values():
        if loc.legacy is not None:
            newer.setdefault(loc.legacy, []).append(loc.number)
    families: dict[int, list[int]] = {}
    for n in sorted(cards):
        families.setdefault(root[n], []).append(n)
    cells: dict[int, Cell] = {}
    owner: dict[Cell, int] = {}  # a cell -> the family root holding it
    conflicts: list[Conflict] = []
    if start not in cards:
        return Geometry(start, {}, cards, root, {k: tuple(v) for k, v in newer.items()}, ())
    queue: deque[int] = deque()

    def place(card: int, cell: Cell, via: int) -> None:
        family = root[card]
        held = next((cells[n] for n in families[family] if n in cells), None)
        if held is not None:
            if held != cell:
                conflicts.append(Conflict(cell, card, card, via))
            return
        if cell in owner:
            conflicts.append(Conflict(cell, min(families[owner[cell]]), card, via))
            return
        owner[cell] = family
        for member in families[family]:
            cells[member] = cell
            queue.append(member)

    place(start, (0, 0), start)
    while queue:
        card = queue.popleft()
        for direction in sorted(cards[card].keys):
            key = cards[card].keys[direction]
            if key in cards:
                place(key, step(cells[card], direction), card)
    return Geometry(start, cells, cards, root, {k: tuple(v) for k, v in newer.items()},
                    tuple(conflicts))


def _root(card: int, cards: Mapping[int, Card]) -> int:
    seen = {card}
    while (legacy := cards[card].legacy) is not None and legacy in cards and legacy not in seen:
        seen.add(legacy)
        card = legacy
    return card
