"""20 Strong's rule data, compiled: a resolved campaign in, its deck (``Box``) out, as the
loader reads it; the bundle compiler calls ``rule_data``."""

from __future__ import annotations

from tgc.rulesets.twenty_strong.checks import load_campaign_deck
from tgc.rulesets.twenty_strong.data import Box
from tgc.semantics.model import Campaign


def rule_data(campaign: Campaign) -> Box | None:
    """The deck, or None when it cannot be built (no ``@dice``: the checker says why)."""
    return load_campaign_deck(campaign).box
