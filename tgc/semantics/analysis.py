"""One analysis of a resolved campaign: the verse graph, the usage tables, the state flow,
the endings of bodies and what earlier mistakes hide, each a typed property computed on
first use and then kept. Every check (the core's and each ruleset's) reads what it needs
from here; nothing derived is stored on the model, which is frozen.

Why one object: the checks share these structures (the flow needs the graph and the
usage; a dozen checks need the graph), and a language server must know what an edit
invalidates. The answer here is simple on purpose: an ``Analysis`` is a pure function of
one ``Campaign``. The server keeps the parse of every file (``project.workspace``'s
memory cache), rebuilds the model from the files after an edit (cheap: symbols and
resolution are linear) and makes a new ``Analysis`` from it; each property is then
computed only if a check, a hover or a lens asks for it.

Families of checks that share a result of their own (the missing-state planner, a
ruleset's rule data) keep it with ``derive``, keyed by the function that computes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from functools import cached_property
from typing import TypeVar, cast

from tgc.diagnostics.model import Diagnostic
from tgc.semantics.cascade import Hidden, find_hidden
from tgc.semantics.endings import Ending, find_endings
from tgc.semantics.flow import Flow, solve_flow
from tgc.semantics.graph import Graph, Node, build_graph
from tgc.semantics.incremental import Resolution
from tgc.semantics.model import Campaign, VerseInfo, block_id
from tgc.semantics.reach import Links, Moved, Reach, links, links_again, reach, reach_again
from tgc.semantics.reflow import solve_flow_again
from tgc.semantics.usage import Usage, collect_usage
from tgc.syntax import ast

T = TypeVar("T")


class Analysis:
    """The derived structures of one resolved campaign, each computed when first read."""

    def __init__(self, campaign: Campaign, earlier: Earlier | None = None, keep: bool = False,
                 resolution: Resolution | None = None) -> None:
        self.campaign = campaign
        self.keep = keep  # what each body adds to the tables is kept, for a next run
        # What resolving each verse found (an editor's run keeps the records): which verses
        # hold a reference that did not resolve is read from it, not from every line.
        self.resolution = resolution
        self._derived: dict[Callable[[Analysis], object], object] = {}
        # The last run's analysis and the verses whose trees and resolution are still
        # its own (semantics.incremental): what it built for them is taken, not rebuilt.
        self.earlier = earlier
        # An editor's plain searches (semantics.reach), by name, kept for the next run.
        self._reaches: dict[str, Reach] = {}
        self._moved: Moved | None = None
        self._per_verse: dict[Callable[[VerseInfo], object], dict[str, tuple[ast.Verse, object]]] = {}
        self._per_body: dict[Callable[[Analysis, str], object], dict[str, tuple[Node, object]]] = {}

    @cached_property
    def graph(self) -> Graph:
        """Bodies (verses and inline blocks), the edges between them and the entries."""
        if self.earlier is not None:
            analysis, resolution = self.earlier
            if "graph" in vars(analysis):  # (built there: a cached_property lives in __dict__)
                return build_graph(self.campaign, analysis.graph, resolution.replayed, resolution.fresh,
                                   resolution.same_names)
        return build_graph(self.campaign)

    @cached_property
    def usage(self) -> Usage:
        """Where each status, secret and item is granted, removed, checked and triggered."""
        if not self.keep:
            return collect_usage(self.campaign, self.graph)
        if self.earlier is not None:
            analysis, resolution = self.earlier
            if "graph" in vars(analysis) and "usage" in vars(analysis) and analysis.keep:
                return collect_usage(self.campaign, self.graph, (analysis.graph, analysis.usage),
                                     changed=self._changed(), gone=self._gone,
                                     same_order=resolution.same_names)
        return collect_usage(self.campaign, self.graph, keep=True)

    @cached_property
    def hidden(self) -> Hidden:
        """The bodies, verses, locations and numbers an earlier diagnostic covers."""
        failing = None
        if self.resolution is not None and self.campaign.unresolved:
            failing = {vid for vid, record in self.resolution.verses.items() if record.unresolved}
        return find_hidden(self.campaign, self.graph, failing)

    @cached_property
    def flow(self) -> Flow:
        """Which facts can hold where (the forward state flow over the graph); an editor's
        run carries on from the last run's solve (semantics.reflow)."""
        if not self.keep:
            return solve_flow(self.campaign, self.graph, self.usage, lambda: self.hidden)
        earlier = None
        if self.earlier is not None:
            analysis, _ = self.earlier
            if "flow" in vars(analysis) and "graph" in vars(analysis) and "usage" in vars(analysis):
                earlier = analysis.flow
        return solve_flow_again(self.campaign, self.graph, self.usage, lambda: self.hidden, earlier,
                                self.reached, self._gone if earlier is not None else ())

    @cached_property
    def links(self) -> Links:
        """Each body's successors and predecessors as node ids; an editor's run patches
        the last run's for the bodies an edit changed (semantics.reach)."""
        if self.earlier is not None:
            analysis, _ = self.earlier
            if "links" in vars(analysis) and "graph" in vars(analysis):
                found, self._moved = links_again(analysis.links, self.graph, self._changed(), self._gone)
                return found
        return links(self.graph)

    def _changed(self) -> list[str]:
        """The bodies not taken from the last run's graph (those of the fresh verses)."""
        assert self.earlier is not None
        verses = self.campaign.verses
        return [nid for vid in self.earlier[1].fresh
                for nid in (vid, *(block_id(vid, name) for name in verses[vid].blocks))]

    @cached_property
    def _gone(self) -> list[str]:
        """The bodies of the last run's graph that are no node of this one (verse ids or
        blocks that went), in that graph's order."""
        assert self.earlier is not None
        analysis, resolution = self.earlier
        if resolution.same_names:
            return []
        nodes = self.graph.nodes
        return [nid for nid in analysis.graph.nodes if nid not in nodes]

    def reached(self, name: str, starts: list[str], backward: bool = False) -> AbstractSet[str]:
        """The bodies reachable from ``starts`` (guards ignored; against the edges with
        ``backward``: the bodies that reach one of them), for an editor's run: the search
        ``name`` of the last run is carried on when the edit left its node ids alone."""
        graph, kept = self.links, self._reaches.get(name)
        begin = frozenset(s for s in starts if s in graph.graph.nodes)
        if kept is None or kept.starts != begin:
            succ, pred = (graph.pred, graph.succ) if backward else (graph.succ, graph.pred)
            earlier = self._earlier_reach(name)
            if earlier is not None and self._moved is not None:
                touched = self._moved.backward if backward else self._moved.forward
                kept = reach_again(earlier, begin, succ, pred, graph.graph.nodes, touched, self._moved.gone)
            else:
                kept = reach(begin, succ, graph.graph.nodes)
            self._reaches[name] = kept
        return kept.nodes()

    def _earlier_reach(self, name: str) -> Reach | None:
        if self.earlier is None:
            return None
        return self.earlier[0]._reaches.get(name)

    def entry_reach(self) -> AbstractSet[str]:
        """The bodies any entry reaches, guards ignored (the flow's ``plain``)."""
        if not self.keep:
            return self.flow.reachable(self.graph)
        return self.reached("plain", [e.target for e in self.graph.entries])

    @cached_property
    def endings(self) -> dict[str, Ending]:
        """How each body that does not simply leave at its last line ends."""
        if self.earlier is not None:
            analysis, _ = self.earlier
            if "graph" in vars(analysis) and "endings" in vars(analysis):
                return find_endings(self.campaign, self.graph, (analysis.graph, analysis.endings))
        return find_endings(self.campaign, self.graph)

    def per_verse(self, compute: Callable[[VerseInfo], T]) -> dict[str, T]:
        """``compute(info)`` for every verse, by id, the verses whose finding is empty
        (falsy) left out, once per analysis: a finding that reads the verse's own tree
        alone. In table order for a one-off run; an editor's run takes the last run's
        findings for every verse whose tree is the same object as then and computes
        again only for the verses the resolution did not replay (those whose trees are
        new are among them), so its order is the last run's with the new findings after
        (work in proportion to the edit)."""
        kept = self._per_verse.get(compute)
        if kept is None:
            verses = self.campaign.verses
            earlier = self.earlier[0]._per_verse.get(compute) if self.earlier is not None else None
            kept = {}
            if earlier is None or self.earlier is None:
                for vid, info in verses.items():
                    found = compute(info)
                    if found:
                        kept[vid] = (info.verse, found)
            else:
                for vid, entry in earlier.items():
                    same = verses.get(vid)
                    if same is not None and same.verse is entry[0]:
                        kept[vid] = entry
                for vid in self.earlier[1].fresh:
                    if vid not in kept:
                        info = verses[vid]
                        found = compute(info)
                        if found:
                            kept[vid] = (info.verse, found)
            self._per_verse[compute] = kept
        return {vid: cast(T, found) for vid, (_, found) in kept.items()}

    def per_body(self, compute: Callable[[Analysis, str], T],
                 among: Callable[[Analysis], Iterable[str]] | None = None) -> dict[str, T]:
        """``compute(self, node id)`` for every body of the graph, by node id, the bodies
        whose finding is empty (falsy) left out, once per analysis: a finding that reads
        the body's own node, edges and ending (and declarations). In graph order for a
        one-off run; an editor's run takes the last run's finding for every body that is
        the very node of the last graph and computes again only for the bodies built
        anew (``_changed``), so its order is the last run's with the new findings after.
        ``among``: the only bodies that may have a finding, in graph order (a one-off run
        then computes for those alone)."""
        kept = self._per_body.get(compute)
        if kept is None:
            nodes = self.graph.nodes
            earlier = self.earlier[0]._per_body.get(compute) if self.earlier is not None else None
            kept = {}
            if earlier is None:
                for nid in (among(self) if among is not None else nodes):
                    found = compute(self, nid)
                    if found:
                        kept[nid] = (nodes[nid], found)
            else:
                for nid, entry in earlier.items():
                    if nodes.get(nid) is entry[0]:
                        kept[nid] = entry
                for nid in self._changed():
                    if nid not in kept:
                        found = compute(self, nid)
                        if found:
                            kept[nid] = (nodes[nid], found)
            self._per_body[compute] = kept
        return {nid: cast(T, found) for nid, (_, found) in kept.items()}

    def derive(self, compute: Callable[[Analysis], T]) -> T:
        """``compute(self)``, computed once per analysis: a result several checks of one
        family share (the missing-state findings, a ruleset's rule data)."""
        if compute not in self._derived:
            self._derived[compute] = compute(self)
        return cast(T, self._derived[compute])


# The analysis of the last run and this run's resolution: which verses have the trees
# and resolution of then (``replayed``), and which not (``fresh``).
Earlier = tuple[Analysis, Resolution]

# A check: one analysis in, its diagnostics out (semantics.checks lists the core's; a
# ruleset's `checks` module lists its own as CHECKS).
Check = Callable[[Analysis], list[Diagnostic]]
