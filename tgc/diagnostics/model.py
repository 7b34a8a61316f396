"""Diagnostics as data: what every pass returns and every renderer reads."""

from __future__ import annotations

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

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.span.file, self.span.line, self.span.col, self.code, self.message)

    def with_severity(self, severity: Severity) -> Diagnostic:
        return Diagnostic(
            self.code, self.name, severity, self.message, self.span, self.hint, self.labels
        )
