"""20 Strong's declaration for the registry: its name, its words (the rule-data
declaration kinds of a deck) and where its rule data, checks and engines live."""

from __future__ import annotations

from tgc.diagnostics.codes import CATALOGUE, register
from tgc.rulesets.spec import RulesetSpec, Vocabulary
from tgc.rulesets.twenty_strong.codes import RULES

if RULES[0].code not in CATALOGUE:  # the catalogue knows the ruleset's codes once found
    register(RULES)

KINDS = ("dice", "hero", "card", "enemy", "boss")

SPEC = RulesetSpec(
    name="twenty-strong",
    title="20 Strong: Tainted Grail",
    vocabulary=Vocabulary(counters=("players",), hooks=("explore", "instant"),
                          declarations=KINDS),
    checks="tgc.rulesets.twenty_strong.checks",
    rules="tgc.rulesets.twenty_strong.loader",
)
