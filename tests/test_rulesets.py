"""The ruleset registry: rulesets are found by folder, looked up by name with a
did-you-mean, and a ruleset registered from outside (a test, a plug-in) is used by the
parser and the checker without a line changed elsewhere."""

from __future__ import annotations

import pytest

from tgc import rulesets
from tgc.rulesets.spec import RulesetSpec, Vocabulary


def test_every_folder_is_a_ruleset() -> None:
    assert {"tainted-grail", "none"} <= set(rulesets.names())
    assert rulesets.default().name in rulesets.names()


def test_unknown_name_has_a_did_you_mean() -> None:
    with pytest.raises(rulesets.UnknownRuleset) as err:
        rulesets.get("tainted-grial")
    assert err.value.hint == "did you mean `tainted-grail`?"
    with pytest.raises(rulesets.UnknownRuleset) as far:
        rulesets.get("chess")
    assert far.value.hint.startswith("rulesets are ") and "`none`" in far.value.hint


def test_a_registered_ruleset_is_found_and_forgotten() -> None:
    spec = RulesetSpec(name="tiny-test", title="Tiny", vocabulary=Vocabulary(attributes=("wit",)))
    rulesets.register(spec)
    try:
        assert rulesets.get("tiny-test") is spec
    finally:
        rulesets.unregister("tiny-test")
    with pytest.raises(rulesets.UnknownRuleset):
        rulesets.get("tiny-test")


def test_vocabulary_views() -> None:
    vocabulary = Vocabulary(attributes=("wit",), resources=("coin",), tracks=("luck",),
                            avoidable=("kind=parley",))
    assert vocabulary.amounts == ("coin", "luck")
    assert vocabulary.numbers == ("wit", "coin", "luck", "players", "day")
    assert vocabulary.avoidable_encounter({"kind": "parley"})
    assert not vocabulary.avoidable_encounter({"kind": "brawl"})
