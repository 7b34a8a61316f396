"""Checks over the resolved campaign, one module per family; ALL_CHECKS is their order."""

from __future__ import annotations

from collections.abc import Callable

from tgc.diagnostics.model import Diagnostic
from tgc.rulesets.tainted_grail import checks as ruleset
from tgc.semantics.checks import graph, map, state
from tgc.semantics.model import Campaign

ALL_CHECKS: tuple[Callable[[Campaign], list[Diagnostic]], ...] = (
    *graph.CHECKS,
    *state.CHECKS,
    *map.CHECKS,
    *ruleset.CHECKS,
)
