"""The state flow again after an editor's structural edit: the last solve's kept state
(``Flow.kept``) and the new graph and usage tables in, the new Flow out, equal to a
fresh solve's, with work proportional to what the edit touched.

Why it holds. The flow is a least fixpoint of monotone rules (semantics.flow): a node is
live when a live body's line may lead to it, a fact held when a live body's line may
grant it, each "may" a monotone function of the facts held. The last solve noted, for
every live node and held fact, the one line that first made it so and the fact keys
that line's conditions read (its own, and those of the conditional diverts above it),
in the order it found them, so each rests only on what was found before it. An edit
replaces the programs of the bodies it changed. Everything whose noted reason is a
changed body, or a node or fact already lost, or reads a key of a fact already lost, is
taken back (one pass in that order); what stays rests on reasons that still stand, so it
holds in the new fixpoint too. The solve then carries on from what stays: the changed
bodies, the bodies whose lines led to or granted what was taken back, and those whose
conditions read a lost fact (a conditional divert may always hold again) are walked
again from their first line; the lines still waiting from the last solve wait on; every
trigger is tried again. Carrying on from a part of the least fixpoint reaches the least
fixpoint itself. tests/test_reflow.py compares it with a fresh solve over random edits.

What the last solve took cut-off bodies to grant (semantics.flow, ``orphans``) rests on
plain reachability, which an edit may move: it is always taken back, and asked again
(a pass over the graph) when some granting body is not live. Node ids may come and go
(a verse added or removed): a new node is a changed body, and a node that went is taken
back with what rested on it. A fresh solve is made instead when the entries or the
lines lost to syntax errors changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tgc.semantics.cascade import Hidden
from tgc.semantics.facts import Fact, Vocabulary
from tgc.semantics.flow import ORPHANS, Flow, Kept, Reacher, Step, Support, _Solver, program, solve_flow
from tgc.semantics.graph import Edge, Graph
from tgc.semantics.holds import Held
from tgc.semantics.model import Campaign
from tgc.semantics.usage import Usage


def solve_flow_again(campaign: Campaign, graph: Graph, usage: Usage, hidden: Callable[[], Hidden],
                     earlier: Flow | None, reach: Reacher | None = None, gone: Sequence[str] = ()) -> Flow:
    """The flow of ``graph`` and ``usage``, carried on from ``earlier`` (the last run's
    flow, solved with its state kept) when it can be, else solved afresh; its state is
    kept either way. ``reach`` answers the plain searches (semantics.reach); ``gone``
    names the last graph's nodes that are none of this one (verses that went)."""
    kept = earlier.kept if earlier is not None else None
    if earlier is None or kept is None or kept.taken \
            or graph.entries != kept.graph.entries or usage.obscured != kept.usage.obscured:
        return solve_flow(campaign, graph, usage, hidden, keep=True, reach=reach)
    changed = _changed(kept.graph, graph)
    if len(graph.nodes) != len(kept.graph.nodes) + sum(nid not in kept.graph.nodes for nid in changed) \
            - len(gone):
        return solve_flow(campaign, graph, usage, hidden, keep=True, reach=reach)  # (``gone`` is not all)
    kept.taken = True
    return _carry_on(campaign, graph, usage, hidden, earlier, kept, changed, reach, gone)


def _changed(old: Graph, new: Graph) -> list[str]:
    """The nodes whose bodies are not the last graph's (new ones among them)."""
    nodes = old.nodes
    return [nid for nid, node in new.nodes.items() if nodes.get(nid) is not node]


def _carry_on(campaign: Campaign, graph: Graph, usage: Usage, hidden: Callable[[], Hidden],
              earlier: Flow, kept: Kept, changed: list[str], reach: Reacher | None,
              gone: Sequence[str]) -> Flow:
    lost_nodes, lost_facts = _taken_back(kept.order, changed, gone)
    programs = dict(kept.programs)
    for nid in gone:
        del programs[nid]
    for nid in changed:
        programs[nid] = program(graph.edges[nid], usage.node_grants.get(nid))
    held = _held(campaign, usage, kept.held, earlier, lost_facts)
    solver = _Solver(campaign, graph, usage, hidden, True, held, programs, reach)
    solver.gen, solver.carried, solver._keys = kept.gen + 1, True, kept.keys
    solver.incoming = _incoming_again(kept.incoming, kept.programs, programs, changed, gone)
    live = solver.flow.live = earlier.live - set(lost_nodes)
    order = solver.order = dict(kept.order)
    for nid in lost_nodes:
        del order[nid]
    for fact in lost_facts:
        del order[fact]
    solver.parked = kept.parked
    again = _walk_again(solver, usage, changed, lost_nodes, lost_facts)
    solver.flow.stops = {nid: stop for nid, stop in earlier.stops.items() if nid in live and nid not in again}
    for nid in again:
        solver.fresh.add(nid)
        solver.bodies.append((nid, 0, ()))
    solver.fire_triggers()
    solver.drain()
    solver.orphans()
    return solver.finish()


def _taken_back(order: dict[str | Fact, Support], changed: list[str], gone: Sequence[str] = ()
                ) -> tuple[list[str], list[Fact]]:
    """The live nodes and held facts whose reason no longer stands, and the nodes that
    went, in one pass in the order they were found (a reason names only what was found
    before it)."""
    # What a changed body's old lines did is void, and so is what the last solve took
    # cut-off bodies to grant (plain reachability may have moved: orphans() asks again).
    sources = {*changed, *gone, ORPHANS}
    went = frozenset(gone)
    keys: set[tuple[str, str]] = set()
    nodes: list[str] = []
    facts: list[Fact] = []
    for item, (source, read) in order.items():
        if (source is not None and source in sources) or (read and not keys.isdisjoint(read)) \
                or (went and item in went):
            if type(item) is str:
                sources.add(item)
                nodes.append(item)
            else:
                assert isinstance(item, Fact)
                keys.add(item.key)
                facts.append(item)
    return nodes, facts


def _held(campaign: Campaign, usage: Usage, last: Held, earlier: Flow, lost: list[Fact]) -> Held:
    """The facts that still stand, in a new Held that shares the last one's caches of
    lowered conditions (the trees of unchanged lines are the same objects)."""
    held = Held(campaign, Vocabulary(campaign), usage.obscured)
    held._forms, held._conflicts = last._forms, last._conflicts
    before = earlier.facts()
    held.facts = before.facts - set(lost)
    held.parts = {name: set(parts) for name, parts in before.parts.items()}
    for fact in lost:
        if fact.kind == "part":
            parts = held.parts[fact.name]
            parts.discard(fact.number)
            if not parts:
                del held.parts[fact.name]
    return held


def _walk_again(solver: _Solver, usage: Usage, changed: list[str], lost_nodes: list[str],
                lost_facts: list[Fact]) -> list[str]:
    """The live bodies to walk again from their first line: the changed ones, those whose
    lines lead to a node or grant a fact taken back, and those whose conditions read a
    fact taken back."""
    live, incoming = solver.flow.live, solver.incoming
    assert incoming is not None
    again = [nid for nid in changed if nid in live]
    for nid in lost_nodes:
        again.extend(source for source in incoming.get(nid, ()) if source in live)
    for fact in lost_facts:
        again.extend(c.node for c in usage.grants.get(fact, ()) if c.node in live)
        again.extend(c.node for c in usage.checks.get(fact, ()) if c.node is not None and c.node in live)
    return list(dict.fromkeys(again))


def _incoming_again(incoming: dict[str, frozenset[str]], before: dict[str, Sequence[Step]],
                    programs: dict[str, Sequence[Step]], changed: list[str], gone: Sequence[str] = ()
                    ) -> dict[str, frozenset[str]]:
    """The bodies with an edge to each node, after the changed bodies' edges moved and
    the bodies that went took theirs away."""
    found = dict(incoming)
    for nid in (*changed, *gone):
        for target in _targets(before.get(nid, ())):
            left = found[target] - {nid}
            if left:
                found[target] = left
            else:
                del found[target]
    for nid in changed:
        for target in _targets(programs[nid]):
            found[target] = found.get(target, frozenset()) | {nid}
    return found


def _targets(steps: Sequence[Step]) -> set[str]:
    return {step.target for step in steps if type(step) is Edge and step.target is not None}
