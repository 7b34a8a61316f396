"""Explorer, the witnesses: an Exploration and a goal (a verse to read, an ending to meet)
in, a script of inputs that reaches it on the real interpreter out, or the reason none was
found.

The search combines values that separate explorations left (explore.py), so the path it
recorded to a verse may rely on values no single campaign holds together. A witness is
therefore planned backwards and played forwards: the goal's exploration relied on some
values; each one that the state does not hold is made by one of the explorations that
left it (which relied on values of their own, made the same way first), played on the
real interpreter from its entry point, looking for any play that leaves the value and
keeps what is still needed; the day and the chapter are moved on where a step needs it.
When the values are there, the goal's exploration is searched for a play that reaches
it. Choices that fail are taken back and the next producer or play is tried, within a
budget. What comes out has been played, so it replays.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from tgc.explore.explorer import ASSIGNED, Exploration, options
from tgc.explore.features import Feature, Value
from tgc.limits import as_number
from tgc.runtime import events as ev
from tgc.runtime.book import StoryError
from tgc.runtime.state import Chapter, GameState
from tgc.runtime.story import InputError, Story, action_key

Goal = Callable[[ev.Event], bool]
Need = tuple[Feature, frozenset[Value]]  # a feature, and the values any of which will do
Line = tuple[GameState, tuple[str, ...]]  # a state, and the inputs that led there
PLAYS = 2  # plays of one exploration tried before another producer is
STEP_BUDGET = 3_000  # points of play searched in one exploration
PLAN_BUDGET = 60_000  # points of play searched for one witness
MAX_DEPTH = 60  # values made, one after another, for one witness


@dataclass(frozen=True, slots=True)
class Witness:
    """``inputs``: the script (each exploration starts with ``:enter``, ``:act`` or
    ``:goto``; ``:day``/``:chapter`` move the clock on, ``:set FACT N`` stands for the
    campaign layer setting one of its facts). ``why``: when none was found."""

    goal: str
    inputs: tuple[str, ...]
    why: str = ""

    @property
    def found(self) -> bool:
        return not self.why

    def script(self, source: str = "CAMPAIGN", state: str | None = None,
               party: tuple[str, ...] = ()) -> str:
        """The witness as a script for ``tgc play --at none --fights ask --script`` (the
        explorer lets the reader settle every encounter). A witness found for a ``party``
        replays only with that party, so the replay line names it (a state file brings its
        own)."""
        start = state or ("the default starting state" if not party
                          else f"the default starting state of {', '.join(party)}")
        flags = f" --state {state}" if state else (f" --party {','.join(party)}" if party else "")
        lines = [f"# witness: reaches {self.goal} in {len(self.inputs)} input(s)",
                 f"# starting state: {start}",
                 f"# replay: tgc play {source} --at none --fights ask{flags} --script THIS_FILE"]
        return "\n".join([*lines, *self.inputs]) + "\n"


class _Spent(Exception):
    """The witness's budget is used up."""


@dataclass(frozen=True, slots=True)
class Stuck:
    """The goal of a trap's proof: a play waiting in ``verse`` from which no run of answers
    ends its exploration, shown on the interpreter (``Planner.stuck``). No event meets it:
    the planner asks it of every play that waits."""

    verse: str

    def __call__(self, event: ev.Event) -> bool:
        return False


class Planner:
    """Plans witnesses for one Exploration."""

    def __init__(self, ex: Exploration) -> None:
        self.ex = ex
        self.features = ex.features
        self.clock = ex.features.clock
        self.relevant = sorted(ex.features.relevant, key=repr)
        self._values = ex.features.reader(self.relevant)
        self.spent = 0
        self.others = False  # the second round: other values of needs met too
        self.ready_first = False  # the third: the producers whose needs are held first
        # What became of the plays a trap's proof met waiting in its verse (``stuck``),
        # so that a trap left in doubt says why.
        self.escaped = self.overran = False

    def plan(self, nodes: list[int], goal: Goal, label: str) -> Witness:
        """A witness for ``goal``, met in the exploration one of ``nodes`` belongs to (each
        tried in turn, with its share of the budget). A second round, only if the first
        finds none, also makes the other values of needs the state already meets
        (``_others``): a witness the first round finds stays the one it was. A third, only
        when a round ran out of budget, tries first the producers of a value whose own needs
        the play already holds (``ready_first``): the search's order may spend the whole
        budget on producers that need long chains of their own (gen 100 seed 2's 103.21:
        none within the budget in the search's order). It also takes more parts of a status
        than a need asks where no line turns away on them (``_more_parts``)."""
        spent_all = False
        self.escaped = self.overran = False
        for self.others, self.ready_first in ((False, False), (True, False), (False, True)):
            if self.ready_first and not spent_all:
                break  # no play to find, not a budget too small for the search's order
            for node in nodes:
                self.spent, self.budget = 0, PLAN_BUDGET // len(nodes)
                self.tried: set[object] = set()
                self.goal, self.goal_node = goal, node
                start = (self.ex.start.copy(), ())
                try:
                    found = self._solve(start, self.ex.nodes[node].assumed, frozenset(), 0)
                except _Spent:
                    spent_all = True
                    continue
                if found is not None:
                    return Witness(label, found)
        if isinstance(goal, Stuck) and self.overran:
            return Witness(label, (), f"a play waits here, but proving that no answer gets it out "
                                      f"ran past the proof's budget of {STEP_BUDGET:,} points")
        if isinstance(goal, Stuck) and self.escaped:
            return Witness(label, (), "every play found waiting here has a way out on the "
                                      "interpreter: the values that close it come from explorations "
                                      "no one campaign holds together")
        if spent_all:
            return Witness(label, (), "no play found within the search budget")
        return Witness(label, (), "no order of the explorations it relies on, played on the "
                                  "interpreter, reaches it: the explorer combined values that "
                                  "separate explorations left, which no one campaign holds together")

    # ------------------------------------------------------------ making values

    def _solve(self, line: Line, pending: tuple[Need, ...], making: frozenset[Need],
               depth: int) -> tuple[str, ...] | None:
        """Inputs from ``line`` that meet the goal: at once if a play can, else after making
        the next value in ``pending`` (the values the search saw the goal's exploration, and
        the explorations before it, rely on; a play may well do without some, so a value that
        cannot be made is left out)."""
        self._spend()
        reached = self._play(line, self.goal_node, self.goal, None, ())
        if reached:
            return reached[0][1]
        unmet = tuple(n for n in pending if not self._holds(line[0], n))
        pending = unmet or (self._others(line[0], pending) if self.others else ())
        if not pending or depth > MAX_DEPTH:
            return None
        need, rest = pending[0], pending[1:]
        if need[0][0] == "clock":
            moved = self._move_clock(line, need)
            return self._solve(moved if moved is not None else line, rest, making, depth + 1)
        producers = self._producers(*need)
        if self.ready_first:
            producers.sort(key=lambda source: sum(not self._holds(line[0], n)
                                                  for n in self._relied(source[0], need[0], source[1])))
        for node, _ in producers:
            for played in self._play(line, node, None, need, rest):
                found = self._solve(played, rest, making, depth + 1)
                if found is not None:
                    return found
        if need not in making:  # make what a producer relied on first, then try it again
            for node, was in producers:
                relied = tuple(n for n in self._relied(node, need[0], was)
                               if n not in making and n not in pending and not self._holds(line[0], n))
                if relied:
                    found = self._solve(line, relied + pending, making | {need}, depth + 1)
                    if found is not None:
                        return found
        return self._solve(line, rest, making, depth + 1)

    def _others(self, state: GameState, needs: tuple[Need, ...]) -> tuple[Need, ...]:
        """The other values of needs ``state`` meets, where no play meets the goal even so.

        A memo point joins plays that came to it by different ways (from other entries,
        through other choices), and a need's values are those of all of them: each would
        have done for its own way, not for every way. The value held may belong to a way
        this state cannot take (secret 8 not held opens no choice that asks for it), and
        another of the need's values may open one it can. A number held at or above the
        least a need allows is left alone (more would open nothing more)."""
        out: list[Need] = []
        for feature, values in needs:
            if feature[0] == "num" and self._holds(state, (feature, frozenset({min(values)}))):  # type: ignore[type-var]
                continue
            others = values - {self.features.get(feature, state)}
            if others:
                out.append((feature, others))
        return tuple(out)

    def _producers(self, feature: Feature, values: frozenset[Value]) -> list[tuple[int, Value]]:
        out: list[tuple[int, Value]] = []
        for value in values:
            out += self.ex.producers.get((feature, value), [])
        return sorted(set(out), key=lambda source: source[0])

    def _relied(self, node: int, feature: Feature, was: Value) -> tuple[Need, ...]:
        """What the exploration of ``node`` relied on, the value it began from for
        ``feature`` instead of whatever its first play had."""
        needs = [n for n in self.ex.nodes[node].assumed if n[0] != feature]
        if was is not ASSIGNED:
            needs.append((feature, frozenset({was})))
        return tuple(needs)

    def _holds(self, state: GameState, need: Need) -> bool:
        """Does ``state`` hold one of the values? An attribute or a resource at or above
        the least of them counts too where only choices' guards ask for enough of it; not
        where a line may turn away on more (``Features.more_may_hurt``)."""
        feature, values = need
        value = self.features.get(feature, state)
        if value in values:
            return True
        if (feature[0] == "num" and feature[1] not in state.vocabulary.tracks
                and feature[1] not in self.features.more_may_hurt):
            least = min(values)  # type: ignore[type-var]
            return all(mine >= want for mine, want in zip(value, least, strict=True))  # type: ignore[call-overload]
        if feature[0] == "status" and self.ready_first:
            return any(self._more_parts(str(feature[1]), value, wanted) for wanted in values)  # type: ignore[arg-type]
        return False

    def _more_parts(self, status: str, held: frozenset[int], wanted: frozenset[int]) -> bool:
        """In the third round: ``held`` has every part of ``wanted`` and more, none of the
        more read where it could close a way (``Features.parts_may_hurt``)."""
        hurts = self.features.parts_may_hurt
        return wanted <= held and (status, None) not in hurts and not any(
            (status, part) in hurts for part in held - wanted)

    def _move_clock(self, line: Line, need: Need) -> Line | None:
        """Move the day or the chapter on, or set a campaign fact, to the earliest value
        the need allows."""
        hand, values = need
        state = line[0]
        now = self.clock.get(hand, state, raw=True)
        later = sorted((v for v in values if self.clock.later(hand, v, now)), key=str)
        if not later:
            return None
        moved = state.copy()
        self.clock.put(hand, later[0], moved)
        return moved, (*line[1], self.clock.script(hand, later[0]))

    # ------------------------------------------------------------ playing one exploration

    def _play(self, line: Line, node: int, goal: Goal | None, need: Need | None,
              keep: tuple[Need, ...]) -> list[Line]:
        """Plays of ``node``'s exploration from ``line``: the shortest that meets ``goal``,
        or the best few that end it holding ``need`` (keeping most of ``keep``)."""
        self._spend()
        tried = (self._state_key(line[0]), node, need)
        if tried in self.tried:
            return []
        self.tried.add(tried)
        state, inputs = line[0].copy(), list(line[1])
        entry = self.ex.entries[self.ex.nodes[node].entry]
        if entry.location is not None and entry.location not in state.in_play:
            return []
        if entry.action is not None and entry.action.once_per_day:
            if state.acted.get(action_key(entry.location or 0, entry.action.name)) == state.day:
                state.day += 1  # once a day: it waits for the next one
                inputs.append(":day")
        story = Story(self.ex.book, state, dice="ask")
        try:
            entry.begin(story)
        except (InputError, StoryError):
            return []
        return self._search(story, (*inputs, entry.label), goal, need, keep)

    def _search(self, story: Story, inputs: tuple[str, ...], goal: Goal | None, need: Need | None,
                keep: tuple[Need, ...]) -> list[Line]:
        """Breadth first through one exploration, every answer tried (as the explorer does)."""
        ended: list[Line] = []
        todo: deque[tuple[Story, tuple[str, ...]]] = deque([(story, inputs)])
        seen: set[object] = set()
        budget = STEP_BUDGET
        while todo and budget > 0:
            story, inputs = todo.popleft()
            try:
                events = story.run()
            except StoryError:
                continue
            budget -= 1
            self._spend()
            if goal is not None and any(goal(e) for e in events):
                return [(story.state, inputs)]
            if isinstance(goal, Stuck) and story.waiting is not None and self.stuck(story, goal.verse):
                return [(story.state, inputs)]
            if story.waiting is None:
                if need is not None and isinstance(story.ending, ev.ExplorationEnded | ev.ChapterEnded):
                    if self._holds(story.state, need):
                        ended.append((story.state, inputs))
                continue
            key = self._point(story)
            if key in seen:
                continue
            seen.add(key)
            for label, give in options(story):
                child = story.fork()
                try:
                    give(child)
                except (InputError, StoryError):
                    continue
                todo.append((child, (*inputs, label)))
        ended.sort(key=lambda line: (-sum(self._holds(line[0], n) for n in keep), len(line[1])))
        return ended[:PLAYS]

    def stuck(self, story: Story, verse: str) -> bool:
        """Does ``story`` wait in ``verse`` with no run of answers from here that ends its
        exploration (an ending, a dead end, a loop the interpreter stops, a line that
        raises)? Every answer is played, points met again with the same values skipped, up
        to ``STEP_BUDGET`` points: past it the play is not shown stuck."""
        cursor = story.cursor
        if cursor is None or cursor.verse != verse:
            return False
        todo, seen = [story], {self._point(story)}
        while todo:
            current = todo.pop()
            for _, give in options(current):
                child = current.fork()
                try:
                    give(child)
                    child.run()
                except (InputError, StoryError):
                    self.escaped = True
                    return False
                if child.waiting is None:
                    self.escaped = True
                    return False  # this run ends the exploration
                key = self._point(child)
                if key not in seen:
                    if len(seen) >= STEP_BUDGET:
                        self.overran = True
                        return False
                    seen.add(key)
                    todo.append(child)
        return True

    def _spend(self) -> None:
        self.spent += 1
        if self.spent > self.budget:
            raise _Spent

    def _state_key(self, state: GameState) -> object:
        return (state.day, state.chapter, tuple(sorted(state.acted.items())), self._values(state))

    def _point(self, story: Story) -> object:
        cursor = story.cursor
        where = (cursor.verse, cursor.block, cursor.index) if cursor else None
        state = story.state
        return (where, tuple(story.queue), tuple(sorted(state.answers.items())), type(story.waiting).__name__,
                self._values(state))


def witness(ex: Exploration, verse: str) -> Witness | None:
    """A witness for ``verse`` (None: no play reaches it), replayed before it is returned."""
    nodes = ex.reached_by.get(verse)
    if not nodes:
        return None
    found = Planner(ex).plan(nodes, reaches_verse(verse), verse)
    if found.found and not replay(ex, found.inputs, reaches_verse(verse)):  # pragma: no cover - a bug
        return Witness(verse, (), "the play that was found did not replay (a bug in tgc)")
    return found


def replay(ex: Exploration, inputs: tuple[str, ...], goal: Goal) -> bool:
    """Run a witness script on the interpreter (dice asked) from the exploration's start:
    does it meet ``goal`` (a ``Stuck`` goal: is the play stuck where the script leaves it)?"""
    story = Story(ex.book, ex.start.copy(), dice="ask")
    try:
        for line in inputs:
            feed(ex, story, line)
            if any(goal(event) for event in story.run()):
                return True
    except (InputError, StoryError, ValueError):
        return False
    return isinstance(goal, Stuck) and story.waiting is not None and Planner(ex).stuck(story, goal.verse)


def trap_witness(ex: Exploration, verse: str, node: int, planner: Planner | None = None) -> Witness:
    """A play stuck in ``verse`` (``Stuck``), planned from the plays that first reached the
    verse, else from the point ``node``; replayed before it is returned."""
    label = f"the trap at {verse} (no play leaves it)"
    planner = planner or Planner(ex)
    first = ex.reached_by.get(verse, [])  # the same for a search that settled and the whole one
    found = planner.plan(first, Stuck(verse), label) if first else None
    if found is None or not found.found and node not in first:
        found = planner.plan([node], Stuck(verse), label)
    if found.found and not replay(ex, found.inputs, Stuck(verse)):  # pragma: no cover - a bug
        return Witness(label, (), "the play that was found did not replay (a bug in tgc)")
    return found


def feed(ex: Exploration, story: Story, line: str) -> None:
    """One script line of the kinds a witness holds."""
    word, _, rest = line.partition(" ")
    entries = {entry.label: entry for entry in ex.entries}
    if line in entries:
        entries[line].begin(story)
    elif word == ":day":
        story.next_day(int(rest) if rest else None)
    elif word == ":chapter":
        story.next_chapter(Chapter.parse(rest))
    elif word == ":set" and rest.partition(" ")[0] in story.state.vocabulary.facts:
        name, _, value = rest.partition(" ")
        story.state.facts[name] = int(value)
    elif (number := as_number(word)) is not None:
        story.choose(number - 1)
    elif word in ("yes", "no"):
        story.answer(word == "yes")
    elif word == "roll":
        story.give_roll(int(rest))
    elif word == "toss":
        story.give_toss(rest)
    elif word in ("win", "lose", "avoid"):
        story.resolve(word)
    else:
        raise ValueError(f"not a witness line: {line!r}")


def reaches_verse(verse: str) -> Goal:
    return lambda e: isinstance(e, ev.VerseEntered) and e.block is None and e.verse == verse


def meets(kind: type, verse: str) -> Goal:
    """An ending of ``kind`` (ChapterEnded, GameOver, DeadEnd, LoopDetected) at ``verse``."""
    return lambda e: isinstance(e, kind) and getattr(e, "verse", None) == verse
