"""Graph checks (TGC2xx): the analysis of a resolved Campaign (its verse graph) in, diagnostics about
verses no entry reaches, bodies that run off their end, loops that never end, lines
never read, and roll, toss and encounter arms out. One ``check_`` function per rule;
``Analysis.hidden`` keeps each from repeating what an earlier diagnostic already said."""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic, Label
from tgc.semantics import dice
from tgc.semantics.analysis import Analysis, Check
from tgc.semantics.endings import Ending, missing_outcomes
from tgc.semantics.facts import Fact
from tgc.semantics.graph import Graph, Node, declared_elsewhere
from tgc.semantics.loops import closed_loops
from tgc.semantics.lower import ast_atoms
from tgc.semantics.model import (
    Campaign,
    block_id,
)
from tgc.semantics.usage import Usage
from tgc.source import Span
from tgc.syntax import ast

CAUSES = {
    "divert": "a plain divert",
    "roll": "a roll",
    "toss": "a toss",
    "encounter": "an encounter with an arm for every outcome",
    "conditions": "one of the conditional diverts always holds",
}
LINE_WORDS = {ast.Paragraph: "prose", ast.Choice: "choice", ast.Divert: "divert",
              ast.CondDivert: "conditional divert", ast.EffectLine: "logic line"}


def unreachable_verses(analysis: Analysis) -> list[str]:
    """Verses no path from an entry point reaches (guards ignored), in campaign order;
    verses an earlier mistake may hide are left out (Analysis.hidden). Found once per
    analysis: TGC201, the missing-state planner and an editor's hovers all ask."""
    return list(analysis.derive(_find_unreachable))


def _find_unreachable(analysis: Analysis) -> tuple[str, ...]:
    campaign = analysis.campaign
    if campaign.info is None:
        return ()  # no campaign, so no start: TGC114 says so, and everything would be unreachable
    graph = analysis.graph
    entries = [entry.target for entry in graph.entries]
    excusing = [*declared_elsewhere(campaign), *sorted(analysis.hidden.nodes)]
    if analysis.keep:  # an editor's: the flow's two searches, carried on between runs
        reached = analysis.reached("plain", entries) | analysis.reached("excused", excusing)
    else:
        reached = _reach(graph, entries + excusing)
    lost = [vid for vid in campaign.verses if vid not in reached]
    # A block a failed reference may have named counts for its verse.
    return tuple(vid for vid in lost
                 if not any(block_id(vid, name) in reached for name in campaign.verses[vid].blocks))


def dead_end_nodes(analysis: Analysis) -> list[str]:
    """Bodies reported as dead ends (TGC203), in graph order."""
    campaign = analysis.campaign
    hidden = analysis.hidden
    found = []
    for nid, _, ending in _bodies(analysis):
        if not ending.dead or ending.unsure or nid in hidden.bodies:
            continue
        if any(_undeclared(campaign, atom) for cond in ending.run for atom in ast_atoms(cond)):
            continue  # the unknown name was reported; its complement may be what was meant
        found.append(nid)
    return found


def check_unreachable(analysis: Analysis) -> list[Diagnostic]:
    """TGC201: verses no path from an entry reaches, ignoring guards."""
    campaign = analysis.campaign
    lost = unreachable_verses(analysis)
    if not lost:
        return []
    graph = analysis.graph
    via = _led_from(analysis, lost)
    diags = []
    for vid in lost:
        if vid in via:
            hint = f"only unreachable verses lead to it, such as `{via[vid]}`"
        else:
            hint = ("divert to it from a verse that is read, or make it an entry point "
                    "(a location hook, a status trigger, an event or quest)")
        diags.append(diag("TGC201", campaign.verses[vid].span, hint=hint, id=vid,
                          needed=_needed(analysis, graph, vid)))
    return diags


def _led_from(analysis: Analysis, lost: list[str]) -> dict[str, str]:
    """For each lost verse that another verse leads to, the first such verse: the source of
    the first edge in graph order into one of its bodies. An editor's run reads the kept
    predecessors (semantics.reach) instead of every edge of the campaign."""
    graph = analysis.graph
    nodes = graph.nodes
    via: dict[str, str] = {}
    if not analysis.keep:
        lost_set = set(lost)
        for edge in graph.all_edges():
            if edge.target is not None:
                source, target = nodes[edge.source].verse, nodes[edge.target].verse
                if target in lost_set and source != target:
                    via.setdefault(target, source)
        return via
    pred, verses = analysis.links.pred, analysis.campaign.verses
    place: dict[str, int] | None = None
    for vid in lost:
        sources = [src for nid in (vid, *(block_id(vid, name) for name in verses[vid].blocks))
                   for src in pred.get(nid, ()) if nodes[src].verse != vid]
        if sources:
            if place is None:
                place = {nid: i for i, nid in enumerate(nodes)}
            via[vid] = nodes[min(sources, key=place.__getitem__)].verse
    return via


def _needed(analysis: Analysis, graph: Graph, vid: str) -> str:
    """What play needs from an unreachable verse: a fact only it (or other unreachable
    verses) grants, which a condition or a trigger reads; "" when nothing."""
    campaign = analysis.campaign
    usage, held = analysis.usage, analysis.flow.facts()
    nodes = [vid, *(block_id(vid, name) for name in campaign.verses[vid].blocks)]
    for node in nodes:
        for change in usage.node_grants.get(node, ()):
            for fact in change.facts:
                if fact in held:
                    continue
                user = _user(graph, usage, fact)
                if user is None:
                    continue
                grants = {graph.nodes[c.node].verse if c.node in graph.nodes else c.node
                          for c in usage.grants.get(fact, ())}
                only = "the only verse that grants" if grants == {vid} else "a verse that grants"
                return f"; it is {only} {fact}, which {user} needs"
    return ""


def _user(graph: Graph, usage: Usage, fact: Fact) -> str | None:
    """Who needs a fact, in a few words: the first verse that checks it, or a trigger."""
    for check in sorted(usage.checks.get(fact, ()), key=lambda c: c.span):
        if not check.negated and check.node in graph.nodes:
            return f"`{graph.nodes[check.node].verse}`"
    for use in usage.triggers.get(fact, ()):
        return f'the trigger of "{use.status}"'
    return None


def check_line_after_divert(analysis: Analysis) -> list[Diagnostic]:
    """TGC202: lines after a line that always leaves the body."""
    return [d for found in analysis.per_body(_line_after_divert, _ending).values() for d in found]


def _line_after_divert(analysis: Analysis, nid: str) -> tuple[Diagnostic, ...]:
    ending = analysis.endings.get(nid)
    if ending is None:
        return ()
    node = analysis.graph.nodes[nid]
    at = ending.leaves_at
    if at is None or at >= len(node.body) - 1 or ending.cause == "choices":
        return ()
    stmt = node.body[at + 1]
    leaver = node.body[at].span
    return (diag("TGC202", stmt.span, what=LINE_WORDS[type(stmt)], cause=CAUSES[ending.cause],
                 line=leaver.line, labels=(Label(leaver, "control leaves the body here"),),
                 hint=_after_hint(stmt, ending.cause, leaver.line)),)


def _after_hint(stmt: ast.Stmt, cause: str, line: int) -> str:
    if isinstance(stmt, ast.Choice) and cause == "divert":
        # Moving the choices above the divert would only trade this for TGC009.
        return (f"choices end a body on their own: remove the divert on line {line}, or "
                "offer it as one more choice (`* Go on -> REF`)")
    return f"move it above line {line}, or remove it"


def check_dead_ends(analysis: Analysis) -> list[Diagnostic]:
    """TGC203: bodies that can run off their end (docs/language.md, "How a body runs")."""
    campaign = analysis.campaign
    graph = analysis.graph
    endings = analysis.endings
    diags = []
    for nid in dead_end_nodes(analysis):
        node, ending = graph.nodes[nid], endings[nid]
        why, hint = _why_dead(campaign, node, ending)
        span = _last_line(node.body[-1].span) if node.body else node.span
        labels = (Label(node.span, "in this body"),) if node.body else ()
        diags.append(diag("TGC203", span, what=_name(node), why=why, hint=hint, labels=labels))
    return diags


def check_trap_loops(analysis: Analysis) -> list[Diagnostic]:
    """TGC204: strongly connected bodies that no edge leaves and that hold no terminal."""
    graph = analysis.graph
    endings = analysis.endings
    hidden = analysis.hidden
    diags = []
    # A dead end is reported as such, and a body that lost a line may have had a way out:
    # loops through either are not reported again.
    exits = [n for n, e in endings.items() if e.dead or e.unsure]
    exits += hidden.bodies
    escaped = None
    if analysis.keep:  # an editor's: the backward search carried on between runs
        escaped = analysis.reached("escape", [*exits, *analysis.links.ends], backward=True)
    for loop in closed_loops(graph, exits, escaped):
        nodes = sorted((graph.nodes[n] for n in loop), key=lambda n: _position(n.span))
        verses = list(dict.fromkeys(node.verse for node in nodes))
        quoted = [f"`{v}`" for v in verses[:6]]
        names = _and(quoted) if len(verses) <= 6 else f"{', '.join(quoted)} and {len(verses) - 6} more"
        labels = tuple(Label(node.span, "part of the loop") for node in nodes[1:6])
        diags.append(diag("TGC204", nodes[0].span, verses=names, labels=labels,
                          hint="give the loop a way out: a choice or divert to a verse outside "
                          "it, or a terminal such as `-> end`"))
    return diags


def check_roll_arms(analysis: Analysis) -> list[Diagnostic]:
    """TGC205: roll arms that miss a total, overlap or can never come up."""
    return [d for found in analysis.per_body(_roll_arms, _rolling).values() for d in found]


def _roll_arms(analysis: Analysis, nid: str) -> tuple[Diagnostic, ...]:
    diags = []
    for effect in _effects(analysis, nid, ast.Roll):
        assert isinstance(effect, ast.Roll)
        for span, detail, hint in dice.problems(effect):
            diags.append(diag("TGC205", span, detail=detail, hint=hint))
    return tuple(diags)


def check_toss_arms(analysis: Analysis) -> list[Diagnostic]:
    """TGC206: a toss needs exactly one `heads` and one `tails` arm."""
    return [d for found in analysis.per_body(_toss_arms, _tossing).values() for d in found]


def _toss_arms(analysis: Analysis, nid: str) -> tuple[Diagnostic, ...]:
    diags = []
    for effect in _effects(analysis, nid, ast.Toss):
        labels = [arm.label for arm in effect.arms]
        problems = [f"no `{side}` arm" if labels.count(side) == 0
                    else f"`{side}` is given {labels.count(side)} times"
                    for side in ("heads", "tails") if labels.count(side) != 1]
        problems += [f"`{label}` is no side of a coin" for label in labels
                     if label not in ("heads", "tails")]
        if problems:
            diags.append(diag("TGC206", effect.span, detail="; ".join(problems),
                              hint="write `~ toss: heads -> A; tails -> B`"))
    return tuple(diags)


def check_missing_outcomes(analysis: Analysis) -> list[Diagnostic]:
    """TGC207: an encounter with arms lacks an outcome its kind can have (not at the end of
    the body: there it is a dead end, reported once)."""
    return [d for found in analysis.per_body(_missing_outcomes, _ending).values() for d in found]


def _missing_outcomes(analysis: Analysis, nid: str) -> tuple[Diagnostic, ...]:
    ending = analysis.endings.get(nid)
    if ending is None or not ending.partial:
        return ()
    node = analysis.graph.nodes[nid]
    diags = []
    for index in ending.partial:
        if ending.dead and index == len(node.body) - 1:
            continue
        stmt = node.body[index]
        assert isinstance(stmt, ast.EffectLine) and isinstance(stmt.effect, ast.Encounter)
        missing = missing_outcomes(analysis.campaign, stmt.effect) or ()
        words = " or ".join(f"`{m}`" for m in missing)
        diags.append(diag("TGC207", stmt.span, missing=words,
                          hint="add " + "; ".join(f"`{m} -> VERSE`" for m in missing)
                          + " to the line"))
    return tuple(diags)


def check_unused_blocks(analysis: Analysis) -> list[Diagnostic]:
    """TGC208: inline blocks that no `-> .name` of their verse reaches. Each verse's
    finding is kept per body (Analysis.per_body) as if no earlier mistake hid a block; a
    verse with a block an earlier mistake may name is looked at again with it."""
    graph = analysis.graph
    hidden = analysis.hidden.nodes
    nodes = graph.nodes
    touched = {nodes[n].verse for n in hidden if n in nodes and nodes[n].block is not None}
    diags = [d for vid, found in analysis.per_body(_unused_blocks, _with_blocks).items() if vid not in touched
             for d in found]
    for vid in sorted(touched, key=lambda v: nodes[v].span):
        diags.extend(_unused_blocks_of(analysis, vid, hidden))
    return diags


def _with_blocks(analysis: Analysis) -> list[str]:
    return [vid for vid, info in analysis.campaign.verses.items() if info.blocks]


def _unused_blocks(analysis: Analysis, nid: str) -> tuple[Diagnostic, ...]:
    info = analysis.campaign.verses.get(nid)
    if info is None or not info.blocks:  # (a block's node, or a verse without blocks)
        return ()
    return _unused_blocks_of(analysis, nid, frozenset())


def _unused_blocks_of(analysis: Analysis, vid: str, hidden: AbstractSet[str]) -> tuple[Diagnostic, ...]:
    graph = analysis.graph
    info = analysis.campaign.verses[vid]
    ids = [block_id(vid, name) for name in info.blocks]
    covered = _within(graph, vid, [vid, *(bid for bid in ids if bid in hidden)])
    diags = []
    for bid, block in zip(ids, info.blocks.values(), strict=True):
        if bid in covered:
            continue
        diags.append(diag("TGC208", block.span, name=block.name, verse=vid,
                          hint=f"divert to it with `-> .{block.name}`, or remove it"))
        covered |= _within(graph, vid, [bid])
    return tuple(diags)


# ---------------------------------------------------------------- helpers


def _bodies(analysis: Analysis) -> Iterator[tuple[str, Node, Ending]]:
    """Every body whose ending is worth a look (the analysis leaves out the plain ones)."""
    nodes = analysis.graph.nodes
    for nid, ending in analysis.endings.items():
        yield nid, nodes[nid], ending


def _ending(analysis: Analysis) -> list[str]:
    """The bodies whose ending is worth a look (the others' is plain)."""
    return list(analysis.endings)


def _rolling(analysis: Analysis) -> list[str]:
    return [nid for nid, edges in analysis.graph.edges.items() if any(e.kind == "roll" for e in edges)]


def _tossing(analysis: Analysis) -> list[str]:
    return [nid for nid, edges in analysis.graph.edges.items() if any(e.kind == "toss" for e in edges)]


def _effects(analysis: Analysis, nid: str, kind: type[ast.Roll] | type[ast.Toss]
             ) -> Iterator[ast.Roll | ast.Toss]:
    """Every roll (or toss) line of one body, found through its arm edges."""
    graph = analysis.graph
    edge_kind = kind.__name__.lower()
    seen = -1
    for edge in graph.out(nid):
        if edge.kind == edge_kind and edge.index != seen:
            seen = edge.index
            stmt = graph.nodes[nid].body[edge.index]
            assert isinstance(stmt, ast.EffectLine) and isinstance(stmt.effect, kind)
            yield stmt.effect


def _why_dead(campaign: Campaign, node: Node, ending: Ending) -> tuple[str, str]:
    if not node.body:
        return "it is empty", "write what happens, and end it with a divert such as `-> end`"
    if ending.cause == "guarded":
        costly = any(isinstance(stmt, ast.Choice) and stmt.guard is not None and stmt.guard.costs
                     for stmt in node.body)
        why = "the guards of its choices may all fail, so none may be offered"
        if costly:
            why += " (a cost may be unaffordable, so a choice with one never counts)"
        return (why, "add a choice that is always offered, such as `* Leave -> end`, or "
                "`* {otherwise} ...` for the reader whom no other guard lets through")
    last = node.body[-1]
    if isinstance(last, ast.EffectLine) and isinstance(last.effect, ast.Encounter) and last.effect.arms:
        missing = missing_outcomes(campaign, last.effect) or ()
        words = " or ".join(f"`{m}`" for m in missing)
        return (f"the encounter has no arm for {words}",
                "add " + "; ".join(f"`{m} -> VERSE`" for m in missing) + " to the line")
    if isinstance(last, ast.CondDivert):
        return ("its conditional diverts may all fail",
                "end it with a plain divert (`-> end`), or make the conditions cover every "
                "case (`X >= n` and `X < n`, `C` and `not C`)")
    return ("it ends without a divert, a choice or a roll",
            "end it with a divert such as `-> end`, or offer a choice")


def _undeclared(campaign: Campaign, atom: ast.Cond) -> bool:
    if isinstance(atom, ast.StatusCond):
        return atom.name not in campaign.statuses
    if isinstance(atom, ast.SecretCond):
        return atom.number not in campaign.secrets
    if isinstance(atom, ast.ItemCond):
        if atom.keyword:
            return (atom.name not in campaign.vocabulary.item_keywords
                    and atom.name not in campaign.item_keywords)
        return atom.name not in campaign.items
    if isinstance(atom, ast.Compare):
        return atom.name not in campaign.vocabulary.numbers
    if isinstance(atom, ast.VisitedCond):
        return atom.ref in campaign.unresolved
    return False


def _name(node: Node) -> str:
    if node.block is None:
        return f"verse `{node.verse}`"
    return f"block `{node.block}` of verse `{node.verse}`"


def _last_line(span: Span) -> Span:
    """Where the reader falls off: the last line of the last statement (a paragraph may
    run over several lines)."""
    if span.end_line == span.line:
        return span
    return Span(span.file, span.end_line, 1, span.end_line, span.end_col)


def _reach(graph: Graph, starts: list[str]) -> set[str]:
    """Every body reachable from ``starts`` (guards ignored)."""
    nodes, edges = graph.nodes, graph.edges
    seen = {n for n in starts if n in nodes}
    todo = list(seen)
    while todo:
        for edge in edges.get(todo.pop(), ()):
            target = edge.target
            if target is not None and target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _position(span: Span) -> tuple[str, int, int]:
    return span.file, span.line, span.col


def _within(graph: Graph, vid: str, starts: list[str]) -> set[str]:
    """Nodes of one verse reachable from ``starts`` without leaving the verse."""
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        nid = todo.pop()
        if nid in seen or nid not in graph.nodes:
            continue
        seen.add(nid)
        todo.extend(e.target for e in graph.out(nid)
                    if e.target is not None and graph.nodes[e.target].verse == vid)
    return seen


CHECKS: tuple[Check, ...] = (
    check_unreachable,
    check_line_after_divert,
    check_dead_ends,
    check_trap_loops,
    check_roll_arms,
    check_toss_arms,
    check_missing_outcomes,
    check_unused_blocks,
)
