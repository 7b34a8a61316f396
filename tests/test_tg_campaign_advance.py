"""Tainted Grail's campaign layer, advancement at the End of the Day (EOD-3, EOD-4,
ADV-1): `:advance` in `tgc play --campaign` only at night, its purchases and deck
building tagged with their rule, and `tgc sim --days` spending Exp by the stated rule.
The sample campaign's characters (journal_src/rules/characters.tgj) have real decks, so
the rules that need them are here too: an action's costs (ACT-1), what a save keeps of
the group and of each tray (SAV-2, SAV-3), and what may change hands (RES-4)."""

from __future__ import annotations

import json

import pytest

from tests.test_tg_ruleset import _sample
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError
from tgc.rulesets.tainted_grail.campaign.advance import spend
from tgc.rulesets.tainted_grail.campaign.simulate import play_days
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.save import dump_save, parse_save
from tgc.runtime.state import Character


@pytest.fixture(scope="module")
def book() -> Book:
    return Book(_sample()[0])


def at_night(book: Book) -> tuple[Session, list[Line]]:
    """Day 1 started, both characters passed and the End of the Day played."""
    lines: list[Line] = []
    play = Session(book, lines.append, party=("Ailei", "Beor"), campaign=True, dice="script")
    play.start()
    for command in (":sod", ":pass Ailei,Beor", ":eod"):
        play.handle(command)
    lines.clear()
    return play, lines


def member(play: Session, name: str) -> Character:
    """The character as the campaign holds it now (a refused command puts copies back)."""
    assert play.layer is not None
    return next(m for m in play.layer.state.party if m.name == name)


def said(lines: list[Line]) -> list[str]:
    return [line.text for line in lines]


def test_ADV_1_exp_is_spent_only_at_the_end_of_the_day(book: Book) -> None:
    lines: list[Line] = []
    play = Session(book, lines.append, party=("Ailei", "Beor"), campaign=True, dice="script")
    play.start()
    with pytest.raises(SessionError, match=r"only at the End of the Day \(ADV-1\).*\(:eod\)"):
        play.handle(":advance Beor")
    play.handle(":sod")
    with pytest.raises(SessionError, match=r"ADV-1\): advance after :eod"):
        play.handle(":advance Beor")
    play.handle(":pass Ailei,Beor")
    play.handle(":eod")
    lines.clear()
    play.handle(":advance Beor")
    assert said(lines)[0].startswith("[EOD-3] Beor: 0 Exp; aggression 2 (+1: 6)")
    play.handle(":sod")  # the next day: the night is over
    with pytest.raises(SessionError, match="ADV-1"):
        play.handle(":advance Beor")


def test_EOD_3_a_character_spends_exp_at_night_and_the_save_keeps_it(book: Book) -> None:
    play, lines = at_night(book)
    beor = member(play, "Beor")
    beor.resources["exp"] = 6
    play.handle(":advance Beor spirituality")
    assert said(lines) == ["[EOD-3] Beor: spirituality 1 for 4 Exp"]
    assert beor.attributes["spirituality"] == 1 and beor.resources["exp"] == 2
    with pytest.raises(SessionError, match="which member advances"):
        play.handle(":advance courage")  # two characters: name the one who advances
    with pytest.raises(SessionError, match="has 2 Exp; practicality 2 costs 6"):
        play.handle(":advance Beor practicality")
    beor = member(play, "Beor")
    assert beor.resources["exp"] == 2 and beor.attributes["practicality"] == 1  # nothing changed


def test_EOD_4_ADV_6_deck_building_keeps_fifteen_cards(book: Book) -> None:
    play, lines = at_night(book)
    with pytest.raises(SessionError, match="at least 15"):
        play.handle(":advance Beor out 1U")
    beor = member(play, "Beor")
    beor.resources["exp"] = 2
    play.handle(":advance Beor combat")
    offered = beor.piles["combat_offer"]
    assert len(offered) == 3 and beor.resources["exp"] == 0
    play.handle(f":advance Beor keep {offered[0]}")
    lines.clear()
    play.handle(":advance Beor out 1U")
    assert said(lines) == [line for line in said(lines) if line.startswith("[EOD-4]")] and lines
    assert "1U" not in beor.piles["combat"] and beor.piles["combat_spare"] == ["1U"]


def test_EOD_3_spend_buys_by_the_stated_rule_only_at_night(book: Book) -> None:
    campaign = Campaign(book, ["Beor"], rng=Rng(3))
    with pytest.raises(CampaignError, match="ADV-1"):
        spend(campaign)
    campaign.world.phase = "dusk"
    campaign.character("Beor").resources["exp"] = 4
    bought = spend(campaign)
    assert bought and all(h.rule == "EOD-3" for h in bought)
    assert campaign.character("Beor").resources["exp"] < 2  # spent down to what buys nothing


def test_EOD_3_sim_days_spend_exp_each_night(book: Book) -> None:
    """Whole days under the greedy policy: the Exp the journal gives is spent at night, so
    seed 0 buys something, and the same seed gives the same run."""
    one = play_days(book, ("Ailei", "Beor"), 4, Rng(0), "greedy", None)
    two = play_days(book, ("Ailei", "Beor"), 4, Rng(0), "greedy", None)
    assert one == two
    assert one.advances >= 1


def _read_all(campaign: Campaign) -> None:
    while (story := campaign.next_reading()) is not None:
        campaign.run(story)
        campaign.finish(story)


def test_ACT_1_an_action_pays_what_its_icon_shows(book: Book) -> None:
    """A cost is usually Energy, sometimes more: the Nine Barrows' vigil costs 1 Energy
    and 1 Food, paid when the action is taken."""
    campaign = Campaign(book, ["Beor"], rng=Rng(1))
    campaign.start_of_day()
    _read_all(campaign)
    campaign.travel(["Beor"], 205)
    beor = campaign.character("Beor")
    before = (beor.tracks["energy"], beor.resources["food"])
    campaign.act(["Beor"], "Keep vigil among the barrows")
    assert (beor.tracks["energy"], beor.resources["food"]) == (before[0] - 1, before[1] - 1)


def test_SAV_2_SAV_3_statuses_are_the_groups_and_each_tray_is_saved(book: Book) -> None:
    """The save keeps statuses once for the group, and each character's tray: tracks,
    attributes, resources, decks, pools and Skills."""
    play, _ = at_night(book)
    assert play.layer is not None
    play.layer.state.statuses["Lantern Vigil"] = {2}
    beor = member(play, "Beor")
    beor.resources["exp"] = 2
    play.handle(":advance Beor combat")
    play.handle(f":advance Beor keep {beor.piles['combat_offer'][0]}")
    text = dump_save(play.layer.state, world=play.layer.world())
    data = json.loads(text)["state"]
    assert data["statuses"] == {"Lantern Vigil": [2]}
    assert all("statuses" not in m for m in data["party"])
    back = parse_save(text, book).state
    again = next(m for m in back.party if m.name == "Beor")
    saved = member(play, "Beor")
    assert (again.tracks, again.attributes, again.resources, again.piles) == (
        saved.tracks, saved.attributes, saved.resources, saved.piles)
    assert len(again.piles["combat"]) == 16


def test_RES_4_only_food_changes_hands(book: Book) -> None:
    """Food and Wealth may be traded; Rep, Exp and Magic never: a campaign played by its
    days trades Food at the End of the Day and refuses Magic there (`:give` hands on items
    and Secrets only, ITM-7, never a resource)."""
    lines: list[Line] = []
    play = Session(book, lines.append, party=("Ailei", "Beor"), campaign=True, dice="script")
    play.start()
    play.handle(":sod")
    with pytest.raises(SessionError, match='nobody in the party carries "magic"'):
        play.handle(":give magic to Beor")
    play.handle(":pass Ailei,Beor")
    with pytest.raises(SessionError, match=r"write ':eod \[eat A,B\] \[fast C\] \[give A 1 B\] "):
        play.handle(":eod give Ailei magic Beor")
    play.handle(":eod give Ailei 1 Beor")
    assert "[RES-3] Ailei gives 1 Food to Beor" in said(lines)
