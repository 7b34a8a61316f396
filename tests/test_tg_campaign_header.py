"""Tainted Grail's campaign layer, what the campaign declares around its cards: the
`@campaign` header's `menhir:`, `chapter:` and `mercy ->` and the `@dial ... time`
declarations, one test per rule id (SET-5, SOD-4, EVT-10, EVT-11, A7, A12), on
tests/campaign_helpers.py's map."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import MAP, compile_map
from tgc.bundle import schema as s
from tgc.rulesets.tainted_grail.campaign import Campaign
from tgc.runtime import Book

HEADER = MAP.replace("  players: 1-4\n", "  players: 1-4\n  menhir: 7, 5, 4, 3\n  chapter: 2\n"
                     "  mercy -> bos.mercy\n") + '''
@dial "Siege of the Mere" time
  expired -> bos.siege
@dial "Quest Dial 1" quest

== bos.siege
The siege is over.
~ gain 1 terror
-> end
== bos.mercy
The Goddess has mercy.
-> end
== bos.setdials
~ set dial "Siege of the Mere" to 2
~ set dial "Quest Dial 1" to 3
-> end
'''


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("header"), HEADER)


def test_SET_5_the_header_gives_the_starting_dial_by_player_count(book: Book) -> None:
    assert Campaign(book, ["Ailei"]).world.menhirs[0].dial == 7
    assert Campaign(book, ["Ailei", "Beor"]).world.menhirs[0].dial == 5


def test_SET_5_without_menhir_the_rulebook_dials(tmp_path: Path) -> None:
    plain = compile_map(tmp_path, MAP)
    assert Campaign(plain, ["Ailei", "Beor"]).world.menhirs[0].dial == 7


def test_SET_6_the_header_names_the_first_chapter(book: Book) -> None:
    assert str(Campaign(book, ["Ailei"]).state.chapter) == "2"


def test_DTH_8_the_mercy_verse_is_in_the_bundle(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    assert campaign.header.mercy == s.Goto(verse="bos.mercy")


def read_all(campaign: Campaign) -> None:
    while (story := campaign.next_reading()) is not None:
        campaign.run(story)
        campaign.finish(story)


def test_EVT_11_a_time_dial_drops_each_morning_and_runs_out_at_1(book: Book) -> None:
    """A7, A12: removed instead of reaching 0, and its `expired ->` verse is read."""
    campaign = Campaign(book, ["Ailei"])
    campaign.state.dials.update({"Siege of the Mere": 2, "Quest Dial 1": 3})
    lines = [str(h) for h in campaign.start_of_day()]
    assert '[SOD-4] the time dial "Siege of the Mere" drops to 1' in lines
    read_all(campaign)
    campaign.pass_("Ailei")
    campaign.end_of_day()
    read_all(campaign)
    campaign.dawn()
    terror = campaign.character("Ailei").tracks["terror"]
    lines = [str(h) for h in campaign.start_of_day()]
    assert '[SOD-4] the time dial "Siege of the Mere" runs out and is removed' in lines
    assert "Siege of the Mere" not in campaign.state.dials
    reading = campaign.readings[0]
    assert (reading.event, reading.hook) == ("dial Siege of the Mere", "expired")
    read_all(campaign)
    assert campaign.character("Ailei").tracks["terror"] == terror + 1


def test_EVT_10_a_quest_dial_never_moves_at_the_start_of_the_day(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.state.dials["Quest Dial 1"] = 3
    campaign.start_of_day()
    assert campaign.state.dials["Quest Dial 1"] == 3


def test_SOD_4_a_journal_sets_a_time_dial_with_set_dial(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    campaign.start_of_day()
    story = campaign._story([campaign.character("Ailei")])
    story.goto("bos.setdials")
    campaign.run(story)
    campaign.busy = story
    campaign.finish(story)
    assert campaign.state.dials == {"Siege of the Mere": 2, "Quest Dial 1": 3}
