"""State flow: the verse graph and the usage tables in, what play can actually reach
out: the bodies read through conditions that can hold, the facts they can grant, and
the edges, effects and triggers that can never happen.

It is a monotone fixpoint. Start from every entry except status triggers, with nothing
held; replay each reached body line by line: an edge is followed when its guard may
hold, a conditional effect applies when its condition may hold, and a conditional
divert that always holds stops the body. Whatever cannot happen yet is parked under the
statuses, secrets, items and keywords its condition names, and looked at again only
when one of those gains a fact; a trigger is an entry once it may fire. Each body is
replayed at most once per park, so the work is linear in the campaign plus one
re-check per (parked thing, new fact it names).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Literal, assert_never

from tgc.semantics.cascade import Hidden
from tgc.semantics.facts import Fact, Vocabulary
from tgc.semantics.graph import Edge, Entry, Graph, declared_elsewhere
from tgc.semantics.holds import Held
from tgc.semantics.model import Campaign
from tgc.semantics.usage import Change, Usage, atoms
from tgc.syntax import ast

Step = Edge | Change
Key = tuple[str, str]  # what a fact is about (Fact.key): a status, a secret, an item, a keyword
Keys = tuple[Key, ...]
# Why something holds, for a solve kept for the next (semantics.reflow): the body whose
# line did it (None: an entry; ORPHANS: a grant of a cut-off body taken to be possible)
# and the fact keys its conditions read then.
Support = tuple[str | None, Keys]
ORPHANS = " orphans"  # (no node id holds a space)
# A plain search by name, kept between an editor's runs (Analysis.reached): the bodies
# reachable from the starts, guards ignored.
Reacher = Callable[[str, list[str]], AbstractSet[str]]


@dataclass(frozen=True, slots=True)
class Stop:
    """A conditional divert that always holds: nothing after ``index`` runs."""

    index: int
    edge: Edge


@dataclass
class Flow:
    live: set[str] = field(default_factory=set)  # node ids play can reach
    held: Held | None = None
    stops: dict[str, Stop] = field(default_factory=dict)  # live node -> where it stops
    dead_triggers: list[Entry] = field(default_factory=list)
    # Nodes any entry reaches ignoring conditions, when the flow needed them (else None).
    plain: AbstractSet[str] | None = None
    # What an editor's next solve starts from (semantics.reflow), when asked to keep it.
    kept: Kept | None = field(default=None, repr=False, compare=False)

    def reachable(self, graph: Graph) -> AbstractSet[str]:
        if self.plain is None:
            self.plain = graph.reachable()
        return self.plain

    def facts(self) -> Held:
        assert self.held is not None
        return self.held

    def reached(self, node: str, index: int) -> bool:
        """Whether control can get to line ``index`` of a node."""
        if node not in self.live:
            return False
        stop = self.stops.get(node)
        return stop is None or index <= stop.index


@dataclass
class Kept:
    """A solve's working state, for an editor's next solve (semantics.reflow): each body's
    program, why each live node and each held fact holds (in the order they were found,
    so each rests only on what comes before it), what waits for which fact key, and which
    bodies each node is reached from. Taken once: a second solve from it starts afresh."""

    graph: Graph
    usage: Usage
    programs: dict[str, Sequence[Step]]
    order: dict[str | Fact, Support]
    parked: dict[Key, list[_Pending]]
    incoming: dict[str, frozenset[str]]
    held: Held  # (its caches of lowered conditions serve the next solve)
    gen: int
    keys: dict[int, tuple[object, Keys]]
    taken: bool = False


PendingKind = Literal["edge", "change", "resume", "trigger"]


@dataclass(eq=False)
class _Pending:
    """Something waiting for a fact: an edge, a conditional effect, the rest of a
    body after an always-true divert, or a trigger entry."""

    kind: PendingKind
    edge: Edge | None = None
    change: Change | None = None
    entry: Entry | None = None
    node: str = ""
    index: int = 0
    done: bool = False
    # The fact keys whose facts let it happen (its conditions' and those of the
    # conditional diverts before it): what its consequence rests on (semantics.reflow).
    keys: Keys = ()
    gen: int = 0  # the solve that parked it (a later one may carry it on)

    def owner(self) -> str:
        """The body it belongs to."""
        if self.change is not None:
            return self.change.node
        if self.kind == "resume" or self.edge is None:
            return self.node
        return self.edge.source


class _Solver:
    """One solve. With ``record`` it also notes why each live node and held fact holds and
    leaves its working state on the Flow (``Flow.kept``) for an editor's next solve."""

    def __init__(self, campaign: Campaign, graph: Graph, usage: Usage,
                 hidden: Callable[[], Hidden], record: bool = False,
                 held: Held | None = None, programs: dict[str, Sequence[Step]] | None = None,
                 reach: Reacher | None = None) -> None:
        self.c = campaign
        self.search = reach
        self.g = graph
        self.hidden = hidden
        self.held = held if held is not None else Held(campaign, Vocabulary(campaign), usage.obscured)
        self.flow = Flow(held=self.held)
        self.usage = usage
        self.programs = programs if programs is not None else _programs(graph, usage)
        self.parked: dict[Key, list[_Pending]] = {}
        self.bodies: deque[tuple[str, int, Keys]] = deque()
        self.woken: deque[Key] = deque()
        self.owners = {id(t): s.name for s in campaign.statuses.values() for t in s.triggers}
        self.record = record
        self.order: dict[str | Fact, Support] = {}
        self.triggers: list[_Pending] = []
        # A later solve (semantics.reflow) carries on the pendings of the one before
        # (``carried``); those of a body it walks again from the top are void.
        self.gen = 0
        self.carried = False
        self.fresh: set[str] = set()
        self.incoming: dict[str, frozenset[str]] | None = None
        self._keys: dict[int, tuple[object, Keys]] = {}

    def run(self) -> Flow:
        for entry in self.g.entries:
            if entry.trigger is None:
                self.reach(entry.target, None, ())
        self.fire_triggers()
        self.drain()
        self.orphans()
        return self.finish()

    def fire_triggers(self) -> None:
        for entry in self.g.entries:
            if entry.trigger is not None:
                pending = _Pending("trigger", entry=entry, keys=(("status", self.status_of(entry)),),
                                   gen=self.gen)
                self.triggers.append(pending)
                self.attempt(pending)

    def finish(self) -> Flow:
        self.flow.dead_triggers = [p.entry for p in self.triggers if not p.done and p.entry]
        if self.record:
            parked: dict[Key, list[_Pending]] = {}
            for key, waiting in self.parked.items():
                still = [p for p in waiting if not p.done and p.kind != "trigger"
                         and (p.gen == self.gen or self.valid(p))]
                if still:
                    parked[key] = still
            incoming = self.incoming if self.incoming is not None else _incoming(self.programs)
            self.flow.kept = Kept(self.g, self.usage, self.programs, self.order, parked, incoming,
                                  self.held, self.gen, self._keys)
        return self.flow

    def drain(self) -> None:
        while self.bodies or self.woken:
            if self.bodies:
                node, start, keys = self.bodies.popleft()
                self.walk(node, start, keys)
            else:
                self.wake(self.woken.popleft())

    def orphans(self) -> None:
        """Grant what verses an earlier mistake may have cut off would grant, and go on.

        A verse no entry reaches (TGC201) grants nothing: play never reads it, so what
        needs its grants is reported too, as that warning's consequences. But a verse a
        reference that did not resolve or a line lost to a syntax error may lead to, one
        rule data names, and a duplicate (not in the graph) are not known to be cut
        off: what they would grant is taken to be possible, so that no state check
        reports a consequence of that mistake. Plain reachability is computed only when
        some granting body was not reached, so a clean campaign never pays for it.
        """
        if all(node in self.flow.live for node in self.usage.node_grants):
            return
        plain = [entry.target for entry in self.g.entries]
        excusing = [*declared_elsewhere(self.c), *sorted(self.hidden().nodes)]
        excused: AbstractSet[str]
        if self.search is None:
            self.flow.plain, excused = self.g.reachable(plain), self.g.reachable(excusing)
        else:
            self.flow.plain, excused = self.search("plain", plain), self.search("excused", excusing)
        for node, changes in self.usage.node_grants.items():
            if node not in self.flow.plain and (node in excused or node not in self.g.nodes):
                for change in changes:
                    self.apply(change, ORPHANS, ())
        self.drain()

    def reach(self, node: str | None, source: str | None, keys: Keys) -> None:
        if node is not None and node not in self.flow.live and node in self.g.nodes:
            self.flow.live.add(node)
            if self.record:
                self.order[node] = (source, keys)
                if self.carried:
                    self.fresh.add(node)
            self.bodies.append((node, 0, ()))

    def walk(self, node: str, start: int, prefix: Keys) -> None:
        # The common cases (no condition, or one that holds now) are done inline; only
        # what must wait becomes a _Pending. Edge targets are always nodes of the graph.
        # ``prefix``: the keys of the conditional diverts passed so far (when recording).
        program = self.programs.get(node, ())
        held, live, bodies, record = self.held, self.flow.live, self.bodies, self.record
        for position in range(start, len(program)):
            step = program[position]
            if type(step) is Change:
                cond = step.cond
                if cond is None:
                    self.apply(step, node, prefix)
                elif held.may_hold(cond):
                    self.apply(step, node, prefix + self.keys(cond) if record else ())
                else:
                    self.park(_Pending("change", change=step, gen=self.gen,
                                       keys=prefix + self.keys(cond) if record else ()), (cond,))
                continue
            assert type(step) is Edge
            guard = step.guard
            if not guard or held.may_hold_all(guard):
                target = step.target
                if target is not None and target not in live:
                    live.add(target)
                    if record:
                        self.order[target] = (node, prefix + self.guard_keys(guard) if guard else prefix)
                        if self.carried:
                            self.fresh.add(target)
                    bodies.append((target, 0, ()))
            else:
                self.park(_Pending("edge", edge=step, gen=self.gen,
                                   keys=prefix + self.guard_keys(guard) if record else ()), guard)
            if step.kind == "cond_divert":
                if not held.may_fail(guard[0]):
                    self.flow.stops[node] = Stop(step.index, step)
                    self.park(_Pending("resume", edge=step, node=node, index=position + 1, gen=self.gen,
                                       keys=prefix + self.guard_keys(guard) if record else ()), guard)
                    return
                if record:
                    prefix += self.guard_keys(guard)

    def keys(self, cond: ast.Cond) -> Keys:
        """The fact keys a condition reads, found once per condition."""
        hit = self._keys.get(id(cond))
        if hit is None:
            hit = self._keys[id(cond)] = (cond, _keys_of((cond,)))
        return hit[1]

    def guard_keys(self, guard: tuple[ast.Cond, ...]) -> Keys:
        """The fact keys a guard reads, found once per guard."""
        hit = self._keys.get(id(guard))
        if hit is None:
            hit = self._keys[id(guard)] = (guard, _keys_of(guard))
        return hit[1]

    def apply(self, change: Change, source: str | None, keys: Keys) -> None:
        for fact in change.facts:
            if self.held.add(fact):
                if self.record:
                    self.order[fact] = (source, keys)
                self.woken.append(fact.key)

    # ------------------------------------------------------------ pending work

    def attempt(self, p: _Pending) -> None:
        """Do ``p`` if it can happen now; park it otherwise."""
        if self.ready(p):
            p.done = True
            self.act(p)
        else:
            self.park(p, self.conditions(p))

    def ready(self, p: _Pending) -> bool:
        match p.kind:
            case "edge":
                assert p.edge is not None
                return self.held.may_hold_all(p.edge.guard)
            case "change":
                assert p.change is not None
                return p.change.cond is None or self.held.may_hold(p.change.cond)
            case "resume":
                assert p.edge is not None
                return self.held.may_fail(p.edge.guard[0])
            case "trigger":
                assert p.entry is not None and p.entry.trigger is not None
                return not self.held.trigger_lacks(self.status_of(p.entry), p.entry.trigger)
            case _:
                assert_never(p.kind)

    def act(self, p: _Pending) -> None:
        match p.kind:
            case "edge":
                assert p.edge is not None
                self.reach(p.edge.target, p.edge.source, p.keys)
            case "change":
                assert p.change is not None
                self.apply(p.change, p.change.node, p.keys)
            case "resume":
                self.flow.stops.pop(p.node, None)
                self.bodies.append((p.node, p.index, p.keys))
            case "trigger":
                assert p.entry is not None
                self.reach(p.entry.target, None, p.keys)
            case _:
                assert_never(p.kind)

    def valid(self, p: _Pending) -> bool:
        """Whether a pending an earlier solve parked still stands: its body is live and
        was not walked again from the top (then its own new pendings stand instead)."""
        owner = p.owner()
        return owner in self.flow.live and owner not in self.fresh

    def status_of(self, entry: Entry) -> str:
        return self.owners.get(id(entry.trigger), "")

    def conditions(self, p: _Pending) -> tuple[ast.Cond, ...]:
        if p.edge is not None:
            return p.edge.guard
        if p.change is not None and p.change.cond is not None:
            return (p.change.cond,)
        return ()

    def park(self, p: _Pending, conds: Iterable[ast.Cond]) -> None:
        if p.kind == "trigger":
            assert p.entry is not None
            self.parked.setdefault(("status", self.status_of(p.entry)), []).append(p)
            return
        # A condition that names no state (an impossible comparison) never wakes up.
        for key in {_key(atom) for cond in conds for atom, _ in atoms(cond)}:
            self.parked.setdefault(key, []).append(p)

    def wake(self, key: Key) -> None:
        waiting = self.parked.get(key)
        if not waiting:
            return
        still = []
        for p in waiting:
            if p.done or (p.gen != self.gen and not self.valid(p)):
                continue
            if self.ready(p):
                p.done = True
                self.act(p)
            else:
                still.append(p)
        self.parked[key] = still


def _keys_of(conds: tuple[ast.Cond, ...]) -> Keys:
    return tuple(dict.fromkeys(_key(atom) for cond in conds for atom, _ in atoms(cond)))


def _key(atom: ast.StatusCond | ast.SecretCond | ast.ItemCond) -> tuple[str, str]:
    if isinstance(atom, ast.StatusCond):
        return ("status", atom.name)
    if isinstance(atom, ast.SecretCond):
        return ("secret", str(atom.number))
    return ("keyword" if atom.keyword else "item", atom.name)


def _programs(graph: Graph, usage: Usage) -> dict[str, Sequence[Step]]:
    """Per node, its edges and grants in body order (edges of one line keep their order)."""
    grants = usage.node_grants
    return {node: program(edges, grants.get(node)) for node, edges in graph.edges.items()}


def program(edges: list[Edge], grants: list[Change] | None) -> Sequence[Step]:
    """One body's edges and grants in body order."""
    if not grants:
        return edges  # read only
    steps: list[Step] = [*edges, *grants]
    # Stable: the edges of one line (its arms) keep their order.
    steps.sort(key=_line_of)
    return steps


def _incoming(programs: dict[str, Sequence[Step]]) -> dict[str, frozenset[str]]:
    """Per node, the bodies with an edge to it."""
    found: dict[str, set[str]] = {}
    for node, steps in programs.items():
        for step in steps:
            if type(step) is Edge and step.target is not None:
                found.setdefault(step.target, set()).add(node)
    return {node: frozenset(sources) for node, sources in found.items()}


def _line_of(step: Step) -> int:
    return step.line if isinstance(step, Change) else step.index


def solve_flow(campaign: Campaign, graph: Graph, usage: Usage,
               hidden: Callable[[], Hidden], keep: bool = False, reach: Reacher | None = None) -> Flow:
    """The campaign's state flow (``Analysis.flow`` keeps it for every check); ``hidden``
    says which verses an earlier mistake may have cut off (asked only when some granting
    body was not reached). With ``keep``, its working state stays on it for an editor's
    next solve (``Flow.kept``, semantics.reflow); ``reach`` answers its plain searches
    (an editor's, kept between runs: semantics.reach)."""
    return _Solver(campaign, graph, usage, hidden, keep, reach=reach).run()
