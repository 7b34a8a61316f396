"""Character Advancement (issue 9, point 11; 000, "Character advancement"): Exp spent on
attribute points by the pair's cost table, on cards from the Advancement Pool, Skills
from the 3rd point, the 15-card deck minimum; in `tgc play` (`:advance`), saves and
`tgc sim --state`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.test_tg_ruleset import _sample
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.rulesets.tainted_grail.engines import advancement as adv
from tgc.rulesets.tainted_grail.engines.ruleset import TaintedGrailRuleset
from tgc.rulesets.tainted_grail.records import Rules
from tgc.runtime.book import Book
from tgc.runtime.save import dump_save, parse_save
from tgc.runtime.state import Character, new_state


def beor(exp: int = 0, **attributes: int) -> Character:
    bundle, _ = _sample()
    member = new_state(bundle, ["Beor"]).party[0]
    member.resources["exp"] = exp
    member.attributes.update(attributes)
    return member


def rules() -> Rules:
    return _sample()[1]


def test_ADV_3_attribute_points_cost_by_the_total_of_their_pair() -> None:
    """000, "Advancing attributes": 2, 4, 6, 8 Exp for the 1st to 4th point of an opposed
    pair, 10 for the 5th and later; with 2 and 4 in a pair the next point is the pair's 7th
    (the example's garbled figure; its "(the total would be 7)" fixes it at 10)."""
    assert [adv.attribute_cost(beor(aggression=n, empathy=0), "aggression")
            for n in range(7)] == [2, 4, 6, 8, 10, 10, 10]
    assert adv.attribute_cost(beor(aggression=2, empathy=4), "aggression") == 10
    assert adv.attribute_cost(beor(aggression=2, empathy=4), "empathy") == 10
    assert adv.attribute_cost(beor(courage=0, caution=1), "courage") == 4
    member = beor(exp=7, courage=1, caution=0)
    assert adv.raise_attribute(member, "courage", rules()) == "Beor: courage 2 for 4 Exp"
    assert member.attributes["courage"] == 2 and member.resources["exp"] == 3
    with pytest.raises(adv.AdvanceError, match="has 3 Exp; caution 1 costs 6"):
        adv.raise_attribute(member, "caution", rules())


def test_ADV_2_a_card_costs_two_exp_for_the_top_three_of_the_pool_keep_one() -> None:
    """000, "Advancing Combat or Diplomacy decks": pay 2 Exp, take three cards off the
    Advancement Pool, add one to the deck and shuffle the other two back."""
    member = beor(exp=5)
    pool = list(adv.pile(member, "combat_pool", rules()))
    drawn = adv.draw_cards(member, "combat", rules(), random.Random(1))
    assert len(drawn) == 3 and set(drawn) <= set(pool) and member.resources["exp"] == 3
    with pytest.raises(adv.AdvanceError, match="first keeps one"):
        adv.draw_cards(member, "combat", rules(), random.Random(1))
    adv.keep_card(member, drawn[1], rules())
    assert member.piles["combat"][-1] == drawn[1] and len(member.piles["combat"]) == 16
    assert sorted(member.piles["combat_pool"]) == sorted(set(pool) - {drawn[1]})
    assert member.piles["combat_offer"] == []
    assert [c.number for c in adv.deck(member, "combat", rules())][-1] == drawn[1]


def test_ADV_6_a_deck_keeps_at_least_fifteen_cards() -> None:
    """000: "Your Combat and Diplomacy decks should always contain at least 15 cards"; a
    card taken out stays the member's (it never returns to the pool) and can come back."""
    member = beor()
    with pytest.raises(adv.AdvanceError, match="at least 15"):
        adv.set_aside(member, "1U", rules())
    member.piles["combat"].append("16U")
    adv.set_aside(member, "1U", rules())
    assert "1U" not in member.piles["combat"] and member.piles["combat_spare"] == ["1U"]
    adv.put_back(member, "1U", rules())
    assert member.piles["combat_spare"] == [] and "1U" in member.piles["combat"]


def test_ADV_4_the_third_point_of_an_attribute_comes_with_a_skill() -> None:
    """000, "Buying skills": the 3rd and any later point of one attribute is a Skill card
    of it (one side of a double-sided card, the other forfeited; every skill is unique)."""
    skills = {s.name: s for s in (adv.Skill("Iron Will", "courage", "S1"),
                                  adv.Skill("Stone Skin", "courage", "S1"),
                                  adv.Skill("War Cry", "courage", "S2"))}
    member = beor(exp=20, courage=2, caution=0)
    with pytest.raises(adv.AdvanceError, match='a Skill must be chosen .*"Iron Will"'):
        adv.raise_attribute(member, "courage", rules(), skills=skills)
    said = adv.raise_attribute(member, "courage", rules(), skills=skills, skill="iron will")
    assert said == 'Beor: courage 3 for 6 Exp, with the Skill "Iron Will"'
    assert member.piles["skills"] == ["Iron Will"]
    free = adv.available_skills("courage", [member], skills, rules())
    assert [s.name for s in free] == ["War Cry"]  # Stone Skin was the other side


def test_ADV_5_a_third_point_needs_a_free_skill_card() -> None:
    """000, "Buying skills" and "Character attributes": every point from the 3rd on *is*
    a Skill card of the attribute (the tray's markers hold two), so without a free Skill
    card of it there is no 3rd point to buy; `spend` buys something else instead."""
    member = beor(exp=20, courage=2, caution=0)
    with pytest.raises(adv.AdvanceError, match="declares none"):
        adv.raise_attribute(member, "courage", rules())
    taken = {"Iron Will": adv.Skill("Iron Will", "courage", "S1")}
    member.piles["skills"] = ["Iron Will"]
    with pytest.raises(adv.AdvanceError, match="every one the campaign declares is taken"):
        adv.raise_attribute(member, "courage", rules(), skills=taken)
    assert member.attributes["courage"] == 2 and member.resources["exp"] == 20
    poor = beor(exp=6, courage=2, aggression=2, caution=0, empathy=0, practicality=2,
                spirituality=0)
    poor.piles["combat_pool"] = []
    # aggression 3 was the cheapest point of the highest attribute; it needs a Skill card
    assert adv.spend(poor, rules(), random.Random(0)) == ["Beor: empathy 1 for 6 Exp"]


def _session(party: tuple[str, ...]) -> tuple[Session, list[Line]]:
    bundle, _ = _sample()
    lines: list[Line] = []
    session = Session(Book(bundle), lines.append, fights="ask", party=party)
    session.start("none")
    return session, lines


def test_advance_in_tgc_play_changes_the_deck_the_fights_and_the_save_use() -> None:
    """`:advance` spends Exp at the table; the fight then deals from the advanced deck, and
    a save keeps the member's piles."""
    session, lines = _session(("Beor",))
    session.handle(":set exp 6")  # 2 for the cards, 4 for practicality 2 (Beor has no spirituality)
    session.handle(":advance combat")
    drawn = lines[-2].text
    assert drawn.startswith("Beor pays 2 Exp and draws ")
    offered = session.story.state.party[0].piles["combat_offer"]
    session.handle(f":advance keep {offered[0].lower()}")
    kept = session.story.state.party[0].piles["combat"][-1]
    session.handle(":advance practicality")
    state = session.story.state
    assert state.party[0].attributes["practicality"] == 2 and state.party[0].resources["exp"] == 0
    bundle, rules_ = _sample()
    ruleset = TaintedGrailRuleset(rules_, "greedy")
    entering = ruleset.member(state.party[0], state)
    assert entering is not None and entering.combat_deck is not None
    assert entering.combat_deck[-1].number == kept and len(entering.combat_deck) == 16
    again = parse_save(dump_save(state), Book(bundle)).state
    assert again.party[0].piles == state.party[0].piles
    with pytest.raises(SessionError, match="has 0 Exp"):
        session.handle(":advance combat")
    session.handle(":undo")
    assert session.story.state.party[0].attributes["practicality"] == 1


def test_advance_names_the_member_in_a_party() -> None:
    """In a party each character advances on their own tray."""
    session, lines = _session(("Beor", "Ailei"))
    with pytest.raises(SessionError, match="which member advances"):
        session.handle(":advance courage")
    session.handle(":advance")
    assert [line.text.split(":")[0] for line in lines if not line.text.startswith(" ")] == ["Beor", "Ailei"]


def test_spend_follows_its_stated_rule() -> None:
    """The automatic spender (for `tgc sim --advance`): the cheapest purchase, a combat card
    when no dearer, else the highest attribute among the cheapest points."""
    member = beor(exp=6)
    said = adv.spend(member, rules(), random.Random(3))
    assert len(said) == 3 and all(" keeps " in line for line in said)
    assert member.resources["exp"] == 0 and len(member.piles["combat"]) == 18
    member = beor(exp=6)
    member.piles["combat_pool"] = []
    said = adv.spend(member, rules(), random.Random(3))
    # Beor has no empathy or spirituality (0): practicality and spirituality cost 4, and
    # of the cheapest the highest attribute is bought
    assert said == ["Beor: practicality 2 for 4 Exp"]


def test_sim_state_fights_with_the_states_decks(tmp_path: Path) -> None:
    """`tgc sim --state`: "Beor after chapter 1" fights with the deck the state gives."""
    from tgc.rulesets.tainted_grail.engines.bundled import rule_data
    from tgc.rulesets.tainted_grail.engines.simulate import _state, make_setup, members_of
    from tgc.sim.seam import SimError

    bundle, rules_ = _sample()
    deck = [f"{n}U" for n in range(1, 16)] + ["21U"]
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"format": 2, "state": {"party": [
        {"name": "Beor", "resources": {"exp": 0}, "piles": {"combat": deck}}]}}))
    specs = _state(path, bundle)
    setup = make_setup(rule_data(bundle), "Marsh Boar", ["Beor"], specs)
    member = members_of(rules_, setup.party)[0]
    assert member.combat_deck is not None and [c.number for c in member.combat_deck] == deck
    path.write_text(json.dumps({"format": 2, "state": {"party": [
        {"name": "Beor", "piles": {"combat": ["99U"]}}]}}))
    with pytest.raises(SimError, match="no declared card 99U"):
        make_setup(rule_data(bundle), "Marsh Boar", ["Beor"], _state(path, bundle))


def test_sim_advance_spends_the_states_exp_before_the_runs(tmp_path: Path) -> None:
    """`tgc sim --state s.json --advance`: "Beor after chapter 1 with 6 Exp" fights with
    what the stated rule buys (three combat cards for 6 Exp), the same for the same seed."""
    from click.testing import CliRunner

    from tgc.cli.main import cli

    path = tmp_path / "state.json"
    path.write_text(json.dumps({"format": 2, "state": {"party": [
        {"name": "Beor", "resources": {"exp": 6}}]}}))
    args = ["sim", "Marsh Boar", "-C", str(Path(__file__).resolve().parents[1] / "journal_src"),
            "--state", str(path), "-n", "40"]
    plain = CliRunner().invoke(cli, args)
    advanced = CliRunner().invoke(cli, [*args, "--advance"])
    assert plain.exit_code == 0 and advanced.exit_code == 0, advanced.output
    bought = [line for line in advanced.output.splitlines() if line.startswith("advance: ")]
    assert len(bought) == 3 and all(" keeps " in line for line in bought)
    assert advanced.output.split("\n", 3)[3] != plain.output
    assert CliRunner().invoke(cli, [*args, "--advance"]).output == advanced.output
