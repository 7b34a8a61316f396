"""Loops of the verse graph: the Graph in, its strongly connected sets of bodies out
(Tarjan's algorithm, iterative so a 20,000-verse chain cannot overflow the stack; linear
in nodes and edges). Read by the trap-loop check.

Example:
    >>> from tgc.semantics.graph import Edge, Graph
    >>> from tgc.source import Span
    >>> s = Span("a.tgj", 1, 1, 1, 2)
    >>> g = Graph()
    >>> for n in ("a", "b", "c"):
    ...     g.nodes[n] = None  # type: ignore[assignment]
    >>> g.edges = {"a": [Edge("a", "b", "divert", s, 0)], "b": [Edge("b", "a", "divert", s, 0)],
    ...            "c": [Edge("c", None, "divert", s, 0, terminal="end")]}
    >>> [sorted(c) for c in components(g)]
    [['a', 'b'], ['c']]
    >>> [sorted(c) for c in closed_loops(g)]
    [['a', 'b']]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator

from tgc.semantics.graph import Graph


def components(graph: Graph) -> Iterator[list[str]]:
    """Every strongly connected component, each as a list of node ids."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    counter = 0
    for root in graph.nodes:
        if root in index:
            continue
        # Each frame: a node and the iterator over its successors.
        work: list[tuple[str, Iterator[str]]] = []
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, _successors(graph, root)))
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, _successors(graph, succ)))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                yield component


def closed_loops(graph: Graph, exits: Iterable[str] = (),
                 escaped: Collection[str] | None = None) -> Iterator[set[str]]:
    """Components that are loops (two or more bodies, or one that diverts to itself) and
    that nothing leaves: every edge stays inside, none is a terminal or unresolved.

    Only bodies that cannot reach a way out (an edge to no body, or one of ``exits``)
    can be in such a loop; in a sound campaign there are none, so the components are
    computed over that (usually empty) remainder only. ``escaped``, when given, holds
    the bodies that reach a way out (an editor's search, kept between runs).
    """
    trapped = _trapped(graph, exits) if escaped is None else {n for n in graph.nodes if n not in escaped}
    if not trapped:
        return
    sub = Graph(nodes={n: graph.nodes[n] for n in graph.nodes if n in trapped},
                edges={n: graph.out(n) for n in graph.nodes if n in trapped})
    for component in components(sub):
        members = set(component)
        if len(members) == 1:
            only = component[0]
            if not any(e.target == only for e in graph.out(only)):
                continue
        if all(e.target in members for n in members for e in graph.out(n)):
            yield members


def _trapped(graph: Graph, exits: Iterable[str]) -> set[str]:
    """Bodies from which no path reaches an exit (one backward search, linear)."""
    nodes = graph.nodes
    back: defaultdict[str, list[str]] = defaultdict(list)
    escaped = set(exits)
    for source, edges in graph.edges.items():
        for edge in edges:
            target = edge.target
            if target is None:
                escaped.add(source)
            else:
                back[target].append(source)
    todo = list(escaped)
    while todo:
        for source in back.get(todo.pop(), ()):
            if source not in escaped:
                escaped.add(source)
                todo.append(source)
    return {n for n in nodes if n not in escaped}


def _successors(graph: Graph, node: str) -> Iterator[str]:
    for edge in graph.out(node):
        if edge.target is not None and edge.target in graph.nodes:
            yield edge.target
