"""Tainted Grail's campaign layer: the map of location cards and who stands where, the
menhirs, guardians, time dials and tokens (world.py, on ../geometry.py), and the day played by
the rules (day.py). It reads the bundle and runs explorations through the runtime's
Story, so it is part of the ruleset's runtime face (docs/campaign.md)."""

from tgc.rulesets.tainted_grail.campaign.day import Campaign, Question, Reading
from tgc.rulesets.tainted_grail.campaign.party import CampaignError
from tgc.rulesets.tainted_grail.campaign.world import Guardian, Happening, Menhir, World, map_of
from tgc.rulesets.tainted_grail.geometry import Geometry

__all__ = ["Campaign", "CampaignError", "Geometry", "Guardian", "Happening", "Menhir",
           "Question", "Reading", "World", "map_of"]
