"""`tgc lsp`: the language server (pygls 2, stdio). Every feature reads one Snapshot of
the campaign the document belongs to (editor/session.py): the pipeline's Result with its
Analysis, and the name index. Diagnostics are the pipeline's own, after suppressions and
the configured severities, exactly what `tgc check` prints. docs/editor.md lists the
features."""

from __future__ import annotations

import asyncio
import re
from itertools import islice
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from tgc.editor import hover as hovers
from tgc.editor.convert import column, to_diagnostic, to_range
from tgc.editor.fixes import Edit, Problem, fixes
from tgc.editor.index import KINDS, Occurrence
from tgc.editor.rename import RenameError, plan_rename, verify
from tgc.editor.session import Session, Snapshot
from tgc.semantics.model import VerseInfo
from tgc.source import SourceFile, Span
from tgc.syntax.format import format_source
from tgc.version import __version__

TOKEN_TYPES = ["function", "variable", "enumMember", "class", "type", "event", "parameter"]
_TOKEN_OF = dict(zip(KINDS, range(len(KINDS)), strict=True))  # kinds in TOKEN_TYPES order
KEYWORDS = ("gain", "lose", "pay", "mark", "unmark", "secret", "item", "status", "if", "not", "and",
            "or", "visited", "roll", "toss", "encounter", "reveal location", "remove location",
            "replace location", "move to", "raise", "lower", "note", "task", "otherwise", "end",
            "end chapter", "game over", "character", "quest", "event", "chapter", "dial", "ask",
            "time token")
SNIPPETS = {
    "@status": '@status "${1:Name}" ${2|parts,boxes|} ${3:4}\n  when ${4:full} -> ${5:bos.1}',
    "@secret": '@secret ${1:1} "${2:Title}"\n  text: ${3:what the reader learns}',
    "@item": '@item "${1:Name}"\n  keywords: ${2:keyword}',
    "@location": '@location ${1:101} "${2:Title}"\n  keys: ${3:right 102}',
    "@section": '@section ${1:name} "${2:Title}"',
    "@encounter": '@encounter ${1:name} "${2:Title}"',
    "== verse": "== ${1:101}.${2:1}\n${3:What happens.}\n-> ${4:end}",
}


DEBOUNCE = 0.15  # seconds of quiet after a change before its campaign is checked
TIDY_AFTER = 5.0  # seconds of quiet before the collector tidies (Session.tidy)


class TgcServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("tgc", __version__)
        self.session = Session()
        self.published: dict[Path, set[str]] = {}  # root -> uris given diagnostics
        # Typing sends a change per keystroke: each campaign is checked once the changes
        # pause for `debounce` seconds (`initializationOptions.debounce`, in ms; 0: at once),
        # so a burst of keystrokes costs one analysis, not one each.
        self.debounce = DEBOUNCE
        self._pending: dict[Path, tuple[asyncio.TimerHandle, set[str]]] = {}
        self._tidy: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------ snapshots

    def snapshot_for(self, uri: str) -> Snapshot | None:
        path = _path(uri)
        return self.session.snapshot_of(path) if path is not None else None

    def publish_soon(self, root: Path, uri: str) -> None:
        """``publish(root, uri)`` after a pause in the changes (at once without a running
        event loop, or with no debounce); a later change to the campaign restarts the wait."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self.debounce <= 0:
            self.publish(root, uri)
            return
        handle, uris = self._pending.pop(root, (None, set()))
        if handle is not None:
            handle.cancel()
        uris.add(uri)
        self._pending[root] = (loop.call_later(self.debounce, self._flush, root), uris)
        if self._tidy is not None:
            self._tidy.cancel()
        self._tidy = loop.call_later(self.debounce + TIDY_AFTER, self.session.tidy)

    def _flush(self, root: Path) -> None:
        _, uris = self._pending.pop(root, (None, set()))
        self.publish(root, *sorted(uris))

    def publish(self, root: Path, *uris: str) -> None:
        """Diagnostics for every file of the campaign that has some, an empty list for
        each file that had some before, and always for ``uris`` (the edited documents)."""
        snapshot = self.session.snapshot(root)
        sent: set[str] = set()
        if snapshot is not None:
            labelled = {label.span.file for d in snapshot.result.diagnostics for label in d.labels}
            uri_of = {name: _uri(snapshot.path_of(name)) for name in labelled}
            for path, diags in snapshot.diagnostics_by_path().items():
                uri = _uri(path)
                found = [to_diagnostic(d, snapshot.result.sources, uri_of) for d in diags]
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, found))
                sent.add(uri)
        cleared = self.published.get(root, set()) | set(uris)
        for old in sorted(cleared - sent):
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(old, []))
        self.published[root] = sent


server = TgcServer()


def _path(uri: str) -> Path | None:
    found = to_fs_path(uri)
    return Path(found).absolute() if found else None


def _uri(path: Path) -> str:
    found = from_fs_path(str(path))
    return found if found is not None else path.as_uri()


def _occurrence(ls: TgcServer, uri: str, pos: types.Position) -> tuple[Snapshot, Occurrence] | None:
    snapshot = ls.snapshot_for(uri)
    path = _path(uri)
    if snapshot is None or path is None:
        return None
    name = snapshot.name_of(path)
    source = snapshot.result.sources.get(name)
    line = pos.line + 1
    col = column(source.line(line), pos.character) if source is not None else pos.character + 1
    occ = snapshot.index.at(name, line, col)
    return (snapshot, occ) if occ is not None else None


def _location(snapshot: Snapshot, span: Span) -> types.Location:
    return types.Location(_uri(snapshot.path_of(span.file)),
                          to_range(span, snapshot.result.sources.get(span.file)))


# ---------------------------------------------------------------- lifecycle and sync


@server.feature(types.INITIALIZE)
def initialize(ls: TgcServer, params: types.InitializeParams) -> None:
    options = params.initialization_options
    if isinstance(options, dict) and isinstance(options.get("root"), str):
        ls.session.fixed_root = Path(options["root"]).absolute()
    if isinstance(options, dict) and isinstance(options.get("debounce"), int | float) \
            and not isinstance(options.get("debounce"), bool):
        ls.debounce = max(0.0, float(options["debounce"]) / 1000)


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: TgcServer, params: types.DidOpenTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is not None:
        ls.publish(ls.session.set_text(path, params.text_document.text), params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: TgcServer, params: types.DidChangeTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is not None:
        document = ls.workspace.get_text_document(params.text_document.uri)
        ls.publish_soon(ls.session.set_text(path, document.source), params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: TgcServer, params: types.DidCloseTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is not None:
        ls.publish(ls.session.close(path))


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_files(ls: TgcServer, params: types.DidChangeWatchedFilesParams) -> None:
    roots = {ls.session.saved_elsewhere(p) for c in params.changes if (p := _path(c.uri)) is not None}
    for root in sorted(roots):
        ls.publish(root)


# ---------------------------------------------------------------- navigation


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: TgcServer, params: types.DefinitionParams) -> list[types.Location] | None:
    found = _occurrence(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, occ = found
    return [_location(snapshot, d.span) for d in snapshot.index.definitions(occ.kind, occ.key)] or None


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
def references(ls: TgcServer, params: types.ReferenceParams) -> list[types.Location] | None:
    found = _occurrence(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, occ = found
    every = snapshot.index.by_key.get((occ.kind, occ.key), [])
    chosen = [o for o in every if params.context.include_declaration or not o.definition]
    return [_location(snapshot, o.span) for o in sorted(chosen, key=lambda o: o.span)]


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: TgcServer, params: types.HoverParams) -> types.Hover | None:
    found = _occurrence(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, occ = found
    text = hovers.describe(snapshot, occ)
    if text is None:
        return None
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text),
                       to_range(occ.span, snapshot.result.sources.get(occ.span.file)))


# ---------------------------------------------------------------- completion


_AFTER_DIVERT = re.compile(r"->\s*([\w.]*)$")
_AFTER_QUOTE = re.compile(r'\b(status|mark|unmark|item)\s+"([^"]*)$')
_AFTER_SECRET = re.compile(r"\bsecret\s+(\d*)$")
_AFTER_ENCOUNTER = re.compile(r"\bencounter\s+([\w]*)$")


@server.feature(types.TEXT_DOCUMENT_COMPLETION,
                types.CompletionOptions(trigger_characters=[">", '"', " ", ".", "@"]))
def completion(ls: TgcServer, params: types.CompletionParams) -> types.CompletionList | None:
    snapshot = ls.snapshot_for(params.text_document.uri)
    if snapshot is None:
        return None
    document = ls.workspace.get_text_document(params.text_document.uri)
    lines = document.lines
    line = lines[params.position.line] if params.position.line < len(lines) else ""
    before = line[:params.position.character]
    items = _completions(snapshot, params.text_document.uri, before)
    return types.CompletionList(len(items) > MAX_COMPLETIONS, items[:MAX_COMPLETIONS])


MAX_COMPLETIONS = 200  # more, and the list says it is incomplete: the client asks again as you type


def _completions(snapshot: Snapshot, uri: str, before: str) -> list[types.CompletionItem]:
    campaign = snapshot.campaign
    kinds = types.CompletionItemKind
    if (m := _AFTER_DIVERT.search(before)) is not None:
        return _verse_completions(snapshot, uri, m.group(1))
    if (m := _AFTER_QUOTE.search(before)) is not None:
        table = campaign.items if m.group(1) == "item" else campaign.statuses
        out = []
        for name in table:
            detail = None
            if m.group(1) != "item":
                status = campaign.statuses[name]
                detail = f"{status.shape} {status.size}" if status.shape != "flag" else "flag"
            out.append(types.CompletionItem(name, kind=kinds.Variable, detail=detail,
                                            insert_text=f'{name}"'))
        return out
    if _AFTER_SECRET.search(before) is not None:
        return [types.CompletionItem(str(n), kind=kinds.EnumMember, detail=s.title)
                for n, s in sorted(campaign.secrets.items())]
    if _AFTER_ENCOUNTER.search(before) is not None:
        return [types.CompletionItem(name, kind=kinds.Event) for name in campaign.encounters]
    if before.strip() in ("", "@", "=", "=="):
        return [types.CompletionItem(label, kind=kinds.Snippet, insert_text=body,
                                     insert_text_format=types.InsertTextFormat.Snippet)
                for label, body in SNIPPETS.items()]
    return [types.CompletionItem(word, kind=kinds.Keyword) for word in KEYWORDS]


def _verse_completions(snapshot: Snapshot, uri: str, typed: str) -> list[types.CompletionItem]:
    """After ``->``: the terminals, then the current section's verses (by their short
    name) and blocks, then every other verse by its id; only those that start with what
    is typed, and at most MAX_COMPLETIONS + 1 of them (a campaign may hold 20,000): the
    section's verses come from the snapshot's table of sections, the others are read
    only until the list is full."""
    kinds = types.CompletionItemKind
    verses = snapshot.campaign.verses
    path = _path(uri)
    table = snapshot.sections
    section = table.of_file.get(snapshot.name_of(path)) if path is not None else None
    items = [types.CompletionItem(t, kind=kinds.Keyword) for t in ("end", "end chapter", "game over")
             if t.startswith(typed)]
    for vid in table.verses.get(section, ()) if section is not None else ():
        short = vid.split(".", 1)[1]
        if not (short.startswith(typed) or vid.startswith(typed)):
            continue
        info = verses[vid]
        items.append(types.CompletionItem(short, kind=kinds.Function, detail=_first_line(info)))
        items.extend(types.CompletionItem(f".{name}", kind=kinds.Function, detail=f"block of {vid}")
                     for name in info.blocks if f".{name}".startswith(typed) or not typed)
        if len(items) > MAX_COMPLETIONS:
            return items
    other = ((vid, info) for vid, info in verses.items() if info.section != section and vid.startswith(typed))
    for vid, info in islice(other, MAX_COMPLETIONS + 1 - len(items)):
        items.append(types.CompletionItem(vid, kind=kinds.Function, detail=_first_line(info)))
    return items


def _first_line(info: VerseInfo) -> str:
    from tgc.syntax import ast

    for stmt in info.verse.body:
        if isinstance(stmt, ast.Paragraph):
            return str(stmt.text)[:60]
    return ""


# ---------------------------------------------------------------- code actions


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION)
def code_action(ls: TgcServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """The quick fixes of tgc's diagnostics in the range (editor/fixes.py says which)."""
    snapshot = ls.snapshot_for(params.text_document.uri)
    path = _path(params.text_document.uri)
    if snapshot is None or path is None:
        return []
    uri = params.text_document.uri
    name = snapshot.name_of(path)
    source = snapshot.result.sources.get(name) or SourceFile.from_text(
        name, ls.workspace.get_text_document(uri).source)
    actions: list[types.CodeAction] = []
    for diagnostic in params.context.diagnostics:
        if diagnostic.source != "tgc":
            continue
        for fix in fixes(_problem(diagnostic, name, source), snapshot.campaign):
            actions.append(types.CodeAction(
                fix.title, kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                is_preferred=fix.preferred or None,
                edit=types.WorkspaceEdit(changes={uri: [_text_edit(e, source) for e in fix.edits]})))
    return actions


def _problem(d: types.Diagnostic, name: str, source: SourceFile) -> Problem:
    """A client's diagnostic in tgc's terms (1-based code-point columns)."""
    start, end = d.range.start, d.range.end
    line, end_line = start.line + 1, end.line + 1
    col = column(source.line(line), start.character)
    end_col = column(source.line(end_line), end.character)
    written = source.line(line)[col - 1:end_col - 1] if line == end_line else ""
    hint = d.data.get("hint", "") if isinstance(d.data, dict) else ""
    last = len(source.lines)
    message = d.message.split("\nhint: ", 1)[0]  # convert.message_of appends the hint
    return Problem(str(d.code), message, hint or "", line, col, end_line, end_col, written, name,
                   (last, len(source.line(last)) + 1))


def _text_edit(edit: Edit, source: SourceFile | None) -> types.TextEdit:
    return types.TextEdit(to_range(Span("", edit.line, edit.col, edit.end_line, edit.end_col), source),
                          edit.text)


def _replace_all(old: str, new: str) -> types.TextEdit:
    """One edit replacing a whole text (formatting, a rename's tgc.lock)."""
    lines = old.split("\n")
    return types.TextEdit(types.Range(types.Position(0, 0), types.Position(len(lines), 0)), new)


# ---------------------------------------------------------------- symbols, folding, tokens


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: TgcServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    snapshot = ls.snapshot_for(params.text_document.uri)
    path = _path(params.text_document.uri)
    if snapshot is None or path is None:
        return []
    name = snapshot.name_of(path)
    source = snapshot.result.sources.get(name)
    found = []
    for sym in hovers.symbols(snapshot, name):
        children = [types.DocumentSymbol(c.name, types.SymbolKind(c.kind), to_range(c.span, source),
                                         to_range(c.select, source)) for c in sym.children]
        found.append(types.DocumentSymbol(sym.name, types.SymbolKind(sym.kind), to_range(sym.span, source),
                                          to_range(sym.select, source), detail=sym.detail,
                                          children=children or None))
    return found


@server.feature(types.WORKSPACE_SYMBOL)
def workspace_symbols(ls: TgcServer, params: types.WorkspaceSymbolParams) -> list[types.SymbolInformation]:
    query = params.query.lower()
    out = []
    for snapshot in list(ls.session.snapshots.values()):
        for name in snapshot.result.sources:
            for sym in hovers.symbols(snapshot, name):
                for s in (sym, *sym.children):
                    if query in s.name.lower():
                        out.append(types.SymbolInformation(name=s.name, kind=types.SymbolKind(s.kind),
                                                           location=_location(snapshot, s.select)))
    return out[:1000]


@server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
def folding(ls: TgcServer, params: types.FoldingRangeParams) -> list[types.FoldingRange]:
    snapshot = ls.snapshot_for(params.text_document.uri)
    path = _path(params.text_document.uri)
    if snapshot is None or path is None:
        return []
    name = snapshot.name_of(path)
    return [types.FoldingRange(s.span.line - 1, s.span.end_line - 1)
            for s in hovers.symbols(snapshot, name) if s.span.end_line > s.span.line]


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                types.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=["declaration"]))
def semantic_tokens(ls: TgcServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
    snapshot = ls.snapshot_for(params.text_document.uri)
    path = _path(params.text_document.uri)
    if snapshot is None or path is None:
        return types.SemanticTokens(data=[])
    name = snapshot.name_of(path)
    source = snapshot.result.sources.get(name)
    data: list[int] = []
    last_line = last_char = 0
    for occ in snapshot.index.by_file.get(name, []):
        if occ.span.end_line != occ.span.line:
            continue
        r = to_range(occ.span, source)
        delta_line = r.start.line - last_line
        delta_char = r.start.character - (last_char if delta_line == 0 else 0)
        if delta_line < 0 or (delta_line == 0 and delta_char < 0):
            continue  # overlapping occurrences: the first one wins
        data += [delta_line, delta_char, r.end.character - r.start.character, _TOKEN_OF[occ.kind],
                 1 if occ.definition else 0]
        last_line, last_char = r.start.line, r.start.character
    return types.SemanticTokens(data=data)


# ---------------------------------------------------------------- formatting


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: TgcServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    """`tgc fmt` on the buffer: one edit replacing the whole text (none when it is
    formatted already, or has syntax errors: then nothing is changed)."""
    document = ls.workspace.get_text_document(params.text_document.uri)
    result = format_source(document.uri, document.source)
    return [_replace_all(document.source, result.text)] if result.changed else []


# ---------------------------------------------------------------- rename and lenses


@server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: TgcServer, params: types.PrepareRenameParams) -> types.Range | None:
    found = _occurrence(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    return to_range(found[1].span, found[0].result.sources.get(found[1].span.file))


@server.feature(types.TEXT_DOCUMENT_RENAME)
def rename(ls: TgcServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    found = _occurrence(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, occ = found
    try:
        plan = plan_rename(snapshot, occ.kind, occ.key, params.new_name)
        verify(snapshot, plan)
    except RenameError as err:
        raise ValueError(str(err)) from None
    changes: dict[str, list[types.TextEdit]] = {}
    for file, edits in plan.edits.items():
        source = snapshot.result.sources.get(file)
        changes[_uri(snapshot.path_of(file))] = [types.TextEdit(to_range(span, source), new)
                                                 for span, new in edits]
    if plan.lock is not None:
        path, old, new = plan.lock
        changes[_uri(path)] = [_replace_all(old, new)]
    return types.WorkspaceEdit(changes=changes)


@server.feature(types.TEXT_DOCUMENT_CODE_LENS)
def code_lens(ls: TgcServer, params: types.CodeLensParams) -> list[types.CodeLens]:
    snapshot = ls.snapshot_for(params.text_document.uri)
    path = _path(params.text_document.uri)
    if snapshot is None or path is None:
        return []
    name = snapshot.name_of(path)
    source = snapshot.result.sources.get(name)
    lenses = []
    mine = [(vid, info) for vid, info in snapshot.campaign.verses.items() if info.span.file == name]
    hovers.ask_reach(snapshot, [vid for vid, _ in mine])
    for vid, info in mine:
        r = to_range(info.span, source)
        count = snapshot.index.count_uses("verse", vid)
        lenses.append(types.CodeLens(r, types.Command(f"{count} reference{'s' if count != 1 else ''}", "")))
        lenses.append(types.CodeLens(r, types.Command(hovers.reach_words(snapshot, vid), "")))
    return lenses


def main() -> None:
    """Serve over stdin and stdout until the client says exit."""
    server.start_io()
