"""The verse graph: nodes are verses and their inline blocks, edges are the ways control
leaves a body (diverts, choices, conditional diverts, roll/toss/encounter arms), each
labelled with what must hold to take it; entries are where play can start. Built from
the resolved Campaign; read by the graph, state and map checks and by `tgc graph`."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import islice
from typing import Literal, NamedTuple

from tgc.semantics.model import Campaign, block_id
from tgc.source import Span
from tgc.syntax import ast

EdgeKind = Literal["divert", "choice", "cond_divert", "roll", "toss", "encounter"]
_ARM_KIND: dict[type, EdgeKind] = {ast.Roll: "roll", ast.Toss: "toss", ast.Encounter: "encounter"}


class Node(NamedTuple):
    """A body that runs top to bottom: a verse's own lines, or one of its blocks. (A
    named tuple, as the AST's nodes are: a graph has one per body and several edges per
    body, and a tuple is made four times faster than a frozen dataclass.)"""

    id: str  # "101.4" or "101.4.beaten"
    verse: str  # the verse it belongs to
    block: str | None
    body: tuple[ast.Stmt, ...]
    span: Span  # the header (verse id or block name)


class Before:
    """The conditions of a body's first ``count`` conditional diverts: a view of one tuple
    the whole body shares. An edge after the k-th ``~ if ... ->`` of a body must know the
    k conditions that failed before it; a tuple per edge would hold k items each, so a
    verse of 30,000 such lines held 450 million (3 GB) where this holds 30,000."""

    __slots__ = ("_conds", "_count")

    def __init__(self, conds: tuple[ast.Cond, ...] = (), count: int = 0) -> None:
        self._conds, self._count = conds, count

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[ast.Cond]:
        return islice(self._conds, self._count)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Before):
            return self._count == other._count and (
                self._conds is other._conds or self._conds[: self._count] == other._conds[: other._count])
        return isinstance(other, tuple) and other == self._conds[: self._count]

    def __hash__(self) -> int:
        return hash((self._count, self._conds[self._count - 1] if self._count else None))

    def __repr__(self) -> str:
        return f"Before({self._count} conditions)"


_NONE_BEFORE = Before()


class Edge(NamedTuple):
    """One way out of a body. (A named tuple, as ``Node`` is: there is an edge for every
    choice, divert and arm of the campaign, and a tuple is made several times faster than
    a frozen dataclass, whose ``__init__`` sets each of its eleven fields through
    ``object.__setattr__``.)

    ``target`` is a node id, or None for a terminal (``terminal`` then says which) or
    for a reference that did not resolve (``unresolved`` True: the mistake was already
    reported, and checks must not report its consequences). ``guard`` holds the
    conditions that must hold to take the edge; ``costs`` what is paid; ``after``
    the conditions of earlier conditional diverts of the same body, which must all
    have failed for control to reach this edge's line. ``index`` is the position of
    the statement in its body.
    """

    source: str
    target: str | None
    kind: EdgeKind
    span: Span
    index: int  # type: ignore[assignment]  # (the field shadows tuple.index)
    guard: tuple[ast.Cond, ...] = ()
    costs: tuple[ast.Cost, ...] = ()
    after: Before = _NONE_BEFORE
    label: str | None = None  # arm label: "1-3", "heads", "win"
    terminal: ast.TerminalKind | None = None
    unresolved: bool = False


# ``_make_edge((source, target, ...))``: an Edge made in C, all eleven fields in order (as
# tgc.source.make_span makes spans: an edge for every choice of the campaign), and a Node
# for every body.
_make_edge: Callable[[tuple[object, ...]], Edge] = partial(tuple.__new__, Edge)
_make_node: Callable[[tuple[str, str, str | None, tuple[ast.Stmt, ...], Span]], Node] = \
    partial(tuple.__new__, Node)


@dataclass(frozen=True, slots=True)
class Entry:
    """Where play can start: a location hook, a status trigger, an event or quest."""

    target: str
    # "start" (the start location's explore hook), a hook name ("explore", "instant",
    # "menhir", "dream", "nightmare"), "action", "trigger" or "event"
    kind: str
    span: Span
    owner: str  # "location 101", 'status "Cold Pyre"', 'event "The Drowning"'
    trigger: ast.Trigger | None = None


@dataclass
class Graph:
    nodes: dict[str, Node] = field(default_factory=dict)
    edges: dict[str, list[Edge]] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    # Entries whose own reference failed to resolve (reported already).
    broken_entries: int = 0

    def out(self, node: str) -> list[Edge]:
        return self.edges.get(node, [])

    def all_edges(self) -> Iterator[Edge]:
        for edges in self.edges.values():
            yield from edges

    def reachable(self, starts: Iterable[str] | None = None,
                  follow: type[object] | None = None) -> set[str]:
        """Node ids reachable from ``starts`` (default: every entry), ignoring guards."""
        todo = deque(starts if starts is not None else (e.target for e in self.entries))
        seen: set[str] = set()
        while todo:
            node = todo.popleft()
            if node in seen or node not in self.nodes:
                continue
            seen.add(node)
            todo.extend(e.target for e in self.out(node) if e.target is not None)
        return seen

    def predecessors(self) -> dict[str, list[Edge]]:
        """Incoming edges per node, built on demand (linear in the edges)."""
        incoming: dict[str, list[Edge]] = {}
        for edge in self.all_edges():
            if edge.target is not None:
                incoming.setdefault(edge.target, []).append(edge)
        return incoming


class _Builder:
    def __init__(self, campaign: Campaign, earlier: Graph | None = None,
                 same: Collection[str] = ()) -> None:
        self.c = campaign
        self.g = Graph()
        self.earlier = earlier
        self.same = same

    def again(self, fresh: Iterable[str]) -> Graph:
        """The earlier graph's bodies, those of the ``fresh`` verses built anew (the
        campaign holds the earlier one's verses and blocks in its order, so every node
        keeps its place)."""
        assert self.earlier is not None
        self.g.nodes = dict(self.earlier.nodes)
        self.g.edges = dict(self.earlier.edges)
        for vid in fresh:
            info = self.c.verses[vid]
            self.node(vid, vid, None, info.verse.body, info.verse.id.span)
            for name, block in info.blocks.items():
                self.node(block_id(vid, name), vid, name, block.body, block.span)
        self.entries()
        return self.g

    def spliced(self, fresh: Iterable[str]) -> Graph:
        """The earlier graph's bodies, those of the ``fresh`` verses built anew, for a
        campaign whose verse ids or blocks came or went since: every node in the place a
        fresh build gives it (one pass over the verse table; the bodies of the verses that
        went are left out)."""
        assert self.earlier is not None
        nodes, edges = self.earlier.nodes, self.earlier.edges
        anew = set(fresh)
        for vid, info in self.c.verses.items():
            if vid in anew:
                self.node(vid, vid, None, info.verse.body, info.verse.id.span)
                for name, block in info.blocks.items():
                    self.node(block_id(vid, name), vid, name, block.body, block.span)
                continue
            self.g.nodes[vid], self.g.edges[vid] = nodes[vid], edges[vid]
            for name in info.blocks:
                nid = block_id(vid, name)
                self.g.nodes[nid], self.g.edges[nid] = nodes[nid], edges[nid]
        self.entries()
        return self.g

    def run(self) -> Graph:
        for info in self.c.verses.values():
            if self.earlier is not None and info.id in self.same and self.kept(info.id, info.blocks):
                continue
            self.node(info.id, info.id, None, info.verse.body, info.verse.id.span)
            for name, block in info.blocks.items():
                self.node(block_id(info.id, name), info.id, name, block.body, block.span)
        self.entries()
        return self.g

    def kept(self, vid: str, blocks: Collection[str]) -> bool:
        """The bodies of a verse taken from the earlier graph (the same tree, its
        references resolved alike), in the order a fresh build adds them."""
        assert self.earlier is not None
        if not blocks:  # most verses: one body
            node = self.earlier.nodes.get(vid)
            if node is None:
                return False
            self.g.nodes[vid] = node
            self.g.edges[vid] = list(self.earlier.edges[vid])
            return True
        ids = [vid, *(block_id(vid, name) for name in blocks)]
        if any(nid not in self.earlier.nodes for nid in ids):
            return False
        for nid in ids:
            self.g.nodes[nid] = self.earlier.nodes[nid]
            self.g.edges[nid] = list(self.earlier.edges[nid])
        return True

    # ------------------------------------------------------------ bodies

    def node(self, nid: str, verse: str, block: str | None, body: tuple[ast.Stmt, ...],
             span: Span) -> None:
        self.g.nodes[nid] = _make_node((nid, verse, block, body, span))
        self.g.edges[nid] = self.body_edges(nid, body)

    def body_edges(self, nid: str, body: tuple[ast.Stmt, ...]) -> list[Edge]:
        # Every line of the campaign passes here: prose, the commonest, is skipped first,
        # and the edges are made in place (no call per edge).
        found: list[Edge] = []
        targets = self.c.targets
        conds: tuple[ast.Cond, ...] | None = None
        after = _NONE_BEFORE
        for index, stmt in enumerate(body):
            if isinstance(stmt, ast.Paragraph):
                continue
            if isinstance(stmt, ast.Choice):
                guard = stmt.guard
                target = stmt.target
                if isinstance(target, ast.Ref):
                    resolved = targets.get(target)
                    found.append(_make_edge((nid, resolved, "choice", stmt.span, index,
                                             guard.conditions if guard else (), guard.costs if guard else (),
                                             after, None, None, resolved is None)))
                else:
                    found.append(_make_edge((nid, None, "choice", stmt.span, index,
                                             guard.conditions if guard else (), guard.costs if guard else (),
                                             after, None, target.kind, False)))
            elif isinstance(stmt, ast.Divert):
                found.append(self.edge(nid, stmt.target, "divert", stmt.span, index, (), (), after))
            elif isinstance(stmt, ast.CondDivert):
                found.append(self.edge(nid, stmt.target, "cond_divert", stmt.span, index, (stmt.cond,),
                                       (), after))
                if conds is None:
                    conds = tuple(s.cond for s in body if isinstance(s, ast.CondDivert))
                after = Before(conds, len(after) + 1)
            elif stmt.cond is None and isinstance(stmt.effect, (ast.Roll, ast.Toss, ast.Encounter)):
                effect = stmt.effect
                arm_kind = _ARM_KIND[type(effect)]
                for arm in effect.arms:
                    found.append(self.edge(nid, arm.target, arm_kind, arm.span, index, (), (), after,
                                           arm.label))
        return found

    def edge(self, nid: str, target: ast.Target, kind: EdgeKind, span: Span, index: int,
             guard: tuple[ast.Cond, ...], costs: tuple[ast.Cost, ...],
             after: Before, label: str | None = None) -> Edge:
        if isinstance(target, ast.Terminal):
            return _make_edge((nid, None, kind, span, index, guard, costs, after, label, target.kind, False))
        resolved = self.c.targets.get(target)
        return _make_edge((nid, resolved, kind, span, index, guard, costs, after, label, None,
                           resolved is None))

    # ------------------------------------------------------------ entries

    def entries(self) -> None:
        info = self.c.info
        start = info.start if info is not None else None
        for number, loc in sorted(self.c.locations.items()):
            owner = f"location {number}"
            for hook, target in loc.hooks.items():
                kind = "start" if number == start and hook == "explore" else hook
                self.entry(target, kind, owner)
            for action in loc.actions:
                self.entry(action.target, "action", owner)
        for name, status in self.c.statuses.items():
            for trig in status.triggers:
                self.entry(trig.target, "trigger", f'status "{name}"', trig)
        for decl in self.c.events:
            title = f'{decl.kind} "{decl.args[0]}"' if decl.args else decl.kind
            for prop in decl.props:
                if isinstance(prop, ast.RefProp):
                    self.entry(prop.target, "event", title)

    def entry(self, target: ast.Target, kind: str, owner: str,
              trigger: ast.Trigger | None = None) -> None:
        if isinstance(target, ast.Terminal):
            return
        resolved = self.c.targets.get(target)
        if resolved is None:
            self.g.broken_entries += 1
            return
        self.g.entries.append(Entry(resolved, kind, target.span, owner, trigger))


def build_graph(campaign: Campaign, earlier: Graph | None = None, same: Collection[str] = (),
                fresh: Iterable[str] | None = None, same_names: bool = True) -> Graph:
    """The verse graph of a resolved campaign (linear in its size). With ``earlier``, the
    graph of the last run: the bodies of the verses in ``same`` (each the very tree it was
    then, its references resolved as they were: semantics.incremental) are taken from it;
    with ``fresh`` too (every other verse, for a campaign that declares the verses and
    blocks of the last run's in its order), the earlier graph is copied and only those
    are built (work in proportion to the edit, not to the campaign); with ``same_names``
    False (verse ids or blocks came or went) every other body is taken from it in one
    pass over the verse table."""
    if earlier is not None and fresh is not None:
        if not same_names:
            return _Builder(campaign, earlier, same).spliced(fresh)
        return _Builder(campaign, earlier, same).again(fresh)
    return _Builder(campaign, earlier, same).run()


def declared_elsewhere(campaign: Campaign) -> list[str]:
    """References in `@encounter`, `@card` and `@character` data, the ruleset's own
    declarations and the `@campaign` header's ruleset keys: the ruleset reads them, so
    the verses they name count as reached."""
    found = []
    header = [campaign.info.decl] if campaign.info is not None else []
    for decl in [*header, *campaign.encounters.values(), *campaign.others]:
        for prop in decl.props:
            if isinstance(prop, ast.RefProp):
                target = campaign.target_of(prop.target)
                if target is not None:
                    found.append(target)
    return found
