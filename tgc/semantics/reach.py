"""Plain reachability over the verse graph (guards ignored), kept between an editor's runs:
the Graph in, each body's successors and predecessors (``Links``) and the bodies reached
from a set of starts (``Reach``) out, either found afresh or carried on from the last
run's after a structural edit, with work in proportion to what the edit moved.

Why carrying on holds. A search notes, for every body it reaches, the body it first came
from (None for a start), in the order it found them, so each rests only on what was
found before it. After an edit, one pass in that order takes back every body that is no
longer a start (when it was one), whose noted body is taken back, or whose noted body
was touched (its successors may have changed) and no longer leads to it. What stays is
still reached: its chain of noted bodies stands. The search then goes on from the new
starts, from the touched bodies that stay, and from every body that stays and leads to
a body taken back; what it reaches is what a fresh search reaches (a body a fresh search
finds is reached along a path whose first body outside what stays follows one that
stays, and each such step is one of those just named). tests/test_reach.py compares it
with a fresh search over random edits, and tests/test_shape.py compares the checks that
read it with a full `tgc check`.

The same search runs backwards (``Links.pred`` as the successors) for the trap-loop
check: the bodies that can reach a way out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from tgc.semantics.graph import Graph

Adjacency = Mapping[str, Collection[str]]


@dataclass(frozen=True, slots=True)
class Links:
    """The graph's edges as node ids: each body's successors (its edges' targets, each
    once, in edge order), its predecessors, and the bodies with an edge to no body (a
    terminal, or a reference that did not resolve)."""

    graph: Graph
    succ: dict[str, tuple[str, ...]]
    pred: dict[str, frozenset[str]]
    ends: frozenset[str]


@dataclass(frozen=True, slots=True)
class Moved:
    """What an edit moved between two Links: the bodies whose successors may differ
    (the changed bodies) and those whose predecessors may (their old and new targets)."""

    forward: frozenset[str]
    backward: frozenset[str]
    gone: frozenset[str] = frozenset()  # the bodies that are no node any more


def links(graph: Graph) -> Links:
    """The Links of a graph, built afresh (linear in its edges)."""
    nodes = graph.nodes
    succ = {nid: _targets(graph, nid) for nid in nodes}
    pred: dict[str, set[str]] = {}
    for nid, targets in succ.items():
        for target in targets:
            pred.setdefault(target, set()).add(nid)
    ends = frozenset(nid for nid in nodes if any(e.target is None for e in graph.out(nid)))
    return Links(graph, succ, {nid: frozenset(p) for nid, p in pred.items()}, ends)


def links_again(earlier: Links, graph: Graph, changed: Iterable[str], gone: Iterable[str] = ()
                ) -> tuple[Links, Moved]:
    """The Links of ``graph``, patched from the last run's for the ``changed`` bodies (new
    ones among them) and the bodies that went (``gone``: the last graph's nodes that are
    none of this one); every other body is the same as then."""
    succ = dict(earlier.succ)
    pred = dict(earlier.pred)
    ends = set(earlier.ends)
    forward, backward = set(), set()
    for nid in gone:  # (its successors go; what led to it changed, so is among ``changed``)
        forward.add(nid)
        for target in succ.pop(nid):
            left = pred[target] - {nid}
            if left:
                pred[target] = left
            else:
                del pred[target]
            backward.add(target)
        ends.discard(nid)
    for nid in changed:
        forward.add(nid)
        before, now = succ.get(nid, ()), _targets(graph, nid)
        succ[nid] = now
        for target in set(before) - set(now):
            left = pred[target] - {nid}
            if left:
                pred[target] = left
            else:
                del pred[target]
            backward.add(target)
        for target in set(now) - set(before):
            pred[target] = pred.get(target, frozenset()) | {nid}
            backward.add(target)
        if any(e.target is None for e in graph.out(nid)):
            ends.add(nid)
        else:
            ends.discard(nid)
    for nid in gone:
        backward.add(nid)
        if nid in pred:
            backward.update(pred.pop(nid))
    return Links(graph, succ, pred, frozenset(ends)), Moved(frozenset(forward), frozenset(backward),
                                                            frozenset(gone))


def _targets(graph: Graph, nid: str) -> tuple[str, ...]:
    nodes = graph.nodes
    return tuple(dict.fromkeys(e.target for e in graph.out(nid)
                               if e.target is not None and e.target in nodes))


@dataclass(frozen=True, slots=True)
class Reach:
    """The bodies reached from ``starts``, each with the body it was first reached from
    (None: a start), and the other way round, the bodies first reached from each."""

    starts: frozenset[str]
    order: dict[str, str | None]
    children: dict[str | None, list[str]]

    def nodes(self) -> AbstractSet[str]:
        return self.order.keys()


def reach(starts: Iterable[str], succ: Adjacency, nodes: Collection[str]) -> Reach:
    """Every body reachable from ``starts`` (those that are bodies) along ``succ``."""
    begin = frozenset(s for s in starts if s in nodes)
    found = _Found({}, {}, set())
    for start in sorted(begin):
        found.add(start, None)
    return found.search(sorted(begin), succ, begin)


def reach_again(earlier: Reach, starts: Iterable[str], succ: Adjacency, pred: Adjacency,
                nodes: Collection[str], touched: Collection[str], gone: Collection[str] = ()) -> Reach:
    """``reach(starts, succ, nodes)``, carried on from the last run's search; ``touched``
    holds the bodies whose successors may have changed since, ``pred`` the new
    predecessors (along ``succ``) of every body, ``gone`` the last run's bodies that are
    no node any more (taken back, with what was first reached from them)."""
    begin = frozenset(s for s in starts if s in nodes)
    lost = _taken_back(earlier, begin, succ, touched, gone)
    found = _Found(dict(earlier.order), dict(earlier.children), set())
    found.drop(lost)
    todo: list[str] = []
    for start in sorted(begin - found.order.keys()):
        found.add(start, None)
        todo.append(start)
    for source in touched:
        if source in found.order:
            for target in succ.get(source, ()):
                if target not in found.order:
                    found.add(target, source)
                    todo.append(target)
    for node in sorted(lost):
        if node not in found.order and node in nodes:
            origin = next((p for p in pred.get(node, ()) if p in found.order), None)
            if origin is not None:
                found.add(node, origin)
                todo.append(node)
    return found.search(todo, succ, begin)


def _taken_back(earlier: Reach, begin: frozenset[str], succ: Adjacency,
                touched: Collection[str], gone: Collection[str] = ()) -> set[str]:
    """The bodies whose noted chain no longer stands: a start no longer one, a body a
    touched body no longer leads to, a body that went, and every body first reached
    from one of those."""
    seeds = [s for s in earlier.children.get(None, ()) if s not in begin]
    seeds.extend(node for node in gone if node in earlier.order)
    children = earlier.children
    for source in touched:
        now = succ.get(source, ())
        seeds.extend(node for node in children.get(source, ()) if node not in now)
    lost: set[str] = set()
    while seeds:
        node = seeds.pop()
        if node not in lost:
            lost.add(node)
            seeds.extend(children.get(node, ()))
    return lost


@dataclass(slots=True)
class _Found:
    """A search under way: its noted bodies, each list of children copied before it is
    first changed (``mine``: the lists of this search, the others the last run's)."""

    order: dict[str, str | None]
    children: dict[str | None, list[str]]
    mine: set[str | None]

    def add(self, node: str, source: str | None) -> None:
        self.order[node] = source
        if source not in self.mine:
            self.mine.add(source)
            self.children[source] = list(self.children.get(source, ()))
        self.children[source].append(node)

    def drop(self, lost: set[str]) -> None:
        sources: set[str | None] = set()
        for node in lost:
            source = self.order.pop(node)
            self.children.pop(node, None)
            if source is None or source not in lost:
                sources.add(source)
        for source in sources:
            self.mine.add(source)
            self.children[source] = [n for n in self.children[source] if n not in lost]

    def search(self, todo: list[str], succ: Adjacency, begin: frozenset[str]) -> Reach:
        # Breadth first: each body's noted chain is as short as it can be, so an edit
        # takes back as little as it can.
        order = self.order
        queue = deque(todo)
        while queue:
            source = queue.popleft()
            for target in succ.get(source, ()):
                if target not in order:
                    self.add(target, source)
                    queue.append(target)
        return Reach(begin, order, self.children)
