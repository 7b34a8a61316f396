"""The Story pull API: bodies, choices, asks, dice, encounters, triggers; save files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.runtime_helpers import book_of, story_of
from tgc.runtime import SaveError, load_save, write_save
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.save import SAVE_FORMAT, dump_save, parse_save
from tgc.runtime.state import Chapter
from tgc.runtime.story import InputError

CAMPAIGN = """
@status "Pyre" parts 3
  when parts 1-3 -> bos.lit
@status "Debt" boxes 2
  when full -> bos.debt
@item "Rope"
  keywords: craftable
@item "Lamp"
  keywords: craftable

@location 101 "Farm"
  explore -> 101.1
  text: A farm.

== 101.1
Hello.
~ if ask "Is it raining?" -> 2
* {status "Pyre" 1} Warm up -> 3
* {pay 9 wealth} Buy the farm -> 3
* Mark the pyre -> 4
* Leave -> end

== 101.2
Wet.
~ roll d6 + courage: 1-3 -> .low; 4+ -> .high
= low
Low.
-> end
= high
High.
~ gain item craftable
-> end

== 101.3
Warm.
~ encounter blue: win -> 5; lose -> end
Avoided.
-> end

== 101.4
~ mark "Pyre" 1-3
~ mark "Debt"
~ mark "Debt"
After the marks.
-> end

== 101.5
~ toss: heads -> end; tails -> end chapter

== bos.lit
Lit.
-> end

== bos.debt
Debt.
-> game over
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return book_of(tmp_path_factory.mktemp("c"), CAMPAIGN)


def kinds(events: list[ev.Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def test_choices_asks_and_locked_reasons(book: Book) -> None:
    story = story_of(book)
    story.enter(101)
    events = story.run()
    assert kinds(events) == ["VerseEntered", "Text", "AskPosed"]
    story.answer(False)
    offered = story.run()[-1]
    assert isinstance(offered, ev.ChoicesOffered)
    assert [c.text for c in offered.choices] == ["Mark the pyre", "Leave"]
    reasons = [lock.reason for lock in offered.locked]
    assert reasons == ['needs status "Pyre" 1', "costs 9 wealth (the party has 3)"]
    with pytest.raises(InputError):
        story.choose(5)
    with pytest.raises(InputError):
        story.answer(True)
    story.choose(1)
    assert isinstance(story.run()[-1], ev.ExplorationEnded) and story.finished


def test_triggers_fire_when_they_become_true_and_run_after_the_exploration(book: Book) -> None:
    story = story_of(book)
    story.goto("101.4")
    events = story.run()
    fired = [e.status for e in events if isinstance(e, ev.TriggerFired)]
    assert fired == ["Pyre", "Debt"]
    read = [e.verse for e in events if isinstance(e, ev.VerseEntered)]
    assert read == ["101.4", "bos.lit", "bos.debt"]
    assert kinds(events)[-1] == "GameOver"
    again = story_of(book)
    again.state.statuses["Pyre"] = {1, 2, 3}
    again.reset_triggers()
    again.goto("101.4")
    assert [e.status for e in again.run() if isinstance(e, ev.TriggerFired)] == ["Debt"]


def test_a_trigger_made_true_between_explorations_is_read_at_once(book: Book) -> None:
    story = story_of(book)
    story.goto("101.1")
    story.run()
    story.answer(False)
    story.run()
    story.choose(1)  # Leave
    assert isinstance(story.run()[-1], ev.ExplorationEnded) and story.finished
    state = story.state.copy()
    state.statuses["Pyre"] = {1, 2, 3}
    story.set_state(state)
    events = story.run()
    assert isinstance(events[0], ev.TriggerFired) and events[0].now
    assert [e.verse for e in events if isinstance(e, ev.VerseEntered)] == ["bos.lit"]
    assert isinstance(events[-1], ev.ExplorationEnded) and story.finished and not story.queue


def test_a_loaded_state_fires_nothing_and_queued_verses_come_first(book: Book) -> None:
    story = story_of(book)
    state = story.state.copy()
    state.statuses["Pyre"] = {1, 2, 3}
    story.set_state(state, fire=False)
    assert story.run() == [] and story.finished
    story.state.statuses["Pyre"] = set()
    story.reset_triggers()
    story.goto("101.4")  # marks Pyre 1-3 and Debt twice: two verses queued at -> end
    story.run()
    assert story.finished and story.state.statuses["Pyre"] == {1, 2, 3}
    left = story_of(book)
    left.goto("101.1")
    left.run()
    left.state.statuses["Pyre"] = {1, 2, 3}
    left.refresh_triggers()  # mid-exploration: queued for -> end
    assert [type(e).__name__ for e in left.run()] == ["TriggerFired"] and left.queue
    left.enter(101)  # the exploration is left unfinished: bos.lit is read before the new one
    read = [e.verse for e in left.run() if isinstance(e, ev.VerseEntered)]
    assert read == ["bos.lit", "101.1"]


def test_end_chapter_moves_the_campaign_to_the_next_chapter(book: Book) -> None:
    story = story_of(book, dice="ask")
    story.goto("101.5")
    story.run()
    with pytest.raises(InputError, match="between explorations"):
        story.next_day()
    story.give_toss("tails")
    assert isinstance(story.run()[-1], ev.ChapterEnded) and str(story.state.chapter) == "2"
    story.next_chapter(Chapter.parse("3A-2"))
    with pytest.raises(InputError, match="only move on"):
        story.next_chapter(Chapter.parse("3B"))
    story.next_chapter()
    story.next_day(4)
    assert (str(story.state.chapter), story.state.day) == ("4", 4)


def test_given_faces_and_given_sums(book: Book) -> None:
    story = story_of(book, dice="ask")
    story.goto("101.2")
    story.run()
    with pytest.raises(InputError, match="cannot show the faces 7"):
        story.give_roll((7,))
    twin = story.fork()
    story.give_roll((2,))
    made = [e for e in story.run() if isinstance(e, ev.RollMade)]
    assert made[0].faces == (2,) and made[0].total == 3
    twin.give_roll(2)
    made = [e for e in twin.run() if isinstance(e, ev.RollMade)]
    assert made[0].faces == () and made[0].total == 3


def test_dice_asked_and_random_item_pick(book: Book) -> None:
    story = story_of(book, dice="ask")
    story.enter(101)
    story.run()
    story.answer(True)
    wait = story.run()[-1]
    assert isinstance(wait, ev.RollRequested) and wait.modifier == 1
    with pytest.raises(InputError):
        story.give_roll(7)
    story.give_roll(3)
    pick = story.run()[-1]
    assert isinstance(pick, ev.ChoicesOffered) and pick.purpose == "item"
    assert [c.text for c in pick.choices] == ["Lamp", "Rope"]
    story.choose(1)
    story.run()
    assert story.state.items == ["Rope"]
    rolled = story_of(book)
    rolled.goto("101.2")
    assert any(isinstance(e, ev.RollMade) and e.faces for e in rolled.run())


def test_encounter_outcomes_and_missing_arms(book: Book) -> None:
    story = story_of(book)
    story.goto("101.3")
    started = story.run()[-1]
    assert isinstance(started, ev.EncounterStarted) and started.outcomes == ("win", "lose", "avoid")
    story.resolve("avoid")
    assert [e.text for e in story.run() if isinstance(e, ev.Text)] == ["Avoided."]


def test_fork_is_independent(book: Book) -> None:
    story = story_of(book)
    story.enter(101)
    story.run()
    twin = story.fork()
    twin.answer(True)
    twin.run()
    assert story.state.answers == {} and twin.state.answers == {"Is it raining?": True}


def test_save_round_trip_resumes_at_the_same_line(book: Book, tmp_path: Path) -> None:
    story = story_of(book)
    story.enter(101)
    story.run()
    story.answer(False)
    story.run()
    story.state.statuses["Pyre"] = {2}
    cursor, queue = story.position()
    path = tmp_path / "s.json"
    write_save(path, story.state, campaign="Test", seed=4, cursor=cursor, queue=queue)
    loaded = load_save(path, book)
    assert loaded.seed == 4 and loaded.state.statuses == {"Pyre": {2}}
    assert dump_save(loaded.state, campaign="Test", seed=4, cursor=loaded.cursor) == path.read_text()
    resumed = story_of(book)
    resumed.state = loaded.state
    resumed.restore(loaded.cursor, loaded.queue)
    offered = resumed.run()[-1]
    assert isinstance(offered, ev.ChoicesOffered) and len(offered.choices) == 2


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not JSON"),
    ('[1, 2]', "not a tgc save file"),
    ('{"kind": "tgc-save"}', "no valid format version"),
    ('{"format": 99}', "save format 99 is newer"),
    ('{"format": 1, "state": {"day": "soon"}}', "at $.state.day"),
    ('{"format": 1, "state": {"statuses": {"Nope": [1]}}}', 'no status "Nope"'),
    ('{"format": 1, "state": {"statuses": {"Pyre": [4]}}}', "not 4"),
    ('{"format": 1, "state": {"dials": {"D": 9}}}', "0..8"),
    ('{"format": 1, "campaign": "Other"}', 'belongs to "Other"'),
    ('{"format": 1, "position": {"verse": "101.99"}}', "not in this campaign"),
    ('{"format": 1, "state": {"party": [{"name": "A", "resources": {"gold": 1}}]}}', "'gold' is not"),
])
def test_bad_save_files_give_a_clear_error(book: Book, text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message.replace("$", r"\$").replace("(", r"\(")):
        parse_save(text, book, "s.json")


def test_a_failed_load_changes_nothing(book: Book, tmp_path: Path) -> None:
    story = story_of(book)
    before = dump_save(story.state)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": SAVE_FORMAT, "state": {"statuses": {"Pyre": [9]}}}))
    with pytest.raises(SaveError):
        story.state = load_save(path, book).state
    assert dump_save(story.state) == before
    with pytest.raises(SaveError, match="cannot read"):
        load_save(tmp_path / "missing.json", book)
