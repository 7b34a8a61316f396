"""Grimslingers' rule data, compiled: a resolved campaign in, its Tall Tale out, as the
loader reads it; the bundle compiler calls ``rule_data``."""

from __future__ import annotations

from tgc.rulesets.grimslingers.campaign_checks import campaign_declarations
from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.grimslingers.loader import load
from tgc.semantics.model import Campaign


def rule_data(campaign: Campaign) -> TallTale:
    info = campaign.info
    return load(campaign_declarations(campaign), info.title if info is not None else "",
                info.players if info is not None else (1, 4)).tale
