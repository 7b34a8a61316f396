"""Tainted Grail's campaign layer, the rules the spec's gap table marks done or lists as
having no effect of their own (shared/rules/tainted-grail-campaign.md §3): the player
count, starting values, statuses and their triggers, tasks, resources, the survival
tracks' bounds, trading, saved Skills, the night's start, planning and the Chronicler.
One test per rule id, named after it; a small campaign of its own with four characters."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.campaign_helpers import compile_map
from tgc.pipeline import check
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError, Question
from tgc.rulesets.tainted_grail.campaign.actions import take as take_action
from tgc.rulesets.tainted_grail.engines import advancement as adv
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.runtime import Book
from tgc.runtime.save import dump_save, parse_save

RULES = '''@campaign "Rule Ids"
  ruleset: tainted-grail
  start: 101
  players: 1-4

@section bos "Book of Secrets"

@status "Omen" parts 3
  when any 2 parts -> bos.omen
@status "Kindled"

@character "Ailei"
  number: 1
  colour: green
  health: 7
  energy: 5
  terror: 0
  max_energy: 8
  max_terror: 10
  food: 2
  wealth: 3
  rep: 1
  magic: 2

@character "Arev"
  number: 2
  colour: brown
  health: 8
  energy: 5
  terror: 1
  food: 1

@character "Maggot"
  number: 3
  colour: gray
  health: 6
  energy: 4
  terror: 0
  food: 1

@character "Beor"
  number: 4
  colour: blue
  health: 9
  energy: 6
  terror: 0
  max_energy: 8
  max_terror: 10
  courage: 2
  food: 1
  wealth: 3
  rep: 2
  magic: 2
  exp: 12
  ability: action: pay 2 energy; pay 1 magic; gain 2 food

@item "Knife"
  keywords: weapon
@item "Axe"
  keywords: weapon
@item "Spear"
  keywords: weapon
@item "Cloak"
  keywords: armor
@item "Rope"

@secret 41 "Vow"
  keywords: personal
  text: Yours alone.
@secret 42 "Map"
  text: Anyone's.

@skill 12 courage
  front: Iron Will
  back: Stone Skin

@location 101 "Hamlet"
  seals: menhir
  keys: up 102
  explore -> 1
  menhir -> menhir

== 101.1
Omens in the smoke.
~ mark "Omen" 1
~ mark "Omen" 2
~ task "Ask the smith about the smoke"
~ task "Count the crows"
~ task "Ask the smith about the smoke"
~ gain 40 wealth
~ lose 9 food
-> end

== 101.menhir
* {pay 1 magic per player} Kindle it -> .kindle
* Leave it -> end
= kindle
~ activate menhir 6, 5, 4, 3
~ mark "Kindled"
-> end

@location 102 "Hill"
  keys: down 101
  explore -> 1

== 102.1
~ if status "Omen": gain 1 food
~ if rep >= 2 -> .door
Wind on the hill.
~ gain item "Rope"
~ gain secret 42
-> end
= door
A door opens for the known.
~ gain item "Knife"
~ gain item "Axe"
~ gain item "Spear"
~ gain item "Cloak"
~ gain secret 41
-> end

== bos.omen
The omen is complete.
-> end
'''


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("rules"), RULES)


class Answers:
    """A scripted ``decide``; asking more than it holds fails the test."""

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


def read(campaign: Campaign, *names: str, how: str = "explore") -> None:
    """``names`` explore (or inspect, taking the first choice) their card, then every
    reading the rules owe."""
    story = campaign.explore(list(names)) if how == "explore" else campaign.inspect(list(names))
    campaign.run(story)
    if not story.finished:
        story.choose(0)
        campaign.run(story)
    campaign.finish(story)
    while (owed := campaign.next_reading()) is not None:
        campaign.run(owed)
        campaign.finish(owed)


def to_the_hill(campaign: Campaign, *names: str) -> None:
    campaign.travel(list(names), "up")
    while (owed := campaign.next_reading()) is not None:
        campaign.run(owed)
        campaign.finish(owed)


def session(book: Book, party: tuple[str, ...]) -> tuple[Session, list[str]]:
    lines: list[Line] = []
    play = Session(book, lines.append, party=party, campaign=True, dice="script")
    play.start()
    return play, [line.text for line in lines]


# ---------------------------------------------------------------- setup


def test_SET_2_the_player_count_sets_the_starting_dial_and_the_menhir_costs(book: Book) -> None:
    """8 / 7 / 6 / 5 on the starting menhir for 1 to 4 players (then SOD-3 turns it once),
    and a `pay N magic per player` costs N for each player in the campaign."""
    parties = (["Ailei"], ["Ailei", "Beor"], ["Ailei", "Arev", "Beor"], ["Ailei", "Arev", "Maggot", "Beor"])
    dials = [Campaign(book, party, decide=Answers()).world.menhirs[0].dial for party in parties]
    assert dials == [8, 7, 6, 5]
    solo, pair = started(book, ["Beor"]), started(book, ["Ailei", "Beor"])
    read(solo, "Beor", how="inspect")
    read(pair, "Ailei", "Beor", how="inspect")
    assert solo.character("Beor").resources["magic"] == 1
    assert [pair.character(n).resources["magic"] for n in ("Ailei", "Beor")] == [1, 1]


def test_SET_3_each_character_starts_from_its_own_declared_values(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    ailei, beor = campaign.character("Ailei"), campaign.character("Beor")
    assert (ailei.tracks, beor.tracks) == ({"health": 7, "energy": 5, "terror": 0},
                                           {"health": 9, "energy": 6, "terror": 0})
    assert ailei.limits["energy"] == 8 and ailei.limits["health"] == 7
    assert (ailei.attributes["courage"], beor.attributes["courage"]) == (0, 2)
    assert (ailei.resources["rep"], beor.resources["exp"]) == (1, 12)
    campaign.pass_("Ailei")
    with pytest.raises(CampaignError, match="Ailei"):  # the Character Action is Beor's alone
        take_action(campaign, "Ailei", None)


def test_SET_7_nobody_is_chronicler_the_tool_does_the_upkeep(book: Book) -> None:
    """The Chronicler has no rule effect: the Start of the Day's upkeep (dials, the Event
    card) is done with no question to anyone, and the save file names no Chronicler."""
    campaign = Campaign(book, ["Ailei", "Beor"], decide=Answers())  # any question would fail
    campaign.start_of_day()
    assert campaign.world.menhirs[0].dial == 6
    play, _ = session(book, ("Ailei", "Beor"))
    play.handle(":sod")
    assert "chronicler" not in dump_save(play.story.state).casefold()
    with pytest.raises(SessionError, match="chronicler"):
        play.handle(":chronicler Ailei")


# ---------------------------------------------------------------- the day


def test_SOD_7_planning_asks_nothing_and_the_rounds_begin(book: Book) -> None:
    asked = Answers()
    campaign = Campaign(book, ["Ailei", "Beor"], decide=asked)
    campaign.start_of_day()
    assert asked.asked == [] and campaign.world.phase == "day"
    campaign.travel(["Beor"], "up")  # anyone may act at once, in any order (TRN-2)
    assert campaign.world.positions["Beor"] == 102


def test_EOD_0_the_night_comes_when_everyone_is_done_and_is_each_characters(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    campaign.pass_("Ailei")
    with pytest.raises(CampaignError, match="Beor may still act"):
        campaign.end_of_day()
    campaign.pass_("Beor")
    campaign.character("Ailei").set_track("health", 5)
    campaign.character("Beor").set_track("health", 7)
    happened = campaign.end_of_day()
    rest = [h.text for h in happened if h.rule == "EOD-1"]
    assert rest == ["Ailei eats: Health 6, Terror 0", "Beor eats: Health 8, Terror 0"]
    assert [h.text.split("'")[0] for h in happened if h.rule == "EOD-2"] == ["Ailei", "Beor"]


# ---------------------------------------------------------------- statuses and tasks


def test_STA_1_a_status_is_the_groups(book: Book) -> None:
    """Ailei marks the Omen; Beor, on another card, finds it marked in his own reading."""
    campaign = started(book, ["Ailei", "Beor"])
    to_the_hill(campaign, "Beor")
    read(campaign, "Ailei")
    food = campaign.character("Beor").resources["food"]
    read(campaign, "Beor")
    assert campaign.character("Beor").resources["food"] == food + 1


def test_STA_2_parts_are_marked_one_at_a_time_and_a_flag_is_marked_whole(book: Book) -> None:
    campaign = started(book, ["Beor"])
    read(campaign, "Beor")
    assert campaign.state.statuses["Omen"] == {1, 2}
    read(campaign, "Beor", how="inspect")
    assert campaign.state.statuses["Kindled"] == {1}  # a flag: marked or not
    play, _ = session(book, ("Beor",))
    play.handle(":sod")
    play.handle(":explore Beor")
    assert '"Omen": [\n        1,\n        2\n      ]' in dump_save(play.story.state)


def test_STA_3_a_status_trigger_is_read_when_the_exploration_ends(book: Book) -> None:
    campaign = started(book, ["Beor"])
    story = campaign.explore(["Beor"])
    events = campaign.run(story)
    verses = [getattr(e, "verse", None) for e in events if type(e).__name__ == "VerseEntered"]
    assert verses == ["101.1", "bos.omen"]  # after the verse's last line, not at the mark
    fired = next(i for i, e in enumerate(events) if type(e).__name__ == "TriggerFired")
    tasks = next(i for i, e in enumerate(events) if getattr(getattr(e, "effect", None), "kind", "") == "task")
    assert fired < tasks and "bos.omen" in campaign.state.visited


def test_STA_4_the_status_list_is_the_campaigns_own(book: Book, tmp_path: Path) -> None:
    """The statuses are the campaign's declarations: the bundle carries exactly those, and
    marking one it does not declare is an error of `tgc check`."""
    assert sorted(s.name for s in book.bundle.statuses) == ["Kindled", "Omen"]
    root = tmp_path
    (root / "c.tgj").write_text(RULES.replace('~ mark "Kindled"', '~ mark "Kindle"'), encoding="utf-8")
    codes = [d.code for d in check(root).diagnostics]
    assert "TGC105" in codes


def test_EVT_9_tasks_are_noted_once_in_order_and_end_no_chapter(book: Book) -> None:
    campaign = started(book, ["Beor"])
    chapter = campaign.state.chapter
    read(campaign, "Beor")
    assert campaign.state.tasks == ["Ask the smith about the smoke", "Count the crows"]
    assert campaign.state.chapter == chapter and campaign.world.phase == "day"
    campaign.pass_("Beor")
    campaign.end_of_day()
    campaign.dawn()
    campaign.start_of_day()  # a task has no end: it is kept across days and in the save
    assert campaign.state.tasks == ["Ask the smith about the smoke", "Count the crows"]
    again = parse_save(dump_save(campaign.state), book).state
    assert again.tasks == campaign.state.tasks


# ---------------------------------------------------------------- resources and items


def test_RES_1_RES_2_five_resources_on_each_characters_own_tray(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    for name in ("Ailei", "Beor"):
        assert sorted(campaign.character(name).resources) == ["exp", "food", "magic", "rep", "wealth"]
    to_the_hill(campaign, "Beor")
    read(campaign, "Ailei")  # Ailei alone on 101: the gain and the loss are hers
    assert campaign.character("Ailei").resources["wealth"] == 43
    assert campaign.character("Beor").resources["wealth"] == 3


def test_RES_5_no_resource_has_a_cap(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    read(campaign, "Ailei")
    read(campaign, "Ailei")
    assert campaign.character("Ailei").resources["wealth"] == 83


def test_RES_6_food_is_eaten_at_night_magic_lights_menhirs_rep_opens_doors(book: Book) -> None:
    campaign = started(book, ["Ailei", "Beor"])
    read(campaign, "Ailei", "Beor", how="inspect")  # 1 Magic per player lights the stone
    assert campaign.world.menhirs[0].dial == 5 and len(campaign.world.menhirs) == 1  # 2 players
    assert [campaign.character(n).resources["magic"] for n in ("Ailei", "Beor")] == [1, 1]
    to_the_hill(campaign, "Beor")
    campaign.pass_("Ailei")
    read(campaign, "Beor")  # Beor's Rep 2 opens the door
    assert "Knife" in campaign.character("Beor").items
    food = campaign.character("Beor").resources["food"]
    campaign.pass_("Beor")
    campaign.end_of_day()
    assert campaign.character("Beor").resources["food"] == food - 1


def test_ITM_1_a_character_owns_any_number_of_items(book: Book) -> None:
    campaign = started(book, ["Beor"])
    to_the_hill(campaign, "Beor")
    read(campaign, "Beor")
    beor = campaign.character("Beor")
    assert beor.items == ["Knife", "Axe", "Spear", "Cloak"]
    up, down = campaign.face_up(beor)  # ITM-2 limits what is in use, not what is owned
    assert up == ["Knife", "Cloak"] and down == ["Axe", "Spear"]


def test_PTY_6_trading_food_wealth_items_and_secrets_on_one_card(book: Book) -> None:
    play, _ = session(book, ("Ailei", "Beor"))
    play.handle(":sod")
    play.handle(":travel Beor up")
    play.handle(":pass Ailei")
    play.handle(":explore Beor")
    with pytest.raises(SessionError, match="same location"):
        play.handle(":give Knife to Ailei")
    play.handle(":travel Beor down")
    play.handle(":give Knife to Ailei")  # ITM-5
    with pytest.raises(SessionError, match="never changes hands|Personal|personal"):
        play.handle(":give secret 41 to Ailei")  # ITM-7
    play.handle(":pass Beor")
    with pytest.raises(SessionError, match="Magic is never traded"):
        play.handle(":eod give Beor 1 magic Ailei")  # RES-4
    play.handle(":eod give Beor 2 wealth Ailei give Ailei 1 Beor")  # RES-3
    ailei, beor = play.story.state.party
    assert "Knife" in ailei.items and "Knife" not in beor.items
    assert (ailei.resources["wealth"], beor.resources["wealth"]) == (5, 1)
    assert 41 in beor.secrets


# ---------------------------------------------------------------- the survival tracks


def test_TRK_1_energy_never_passes_health(book: Book) -> None:
    campaign = started(book, ["Beor"])
    beor = campaign.character("Beor")
    beor.set_track("health", 4)
    assert beor.tracks["energy"] == 4
    beor.set_track("energy", 8)
    assert beor.tracks["energy"] == 4


def test_TRK_2_health_never_rises_above_its_track(book: Book) -> None:
    campaign = started(book, ["Beor"])
    beor = campaign.character("Beor")
    beor.set_track("health", 12)
    assert beor.tracks["health"] == 9
    campaign.pass_("Beor")
    campaign.end_of_day(eat={"Beor": True})  # eating at full Health heals nothing
    assert beor.tracks["health"] == 9


def test_TRK_7_no_track_or_resource_goes_below_zero(book: Book) -> None:
    campaign = started(book, ["Ailei"])
    read(campaign, "Ailei")  # lose 9 food with 2
    ailei = campaign.character("Ailei")
    assert ailei.resources["food"] == 0
    ailei.set_track("terror", -3)
    ailei.set_track("energy", -1)
    assert ailei.tracks["terror"] == 0 and ailei.tracks["energy"] == 0


# ---------------------------------------------------------------- advancement


def test_ADV_8_a_skill_is_saved_and_its_card_stays_used(book: Book) -> None:
    """The save keeps the side taken by its name (which names the card, 12, and the side);
    loaded again, the other side of card 12 is still forfeited."""
    rules = bundle_rules(book.bundle)
    campaign = started(book, ["Beor"])
    beor = campaign.character("Beor")
    said = adv.raise_attribute(beor, "courage", rules, skill="iron will")
    assert said == 'Beor: courage 3 for 6 Exp, with the Skill "Iron Will"'
    again = parse_save(dump_save(campaign.state), book).state.party[0]
    assert again.piles["skills"] == ["Iron Will"] and again.attributes["courage"] == 3
    assert rules.skills["Iron Will"].card == rules.skills["Stone Skin"].card
    assert adv.available_skills("courage", [again], rules.skills, rules) == []
