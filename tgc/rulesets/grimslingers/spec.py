"""Grimslingers' declaration for the registry: its name, its words (the Tall Tale's
declaration kinds) and where its checks and engines live."""

from __future__ import annotations

from tgc.diagnostics.codes import CATALOGUE, register
from tgc.rulesets.grimslingers.codes import RULES
from tgc.rulesets.spec import RulesetSpec, Vocabulary

if RULES[0].code not in CATALOGUE:  # the catalogue knows the ruleset's codes once found
    register(RULES)

DECLARATIONS = ("chapter", "path", "part", "area", "bounty", "creature", "skill", "spell",
                "gear", "elements", "disposition", "modifier", "grimslinger", "achievement")

VOCABULARY = Vocabulary(
    resources=(),
    tracks=(),
    counters=("players",),
    hooks=("explore", "instant"),
    labels={"explore": "Explore", "instant": "On arrival"},
    declarations=DECLARATIONS,
    location_map=False,  # landmarks are laid out by areas (checks TGC581, TGC582)
    example_effect='gain item "Lantern Oil"',
    example_condition="players >= 2",
)

SPEC = RulesetSpec(
    name="grimslingers",
    title="Grimslingers: The Northern Territory (the Tall Tale and creature duels)",
    vocabulary=VOCABULARY,
    checks="tgc.rulesets.grimslingers.campaign_checks",
    commands="tgc.rulesets.grimslingers.commands",
)
