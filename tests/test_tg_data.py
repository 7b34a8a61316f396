"""Rule data: the effect language, the loader's shapes and problems, and the sample
campaign's characters, cards and encounters."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tg_helpers import load_text
from tgc.rulesets.tainted_grail.checks import campaign_rules
from tgc.rulesets.tainted_grail.effects import EffectError, parse_effects
from tgc.rulesets.tainted_grail.engines.bundled import rules_from_payload, rules_payload
from tgc.rulesets.tainted_grail.records import (
    CombatEncounter,
    DiplomacyEncounter,
    Gain,
    compile_icons,
)
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules

SAMPLE = Path(__file__).resolve().parents[1] / "journal_src"


# ---------------------------------------------------------------- icons and effects


@pytest.mark.parametrize(("icons", "gain"), [
    ("marker", Gain(markers=1)),
    ("2x marker", Gain(markers=2)),
    ("3 marker", Gain(markers=3)),
    ("X draw marker", Gain(markers=1)),
    ("2x again", Gain(again=True)),  # the play-again bonus never multiplies
    ("X again", Gain()),
    ("2x up stage down", Gain(up=2, stage=1, down=1)),
])
def test_icons_multiply_void_and_count(icons: str, gain: Gain) -> None:
    assert compile_icons(tuple(icons.split())) == gain


def test_effects_share_the_verse_words() -> None:
    effects = parse_effects("lose 1 health; gain 2 wealth; lose item weapon; gain 1 marker per "
                            "connected aggression; if not affinity green: lose 1 rep; "
                            "move affinity down 2; prevent 2 damage; play as connected")
    assert [(e.verb, e.amount, e.what) for e in effects] == [
        ("lose", 1, "health"), ("gain", 2, "wealth"), ("lose_item", 1, "weapon"),
        ("gain", 1, "marker"), ("lose", 1, "rep"), ("move", -2, "affinity"),
        ("prevent", 2, "damage"), ("play_connected", 1, "")]
    assert effects[3].per == "aggression"
    assert effects[4].cond is not None and effects[4].cond.negate


@pytest.mark.parametrize("text", ["deal 2 damage", "gain 2 gold", "move affinity sideways",
                                  "if: lose 1 rep", "lose 1 marker per connected luck", "draw two"])
def test_effect_mistakes_are_errors(text: str) -> None:
    with pytest.raises(EffectError):
        parse_effects(text)


# ---------------------------------------------------------------- the loader


def codes(text: str) -> list[str]:
    return [p.code for p in load_text(text)[1]]


def test_loader_reports_each_kind_of_mistake() -> None:
    card = '@card combat 1U "Jab"\n  left: marker\n  right: aggression 1\n'
    assert codes(card + "  colour: red\n") == ["TGC501"]
    assert codes(card.replace("marker", "markre")) == ["TGC503"]
    assert codes(card + "  ability: sometimes: draw 1\n") == ["TGC503"]
    assert codes(card + "  ability: placement: draw a card\n") == ["TGC504"]
    assert codes(card + card) == ["TGC506"]
    fight = '@encounter "E"\n  deck: gray\n  value: 4\n  attack:\n    0-1: damage 1\n'
    assert codes(fight) == ["TGC505"]
    assert codes('@encounter "E"\n  deck: gray\n  value: 4\n') == ["TGC502"]
    assert codes('@encounter "E"\n  deck: gray\n  level: 2\n') == []  # a story encounter


def test_a_journal_without_rule_data_never_imports_the_loader(tmp_path: Path) -> None:
    """The rule data's loader and records are imported only for a campaign that declares
    rule data (a tenth of a plain journal's cold check): without it the check says what it
    said before, and a misspelt key of an `@encounter` added later is still found."""
    (tmp_path / "campaign.tgj").write_text(
        '@campaign "Short"\n  ruleset: tainted-grail\n  start: 100\n  players: 1-4\n\n'
        '@location 100 "Road"\n  explore: -> 100.1\n\n'
        '== 100.1\nA road.\n~ encounter gray\n* Back -> end\n', encoding="utf-8")
    script = ("import json, sys\nfrom pathlib import Path\nfrom tgc.pipeline import Job, run\n"
              "result = run(Job(Path(sys.argv[1])))\n"
              "print(json.dumps([[d.code for d in result.diagnostics],"
              " 'tgc.rulesets.tainted_grail.loader' in sys.modules]))")
    check = [sys.executable, "-c", script, str(tmp_path)]
    codes, loaded = json.loads(subprocess.run(check, capture_output=True, text=True, check=True).stdout)
    assert "TGC501" not in codes and not loaded
    with (tmp_path / "campaign.tgj").open("a", encoding="utf-8") as file:
        file.write('\n@encounter "E"\n  deck: gray\n  level: 2\n  colour: red\n')
    more, loaded = json.loads(subprocess.run(check, capture_output=True, text=True, check=True).stdout)
    assert "TGC501" in more and loaded


def test_diplomacy_loads_its_track_stages_and_avoid() -> None:
    rules, problems = load_text(
        '@encounter "D"\n  deck: blue\n  affinity: red 2, gray 1, green 3\n'
        "  avoid: rep >= 3; pay 2 wealth\n"
        "  stage1:\n    empathy: move affinity up 2\n    2: nothing\n    3-5: gain 1 terror\n")
    assert problems == []
    enc = rules.encounters["D"]
    assert isinstance(enc, DiplomacyEncounter)
    assert enc.start == 3 and enc.top == 6 and enc.colour_at(4) == "green"
    assert enc.avoid_costs == ((2, "wealth"),) and enc.avoid_if[0].name == "rep"
    assert enc.stages[0].response_at(4)[0].what == "terror"


def test_payload_round_trip_gives_the_same_rules() -> None:
    from tgc.project.workspace import load
    from tgc.semantics.symbols import collect

    campaign, _ = collect(load(SAMPLE).files)
    rules, _ = campaign_rules(campaign)
    again = rules_from_payload(rules_payload(TaintedGrailRules.of(rules)))
    assert again.encounters == rules.encounters
    assert again.combat_cards == rules.combat_cards
    assert again.characters.keys() == rules.characters.keys()


# ---------------------------------------------------------------- the sample campaign


def test_sample_campaign_is_clean_and_complete() -> None:
    from tgc.pipeline import check

    result = check(SAMPLE)
    assert [d.code for d in result.diagnostics] == []
    assert result.campaign is not None
    rules, problems = campaign_rules(result.campaign)
    assert problems == []
    assert sorted(rules.characters) == ["ailei", "arev", "beor", "maggot"]
    for colour in "UGBY":
        assert sum(1 for n in rules.combat_cards if n.endswith(colour)) >= 15
        assert sum(1 for n in rules.diplomacy_cards if n.endswith(colour)) >= 15
    for character in rules.characters.values():
        assert len(rules.deck(character, "combat")) == 15
        assert len(rules.deck(character, "diplomacy")) == 15
        assert character.combat_pool and character.diplomacy_pool
    encounters = list(rules.encounters.values())
    assert len(encounters) >= 12
    assert {e.deck for e in encounters} == {"gray", "green", "purple", "blue"}
    assert {e.level for e in encounters} == {1, 2, 3, 4}
    assert any(isinstance(e, CombatEncounter) and e.guardian for e in encounters)
    assert any(isinstance(e, DiplomacyEncounter) and len(e.stages) == 2 for e in encounters)


# ---------------------------------------------------------------- words the engine reads (issue 9)


@pytest.mark.parametrize(("text", "detail"), [
    ('@card diplomacy 1U "Ask"\n  left: -\n  right: empathy 1\n'
     '  ability: placement: if pool >= 2: move affinity up 1\n',
     "`pool` means nothing in a diplomacy"),
    ('@card combat 1U "Jab"\n  left: -\n  right: aggression 1\n'
     '  ability: placement: if affinity >= 2: gain 1 marker\n',
     "`affinity` means nothing in a combat"),
    ('@card combat 1U "Jab"\n  left: -\n  right: aggression 1\n'
     '  ability: placement: if affinity green: gain 1 marker\n',
     "`affinity` means nothing in a combat"),
    ('@encounter "Thug"\n  deck: gray\n  value: 3\n  attack:\n    0+: if charges >= 1: damage 1\n',
     "only a card's ability can test it"),
])
def test_a_condition_the_engine_cannot_read_is_an_error(text: str, detail: str) -> None:
    """001/002, "Combat Card" / "Diplomacy Card" (Ability): a condition must name something the
    encounter has. The evaluator used to read any word it had no case for as 0, silently."""
    _, problems = load_text(text)
    assert [(p.code, detail in str(p.args["detail"])) for p in problems] == [("TGC504", True)]


@pytest.mark.parametrize("icon", ["again", "discard"])
def test_play_again_and_discard_on_a_right_half_are_errors(icon: str) -> None:
    """001, "Playing Cards" 2 and "Combat Bonuses": play again and discard act on the card
    being played, so on the previous card's half of the Free Key they never mean anything."""
    text = f'@card combat 1U "Jab"\n  left: -\n  right: aggression 1\n  free_right: {icon}\n'
    _, problems = load_text(text)
    assert [p.code for p in problems] == ["TGC503"]
    assert "right half never applies" in str(problems[0].args["detail"])
