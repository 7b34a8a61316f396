"""semantics.reach: a search carried on over an edit finds what a fresh search finds, and
patched Links equal Links built afresh; over random graphs and chains of random edits."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tgc.semantics.graph import Edge, Graph, Node
from tgc.semantics.reach import links, links_again, reach, reach_again
from tgc.source import Span

SPAN = Span("a.tgj", 1, 1, 1, 2)
SIZE = 12
NODES = [f"n{i}" for i in range(SIZE)]

targets = st.lists(st.one_of(st.none(), st.sampled_from(NODES)), max_size=4)
adjacency = st.lists(targets, min_size=SIZE, max_size=SIZE)
starts = st.lists(st.sampled_from(NODES), max_size=4)
edit = st.tuples(st.dictionaries(st.sampled_from(NODES), targets, max_size=3), starts)


Edit = tuple[dict[str, list[str | None]], list[str]]


def _graph(succ: list[list[str | None]]) -> Graph:
    graph = Graph()
    for i, out in enumerate(succ):
        nid = NODES[i]
        graph.nodes[nid] = Node(nid, nid, None, (), SPAN)
        graph.edges[nid] = [Edge(nid, t, "divert", SPAN, k, terminal=None if t else "end")
                            for k, t in enumerate(out)]
    return graph


def _edited(graph: Graph, changes: dict[str, list[str | None]]) -> Graph:
    """The graph with the changed nodes' bodies replaced (new Node objects), the others kept."""
    new = Graph(nodes=dict(graph.nodes), edges=dict(graph.edges))
    for nid, out in changes.items():
        new.nodes[nid] = Node(nid, nid, None, (), SPAN)
        new.edges[nid] = [Edge(nid, t, "divert", SPAN, k, terminal=None if t else "end")
                          for k, t in enumerate(out)]
    return new


@settings(max_examples=25, deadline=None)
@given(adjacency, starts, st.lists(edit, min_size=1, max_size=5), st.booleans())
def test_a_search_carried_on_over_edits_finds_what_a_fresh_one_finds(
        succ: list[list[str | None]], begin: list[str], edits: list[Edit], backward: bool) -> None:
    graph = _graph(succ)
    kept = links(graph)
    found = reach(begin, kept.pred if backward else kept.succ, graph.nodes)
    for changes, now in edits:
        graph = _edited(graph, changes)
        kept, moved = links_again(kept, graph, list(changes))
        fresh = links(graph)
        assert (kept.succ, kept.pred, kept.ends) == (fresh.succ, fresh.pred, fresh.ends)
        if backward:
            found = reach_again(found, now, kept.pred, kept.succ, graph.nodes, moved.backward)
            expected = reach(now, fresh.pred, graph.nodes)
        else:
            found = reach_again(found, now, kept.succ, kept.pred, graph.nodes, moved.forward)
            expected = reach(now, fresh.succ, graph.nodes)
        assert set(found.nodes()) == set(expected.nodes())
        # Every noted body is a start or follows the body it is noted under.
        step = kept.pred if backward else kept.succ
        for node, source in found.order.items():
            assert (source is None and node in found.starts) or (source is not None and node in step[source])


def test_a_choice_retargeted_takes_back_the_verse_it_no_longer_leads_to() -> None:
    graph = _graph([["n1"], ["n2"], [None], ["n0"], *[[] for _ in NODES[4:]]])
    kept = links(graph)
    found = reach(["n0"], kept.succ, graph.nodes)
    assert set(found.nodes()) == {"n0", "n1", "n2"}
    graph = _edited(graph, {"n0": ["n3"]})
    kept, moved = links_again(kept, graph, ["n0"])
    found = reach_again(found, ["n0"], kept.succ, kept.pred, graph.nodes, moved.forward)
    assert set(found.nodes()) == {"n0", "n3"}
    assert kept.pred["n0"] == {"n3"} and "n1" not in kept.pred
