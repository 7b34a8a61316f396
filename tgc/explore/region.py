"""Explorer, the doubtful waiting points decided: a Book, the bound's values at the start of
every body (bound.py) and the waiting points the ways out (ways.py) could not prove safe
in, those still not proven safe after a search of their region alone out.

The ways out take every condition either way, so a loop such as ``~ if item "Healing Herbs"
-> 20`` with a free choice back to it stays in doubt there, though it may only trap a play
that lacks what the guarded ways out need. Here the features the region's conditions and
costs read are followed exactly, each as classes of the values the bound allows at the
body (values that no test of the region tells apart, now or after any of its effects,
share a class: a Moore refinement), and the least fixed point of safe waiting points is
taken over (line, classes). A doubtful point is proven safe when it is safe with every
class the bound allows it to be met with. The region ends where the ways out proved every
point safe whatever the state, and at the ends of the exploration.

The same product also says which classes no play ever leaves: a (line, classes) from which
no run, with every condition the region cannot decide taken either way, comes to an end, a
dead end, a loop without input, a line that raises or a body proven safe. A region keeps
them as a ``Snare`` (explorer.py settles on a point its plays may meet in such a class,
where a memo point's joined values hide the trap from the search's own graph).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from functools import partial
from typing import cast

from tgc.bundle import schema as s
from tgc.conditions import form as f
from tgc.explore.bound import Bound
from tgc.explore.features import Feature, Features, Scratch, Value
from tgc.explore.ways import Ways, ways_out
from tgc.runtime.book import StoryError
from tgc.runtime.conditions import cost_amount

Key = tuple[str, str | None]
Pos = tuple[Key, int]
Vals = tuple[Value, ...]  # one class representative per followed feature
Node = tuple[Pos, Vals]
State = Mapping[Feature, frozenset[Value]]
Good = Callable[[Key], bool]  # does every silent run from this body's start meet only safe points?
BAD: Node = ((("", None), -1), ())  # a way the region cannot follow: never safe
MAX_VALUES = 4_096  # values of one feature (closed under the region's effects)
MAX_NODES = 50_000  # product nodes one region may take before it stays in doubt
MAX_STEPS = 400_000  # lines all the regions of one verdict may run (the rest stay in doubt)
EITHER = frozenset({True, False})


@dataclass(frozen=True, slots=True)
class Snare:
    """The classes of a doubtful body's region in which no play leaves: ``tracked`` the
    features the region follows, ``canon`` each value's class, ``caught`` per line of the
    body the class tuples (in ``tracked``'s order) from which no run ends the exploration."""

    key: Key
    tracked: tuple[Feature, ...]
    canon: Mapping[Feature, Mapping[Value, Value]]
    caught: Mapping[int, frozenset[Vals]]

    def holds(self, index: int, values: Mapping[Feature, Collection[Value]]) -> bool:
        """May a play waiting at line ``index`` with ``values`` (for each tracked feature,
        the values its plays may hold) be in a class no play leaves? Values outside the
        region's classes (the bound did not allow them) prove nothing."""
        caught = self.caught.get(index)
        if not caught:
            return False
        held = [{self.canon[x][v] for v in values.get(x, ()) if v in self.canon[x]} for x in self.tracked]
        return any(all(c in h for c, h in zip(vals, held, strict=True)) for vals in caught)


def ways_of(features: Features, scratch: Scratch, limit: Bound, every: bool = False,
            snares: MutableMapping[Key, Snare] | None = None) -> Ways:
    """The ways out of the bound's bodies (ways.py), the points they leave in doubt decided
    by their regions (``every``: each point, else up to the first left in doubt; ``snares``
    gathers their regions' snares); the bound's per-body values are dropped after (they
    are large)."""
    starts = limit.starts
    limit.starts = {}
    return ways_out(features.book, limit.bodies, limit.queued, limit.truths,
                    decide=lambda doubtful, good: decide(features, scratch, starts, doubtful, good, every,
                                                         snares))


def decide(features: Features, scratch: Scratch, starts: Mapping[Key, State], doubtful: Iterable[Pos],
           good: Good, every: bool = False, snares: MutableMapping[Key, Snare] | None = None) -> list[Pos]:
    """The doubtful points not proven safe by a search of their region, in their order.

    A report names only the first point left in doubt, so by default the look stops at it
    (the points after it are kept unexamined: not proven is not proven). ``every`` looks at
    each (the explorer settles on the traps it found only when it knows every point that
    may trap, explorer.py). The points of one body share its region, searched once; every
    region of one call draws on one budget of lines run, so a campaign whose regions are
    too large for it stays in doubt after a bounded time instead of deciding point after
    point for minutes (the points past the budget stay in doubt unexamined)."""
    points = list(doubtful)
    budget = _Budget(MAX_STEPS)
    memo: dict[Key, bool] = {}
    judged: dict[Key, frozenset[Pos] | None] = {}  # a body's unsafe points
    kept: list[Pos] = []
    for n, pos in enumerate(points):
        key = pos[0]
        if key not in judged:
            region = None if key not in starts else _Region(features, scratch, key, _memo(good, memo), budget)
            judged[key] = None if region is None else region.unsafe_points(starts[key])
            if region is not None and region.snare is not None and snares is not None:
                snares[key] = region.snare
        unsafe = judged[key]
        if unsafe is None and budget.left < 0:
            return [*kept, *points[n:]]
        if unsafe is None or pos in unsafe:
            if not every:
                return points[n:]
            kept.append(pos)
    return kept


class _Budget:
    """Lines the regions of one verdict may still run."""

    def __init__(self, steps: int) -> None:
        self.left = steps


def _memo(good: Good, kept: dict[Key, bool]) -> Good:
    """``good`` once per body: it walks the verse graph, and a region asks it at every jump."""
    def once(key: Key) -> bool:
        found = kept.get(key)
        if found is None:
            found = kept[key] = good(key)
        return found
    return once


class _Region:
    def __init__(self, features: Features, scratch: Scratch, key: Key, good: Good, budget: _Budget) -> None:
        self.features, self.scratch, self.good, self.budget = features, scratch, good, budget
        self.book = features.book
        self.key = key
        self.bodies = self._bodies(key)
        self.tracked: list[Feature] = []
        self.canon: dict[Feature, dict[Value, Value]] = {}
        self._pays: dict[int, tuple[s.Cost, s.Amount]] = {}
        self._touched: dict[int, tuple[s.Op, tuple[int, ...]]] = {}  # id(effect) -> tracked it changes
        self._runs: dict[Node, tuple[frozenset[Node], bool]] = {}
        self.unsure = False
        self.snare: Snare | None = None  # once ``unsafe_points`` has followed the region

    # ------------------------------------------------------------ the region and its classes

    def _bodies(self, key: Key) -> list[Key]:
        """The bodies reachable from ``key`` short of proven-safe ones, first met first."""
        out, todo = [key], [key]
        while todo:
            for op in self.book.body(*todo.pop()).ops:
                for target in _targets(op):
                    there = (target.verse, target.block) if isinstance(target, s.Goto) else None
                    if there is not None and there not in out and not self.good(there):
                        out.append(there)
                        todo.append(there)
        return out

    def _lines(self) -> Iterable[s.Op]:
        for key in self.bodies:
            yield from self.book.body(*key).ops

    def _leaf(self, leaf: f.Condition) -> Feature | None:
        read = [x for x in self.features.cond_features(leaf) if x in self.features.relevant]
        return read[0] if len(read) == 1 else None

    def _classes(self, start: State) -> bool:
        """The features the region reads and their classes (False: it cannot be followed)."""
        tests: dict[Feature, list[Callable[[Value], bool]]] = {}
        for op in self._lines():
            for cond in _conds(op):
                for leaf in f.leaves(self.book.form(cond)):
                    feature = self._leaf(leaf)
                    if feature is not None and not isinstance(leaf, f.Not | f.And | f.Or):
                        tests.setdefault(feature, []).append(partial(self.scratch.test, feature, leaf))
            for cost in op.costs if isinstance(op, s.Choice) else ():
                feature = ("num", cost.resource)
                tests.setdefault(feature, []).append(partial(self.scratch.afford, feature, cost))
            if isinstance(op, s.Roll) and any(mod.attribute for mod in op.modifiers):
                return False
            effect = op.effect if isinstance(op, s.IfEffect) else op
            if isinstance(effect, s.Phrase | s.TimeToken | s.LocationChange | s.ItemChange) and (
                    isinstance(effect, s.Phrase | s.TimeToken) or effect.kind == "move-to"
                    or (isinstance(effect, s.ItemChange) and effect.keyword)):
                return False  # the campaign layer or the reader sets values anew
        for feature, checks in tests.items():
            if feature not in start:
                continue
            values = self._closure(feature, start[feature])
            if values is None:
                return False
            self.tracked.append(feature)
            self.canon[feature] = _refine(values, checks, self._moves(feature))
        return True

    def _moves(self, feature: Feature) -> list[Callable[[Value], Value | None]]:
        """How the region's lines may change ``feature`` (None: the line raises)."""
        out: list[Callable[[Value], Value | None]] = []
        for key in self.bodies:
            for op in self.book.body(*key).ops:
                effect = op.effect if isinstance(op, s.IfEffect) else op
                if self._touches(effect, feature):
                    out.append(partial(self._apply, feature, effect))
                for cost in op.costs if isinstance(op, s.Choice) else ():
                    if ("num", cost.resource) == feature:
                        out.append(partial(self._apply, feature, self._pay(cost)))
                for target in _targets(op):
                    if isinstance(target, s.Goto) and target.block is None and (
                            feature == ("visited", target.verse)):
                        out.append(_seen)
        return out

    def _touches(self, effect: s.Op, feature: Feature) -> bool:
        if isinstance(effect, s.Mark):
            return feature == ("status", effect.status)
        if isinstance(effect, s.Text | s.Divert | s.IfDivert | s.Choice | s.Roll | s.Toss | s.Encounter):
            return False
        needs, assigns = self.features.touch(effect)
        return feature in needs or feature in assigns

    def _apply(self, feature: Feature, effect: s.Op, value: Value) -> Value | None:
        try:  # (an effect line, as ``_touches`` found)
            return self.scratch.apply(feature, cast(s.Effect, effect), value)
        except StoryError:
            return None

    def _pay(self, cost: s.Cost) -> s.Amount:
        kept = self._pays.get(id(cost))
        if kept is None:
            amount = cost_amount(cost, self.scratch.state)
            kept = self._pays[id(cost)] = (cost, s.Amount(kind="pay", amount=amount, what=cost.resource,
                                                          party="shared"))
        return kept[1]

    def _closure(self, feature: Feature, start: frozenset[Value]) -> set[Value] | None:
        moves = self._moves(feature)
        seen, todo = set(start), list(start)
        while todo:
            value = todo.pop()
            for move in moves:
                after = move(value)
                if after is not None and after not in seen:
                    seen.add(after)
                    todo.append(after)
                    if len(seen) > MAX_VALUES:
                        return None
        return seen

    # ------------------------------------------------------------ the product and its fixed point

    def unsafe_points(self, start: State) -> frozenset[Pos] | None:
        """The waiting points of the first body not proven safe with every class play may
        meet them with (None: the region cannot be followed, or is beyond its budget). Play
        meets them through the body's start, with values the bound holds there: the nodes
        a run from the start with the bound's classes comes to, and those past an encounter
        of the body (its outcomes leave the values as they were)."""
        if not self._classes(start):
            return None
        firsts = [tuple(sorted({self.canon[x][v] for v in start[x]}, key=repr)) for x in self.tracked]
        alternatives: dict[Node, list[set[Node]]] = {}
        met: set[Node] = set()
        for vals in itertools.product(*firsts):
            met |= self._run(((self.key, 0), vals))
            if self.budget.left < 0:
                return None
        todo = list(met)
        while todo:
            node = todo.pop()
            if node in alternatives or node == BAD:
                continue
            if len(alternatives) > MAX_NODES or self.budget.left < 0:
                return None
            alternatives[node] = self._answers(node)
            todo.extend(n for alt in alternatives[node] for n in alt if n not in alternatives)
        if self.unsure:
            return None
        self.snare = self._snare(alternatives)
        safe = _fixed_point(alternatives)
        return frozenset(n[0] for n in self._past_encounters(met) if n not in safe)

    def _snare(self, alternatives: Mapping[Node, list[set[Node]]]) -> Snare:
        """The product waiting points from which no run ends (the greatest set closed under
        every answer's runs that holds no point where one may end), by the body's lines."""
        ends = [n for n in alternatives if self._may_end(n)]
        parents: dict[Node, list[Node]] = {}
        for node, alts in alternatives.items():
            for alt in alts:
                for after in alt:
                    parents.setdefault(after, []).append(node)
        leaves, todo = set(ends), list(ends)
        while todo:
            for parent in parents.get(todo.pop(), ()):
                if parent not in leaves:
                    leaves.add(parent)
                    todo.append(parent)
        caught: dict[int, set[Vals]] = {}
        for (key, i), vals in alternatives:
            if key == self.key and ((key, i), vals) not in leaves:
                caught.setdefault(i, set()).add(vals)
        return Snare(self.key, tuple(self.tracked), self.canon,
                     {i: frozenset(found) for i, found in caught.items()})

    def _may_end(self, node: Node) -> bool:
        """May some answer at this product point lead, without further input, to an end of
        the exploration (every way the region cannot follow counts as one)?"""
        (key, i), vals = node
        ops = self.book.body(*key).ops
        op = ops[i]
        match op:
            case s.Choice():
                offered = [(c, o) for c in ops[i:] if isinstance(c, s.Choice)
                           and (o := self._offered(c, vals)) is not None]
                if not any(sure for _, (_, sure) in offered):
                    return True  # maybe none is offered: the verse dead-ends
                return any(self._ends_at(c.target, v) for c, (paid, _) in offered for v in paid)
            case s.Roll():
                bonus = sum(mod.sign * mod.value for mod in op.modifiers)
                low, high = op.dice + bonus, op.dice * op.sides + bonus
                arms = [a for a in op.arms if a.low <= high and (a.high is None or a.high >= low)]
                covered = {n for a in arms for n in range(a.low, (a.high or high) + 1)}
                return not covered >= set(range(low, high + 1)) or any(
                    self._ends_at(a.target, vals) for a in arms)
            case s.Toss():
                sides = [next((a for a in op.arms if a.side == side), None) for side in ("heads", "tails")]
                return any(a is None or self._ends_at(a.target, vals) for a in sides)
            case s.Encounter():
                outcomes = {a.outcome: a for a in op.arms}
                return self._runs_end(((key, i + 1), vals)) or any(
                    self._ends_at(a.target, vals) for a in outcomes.values())
        return True

    def _ends_at(self, target: s.Target, vals: Vals) -> bool:
        found = self._to(target, vals)
        return not found or self._runs_end(found[0])  # an ending, a safe body or one not followed

    def _past_encounters(self, met: set[Node]) -> set[Node]:
        todo, out = list(met), set(met)
        while todo:
            (key, i), vals = todo.pop()
            if isinstance(self.book.body(*key).ops[i], s.Encounter):
                for node in self._run(((key, i + 1), vals)) - out:
                    out.add(node)
                    todo.append(node)
        return out

    def _run(self, first: Node) -> frozenset[Node]:
        """The product waiting points a run without input from ``first`` comes to."""
        return self._walked(first)[0]

    def _runs_end(self, first: Node) -> bool:
        """May a run without input from ``first`` end the exploration (an ending, a dead end,
        a loop the interpreter stops, a line that raises, a body proven safe)?"""
        return self._walked(first)[1]

    def _walked(self, first: Node) -> tuple[frozenset[Node], bool]:
        kept = self._runs.get(first)
        if kept is None:
            kept = self._runs[first] = self._walk(first)
        return kept

    def _walk(self, first: Node) -> tuple[frozenset[Node], bool]:
        """Depth first, so that a line met again on the way (a loop without input, which
        the interpreter ends) is told from one met again by another way."""
        out: set[Node] = set()
        state: dict[Node, bool] = {}  # True while on the way from ``first``
        nexts, ends = self._silent(first, out)
        state[first] = True
        stack = [(first, iter(nexts))]
        while stack:
            node, rest = stack[-1]
            after = next(rest, None)
            if after is None:
                state[node] = False
                stack.pop()
                continue
            on_way = state.get(after)
            if on_way is not None:
                ends = ends or on_way  # round again without input: a loop the interpreter ends
                continue
            state[after] = True
            nexts, ended = self._silent(after, out)
            ends = ends or ended
            stack.append((after, iter(nexts)))
        return frozenset(out), ends

    def _silent(self, node: Node, out: set[Node]) -> tuple[list[Node], bool]:
        """Where the line at ``node`` goes without input (a waiting line joins ``out``), and
        whether it may end the exploration there."""
        self.budget.left -= 1
        (key, i), vals = node
        ops = self.book.body(*key).ops
        if i >= len(ops):
            return [], True  # a dead end: the exploration is over
        op = ops[i]
        match op:
            case s.Choice() | s.Roll() | s.Toss() | s.Encounter():
                out.add(node)
                return [], False
            case s.IfDivert():
                truth = self._holds(op.cond, vals)
                taken = self._to(op.target, vals) if True in truth else []
                on = [((key, i + 1), vals)] if False in truth else []
                return [*taken, *on], True in truth and not taken
            case s.Divert():
                taken = self._to(op.target, vals)
                return taken, not taken
            case s.IfEffect():
                truth = self._holds(op.cond, vals)
                done = self._effect(op.effect, vals) if True in truth else []
                on = [((key, i + 1), vals)] if False in truth else []
                return [*(((key, i + 1), v) for v in done), *on], True in truth and not done
        done = self._effect(op, vals)
        return [((key, i + 1), v) for v in done], not done

    def _to(self, target: s.Target, vals: Vals) -> list[Node]:
        if not isinstance(target, s.Goto):
            return []  # an ending (no refills: ways.py checked)
        key = (target.verse, target.block)
        if self.good(key):
            return []
        if key not in self.bodies:
            self.unsure = True
            return []
        visited = ("visited", target.verse)
        if target.block is None and visited in self.tracked:
            at = self.tracked.index(visited)
            vals = (*vals[:at], self.canon[visited][True], *vals[at + 1:])
        return [((key, 0), vals)]

    def _effect(self, effect: s.Op, vals: Vals) -> list[Vals]:
        """The classes after ``effect`` ([]: it raises, and the play ends there)."""
        kept = self._touched.get(id(effect))
        if kept is None or kept[0] is not effect:  # the op is kept: its id is never reused
            kept = self._touched[id(effect)] = (effect, tuple(
                at for at, feature in enumerate(self.tracked) if self._touches(effect, feature)))
        if not kept[1]:
            return [vals]
        out = list(vals)
        for at in kept[1]:
            feature = self.tracked[at]
            after = self._apply(feature, effect, out[at])
            if after is None:
                return []
            out[at] = self.canon[feature][after]
        return [tuple(out)]

    def _holds(self, cond: s.Condition, vals: Vals) -> frozenset[bool]:
        return self._truth(self.book.form(cond), vals)

    def _truth(self, form: f.Condition, vals: Vals) -> frozenset[bool]:
        """Kleene's three values: a leaf on a followed feature is exact, others either way."""
        match form:
            case f.Not():
                return frozenset(not b for b in self._truth(form.operand, vals))
            case f.And() | f.Or():
                parts = [self._truth(operand, vals) for operand in form.operands]
                strong = isinstance(form, f.And)
                out = set()
                if any((not strong) in p for p in parts):
                    out.add(not strong)
                if all(strong in p for p in parts):
                    out.add(strong)
                return frozenset(out)
        feature = self._leaf(form)
        if feature is None or feature not in self.tracked:
            return EITHER
        return frozenset({self.scratch.test(feature, form, vals[self.tracked.index(feature)])})

    def _answers(self, node: Node) -> list[set[Node]]:
        """The alternatives at a product waiting point (as ways.py's, each guard exact)."""
        (key, i), vals = node
        op = self.book.body(*key).ops[i]
        match op:
            case s.Choice():
                ops = self.book.body(*key).ops
                free: list[set[Node]] = []
                every: set[Node] = set()
                for choice in (c for c in ops[i:] if isinstance(c, s.Choice)):
                    offered = self._offered(choice, vals)
                    if offered is None:
                        continue
                    paid, sure = offered
                    runs: set[Node] = set()
                    for v in paid:
                        runs |= self._run_to(choice.target, v)
                    every |= runs
                    if sure:
                        free.append(runs)
                return [*free, every]
            case s.Roll():
                bonus = sum(mod.sign * mod.value for mod in op.modifiers)
                low, high = op.dice + bonus, op.dice * op.sides + bonus
                arms = [a for a in op.arms if a.low <= high and (a.high is None or a.high >= low)]
                covered = {n for a in arms for n in range(a.low, (a.high or high) + 1)}
                if not covered >= set(range(low, high + 1)):
                    return [set()]
                return [self._run_to(a.target, vals) for a in arms]
            case s.Toss():
                sides = [next((a for a in op.arms if a.side == side), None) for side in ("heads", "tails")]
                return [self._run_to(a.target, vals) if a else set() for a in sides]
            case s.Encounter():
                through = set(self._run(((key, i + 1), vals)))
                outcomes = {a.outcome: a for a in op.arms}
                return [self._run_to(outcomes[o].target, vals) if o in outcomes else through
                        for o in self.book.outcomes(op.deck, op.name)] or [through]
        return [{BAD}]

    def _run_to(self, target: s.Target, vals: Vals) -> set[Node]:
        found = self._to(target, vals)
        return set(self._run(found[0])) if found else set()

    def _offered(self, choice: s.Choice, vals: Vals) -> tuple[list[Vals], bool] | None:
        """The classes after taking ``choice`` and whether it is surely offered (None: never)."""
        truth = self._holds(choice.guard, vals) if choice.guard is not None else frozenset({True})
        if True not in truth:
            return None
        sure = truth == {True}
        out = list(vals)
        for cost in choice.costs:
            feature = ("num", cost.resource)
            if feature not in self.tracked:
                sure = False
                continue
            at = self.tracked.index(feature)
            if not self.scratch.afford(feature, cost, out[at]):
                return None
            after = self._apply(feature, self._pay(cost), out[at])
            if after is None:
                return None
            out[at] = self.canon[feature][after]
        return [tuple(out)], sure


def _seen(value: Value) -> Value:
    """Entering a verse: it is visited, whatever it was."""
    return True


def _refine(values: set[Value], checks: list[Callable[[Value], bool]],
            moves: list[Callable[[Value], Value | None]]) -> dict[Value, Value]:
    """Each value's class representative: the coarsest partition that the checks respect
    and that every move maps class to class (Moore's refinement)."""
    order = sorted(values, key=repr)
    cls = {v: tuple(check(v) for check in checks) for v in order}
    while True:
        ids = {c: n for n, c in enumerate(dict.fromkeys(cls.values()))}
        step = {v: (ids[cls[v]], *(None if (m := move(v)) is None else ids[cls[m]] for move in moves))
                for v in order}
        if len(set(step.values())) == len(ids):
            break
        cls = step  # type: ignore[assignment]
    first: dict[object, Value] = {}
    return {v: first.setdefault(cls[v], v) for v in order}


def _fixed_point(alternatives: Mapping[Node, list[set[Node]]]) -> set[Node]:
    """The least fixed point: a node is safe once one alternative's nodes all are."""
    left: dict[tuple[Node, int], int] = {}
    needed_by: dict[Node, list[tuple[Node, int]]] = {}
    safe: set[Node] = set()
    todo: list[Node] = []
    for node, alts in alternatives.items():
        for n, alt in enumerate(alts):
            left[(node, n)] = len(alt)
            for needed in alt:
                needed_by.setdefault(needed, []).append((node, n))
            if not alt and node not in safe:
                safe.add(node)
                todo.append(node)
    while todo:
        for node, n in needed_by.get(todo.pop(), ()):
            left[(node, n)] -= 1
            if left[(node, n)] == 0 and node not in safe:
                safe.add(node)
                todo.append(node)
    return safe


def _conds(op: s.Op) -> list[s.Condition]:
    match op:
        case s.Choice() if op.guard is not None:
            return [op.guard]
        case s.IfDivert() | s.IfEffect():
            return [op.cond]
    return []


def _targets(op: s.Op) -> list[s.Target]:
    match op:
        case s.Choice() | s.IfDivert() | s.Divert():
            return [op.target]
        case s.Roll() | s.Toss() | s.Encounter():
            return [arm.target for arm in op.arms]
    return []

