"""Spans and diagnostics in the Language Server Protocol's terms. tgc counts columns in
code points from 1; LSP counts lines from 0 and characters in UTF-16 code units (the
default position encoding), so a column is converted with its line's text."""

from __future__ import annotations

from lsprotocol import types

from tgc.diagnostics.model import Diagnostic, Severity
from tgc.source import SourceFile, Span

SEVERITIES = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.IGNORE: types.DiagnosticSeverity.Hint,
}


def utf16(line: str, col: int) -> int:
    """The UTF-16 offset of a 1-based code-point column."""
    before = line[:max(col - 1, 0)]
    return len(before) + sum(1 for ch in before if ord(ch) > 0xFFFF)


def column(line: str, character: int) -> int:
    """The 1-based code-point column of a UTF-16 offset."""
    units = 0
    for i, ch in enumerate(line):
        if units >= character:
            return i + 1
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line) + 1


def position(source: SourceFile | None, line: int, col: int) -> types.Position:
    text = source.line(line) if source is not None else ""
    return types.Position(max(line - 1, 0), utf16(text, col) if text else max(col - 1, 0))


def to_range(span: Span, source: SourceFile | None) -> types.Range:
    return types.Range(position(source, span.line, span.col), position(source, span.end_line, span.end_col))


def message_of(d: Diagnostic) -> str:
    """What the editor shows: the message, then the hint on its own line (as `tgc check`)."""
    return d.message if not d.hint else f"{d.message}\nhint: {d.hint}"


def to_diagnostic(d: Diagnostic, sources: dict[str, SourceFile], uri_of: dict[str, str]
                  ) -> types.Diagnostic:
    related = [types.DiagnosticRelatedInformation(
        types.Location(uri_of.get(label.span.file, label.span.file),
                       to_range(label.span, sources.get(label.span.file))), label.message)
        for label in d.labels]
    return types.Diagnostic(
        range=to_range(d.span, sources.get(d.span.file)),
        message=message_of(d),
        severity=SEVERITIES[d.severity],
        code=d.code,
        source="tgc",
        related_information=related or None,
        data={"name": d.name, "hint": d.hint or ""},
    )
