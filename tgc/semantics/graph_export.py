"""Graph export: the resolved Campaign in, its verse graph as Graphviz DOT or Mermaid text
out. Nodes are verses (with their inline blocks grouped inside), edges the diverts,
choices and arms with short labels, entry points are drawn as arrows from their owner;
unreachable verses (TGC201) and dead ends (TGC203) are highlighted, and a legend says
how. ``section`` keeps one section and shows edges that leave it as stubs. The same
campaign always gives the same text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tgc.semantics.analysis import Analysis
from tgc.semantics.checks.graph import dead_end_nodes, unreachable_verses
from tgc.semantics.graph import Edge, Graph
from tgc.semantics.holds import describe
from tgc.semantics.model import Campaign
from tgc.syntax import ast

FORMATS = ("dot", "mermaid")
LABEL_WIDTH = 28
TERMINALS = {"end": "end", "end chapter": "end chapter", "game over": "game over"}
BROKEN = "?"  # a reference that did not resolve
FILL = {"unreachable": "#eeeeee", "dead": "#ffe0e0", "entry": "#e0ecff", "terminal": "#f4f4f4"}
STROKE = {"unreachable": "#999999", "dead": "#cc0000", "entry": "#3366cc", "terminal": "#333333"}


class ExportError(ValueError):
    """The request cannot be met (an unknown section or format); meant for the user."""


@dataclass
class View:
    """What to draw, already filtered and in a fixed order; both formats render it."""

    clusters: dict[str, list[str]] = field(default_factory=dict)  # verse -> its nodes
    labels: dict[str, str] = field(default_factory=dict)  # node key -> label
    edges: list[tuple[str, str, str, bool]] = field(default_factory=list)  # from, to, label, guarded
    entries: list[tuple[str, str, str]] = field(default_factory=list)  # key, label, target
    stubs: list[str] = field(default_factory=list)  # node keys outside the section
    terminals: list[str] = field(default_factory=list)
    unreachable: set[str] = field(default_factory=set)  # node keys
    dead: set[str] = field(default_factory=set)


def export_graph(campaign: Campaign, fmt: str = "dot", section: str | None = None) -> str:
    """The campaign's verse graph as ``dot`` or ``mermaid`` text."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format `{fmt}`: use " + " or ".join(FORMATS))
    if section is not None and section not in campaign.sections:
        from tgc.diagnostics.codes import did_you_mean

        hint = did_you_mean(section, sorted(campaign.sections))
        raise ExportError(f"no section `{section}`" + (f" ({hint})" if hint else ""))
    view = build_view(campaign, section)
    title = campaign.info.title if campaign.info is not None else "campaign"
    if section is not None:
        title += f", section {section}"
    return render_dot(view, title) if fmt == "dot" else render_mermaid(view, title)


def build_view(campaign: Campaign, section: str | None = None) -> View:
    analysis = Analysis(campaign)
    graph = analysis.graph
    view = View()
    inside = {nid for nid, node in graph.nodes.items()
              if section is None or campaign.verses[node.verse].section == section}
    for nid, node in graph.nodes.items():
        if nid in inside:
            view.clusters.setdefault(node.verse, []).append(nid)
            view.labels[nid] = node.verse if node.block is None else f".{node.block}"
    lost = set(unreachable_verses(analysis))
    view.unreachable = {nid for nid in inside if graph.nodes[nid].verse in lost}
    view.dead = {nid for nid in dead_end_nodes(analysis) if nid in inside}
    terminals: set[str] = set()
    stubs: dict[str, None] = {}
    for nid in graph.nodes:
        if nid not in inside:
            continue
        for edge in graph.out(nid):
            target = _target_key(edge, inside, terminals, stubs)
            view.edges.append((nid, target, _edge_label(graph, edge), _guarded(edge)))
    for index, entry in enumerate(graph.entries):
        if entry.target in inside:
            label = "start" if entry.kind == "start" else f"{entry.owner}: {entry.kind}"
            view.entries.append((f"entry:{index}", label, entry.target))
    view.stubs = list(stubs)
    for key in view.stubs:
        view.labels[key] = key.split(":", 1)[1]
    view.terminals = [t for t in (*TERMINALS, BROKEN) if t in terminals]
    return view


def _target_key(edge: Edge, inside: set[str], terminals: set[str], stubs: dict[str, None]) -> str:
    if edge.target is None:
        kind = edge.terminal if edge.terminal is not None else BROKEN
        terminals.add(kind)
        return f"terminal:{kind}"
    if edge.target in inside:
        return edge.target
    key = f"stub:{edge.target}"
    stubs[key] = None
    return key


def _edge_label(graph: Graph, edge: Edge) -> str:
    if edge.kind in ("roll", "toss", "encounter"):
        return edge.label or ""
    if edge.kind == "cond_divert":
        return "if " + _short(describe(edge.guard[0])) if edge.guard else ""
    if edge.kind == "choice":
        stmt = graph.nodes[edge.source].body[edge.index]
        text = _short(stmt.text) if isinstance(stmt, ast.Choice) else ""
        guard = [describe(c) for c in edge.guard] + [
            f"pay {c.amount} {c.resource}" + (" per player" if c.per_player else "") for c in edge.costs]
        return text + ("\n{" + _short("; ".join(guard)) + "}" if guard else "")
    return ""


def _guarded(edge: Edge) -> bool:
    return bool(edge.guard or edge.costs)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= LABEL_WIDTH else text[:LABEL_WIDTH - 1].rstrip() + "…"


# ---------------------------------------------------------------- DOT


def render_dot(view: View, title: str) -> str:
    lines = [f"digraph {_dq(title)} {{",
             f"  graph [label={_dq(title)}, labelloc=t, rankdir=LR, fontname=Helvetica];",
             "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=Helvetica];",
             "  edge [fontname=Helvetica, fontsize=10];"]
    for index, (verse, members) in enumerate(view.clusters.items()):
        if len(members) == 1:
            lines.append("  " + _dot_node(view, members[0]))
            continue
        style = "dashed,rounded" if members[0] in view.unreachable else "rounded"
        lines.append(f"  subgraph cluster_{index} {{")
        lines.append(f"    label={_dq(verse)}; style={_dq(style)}; color=\"#888888\";")
        lines += ["    " + _dot_node(view, nid) for nid in members]
        lines.append("  }")
    for key in view.stubs:
        lines.append(f"  {_dq(key)} [label={_dq(view.labels[key])}, style=\"dashed,rounded\", "
                     "color=\"#888888\", fontcolor=\"#555555\"];")
    for kind in view.terminals:
        lines.append(f"  {_dq('terminal:' + kind)} [label={_dq(kind)}, shape=ellipse, "
                     f"style=filled, fillcolor={_dq(FILL['terminal'])}];")
    for key, label, target in view.entries:
        lines.append(f"  {_dq(key)} [label={_dq(label)}, shape=cds, style=filled, "
                     f"fillcolor={_dq(FILL['entry'])}, color={_dq(STROKE['entry'])}];")
        lines.append(f"  {_dq(key)} -> {_dq(target)} [color={_dq(STROKE['entry'])}];")
    for source, target, label, guarded in view.edges:
        attrs = [f"label={_dq(label)}"] if label else []
        if guarded:
            attrs.append("style=dashed")
        suffix = f" [{', '.join(attrs)}]" if attrs else ""
        lines.append(f"  {_dq(source)} -> {_dq(target)}{suffix};")
    lines += _dot_legend()
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_node(view: View, nid: str) -> str:
    attrs = [f"label={_dq(view.labels[nid])}"]
    if nid in view.dead:
        attrs += [f"fillcolor={_dq(FILL['dead'])}", f"color={_dq(STROKE['dead'])}", "penwidth=2"]
    elif nid in view.unreachable:
        attrs += [f"fillcolor={_dq(FILL['unreachable'])}", f"color={_dq(STROKE['unreachable'])}"]
    if nid in view.unreachable:
        attrs += ['style="rounded,filled,dashed"', 'fontcolor="#666666"']
    return f"{_dq(nid)} [{', '.join(attrs)}];"


def _dot_legend() -> list[str]:
    return [
        "  subgraph cluster_legend {",
        '    label="Legend"; style=rounded; color="#bbbbbb"; fontname=Helvetica;',
        '    "legend:verse" [label="verse"];',
        f'    "legend:unreachable" [label="unreachable (TGC201)", style="rounded,filled,dashed", '
        f'fillcolor={_dq(FILL["unreachable"])}, color={_dq(STROKE["unreachable"])}, '
        'fontcolor="#666666"];',
        f'    "legend:dead" [label="dead end (TGC203)", fillcolor={_dq(FILL["dead"])}, '
        f'color={_dq(STROKE["dead"])}, penwidth=2];',
        f'    "legend:entry" [label="entry point", shape=cds, style=filled, '
        f'fillcolor={_dq(FILL["entry"])}, color={_dq(STROKE["entry"])}];',
        f'    "legend:terminal" [label="terminal", shape=ellipse, style=filled, '
        f'fillcolor={_dq(FILL["terminal"])}];',
        '    "legend:verse" -> "legend:terminal" [label="guarded choice or condition", '
        'style=dashed];',
        "  }",
    ]


def _dq(text: str) -> str:
    """A DOT double-quoted string: backslashes and quotes escaped, newlines as \\n."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


# ---------------------------------------------------------------- Mermaid


def render_mermaid(view: View, title: str) -> str:
    ids: dict[str, str] = {}

    def mid(key: str) -> str:
        if key not in ids:
            ids[key] = f"n{len(ids)}"
        return ids[key]

    lines = ["---", f"title: {_mq(title)}", "---", "flowchart LR"]
    for name in ("unreachable", "dead", "entry", "terminal"):
        dash = ",stroke-dasharray:5 3" if name == "unreachable" else ""
        width = ",stroke-width:2px" if name == "dead" else ""
        lines.append(f"  classDef {name} fill:{FILL[name]},stroke:{STROKE[name]}{dash}{width}")
    lines.append("  classDef stub fill:#ffffff,stroke:#888888,stroke-dasharray:5 3")
    for index, (verse, members) in enumerate(view.clusters.items()):
        if len(members) == 1:
            lines.append(f"  {mid(members[0])}[{_mq(view.labels[members[0]])}]")
            continue
        lines.append(f"  subgraph s{index}[{_mq(verse)}]")
        lines += [f"    {mid(nid)}[{_mq(view.labels[nid])}]" for nid in members]
        lines.append("  end")
    lines += [f"  {mid(key)}[{_mq(view.labels[key])}]" for key in view.stubs]
    lines += [f"  {mid('terminal:' + kind)}([{_mq(kind)}])" for kind in view.terminals]
    for key, label, target in view.entries:
        lines.append(f"  {mid(key)}>{_mq(label)}] --> {mid(target)}")
    for source, target, label, guarded in view.edges:
        arrow = "-.->" if guarded else "-->"
        text = f"|{_mq(label)}|" if label else ""
        lines.append(f"  {mid(source)} {arrow}{text} {mid(target)}")
    lines += [
        "  subgraph legend[\"Legend\"]",
        '    legend_verse["verse"]',
        '    legend_unreachable["unreachable (TGC201)"]',
        '    legend_dead["dead end (TGC203)"]',
        '    legend_entry>"entry point"]',
        '    legend_terminal(["terminal"])',
        '    legend_verse -.->|"guarded choice or condition"| legend_terminal',
        "  end",
    ]
    classes = {
        "unreachable": sorted(view.unreachable - view.dead, key=_order(ids)),
        "dead": sorted(view.dead, key=_order(ids)),
        "entry": [key for key, _, _ in view.entries],
        "terminal": ["terminal:" + kind for kind in view.terminals],
        "stub": view.stubs,
    }
    for name, keys in classes.items():
        if keys:
            lines.append(f"  class {','.join(mid(k) for k in keys)} {name}")
    lines += ["  class legend_unreachable unreachable", "  class legend_dead dead",
              "  class legend_entry entry", "  class legend_terminal terminal"]
    return "\n".join(lines) + "\n"


def _order(ids: dict[str, str]) -> Callable[[str], int]:
    return lambda key: int(ids[key][1:]) if key in ids else 0


def _mq(text: str) -> str:
    """A Mermaid quoted label: quotes and `#` as entity codes, newlines as <br/>."""
    text = text.replace("#", "#35;").replace('"', "#quot;")
    text = text.replace("<", "#lt;").replace(">", "#gt;").replace("\n", "<br/>")
    return f'"{text}"'
