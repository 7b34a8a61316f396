"""Tainted Grail's rule data, compiled: a resolved campaign in, its typed records out
(schema.py), as the loader reads them; the bundle compiler calls ``rule_data``."""

from __future__ import annotations

from tgc.rulesets.tainted_grail.checks import campaign_rules
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.semantics.model import Campaign


def rule_data(campaign: Campaign) -> TaintedGrailRules:
    """Every record that loads (a campaign whose rule-data errors were silenced keeps only
    those: the checker has reported the others)."""
    rules, _ = campaign_rules(campaign)
    return TaintedGrailRules.of(rules)
