"""Tainted Grail's campaign layer, events and quests: one test per rule id of the spec's
Event deck, quests and chapter setup (SET-6, SOD-5, EVT-1..8, A14, A15, A45-A47),
named after it, on tests/campaign_helpers.py's map with a chapter of our own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.campaign_helpers import MAP, compile_map
from tgc.bundle import schema as s
from tgc.cli.main import cli
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError
from tgc.rulesets.tainted_grail.campaign.save import world_data, world_from_data
from tgc.rulesets.tainted_grail.campaign.world import Happening
from tgc.runtime import Book
from tgc.runtime.conditions import eval_condition
from tgc.runtime.rng import Rng

EVENTS = '''
@secret 11 "Ember Rite"
  keywords: rite
@secret 27 "The Lady's Token"
  keywords: token

@status "Lady's Task" parts 3

@chapter 1 "The Guttering"
  setup -> bos.setup
  deck: by part

@chapter 2 "The Tide"
  deck: Tide Rising

@event "Grey Morning"
  chapter: 1
  part: 2
  read -> bos.grey

@event "First Light"
  chapter: 1
  part: 1
  quest: yes
  read -> bos.first
  succeed: secret 11
  success -> bos.lit

@event "Storm Front"
  chapter: 1
  part: 3
  read -> bos.storm

@event "Tide Rising"
  chapter: 2
  part: 1
  read -> bos.tide

@event "Bad Omens" random
  read -> bos.omen

@event "Crows" random
  read -> bos.crows

@quest "The Lady's Bargain"
  chapter: 1
  secret: 27
  succeed: status "Lady's Task" 2
  success -> bos.lady

== bos.setup
The coast's lights gutter.
-> end
== bos.first
Find the rite.
-> end
== bos.lit
The rite is found.
~ take event "Storm Front"
-> end
== bos.grey
A grey morning.
~ gain 1 food
-> end
== bos.storm
The storm breaks.
-> end chapter
== bos.tide
The tide comes in.
-> end
== bos.omen
Crows gather.
-> end
== bos.crows
More crows.
-> end
== bos.omens
Two omens come early.
~ put random events on top 2
-> end
== bos.lady
The lady smiles.
~ discard quest "First Light"
-> end
'''


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("events"), MAP + EVENTS)


def read_all(campaign: Campaign) -> list[str]:
    """Play every owed reading to its end (these verses have no choices)."""
    lines: list[str] = []
    while (story := campaign.next_reading()) is not None:
        campaign.run(story)
        assert story.finished
        lines += [str(h) for h in campaign.finish(story)]
    return lines


def dawn(campaign: Campaign) -> list[str]:
    return [str(h) for h in campaign.start_of_day()]


def night(campaign: Campaign) -> None:
    for name in campaign.world.order():
        if name not in campaign.world.passed:
            campaign.pass_(name)
    campaign.end_of_day()
    read_all(campaign)
    campaign.dawn()


def test_SET_6_the_chapter_setup_card_builds_the_deck_and_is_read_first(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    piles = campaign.world.events
    assert piles is not None and piles.chapter == "1"
    assert piles.deck == ["First Light", "Grey Morning", "Storm Front"]
    lines = dawn(campaign)
    assert "[SET-6] The Guttering begins: its Event deck holds 3 card(s)" in lines
    first = campaign.next_reading()
    assert first is not None and first.state.location == 101
    assert campaign.readings[0].event == "First Light"  # the setup card came first


def test_EVT_1_the_deck_is_ordered_by_part_and_the_part_is_the_chapter_s(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    read_all(campaign)
    assert str(campaign.state.chapter) == "1-1"
    night(campaign)
    dawn(campaign)
    assert str(campaign.state.chapter) == "1-2"


def test_EVT_2_random_events_form_their_own_pile_never_drawn(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"], rng=Rng(3))
    piles = campaign.world.events
    assert piles is not None
    assert sorted(piles.random) == ["Bad Omens", "Crows"]
    assert not {"Bad Omens", "Crows"} & set(piles.deck)


def test_SOD_5_reveals_the_top_card_and_everyone_reads_it(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    lines = dawn(campaign)
    assert ('[SOD-5] the Event "First Light" is revealed: a quest, kept in the Active '
            "Quests (EVT-5)") in lines
    read_all(campaign)
    night(campaign)
    food = campaign.character("Ailei").resources["food"]
    lines = dawn(campaign)
    assert '[SOD-5] the Event "Grey Morning" is revealed: in force today' in lines
    story = campaign.next_reading()
    assert story is not None and [m.name for m in story.state.party] == ["Ailei", "Beor"]
    campaign.run(story)
    campaign.finish(story)
    assert campaign.character("Ailei").resources["food"] + campaign.character("Beor").resources["food"] \
        > food  # the event's gain went to the party that read it


def test_EVT_3_one_event_a_day(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    piles = campaign.world.events
    assert piles is not None and len(piles.deck) == 2


def test_EVT_4_CRD_3_a_regular_event_is_discarded_at_the_next_reveal(book: Book) -> None:
    """A14: in force until the next SOD-5, then to the Event deck's discard pile."""
    campaign = Campaign(book, ["Ailei"])
    for _ in range(2):
        dawn(campaign)
        read_all(campaign)
        night(campaign)
    piles = campaign.world.events
    assert piles is not None and piles.today == "Grey Morning"
    lines = dawn(campaign)
    assert "[EVT-4] yesterday's Event \"Grey Morning\" goes to the discard pile" in lines
    assert piles.discard == ["Grey Morning"] and piles.today == "Storm Front"


def test_EVT_5_a_quest_stays_in_active_quests(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    read_all(campaign)
    night(campaign)
    dawn(campaign)
    piles = campaign.world.events
    assert piles is not None and piles.active == ["First Light"]
    assert piles.today == "Grey Morning"


def test_EVT_6_a_quest_succeeds_as_soon_as_its_condition_holds(book: Book) -> None:
    """A45: checked when a reading ends; the success verse is read once."""
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    read_all(campaign)
    campaign.state.gain_secret(11)
    lines = [str(h) for h in campaign.check_quests()]
    assert lines == ['[EVT-6] the quest "First Light" succeeds']
    piles = campaign.world.events
    assert piles is not None and piles.active == [] and piles.done == ["First Light"]
    assert campaign.check_quests() == []  # never twice
    assert campaign.readings[0].event == "First Light" and campaign.readings[0].hook == "success"


def test_A46_take_event_pulls_a_card_out_keeping_the_order(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    read_all(campaign)
    campaign.state.gain_secret(11)
    campaign.check_quests()
    lines = read_all(campaign)  # bos.lit takes "Storm Front", whose verse ends the chapter
    piles = campaign.world.events
    assert piles is not None
    assert "[SET-6] the chapter ends; The Tide is set up at the next Start of the Day" in lines
    assert piles.chapter == "2" and piles.deck == ["Tide Rising"]
    assert str(campaign.state.chapter) == "2"


def test_EVT_7_a_quest_is_discarded_only_when_a_text_says_so(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    read_all(campaign)
    with pytest.raises(CampaignError, match="no active quest"):
        campaign.discard_quest("Grey Morning")
    assert str(campaign.discard_quest("First Light")) == '[EVT-7] the quest "First Light" is discarded'
    piles = campaign.world.events
    assert piles is not None and piles.active == [] and piles.discard == ["First Light"]


def test_EVT_8_a_quest_on_a_secret_card_is_active_while_the_secret_is_held(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    read_all(campaign)
    campaign.state.gain_secret(27)
    lines = [str(h) for h in campaign.check_quests()]
    assert lines == ["[EVT-8] the quest \"The Lady's Bargain\" on Secret 27 is active"]
    campaign.state.statuses["Lady's Task"] = {1, 2}
    lines = [str(h) for h in campaign.check_quests()]
    assert lines == ["[EVT-6] the quest \"The Lady's Bargain\" succeeds"]
    read_all(campaign)  # its success verse discards "First Light"
    piles = campaign.world.events
    assert piles is not None and piles.active == []


def test_EVT_8_losing_the_secret_ends_its_quest(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    read_all(campaign)
    campaign.state.gain_secret(27)
    campaign.check_quests()
    campaign.state.lose_secret(27)
    lines = [str(h) for h in campaign.check_quests()]
    assert lines == ["[EVT-8] Secret 27 is gone: the quest \"The Lady's Bargain\" is no longer active"]


def test_A15_an_empty_deck_reveals_nothing(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    piles = campaign.world.events
    assert piles is not None
    piles.deck.clear()
    assert "[SOD-5] the Event deck is empty: no Event is revealed (A15)" in dawn(campaign)


def test_SOD_5_without_a_chapter_setup_there_is_no_deck(tmp_path: Path) -> None:
    """A campaign that declares no @chapter keeps its events as entry points only."""
    plain = compile_map(tmp_path, MAP + re.sub(r"@chapter [^\n]*\n(?:  [^\n]*\n)*", "", EVENTS))
    campaign = Campaign(plain, ["Ailei"])
    assert campaign.world.events is None
    assert not any("SOD-5" in line for line in dawn(campaign))


def test_SAV_4_the_piles_are_saved_and_restored(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    dawn(campaign)
    data = world_data(campaign.world, list(campaign.readings))
    assert data["events"]["deck"] == ["Grey Morning", "Storm Front"]
    assert data["readings"][0]["event"] == "chapter 1"
    world, readings = world_from_data(data, book, ["Ailei"])
    assert world.events == campaign.world.events
    assert readings == list(campaign.readings)
    data["events"]["deck"].append("No Such Card")
    with pytest.raises(ValueError, match="No Such Card"):
        world_from_data(data, book, ["Ailei"])


def test_A47_random_events_go_on_top_of_the_deck_in_their_order(book: Book) -> None:
    """EVT-2 with A47: the top N of the Random pile, as a group in their order, so the
    first taken is revealed first; a shorter pile gives what it has."""
    campaign = Campaign(book, ["Ailei"], rng=Rng(2))
    piles = campaign.world.events
    assert piles is not None
    random_pile, deck = list(piles.random), list(piles.deck)
    story = campaign._story(campaign.party(["Ailei"]))  # a verse read on the start card
    story.state.location = 101
    story.begin(s.Goto(verse="bos.omens"))
    campaign.busy = story
    said = [str(h) for h in campaign.run(story) if isinstance(h, Happening)]
    campaign.finish(story)
    assert piles.deck == [*random_pile, *deck] and piles.random == []
    assert any("[EVT-2] 2 Random Event(s) put on top of the Event deck" in line for line in said)
    assert "the Random pile is empty" in campaign.put_random_events([1]).text
    with pytest.raises(CampaignError, match="write how many"):
        campaign.put_random_events([1, 2])


def test_quest_and_event_conditions_read_the_active_quests_and_todays_event(book: Book) -> None:
    """`quest "X"` holds while X is an Active Quest, `event "X"` while X is the regular
    Event in force today (a quest card revealed goes to the Active Quests instead): in the
    readings the layer hands over and in a quest's success condition alike."""
    quest = s.EventCond(event="First Light", quest=True)
    grey, first = s.EventCond(event="Grey Morning"), s.EventCond(event="First Light")
    campaign = Campaign(book, ["Ailei"])
    assert not eval_condition(quest, campaign.state, book)
    dawn(campaign)  # day 1 reveals the quest "First Light"
    story = campaign.next_reading()
    assert story is not None
    assert eval_condition(quest, story.state, book)
    assert not eval_condition(first, story.state, book) and not eval_condition(grey, story.state, book)
    campaign.run(story)
    campaign.finish(story)
    read_all(campaign)
    night(campaign)
    dawn(campaign)  # day 2 reveals "Grey Morning", in force today
    story = campaign.next_reading()
    assert story is not None
    assert eval_condition(grey, story.state, book) and eval_condition(quest, story.state, book)
    assert not eval_condition(s.EventCond(event="Storm Front"), story.state, book)
    campaign.run(story)
    campaign.finish(story)
    read_all(campaign)
    campaign.state.gain_secret(11)
    campaign.check_quests()  # "First Light" succeeds and leaves the Active Quests
    assert not eval_condition(quest, campaign.state, book)
    assert eval_condition(s.NotCond(operand=quest), campaign.state, book)


def test_quest_and_event_conditions_name_declared_cards(tmp_path: Path) -> None:
    """`tgc check`: a misspelt quest or event is TGC122 with the near name; `tgc build`
    writes the condition into the bundle."""
    text = MAP + EVENTS + '''
== bos.ask
~ if quest "First Lihgt" -> end
~ if event "Grey Morning" and not quest "The Lady's Bargain": gain 1 food
-> end
'''
    (tmp_path / "c.tgj").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert 'TGC122' in result.output and 'no event or quest "First Lihgt"' in result.output
    assert 'did you mean `First Light`?' in result.output
    (tmp_path / "c.tgj").write_text(text.replace("Lihgt", "Light"), encoding="utf-8")
    built = CliRunner().invoke(cli, ["build", str(tmp_path), "-o", str(tmp_path / "out"), "--no-html"])
    assert built.exit_code == 0, built.output
    bundle = (tmp_path / "out" / "campaign-test.bundle.json").read_text(encoding="utf-8")
    assert '{"event":"First Light","kind":"event","quest":true}' in bundle
    assert '{"event":"Grey Morning","kind":"event","quest":false}' in bundle
