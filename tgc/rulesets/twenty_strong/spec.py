"""20 Strong's declaration for the registry: its name, its words (the rule-data
declaration kinds of a deck) and where its rule data and checks live. Importing it also
registers the ruleset's catalogue codes (codes.py), after ``SPEC`` exists: the catalogue
finds rulesets through the registry, so either may be imported first."""

from __future__ import annotations

from tgc.rulesets.spec import RulesetSpec, SimNumber, Vocabulary
from tgc.rulesets.twenty_strong.kinds import GAME, GAME_KEYS, KINDS, NAME

SPEC = RulesetSpec(
    name=NAME,
    title="20 Strong: Tainted Grail",
    vocabulary=Vocabulary(counters=("players",), hooks=("explore", "instant"),
                          declarations=KINDS, games={GAME: GAME_KEYS}),
    checks="tgc.rulesets.twenty_strong.checks",
    rules="tgc.rulesets.twenty_strong.compile",
    sim="tgc.rulesets.twenty_strong.engines.sim",
    play="tgc.rulesets.twenty_strong.engines.play",
    engines="tgc.rulesets.twenty_strong.engines.story",
    commands="tgc.rulesets.twenty_strong.commands",
    top_commands=("deck", "odds"),  # `tgc odds`, `tgc deck play|sim`
    page=("tgc.rulesets.twenty_strong:page/engine.js",  # a game of the deck in play.html
          "tgc.rulesets.twenty_strong:page/policies.js", "tgc.rulesets.twenty_strong:page/page.js"),
    policies=("random", "greedy", "planner"),  # engines.policies.POLICIES, by name
    sim_numbers=(SimNumber("rank", 1, 5, "20 Strong: the difficulty rank, 1 to 5, each adding its "
                           "rule to those below (repeat it for several; default 1)."),),
)

from tgc.rulesets.twenty_strong import codes  # noqa: E402,F401  (registers the codes)
