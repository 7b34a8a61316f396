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
from dataclasses import dataclass, field
from typing import Literal, assert_never

from tgc.semantics.cascade import Hidden
from tgc.semantics.facts import Vocabulary
from tgc.semantics.graph import Edge, Entry, Graph, declared_elsewhere
from tgc.semantics.holds import Held
from tgc.semantics.model import Campaign
from tgc.semantics.usage import Change, Usage, atoms
from tgc.syntax import ast

Step = Edge | Change


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
    plain: set[str] | None = None

    def reachable(self, graph: Graph) -> set[str]:
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


class _Solver:
    def __init__(self, campaign: Campaign, graph: Graph, usage: Usage,
                 hidden: Callable[[], Hidden]) -> None:
        self.c = campaign
        self.g = graph
        self.hidden = hidden
        self.held = Held(campaign, Vocabulary(campaign), usage.obscured)
        self.flow = Flow(held=self.held)
        self.usage = usage
        self.programs = _programs(graph, usage)
        self.parked: dict[tuple[str, str], list[_Pending]] = {}
        self.bodies: deque[tuple[str, int]] = deque()
        self.woken: deque[tuple[str, str]] = deque()
        self.owners = {id(t): s.name for s in campaign.statuses.values() for t in s.triggers}

    def run(self) -> Flow:
        triggers: list[_Pending] = []
        for entry in self.g.entries:
            if entry.trigger is None:
                self.reach(entry.target)
            else:
                pending = _Pending("trigger", entry=entry)
                triggers.append(pending)
                self.attempt(pending)
        self.drain()
        self.orphans()
        self.flow.dead_triggers = [p.entry for p in triggers if not p.done and p.entry]
        return self.flow

    def drain(self) -> None:
        while self.bodies or self.woken:
            if self.bodies:
                node, start = self.bodies.popleft()
                self.walk(node, start)
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
        self.flow.plain = self.g.reachable()
        excused = self.g.reachable([*declared_elsewhere(self.c), *sorted(self.hidden().nodes)])
        for node, changes in self.usage.node_grants.items():
            if node not in self.flow.plain and (node in excused or node not in self.g.nodes):
                for change in changes:
                    self.apply(change)
        self.drain()

    def reach(self, node: str | None) -> None:
        if node is not None and node not in self.flow.live and node in self.g.nodes:
            self.flow.live.add(node)
            self.bodies.append((node, 0))

    def walk(self, node: str, start: int) -> None:
        # The common cases (no condition, or one that holds now) are done inline; only
        # what must wait becomes a _Pending. Edge targets are always nodes of the graph.
        program = self.programs.get(node, ())
        held, live, bodies = self.held, self.flow.live, self.bodies
        for position in range(start, len(program)):
            step = program[position]
            if type(step) is Change:
                if step.cond is None or held.may_hold(step.cond):
                    self.apply(step)
                else:
                    self.park(_Pending("change", change=step), (step.cond,))
                continue
            assert type(step) is Edge
            guard = step.guard
            if not guard or held.may_hold_all(guard):
                target = step.target
                if target is not None and target not in live:
                    live.add(target)
                    bodies.append((target, 0))
            else:
                self.park(_Pending("edge", edge=step), guard)
            if step.kind == "cond_divert" and not held.may_fail(guard[0]):
                self.flow.stops[node] = Stop(step.index, step)
                self.park(_Pending("resume", edge=step, node=node, index=position + 1), guard)
                return

    def apply(self, change: Change) -> None:
        for fact in change.facts:
            if self.held.add(fact):
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
                self.reach(p.edge.target)
            case "change":
                assert p.change is not None
                self.apply(p.change)
            case "resume":
                self.flow.stops.pop(p.node, None)
                self.bodies.append((p.node, p.index))
            case "trigger":
                assert p.entry is not None
                self.reach(p.entry.target)
            case _:
                assert_never(p.kind)

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

    def wake(self, key: tuple[str, str]) -> None:
        waiting = self.parked.get(key)
        if not waiting:
            return
        still = []
        for p in waiting:
            if p.done:
                continue
            if self.ready(p):
                p.done = True
                self.act(p)
            else:
                still.append(p)
        self.parked[key] = still


def _key(atom: ast.StatusCond | ast.SecretCond | ast.ItemCond) -> tuple[str, str]:
    if isinstance(atom, ast.StatusCond):
        return ("status", atom.name)
    if isinstance(atom, ast.SecretCond):
        return ("secret", str(atom.number))
    return ("keyword" if atom.keyword else "item", atom.name)


def _programs(graph: Graph, usage: Usage) -> dict[str, Sequence[Step]]:
    """Per node, its edges and grants in body order (edges of one line keep their order)."""
    programs: dict[str, Sequence[Step]] = {}
    for node, edges in graph.edges.items():
        grants = usage.node_grants.get(node)
        if not grants:
            programs[node] = edges  # read only
            continue
        steps: list[Step] = [*edges, *grants]
        # Stable: the edges of one line (its arms) keep their order.
        steps.sort(key=_line_of)
        programs[node] = steps
    return programs


def _line_of(step: Step) -> int:
    return step.line if isinstance(step, Change) else step.index


def solve_flow(campaign: Campaign, graph: Graph, usage: Usage,
               hidden: Callable[[], Hidden]) -> Flow:
    """The campaign's state flow (``Analysis.flow`` keeps it for every check); ``hidden``
    says which verses an earlier mistake may have cut off (asked only when some granting
    body was not reached)."""
    return _Solver(campaign, graph, usage, hidden).run()
