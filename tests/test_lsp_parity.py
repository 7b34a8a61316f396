"""`tgc check` and the language server report the same diagnostics on every case file
(issue 15): each case is opened in the server's session as an editor would open it (its
text as a buffer, its campaign found from the document), and what the server publishes,
converted back from LSP's terms, is what `tgc check` reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_check_cases import CASE_PATHS
from tgc.pipeline import check

pytest.importorskip("pygls")

from tgc.editor.convert import message_of, to_diagnostic  # noqa: E402
from tgc.editor.session import Session  # noqa: E402


def _buffers(case: Path) -> list[Path]:
    files = [case] if case.is_file() else sorted(case.rglob("*.tgj"))
    readable = []
    for path in files:
        try:
            path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # left on disk: the server reads it as `tgc check` does
        readable.append(path)
    return readable


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.name)
def test_the_server_reports_what_tgc_check_reports(case: Path) -> None:
    expected = check(case).diagnostics
    session = Session()
    buffers = _buffers(case)
    if not buffers:
        pytest.skip("no readable file to open")
    roots = {session.set_text(path.absolute(), path.read_text(encoding="utf-8")) for path in buffers}
    assert roots == {case.absolute()}
    snapshot = session.snapshot(case.absolute())
    assert snapshot is not None
    sources = snapshot.result.sources
    published = [(d.code, d.severity, d.span, d.message, d.hint) for d in snapshot.result.diagnostics]
    assert published == [(d.code, d.severity, d.span, d.message, d.hint) for d in expected]
    for d in snapshot.result.diagnostics:
        lsp = to_diagnostic(d, sources, {})
        assert lsp.code == d.code and lsp.message == message_of(d)
        assert lsp.range.start.line == d.span.line - 1
