"""Checks over one analysis of the resolved campaign, one module per family; `checks_for`
gives a campaign's in their order: the core's, then its ruleset's own (TGC5xx)."""

from __future__ import annotations

from tgc.semantics.analysis import Check
from tgc.semantics.checks import graph, map, state, unused
from tgc.semantics.model import Campaign

CORE_CHECKS: tuple[Check, ...] = (
    *graph.CHECKS,
    *state.CHECKS,
    *map.CHECKS,
    *unused.CHECKS,
)


def checks_for(campaign: Campaign) -> tuple[Check, ...]:
    """The core's checks and those the campaign's ruleset adds (loaded only here)."""
    module = campaign.ruleset.load("checks")
    return CORE_CHECKS + (tuple(module.CHECKS) if module is not None else ())
