"""What the editor shows about a name: a verse's first lines, its printed number and how
play reaches it; a status's parts and triggers; a secret's or item's text; and the
outline of a file (its sections, verses and declarations). Plain text and Markdown
from the snapshot, so the server only converts positions."""

from __future__ import annotations

from dataclasses import dataclass, field

from tgc.editor.index import Occurrence
from tgc.editor.session import Snapshot
from tgc.semantics.analysis import Analysis
from tgc.semantics.checks.graph import unreachable_verses
from tgc.semantics.graph import Entry
from tgc.semantics.loops import components
from tgc.semantics.model import VerseInfo
from tgc.source import Span
from tgc.syntax import ast

FIRST_LINES = 3
MAX_ENTRIES = 5


def describe(snapshot: Snapshot, occ: Occurrence) -> str | None:
    """The hover text (Markdown) of an occurrence, or None when nothing is known."""
    c = snapshot.campaign
    match occ.kind:
        case "verse":
            return _verse(snapshot, occ.key)
        case "status":
            status = c.statuses.get(occ.key)
            if status is None:
                return None
            shape = "a flag" if status.shape == "flag" else f"{status.size} {status.shape}"
            lines = [f'**status "{status.name}"**: {shape}']
            for trig in status.triggers:
                lines.append(f"- when {_trigger(trig)} -> `{c.target_of(trig.target) or trig.target}`")
            if status.text:
                lines.append("\n" + status.text)
            return "\n".join(lines)
        case "secret":
            secret = c.secrets.get(int(occ.key))
            if secret is None:
                return None
            text = f"\n\n{secret.text}" if secret.text else ""
            return f'**secret {secret.number} "{secret.title}"**{text}'
        case "item":
            item = c.items.get(occ.key)
            if item is None:
                return None
            words = f" (keywords: {', '.join(item.keywords)})" if item.keywords else ""
            return f'**item "{item.name}"**{words}' + (f"\n\n{item.text}" if item.text else "")
        case "location":
            loc = c.locations.get(int(occ.key))
            if loc is None:
                return None
            keys = ", ".join(f"{k.direction} {k.location}" for k in loc.keys)
            return f'**location {loc.number} "{loc.title}"**' + (f"\n\nkeys: {keys}" if keys else "") + \
                (f"\n\n{loc.text}" if loc.text else "")
        case "encounter" | "character":
            return f"**{occ.kind} {occ.key}**"


def _trigger(trig: ast.Trigger) -> str:
    if trig.kind == "parts" and trig.low is not None:
        return f"parts {trig.low}-{trig.high}" if trig.high != trig.low else f"part {trig.low}"
    return trig.kind


def _verse(snapshot: Snapshot, key: str) -> str:
    c = snapshot.campaign
    vid = key if key in c.verses else key.rsplit(".", 1)[0]
    info = c.verses.get(vid)
    if info is None:
        return f"`{key}`"
    title = f"**verse `{vid}`**" if vid == key else f"**block `{key.rsplit('.', 1)[1]}` of verse `{vid}`**"
    numbering = snapshot.result.numbering
    printed = numbering.printed.get(vid) if numbering is not None else None
    number = (f" (printed as {printed}, tgc.lock)" if printed is not None
              else " (not numbered yet: no tgc.lock)")
    lines = [title + number, "", *(f"> {line}" for line in first_lines(info)), "", reach_words(snapshot, vid)]
    return "\n".join(lines)


def first_lines(info: VerseInfo) -> list[str]:
    """The first prose lines a reader sees when the verse is read."""
    found: list[str] = []
    for stmt in info.verse.body:
        if isinstance(stmt, ast.Paragraph):
            found.extend(str(stmt.text).split("\n"))
        if len(found) >= FIRST_LINES:
            break
    return found[:FIRST_LINES] or ["(no prose)"]


def reach_words(snapshot: Snapshot, vid: str, many: bool = False) -> str:
    """How play reaches a verse: the entry points that lead to it, or that none does.
    ``many``: one of many verses asked at once (a file's code lenses), read from the
    table of what reaches every body, built once per analysis; a single hover walks back
    from the verse instead, so the first hover after an edit builds no table."""
    analysis = snapshot.structure
    if vid in analysis.derive(_unreachable):
        return "no play reaches it (TGC201)"
    if many:
        analysis.derive(reached_from)
    entries = entries_reaching(analysis, vid)
    if not entries:
        return "reached from rule data or a line an error hides"
    named = [f"{e.owner} ({e.kind})" for e in entries[:MAX_ENTRIES]]
    more = f" and {len(entries) - MAX_ENTRIES} more" if len(entries) > MAX_ENTRIES else ""
    blocked = "" if vid in analysis.flow.live else "; but its guards never let play through (TGC301)"
    return f"reached by {len(entries)} entry point{'s' if len(entries) != 1 else ''}: " \
        f"{', '.join(named)}{more}{blocked}"


def _unreachable(analysis: Analysis) -> frozenset[str]:
    return frozenset(unreachable_verses(analysis))


def entries_reaching(analysis: Analysis, vid: str) -> list[Entry]:
    """The entry points from which some path (guards ignored) leads to the verse (to the
    verse's own body, or to any of its blocks when the id is not a body), in graph order:
    read from the table of what each body is reached from when it is built, else found
    by a walk back from the verse's bodies (``entries_behind``)."""
    reached = analysis.derived(reached_from)
    if reached is None:
        answers = analysis.derive(_answered)
        if vid not in answers:
            answers[vid] = entries_behind(analysis, vid)
        return answers[vid]
    graph = analysis.graph
    starts = [vid] if vid in graph.nodes else reached.bodies_of.get(vid, [])
    bits = 0
    for node in starts:
        bits |= reached.bits.get(node, 0)
    found = []
    while bits:
        low = bits & -bits
        found.append(graph.entries[low.bit_length() - 1])
        bits ^= low
    return found


def _answered(analysis: Analysis) -> dict[str, list[Entry]]:
    """The walks back this analysis has made, by verse id: a verse hovered again (or
    after an edit of prose alone, which keeps the analysis) is answered at once."""
    return {}


def entries_behind(analysis: Analysis, vid: str) -> list[Entry]:
    """``entries_reaching`` without the table: the bodies that lead to the verse's, found
    against the edges (the kept predecessors, ``Analysis.links``), until every entry's
    body is among them; the entries whose bodies are, in graph order. Work in proportion
    to what leads to the verse, never more than one pass over the graph."""
    links = analysis.links
    graph = links.graph
    starts = [vid] if vid in graph.nodes else [nid for nid, body in graph.nodes.items() if body.verse == vid]
    entered = {e.target for e in graph.entries if e.target in graph.nodes}
    seen = set(starts)
    waiting = list(starts)
    left = len(entered - seen)
    pred = links.pred
    while waiting and left:
        for before in pred.get(waiting.pop(), ()):
            if before not in seen:
                seen.add(before)
                waiting.append(before)
                if before in entered:
                    left -= 1
    return [e for e in graph.entries if e.target in seen]


@dataclass(frozen=True)
class Reached:
    """For every body, the entries some path leads from to it: a bit set over
    ``graph.entries`` (bit i for the i-th entry); and each verse's bodies."""

    bits: dict[str, int]
    bodies_of: dict[str, list[str]]


def reached_from(analysis: Analysis) -> Reached:
    """One pass over the graph's strongly connected components, sources first: every
    body of a component is reached from the same entries, and a component passes them
    on along its edges. Linear in the graph (each edge one OR of entry bit sets), so a
    hover or a code lens never walks the graph."""
    graph = analysis.graph
    bits: dict[str, int] = {}
    for i, entry in enumerate(graph.entries):
        bits[entry.target] = bits.get(entry.target, 0) | (1 << i)
    for component in reversed(list(components(graph))):
        together = 0
        for node in component:
            together |= bits.get(node, 0)
        if not together:
            continue
        members = set(component)
        for node in component:
            bits[node] = together
            for edge in graph.out(node):
                target = edge.target
                if target is not None and target not in members and target in graph.nodes:
                    bits[target] = bits.get(target, 0) | together
    bodies_of: dict[str, list[str]] = {}
    for nid, body in graph.nodes.items():
        bodies_of.setdefault(body.verse, []).append(nid)
    return Reached(bits, bodies_of)


# ---------------------------------------------------------------- outline


@dataclass
class Symbol:
    name: str
    kind: int  # an LSP SymbolKind number
    span: Span  # the whole verse or declaration
    select: Span  # its name
    detail: str = ""
    children: list[Symbol] = field(default_factory=list)


_FUNCTION, _FIELD, _VARIABLE, _CONSTANT, _CLASS, _MODULE, _EVENT, _STRUCT = 12, 8, 13, 14, 5, 2, 24, 23
_DECL_KINDS = {"status": _VARIABLE, "secret": _CONSTANT, "item": _CLASS, "location": _MODULE,
               "section": _MODULE, "encounter": _EVENT, "campaign": _STRUCT}


def symbols(snapshot: Snapshot, file: str) -> list[Symbol]:
    """The outline of one file, in source order: declarations and verses (with blocks)."""
    tree = next((f for f in snapshot.result.files if f.name == file), None)
    if tree is None:
        return []
    out: list[Symbol] = []
    for item in tree.items:
        if isinstance(item, ast.Verse):
            vid = f"{item.id.section}.{item.id.verse}"
            info = snapshot.campaign.verses.get(vid)
            detail = first_lines(info)[0] if info is not None else ""
            children = [Symbol(f".{b.name}", _FIELD, b.span, _first(b.span)) for b in item.blocks]
            out.append(Symbol(vid, _FUNCTION, item.span, item.id.span, detail, children))
        elif isinstance(item, ast.Declaration):
            name = " ".join(str(a) for a in item.args)
            out.append(Symbol(f"@{item.kind} {name}".strip(), _DECL_KINDS.get(item.kind, _STRUCT),
                              item.span, item.header_span))
    return out


def _first(span: Span) -> Span:
    if span.end_line == span.line:
        return span
    return Span(span.file, span.line, span.col, span.line, span.col + 1)
