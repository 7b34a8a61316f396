"""What the editor shows about a name: a verse's first lines, its printed number and how
play reaches it; a status's parts and triggers; a secret's or item's text; and the
outline of a file (its sections, verses and declarations). Plain text and Markdown
from the snapshot, so the server only converts positions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tgc.editor.index import Occurrence
from tgc.editor.session import Snapshot
from tgc.semantics.analysis import Analysis
from tgc.semantics.checks.graph import unreachable_verses
from tgc.semantics.graph import Entry
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


def reach_words(snapshot: Snapshot, vid: str) -> str:
    """How play reaches a verse: the entry points that lead to it, or that none does."""
    analysis = snapshot.structure
    if vid in analysis.derive(_unreachable):
        return "no play reaches it (TGC201)"
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
    verse's own body, or to any of its blocks when the id is not a body), in graph order;
    walked back once per verse and analysis (``entries_behind``), so a verse hovered
    again, or after an edit of prose alone (which keeps the analysis), costs nothing."""
    answers = analysis.derive(_answered)
    if vid not in answers:
        answers.update(entries_behind(analysis, [vid]))
    return answers[vid]


def ask_reach(snapshot: Snapshot, vids: Sequence[str]) -> None:
    """Walk back once for many verses (a file's code lenses), so that ``reach_words``
    then answers each of them from what that walk found."""
    analysis = snapshot.structure
    answers = analysis.derive(_answered)
    todo = [vid for vid in vids if vid not in answers]
    if todo:
        answers.update(entries_behind(analysis, todo))


def _answered(analysis: Analysis) -> dict[str, list[Entry]]:
    """The walks back this analysis has made, by verse id."""
    return {}


def entries_behind(analysis: Analysis, vids: Sequence[str]) -> dict[str, list[Entry]]:
    """For each verse, the entries whose bodies lead to one of its bodies, in graph
    order: one walk against the edges (the kept predecessors, ``Analysis.links``) from
    the verses' bodies, each body carrying the set of those verses it leads to (bit i
    for ``vids[i]``) back to its predecessors until nothing grows. Work in proportion to
    what leads to the verses, not to the campaign: no table of the whole graph, so the
    first hover after an edit needs none."""
    links = analysis.links
    nodes = links.graph.nodes
    leads: dict[str, int] = {}
    for i, vid in enumerate(vids):
        starts = [vid] if vid in nodes else [nid for nid, body in nodes.items() if body.verse == vid]
        for node in starts:
            leads[node] = leads.get(node, 0) | (1 << i)
    waiting = list(leads)
    pred = links.pred
    while waiting:
        node = waiting.pop()
        carried = leads[node]
        for before in pred.get(node, ()):
            had = leads.get(before, 0)
            if had | carried != had:
                leads[before] = had | carried
                waiting.append(before)
    found: dict[str, list[Entry]] = {vid: [] for vid in vids}
    for entry in links.graph.entries:
        bits = leads.get(entry.target, 0) if entry.target in nodes else 0
        while bits:
            low = bits & -bits
            found[vids[low.bit_length() - 1]].append(entry)
            bits ^= low
    return found


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
