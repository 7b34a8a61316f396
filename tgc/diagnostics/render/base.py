"""Rendering helpers shared by every output format: which diagnostics are shown, in
what order, how they are counted, and how a span's file becomes a portable path."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from tgc.diagnostics.model import Diagnostic, Severity, in_order
from tgc.source import SourceFile


class Renderer(Protocol):
    """The signature every ``tgc.diagnostics.render.<format>.render`` function has."""

    def __call__(
        self,
        diagnostics: Sequence[Diagnostic],
        sources: Mapping[str, SourceFile],
        *,
        color: bool = False,
    ) -> str: ...


def ordered(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics a renderer shows, in the canonical order.

    Renderers sort by position (``in_order``: a consequence right after its cause) so the
    output never depends on the order in which passes ran, and drop ``ignore`` ones,
    which configuration should already have removed.
    """
    return in_order(d for d in diagnostics if d.severity is not Severity.IGNORE)


@dataclass(frozen=True, slots=True)
class Counts:
    """How many diagnostics of each shown severity a run produced."""

    errors: int = 0
    warnings: int = 0
    infos: int = 0

    @staticmethod
    def of(diagnostics: Iterable[Diagnostic]) -> Counts:
        sev = [d.severity for d in diagnostics]
        return Counts(
            sev.count(Severity.ERROR), sev.count(Severity.WARNING), sev.count(Severity.INFO)
        )

    def __str__(self) -> str:
        """``2 errors, 1 warning`` or ``no problems found``."""
        pairs = ((self.errors, "error"), (self.warnings, "warning"), (self.infos, "info"))
        parts = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in pairs if n]
        return ", ".join(parts) if parts else "no problems found"


def posix_path(name: str) -> str:
    """A span's file name with forward slashes, as SARIF and GitHub expect."""
    return name.replace("\\", "/")


def one_line(text: str) -> str:
    """Text squeezed onto one line, for formats where a newline would end the record."""
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


# Characters that move the cursor, end a line or reorder text: C0/C1 controls (Cc), line
# and paragraph separators (Zl, Zp) and the bidirectional and invisible format marks (Cf).
_HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp"})


def printable(text: str, keep_newlines: bool = False) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\u202e``):
    a file name or a quoted name from a campaign can then neither drive the terminal nor
    start a line of its own in a CI log (a GitHub workflow command is a line that starts
    with ``::``). ``keep_newlines`` leaves ``\\n`` for renderers that lay out lines.

    >>> printable("a\\x1b[31mb\\n::error::x")
    'a\\\\x1b[31mb\\\\x0a::error::x'
    """
    if text.isprintable() and "\n" not in text:
        return text
    out = []
    for ch in text:
        if ch == "\n" and keep_newlines:
            out.append(ch)
        elif unicodedata.category(ch) in _HIDDEN:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)
