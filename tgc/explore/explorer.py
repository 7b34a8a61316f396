"""Explorer, the search: a Bundle and a starting state in, every branch of play walked out
(an Exploration holding coverage, endings, dead ends, trap loops and what a witness needs).

The campaign's state persists from one exploration to the next, and exact states would
multiply beyond reach (every order of every location). So between explorations the
explorer keeps, for each feature (features.py), the set of values it may hold (a
"cartesian" abstraction); inside one exploration it runs the real interpreter on a real
state, branching on every choice, ``ask``, roll arm, toss and encounter outcome. A
feature is taken from the map's set only when a line first reads it (every value, one
branch each, or all at once for the symbolic ones); when an exploration ends, the values
it left join the sets, and every place that read the feature runs again with the new
values, until nothing grows. The day and the chapter range over the classes their
conditions tell apart (clock.py).

Points of play (the line waiting for input, the verses queued, this exploration's
answers, and the values of the features the rest of the exploration may still touch,
liveness.py) are memoized. Plays that differ only in features nothing further reads
share one continuation; the values they carry join the map once that continuation
reaches an end. Every concrete play is covered, so a verse reported unreached is
unreachable; the other way, combining values is an over-approximation, which is why a
witness is planned and replayed on the real interpreter before it is shown (witness.py).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

from tgc.bundle import schema as s
from tgc.explore.bound import Bound, bound
from tgc.explore.budget import peak, resident
from tgc.explore.features import Feature, Features, Scratch, Test, Value, leaf_tests
from tgc.explore.liveness import Liveness
from tgc.explore.pace import CHECK_EVERY, OUTLOOK_AFTER, Outlook, Pace, outlook
from tgc.explore.parcel import Packer, Parcel
from tgc.explore.region import Snare, ways_of
from tgc.explore.toward import Aim, Frontier, Key, Lacking, Place
from tgc.explore.trap import firsts, trapped
from tgc.explore.ways import Ways
from tgc.limits import is_number
from tgc.runtime import events as ev
from tgc.runtime.book import Book, StoryError
from tgc.runtime.state import GameState
from tgc.runtime.story import Cursor, InputError, Story

Label = str  # a script line ("2", "roll 4", "yes", "win", ":enter 201")
Pool = list[tuple[Value, Value]]  # (value now, value the map had when the exploration began)
Assumed = tuple[tuple[Feature, frozenset[Value]], ...]  # a feature, and the map values that would do
Source = tuple[int, Value]  # the exit that left a value, and (symbolic) the value it began from
Left = tuple[Feature, Value, Value]  # a value an exploration leaves, and the map value it came from
PRODUCERS = 3  # explorations remembered per value (witness.py may need another than the first)
ASSIGNED = ("assigned",)  # the map value a symbolic value came from, for one this exploration set
# The core's hooks first (what happens on arrival, then the exploration), then the ruleset's.
CORE_HOOKS = ("instant", "explore")
Stop = Literal["states", "memory"]  # why a search stopped before its end
PACK_FROM = 0.4  # share of the memory budget past which waiting plays are kept as parcels
SETTLE_EVERY = 64  # steps between looks at whether the search has met its bound
SETTLE_FROM = 1_024  # steps before the bound is computed (a search this short needs none)


@dataclass(frozen=True, slots=True)
class Entry:
    """A way into an exploration: a location hook, a location action, or a verse (an
    ``@event``/``@quest`` link, or ``--from``)."""

    location: int | None
    target: s.Goto
    hook: str | None = None
    action: s.Action | None = None

    @property
    def label(self) -> Label:
        """The script line that starts it."""
        if self.action is not None:
            return f":act {self.location} {_quoted(self.action.name)}"
        if self.hook is not None:
            return f":enter {self.location}" + ("" if self.hook == "explore" else f" {self.hook}")
        return f":goto {self.target.verse}" + (f" {self.target.block}" if self.target.block else "")

    def begin(self, story: Story) -> None:
        """Start the exploration; an action's costs may raise InputError."""
        if self.action is not None:
            assert self.location is not None
            story.act(self.location, self.action.name)
        elif self.hook is not None:
            assert self.location is not None
            story.enter(self.location, self.hook)
        else:
            story.begin(self.target)


def entry_points(book: Book) -> list[Entry]:
    """Location hooks and actions (with their location), then event and quest links."""
    out: list[Entry] = []
    hooks = (*CORE_HOOKS, *(h for h in book.vocabulary.hooks if h not in CORE_HOOKS))
    for location in book.bundle.locations:
        for hook in hooks:
            target = location.hooks.get(hook)
            if isinstance(target, s.Goto):
                out.append(Entry(location.number, target, hook=hook))
        for action in location.actions:
            if isinstance(action.target, s.Goto):
                out.append(Entry(location.number, action.target, action=action))
    for record in (*book.bundle.events, *book.bundle.quests):
        for link in record.links:
            if isinstance(link.target, s.Goto):
                out.append(Entry(None, link.target))
    return out


class _Branch(Exception):
    """Give ``feature`` each value of ``pool`` in turn (the line then runs again)."""

    def __init__(self, feature: Feature, pool: Pool, waiter: bool) -> None:
        self.feature, self.pool, self.waiter = feature, pool, waiter


class _Split(Exception):
    """A symbolic feature's values answer the line's tests differently: one branch each."""

    def __init__(self, feature: Feature, classes: list[dict[Value, Value]]) -> None:
        self.feature, self.classes = feature, classes


class _Reorder(Exception):
    """``-> end`` takes a queued verse: one branch for each verse that may come first."""

    def __init__(self, firsts: list[s.Target]) -> None:
        self.firsts = firsts


@dataclass(slots=True)
class Node:
    """A point of play: ``labels`` lead here from ``parent`` (None: the start of exploration
    ``entry``); ``assumed``: for each feature the play up to here drew from the map, the
    map values any of which would have done."""

    parent: int | None
    labels: tuple[Label, ...]
    verse: str
    entry: int
    assumed: Assumed = ()
    kind: str = "wait"  # "wait" for input, "exit" (an ending), "mark" (first reach of a verse), "pass"
    children: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Task:
    """A story to run on. ``known`` features hold concrete values; each ``sym`` feature may
    hold any of its keys (mapped to the map value it came from); others are untouched.
    ``started`` is false until the entry has begun the exploration."""

    held: Story | Parcel  # a parcel while the task waits (parcel.py), a story once it runs
    known: frozenset[Feature]
    parent: int | None
    labels: tuple[Label, ...]
    entry: int
    assumed: Assumed = ()
    sym: dict[Feature, dict[Value, Value]] = field(default_factory=dict)
    started: bool = True
    force: int | None = None  # a memo point whose joined values this task carries on from
    first: s.Target | None = None  # the queued verse this play reads first at -> end

    @property
    def story(self) -> Story:
        """The task's story (a waiting task's parcel is opened once, when first asked)."""
        held = self.held
        if isinstance(held, Parcel):
            held = self.held = held.open()
        return held

    @property
    def cursor(self) -> Cursor | None:
        """Where the story stands, without opening a parcel."""
        return self.held.cursor

    def park(self, packer: Packer) -> Task:
        """Keep the story as a parcel while the task waits (a few hundred bytes, not a
        story's tens of kilobytes) once the packer is on; the task is not changed otherwise."""
        if packer.active and isinstance(self.held, Story):
            self.held = packer.pack(self.held)
        return self

    def copy(self, story: Story | None = None) -> Task:
        held = self.held
        twin = story or (held.open() if isinstance(held, Parcel) else held.fork())
        return Task(twin, self.known, self.parent, self.labels, self.entry,
                    self.assumed, dict(self.sym), self.started, self.force, self.first)

    def parked(self, packer: Packer) -> Task:
        """A copy kept as a parcel (what ``copy().park()`` gives, without the fork)."""
        if not packer.active:
            return self.copy()
        held = self.held if isinstance(self.held, Parcel) else packer.pack(self.held)
        return Task(held, self.known, self.parent, self.labels, self.entry,
                    self.assumed, dict(self.sym), self.started, self.force, self.first)


@dataclass(slots=True)
class Waiter:
    """A place that took a feature's values from the map: values the map gains later are
    gathered in ``pending`` and tried from here together."""

    task: Task
    feature: Feature
    mode: str  # "sym", "branch" or "entry"
    pending: dict[Value, Value] = field(default_factory=dict)
    queued: bool = False


@dataclass(slots=True)
class Join:
    """A memo point's symbolic features: every value that reached it (mapped to the map
    value it came from), and the first play that did, to carry new values on from.
    ``drawn``: the features a joining play had not drawn yet, for which the point holds
    every map value, the map's later ones too (``Explorer._draw``); ``joined``: whether a
    play other than the first has met the point."""

    task: Task
    node: int
    seen: dict[Feature, dict[Value, Value]]
    queued: bool = False
    drawn: set[Feature] = field(default_factory=set)
    joined: bool = False


@dataclass(slots=True)
class Cargo:
    """Values of features the rest of an exploration never touches, carried by a play that
    joined a memoized point: they join the map when that point's continuation ends."""

    values: list[Left]
    parent: int | None
    labels: tuple[Label, ...]
    entry: int
    assumed: Assumed


@dataclass(slots=True)
class Finding:
    verse: str
    reason: str
    node: int


@dataclass
class Exploration:
    """What the search found; report.py turns it into text or JSON, witness.py into scripts."""

    book: Book
    start: GameState
    features: Features
    complete: bool = True
    nodes: list[Node] = field(default_factory=list)
    reached: dict[str, int] = field(default_factory=dict)  # verse -> first node reaching it
    reached_by: dict[str, list[int]] = field(default_factory=dict)  # and the first from other entries
    blocks: dict[str, int] = field(default_factory=dict)
    choices: set[tuple[str, str | None, int]] = field(default_factory=set)
    parts: set[tuple[str, int]] = field(default_factory=set)
    secrets: set[int] = field(default_factory=set)
    endings: dict[str, dict[str, int]] = field(default_factory=dict)  # kind -> verse -> node
    dead_ends: dict[str, Finding] = field(default_factory=dict)
    loops: dict[str, Finding] = field(default_factory=dict)
    errors: dict[str, Finding] = field(default_factory=dict)
    values: dict[Feature, list[Value]] = field(default_factory=dict)
    producers: dict[tuple[Feature, Value], list[Source]] = field(default_factory=dict)  # [] at the start
    entries: list[Entry] = field(default_factory=list)
    from_verse: bool = False  # explored from one verse with a given state (--from)
    stopped: Stop | None = None  # why an incomplete search stopped
    # Complete because the search met all the bound allows (bound.py): the points it did
    # not go on from are not trap loops (ways.py proved there are none, or every point in
    # doubt lies in a verse where the search closed a trap, ``traps``).
    settled: bool = False
    traps: dict[str, int] = field(default_factory=dict)  # a settled search's closed traps (trap.py)
    # A complete search's points that may hold a class of values no play leaves (region.py's
    # snares), first per verse in doubt; report.py lists them with the graph's traps.
    caught: dict[str, int] = field(default_factory=dict)
    # The bound (bound.py) when one was computed: always for a search that stops early, so
    # what lies outside it is reported proven unreachable all the same (report.py).
    bound: Bound | None = None
    ways: Ways | None = None  # and its ways out (ways.py, region.py)
    budget: int | None = None  # the memory budget (bytes), if one was set
    peak: int = 0  # the most memory the process held (bytes), measured as it ran

    @property
    def states(self) -> int:
        return len(self.nodes)


class Explorer:
    """One search. ``explore()`` below is the way in."""

    def __init__(self, book: Book, start: GameState, *, max_states: int,
                 start_at: s.Goto | None = None, memory: int | None = None,
                 progress: Callable[[Pace], None] | None = None,
                 foresee: Callable[[Outlook], None] | None = None,
                 look_after: float = OUTLOOK_AFTER, settle: bool = True) -> None:
        self.book = book
        self.settle = settle  # stop once the search has met its bound (bound.py)
        self.features = Features.of(book, len(start.party))
        self.clock = self.features.clock.settle(start)
        self.facts = frozenset(self.features.clock.facts_of())
        self.live = Liveness(self.features)
        self.scratch = Scratch(self.features, start)
        self.result = Exploration(book, start.copy(), self.features, from_verse=start_at is not None)
        self.max_states = max_states
        self.start_at = start_at
        self.result.budget = memory
        self.progress = progress
        self.foresee, self.look_after = foresee, look_after
        self.began = time.monotonic()
        self.start_memory = resident()
        # Plays to run on, and points that gained values (toward.py: the order).
        self.frontier: Frontier[Task | Join | Waiter] = Frontier()
        self.lacking: Lacking | None = None  # what the bound allows and the search has not met
        # Points are kept as 128-bit fingerprints (``_fingerprint``), not as the values.
        self.memo: dict[int, int] = {}
        self.exact: set[int] = set()  # draw points met, with every value the play carried
        self.points: dict[int, Waiter] = {}  # draw points met, by memo point
        self.waiters: dict[Feature, list[Waiter]] = {}
        self.parents: dict[int, list[int]] = {}
        self.cargo: dict[int, list[Cargo]] = {}
        self.joins: dict[int, Join] = {}
        self.drawing: dict[Feature, list[Join]] = {}  # memo points that hold every map value
        self.ends: dict[int, int] = {}  # node -> an exit below it that ends the exploration
        # node -> the symbolic features plays below it read (Liveness bits): a play that
        # joins a point with new values of one may open a trap there (trap.py).
        self.reads: dict[int | None, int] = {}
        self.doubt: frozenset[str] = frozenset()  # the verses of the points the ways out left in doubt
        self.trap_try = 0  # the number of points when the search may next look for closed traps
        self.starts: Mapping[Key, Mapping[Feature, frozenset[Value]]] = {}  # the bound's, in doubt
        self.snares: dict[tuple[str, str | None], Snare] = {}  # the doubtful bodies' (region.py)
        self._tests: dict[tuple[int, int], tuple[dict[Feature, list[Test]], set[Feature]]] = {}
        self.base = Story(book, start.copy(), dice="ask", before_op=self._before_op,
                          on_effect=self._on_effect, before_end=self._before_end)
        self._task = Task(self.base, frozenset(), None, (), 0)
        self.packer = Packer(self.base)  # the plays kept waiting, as parcels (parcel.py)

    # ------------------------------------------------------------ the search

    def run(self) -> Exploration:
        """The search, with the cyclic garbage collector off (and back on after): the
        collector's passes over the search's growing tables took 40% of its CPU on the
        generated campaigns, and a search frees what it drops by reference counting (the
        same peak memory either way, measured: bench/explore.py, docs/performance.md)."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search()
        finally:
            if collecting:
                gc.enable()

    def _search(self) -> Exploration:
        if self.start_at is not None:
            self.result.entries.append(Entry(None, self.start_at))
            known = frozenset(self.features.relevant)
            self._push(Task(self.base.fork(), known, None, (self.result.entries[0].label,), 0,
                                   started=False))
        else:
            self._add_entries()
        limit: Bound | None | Literal[False] = False  # False: not computed yet
        settles = False  # the ways out prove that meeting the bound is the end
        aim: Aim | None = None
        steps = 0
        while self.frontier:
            if len(self.result.nodes) >= self.max_states:
                self._stop("states")
                break
            steps += 1
            if steps % CHECK_EVERY == 1 and not self._pace():  # at once, then every so often
                break
            if steps % SETTLE_EVERY == 0 and steps >= SETTLE_FROM and limit is not None:
                if limit is False:
                    limit, settles = self._bound()
                    entries = [(e.target.verse, e.target.block or None) for e in self.result.entries]
                    aim = Aim(self.book, entries) if limit is not None else None
                if limit is not None and aim is not None:
                    if (settles or self.doubt) and self._met(limit) and (settles or self._closed()):
                        self.result.settled = True
                        break
                    self._aim(aim, limit)
            item, point = self.frontier.take()
            if not point:
                assert isinstance(item, Task)
                self._run(item)
            elif isinstance(item, Waiter):
                self._wake(item)
            else:
                assert isinstance(item, Join)
                self._go_on(item)
        if not self.result.complete and self.result.bound is None:
            self._verdict()
        elif self.result.complete and not self.result.settled:
            self._catch(limit is False or not self.settle)
        self.result.peak = max(self.result.peak, peak())
        return self.result

    def _verdict(self) -> None:
        """The bound of a search that stops early, so its report can say what is proven
        unreachable even so. The frontier is dropped first: it is never run now, and at the
        memory budget the bound needs the room it held."""
        self.frontier = Frontier()
        limits = self.limits()
        self.starts = {}
        self.result.bound, self.result.ways = limits if limits is not None else (None, None)

    def _catch(self, first: bool) -> None:
        """A search that ran to its end lists, besides the traps its graph shows, the points
        that may hold a class of values no play leaves (``_caught``), as a settled search
        does; the bound is computed for it if it was not (``first``), and the report's
        ``bound`` and ``ways`` are left as they were (a complete report proves everything)."""
        if first:
            if self.start_at is not None or len(self.result.start.party) > 1:
                return
            kept = self.result.bound, self.result.ways
            settle, self.settle = self.settle, True
            try:
                self._bound()
                ways = self.result.ways
                if ways is not None:  # a loop without input too: its points in doubt may trap
                    self.doubt = frozenset(key[0] for key, _ in ways.doubtful)
            finally:
                self.settle = settle
                self.result.bound, self.result.ways = kept
        self.result.caught = self._caught()

    def _caught(self) -> dict[str, int]:
        """The first memo point in each verse in doubt whose plays may hold a class of values
        from which no play ever ends the exploration (region.py's snares), even when other
        values join the point and go on to an exit (which hides it from the graph: gen
        100's 104.20, docs/runtime.md). A point's values are per feature, so the class may
        be one no single play holds: the report lists it as a trap only once a play the
        interpreter runs shows it (report.py, witness.py's ``Stuck``)."""
        out: dict[str, int] = {}
        if not self.snares:
            return out
        for node, join in self.joins.items():
            cursor = join.task.cursor
            if cursor is None or cursor.verse not in self.doubt or cursor.verse in out:
                continue
            snare = self.snares.get((cursor.verse, cursor.block))
            if snare is not None and snare.holds(cursor.index, self._may_hold(join, snare.tracked)):
                out[cursor.verse] = node
        return out

    def _may_hold(self, join: Join, tracked: tuple[Feature, ...]) -> dict[Feature, Collection[Value]]:
        """The values of ``tracked`` a memo point's plays may hold: a concrete feature's one
        value, a symbolic one's joined values, and any of the map's for one not drawn yet."""
        task = join.task
        held = task.held
        story = held.open() if isinstance(held, Parcel) and task.known & set(tracked) else held
        out: dict[Feature, Collection[Value]] = {}
        for feature in tracked:
            if feature in task.known:
                assert isinstance(story, Story)
                out[feature] = (self.features.get(feature, story.state),)
            elif feature in join.seen:
                out[feature] = join.seen[feature].keys()
            else:
                values = self.result.values.get(feature)
                out[feature] = values if values is not None else self.clock.get(
                    feature, [self.features.get(feature, self.result.start)])
        return out

    def _bound(self) -> tuple[Bound | None, bool]:
        """What play may show at most, when it is known soundly, and whether every play can
        end (only then does meeting it end the search; the order goes toward it either way).
        With no loop but points in doubt, ``doubt`` holds their verses: meeting the bound
        ends the search too once each of them holds a trap the search closed (``_closed``)."""
        limits = self.limits(every=True)
        self.result.bound, self.result.ways = limits if limits is not None else (None, None)
        if limits is None or not limits[0].sure:
            self.snares = {}  # an unsure bound proves no class a trap
            return None, False
        ways = limits[1]
        if ways.loop is None and ways.trap is not None:
            self.doubt = frozenset(key[0] for key, _ in ways.doubtful)
        self.starts = {key: held for key, held in self.starts.items() if key[0] in self.doubt}
        return limits[0], ways.loop is None and ways.trap is None

    def _closed(self) -> bool:
        """Does every verse in doubt hold a trap the search has closed? Then those are the
        traps the whole search would find (trap.py), kept in ``traps``. The look walks the
        whole graph, so it is taken again only once the search has grown by a tenth."""
        states = len(self.result.nodes)
        if states < self.trap_try:
            return False
        self.trap_try = states + states // 10
        caught = self._caught()
        if caught.keys() == self.doubt:
            self.result.traps = dict(sorted(caught.items(), key=lambda found: found[1]))
            return True
        parents = {self._parent(item) for item in self.frontier.pending()}
        parents |= {w.task.parent for waiters in self.waiters.values() for w in waiters}
        open_ = {node for node in parents if node is not None}
        # a point that holds every map value of a feature goes on when the map gains one
        open_ |= {join.node for joins in self.drawing.values() for join in joins}
        bit = self.live.bit
        while True:
            closed = trapped(self.result.nodes, open_)
            read = 0
            for node in closed:
                read |= self.reads.get(node, 0)
            # a point whose symbolic values its plays read may be opened by a play that
            # joins it with a value it has not seen, or with a feature its plays drew
            # from the map (the point then goes on with the joining play's values alone)
            more = {node for node in closed
                    if read & ~self._held(node)
                    or any(not bit(f) or read & bit(f) and not self._steady(node, f)
                           for f in self.joins[node].seen)}
            if not more:
                break
            open_ |= more
        traps = firsts(self.result.nodes, closed, self.doubt)
        for verse, node in caught.items():
            traps[verse] = min(traps.get(verse, node), node)
        if traps.keys() != self.doubt:
            return False
        self.result.traps = dict(sorted(traps.items(), key=lambda found: found[1]))
        return True

    def _held(self, node: int) -> int:
        """The features every play at the point holds, as Liveness bits: the concrete ones
        (a play that joins holds the same values) and the symbolic ones."""
        join = self.joins[node]
        bit = self.live.bit
        held = 0
        for feature in (*join.task.known, *join.seen):
            held |= bit(feature)
        return held

    def _steady(self, node: int, feature: Feature) -> bool:
        """Has every value ``feature`` may hold at the point ``node`` joined it? The bound
        holds the values at the start of its body, which they keep when no line before
        the point changes them."""
        join = self.joins[node]
        cursor = join.task.cursor  # not .story: that would keep the parcel opened, whole
        assert cursor is not None
        key = (cursor.verse, cursor.block)
        start = self.starts.get(key, {}).get(feature)
        if start is None or feature[0] == "visited":  # a verse is visited as it is entered
            return False
        if any(self._changes(op, feature) for op in self.book.body(*key).ops[:cursor.index]):
            return False
        return start <= join.seen[feature].keys()

    def _changes(self, op: s.Op, feature: Feature) -> bool:
        match op:
            case s.Choice():
                return any(("num", cost.resource) == feature for cost in op.costs)
            case s.Text() | s.Divert() | s.IfDivert() | s.Roll() | s.Toss() | s.Encounter():
                return False
        needs, assigns = self.features.touch(op)
        return feature in needs or feature in assigns

    @staticmethod
    def _parent(item: Task | Join | Waiter) -> int | None:
        """The point an item of the frontier adds children to."""
        if isinstance(item, Join):
            return item.node
        return item.parent if isinstance(item, Task) else item.task.parent

    def _aim(self, aim: Aim, limit: Bound) -> None:
        """Rank the frontier by the distance to what the bound allows and the search has not
        met, when that changed."""
        found = self.result
        lacking = Lacking(
            frozenset(limit.verses - found.reached.keys()), frozenset(limit.blocks - found.blocks.keys()),
            frozenset(limit.choices - found.choices), frozenset(limit.parts - found.parts),
            frozenset(limit.secrets - found.secrets),
            frozenset((k, w) for k, w in limit.endings if w not in found.endings.get(k, {})),
            frozenset(limit.dead_ends - found.dead_ends.keys()))
        if lacking != self.lacking:
            self.lacking = lacking
            self.frontier.aim(self._where, aim.near(lacking))

    def _where(self, item: Task | Join | Waiter) -> Place:
        """The body an item of the frontier runs on next, and whether its play has verses
        queued (it then meets no lacking end of an exploration but in a triggered verse)."""
        task = item if isinstance(item, Task) else item.task
        cursor = task.cursor
        if task.started and cursor is not None:
            held = task.held
            return (cursor.verse, cursor.block, held.queued if isinstance(held, Parcel) else bool(held.queue))
        target = self.result.entries[task.entry].target
        return (target.verse, target.block, False)

    def limits(self, every: bool = False) -> tuple[Bound, Ways] | None:
        """The bound of this search and its ways out (bound.py, ways.py; ``every``: each
        point in doubt, region.py); None for a search from one verse or with a party (a
        member who drops out changes what a line does to the others, which a bound on one
        feature at a time cannot follow)."""
        if not self.settle or self.start_at is not None or len(self.result.start.party) > 1:
            return None
        start = self.result.start
        values = {f: list(self.clock.get(f, [self.features.get(f, start)])) for f in self.features.relevant}
        limit = bound(self.features, self.scratch, entry_points(self.book), values, start)
        self.starts = limit.starts  # ways_of drops them from the bound; _bound keeps a few
        self.snares = {}
        return limit, ways_of(self.features, self.scratch, limit, every, self.snares if every else None)

    def _met(self, limit: Bound) -> bool:
        """Has the search met everything the bound allows? Then nothing more can be found."""
        found = self.result
        return (limit.verses <= found.reached.keys() and limit.blocks <= found.blocks.keys()
                and limit.choices <= found.choices and limit.parts <= found.parts
                and limit.secrets <= found.secrets and limit.dead_ends <= found.dead_ends.keys()
                and all(where in found.endings.get(kind, {}) for kind, where in limit.endings))

    def _stop(self, why: Stop) -> None:
        self.result.complete = False
        self.result.stopped = why

    def _pace(self) -> bool:
        """Take the pace: report it, look ahead once, and stop at the memory budget (False
        then: the search must end here, before the kernel ends it)."""
        memory = resident()
        result = self.result
        result.peak = max(result.peak, memory)
        if result.budget is not None and memory > result.budget:
            self._stop("memory")
            return False
        if result.budget is not None and memory > result.budget * PACK_FROM and not self.packer.active:
            self.packer.active = True
            self._pack_waiting()
        seconds = time.monotonic() - self.began
        pace = Pace(seconds, len(result.nodes), len(self.frontier), memory,
                    len(result.reached), len(self.book.verses))
        if self.progress is not None:
            self.progress(pace)
        if self.foresee is not None and seconds >= self.look_after and pace.states >= CHECK_EVERY:
            look = outlook(pace, self.start_memory, result.budget, self.max_states, result.values)
            if look is not None:
                self.foresee(look)
            self.foresee = None  # taken once
        return True

    def _pack_waiting(self) -> None:
        """Once the packer is on, the plays already waiting are parcelled too: kept whole,
        the 67,000 that waited when gen 100 passed 40% of a 3 GiB budget held most of what
        it had (docs/performance.md, Session 13). A parcel opens equal to a fork, so the
        search runs the same plays either way (tests/test_explore_parcel.py)."""
        packer = self.packer
        for item in self.frontier.pending():
            (item if isinstance(item, Task) else item.task).park(packer)
        for join in self.joins.values():
            join.task.park(packer)
        for waiters in self.waiters.values():
            for waiter in waiters:
                waiter.task.park(packer)

    def _add_entries(self) -> None:
        for entry in entry_points(self.book):
            self.result.entries.append(entry)
            task = Task(self.base.fork(), frozenset(), None, (entry.label,), len(self.result.entries) - 1,
                        started=False)
            if entry.location is None:
                self._push(task)
                continue
            feature = ("loc", entry.location)
            self.waiters.setdefault(feature, []).append(Waiter(task.park(self.packer), feature, "entry"))
            for value in self._values(feature):
                self._fix(task, feature, value, value, entry=True)

    def _run(self, task: Task) -> None:
        story = task.story
        self._task = task
        while True:
            try:
                if not task.started:
                    self._begin(task)
                event = story.step()
            except _Branch as branch:
                self._branch(task, branch)
                return
            except _Split as split:
                for values in split.classes:
                    child = task.copy()
                    child.sym[split.feature] = values
                    self._put(child, split.feature, next(iter(values)))
                    self._push(child)
                return
            except _Reorder as reorder:
                for child in self._reordered(task, reorder):
                    self._push(child)
                return
            except InputError:
                return  # an action the party cannot pay for with these values
            except StoryError as err:
                node = self._node(task, "exit")
                where = story.cursor.verse if story.cursor else "?"
                self.result.errors.setdefault(where, Finding(where, str(err), node))
                return
            if event is None:
                break
            self._see(event, task)
        if story.waiting is None:
            return
        story.queue = _canonical(story.queue)  # any order will be tried at -> end
        cargo = self._shed(task)
        key = _fingerprint(_key(task, self.features))
        force, task.force = task.force, None
        if key not in self.memo:
            node = self.memo[key] = self._node(task, "wait")
            self.joins[node] = Join(task, node, {f: dict(values) for f, values in task.sym.items()})
            self._expand(node, task)
            task.park(self.packer)  # the point goes on from it only when it gains values
        else:
            node = self.memo[key]
            if task.parent is not None:
                self._link(task.parent, node)
            if force == node:
                self._expand(node, task)
            else:
                self._join(node, task)
        if cargo is not None:
            self._load(node, cargo)

    def _push(self, task: Task) -> None:
        """A play to run later, kept as a parcel until then (parcel.py)."""
        self.frontier.add(task.park(self.packer))

    def _expand(self, node: int, task: Task) -> None:
        """One task per answer to what the story waits for, each from its own fork."""
        for label, give in options(task.story):
            child = Task(task.story.fork(), task.known, node, (label,), task.entry, task.assumed,
                         dict(task.sym))
            self._task = child  # a choice's costs change the child's symbolic values
            try:
                give(child.story)
            except _Reorder as reorder:  # the answer leads to -> end with verses queued
                for ordered in self._reordered(task, reorder):
                    again = Task(ordered.story.fork(), task.known, node, (label,), task.entry, task.assumed,
                                 dict(task.sym), first=ordered.first)
                    self._task = again
                    give(again.story)
                    self._push(again)
                continue
            if child.story.last_choice is not None and is_number(label):
                self.result.choices.add(child.story.last_choice)
            self._push(child)

    def _join(self, node: int, task: Task) -> None:
        """Plays that meet at a memo point share its continuation: when one brings symbolic
        values the point has not seen, the point goes on again with every value seen there
        (the line that waits runs again, so its tests split them; what went on before meets
        its own memo points again, so only the new values travel far).

        A play that has not drawn a feature the point holds (neither known nor symbolic)
        may hold any map value of it, now or later: the point then draws the feature
        (``_draw``). So does a feature a play brings first when plays other than the first
        met the point before without it: the point goes on holding only the values seen,
        so those plays' values must be among them. The first play's own continuation draws
        what it had not (it reads the map when a line reads the feature)."""
        join = self.joins[node]
        grown = False
        for feature, values in task.sym.items():
            seen = join.seen.get(feature)
            if seen is None:
                seen = join.seen[feature] = {}
                if join.joined:
                    grown |= self._draw(join, feature)
            for value, was in values.items():
                if value not in seen:
                    seen[value] = was
                    grown = True
        for feature in join.seen.keys() - task.sym.keys():
            grown |= self._draw(join, feature)
        join.joined = True
        if grown:
            self._again(join)

    def _draw(self, join: Join, feature: Feature) -> bool:
        """Let the point hold every value the map has of ``feature`` (each as drawn from
        the map), and the values the map gains later (``_add_value``), as the place where
        a play draws it would (tests/test_explore.py: the cave, and the key found later).
        True when the point gained a value."""
        if feature not in join.drawn:
            join.drawn.add(feature)
            self.drawing.setdefault(feature, []).append(join)
        seen = join.seen[feature]
        grown = False
        for value in self._values(feature):
            if value not in seen:
                seen[value] = value
                grown = True
        return grown

    def _again(self, join: Join) -> None:
        """The point gained values: it goes on again (once, with all it holds by then)."""
        if not join.queued:
            join.queued = True
            self.frontier.add(join, point=True)

    def _go_on(self, join: Join) -> None:
        join.queued = False
        child = join.task.copy()
        child.sym = {f: dict(values) for f, values in join.seen.items()}
        self._settle(child)
        child.story.again()
        child.force = join.node
        self._push(child)

    def _settle(self, task: Task) -> None:
        """Make the state hold one of each symbolic feature's values."""
        for feature, values in task.sym.items():
            if self._get(task.story, feature) not in values:
                self._put(task, feature, next(iter(values)))

    def _begin(self, task: Task) -> None:
        """Start the task's exploration: an action reads (and pays) its costs first."""
        entry = self.result.entries[task.entry]
        if entry.action is not None:
            for cost in entry.action.costs:
                feature = ("num", cost.resource)
                if feature not in self.features.relevant or feature in task.known:
                    continue
                values = task.sym.get(feature)
                if values is None:
                    raise _Branch(feature, [(v, v) for v in self._values(feature)], True)
                if len(values) > 1:
                    raise _Branch(feature, list(values.items()), False)
            task.story.state.acted.clear()  # the day moves on between explorations
        entry.begin(task.story)
        task.started = True

    def _node(self, task: Task, kind: str) -> int:
        story = task.story
        verse = story.cursor.verse if story.cursor else str(getattr(story.ending, "verse", "?"))
        assumed = task.assumed + _drawn(task.sym)
        self.result.nodes.append(Node(task.parent, task.labels, verse, task.entry, assumed, kind))
        node = len(self.result.nodes) - 1
        if task.parent is not None and kind != "mark":
            self._link(task.parent, node)
        return node

    def _link(self, parent: int, child: int) -> None:
        children = self.result.nodes[parent].children
        if child in children:
            return
        children.append(child)
        self.parents.setdefault(child, []).append(parent)
        if child in self.ends:
            self._ended(parent, self.ends[child])

    # ------------------------------------------------------------ what the rest does not read

    def _shed(self, task: Task) -> Cargo | None:
        """Take the features the rest of the exploration never touches out of the task (so
        plays differing only there meet at one point); their values travel as cargo."""
        story = task.story
        live = self.live.live(story)
        bit = self.live.bit
        dead_known = [f for f in task.known if not live & bit(f) and f[0] != "clock"]
        dead_sym = [f for f in task.sym if not live & bit(f)]
        if not dead_known and not dead_sym:
            return None
        values: list[Left] = [(f, self.features.get(f, story.state), ASSIGNED) for f in dead_known]
        dropped = {f: task.sym.pop(f) for f in dead_sym}
        task.assumed += _drawn(dropped)
        values += [(f, v, was) for f, held in dropped.items() for v, was in held.items()]
        task.known = task.known - set(dead_known)
        if self.start_at is not None:
            return None
        return Cargo(values, task.parent, task.labels, task.entry, task.assumed)

    def _load(self, node: int, cargo: Cargo) -> None:
        if node in self.ends:
            self._unload(cargo, self.ends[node])
        else:
            self.cargo.setdefault(node, []).append(cargo)

    def _ended(self, node: int | None, exit_node: int) -> None:
        """``exit_node`` ended an exploration below ``node``: so does every point above it."""
        todo = [node] if node is not None else []
        while todo:
            current = todo.pop()
            if current in self.ends:
                continue
            self.ends[current] = exit_node
            for cargo in self.cargo.pop(current, ()):
                self._unload(cargo, exit_node)
            todo.extend(self.parents.get(current, ()))

    def _unload(self, cargo: Cargo, exit_node: int) -> None:
        source: int | None = None
        for feature, value, was in cargo.values:
            if not self._wanted(feature, value, cargo.entry):
                continue
            if source is None:
                exit_ = self.result.nodes[exit_node]
                mine = {f for f, _ in cargo.assumed}
                assumed = cargo.assumed + tuple(a for a in exit_.assumed if a[0] not in mine)
                self.result.nodes.append(Node(cargo.parent, cargo.labels, exit_.verse, cargo.entry,
                                              assumed, "pass"))
                source = len(self.result.nodes) - 1
            self._add_value(feature, value, was, source)

    # ------------------------------------------------------------ what a line reads

    def _before_op(self, story: Story, op: s.Op) -> None:
        task = self._task
        self._mirror(story)
        cursor = story.cursor
        assert cursor is not None
        assigns: tuple[Feature, ...] = ()
        # What a waiting line of choices reads is pinned by the point (the choices offered
        # are part of it); what other lines read, a play joining the point may change.
        reads = not isinstance(op, s.Choice)
        if not reads:
            ops = story.book.body(cursor.verse, cursor.block).ops
            needs = self.features.tail(ops, cursor.index)
            tests, concrete = self._leaf_tests(op, ops, cursor.index)
        else:
            needs, assigns = self.features.touch(op)
            tests, concrete = self._leaf_tests(op, (), 0)
        for feature in needs:
            if feature in task.known:
                continue
            if feature in task.sym:
                if reads:
                    self._read(task, feature)
                if feature in concrete and len(task.sym[feature]) > 1:
                    raise _Branch(feature, list(task.sym[feature].items()), False)
            elif feature in concrete or feature[0] not in self.features.symbolic:
                if reads:
                    self._read(task, feature)
                raise _Branch(feature, [(v, v) for v in self._values(feature)], True)
            else:
                if reads:
                    self._read(task, feature)
                self._symbolize(task, feature)
        for feature, checks in tests.items():
            values = task.sym.get(feature)
            if values is not None and reads:
                self._read(task, feature)
            if values is not None and len(values) > 1:
                classes: dict[object, dict[Value, Value]] = {}
                for now, was in values.items():
                    classes.setdefault(tuple(check(now) for check in checks), {})[now] = was
                if len(classes) > 1:
                    raise _Split(feature, list(classes.values()))
        for feature in assigns:  # overwritten: its old value is no longer anybody's business
            if feature not in task.sym and feature not in task.known:
                task.sym[feature] = {self.features.get(feature, story.state): ASSIGNED}

    def _read(self, task: Task, feature: Feature) -> None:
        """A play below ``task.parent`` read a symbolic feature, or drew one from the map
        (trap.py)."""
        self.reads[task.parent] = self.reads.get(task.parent, 0) | self.live.bit(feature)

    def _leaf_tests(self, op: s.Op, ops: tuple[s.Op, ...], start: int
                    ) -> tuple[dict[Feature, list[Test]], set[Feature]]:
        key = (id(op), id(ops) if ops else 0)
        cached = self._tests.get(key)
        if cached is None:
            cached = self._tests[key] = leaf_tests(self.features, self.scratch, op, ops[start:])
        return cached

    def _before_end(self, story: Story) -> None:
        """Verses queued by triggers are taken in any order: a memo point keeps them as a
        sorted list (plays that queued them in other orders meet there), so ``-> end`` tries
        each one first."""
        task = self._task
        if task.first is not None:
            first, task.first = task.first, None
            assert story.queue[0] == first
            return
        firsts = sorted(set(story.queue), key=_order)
        if len(firsts) > 1:
            raise _Reorder(firsts)

    def _reordered(self, task: Task, reorder: _Reorder) -> list[Task]:
        out = []
        for first in reorder.firsts:
            child = task.copy()
            rest = list(child.story.queue)
            rest.remove(first)
            child.story.queue = [first, *rest]
            child.first = first
            out.append(child)
        return out

    def _mirror(self, story: Story) -> None:
        """The scratch state leaves out the members this play left out (tests read the rest)."""
        dropped = story.state.dropped
        if dropped or self.scratch.dropped:
            self.scratch.dropped = frozenset(dropped)

    def _on_effect(self, story: Story, effect: s.Effect) -> None:
        task = self._task
        if self.facts and _moves_facts(effect):  # the campaign layer may set its facts anew
            task.known = task.known - self.facts
        if not task.sym:
            return
        self._mirror(story)
        needs, assigns = self.features.touch(effect)
        for feature in (*needs, *assigns):
            values = task.sym.get(feature)
            if values is not None:
                moved: dict[Value, Value] = {}
                for now, was in values.items():
                    moved.setdefault(self.scratch.apply(feature, effect, now), was)
                task.sym[feature] = moved

    # ------------------------------------------------------------ the map's values

    def _values(self, feature: Feature) -> list[Value]:
        values = self.result.values.get(feature)
        if values is None:
            start = self.result.start
            values = list(self.clock.get(feature, [self.features.get(feature, start)]))
            self.result.values[feature] = values
            for value in values:
                self.result.producers[(feature, value)] = []
        return values

    def _put(self, task: Task, feature: Feature, value: Value) -> None:
        self.features.put(feature, value, task.story.state)
        if feature[0] == "status":
            task.story.reset_triggers(str(feature[1]))

    def _get(self, story: Story, feature: Feature) -> Value:
        return self.features.get(feature, story.state)

    def _symbolize(self, task: Task, feature: Feature) -> None:
        """Let ``feature`` hold every value the map has, at once; a value the map gains
        later is tried from here too."""
        self._wait_at(task, feature, "sym")
        task.sym[feature] = {v: v for v in self._values(feature)}
        self._put(task, feature, self._values(feature)[0])

    def _branch(self, task: Task, branch: _Branch) -> None:
        feature = branch.feature
        if branch.waiter and self._wait_at(task, feature, "branch"):
            return
        for now, was in branch.pool:
            self._fix(task, feature, now, was)

    def _wait_at(self, task: Task, feature: Feature, mode: str) -> bool:
        """Note a place that draws ``feature`` from the map, so values the map gains later
        are tried from there. Plays that meet there share one waiter, which carries every
        symbolic value they bring. True when this very play was met there before."""
        exact = _fingerprint((mode, _point(task, self.features), feature))
        if exact in self.exact:
            return True
        self.exact.add(exact)
        # Which features are symbolic is part of the place: the waiter goes on from its
        # first play with every symbolic value the others bring, so a play that has not
        # drawn one of them must not meet it there (it would bring none of the map's).
        point = _fingerprint((mode, _key(task, self.features), frozenset(task.sym), feature))
        waiter = self.points.get(point)
        if waiter is None:
            waiter = self.points[point] = Waiter(task.parked(self.packer), feature, mode)
            self.waiters.setdefault(feature, []).append(waiter)
        else:
            for other, values in task.sym.items():
                if other != feature:
                    merged = waiter.task.sym.setdefault(other, {})
                    for value, was in values.items():
                        merged.setdefault(value, was)
        return False

    def _fix(self, task: Task, feature: Feature, now: Value, was: Value, entry: bool = False) -> None:
        if entry and not now[0]:  # type: ignore[index]
            return  # the location is not in play
        child = task.copy()
        child.sym.pop(feature, None)
        self._settle(child)
        child.known = child.known | {feature}
        if was is not ASSIGNED:
            child.assumed = child.assumed + ((feature, frozenset({was})),)
        self._put(child, feature, now)
        self._push(child)

    def _left(self, task: Task) -> list[Left]:
        """An exploration ended: the values it leaves that the map lacks, or that this
        exploration should be remembered for making."""
        state = task.story.state
        out: list[Left] = []
        for feature in task.known:
            value = self.features.get(feature, state)
            if feature[0] != "clock" and self._wanted(feature, value, task.entry):
                out.append((feature, value, ASSIGNED))
        for feature, values in task.sym.items():
            out += [(feature, now, was) for now, was in values.items()
                    if self._wanted(feature, now, task.entry)]
        return out

    def _wanted(self, feature: Feature, value: Value, entry: int) -> bool:
        """A value the map lacks, or one with few producers and none from this entry."""
        self._values(feature)
        sources = self.result.producers.get((feature, value))
        if sources is None:
            return True
        if not sources or len(sources) >= PRODUCERS:  # held from the start, or made often enough
            return False
        return all(self.result.nodes[node].entry != entry for node, _ in sources)

    def _add_value(self, feature: Feature, value: Value, was: Value, node: int) -> None:
        values = self._values(feature)
        sources = self.result.producers.setdefault((feature, value), [])
        if value in values and not sources:
            return  # held from the start
        sources.append((node, was))
        if value in values:
            return
        values.append(value)
        for waiter in self.waiters.get(feature, ()):
            waiter.pending[value] = value
            if not waiter.queued:
                waiter.queued = True
                self.frontier.add(waiter, point=True)
        for join in self.drawing.get(feature, ()):
            seen = join.seen[feature]
            if value not in seen:
                seen[value] = value
                self._again(join)

    def _wake(self, waiter: Waiter) -> None:
        values, waiter.pending, waiter.queued = waiter.pending, {}, False
        if waiter.mode == "sym":
            child = waiter.task.copy()
            child.sym[waiter.feature] = values
            self._put(child, waiter.feature, next(iter(values)))
            self._settle(child)
            self._push(child)
            return
        for value in values:
            self._fix(waiter.task, waiter.feature, value, value, entry=waiter.mode == "entry")

    # ------------------------------------------------------------ what play shows

    def _see(self, event: ev.Event, task: Task) -> None:
        result, story = self.result, task.story
        if isinstance(event, ev.VerseEntered):
            if event.block is not None:
                result.blocks.setdefault(f"{event.verse}.{event.block}", 0)
                return
            if event.verse not in result.reached:
                result.reached[event.verse] = self._node(task, "mark")
                result.reached_by[event.verse] = [result.reached[event.verse]]
            else:
                firsts = result.reached_by[event.verse]
                if len(firsts) < PRODUCERS and all(result.nodes[n].entry != task.entry for n in firsts):
                    firsts.append(self._node(task, "mark"))
            visited = ("visited", event.verse)
            if visited in self.features.relevant and visited not in task.known:
                task.sym[visited] = {True: ASSIGNED}
        elif isinstance(event, ev.EffectApplied):
            self._see_effect(event.effect, story)
        elif isinstance(event, ev.ExplorationEnded | ev.ChapterEnded | ev.GameOver):
            kind = {ev.ExplorationEnded: "end", ev.ChapterEnded: "end-chapter"}.get(type(event), "game-over")
            goes_on = kind != "game-over" and self.start_at is None  # the campaign goes on
            left = self._left(task) if goes_on else []
            known = result.endings.setdefault(kind, {})
            if left or event.verse not in known or (goes_on and task.parent not in self.ends):
                node = self._node(task, "exit")
                known.setdefault(event.verse, node)
                if goes_on:
                    for feature, value, was in left:
                        self._add_value(feature, value, was, node)
                    self._ended(task.parent, node)
        elif isinstance(event, ev.DeadEnd):
            node = self._node(task, "exit")
            result.dead_ends.setdefault(event.verse, Finding(event.verse, event.reason, node))
        elif isinstance(event, ev.LoopDetected):
            node = self._node(task, "exit")
            result.loops.setdefault(event.verse, Finding(event.verse, "a loop that needs no input", node))

    def _see_effect(self, effect: s.Effect, story: Story) -> None:
        if isinstance(effect, s.Mark) and effect.kind == "mark":
            if effect.low is not None:
                high = effect.high if effect.high is not None else effect.low
                self.result.parts.update((effect.status, p) for p in range(effect.low, high + 1))
            else:
                self.result.parts.update((effect.status, p) for p in story.state.marked(effect.status))
        elif isinstance(effect, s.SecretChange) and effect.kind == "gain-secret":
            self.result.secrets.add(effect.number)


def options(story: Story) -> list[tuple[Label, Callable[[Story], None]]]:
    """Every answer to what ``story`` waits for, with its script line: every offered
    choice, yes and no, the lowest dice sum of each roll arm, both sides of the coin,
    every encounter outcome. Each gives its answer to a story (a fork of this one)."""
    waiting = story.waiting
    if isinstance(waiting, ev.ChoicesOffered):
        return [(str(o.index + 1), partial(Story.choose, index=o.index)) for o in waiting.choices]
    if isinstance(waiting, ev.AskPosed):
        return [("yes", partial(Story.answer, yes=True)), ("no", partial(Story.answer, yes=False))]
    if isinstance(waiting, ev.RollRequested):
        cursor = story.cursor
        assert cursor is not None
        op = story.book.body(cursor.verse, cursor.block).ops[cursor.index]
        assert isinstance(op, s.Roll)
        return [(f"roll {n}", partial(Story.give_roll, shown=n)) for n in _roll_sums(op, waiting)]
    if isinstance(waiting, ev.TossRequested):
        return [(f"toss {side}", partial(Story.give_toss, side=side)) for side in ("heads", "tails")]
    if isinstance(waiting, ev.EncounterStarted):
        return [(o, partial(Story.resolve, outcome=o)) for o in waiting.outcomes]
    return []


def _drawn(sym: dict[Feature, dict[Value, Value]]) -> Assumed:
    """What symbolic features assumed: for each, the map values its values came from."""
    out = []
    for feature, values in sym.items():
        came = frozenset(was for was in values.values() if was is not ASSIGNED)
        if came:
            out.append((feature, came))
    return tuple(out)


def _roll_sums(op: s.Roll, wanted: ev.RollRequested) -> list[int]:
    """For each arm, the lowest dice sum that lands in it with this modifier (arms no sum
    reaches are skipped)."""
    sums = []
    for arm in op.arms:
        for dice_sum in range(wanted.dice, wanted.dice * wanted.sides + 1):
            total = dice_sum + wanted.modifier
            if total >= arm.low and (arm.high is None or total <= arm.high):
                sums.append(dice_sum)
                break
    return sums


def _key(task: Task, features: Features) -> object:
    """A memo point: where the story is and what it waits for, the verses queued, this
    exploration's answers and the concrete features' values. Symbolic features do not
    enter: their values join at the point (``Explorer._join``), and a play that has not
    drawn one of them brings all of the map's (``Explorer._draw``)."""
    story = task.story
    cursor = story.cursor
    where = (cursor.verse, cursor.block, cursor.index) if cursor else None
    values = frozenset((f, features.get(f, story.state)) for f in task.known)
    return (where if task.started else task.entry, tuple(story.queue), values,
            tuple(sorted(story.state.answers.items())), tuple(sorted(story.state.dropped)),
            _waiting(story.waiting))


def _moves_facts(effect: s.Effect) -> bool:
    """Does the campaign layer act on this line (and so maybe change its facts)?"""
    return isinstance(effect, s.Phrase | s.TimeToken) or (
        isinstance(effect, s.LocationChange) and effect.kind == "move-to")


def _fingerprint(point: object) -> int:
    """A point as 128 bits (two hashes of it), kept instead of the point itself: a memo key
    or a draw point holds every value a play carried, tens of kilobytes each. Two points
    share a fingerprint by chance with odds of about n^2 / 2^129 for n points."""
    return (hash(point) & _BITS) << 64 | hash((point, _SALT)) & _BITS


_BITS = (1 << 64) - 1
_SALT = "tgc.explore"


def _point(task: Task, features: Features) -> object:
    """A place where a feature was drawn: the memo point and the symbolic values too."""
    return (_key(task, features), frozenset((f, frozenset(v)) for f, v in task.sym.items()))


def _waiting(waiting: ev.Wait | None) -> object:
    if isinstance(waiting, ev.ChoicesOffered):
        return (waiting.purpose, tuple(o.text for o in waiting.choices))
    if isinstance(waiting, ev.RollRequested):
        return ("roll", waiting.modifier)
    return type(waiting).__name__


def _canonical(queue: list[s.Target]) -> list[s.Target]:
    """A queue as a memo point keeps it: sorted, and a verse queued more than twice read
    twice (a trigger that fires three times in one exploration is read at most twice)."""
    out: list[s.Target] = []
    for target in sorted(queue, key=_order):
        if out[-2:] != [target, target]:
            out.append(target)
    return out


def _order(target: s.Target) -> tuple[str, str, str]:
    return (target.kind, getattr(target, "verse", ""), getattr(target, "block", None) or "")


def _quoted(name: str) -> str:
    return f'"{name}"' if any(c.isspace() or c in "\"'\\" for c in name) else name


def explore(book: Book, start: GameState, *, max_states: int = 200_000, start_at: s.Goto | None = None,
            memory: int | None = None, progress: Callable[[Pace], None] | None = None,
            foresee: Callable[[Outlook], None] | None = None) -> Exploration:
    """Walk every branch from every entry point (or from ``start_at`` only, with ``start``
    as it is). Stops after ``max_states`` nodes, or once the process holds more than
    ``memory`` bytes, with ``complete`` false and ``stopped`` saying which. ``progress``
    hears the pace every few hundred states; ``foresee`` hears once, a few seconds in,
    when the search will not finish within its budgets at that pace."""
    return Explorer(book, start, max_states=max_states, start_at=start_at, memory=memory,
                    progress=progress, foresee=foresee).run()
