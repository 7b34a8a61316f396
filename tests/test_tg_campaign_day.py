"""Tainted Grail's campaign layer, the day: one test per rule id of the spec's Start of
the Day, rounds, actions, arrival, guardians and End of the Day, named after it. The map
is tests/campaign_helpers.py's; answers a rule needs come from a scripted ``decide``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.campaign_helpers import compile_map
from tgc.bundle import schema as s
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError, Question
from tgc.rulesets.tainted_grail.campaign.actions import take as take_action
from tgc.rulesets.tainted_grail.campaign.world import Guardian, Menhir
from tgc.runtime import Book
from tgc.runtime.state import party_problem


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("map"))


class Answers:
    """A scripted ``decide``: the answers in order, and the questions asked."""

    def __init__(self, *answers: str) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.asked: list[Question] = []

    def __call__(self, question: Question) -> str:
        self.asked.append(question)
        return next(self.answers)


def started(book: Book, party: list[str], *answers: str) -> Campaign:
    campaign = Campaign(book, party, decide=Answers(*answers))
    campaign.start_of_day()
    return campaign


def read_all(campaign: Campaign) -> None:
    while (story := campaign.next_reading()) is not None:
        campaign.run(story)
        campaign.finish(story)


def night(campaign: Campaign, **eat: bool) -> None:
    for name in campaign.world.order():
        if name not in campaign.world.passed:
            campaign.pass_(name)
    campaign.end_of_day(eat=eat or None)
    read_all(campaign)
    campaign.dawn()


def energy(campaign: Campaign, name: str) -> int:
    return campaign.character(name).tracks["energy"]


# ---------------------------------------------------------------- Start of the Day


def test_sod_0_day_one_begins_with_a_start_of_the_day(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    happened = campaign.start_of_day()
    assert [h.rule for h in happened][:2] == ["SOD-0", "SOD-3"]
    assert campaign.state.day == 1 and campaign.world.phase == "day"
    with pytest.raises(CampaignError, match="already started"):
        campaign.start_of_day()


def test_sod_0_once_per_day_actions_come_back_the_next_day(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.travel(["Ailei"], "right")
    story = campaign.act(["Ailei"], "Barter")
    campaign.run(story)
    campaign.finish(story)
    with pytest.raises(CampaignError, match="once per day"):
        campaign.act(["Ailei"], "Barter")
    night(campaign)
    campaign.start_of_day()
    story = campaign.act(["Ailei"], "barter")
    assert campaign.run(story)[-1].__class__.__name__ == "ExplorationEnded"


def test_sod_1_a_menhir_without_a_dial_goes_dark(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.world.menhirs.append(Menhir(108, None))
    happened = campaign.start_of_day()
    assert [m.card for m in campaign.world.menhirs] == [101]
    assert any(h.rule == "SOD-1" and "108" in h.text for h in happened)


def test_sod_2_cards_out_of_range_are_discarded_and_who_stood_there_moves(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.table.attach(111)
    campaign.world.positions["Beor"] = 111
    night(campaign)
    happened = campaign.start_of_day()
    assert 111 not in campaign.state.in_play and 111 in campaign.table.deck()
    beor = campaign.character("Beor")
    assert campaign.world.positions["Beor"] == 104  # nearest remaining: (0,-1)
    assert beor.tracks["terror"] == 2
    assert [h.rule for h in happened if h.rule in ("SOD-2", "MEN-9")] == ["SOD-2", "SOD-2", "MEN-9"]


def test_sod_2_the_displaced_arrive_as_a_party_with_its_instant_rule(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.world.menhirs[:] = [Menhir(105, 3)]
    campaign.world.positions.update(Ailei=104, Beor=104)
    night(campaign)
    campaign.start_of_day()
    # 104 (0,-1) is 2 from 105 (0,1): discarded; the nearest remaining card is 101.
    assert campaign.world.positions == {"Ailei": 101, "Beor": 101}
    campaign.world.positions.update(Ailei=111, Beor=111)
    campaign.state.in_play.add(111)
    campaign.world.menhirs[:] = [Menhir(108, 3)]
    night(campaign)
    campaign.start_of_day()
    assert campaign.world.positions == {"Ailei": 105, "Beor": 105}
    assert [r.hook for r in campaign.readings] == ["instant"]
    assert campaign.readings[0].members == ("Ailei", "Beor")


def test_men_8_with_no_menhir_lit_everyone_suffers_and_nothing_is_discarded(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.world.menhirs.clear()
    placed = set(campaign.state.in_play)
    night(campaign, Ailei=True)  # eats: Health 7 (capped), Terror 0
    happened = campaign.start_of_day()
    ailei = campaign.character("Ailei")
    assert (ailei.tracks["health"], ailei.tracks["terror"]) == (5, 2)
    assert campaign.state.in_play == placed
    assert happened[1].rule == "MEN-8"


def test_men_9_wyrdness_displacement_hurts_then_moves(book: Book) -> None:
    campaign = started(book, ["Beor"])
    campaign.table.attach(111)
    campaign.world.positions["Beor"] = 111
    night(campaign, Beor=True)
    campaign.start_of_day()
    beor = campaign.character("Beor")
    assert (beor.tracks["health"], beor.tracks["terror"]) == (7, 2)
    assert campaign.world.positions["Beor"] == 104


def test_sod_3_active_dials_drop_by_one(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    campaign.world.menhirs.append(Menhir(108, 1))
    happened = campaign.start_of_day()
    assert campaign.world.menhirs == [Menhir(101, 6), Menhir(108, None)]
    assert [h.text for h in happened if h.rule == "SOD-3"][1].endswith("goes dark tomorrow")


def test_sod_4_time_dials_and_time_tokens(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.world.time_dials.update({"Siege": 2, "Flood": 1})
    campaign.world.quest_tokens[101] = 2
    campaign.world.time_tokens.update({101: 2, 104: 1})
    campaign.start_of_day()
    assert campaign.world.time_dials == {"Siege": 1}
    assert campaign.world.time_tokens == {101: 1}
    assert campaign.world.quest_tokens == {101: 2}  # EVT-10: quest tokens never tick


def test_a10_a_discarded_card_loses_its_time_tokens_and_keeps_its_quest_tokens(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.table.attach(111)
    campaign.world.time_tokens[111] = 3
    campaign.world.quest_tokens[111] = 1
    campaign.start_of_day()
    assert 111 not in campaign.world.time_tokens and 111 not in campaign.world.quest_tokens
    campaign.table.attach(111)
    assert campaign.world.quest_tokens[111] == 1


# ---------------------------------------------------------------- guardians


def test_sod_6_guardians_roll_in_placement_order(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"], decide=Answers("nothing", "nothing"))
    campaign.world.guardians = [Guardian("Mist Hound", 104), Guardian("Mist Hound", 102)]
    campaign.start_of_day()
    asked = campaign.decide.asked  # type: ignore[attr-defined]
    assert [q.about for q in asked] == ['"Mist Hound" on 104', '"Mist Hound" on 102']


def test_grd_2_the_die_moves_stays_or_discards(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"], decide=Answers("left", "nothing", "discard"))
    campaign.world.guardians = [Guardian("Mist Hound", 104), Guardian("Mist Hound", 102),
                                Guardian("Mist Hound", 103)]
    campaign.table.attach(107)
    campaign.start_of_day()
    assert [(g.card) for g in campaign.world.guardians] == [107, 102]


def test_grd_3_a_blocked_move_goes_to_the_highest_connected_card(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"], decide=Answers("right"))
    campaign.world.guardians = [Guardian("Mist Hound", 105)]
    campaign.table.attach(110)
    campaign.world.positions["Ailei"] = 102
    happened = campaign.start_of_day()
    # 106 (right of 105) is not placed: the highest placed card joined to 105 is 110.
    assert campaign.world.guardians[0].card == 110
    assert any(h.rule == "GRD-3" for h in happened)


def test_a17_a_guardian_with_no_connected_card_stays(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"], decide=Answers("up"))
    campaign.state.in_play.add(111)
    campaign.world.menhirs[:] = [Menhir(104, 4)]
    campaign.state.in_play.discard(104)
    campaign.world.guardians = [Guardian("Mist Hound", 111)]
    campaign.world.positions["Ailei"] = 101
    campaign.world.menhirs[:] = [Menhir(111, 4), Menhir(101, 4)]
    campaign.start_of_day()
    assert campaign.world.guardians[0].card == 111


def test_grd_4_a_guardian_that_stays_attacks_who_is_there(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"], decide=Answers("nothing", "lose"))
    campaign.world.guardians = [Guardian("Mist Hound", 101)]
    happened = campaign.start_of_day()
    fight = next(h for h in happened if h.rule == "ARR-2")
    assert fight.text == 'Ailei and Beor fight "Mist Hound": lose'
    assert campaign.world.guardians == [Guardian("Mist Hound", 101)]


def test_grd_5_a_guardian_moving_onto_characters_fights_them(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"], decide=Answers("down", "win"))
    campaign.world.guardians = [Guardian("Mist Hound", 105)]
    campaign.start_of_day()
    assert campaign.world.guardians == []  # GRD-7: defeated


def test_arr_2_grd_6_arriving_on_a_guardian_fights_it_before_the_instant_rule(book: Book) -> None:
    campaign = started(book, ["Ailei"], "lose")
    campaign.world.guardians = [Guardian("Mist Hound", 105)]
    happened = campaign.travel(["Ailei"], "up")
    rules = [h.rule for h in happened]
    assert rules.index("ARR-2") < rules.index("ARR-3")


def test_grd_7_a_defeated_guardian_leaves_the_map(book: Book) -> None:
    campaign = started(book, ["Ailei"], "win")
    campaign.world.guardians = [Guardian("Mist Hound", 105)]
    happened = campaign.travel(["Ailei"], "up")
    assert campaign.world.guardians == [] and any(h.rule == "GRD-7" for h in happened)


def test_grd_8_guardians_on_a_discarded_card_go_back_to_their_deck(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.table.attach(111)
    campaign.world.guardians = [Guardian("Mist Hound", 111)]
    happened = campaign.start_of_day()
    assert campaign.world.guardians == [] and any(h.rule == "GRD-8" for h in happened)


def test_grd_1_an_undefeated_guardian_encounter_stays_on_the_card(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.travel(["Ailei"], "up")
    read_all(campaign)
    story = campaign.explore(["Ailei"])
    campaign.run(story)
    story.resolve("lose")
    happened = campaign.run(story)
    campaign.finish(story)
    assert campaign.world.guardians == [Guardian("Mist Hound", 105)]
    assert any(getattr(h, "rule", "") == "GRD-1" for h in happened)


# ---------------------------------------------------------------- rounds and actions


def test_trn_1_every_character_takes_one_turn_per_round(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.travel(["Ailei"], "up")
    read_all(campaign)
    with pytest.raises(CampaignError, match="taken a turn this round"):
        campaign.travel(["Ailei"], "down")
    campaign.travel(["Beor"], "down")  # the round is over: Ailei may act again
    campaign.travel(["Ailei"], "down")


def test_trn_2_any_order_the_players_agree_on(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.travel(["Beor"], "left")  # Beor (4) before Ailei (1)
    assert campaign.world.turned == {"Beor"}


def test_trn_3_a_party_action_is_every_members_turn(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.travel(["Ailei", "Beor"], "left")
    assert campaign.world.turned == set()  # both turned: a new round


def test_trn_4_passing_is_final_for_the_day(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.pass_("Ailei")
    with pytest.raises(CampaignError, match="passed today"):
        campaign.travel(["Ailei", "Beor"], "left")
    campaign.travel(["Beor"], "left")
    campaign.travel(["Beor"], "right")  # Ailei passed: Beor's rounds go on alone


def test_trn_5_the_day_ends_when_everyone_passed_or_has_no_energy(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.pass_("Ailei")
    with pytest.raises(CampaignError, match="Beor may still act"):
        campaign.end_of_day()
    campaign.character("Beor").set_track("energy", 0)
    assert campaign.day_over()
    campaign.end_of_day()


def test_trn_6_no_action_while_a_reading_is_under_way(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.travel(["Ailei"], "up")
    with pytest.raises(CampaignError, match="journal reading is under way"):
        campaign.travel(["Beor"], "left")


def test_act_2_explore_costs_one_energy_per_member(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    story = campaign.explore(["Ailei", "Beor"])
    campaign.run(story)
    campaign.finish(story)
    assert (energy(campaign, "Ailei"), energy(campaign, "Beor")) == (4, 5)
    food = [campaign.character(n).resources["food"] for n in ("Ailei", "Beor")]
    assert sum(food) == 4  # the gain of 1 Food is shared: 2 + 1 + 1


def test_act_3_travel_is_orthogonal_and_needs_a_key(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    with pytest.raises(CampaignError, match="not on the table"):
        campaign.travel(["Ailei"], 110)
    campaign.table.attach(110)
    with pytest.raises(CampaignError, match="not joined by a key"):
        campaign.travel(["Ailei"], 110)  # diagonal
    campaign.travel(["Ailei"], 104)
    assert campaign.world.positions["Ailei"] == 104 and energy(campaign, "Ailei") == 4


def test_act_4_a_location_action_is_paid_once_and_taken_once_per_day_per_card(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.travel(["Ailei", "Beor"], "right")
    story = campaign.act(["Ailei", "Beor"], "Barter")
    campaign.run(story)
    campaign.finish(story)
    assert energy(campaign, "Ailei") + energy(campaign, "Beor") == 4 + 5 - 1
    with pytest.raises(CampaignError, match="once per day"):
        campaign.act(["Beor"], "Barter")  # per card, whoever took it


def test_act_6_a_menhir_is_inspected_only_on_a_menhir_seal(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    story = campaign.inspect(["Ailei"])
    assert [type(e).__name__ for e in campaign.run(story)][0] == "VerseEntered"
    campaign.finish(story)
    assert energy(campaign, "Ailei") == 5  # free
    campaign.travel(["Beor"], "left")
    with pytest.raises(CampaignError, match="no menhir to inspect"):
        campaign.inspect(["Beor"])


def test_act_7_passing_is_free(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.pass_("Ailei")
    assert energy(campaign, "Ailei") == 5 and campaign.world.passed == {"Ailei"}


def test_men_5_a_menhir_is_lit_only_on_a_menhir_seal(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    with pytest.raises(CampaignError, match="no menhir seal"):
        campaign.activate_menhir(104, 3)
    campaign.activate_menhir(108, (6, 5, 4, 3))
    assert campaign.world.menhir_on(108) == Menhir(108, 6)


def test_men_6_activation_costs_are_per_player_paid_by_those_present(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])  # two players: 1 magic per player is 2
    costs = [s.Cost(amount=1, resource="magic")]
    campaign.activate_menhir(108, (6, 5, 4, 3), ["Ailei"], costs)
    assert campaign.character("Ailei").resources["magic"] == 0
    assert campaign.character("Beor").resources["magic"] == 2
    assert campaign.world.menhir_on(108) == Menhir(108, 5)
    with pytest.raises(CampaignError, match="costs 2 magic"):
        campaign.activate_menhir(108, 4, ["Ailei"], costs)


def test_men_7_feeding_a_lit_menhir_sets_its_dial(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.world.menhirs[0].dial = None
    happened = campaign.activate_menhir(101, 3)
    assert campaign.world.menhirs == [Menhir(101, 3)] and happened.rule == "MEN-7"


def test_arr_1_arriving_reveals_the_keyed_cards_in_range(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    happened = campaign.travel(["Ailei"], "up")
    assert {110, 106} <= campaign.state.in_play and 108 not in campaign.state.in_play
    assert [h.rule for h in happened].count("ARR-1") == 3


def test_a24_lighting_a_menhir_reveals_nothing_until_someone_arrives(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.activate_menhir(108, 4)
    assert 108 not in campaign.state.in_play
    campaign.travel(["Ailei"], "up")
    assert 108 in campaign.state.in_play


def test_arr_3_the_instant_rule_is_read_on_arrival(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.travel(["Ailei", "Beor"], "up")
    story = campaign.next_reading()
    assert story is not None
    campaign.run(story)
    campaign.finish(story)
    assert campaign.character("Ailei").tracks["terror"] == campaign.character("Beor").tracks["terror"] == 1


def test_mov_1_move_to_is_a_special_movement_with_the_arrival(book: Book) -> None:
    campaign = started(book, ["Ailei"], "lose")
    campaign.travel(["Ailei"], "up")
    read_all(campaign)
    campaign.activate_menhir(108, 4)
    campaign.table.attach(108)
    campaign.world.turned.clear()
    campaign.travel(["Ailei"], "up")
    campaign.world.guardians = [Guardian("Mist Hound", 105)]
    campaign.world.turned.clear()
    before = energy(campaign, "Ailei")
    story = campaign.explore(["Ailei"])  # 108's exploration moves the party to 105
    happened = campaign.run(story)
    campaign.finish(story)
    assert campaign.world.positions["Ailei"] == 105
    assert energy(campaign, "Ailei") == before - 1  # the explore, not the move
    rules = [getattr(h, "rule", "") for h in happened]
    assert "MOV-1" in rules and "ARR-2" in rules
    assert 111 not in campaign.state.in_play  # no reveal beyond range


def test_pty_1_a_party_stands_on_one_card(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.travel(["Beor"], "left")
    with pytest.raises(CampaignError, match="a party stands on one card"):
        campaign.explore(["Ailei", "Beor"])


def test_pty_3_a_member_pays_anothers_share(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.character("Ailei").set_track("energy", 0)
    campaign.travel(["Ailei", "Beor"], "up", payer={"Beor": 2})
    assert campaign.world.positions == {"Ailei": 105, "Beor": 105}
    assert (energy(campaign, "Ailei"), energy(campaign, "Beor")) == (0, 4)


def test_pty_4_a_member_who_cannot_pay_drops_out(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.character("Ailei").set_track("energy", 0)
    happened = campaign.travel(["Ailei", "Beor"], "left")
    assert campaign.world.positions == {"Ailei": 101, "Beor": 102}
    assert happened[0].rule == "PTY-4"


def test_pty_2_a_member_who_does_not_want_the_action_stays_out(book: Book) -> None:
    """The party is who the command names, all of them approving: a character on the card
    left out of it is not in the party, neither pays nor moves, and acts on their own."""
    campaign = started(book, ["Ailei", "Beor"])
    before = energy(campaign, "Beor")
    campaign.travel(["Ailei"], "left")
    assert campaign.world.positions == {"Ailei": 102, "Beor": 101}
    assert energy(campaign, "Beor") == before and energy(campaign, "Ailei") == 4
    read_all(campaign)
    campaign.travel(["Beor"], "right")
    assert campaign.world.positions == {"Ailei": 102, "Beor": 103}


def test_res_3_food_changes_hands_on_one_card(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    for name in ("Ailei", "Beor"):
        campaign.pass_(name)
    campaign.end_of_day(give=[("Ailei", 1, "Beor")])
    assert campaign.character("Beor").resources["food"] == 1  # 1 + 1 given - 1 eaten


# ---------------------------------------------------------------- End of the Day


def test_eod_1_eating_heals_and_calms_fasting_drains_energy(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    ailei, beor = campaign.character("Ailei"), campaign.character("Beor")
    ailei.set_track("health", 5)
    ailei.set_track("terror", 3)
    for name in ("Ailei", "Beor"):
        campaign.pass_(name)
    campaign.end_of_day(eat={"Ailei": True, "Beor": False})
    assert (ailei.tracks["health"], ailei.tracks["terror"], ailei.resources["food"]) == (6, 2, 1)
    assert beor.resources["food"] == 1 and beor.tracks["energy"] == 4  # 0, then +4 (EOD-2)


def test_eod_1_fasting_at_no_energy_costs_health(book: Book) -> None:
    campaign = started(book, ["Beor"])
    beor = campaign.character("Beor")
    beor.set_track("energy", 0)
    campaign.end_of_day(eat={"Beor": False})
    assert beor.tracks["health"] == 8


def test_eod_2_energy_returns_to_its_starting_slot_but_never_above_health(book: Book) -> None:
    campaign = started(book, ["Beor"])
    beor = campaign.character("Beor")
    beor.set_track("energy", 8)  # A36: above the starting slot, it goes back down
    campaign.pass_("Beor")
    campaign.end_of_day()
    assert beor.tracks["energy"] == 6
    beor.set_track("health", 3)
    assert beor.tracks["energy"] == 3


def test_trk_3_an_exhausted_character_regains_only_four(book: Book) -> None:
    campaign = started(book, ["Beor"])
    beor = campaign.character("Beor")
    beor.set_track("energy", 1)
    campaign.pass_("Beor")
    campaign.end_of_day()
    assert beor.tracks["energy"] == 5  # 1 + 4, under the starting 6


def test_eod_5_a_dream_is_read_once_per_card_by_the_party_there(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    for name in ("Ailei", "Beor"):
        campaign.pass_(name)
    campaign.end_of_day()
    assert [(r.card, r.hook, r.members) for r in campaign.readings] == [(101, "dream", ("Ailei", "Beor"))]
    read_all(campaign)
    exp = [campaign.character(n).resources["exp"] for n in ("Ailei", "Beor")]
    assert sum(exp) == 1  # once, shared


def test_trk_6_a_character_going_insane_reads_the_nightmare(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.character("Beor").set_track("terror", 9)
    for name in ("Ailei", "Beor"):
        campaign.pass_(name)
    campaign.end_of_day(eat={"Ailei": False, "Beor": False})
    assert [(r.hook, r.members) for r in campaign.readings] == [
        ("dream", ("Ailei",)), ("nightmare", ("Beor",))]


def test_eod_5_no_dream_on_a_card_without_the_dreams_seal(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.travel(["Ailei"], "left")
    campaign.pass_("Ailei")
    campaign.end_of_day()
    assert not campaign.readings


def test_eod_6_the_next_day_starts_after_the_night(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.pass_("Ailei")
    campaign.end_of_day()
    with pytest.raises(CampaignError, match="night is not over"):
        campaign.dawn()
    read_all(campaign)
    assert campaign.dawn().text == "day 2 dawns"
    with pytest.raises(CampaignError, match="Start of the Day comes first"):
        campaign.travel(["Ailei"], "up")


# ---------------------------------------------------------------- the journal's campaign effects


def at_the_tor(book: Book, party: list[str]) -> Campaign:
    campaign = started(book, party)
    campaign.table.attach(108)
    campaign.world.positions.update({n: 108 for n in party})
    return campaign


def test_men_5_the_menhir_section_lights_the_menhir(book: Book) -> None:
    campaign = at_the_tor(book, ["Ailei", "Beor"])
    story = campaign.inspect(["Ailei", "Beor"])
    campaign.run(story)
    story.choose(0)  # Kindle it: 1 Magic per player, 2 players
    happened = campaign.run(story)
    campaign.finish(story)
    assert campaign.world.menhir_on(108) == Menhir(108, 5)
    assert sum(campaign.character(n).resources["magic"] for n in ("Ailei", "Beor")) == 2
    assert "MEN-5" in [getattr(h, "rule", "") for h in happened]


def test_men_6_a_per_player_cost_in_a_guard_needs_the_whole_amount(book: Book) -> None:
    campaign = at_the_tor(book, ["Ailei", "Beor"])
    for name in ("Ailei", "Beor"):
        campaign.character(name).resources["magic"] = 0
    campaign.character("Ailei").resources["magic"] = 1
    story = campaign.inspect(["Ailei"])
    events = campaign.run(story)
    offered = events[-1]
    assert [o.text for o in offered.choices] == ["Leave it"]  # type: ignore[attr-defined]
    assert offered.locked[0].reason == "costs 2 magic (the party has 1)"  # type: ignore[attr-defined]


def test_men_7_feeding_the_menhir_from_its_section(book: Book) -> None:
    campaign = at_the_tor(book, ["Ailei"])
    campaign.world.menhirs.append(Menhir(108, 2))
    story = campaign.inspect(["Ailei"])
    campaign.run(story)
    story.choose(0)  # Feed it: the dial is below 3
    campaign.run(story)
    campaign.finish(story)
    assert campaign.world.menhir_on(108) == Menhir(108, 6)


def test_evt_12_time_tokens_lie_on_the_card_of_the_reading(book: Book) -> None:
    campaign = at_the_tor(book, ["Ailei"])
    story = campaign.inspect(["Ailei"])
    campaign.run(story)
    story.choose(0)
    campaign.run(story)
    campaign.finish(story)
    assert campaign.world.time_tokens == {108: 1}


def test_grd_1_a_journal_places_a_guardian_and_reads_the_menhir_count(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.table.attach(111)
    campaign.world.positions["Ailei"] = 111
    campaign.world.menhirs.append(Menhir(104, 2))
    story = campaign.explore(["Ailei"])
    campaign.run(story)
    campaign.finish(story)
    assert campaign.world.guardians == [Guardian("Mist Hound", 111)]
    assert campaign.character("Ailei").resources["wealth"] == 4  # menhirs >= 2 held


# ---------------------------------------------------------------- setup, cards, saves


def test_SET_1_one_to_four_players_each_with_one_character(book: Book) -> None:
    """A campaign is for 1 to 4 players, each with exactly one character, none twice."""
    assert party_problem(book.bundle, ["Ailei", "Beor"]) is None
    assert "named twice" in (party_problem(book.bundle, ["Ailei", "ailei"]) or "")
    assert "this campaign is for 1-4 players" in (
        party_problem(book.bundle, ["Ailei", "Beor", "Ailei", "Beor", "Ailei"]) or "")
    campaign = Campaign(book, ["Ailei", "Beor"])
    assert campaign.state.players == 2 and sorted(campaign.world.positions) == ["Ailei", "Beor"]


def test_SET_4_each_character_starts_with_the_tiles_values(book: Book) -> None:
    """Tracks on their starting slots, the tile's resources, and (with no decks declared
    on this map) empty starter decks and pools, as the rule data says."""
    beor = Campaign(book, ["Beor"]).character("Beor")
    assert (beor.tracks["health"], beor.tracks["energy"], beor.tracks["terror"]) == (9, 6, 0)
    assert (beor.resources["food"], beor.resources["wealth"], beor.resources["magic"]) == (1, 3, 2)


def test_CRD_4_a_card_removed_from_the_game_never_returns(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    campaign.table.discard(104)
    campaign.state.removed.add(104)  # a journal's `remove location 104`
    assert 104 not in campaign.table.deck() and not campaign.table.attach(104)
    campaign.travel(["Ailei"], "left")
    campaign.travel(["Ailei"], "right")  # arriving on 101 reveals its keys, 104 not among them
    assert 104 not in campaign.state.in_play


def test_GRD_9_any_number_of_guardians_may_be_placed(book: Book) -> None:
    """No models limit them: the same encounter may roam three cards at once."""
    campaign = started(book, ["Ailei"])
    for card in (105, 102, 103):
        campaign.place_guardian("Mist Hound", card)
    assert [(g.name, g.card) for g in campaign.world.guardians] == [
        ("Mist Hound", 105), ("Mist Hound", 102), ("Mist Hound", 103)]


def test_ACT_5_a_character_action_is_its_owners_turn(book: Book) -> None:
    """Beor's tile: pay 2 Energy and 1 Magic, gain 2 Food; only Beor takes it, as his turn."""
    campaign = started(book, ["Ailei", "Beor"])
    said = [str(h) for h in take_action(campaign, "Beor")]
    beor = campaign.character("Beor")
    assert said[0] == "[ACT-5] Beor takes their Character Action (Energy paid: Beor 2)"
    assert (beor.tracks["energy"], beor.resources["magic"], beor.resources["food"]) == (4, 1, 3)
    with pytest.raises(CampaignError, match="taken a turn this round"):
        take_action(campaign, "Beor")
    with pytest.raises(CampaignError, match="Ailei's tile has no Character Action"):
        take_action(campaign, "Ailei")


def test_ACT_5_PTY_3_others_pay_its_energy_but_the_owner_pays_one(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    with pytest.raises(CampaignError, match=r"Beor pays at least 1 Energy .* \(ACT-5\)"):
        take_action(campaign, "Beor", {"Ailei": 2})
    with pytest.raises(CampaignError, match="costs 2 Energy, and the payers give 1"):
        take_action(campaign, "Beor", {"Beor": 1})
    take_action(campaign, "Beor", {"Ailei": 1, "Beor": 1})
    assert (energy(campaign, "Ailei"), energy(campaign, "Beor")) == (4, 5)
    campaign.travel(["Ailei"], "left")
    with pytest.raises(CampaignError, match="Ailei is not on 101"):
        take_action(campaign, "Beor", {"Ailei": 1, "Beor": 1})
