"""Explorer, the search: a Bundle and a starting state in, every branch of play walked out
(an Exploration holding coverage, endings, dead ends, trap loops and witness paths).

The campaign's state persists from one exploration to the next, and exact states would
multiply beyond reach (every order of every location). So between explorations the
explorer keeps, for each feature (features.py), the set of values it may hold (a
"cartesian" abstraction); inside one exploration it runs the real interpreter on a real
state, branching on every choice, ``ask``, roll arm, toss and encounter outcome. A
feature is taken from the map's set only when a line first reads it (every value, one
branch each); when an exploration ends, the values it left join the sets, and every
place that read the feature is branched again with the new values, until nothing grows.
Nodes (the line waiting for input plus the values of the features read so far) are
memoized. Every concrete play is covered, so a verse reported unreached is unreachable;
the other way, combining values is an over-approximation, which is why each witness is
replayed on the real interpreter before it is shown (report.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from tgc.bundle import schema as s
from tgc.runtime import events as ev
from tgc.runtime.book import Book, StoryError
from tgc.runtime.state import GameState
from tgc.runtime.story import Story
from tgc.tools.features import Feature, Features, Scratch, Test, Value, leaf_tests

Label = str  # a script line ("2", "roll 4", "yes", "win", ":goto 201.1") or "=" + assumption


Pool = list[tuple[Value, Value]]  # (value now, value the map had when the exploration began)


class _Branch(Exception):
    """Give ``feature`` each value of ``pool`` in turn (the line then runs again)."""

    def __init__(self, feature: Feature, pool: Pool, waiter: bool) -> None:
        self.feature, self.pool, self.waiter = feature, pool, waiter


class _Split(Exception):
    """A symbolic feature's values answer the line's tests differently: one branch each."""

    def __init__(self, feature: Feature, classes: list[dict[Value, Value]]) -> None:
        self.feature, self.classes = feature, classes


@dataclass(slots=True)
class Node:
    """A point of play: ``labels`` lead here from ``parent`` (None: the start of an
    exploration); ``assumed`` are the map's values this exploration's play relied on."""

    parent: int | None
    labels: tuple[Label, ...]
    verse: str
    assumed: tuple[tuple[Feature, Value], ...] = ()
    kind: str = "wait"  # "wait" for input, "exit" (an ending), "mark" (first reach of a verse)
    children: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Task:
    """A story to run on. ``known`` features hold concrete values; each ``sym`` feature may
    hold any of its keys (mapped to the map value it came from); others are untouched."""

    story: Story
    known: frozenset[Feature]
    parent: int | None
    labels: tuple[Label, ...]
    assumed: tuple[tuple[Feature, Value], ...] = ()
    sym: dict[Feature, dict[Value, Value]] = field(default_factory=dict)

    def copy(self, story: Story | None = None) -> Task:
        return Task(story or self.story.fork(), self.known, self.parent, self.labels, self.assumed,
                    dict(self.sym))


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
class Finding:
    verse: str
    reason: str
    node: int


@dataclass
class Exploration:
    """What the search found; report.py turns it into text or JSON."""

    book: Book
    start: GameState
    features: Features
    complete: bool = True
    nodes: list[Node] = field(default_factory=list)
    reached: dict[str, int] = field(default_factory=dict)  # verse -> first node reaching it
    blocks: dict[str, int] = field(default_factory=dict)
    choices: set[tuple[str, str | None, int]] = field(default_factory=set)
    parts: set[tuple[str, int]] = field(default_factory=set)
    secrets: set[int] = field(default_factory=set)
    endings: dict[str, dict[str, int]] = field(default_factory=dict)  # kind -> verse -> node
    dead_ends: dict[str, Finding] = field(default_factory=dict)
    loops: dict[str, Finding] = field(default_factory=dict)
    errors: dict[str, Finding] = field(default_factory=dict)
    values: dict[Feature, list[Value]] = field(default_factory=dict)
    provenance: dict[tuple[Feature, Value], int | None] = field(default_factory=dict)
    overrides: dict[tuple[Feature, Value], tuple[Feature, Value]] = field(default_factory=dict)
    entries: list[s.Goto] = field(default_factory=list)

    @property
    def states(self) -> int:
        return len(self.nodes)


def entry_points(book: Book) -> list[tuple[int | None, s.Goto]]:
    """Location hooks (with their location), then event and quest links."""
    out: list[tuple[int | None, s.Goto]] = []
    for location in book.bundle.locations:
        for hook in ("instant", "explore", "menhir", "dream", "nightmare"):
            target = location.hooks.get(hook)
            if isinstance(target, s.Goto):
                out.append((location.number, target))
        for action in location.actions:
            if isinstance(action.target, s.Goto):
                out.append((location.number, action.target))
    for record in (*book.bundle.events, *book.bundle.quests):
        for link in record.links:
            if isinstance(link.target, s.Goto):
                out.append((None, link.target))
    return out


class Explorer:
    """One search. ``explore()`` below is the way in."""

    def __init__(self, book: Book, start: GameState, *, max_states: int,
                 start_at: s.Goto | None = None, progress: Callable[[int, int], None] | None = None) -> None:
        self.book = book
        self.features = Features.of(book, len(start.party))
        self.scratch = Scratch(self.features, start)
        self.result = Exploration(book, start.copy(), self.features)
        self.max_states = max_states
        self.start_at = start_at
        self.progress = progress
        self.queue: deque[Task | Waiter] = deque()
        self.memo: dict[object, int] = {}
        self.seen_points: set[object] = set()
        self.waiters: dict[Feature, list[Waiter]] = {}
        self._tests: dict[tuple[int, int], tuple[dict[Feature, list[Test]], set[Feature]]] = {}
        self.base = Story(book, start.copy(), dice="ask", before_op=self._before_op,
                          on_effect=self._on_effect)
        self._task = Task(self.base, frozenset(), None, ())

    # ------------------------------------------------------------ the search

    def run(self) -> Exploration:
        if self.start_at is not None:
            story = self.base.fork()
            story.begin(self.start_at)
            known = frozenset(self.features.relevant)
            self.queue.append(Task(story, known, None, (f":goto {_goto_text(self.start_at)}",)))
        else:
            self._add_entries()
        while self.queue:
            if len(self.result.nodes) >= self.max_states:
                self.result.complete = False
                break
            item = self.queue.popleft()
            if isinstance(item, Waiter):
                self._wake(item)
            else:
                self._run(item)
            if self.progress is not None:
                self.progress(len(self.result.nodes), len(self.queue))
        return self.result

    def _add_entries(self) -> None:
        for location, target in entry_points(self.book):
            self.result.entries.append(target)
            story = self.base.fork()
            if location is not None:
                story.state.location = location
            story.begin(target)
            task = Task(story, frozenset(), None, (f":goto {_goto_text(target)}",))
            if location is None:
                self.queue.append(task)
            else:
                feature = ("loc", location)
                self.waiters.setdefault(feature, []).append(Waiter(task, feature, "entry"))
                for value in self._values(feature):
                    self._fix(task, feature, value, value, entry=True)

    def _run(self, task: Task) -> None:
        story = task.story
        self._task = task
        while True:
            try:
                event = story.step()
            except _Branch as branch:
                self._branch(task, branch)
                return
            except _Split as split:
                for values in split.classes:
                    child = task.copy()
                    child.sym[split.feature] = values
                    self._put(child, split.feature, next(iter(values)))
                    self.queue.append(child)
                return
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
        key = _key(task, self.features)
        if key in self.memo:
            if task.parent is not None:
                self.result.nodes[task.parent].children.append(self.memo[key])
            return
        node = self._node(task, "wait")
        self.memo[key] = node
        for label, answered in self._answers(story):
            self.queue.append(Task(answered, task.known, node, (label,), task.assumed, dict(task.sym)))

    def _node(self, task: Task, kind: str) -> int:
        story = task.story
        verse = story.cursor.verse if story.cursor else str(getattr(story.ending, "verse", "?"))
        assumed = task.assumed + tuple(
            (f, values[self.features.get(f, story.state)]) for f, values in task.sym.items()
            if self.features.get(f, story.state) in values)
        self.result.nodes.append(Node(task.parent, task.labels, verse, assumed, kind))
        node = len(self.result.nodes) - 1
        if task.parent is not None and kind != "mark":
            self.result.nodes[task.parent].children.append(node)
        return node

    # ------------------------------------------------------------ what a line reads

    def _before_op(self, story: Story, op: s.Op) -> None:
        task = self._task
        cursor = story.cursor
        assert cursor is not None
        assigns: tuple[Feature, ...] = ()
        if isinstance(op, s.Choice):
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
                if feature in concrete and len(task.sym[feature]) > 1:
                    raise _Branch(feature, list(task.sym[feature].items()), False)
            elif feature in concrete or feature[0] not in self.features.symbolic:
                raise _Branch(feature, [(v, v) for v in self._values(feature)], True)
            else:
                self._symbolize(task, feature)
        for feature, checks in tests.items():
            values = task.sym.get(feature)
            if values is not None and len(values) > 1:
                classes: dict[object, dict[Value, Value]] = {}
                for now, was in values.items():
                    classes.setdefault(tuple(check(now) for check in checks), {})[now] = was
                if len(classes) > 1:
                    raise _Split(feature, list(classes.values()))
        for feature in assigns:
            if feature not in task.sym:
                task.known = task.known | {feature}

    def _leaf_tests(self, op: s.Op, ops: tuple[s.Op, ...], start: int
                    ) -> tuple[dict[Feature, list[Test]], set[Feature]]:
        key = (id(op), id(ops) if ops else 0)
        cached = self._tests.get(key)
        if cached is None:
            cached = self._tests[key] = leaf_tests(self.features, self.scratch, op, ops[start:])
        return cached

    def _on_effect(self, story: Story, effect: s.Effect) -> None:
        task = self._task
        if not task.sym:
            return
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
            value = self.features.get(feature, self.result.start)
            values = self.result.values[feature] = [value]
            self.result.provenance[(feature, value)] = None
        return values

    def _put(self, task: Task, feature: Feature, value: Value) -> None:
        self.features.put(feature, value, task.story.state)
        if feature[0] == "status":
            task.story.reset_triggers(str(feature[1]))

    def _symbolize(self, task: Task, feature: Feature) -> None:
        """Let ``feature`` hold every value the map has, at once; a value the map gains
        later is tried from here too."""
        point = ("sym", _key(task, self.features), feature)
        if point not in self.seen_points:
            self.seen_points.add(point)
            self.waiters.setdefault(feature, []).append(Waiter(task.copy(), feature, "sym"))
        task.sym[feature] = {v: v for v in self._values(feature)}
        self._put(task, feature, self._values(feature)[0])

    def _branch(self, task: Task, branch: _Branch) -> None:
        feature = branch.feature
        if branch.waiter:
            point = ("branch", _key(task, self.features), feature)
            if point in self.seen_points:
                return
            self.seen_points.add(point)
            self.waiters.setdefault(feature, []).append(Waiter(task, feature, "branch"))
        for now, was in branch.pool:
            self._fix(task, feature, now, was)

    def _fix(self, task: Task, feature: Feature, now: Value, was: Value, entry: bool = False) -> None:
        if entry and not now[0]:  # type: ignore[index]
            return  # the location is not in play
        child = task.copy()
        child.sym.pop(feature, None)
        child.known = child.known | {feature}
        child.assumed = child.assumed + ((feature, was),)
        self._put(child, feature, now)
        self.queue.append(child)

    def _contribute(self, task: Task, node: int) -> None:
        """An exploration ended: the values it leaves join the map's sets."""
        state = task.story.state
        out: list[tuple[Feature, Value, tuple[Feature, Value] | None]]
        out = [(f, self.features.get(f, state), None) for f in task.known]
        out += [(f, now, (f, was)) for f, values in task.sym.items() for now, was in values.items()]
        for feature, value, override in out:
            values = self._values(feature)
            if value in values:
                continue
            values.append(value)
            self.result.provenance[(feature, value)] = node
            if override is not None:
                self.result.overrides[(feature, value)] = override
            for waiter in self.waiters.get(feature, ()):
                waiter.pending[value] = value
                if not waiter.queued:
                    waiter.queued = True
                    self.queue.append(waiter)

    def _wake(self, waiter: Waiter) -> None:
        values, waiter.pending, waiter.queued = waiter.pending, {}, False
        if waiter.mode == "sym":
            child = waiter.task.copy()
            child.sym[waiter.feature] = values
            self._put(child, waiter.feature, next(iter(values)))
            self.queue.append(child)
            return
        for value in values:
            self._fix(waiter.task, waiter.feature, value, value, entry=waiter.mode == "entry")

    # ------------------------------------------------------------ inputs

    def _answers(self, story: Story) -> list[tuple[Label, Story]]:
        waiting = story.waiting
        out: list[tuple[Label, Story]] = []
        if isinstance(waiting, ev.ChoicesOffered):
            for offer in waiting.choices:
                child = story.fork()
                child.choose(offer.index)
                if waiting.purpose == "choice" and child.last_choice is not None:
                    self.result.choices.add(child.last_choice)
                out.append((str(offer.index + 1), child))
        elif isinstance(waiting, ev.AskPosed):
            for yes in (True, False):
                child = story.fork()
                child.answer(yes)
                out.append(("yes" if yes else "no", child))
        elif isinstance(waiting, ev.RollRequested):
            op = story.book.body(story.cursor.verse, story.cursor.block).ops[story.cursor.index]  # type: ignore[union-attr]
            assert isinstance(op, s.Roll)
            for dice_sum in _roll_sums(op, waiting):
                child = story.fork()
                child.give_roll(dice_sum)
                out.append((f"roll {dice_sum}", child))
        elif isinstance(waiting, ev.TossRequested):
            for side in ("heads", "tails"):
                child = story.fork()
                child.give_toss(side)
                out.append((f"toss {side}", child))
        elif isinstance(waiting, ev.EncounterStarted):
            for outcome in waiting.outcomes:
                child = story.fork()
                child.resolve(outcome)
                out.append((outcome, child))
        return out

    # ------------------------------------------------------------ what play shows

    def _see(self, event: ev.Event, task: Task) -> None:
        result, story = self.result, task.story
        if isinstance(event, ev.VerseEntered):
            if event.block is not None:
                result.blocks.setdefault(f"{event.verse}.{event.block}", 0)
                return
            if event.verse not in result.reached:
                result.reached[event.verse] = self._node(task, "mark")
            feature = ("visited", event.verse)
            if feature in self.features.relevant and feature not in task.known:
                values = task.sym.pop(feature, None)
                if values:
                    task.assumed += ((feature, next(iter(values.values()))),)
                task.known = task.known | {feature}
        elif isinstance(event, ev.EffectApplied):
            self._see_effect(event.effect, story)
        elif isinstance(event, ev.ExplorationEnded | ev.ChapterEnded | ev.GameOver):
            node = self._node(task, "exit")
            kind = {ev.ExplorationEnded: "end", ev.ChapterEnded: "end-chapter"}.get(type(event), "game-over")
            result.endings.setdefault(kind, {}).setdefault(event.verse, node)
            if isinstance(event, ev.ExplorationEnded) and self.start_at is None:
                self._contribute(task, node)
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
    story = task.story
    cursor = story.cursor
    where = (cursor.verse, cursor.block, cursor.index) if cursor else None
    values = frozenset((f, features.get(f, story.state)) for f in task.known)
    sym = frozenset((f, frozenset(v)) for f, v in task.sym.items())
    return (where, tuple(story.queue), values, sym, tuple(sorted(story.state.answers.items())),
            tuple(sorted(story.state.dropped)), type(story.waiting).__name__)


def _goto_text(target: s.Goto) -> str:
    return f"{target.verse} {target.block}" if target.block else target.verse


def explore(book: Book, start: GameState, *, max_states: int = 200_000, start_at: s.Goto | None = None,
            progress: Callable[[int, int], None] | None = None) -> Exploration:
    """Walk every branch from every entry point (or from ``start_at`` only, with ``start``
    as it is). Stops after ``max_states`` nodes with ``complete`` false."""
    return Explorer(book, start, max_states=max_states, start_at=start_at, progress=progress).run()
