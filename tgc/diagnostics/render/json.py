"""Render stage, JSON format: diagnostics in, one stable JSON document out.

The document is versioned (``"version": 1``); keys are sorted, indentation is two
spaces, non-ASCII text is escaped, paths use forward slashes and positions are 1-based
with exclusive end columns (as in ``Span``)::

    {
      "diagnostics": [
        {"code": "TGC101", "column": 4, "end_column": 9, "end_line": 2,
         "file": "a.tgj", "hint": "...", "labels": [{"column": .., "end_column": ..,
         "end_line": .., "file": .., "line": .., "message": ..}], "line": 2,
         "message": "no verse `101.9`", "name": "unknown-verse", "severity": "error"}
      ],
      "summary": {"errors": 1, "infos": 0, "warnings": 0},
      "version": 1
    }

``hint`` is ``null`` when there is none. Fields are only ever added, under the same
version; a removal or a change of meaning bumps ``VERSION``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tgc.diagnostics.model import Diagnostic
from tgc.diagnostics.render.base import Counts, ordered, posix_path
from tgc.source import SourceFile, Span

VERSION = 1


def render(
    diagnostics: Sequence[Diagnostic],
    sources: Mapping[str, SourceFile],
    *,
    color: bool = False,
) -> str:
    """The JSON document, ending with a newline; ``sources`` and ``color`` are unused."""
    return json.dumps(document(diagnostics), sort_keys=True, indent=2) + "\n"


def document(diagnostics: Sequence[Diagnostic]) -> dict[str, Any]:
    """The document as plain data, for callers that embed it in something larger."""
    shown = ordered(diagnostics)
    counts = Counts.of(shown)
    return {
        "version": VERSION,
        "diagnostics": [_diagnostic(d) for d in shown],
        "summary": {"errors": counts.errors, "warnings": counts.warnings, "infos": counts.infos},
    }


def _diagnostic(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "name": d.name,
        "severity": d.severity.value,
        "message": d.message,
        "hint": d.hint,
        **_position(d.span),
        "labels": [{**_position(label.span), "message": label.message} for label in d.labels],
    }


def _position(span: Span) -> dict[str, Any]:
    return {
        "file": posix_path(span.file),
        "line": span.line,
        "column": span.col,
        "end_line": span.end_line,
        "end_column": span.end_col,
    }
