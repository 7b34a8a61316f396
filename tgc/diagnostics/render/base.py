"""Rendering helpers shared by every output format: which diagnostics are shown, in
what order, how they are counted, and how a span's file becomes a portable path."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from tgc.diagnostics.model import Diagnostic, Severity
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

    Renderers sort by ``Diagnostic.sort_key`` so the output never depends on the order
    in which passes ran, and drop ``ignore`` ones, which configuration should already
    have removed.
    """
    shown = (d for d in diagnostics if d.severity is not Severity.IGNORE)
    return sorted(shown, key=Diagnostic.sort_key)


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
