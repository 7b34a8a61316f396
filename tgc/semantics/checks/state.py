"""State checks (TGC3xx): the analysis of a resolved Campaign in, diagnostics about statuses, secrets
and items that can never hold, never matter or contradict each other out.

All of them read the usage tables (``semantics.usage``) and the state flow
(``semantics.flow``), both computed once per analysis. Nothing here reports what an
unresolved reference or an unknown status, secret or item already explains: the tables
leave those out, and the flow treats them as conditions that may hold.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import replace

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic, Label
from tgc.semantics.analysis import Analysis, Check
from tgc.semantics.checks.missing import MAX_LABELS, missing_primary, missing_state
from tgc.semantics.facts import Fact, Vocabulary
from tgc.semantics.flow import Flow
from tgc.semantics.graph import Edge, Graph
from tgc.semantics.holds import Held, conflict, describe
from tgc.semantics.usage import Change, Usage, atoms
from tgc.source import Span
from tgc.syntax import ast

# ---------------------------------------------------------------- TGC301


def check_blocked_verses(analysis: Analysis) -> list[Diagnostic]:
    """Verses every entry reaches only through conditions that never hold.

    Verses no entry reaches at all are TGC201's. A blocked region is reported once, at
    the verse (or block) where play is stopped, with the edges that stop it as labels;
    verses reached only through that one are counted in its message. A region reached
    only through a trigger that can never fire is left to the trigger's report, and one
    a failed reference or a dropped line may have led to is left to that report.
    """
    graph, flow = analysis.graph, analysis.flow
    if graph.nodes.keys() <= flow.live:
        return []
    lost = set(analysis.entry_reach() - flow.live)
    if not lost:
        return []
    incoming: dict[str, list[Edge]] = {}
    for node, edges in _incoming(analysis, lost):
        live = [e for e in edges if e.source in flow.live]
        if live:
            incoming[node] = live
    roots = sorted(incoming, key=lambda n: graph.nodes[n].span)
    claimed = _claim(graph, lost, roots)
    # A reference that did not resolve, or a line that did not parse, may have been
    # the way in: that mistake is reported already.
    hidden = analysis.hidden.nodes
    primaries = missing_primary(analysis)
    return [_blocked(graph, flow, root, incoming[root], claimed[root], primaries) for root in roots
            if root not in hidden]


def _incoming(analysis: Analysis, lost: set[str]) -> Iterator[tuple[str, list[Edge]]]:
    """The edges into each lost node (an editor's run reads the kept predecessors; the
    edges' order does not matter: they are sorted by position)."""
    graph = analysis.graph
    if not analysis.keep:
        yield from ((node, edges) for node, edges in graph.predecessors().items() if node in lost)
        return
    pred = analysis.links.pred
    for node in lost:
        edges = [e for source in pred.get(node, ()) for e in graph.out(source) if e.target == node]
        if edges:
            yield node, edges


def _claim(graph: Graph, lost: set[str], roots: list[str]) -> dict[str, set[str]]:
    """Each lost node goes to the first root (in source order) that leads to it."""
    owner = {root: root for root in roots}
    claimed: dict[str, set[str]] = {root: set() for root in roots}
    for root in roots:
        todo = deque([root])
        while todo:
            node = todo.popleft()
            for edge in graph.out(node):
                target = edge.target
                if target is not None and target in lost and target not in owner:
                    owner[target] = root
                    claimed[root].add(target)
                    todo.append(target)
    return claimed


def _blocked(graph: Graph, flow: Flow, root: str, edges: list[Edge],
             claimed: set[str], primaries: dict[Fact, Span]) -> Diagnostic:
    node = graph.nodes[root]
    what = (f"block `.{node.block}` of verse `{node.verse}`" if node.block is not None
            else f"verse `{node.verse}`")
    verses = {graph.nodes[n].verse for n in claimed} - {node.verse}
    more = ""
    if verses:
        more = (f", nor can {len(verses)} more "
                f"{'verse' if len(verses) == 1 else 'verses'} reached only through it")
    edges = sorted(edges, key=lambda e: e.span)
    labels = tuple(Label(e.span, _why_blocked(flow, e)) for e in edges[:MAX_LABELS])
    # When every way in waits for facts reported as never held, this follows from there.
    causes = [c for c in (_first_cause(flow.facts(), e, primaries) for e in edges) if c is not None]
    follows = min(causes) if causes and len(causes) == len(edges) else None
    hint = "make one of these conditions possible, or lead to it from elsewhere"
    if follows is not None:
        where = f"line {follows.line}" + ("" if follows.file == node.span.file else f" of {follows.file}")
        hint = f"it follows from what {where} reports; {hint}"
    found = diag("TGC301", node.span, what=what, more=more, labels=labels, hint=hint)
    return replace(found, cause=follows)


def _first_cause(held: Held, edge: Edge, primaries: dict[Fact, Span]) -> Span | None:
    """Where the first fact an edge's guard lacks is reported, if one is."""
    for cond in edge.guard:
        for atom, negated in atoms(cond):
            if negated:
                continue
            for fact in held.lacks(atom):
                if fact in primaries:
                    return primaries[fact]
    return None


def _why_blocked(flow: Flow, edge: Edge) -> str:
    stop = flow.stops.get(edge.source)
    if stop is not None and edge.index > stop.index:
        cond = describe(stop.edge.guard[0])
        return f"never reached: `~ if {cond}` above always holds"
    name = {"choice": "this choice", "cond_divert": "this divert"}.get(edge.kind, "this arm")
    return f"{name} can never be taken: {why_not(flow.facts(), edge.guard)}"


def why_not(held: Held, conds: tuple[ast.Cond, ...]) -> str:
    """Why a conjunction can never hold, in a few words."""
    pair = held.conflict_of(conds)
    if pair is not None:
        return f"`{describe(pair[0])}` contradicts `{describe(pair[1])}`"
    for cond in conds:
        if held.may_hold(cond):
            continue
        if isinstance(cond, (ast.StatusCond, ast.SecretCond, ast.ItemCond)):
            lacks = held.lacks(cond)
            return f"it needs {lacks[0]}, which never holds" if lacks else "it never holds"
        if isinstance(cond, ast.And):
            return why_not(held, cond.operands)
        if isinstance(cond, ast.Not):
            return f"`{describe(cond.operand)}` always holds"
        return f"`{describe(cond)}` can never hold"
    return "it never holds"


# ---------------------------------------------------------------- TGC302-307


def _family(code: str) -> Check:
    def check(analysis: Analysis) -> list[Diagnostic]:
        return [d for d in missing_state(analysis) if d.code == code]
    return check


check_status_never_marked = _family("TGC302")
check_status_never_marked.__doc__ = "A status part, box or flag a condition needs is never marked."
check_trigger_never_fires = _family("TGC304")
check_trigger_never_fires.__doc__ = "A status trigger whose parts can never all be marked."
check_secret_never_granted = _family("TGC305")
check_secret_never_granted.__doc__ = "A secret a condition needs is never granted."
check_item_never_gained = _family("TGC306")
check_item_never_gained.__doc__ = "An item or item keyword a condition needs is never gained."
check_never_held = _family("TGC307")
check_never_held.__doc__ = "A `not` test or a removal of state that is never granted."


def check_status_never_checked(analysis: Analysis) -> list[Diagnostic]:
    """Parts, boxes and flags that are marked but never checked and read by no trigger.

    A status nothing reads at all is reported once, at its first mark; otherwise the
    unread parts are reported per line that first marks them.
    """
    campaign = analysis.campaign
    usage = analysis.usage
    unread: dict[str, list[Fact]] = {}
    for fact in usage.grants:
        if fact.key[0] == "status" and not usage.is_read(fact):
            unread.setdefault(fact.name, []).append(fact)
    found: list[Diagnostic] = []
    for name, facts in unread.items():
        if name in usage.unread_obscured or "*" in usage.unread_obscured:
            continue
        status = campaign.statuses[name]
        whole = not any(usage.is_read(f) for f in _status_facts(status.name, status.shape,
                                                                status.size))
        groups: dict[Change, list[Fact]] = {}
        for fact in sorted(facts):
            first = min(usage.grants[fact], key=lambda c: c.span)
            groups.setdefault(first, []).append(fact)
        if whole:
            first = min(groups, key=lambda c: c.span)
            groups = {first: sorted(facts)}
        for change, group in groups.items():
            found.append(_never_checked(usage, change, group, whole))
    return found


def _status_facts(name: str, shape: str, size: int) -> Iterator[Fact]:
    if shape == "parts":
        yield from (Fact("part", name, p) for p in range(1, size + 1))
    else:
        yield Fact(shape, name)


def _never_checked(usage: Usage, first: Change, facts: list[Fact], whole: bool) -> Diagnostic:
    name = facts[0].name
    if whole or facts[0].kind != "part":
        what, be = f'"{name}"', "is"
    elif len(facts) == 1:
        what, be = str(facts[0]), "is"
    else:
        numbers = [f.number for f in facts]
        listed = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
        what, be = f'parts {listed} of "{name}"', "are"
    others = sorted({c for f in facts for c in usage.grants[f] if c is not first},
                    key=lambda c: c.span)
    labels = tuple(Label(c.span, "also marked here") for c in others[:MAX_LABELS])
    return diag("TGC303", first.span, what=what, be=be, labels=labels,
                hint=f'check it (`status "{name}" ...`), give "{name}" a `when` trigger, '
                     "or stop marking it")


# ---------------------------------------------------------------- TGC308


def check_contradictions(analysis: Analysis) -> list[Diagnostic]:
    """Conditions joined by ``and`` (or ``;`` in a guard) that can never hold together,
    reported once per guard, conditional divert or conditional effect."""
    campaign = analysis.campaign
    vocabulary = Vocabulary(campaign)
    found: list[Diagnostic] = []
    for stmt, conds in analysis.usage.compounds:
        pair = _first_conflict(conds, vocabulary)
        if pair is not None:
            first, second = pair
            found.append(diag(
                "TGC308", second.span, first=describe(first), second=describe(second),
                labels=(Label(first.span, "contradicted by this"),),
                hint=f"{_consequence(stmt)}; drop or fix one of the two"))
    return found


def _consequence(stmt: ast.Stmt) -> str:
    if isinstance(stmt, ast.Choice):
        return "this choice is never offered"
    if isinstance(stmt, ast.CondDivert):
        return "this divert is never taken"
    return "this effect never applies"


def _first_conflict(conds: tuple[ast.Cond, ...], vocabulary: Vocabulary
                    ) -> tuple[ast.Cond, ast.Cond] | None:
    """A clash in the conjunction itself, or else in any alternative of an ``or`` in it."""
    pair = conflict(conds, vocabulary)
    if pair is not None:
        return pair
    for cond in conds:
        for alternative in _alternatives(cond):
            found = _first_conflict(alternative, vocabulary)
            if found is not None:
                return found
    return None


def _alternatives(cond: ast.Cond) -> Iterator[tuple[ast.Cond, ...]]:
    """The conjunctions that are alternatives of the ``or``s joined into ``cond``."""
    if isinstance(cond, ast.And):
        for operand in cond.operands:
            yield from _alternatives(operand)
    elif isinstance(cond, ast.Or):
        for operand in cond.operands:
            yield operand.operands if isinstance(operand, ast.And) else (operand,)


CHECKS: tuple[Check, ...] = (
    check_blocked_verses,
    check_status_never_marked,
    check_status_never_checked,
    check_trigger_never_fires,
    check_secret_never_granted,
    check_item_never_gained,
    check_never_held,
    check_contradictions,
)
