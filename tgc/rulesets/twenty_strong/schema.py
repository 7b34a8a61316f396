"""20 Strong's rule data in the bundle: the whole deck (``Box``: dice, heroes, combat
cards, enemies, bosses) as the loader built it, so a bundle alone plays the same games,
odds and simulations and nothing at run time reads a declaration's text again."""

from __future__ import annotations

from tgc.rulesets.twenty_strong.data import Box

RULE_DATA = Box  # found by tgc.rulesets.rule_data_models
