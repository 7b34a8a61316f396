"""20 Strong's declaration for the registry: its name, its words (the rule-data
declaration kinds of a deck) and where its rule data, checks and engines live."""

from __future__ import annotations

from tgc.rulesets.spec import RulesetSpec, Vocabulary

KINDS = ("dice", "hero", "card", "enemy", "boss")

SPEC = RulesetSpec(
    name="twenty-strong",
    title="20 Strong: Tainted Grail",
    vocabulary=Vocabulary(counters=("players",), hooks=("explore", "instant"),
                          declarations=KINDS),
    checks="tgc.rulesets.twenty_strong.checks",
    rules="tgc.rulesets.twenty_strong.loader",
)
