"""Stub, replaced below."""

from __future__ import annotations

from collections.abc import Callable

from tgc.diagnostics.model import Diagnostic
from tgc.semantics.model import Campaign

CHECKS: tuple[Callable[[Campaign], list[Diagnostic]], ...] = ()
