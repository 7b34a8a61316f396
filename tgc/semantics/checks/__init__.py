"""Checks over the resolved campaign, one module per family; ALL_CHECKS is their order."""

from __future__ import annotations

from collections.abc import Callable

from tgc.diagnostics.model import Diagnostic
from tgc.semantics.checks import graph, map, ruleset, state
from tgc.semantics.model import Campaign

ALL_CHECKS: tuple[Callable[[Campaign], list[Diagnostic]], ...] = (
    *graph.CHECKS,
    *state.CHECKS,
    *map.CHECKS,
    *ruleset.CHECKS,
)
