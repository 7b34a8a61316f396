"""The ``none`` ruleset's declaration: no vocabulary beyond the core's counters."""

from __future__ import annotations

from tgc.rulesets.spec import RulesetSpec, Vocabulary

SPEC = RulesetSpec(name="none", title="Plain gamebook", vocabulary=Vocabulary(
    counters=("players",), hooks=("explore", "instant")))
