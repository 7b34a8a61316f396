"""A brute-force reference for `tgc explore`: every concrete play of a small campaign,
state by state, on the real interpreter, with none of the explorer's abstractions (no
per-feature value sets, no symbolic values, no memo points, no liveness, no item caps).

It shares the explorer's model of a campaign, not its search: between explorations any
entry may start the next one (a location's hooks and actions while the card is in play,
event and quest links), the day moves on between them (once-per-day actions may be taken
again), verses queued by triggers are read in any order, and a trigger verse queued three
times in one exploration is read at most twice. Two states are one when everything a later
play can read is equal; numbers nothing reads are left out, and numbers some condition
or cost reads are capped where the explorer caps them (above the largest constant they
meet plus the largest decrement: a value above it is never told apart), and copies of an
item beyond ``ITEMS`` are not told apart.

tests/test_explore_reference.py compares the two on generated campaigns.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import cast

from tgc.bundle import schema as s
from tgc.explore.explorer import Entry, entry_points, options
from tgc.explore.features import Features
from tgc.runtime import events as ev
from tgc.runtime.book import Book, StoryError
from tgc.runtime.state import GameState
from tgc.runtime.story import InputError, Story

# Copies of one item beyond this many are not told apart (a loop that gains an item would
# make play infinite otherwise). The explorer tells 2 apart from more; one more here, so
# a campaign where a third copy matters shows up as a verse the explorer misses.
ITEMS = 3


@dataclass
class Reference:
    reached: set[str] = field(default_factory=set)
    endings: set[tuple[str, str]] = field(default_factory=set)  # (kind, verse)
    complete: bool = True
    states: int = 0  # campaign states between explorations
    trapped: set[str] = field(default_factory=set)  # verses where a play waits that no run leads out of


class _Reorder(Exception):
    def __init__(self, firsts: list[s.Target]) -> None:
        self.firsts = firsts


def _order(target: s.Target) -> tuple[str, str, str]:
    return (target.kind, getattr(target, "verse", ""), getattr(target, "block", None) or "")


def _queue_key(queue: list[s.Target]) -> tuple[s.Target, ...]:
    out: list[s.Target] = []
    for target in sorted(queue, key=_order):
        if out[-2:] != [target, target]:
            out.append(target)
    return tuple(out)


class _Search:
    def __init__(self, book: Book, start: GameState, max_states: int) -> None:
        self.book = book
        self.features = Features.of(book, len(start.party))
        self.entries = entry_points(book)
        self.max_states = max_states
        self.result = Reference()
        self.first: dict[int, s.Target] = {}  # a story's verse forced first at its next -> end
        self.seen: set[object] = set()
        self.points: set[object] = set()  # where a play waited for input, with its whole state
        self.after: dict[object, set[object]] = {}  # a point -> the points its answers wait at next
        self.leave: set[object] = set()  # points some answer of which ends the exploration
        self.frontier: deque[tuple[GameState, list[s.Target]]] = deque()
        self._keep(start.copy(), [])

    # ---- campaign states

    def _numbers(self, state: GameState) -> object:
        out = []
        for member in state.party:
            for kind in (member.tracks, member.attributes, member.resources):
                for name, value in sorted(kind.items()):
                    if ("num", name) in self.features.relevant:
                        out.append((name, min(value, self.features.caps.get(name, value))))
            held = set(member.items)
            out.append(tuple(sorted((item, min(member.items.count(item), ITEMS)) for item in held)))
        return tuple(out)

    def _key(self, state: GameState, queue: list[s.Target]) -> object:
        return (tuple(sorted((k, frozenset(v)) for k, v in state.statuses.items() if v)),
                frozenset(state.secrets), frozenset(state.visited), tuple(sorted(state.dials.items())),
                state.time_tokens, state.day, str(state.chapter), frozenset(state.in_play),
                frozenset(state.removed), tuple(sorted(state.replaced.items())), state.players,
                tuple(sorted(state.facts.items())), self._numbers(state), _queue_key(queue))

    def _point(self, story: Story) -> object:
        cursor = story.cursor
        where = (cursor.verse, cursor.block, cursor.index) if cursor else None
        waiting = story.waiting
        asked: object = type(waiting).__name__
        if isinstance(waiting, ev.ChoicesOffered):
            asked = (waiting.purpose, tuple(o.text for o in waiting.choices))
        elif isinstance(waiting, ev.RollRequested):
            asked = ("roll", waiting.modifier)
        state = story.state
        return (where, self._key(state, story.queue), tuple(sorted(state.answers.items())),
                tuple(sorted(state.dropped)), asked)

    def _keep(self, state: GameState, queue: list[s.Target]) -> None:
        key = self._key(state, queue)
        if key in self.seen:
            return
        if len(self.seen) >= self.max_states:
            self.result.complete = False
            return
        self.seen.add(key)
        self.frontier.append((state, list(_queue_key(queue))))

    def run(self) -> Reference:
        while self.frontier:
            state, queue = self.frontier.popleft()
            for entry in self.entries:
                if entry.location is None or entry.location in state.in_play:
                    self._explore(entry, state, queue)
        self.result.states = len(self.seen)
        self.result.trapped = self._trapped()
        return self.result

    def _trapped(self) -> set[str]:
        """The verses of the points from which no run of answers ends its exploration (an
        ending, a dead end, a loop the interpreter stops, a line that raises)."""
        before: dict[object, list[object]] = {}
        for point, nexts in self.after.items():
            for later in nexts:
                before.setdefault(later, []).append(point)
        out, todo = set(self.leave), list(self.leave)
        while todo:
            for earlier in before.get(todo.pop(), ()):
                if earlier not in out:
                    out.add(earlier)
                    todo.append(earlier)
        return {cast(str, point[0][0]) for point in self.points - out}  # type: ignore[index]

    # ---- one exploration, every branch

    def _before_end(self, story: Story) -> None:
        first = self.first.pop(id(story), None)
        if first is not None:
            return
        firsts = sorted(set(story.queue), key=_order)
        if len(firsts) > 1:
            raise _Reorder(firsts)

    def _reordered(self, story: Story, firsts: list[s.Target]) -> list[Story]:
        out = []
        for first in firsts:
            child = story.fork()
            rest = list(child.queue)
            rest.remove(first)
            child.queue = [first, *rest]
            self.first[id(child)] = first
            out.append(child)
        return out

    def _explore(self, entry: Entry, state: GameState, queue: list[s.Target]) -> None:
        story = Story(self.book, state.copy(), dice="ask", before_end=self._before_end)
        story.queue = list(queue)
        if entry.action is not None:
            story.state.acted.clear()  # the day moves on between explorations
        try:
            entry.begin(story)
        except InputError:
            return
        stack: list[tuple[Story, object]] = [(story, None)]  # with the point it was answered at
        while stack:
            current, parent = stack.pop()
            try:
                if self._advance(current):
                    self.leave.add(parent)
                    continue
            except _Reorder as reorder:
                stack.extend((ordered, parent) for ordered in self._reordered(current, reorder.firsts))
                continue
            except (InputError, StoryError):
                self.leave.add(parent)
                continue
            point = self._point(current)
            if parent is not None:
                self.after.setdefault(parent, set()).add(point)
            if point in self.points:
                continue  # a play met here before, with the same state: it goes on the same
            self.points.add(point)
            for _, give in options(current):
                child = current.fork()
                try:
                    give(child)
                except _Reorder as reorder:
                    for ordered in self._reordered(current, reorder.firsts):
                        give(ordered)
                        stack.append((ordered, point))
                    continue
                except (InputError, StoryError):
                    self.leave.add(point)
                    continue
                stack.append((child, point))

    def _advance(self, story: Story) -> bool:
        """Run to the next wait, noting each event as it comes (a reorder may interrupt);
        True when this branch is over."""
        while (event := story.step()) is not None:
            if self._see(event, story):
                return True
        return False

    def _see(self, event: ev.Event, story: Story) -> bool:
        if isinstance(event, ev.VerseEntered) and event.block is None:
            self.result.reached.add(event.verse)
        elif isinstance(event, ev.ExplorationEnded | ev.ChapterEnded):
            kind = "end" if isinstance(event, ev.ExplorationEnded) else "end-chapter"
            self.result.endings.add((kind, event.verse))
            self._keep(story.state.copy(), list(story.queue))
            return True
        elif isinstance(event, ev.GameOver):
            self.result.endings.add(("game-over", event.verse))
            return True
        elif isinstance(event, ev.DeadEnd | ev.LoopDetected):
            return True
        return False


def reference(book: Book, start: GameState, *, max_states: int = 20_000) -> Reference:
    """Every concrete play from ``start``; ``complete`` false when more than
    ``max_states`` campaign states would be needed."""
    return _Search(book, start, max_states).run()
