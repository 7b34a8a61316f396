"""Tainted Grail's campaign layer, the characters: the Start of the Day's equipment check
(SOD-8, ITM-2, ITM-3), one test per rule id, on tests/campaign_helpers.py's map."""

from __future__ import annotations

import pytest

from tests.campaign_helpers import MAP, compile_map
from tgc.bundle import schema as s
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError
from tgc.rulesets.tainted_grail.campaign.party import view
from tgc.runtime import Book
from tgc.runtime.effects import item_options

ITEMS = '''
@item "Bell-Bronze Knife"
  keywords: weapon
@item "Saltiron Axe"
  keywords: weapon
@item "Grey Hound"
  keywords: companion
@item "Rope"
  keywords: craftable
'''


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("characters"), MAP + ITEMS)


def test_SOD_8_ITM_2_one_item_per_limited_keyword_stays_face_up(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    campaign.character("Ailei").items[:] = ["Bell-Bronze Knife", "Rope", "Saltiron Axe", "Grey Hound"]
    campaign.character("Beor").items[:] = ["Saltiron Axe"]
    lines = [str(h) for h in campaign.start_of_day()]
    assert ("[SOD-8] Ailei keeps Bell-Bronze Knife, Rope, Grey Hound face up; Saltiron Axe "
            "wait(s) face down") in lines
    assert not any(line.startswith("[SOD-8] Beor") for line in lines)  # nothing to choose


def test_ITM_3_a_character_chooses_which_item_is_face_up(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    ailei = campaign.character("Ailei")
    ailei.items[:] = ["Bell-Bronze Knife", "Saltiron Axe"]
    said = campaign.equip("Ailei", "saltiron axe")
    assert str(said) == "[ITM-3] Ailei turns Saltiron Axe face up; Bell-Bronze Knife wait(s) face down"
    assert campaign.face_up(ailei) == (["Saltiron Axe"], ["Bell-Bronze Knife"])
    with pytest.raises(CampaignError, match="holds no Item"):
        campaign.equip("Ailei", "Grey Hound")


# ---------------------------------------------------------------- death and insanity

DEATH = ITEMS + '''
@character "Cadoc"
  number: 2
  colour: brown
  health: 8
  energy: 5
  terror: 0
  max_energy: 8
  max_terror: 10

@affliction "You Are Dying" coop
  attach: dying
  remove: health >= 2
@affliction "You Are Dying (solo)" solo
  attach: dying
  remove: health >= 1
@affliction "You Are Going Insane" coop
  attach: insane
  remove: terror <= 5
'''
MERCY = DEATH + '''
== bos.mercy
The All-Mother lifts you out of the dark.
~ gain 2 food
-> end
'''


@pytest.fixture(scope="module")
def grim(tmp_path_factory: pytest.TempPathFactory) -> Book:
    text = MAP.replace("  players: 1-4\n", "  players: 1-4\n  mercy -> bos.mercy\n") + MERCY
    return compile_map(tmp_path_factory.mktemp("death"), text)


def night(campaign: Campaign, **eat: bool) -> list[str]:
    for name in campaign.world.order():
        if name not in campaign.world.passed:
            campaign.pass_(name)
    return [str(h) for h in campaign.end_of_day(eat=eat or None)]


def test_DTH_1_TRK_5_health_at_zero_attaches_the_dying_card(grim: Book) -> None:
    campaign = Campaign(grim, ["Ailei", "Beor"])
    campaign.start_of_day()
    campaign.character("Ailei").set_track("health", 0)
    assert [str(h) for h in campaign.afflict()] == ["[DTH-1] Ailei: You Are Dying is attached"]
    assert campaign.character("Ailei").piles["afflictions"] == ["You Are Dying"]
    assert campaign.afflict() == []  # once


def test_DTH_9_terror_in_the_red_attaches_the_insane_card(grim: Book) -> None:
    campaign = Campaign(grim, ["Ailei", "Beor"])
    campaign.start_of_day()
    campaign.character("Beor").set_track("terror", 9)
    assert [str(h) for h in campaign.afflict()] == ["[DTH-9] Beor: You Are Going Insane is attached"]


def test_A41_a_character_who_recovers_by_night_lives(grim: Book) -> None:
    campaign = Campaign(grim, ["Ailei", "Beor"])
    campaign.start_of_day()
    ailei = campaign.character("Ailei")
    ailei.set_track("health", 1)
    ailei.set_track("health", 0)
    campaign.afflict()
    ailei.set_track("health", 1)
    lines = night(campaign, Ailei=True)  # eating: Health 2, the card's own rule takes it off
    assert "[DTH-1] Ailei: You Are Dying comes off" in lines
    assert "Ailei" in campaign.world.positions


def test_DTH_3_a_co_op_death_does_not_end_the_game(grim: Book) -> None:
    """A41 (our reading): still dying after the rest, the character dies."""
    campaign = Campaign(grim, ["Ailei", "Beor"])
    campaign.start_of_day()
    ailei = campaign.character("Ailei")
    ailei.items[:] = ["Bell-Bronze Knife"]
    ailei.set_track("health", 0)
    campaign.afflict()
    lines = night(campaign, Ailei=False)
    assert "[DTH-3] Ailei dies on 101" in lines
    assert "[DTH-3] Ailei's player may claim Cadoc (:claim)" in lines
    assert campaign.world.dead == ["Ailei"] and "Ailei" not in campaign.world.positions
    assert campaign.world.phase == "dusk"
    assert str(campaign.claim("Cadoc")) == ("[DTH-3] Cadoc is claimed and stands on 101, the "
                                            "lowest-numbered placed card")
    assert campaign.character("Cadoc").tracks["health"] == 8  # the standard setup
    with pytest.raises(CampaignError, match="cannot be claimed"):
        campaign.claim("Ailei")  # the dead never return (A42)


def test_DTH_4_ITM_8_the_items_of_the_dead_lie_on_their_card(grim: Book) -> None:
    campaign = Campaign(grim, ["Ailei", "Beor"])
    campaign.start_of_day()
    ailei = campaign.character("Ailei")
    ailei.items[:] = ["Bell-Bronze Knife", "Rope"]
    ailei.set_track("health", 0)
    campaign.afflict()
    lines = night(campaign, Ailei=False)
    assert "[DTH-4] Ailei's Items lie on 101: Bell-Bronze Knife, Rope" in lines
    while (story := campaign.next_reading()) is not None:
        campaign.run(story)
        campaign.finish(story)
    assert str(campaign.take_item("Beor", "rope")) == "[DTH-4] Beor takes Rope from 101"
    assert campaign.world.lying == {101: ["Bell-Bronze Knife"]}


def test_DTH_6_a_death_with_nobody_left_to_claim_is_a_failure(grim: Book) -> None:
    """§4 table G: three characters and two players survive one death, not two."""
    campaign = Campaign(grim, ["Ailei", "Beor"])
    campaign.start_of_day()
    campaign.character("Ailei").set_track("health", 0)
    campaign.afflict()
    night(campaign, Ailei=False)
    campaign.claim("Cadoc")
    while (story := campaign.next_reading()) is not None:
        campaign.run(story)
        campaign.finish(story)
    campaign.dawn()
    campaign.start_of_day()
    campaign.character("Beor").set_track("health", 0)
    campaign.afflict()
    lines = night(campaign, Beor=False)
    assert lines[-1].startswith("[DTH-6] every other character is in play or dead: the game ends "
                                "in failure")
    assert campaign.world.phase == "over" and campaign.world.ending == "failure"
    with pytest.raises(CampaignError, match="ended in failure"):
        campaign.start_of_day()


def test_DTH_2_a_solo_death_ends_the_game(grim: Book) -> None:
    campaign = Campaign(grim, ["Ailei"])
    campaign.start_of_day()
    campaign.character("Ailei").set_track("health", 0)
    assert [str(h) for h in campaign.afflict()] == ["[DTH-1] Ailei: You Are Dying (solo) is attached"]
    lines = night(campaign, Ailei=False)
    assert lines[-2:] == ["[DTH-2] Ailei dies on 101",
                          "[DTH-2] the game ends with the death (the mercy may be asked, DTH-7)"]
    assert campaign.world.ending == "death"


def test_DTH_8_the_mercy_brings_the_group_back(grim: Book) -> None:
    campaign = Campaign(grim, ["Ailei"])
    campaign.start_of_day()
    campaign.character("Ailei").set_track("health", 0)
    campaign.afflict()
    night(campaign, Ailei=False)
    lines = [str(h) for h in campaign.mercy()]
    assert lines[0] == '[DTH-8] "Saved by the Goddess" is marked: the All-Mother takes the group back to 101'
    assert campaign.state.statuses["Saved by the Goddess"] == {1}
    assert campaign.world.phase == "dawn" and campaign.world.positions == {"Ailei": 101}
    story = campaign.next_reading()
    assert story is not None
    campaign.run(story)
    campaign.finish(story)
    assert campaign.character("Ailei").resources["food"] == 4  # the standard 2, and the verse's 2
    with pytest.raises(CampaignError, match="only when the game has ended"):
        campaign.mercy()


def test_DTH_7_no_mercy_while_the_game_goes_on(grim: Book) -> None:
    campaign = Campaign(grim, ["Ailei", "Beor"])
    with pytest.raises(CampaignError, match="only when the game has ended"):
        campaign.mercy()


def test_ITM_4_a_keyword_draw_takes_only_items_left_in_the_deck(book: Book) -> None:
    """Each declared Item is one card: a draw by keyword (`~ gain item weapon`, loot,
    an ability) offers those nobody carries and none lies on a card."""
    campaign = Campaign(book, ["Ailei", "Beor"])
    ailei, beor = campaign.character("Ailei"), campaign.character("Beor")
    weapon = s.ItemChange(kind="gain-item", item="weapon", keyword=True)
    assert item_options(weapon, view(campaign.state, [ailei]), book) == ["Bell-Bronze Knife", "Saltiron Axe"]
    beor.items[:] = ["Bell-Bronze Knife"]  # carried by Beor, elsewhere or not
    assert item_options(weapon, view(campaign.state, [ailei]), book) == ["Saltiron Axe"]
    lying = view(campaign.state, [ailei], ["Saltiron Axe"])  # a dead character's, on a card
    assert item_options(weapon, lying, book) == ["[weapon]"]  # the deck holds no declared weapon
    craft = s.ItemChange(kind="gain-item", item="craftable", keyword=True)
    assert item_options(craft, lying, book) == ["Rope"]
    ailei.items[:] = ["Rope"]
    assert item_options(craft, view(campaign.state, [ailei, beor]), book) == ["[craftable]"]
