"""A catalogue entry, and the helpers rule families use to write their examples."""

from __future__ import annotations

from dataclasses import dataclass

from tgc.diagnostics.model import Severity

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(frozen=True, slots=True)
class Rule:
    """One catalogue entry. ``message`` is a ``str.format`` template; every example is a
    complete ``.tgj`` file that must produce this code (tests/test_catalogue.py)."""

    code: str
    name: str
    severity: Severity
    message: str
    summary: str
    explanation: str
    examples: tuple[str, ...] = ()
    fixed: str | None = None  # the example rewritten so it no longer triggers the code


CAMPAIGN = '@campaign "Example"\n  ruleset: tainted-grail\n  start: 101\n\n'
LOCATION = '@location 101 "Farmhold"\n  explore -> 101.1\n\n'


def example(body: str) -> str:
    """An example inside a minimal valid campaign, so it shows only its own code."""
    return CAMPAIGN + LOCATION + body


