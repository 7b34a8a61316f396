"""Grimslingers' rule data in the bundle: the whole Tall Tale (chapters, paths, parts,
areas, bounties, cards, creatures, Grimslingers ...) as the loader built it, so a bundle
alone plays the same tale and duels and nothing at run time reads a declaration again."""

from __future__ import annotations

from tgc.rulesets.grimslingers.data import TallTale

RULE_DATA = TallTale  # found by tgc.rulesets.rule_data_models
