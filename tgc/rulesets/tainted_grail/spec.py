"""Tainted Grail's declaration for the registry: its name, its words and where its rule
data, checks and engines live."""

from __future__ import annotations

from tgc.rulesets.spec import RulesetSpec
from tgc.rulesets.tainted_grail.vocabulary import VOCABULARY

SPEC = RulesetSpec(
    name="tainted-grail",
    title="Tainted Grail: The Fall of Avalon",
    vocabulary=VOCABULARY,
    checks="tgc.rulesets.tainted_grail.checks",
    rules="tgc.rulesets.tainted_grail.compile",
    engines="tgc.rulesets.tainted_grail.engines.table",
    sim="tgc.rulesets.tainted_grail.engines.simulate",
    campaign="tgc.rulesets.tainted_grail.campaign.play",
    balance="tgc.rulesets.tainted_grail.engines.balance",
    policies=("random", "greedy", "planner"),  # engines.policies.POLICIES, by name
    # :advance, the fights (--fights hand, auto, a policy), the Dying and Insane cards after
    # a story's effects and the campaign played by its days (campaign-*.js, then campaign.js)
    # in play.html, in this order
    story_page=tuple(f"tgc.rulesets.tainted_grail:page/{name}.js"
                     for name in ("advance", "game", "combat", "diplomacy", "policies", "fights",
                                  "afflictions", "campaign-map", "campaign-day", "campaign")),
    default=True,
)

from tgc.rulesets.tainted_grail import codes  # noqa: E402,F401  (registers the codes)
