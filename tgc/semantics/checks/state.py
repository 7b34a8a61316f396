"""State checks (TGC3xx): the resolved Campaign in, diagnostics about statuses, secrets
and items that can never hold, never change anything or contradict each other out."""

from __future__ import annotations

from collections.abc import Callable

from tgc.diagnostics.model import Diagnostic
from tgc.semantics.model import Campaign

CHECKS: tuple[Callable[[Campaign], list[Diagnostic]], ...] = ()
