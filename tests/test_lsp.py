"""`tgc lsp` end to end (issue 15): the real server over stdio, driven by pytest-lsp as an
editor would: open the sample, break a reference and receive its diagnostic, apply the
quick fix, go to definition, hover, complete, find references, rename a verse (every
file changes and tgc.lock keeps its number), outline, fold, colour and count."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "journal_src"
CAER = SAMPLE / "locations" / "201-caer-morwen.tgj"


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "tgc",
                                                                               "lsp"]))
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=SAMPLE.as_uri(),
        workspace_folders=[types.WorkspaceFolder(SAMPLE.as_uri(), "journal_src")]))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri, "tgj", version, text if text is not None else path.read_text(encoding="utf-8"))))
    return uri


def _change(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version, uri),
        [types.TextDocumentContentChangeWholeDocument(text)]))


# How long a test waits for the server's diagnostics: far beyond any analysis of the
# sample on a loaded machine, so that a notification that never comes fails the test with
# a message instead of leaving the run waiting (one run under `-n 2` once waited 12 minutes).
PUBLISH_TIMEOUT = 120.0


async def _published(client: LanguageClient) -> None:
    """The next textDocument/publishDiagnostics, or a failure saying none came."""
    try:
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS),
                               PUBLISH_TIMEOUT)
    except TimeoutError:
        pytest.fail(f"the server published no diagnostics within {PUBLISH_TIMEOUT:.0f} s")


async def _opened(client: LanguageClient, path: Path) -> str:
    """The file opened, its diagnostics received: a test that edits a document opens it
    itself, since under `pytest -n 2` the tests of this module may be shared between two
    workers, each with its own server (a change to a document the server never saw opened
    is dropped, and the test would wait for diagnostics that never come)."""
    uri = _open(client, path)
    await _published(client)
    return uri


def _at(text: str, needle: str, offset: int = 0) -> types.Position:
    """The position of ``needle`` (plus ``offset`` characters) in ``text``."""
    before = text[:text.index(needle) + offset]
    return types.Position(before.count("\n"), len(before.rsplit("\n", 1)[-1]))


@pytest.mark.asyncio(loop_scope="module")
async def test_a_broken_reference_is_reported_and_its_quick_fix_repairs_it(client: LanguageClient) -> None:
    text = CAER.read_text(encoding="utf-8")
    uri = _open(client, CAER)
    await _published(client)
    assert not client.diagnostics[uri]  # the sample is clean
    broken = text.replace("instant -> 201.arrival", "instant -> 201.arival")
    _change(client, uri, broken, 2)
    await _published(client)
    [found] = client.diagnostics[uri]
    assert found.code == "TGC101" and found.severity == types.DiagnosticSeverity.Error
    assert found.range.start == _at(broken, "201.arival")
    assert "did you mean `201.arrival`?" in found.message
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), found.range, types.CodeActionContext([found])))
    assert actions is not None
    titles = [a.title for a in actions if isinstance(a, types.CodeAction)]
    assert titles[:2] == ["Rename to `201.arrival`", "Create verse `201.arival`"]
    fix = actions[0]
    assert isinstance(fix, types.CodeAction) and fix.edit is not None and fix.edit.changes is not None
    [edit] = fix.edit.changes[uri]
    fixed = _apply(broken, edit)
    assert fixed == text
    _change(client, uri, fixed, 3)
    await _published(client)
    assert not client.diagnostics[uri]


@pytest.mark.asyncio(loop_scope="module")
async def test_a_roll_missing_a_total_gets_the_missing_arm(client: LanguageClient) -> None:
    orchard = SAMPLE / "locations" / "203-weeping-orchard.tgj"
    text = orchard.read_text(encoding="utf-8")
    uri = _open(client, orchard)
    await _published(client)
    broken = text.replace("1 -> .worm; 2-5 -> .sound", "1 -> .worm; 3-5 -> .sound")
    _change(client, uri, broken, 2)
    await _published(client)
    [found] = client.diagnostics[uri]
    assert found.code == "TGC205" and found.message.startswith("no arm for a total of 2")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), found.range, types.CodeActionContext([found])))
    assert actions is not None
    [fix] = [a for a in actions if isinstance(a, types.CodeAction)]
    assert fix.title == "Add the missing arm `2 -> end`"
    assert fix.edit is not None and fix.edit.changes is not None
    [edit] = fix.edit.changes[uri]
    fixed = _apply(broken, edit)
    assert "~ roll d6: 1 -> .worm; 2 -> end; 3-5 -> .sound; 6 -> .boar" in fixed
    _change(client, uri, fixed, 3)
    await _published(client)
    assert not client.diagnostics[uri]
    _change(client, uri, text, 4)
    await _published(client)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_burst_of_changes_is_checked_once_for_its_last_text(client: LanguageClient) -> None:
    text = CAER.read_text(encoding="utf-8")
    uri = await _opened(client, CAER)
    for version, typed in enumerate(("201.a", "201.ar", "201.arr", "201.arrival"), start=40):
        _change(client, uri, text.replace("instant -> 201.arrival", f"instant -> {typed}"), version)
    await _published(client)
    assert not client.diagnostics[uri]  # the half-typed names were never checked
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 1.0)


@pytest.mark.asyncio(loop_scope="module")
async def test_definition_and_references(client: LanguageClient) -> None:
    text = CAER.read_text(encoding="utf-8")
    uri = CAER.as_uri()
    where = await client.text_document_definition_async(types.DefinitionParams(
        types.TextDocumentIdentifier(uri), _at(text, "201.arrival", 5)))
    assert isinstance(where, list) and len(where) == 1
    assert isinstance(where[0], types.Location)
    assert where[0].uri == uri and where[0].range.start == _at(text, "== 201.arrival", 3)
    refs = await client.text_document_references_async(types.ReferenceParams(
        context=types.ReferenceContext(True), text_document=types.TextDocumentIdentifier(uri),
        position=_at(text, '"Pale Tide"', 2)))
    assert refs is not None
    files = {r.uri.rsplit("/", 1)[-1] for r in refs}
    assert {"campaign.tgj", "book_of_secrets.tgj", "201-caer-morwen.tgj"} <= files
    assert len(refs) >= 10


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_shows_the_first_lines_the_printed_number_and_how_play_gets_there(
        client: LanguageClient) -> None:
    text = CAER.read_text(encoding="utf-8")
    found = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(CAER.as_uri()), _at(text, "-> 201.arrival", 5)))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    words = found.contents.value
    assert "verse `201.arrival`" in words and "printed as 8" in words
    assert "> Gulls wheel over the stilt-houses" in words
    assert "reached by 1 entry point: location 201 (instant)" in words
    status = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(CAER.as_uri()), _at(text, '"Pale Tide"', 3)))
    assert status is not None and isinstance(status.contents, types.MarkupContent)
    assert 'status "Pale Tide"**: 8 parts' in status.contents.value
    assert "when parts 1-8 -> `bos.tide`" in status.contents.value


@pytest.mark.asyncio(loop_scope="module")
async def test_a_hover_right_after_a_structural_edit_counts_the_entry_points_the_edit_added(
        client: LanguageClient) -> None:
    """A choice typed into 201.1 (reached from the start) that leads to 201.arrival
    (reached only by the instant action): the very next hover on 201.arrival, with no
    other request between, counts both entries (the name index is kept per file and
    the entries are found by walking back from the verse, not from a table)."""
    text = CAER.read_text(encoding="utf-8")
    uri = await _opened(client, CAER)
    lines = text.split("\n")
    at = lines.index("== 201.2") - 1
    edited = "\n".join([*lines[:at], "* Watch the gulls -> 201.arrival", *lines[at:]])
    _change(client, uri, edited, 2)
    await _published(client)
    assert not client.diagnostics[uri]
    found = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), _at(edited, "instant -> 201.arrival", 12)))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert "reached by 2 entry points: location 201 (start), location 201 (instant)" in found.contents.value
    _change(client, uri, text, 3)
    await _published(client)
    again = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), _at(text, "instant -> 201.arrival", 12)))
    assert again is not None and isinstance(again.contents, types.MarkupContent)
    assert "reached by 1 entry point: location 201 (instant)" in again.contents.value


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_offers_verses_after_a_divert_and_statuses_in_quotes(client: LanguageClient) -> None:
    text = CAER.read_text(encoding="utf-8")
    line = text[:text.index("== 201.1")].count("\n") + 2  # the prose line of 201.1
    edited = "\n".join([*text.split("\n")[:line], "-> ", '~ mark "', *text.split("\n")[line:]])
    uri = await _opened(client, CAER)
    _change(client, uri, edited, 10)
    await _published(client)
    verses = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(line, 3)))
    assert isinstance(verses, types.CompletionList)
    labels = [item.label for item in verses.items]
    assert "arrival" in labels and "202.1" in labels and "end" in labels
    statuses = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(line + 1, 8)))
    assert isinstance(statuses, types.CompletionList)
    assert "Pale Tide" in [item.label for item in statuses.items]
    _change(client, uri, text, 11)
    await _published(client)


@pytest.mark.asyncio(loop_scope="module")
async def test_rename_a_verse_changes_every_file_and_keeps_its_printed_number(client: LanguageClient) -> None:
    text = CAER.read_text(encoding="utf-8")
    edit = await client.text_document_rename_async(types.RenameParams(
        types.TextDocumentIdentifier(CAER.as_uri()), _at(text, "== 201.arrival", 8), "welcome"))
    assert edit is not None and edit.changes is not None
    lock = (SAMPLE / "tgc.lock").as_uri()
    assert set(edit.changes) == {CAER.as_uri(), lock}
    renamed = text
    edits = edit.changes[CAER.as_uri()]
    for change in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        renamed = _apply(renamed, change)
    assert "== 201.welcome" in renamed and "instant -> 201.welcome" in renamed and "arrival" not in renamed
    [whole] = edit.changes[lock]
    old = (SAMPLE / "tgc.lock").read_text(encoding="utf-8")
    assert "[201]\nverses.arrival = 8\n" in old
    assert whole.new_text == old.replace("[201]\nverses.arrival = 8\n", "[201]\nverses.welcome = 8\n")


@pytest.mark.asyncio(loop_scope="module")
async def test_outline_folding_tokens_and_lenses(client: LanguageClient) -> None:
    uri = CAER.as_uri()
    ident = types.TextDocumentIdentifier(uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(ident))
    assert symbols is not None
    names = [s.name for s in symbols]
    assert names[:3] == ["@location 201 Caer Morwen", "201.arrival", "201.1"]
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(ident))
    assert folds is not None and len(folds) >= len(names) - 2
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(ident))
    assert tokens is not None and len(tokens.data) % 5 == 0 and len(tokens.data) > 50
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(ident))
    assert lenses is not None
    titles = [lens.command.title for lens in lenses if lens.command is not None]
    assert titles[:2] == ["1 reference", "reached by 1 entry point: location 201 (instant)"]
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams("201.arr"))
    assert found is not None and [s.name for s in found] == ["201.arrival"]


@pytest.mark.asyncio(loop_scope="module")
async def test_document_formatting_is_tgc_fmt(client: LanguageClient) -> None:
    text = CAER.read_text(encoding="utf-8")
    untidy = text.replace("-> 201.arrival", "->201.arrival")
    untidy = untidy.replace("* Leave the hamlet", "*Leave the hamlet")
    untidy = untidy.replace("-> end\n\n== 201.1", "-> end\n== 201.1")  # lines move too
    untidy = untidy.replace("  seals: menhir, friendly\n  keys: up 205, left 202, right 203, down 204\n",
                            "  keys: up 205, left 202, right 203, down 204\n  seals: menhir, friendly\n")
    assert untidy.count("\n") == text.count("\n") - 1 and "  keys: up 205" in untidy.split("\n")[4]
    uri = await _opened(client, CAER)
    _change(client, uri, untidy, 20)
    await _published(client)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True)))
    assert edits is not None and len(edits) == 1
    assert _apply(untidy, edits[0]) == text
    _change(client, uri, text, 21)
    await _published(client)


def _apply(text: str, edit: types.TextEdit) -> str:
    lines = text.split("\n")
    start, end = edit.range.start, edit.range.end
    if start.line >= len(lines):
        return text + ("" if text.endswith("\n") else "\n") + edit.new_text
    head = "\n".join(lines[:start.line] + [lines[start.line][:start.character]])
    tail = ""
    if end.line < len(lines):
        tail = "\n".join([lines[end.line][end.character:]] + lines[end.line + 1:])
    return head + edit.new_text + tail


def test_completion_after_a_divert_filters_by_what_is_typed_and_stays_short(tmp_path: Path) -> None:
    from tgc.editor.server import MAX_COMPLETIONS, _completions
    from tgc.editor.session import Session

    verses = "".join(f"== 101.{n}\nOn.\n-> end\n" for n in range(1, 301))
    path = tmp_path / "c.tgj"
    path.write_text('@campaign "C"\n  ruleset: none\n  start: 101\n@location 102 "M"\n== 102.1\n-> end\n'
                    f'@location 101 "L"\n  instant -> 101.1\n{verses}', encoding="utf-8")
    session = Session()
    snapshot = session.snapshot(session.set_text(path, path.read_text(encoding="utf-8")))
    assert snapshot is not None
    uri = path.as_uri()
    every = [item.label for item in _completions(snapshot, uri, "* Go -> ")]
    assert len(every) == MAX_COMPLETIONS + 1  # one more: the list says it is incomplete
    assert every[:4] == ["end", "end chapter", "game over", "1"]
    typed = [item.label for item in _completions(snapshot, uri, "* Go -> 29")]
    assert typed == ["29", *(str(n) for n in range(290, 300))]
    assert [item.label for item in _completions(snapshot, uri, "-> 102")] == ["102", "102.1"]


def test_every_hover_names_the_entry_points_a_backward_walk_finds(tmp_path: Path) -> None:
    """A hover's walk back from the verse along the kept predecessors, and the one walk
    for many verses that a file's code lenses make, say what walking back along the
    graph's own edges says, on the sample (hooks, actions, triggers,
    loops between verses) and on a loop that two entries reach through one another."""
    from collections import deque

    from tgc.editor.hover import entries_behind, entries_reaching
    from tgc.editor.session import Session

    path = tmp_path / "c.tgj"
    path.write_text('@campaign "C"\n  ruleset: none\n  start: 101\n@location 101 "L"\n  explore -> 101.1\n'
                    '  instant -> 101.3\n== 101.1\n* On -> 2\n* Back -> 1\n== 101.2\n-> 1\n== 101.3\n'
                    '-> 2\n== 101.4\n-> 1\n', encoding="utf-8")
    for root in (SAMPLE, path):
        session = Session()
        snapshot = session.snapshot(root)
        assert snapshot is not None
        graph = snapshot.analysis.graph
        incoming = graph.predecessors()
        for vid in snapshot.campaign.verses:
            seen = {vid} if vid in graph.nodes else {n for n in graph.nodes if graph.nodes[n].verse == vid}
            todo = deque(seen)
            while todo:
                for edge in incoming.get(todo.popleft(), ()):
                    if edge.source not in seen:
                        seen.add(edge.source)
                        todo.append(edge.source)
            assert entries_reaching(snapshot.analysis, vid) == [e for e in graph.entries if e.target in seen]
        every = list(snapshot.campaign.verses)  # at once, as a file's code lenses ask
        assert entries_behind(snapshot.analysis, every) == \
            {vid: entries_reaching(snapshot.analysis, vid) for vid in every}
    assert [e.kind for e in entries_reaching(snapshot.analysis, "101.2")] == ["start", "instant"]
    assert entries_reaching(snapshot.analysis, "101.4") == []
