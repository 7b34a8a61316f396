"""Explorer, the search's order: a Book and what its bound still lacks in, the frontier of
plays to run out, nearest first to what the search has yet to meet (or oldest first while
no bound is known).

A search that stops at its bound (bound.py) stops as soon as it has met every verse,
block, choice, status part, secret, ending and dead end the bound allows; breadth first
it meets the last of them after tens of thousands of states, because the plays that lead
there wait behind every other. So once the bound is known, the frontier takes next the
play whose body is fewest steps along the verse graph from a body where something still
unmet lies. The order changes no result of a search that runs to its end (every play is
still run), only how soon the one that stops at its bound gets there; one pick in
``FAIR`` is the oldest play, so the explorations that only make values (their bodies
far from every goal) are never starved.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tgc.bundle import schema as s
from tgc.runtime.book import Book

Key = tuple[str, str | None]  # a body: (verse, block)
Place = tuple[str, str | None, bool]  # a body, and whether the play has verses queued
Item = TypeVar("Item")
FAR = 1 << 30  # the distance of a body from which no goal lies along the graph
FAIR = 4  # every FAIR-th pick is the oldest item, whatever its distance
MAP: Key = ("", "map")  # no body: the map between explorations (``graph``)


@dataclass(frozen=True, slots=True)
class Lacking:
    """What the bound allows that the search has not met yet (bound.Bound's fields)."""

    verses: frozenset[str] = frozenset()
    blocks: frozenset[str] = frozenset()  # "verse.block"
    choices: frozenset[tuple[str, str | None, int]] = frozenset()
    parts: frozenset[tuple[str, int]] = frozenset()
    secrets: frozenset[int] = frozenset()
    endings: frozenset[tuple[str, str]] = frozenset()  # (kind, verse)
    dead_ends: frozenset[str] = frozenset()


class Aim:
    """The verse graph of one book, read once, and where each kind of goal lies in it.
    ``entries``: the bodies an exploration may begin at, which every ending leads to
    through the map (``graph``)."""

    def __init__(self, book: Book, entries: Iterable[Key] = ()) -> None:
        self.into = graph(book, entries)
        self.bodies: dict[str, list[Key]] = {}
        self.marks: dict[str, set[Key]] = {}
        self.secrets: dict[int, set[Key]] = {}
        self.fired = {trigger.target.verse for status in book.bundle.statuses for trigger in status.triggers
                      if isinstance(trigger.target, s.Goto)}  # the verses triggers queue
        for verse in book.bundle.verses:
            keys = [(verse.id, None), *((verse.id, b.name) for b in verse.blocks)]
            self.bodies[verse.id] = keys
            for key in keys:
                for op in book.body(*key).ops:
                    self._index(op.effect if isinstance(op, s.IfEffect) else op, key)

    def _index(self, effect: object, key: Key) -> None:
        match effect:
            case s.Mark(kind="mark"):
                self.marks.setdefault(effect.status, set()).add(key)
            case s.SecretChange(kind="gain-secret"):
                self.secrets.setdefault(effect.number, set()).add(key)

    def goals(self, lacking: Lacking, queued: bool = False) -> set[Key]:
        """The bodies where something lacking may be met (``queued``: by a play with verses
        queued, whose ``-> end`` reads them first, so it ends no exploration but in a
        triggered verse)."""
        out: set[Key] = set()
        ends = (where for kind, where in lacking.endings
                if not (queued and kind == "end" and where not in self.fired))
        for where in (*lacking.verses, *lacking.dead_ends, *ends, *lacking.blocks):
            out.update(self._at(where))
        out.update((verse, block) for verse, block, _ in lacking.choices)
        for status, _ in lacking.parts:
            out.update(self.marks.get(status, ()))
        for number in lacking.secrets:
            out.update(self.secrets.get(number, ()))
        return out

    def _at(self, where: str) -> list[Key]:
        """The bodies of a verse (``110.22``), or the one block (``117.8.high``)."""
        if where in self.bodies:
            return self.bodies[where]
        verse, _, block = where.rpartition(".")
        return [k for k in self.bodies.get(verse, ()) if k[1] == block]

    def near(self, lacking: Lacking) -> dict[Place, int]:
        """Each body's distance to the nearest goal, for a play with no verse queued and for
        one with verses queued. A queued play meets an exploration's lacking end at a verse
        only in a later exploration: through the map (its distance from ``MAP`` on)."""
        plain = distances(self.into, {goal: 0 for goal in self.goals(lacking)})
        seeds = {goal: 0 for goal in self.goals(lacking, queued=True)}
        if MAP in plain:
            seeds.setdefault(MAP, plain[MAP])
        queued = distances(self.into, seeds)
        out = {(key[0], key[1], False): steps for key, steps in plain.items()}
        out.update({(key[0], key[1], True): steps for key, steps in queued.items()})
        return out


def graph(book: Book, entries: Iterable[Key] = ()) -> dict[Key, set[Key]]:
    """For each body, the bodies that lead to it: a divert, a choice, an arm of a roll, a
    toss or an encounter, and a trigger's verse from every body that marks its status (the
    verse is read at that exploration's ``-> end``); and each entry from every body that
    ends an exploration, through ``MAP``: what an exploration leaves joins the map, and the
    next exploration begins from it. Without that step a play that only makes a value
    (a status a trigger watches, marked, then its triggered verse) lay FAR from every goal,
    though a goal (an exploration that ends where that mark queues nothing) waited on it."""
    fires: dict[str, list[Key]] = {}
    for status in book.bundle.statuses:
        for trigger in status.triggers:
            if isinstance(trigger.target, s.Goto):
                fires.setdefault(status.name, []).append((trigger.target.verse, trigger.target.block))
    into: dict[Key, set[Key]] = {}
    for verse in book.bundle.verses:
        bodies = [(verse.id, None), *((verse.id, b.name) for b in verse.blocks)]
        for key in bodies:
            for op in book.body(*key).ops:
                for after in _leads(op, key[0], fires):
                    into.setdefault(after, set()).add(key)
                if _ends(op):
                    into.setdefault(MAP, set()).add(key)
    if MAP in into:
        for entry in entries:
            into.setdefault(entry, set()).add(MAP)
    return into


def _targets(effect: s.Op) -> list[s.Target]:
    """Where one line may go: its divert, choice or arms."""
    match effect:
        case s.Choice() | s.IfDivert() | s.Divert():
            return [effect.target]
        case s.Roll() | s.Toss() | s.Encounter():
            return [arm.target for arm in effect.arms]
    return []


def _ends(op: s.Op) -> bool:
    """Does the line end the exploration (the campaign then goes on from the map)?"""
    effect = op.effect if isinstance(op, s.IfEffect) else op
    return any(not isinstance(t, s.Goto) and t.kind in ("end", "end-chapter") for t in _targets(effect))


def _leads(op: s.Op, verse: str, fires: dict[str, list[Key]]) -> Iterator[Key]:
    """The bodies one line may lead to."""
    effect = op.effect if isinstance(op, s.IfEffect) else op
    if isinstance(effect, s.Mark):
        yield from fires.get(effect.status, ())
    for target in _targets(effect):
        if isinstance(target, s.Goto):
            yield (target.verse, target.block or None)


def distances(into: dict[Key, set[Key]], goals: Mapping[Key, int]) -> dict[Key, int]:
    """Steps from each body to the nearest goal body, each goal ``goals[goal]`` steps from
    what is lacking: a breadth-first walk backwards, level by level, a goal joining at its
    own level (every step costs one, so this is Dijkstra's answer without its heap, which
    was most of the search's time at 2,000 verses)."""
    out: dict[Key, int] = {}
    joining: dict[int, list[Key]] = {}
    for goal, steps in goals.items():
        joining.setdefault(steps, []).append(goal)
    later = sorted(joining, reverse=True)  # the levels goals join at, the next one last
    level, current = 0, list[Key]()
    while current or later:
        if not current:
            level = later[-1]
        if later and later[-1] == level:
            current += joining[later.pop()]
        upward: list[Key] = []
        for key in current:
            if key in out:
                continue
            out[key] = level
            upward += [before for before in into.get(key, ()) if before not in out]
        current, level = upward, level + 1
    return out


@dataclass(slots=True, eq=False)
class _Slot(Generic[Item]):
    """An item in the frontier: in its body's bucket and in the age queue at once, taken
    from whichever reaches it first. A taken slot lets go of its item at once (the other
    queue drops the slot only when it comes to it): kept, every play the search had run
    stayed in memory with its story until then, most of a search's memory at 2,000
    verses (docs/performance.md, Session 12)."""

    item: Item | None
    point: bool
    taken: bool = False


@dataclass
class Frontier(Generic[Item]):
    """The plays still to run and the points that gained values. Without an aim: every play
    first, oldest first, then the points, oldest first (a point then carries every value
    the plays before it brought, in one go). With an aim (``aim``): the items of the body
    nearest a goal first (its plays before its points, oldest first), and every
    ``FAIR``-th pick the oldest of all. Items are kept in one bucket per body, so ranking
    them again when the goals change costs one entry per body, not one per item."""

    now: deque[Item] = field(default_factory=deque)
    later: deque[Item] = field(default_factory=deque)
    where: Callable[[Item], Place] | None = None  # the body an item runs on (with an aim)
    near: dict[Place, int] = field(default_factory=dict)
    buckets: dict[Place, tuple[deque[_Slot[Item]], deque[_Slot[Item]]]] = field(default_factory=dict)
    heap: list[tuple[int, str, str, bool, Place]] = field(default_factory=list)  # nearest first
    ages: deque[_Slot[Item]] = field(default_factory=deque)
    picks: int = 0
    live: int = 0  # items in the buckets not yet taken

    def __len__(self) -> int:
        return len(self.now) + len(self.later) + self.live

    def add(self, item: Item, point: bool = False) -> None:
        """A play to run (or, ``point``, a point that gained values)."""
        if self.where is None:
            (self.later if point else self.now).append(item)
            return
        key = self.where(item)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = (deque(), deque())
            heapq.heappush(self.heap, self._rank(key))
        slot = _Slot(item, point)
        bucket[point].append(slot)
        self.ages.append(slot)
        self.live += 1

    def pending(self) -> Iterator[Item]:
        """Every item not yet taken (explorer.py asks which points the search may still go
        on from)."""
        yield from self.now
        yield from self.later
        for bucket in self.buckets.values():
            for side in bucket:
                yield from (slot.item for slot in side if slot.item is not None)  # None: taken

    def _rank(self, key: Place) -> tuple[int, str, str, bool, Place]:
        return (self.near.get(key, FAR), key[0], key[1] or "", key[2], key)

    def take(self) -> tuple[Item, bool]:
        """The next item, and whether it is a point."""
        if self.where is None:
            return (self.now.popleft(), False) if self.now else (self.later.popleft(), True)
        self.picks += 1
        slot = self._oldest() if self.picks % FAIR == 0 else self._nearest()
        item, slot.item, slot.taken = slot.item, None, True
        assert item is not None  # a slot is taken once
        self.live -= 1
        if len(self.ages) > 2 * self.live + 64:  # slots the buckets gave out, still queued by age
            self.ages = deque(s for s in self.ages if not s.taken)
        return item, slot.point

    def _oldest(self) -> _Slot[Item]:
        while self.ages[0].taken:
            self.ages.popleft()
        return self.ages.popleft()  # its bucket skips it, taken, when it comes to it

    def _nearest(self) -> _Slot[Item]:
        while True:
            key = self.heap[0][4]
            bucket = self.buckets[key]
            for side in bucket:
                while side:
                    slot = side.popleft()
                    if not slot.taken:
                        return slot
            heapq.heappop(self.heap)
            del self.buckets[key]

    def aim(self, where: Callable[[Item], Place], near: dict[Place, int]) -> None:
        """Order by ``near`` (each body's distance to the goals) from now on; called again
        when the goals change, every body is ranked again."""
        first = self.where is None
        self.where, self.near = where, near
        if first:
            for item in self.now:
                self.add(item)
            for item in self.later:
                self.add(item, True)
            self.now, self.later = deque(), deque()
        self.heap = [self._rank(key) for key in self.buckets]
        heapq.heapify(self.heap)
