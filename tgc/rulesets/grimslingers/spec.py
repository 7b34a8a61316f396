"""Grimslingers' declaration for the registry: its name, its words (the Tall Tale's
declaration kinds) and where its checks and commands live. Importing it also registers
the ruleset's catalogue codes, after ``SPEC`` exists: the catalogue finds rulesets
through the registry, so either may be imported first."""

from __future__ import annotations

from tgc.rulesets.grimslingers.kinds import DECLARATIONS, NAME
from tgc.rulesets.spec import RulesetSpec, Vocabulary

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
    name=NAME,
    title="Grimslingers: The Northern Territory (the Tall Tale and creature duels)",
    vocabulary=VOCABULARY,
    checks="tgc.rulesets.grimslingers.campaign_checks",
    rules="tgc.rulesets.grimslingers.compile",
    play="tgc.rulesets.grimslingers.engines.play",
    explore="tgc.rulesets.grimslingers.engines.explore",
    sim="tgc.rulesets.grimslingers.engines.sim",
    commands="tgc.rulesets.grimslingers.commands",
    page=("tgc.rulesets.grimslingers:page/duel.js", "tgc.rulesets.grimslingers:page/tale.js",
          "tgc.rulesets.grimslingers:page/sitting.js",
          "tgc.rulesets.grimslingers:page/page.js"),  # the Tall Tale and duels in play.html
)


from tgc.rulesets.grimslingers import codes  # noqa: E402,F401  (registers the codes)
