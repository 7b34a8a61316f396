"""Render stage, concise format: diagnostics in, one line per diagnostic out, for editors'
error parsers and grep.

Each line is ``FILE:LINE:COL: SEVERITY[CODE] MESSAGE``, followed by `` (hint: HINT)``
when the diagnostic has a hint. Labels are left out and newlines inside a message or
hint become spaces, so one line is always one diagnostic. There is no summary line:
an empty result is an empty string.

Example:
    >>> from tgc.diagnostics.model import Diagnostic, Severity
    >>> from tgc.source import Span
    >>> d = Diagnostic("TGC101", "unknown-verse", Severity.ERROR, "no verse `101.9`",
    ...                Span("a.tgj", 2, 4, 2, 9), hint="did you mean `101.1`?")
    >>> print(render([d], {}), end="")
    a.tgj:2:4: error[TGC101] no verse `101.9` (hint: did you mean `101.1`?)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tgc.diagnostics.model import Diagnostic
from tgc.diagnostics.render.base import one_line, ordered, printable
from tgc.source import SourceFile


def render(
    diagnostics: Sequence[Diagnostic],
    sources: Mapping[str, SourceFile],
    *,
    color: bool = False,
) -> str:
    """One line per diagnostic; ``sources`` and ``color`` are accepted and unused."""
    return "".join(render_line(d) + "\n" for d in ordered(diagnostics))


def render_line(d: Diagnostic) -> str:
    """A single diagnostic as its concise line, without the newline."""
    line = f"{d.span}: {d.severity.value}[{d.code}] {one_line(d.message)}"
    return printable(f"{line} (hint: {one_line(d.hint)})" if d.hint else line)
