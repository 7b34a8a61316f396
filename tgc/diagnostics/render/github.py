"""Render stage, GitHub format: diagnostics in, GitHub Actions workflow commands out, so
a CI run annotates the pull request's diff.

One command per diagnostic (on one line)::

    ::error file=a.tgj,line=2,col=4,endLine=2,endColumn=9,title=TGC101 unknown-verse::
    no verse `101.9`

``info`` becomes ``notice``. The message carries the hint and the labels on further
lines. ``col``/``endColumn`` are only sent when the span is on one line, as GitHub
requires; ``endColumn`` is exclusive, like ``Span.end_col`` (ruff does the same).
Escaping follows @actions/core: in the message ``%``, CR and LF are percent-encoded;
in properties ``:`` and ``,`` are too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tgc.diagnostics.model import Diagnostic, Severity
from tgc.diagnostics.render.base import ordered, posix_path
from tgc.source import SourceFile

COMMANDS = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
    Severity.IGNORE: "notice",
}


def render(
    diagnostics: Sequence[Diagnostic],
    sources: Mapping[str, SourceFile],
    *,
    color: bool = False,
) -> str:
    """One workflow command per line; ``sources`` and ``color`` are accepted and unused."""
    return "".join(render_command(d) + "\n" for d in ordered(diagnostics))


def render_command(d: Diagnostic) -> str:
    """One diagnostic as a workflow command, without the newline."""
    span = d.span
    props: list[tuple[str, object]] = [("file", posix_path(span.file)), ("line", span.line)]
    if span.end_line == span.line:
        props += [("col", span.col), ("endLine", span.end_line), ("endColumn", span.end_col)]
    else:
        props += [("endLine", span.end_line)]
    props.append(("title", f"{d.code} {d.name}"))
    joined = ",".join(f"{key}={escape_property(str(value))}" for key, value in props)
    return f"::{COMMANDS[d.severity]} {joined}::{escape_data(_message(d))}"


def _message(d: Diagnostic) -> str:
    lines = [d.message]
    if d.hint:
        lines.append(f"hint: {d.hint}")
    lines += [f"{label.span}: {label.message}" for label in d.labels]
    return "\n".join(lines)


def escape_data(text: str) -> str:
    """Escape a workflow command's message (``escapeData`` in @actions/core)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command property value (``escapeProperty`` in @actions/core)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
