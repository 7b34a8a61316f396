"""Diagnostics as data: what every pass returns and every renderer reads."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from tgc.source import Span


class Severity(StrEnum):
    """How much a finding matters; ``ignore`` only appears in configuration."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    IGNORE = "ignore"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Severity.ERROR: 3, Severity.WARNING: 2, Severity.INFO: 1, Severity.IGNORE: 0}


@dataclass(frozen=True, slots=True)
class Label:
    """A secondary place that explains a diagnostic ("first declared here")."""

    span: Span
    message: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: a catalogue code, where it is, what is wrong and how to fix it."""

    code: str
    name: str
    severity: Severity
    message: str
    span: Span
    hint: str | None = None
    labels: tuple[Label, ...] = ()
    # Where the mistake this one follows from is reported (a consequence is printed
    # right after its cause, whatever the files and lines: the cause comes first).
    cause: Span | None = None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.span.file, self.span.line, self.span.col, self.code, self.message)

    def with_severity(self, severity: Severity) -> Diagnostic:
        return Diagnostic(
            self.code, self.name, severity, self.message, self.span, self.hint, self.labels,
            self.cause,
        )


def in_order(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The canonical order: by file and position, except that a consequence (``cause``
    set) comes right after the diagnostic it follows from, and its own consequences
    after it, wherever in the campaign each is. A writer reads the cause first."""
    found = list(diagnostics)
    at: dict[Span, Diagnostic] = {}
    for d in sorted(found, key=Diagnostic.sort_key):
        at.setdefault(d.span, d)

    def key(d: Diagnostic) -> tuple[str, int, int, int, str, int, int, str, str]:
        root, depth, seen = d, 0, {d.span}
        while root.cause is not None and root.cause in at and root.cause not in seen:
            seen.add(root.cause)
            root, depth = at[root.cause], depth + 1
        span = root.span
        return (span.file, span.line, span.col, depth, d.span.file, d.span.line, d.span.col,
                d.code, d.message)

    return sorted(found, key=key)
