"""Tainted Grail's campaign layer, the world model: one test per rule id of the spec
(shared/rules/tainted-grail-campaign.md) that the map, the menhirs and the table answer,
named after it. The map is tests/campaign_helpers.py's."""

from __future__ import annotations

import copy
from dataclasses import fields

import pytest

from tests.campaign_helpers import MAP, compile_map
from tgc.rulesets.tainted_grail.campaign import Campaign, map_of
from tgc.rulesets.tainted_grail.campaign.events import Piles
from tgc.rulesets.tainted_grail.campaign.world import Guardian, Menhir
from tgc.rulesets.tainted_grail.geometry import cheb, d2
from tgc.runtime import Book


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("map"))


def test_map_1_cells_follow_the_keys_from_the_start(book: Book) -> None:
    cells = map_of(book.bundle).cells
    assert cells[101] == (0, 0)
    assert (cells[105], cells[104], cells[102], cells[103]) == ((0, 1), (0, -1), (-1, 0), (1, 0))
    assert cells[108] == (0, 2) and cells[111] == (0, -2) and cells[110] == (-1, 1)


def test_map_1_a_replacement_card_takes_its_legacy_cards_cell(book: Book) -> None:
    geo = map_of(book.bundle)
    assert geo.cells[113] == geo.cells[103] == (1, 0)
    assert geo.family(113) == (103, 113)
    assert geo.conflicts == ()


def test_map_1_two_families_claiming_one_cell_are_a_conflict(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # 111 also keyed right of 107, whose right cell is 104's (0,-1).
    text = MAP.replace('@location 107 "Chapel"\n  keys: up 102, right 104',
                       '@location 107 "Chapel"\n  keys: up 102, right 104, down 111')
    geo = map_of(compile_map(tmp_path, text).bundle)
    assert [(c.cell, c.first, c.second) for c in geo.conflicts] == [((-1, -2), 111, 111)]


def test_map_2_only_keyed_neighbours_are_connected(book: Book) -> None:
    geo = map_of(book.bundle)
    assert geo.connected(101, 105) and geo.connected(105, 101)
    assert not geo.connected(110, 108)  # not side by side
    assert not geo.connected(101, 110)  # diagonal
    # 106 (1,1) and 103 (1,0): 106's down key names 103, so travel crosses.
    assert geo.connected(106, 103)


def test_map_2_a_key_on_one_edge_connects_both_ways(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = MAP.replace('@location 109 "Stair"\n  keys: up 103, left 104',
                       '@location 109 "Stair"\n  keys: up 103')  # 104 still keys right 109 (A23)
    geo = map_of(compile_map(tmp_path, text).bundle)
    assert geo.connected(109, 104) and geo.connected(104, 109)


def test_map_3_range_is_one_cell_with_diagonals(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    table = campaign.table
    assert table.in_range((0, 0)) and table.in_range((-1, 1)) and table.in_range((1, -1))
    assert not table.in_range((0, 2)) and not table.in_range((0, -2))
    assert cheb((0, 0), (1, 1)) == 1 and d2((0, 0), (1, 1)) == 2


def test_map_4_attaching_fills_an_empty_cell_only(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    assert campaign.table.attach(106)
    assert 106 in campaign.state.in_play
    # 113 belongs in 103's cell, which 103 holds.
    assert not campaign.table.attach(113)
    assert 113 not in campaign.state.in_play


def test_map_5_a_key_naming_a_removed_card_attaches_its_replacement(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    state = campaign.state
    state.in_play.discard(103)
    state.removed.add(103)  # replaced and gone
    assert campaign.geo.current(103, state.removed) == 113
    assert campaign.geo.names(103, 113)
    assert campaign.table.reveal_around(101)[0].text.startswith("113 Ash Orchard is revealed right")
    assert 113 in state.in_play


def test_map_6_replacing_keeps_the_characters_on_the_card(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.start_of_day()
    campaign.travel(["Ailei"], "right")
    campaign.world.turned.clear()
    story = campaign.explore(["Ailei"])
    campaign.run(story)
    campaign.finish(story)
    campaign.world.turned.clear()
    campaign.travel(["Ailei"], "left")
    campaign.world.turned.clear()
    campaign.travel(["Ailei"], "left")  # to 102, whose exploration replaces 103 with 113
    campaign.world.turned.clear()
    story = campaign.explore(["Ailei"])
    campaign.run(story)
    campaign.finish(story)
    assert 113 in campaign.state.in_play and 103 in campaign.state.removed
    assert campaign.geo.cells[113] == (1, 0)


def test_map_6_a_character_on_a_replaced_card_stands_on_the_new_one(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    campaign.start_of_day()
    campaign.travel(["Beor"], "right")
    campaign.travel(["Ailei"], "left")
    story = campaign.explore(["Ailei"])
    campaign.run(story)
    happened = campaign.finish(story)
    assert campaign.world.positions["Beor"] == 113
    assert [h.rule for h in happened] == ["MAP-6"]


def test_map_7_crd_1_a_discarded_card_goes_back_to_the_deck_not_out_of_the_game(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.table.discard(104)
    assert 104 in campaign.table.deck() and 104 not in campaign.state.removed
    assert campaign.table.attach(104)


def test_map_8_the_location_deck_is_every_card_neither_placed_nor_removed(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    assert campaign.table.deck() == [106, 107, 108, 109, 110, 111, 113]
    campaign.state.removed.add(111)
    assert 111 not in campaign.table.deck()


def test_set_5_the_start_card_its_menhir_and_its_four_neighbours(book: Book) -> None:
    for players, dial in ((["Ailei"], 8), (["Ailei", "Beor"], 7)):
        campaign = Campaign(book, players)
        assert campaign.world.menhirs == [Menhir(101, dial)]
        assert sorted(campaign.state.in_play) == [101, 102, 103, 104, 105]
        assert set(campaign.world.positions.values()) == {101}


def test_set_5_dials_for_three_and_four_players(book: Book) -> None:
    three = Campaign(book, ["Ailei", "Beor", "Tamsin"])
    four = Campaign(book, ["Ailei", "Beor", "Tamsin", "Oswin"])
    assert three.world.menhirs[0].dial == 6 and four.world.menhirs[0].dial == 5


def test_set_8_character_numbers_order_the_table(book: Book) -> None:
    campaign = Campaign(book, ["Beor", "Ailei"])
    assert campaign.world.order() == ["Ailei", "Beor"]


def test_men_1_a_menhir_without_a_dial_is_still_active_today(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.world.menhirs[0].dial = 1
    campaign.start_of_day()
    assert campaign.world.menhirs == [Menhir(101, None)]
    assert campaign.table.in_range((1, 1))


def test_men_2_a_dial_counts_the_days_left(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.start_of_day()
    assert campaign.world.menhirs[0].dial == 7  # solo: 8 at setup, 7 on day 1 (A1)


def test_men_3_a_solo_starting_menhir_goes_dark_at_the_start_of_day_9(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dark_on = None
    for day in range(1, 11):
        campaign.start_of_day()
        if not campaign.world.menhirs and dark_on is None:
            dark_on = day
        for name in campaign.world.order():
            campaign.pass_(name)
        campaign.end_of_day(eat={"Ailei": False})
        while (story := campaign.next_reading()) is not None:
            campaign.run(story)
            campaign.finish(story)
        campaign.dawn()
    assert dark_on == 9


def test_men_4_out_of_range_cards_cannot_be_revealed(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    happened = campaign.table.reveal_around(104)
    assert 111 not in campaign.state.in_play
    assert any("down of 104 lies out of every menhir's range" in h.text for h in happened)


def test_men_10_no_limit_on_menhirs(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    for card in (101, 108):
        campaign.activate_menhir(card, 3)
    campaign.world.menhirs.extend([Menhir(105, 2), Menhir(102, 2)])
    assert len(campaign.world.menhirs) == 4


def test_guardians_keep_their_placement_order(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.place_guardian("Mist Hound", 105)
    campaign.world.guardians.append(Guardian("Mist Hound", 104))
    assert [g.card for g in campaign.world.guardians] == [105, 104]


def test_a_copied_world_equals_a_deep_copy_and_shares_nothing(book: Book) -> None:
    """World.copy (what a walk over the days forks at every state) is deepcopy's result,
    every field filled, with no list, dict, set, menhir, guardian or pile shared."""
    world = Campaign(book, ["Ailei", "Beor"]).world
    world.menhirs.append(Menhir(108, 3))
    world.guardians.append(Guardian("Mist Hound", 111))
    world.time_dials["Sand"], world.holders["Sand"] = 3, "Ailei"
    world.time_tokens[105], world.quest_tokens[106], world.kept[107] = 1, 2, 3
    world.passed.add("Ailei")
    world.turned.add("Beor")
    world.dreamt.append(101)
    world.events = Piles("1", True, ["A"], ["B"], ["C"], ["D"], "A", ["E"], ["F"])
    world.dead.append("Arev")
    world.lying[104] = ["Knife"]
    world.bequest.append(41)
    world.ending = "death"
    copied = world.copy()
    assert copied == copy.deepcopy(world)
    for f in fields(world):
        value = getattr(world, f.name)
        if not isinstance(value, str | int | type(None)):
            assert getattr(copied, f.name) is not value, f.name
    assert copied.menhirs[0] is not world.menhirs[0] and copied.events is not None
    assert world.events.deck is not copied.events.deck
