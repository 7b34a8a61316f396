"""The play session without a terminal: answers, bad input (a message, the session
unchanged), and every command (:set, :goto, :enter, :undo, :save/:load, :seed, :help)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from tgc.pipeline import load_campaign
from tgc.playtest.output import Line, PlainWriter
from tgc.playtest.session import Files, Session, SessionError
from tgc.runtime import events as ev
from tgc.runtime.book import Book

TINY = Path(__file__).resolve().parent / "cases" / "play" / "tiny"


@cache
def tiny() -> Book:
    return Book(load_campaign(TINY))


class Play:
    """A session on the tiny campaign that records what it shows."""

    def __init__(self, tmp: Path, **options: object) -> None:
        self.lines: list[Line] = []
        self.session = Session(tiny(), self.lines.append, files=Files(write=tmp), **options)  # type: ignore[arg-type]

    def __call__(self, *inputs: str) -> list[Line]:
        self.lines.clear()
        for text in inputs:
            self.session.handle(text)
        return list(self.lines)

    def text(self) -> str:
        writer = PlainWriter()
        for line in self.lines:
            writer.add(line)
        return writer.text()

    def fails(self, text: str, message: str) -> None:
        state, story = self.session.story.state.copy(), self.session.story
        with pytest.raises(SessionError) as caught:
            self.session.handle(text)
        assert message in str(caught.value)
        assert self.session.story is story and self.session.story.state == state

    @property
    def state(self):  # type: ignore[no-untyped-def]
        return self.session.story.state


@pytest.fixture
def play(tmp_path: Path) -> Play:
    game = Play(tmp_path)
    game.session.start()
    return game


def offered(play: Play) -> list[str]:
    waiting = play.session.waiting
    assert isinstance(waiting, ev.ChoicesOffered)
    return [o.text for o in waiting.choices]


# ---------------------------------------------------------------- starting and answering


def test_start_shows_the_verse_then_asks_the_guard_question(play: Play) -> None:
    kinds = [line.kind for line in play.lines]
    assert kinds == ["heading", "prose", "prompt"]
    assert play.lines[0].text == "101.1"
    assert play.lines[2].text == "Is it night? (yes/no)"
    play("no")
    assert offered(play) == ["Take the left lane", "Pay the toll", "Go home"]


def test_start_at_a_named_verse_a_printed_number_or_a_location(tmp_path: Path) -> None:
    for at, heading in (("101.stone", ("101.6", "stone")), ("101.6", ("101.6", "stone")),
                        ("bos.pyre", ("bos.1", "pyre")), ("102", ("102.1", ""))):
        game = Play(tmp_path)
        game.session.start(at)
        assert (game.lines[0].text, game.lines[0].detail) == heading


def test_choose_by_number_or_by_the_start_of_the_text(play: Play) -> None:
    play("yes")
    lines = play("> pay the")
    assert [line.text for line in lines[:2]] == ["~ pay 2 wealth (shared: Adventurer 3->1)", "101.4"]
    assert play.state.party[0].resources["wealth"] == 1


@pytest.mark.parametrize(("text", "message"), [
    ("9", "there is no choice 9 (choices 1-3; 2 locked)"),
    ("> Warm", "the choice 'Warm your hands' is locked (needs status \"Cold Pyre\" 2)"),
    ("> Zzz", "no offered choice starts with 'Zzz'"),
    ("> ", "write the start of a choice's text after '>'"),
    ("yes", "the story waits for a choice (choices 1-3; 2 locked), not 'yes'"),
    ("roll 4", "the story waits for a choice"),
    ("win", "the story waits for a choice"),
])
def test_an_answer_that_does_not_fit_changes_nothing(play: Play, text: str, message: str) -> None:
    play("no")
    play.fails(text, message)


def test_two_choices_starting_alike_ask_for_more_text(play: Play) -> None:
    play(":enter 102")
    play.fails("> leave", "'leave' starts choices 1 and 2; write more of the text")
    play("> leave by the r")
    assert play.session.finished


def test_a_roll_from_the_seed_is_shown_with_its_modifier(tmp_path: Path) -> None:
    game = Play(tmp_path, seed=3)
    game.session.start("101.2")
    rolls = [line.text for line in game.lines if line.text.startswith("~ roll")]
    assert rolls == ["~ roll d6: 2, +1 courage = 3"]  # the attribute is named
    twin = Play(tmp_path, seed=3)
    twin.session.start("101.2")
    assert twin.lines == game.lines


def test_asked_dice_wait_for_the_reader(tmp_path: Path) -> None:
    game = Play(tmp_path, dice="ask")
    game.session.start("101.2")
    assert game.lines[-1] == Line("prompt", "roll d6 (+1 courage): what do the dice show (1-6)?")
    game.fails("roll 7", "1d6 cannot show 7 (it shows 1-6)")
    game.fails("heads", "the story waits for a roll of d6 (roll N), not 'heads'")
    game("4")
    assert "~ roll d6: 4, +1 courage = 5" in [line.text for line in game.lines]


def test_an_encounter_is_settled_by_the_reader(play: Play) -> None:
    play("yes", "2")
    assert play.lines[-1].text == 'encounter "The Toll-Keeper": win, lose or avoid?'
    play.fails("flee", "the story waits for the encounter's outcome (win, lose, avoid), not 'flee'")
    lines = play("win")
    assert [line.kind for line in lines] == ["block", "prose", "effect", "ending"]
    assert 12 in play.state.secrets


def test_input_after_the_end_says_how_to_go_on(play: Play) -> None:
    play("no", "> Go home")
    assert play.session.finished
    play.fails("1", "the exploration has ended (:enter N, :act N ACTION, :goto VERSE, :day, "
                    ":load FILE, :undo, :state or :quit)")


# ---------------------------------------------------------------- commands


@pytest.mark.parametrize(("command", "said", "check"), [
    (':set status "Cold Pyre" 2', 'status "Cold Pyre" 2 of 3', lambda s: s.statuses["Cold Pyre"] == {2}),
    (':set status "Cold Pyre" 1,3', 'status "Cold Pyre" 1, 3 of 3',
     lambda s: s.statuses["Cold Pyre"] == {1, 3}),
    (':set status "Lamp" 2', 'status "Lamp" 2 of 2 boxes', lambda s: s.statuses["Lamp"] == {1, 2}),
    (':set status "Lamp"', 'status "Lamp" 1 of 2 boxes', lambda s: s.statuses["Lamp"] == {1}),
    (':set status "Known"', 'status "Known"', lambda s: s.statuses["Known"] == {1}),
    (":set courage 3", "courage: Adventurer 3", lambda s: s.party[0].attributes["courage"] == 3),
    (":set food 0", "food: Adventurer 0", lambda s: s.party[0].resources["food"] == 0),
    (":set adventurer health 2", "health: Adventurer 2", lambda s: s.party[0].tracks["health"] == 2),
    (":set secret 12", "secret 12: held", lambda s: s.secrets == {12}),
    (":set item Rope", "items: Rope", lambda s: s.items == ["Rope"]),
    (":set item [weapon]", "items: [weapon]", lambda s: s.items == ["[weapon]"]),
    (':set dial "Quest Dial" 8', 'dial "Quest Dial": 8', lambda s: s.dials == {"Quest Dial": 8}),
    (":set visited 101.3", "101.3: visited", lambda s: "101.3" in s.visited),
    (":set task Find the mill", "tasks: Find the mill", lambda s: s.tasks == ["Find the mill"]),
    (":set day 5", "day 5", lambda s: s.day == 5),
    (":set chapter 3A", "chapter 3A", lambda s: str(s.chapter) == "3A"),
    (":set players 3", "players 3", lambda s: s.player_count == 3),
    (":set tokens 2", "tokens 2", lambda s: s.time_tokens == 2),
    (":set location 102", "location 102 Mill", lambda s: s.location == 102),
])
def test_set_changes_any_part_of_the_state(play: Play, command: str, said: str, check: object) -> None:
    lines = play(command)
    assert lines[0] == Line("info", said)
    assert check(play.state)  # type: ignore[operator]


def test_unset_takes_back(play: Play) -> None:
    play(':set status "Cold Pyre" all', ":set secret 12", ":set item Rope", ":set item Rope")
    play(':unset status "Cold Pyre" 2', ":unset secret 12", ":unset item Rope")
    assert play.state.statuses["Cold Pyre"] == {1, 3}
    assert play.state.secrets == set() and play.state.items == ["Rope"]
    play(':unset status "Cold Pyre"')
    assert play.state.statuses["Cold Pyre"] == set()


@pytest.mark.parametrize(("command", "message"), [
    (':set status "Cold Pyr" 2', 'the campaign declares no status "Cold Pyr" (did you mean "Cold Pyre"?)'),
    (':set status "Cold Pyre" 4', "a part number must be 1..3, not 4"),
    (':set status "Cold Pyre"', '"Cold Pyre" has 3 parts: write which (3, 1-3, 1,4 or all)'),
    (':set status "Known" 2', '"Known" is a flag: it has no parts'),
    (':set status "Lamp" 3', "the number of ticked boxes must be 0..2, not 3"),
    (":set secret 99", "the campaign declares no secret 99"),
    (":set item Robe", 'the campaign declares no item "Robe" (did you mean "Rope"?)'),
    (':set dial "Quest Dial" 9', "a dial value must be 0..8, not 9"),
    (":set courage many", "expected courage, not 'many'"),
    (":set corage 2", "cannot set 'corage' (did you mean 'courage'?)"),
    (":set chapter three", "not a chapter id"),
    (":set visited 101.99", "the campaign has no verse 101.99"),
    (":set location 7", "the campaign has no location 7"),
    (":unset item Rope", 'the party holds no "Rope"'),
    (":set", "what should change?"),
    (':set status "Cold', "cannot read"),
    (":bogus", "unknown command ':bogus' (:help lists them)"),
    (":", "a command follows ':'"),
])
def test_a_set_that_does_not_fit_is_a_message(play: Play, command: str, message: str) -> None:
    play.fails(command, message)


def test_set_fires_a_trigger_read_at_the_end_of_the_exploration(play: Play) -> None:
    lines = play(':set status "Cold Pyre" all')
    assert lines[1].text == '! "Cold Pyre" parts 1-3 marked: bos.1 (pyre) is read when the exploration ends'
    play("no", "> Go home")
    assert "bos.pyre" in play.state.visited


def test_set_between_explorations_reads_the_trigger_at_once(play: Play) -> None:
    play("no", "> Go home")
    lines = play(':set status "Cold Pyre" all')
    assert [line.kind for line in lines] == ["info", "event", "heading", "prose", "ending"]
    assert lines[1].text.endswith("is read now")


def test_goto_takes_any_name_of_a_verse(play: Play) -> None:
    for where, heading in (("101.3", "101.3"), ("3", "101.3"), ("stone", "101.6"), ("101.6", "101.6"),
                           ("bos.pyre", "bos.1"), ("102.1", "102.1"), ("102", "102.1")):
        lines = play(f":goto {where}")
        assert lines[0].text == heading, where
    lines = play(":goto 101.2.climb")
    assert lines[0] == Line("block", "climb")


@pytest.mark.parametrize(("command", "message"), [
    (":goto 101.33", "the campaign has no verse 101.33 (did you mean 101.3?)"),
    (":goto bos.nothing", "the campaign has no verse bos.nothing"),
    (":goto", "write ':goto VERSE'"),
    (":enter 7", "the campaign has no location 7"),
    (":enter 102 menhir", "location 102 has no menhir hook (it has: explore)"),
    (":enter mill", "write ':enter LOCATION [HOOK]'"),
])
def test_goto_and_enter_refuse_what_is_not_there(play: Play, command: str, message: str) -> None:
    play.fails(command, message)


def test_enter_a_hook_sets_the_location(play: Play) -> None:
    lines = play(":enter 101 menhir")
    assert (lines[0].text, lines[0].detail) == ("101.6", "stone")
    play(":enter 102")
    assert play.state.location == 102


def test_act_pays_the_cost_once_per_day_and_the_days_and_chapters_move_on(play: Play) -> None:
    shown = play(":act 102 grind")
    assert [line.text for line in shown[:2]] == ["~ pay 1 wealth (shared: Adventurer 3->2)", "102.3"]
    assert play.state.location == 102 and play.state.acted == {"102/Grind the flour": 1}
    play.fails(":act 102 grind", "taken once per day, and was taken on day 1")
    play.fails(":act 102 grease", "costs 9 wealth (the party has 2)")
    play.fails(":act 102 g", "write more of the action's name")
    play.fails(":act 101", "location 101 has no action")
    play.fails(":day 1", "the days only move on")
    assert play(":day")[0].text == "day 2 begins"
    play(":act 102 Grind")
    assert play.state.acted == {"102/Grind the flour": 2}
    play(":day 5", ":chapter 3A")
    assert play.state.day == 5 and str(play.state.chapter) == "3A"
    play.fails(":chapter 2", "chapters only move on")
    play(":enter 102")
    play.fails(":day", "a day ends between explorations")


def test_start_at_a_location_action(tmp_path: Path) -> None:
    game = Play(tmp_path)
    game.session.start("102 Grind")
    assert [line.text for line in game.lines[:2]] == ["~ pay 1 wealth (shared: Adventurer 3->2)", "102.3"]


def test_undo_takes_back_answers_commands_and_moves(play: Play) -> None:
    play.fails(":undo", "nothing to undo")
    play("yes", "> Pay")
    assert play.state.party[0].resources["wealth"] == 1
    lines = play(":undo")
    assert lines[0] == Line("info", "undone: back at 101.1")
    assert [line.kind for line in lines[1:]] == ["choice"] * 4
    assert play.state.party[0].resources["wealth"] == 3
    play(":set food 0", ":undo")
    assert play.state.party[0].resources["food"] == 3
    play(":goto 102", ":undo", ":undo")
    assert isinstance(play.session.waiting, ev.AskPosed)


def test_undo_back_to_between_explorations_reads_as_a_sentence(tmp_path: Path) -> None:
    game = Play(tmp_path)
    game.session.start("none")
    game(":enter 102")
    assert game(":undo")[0] == Line("info", "undone: back between explorations")


def test_save_into_a_missing_folder_creates_nothing(play: Play, tmp_path: Path) -> None:
    play.fails(":save nosuchdir/x.json", "there is no folder")
    assert not (tmp_path / "nosuchdir").exists()


def test_save_and_load_round_trip(play: Play, tmp_path: Path) -> None:
    play("yes", ":set secret 12")
    assert play(":save mid.json") == [Line("info", "saved mid.json")]
    saved = json.loads((tmp_path / "mid.json").read_text(encoding="utf-8"))
    assert saved["campaign"] == "Tiny Lanes" and saved["position"]["verse"] == "101.1"
    before = play.state.copy()
    play("> Sleep", ":set food 0", ":goto 102")
    lines = play(":load mid.json")
    assert lines[0] == Line("info", "loaded mid.json: 101.1")
    assert [line.text for line in lines if line.kind == "choice"][2] == "Sleep under the hedge"
    assert play.state == before
    play(":undo")
    assert play.state.party[0].resources["food"] == 0


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "mid.json: not JSON"),
    ('{"format": 9, "kind": "tgc-save"}', "save format 9 is newer than this tgc supports"),
    ('{"format": 1, "state": {"statuses": {"Nope": [1]}}}', 'the campaign declares no status "Nope"'),
    ('{"format": 1, "campaign": "Other", "state": {}}', 'this save belongs to "Other"'),
    ('{"format": 1, "position": {"verse": "101.77"}}', "the saved position 101.77 is not in this campaign"),
])
def test_a_corrupt_save_is_a_message_and_changes_nothing(play: Play, tmp_path: Path, content: str,
                                                       message: str) -> None:
    (tmp_path / "mid.json").write_text(content, encoding="utf-8")
    play("yes")
    play.fails(":load mid.json", message)
    play.fails(":load missing.json", "missing.json: cannot read the save file")
    assert len(play.session.history) == 1


def test_a_confined_session_keeps_its_files_beside_it(tmp_path: Path) -> None:
    game = Play(tmp_path)
    game.session.files = Files(write=tmp_path, confined=True)
    game.session.start()
    game.fails(":save ../out.json", "a script writes only in its own folder")
    game.fails(f":save {tmp_path / 'x.json'}", "a script writes only in its own folder")


def test_seed_help_and_quit(play: Play) -> None:
    assert play(":seed 9") == [Line("info", "seed 9")]
    assert play.session.story.rng.seed == 9
    play.fails(":seed nine", "write ':seed N'")
    assert play(":help")[0].text.startswith("N ")
    assert play(":help set")[0].text.startswith(":set status NAME")
    play(":quit")
    assert play.session.done


def test_keyword_item_asks_which(play: Play) -> None:
    play(":goto 101.2.climb")
    waiting = play.session.waiting
    assert isinstance(waiting, ev.ChoicesOffered) and waiting.purpose == "item"
    assert [line.text for line in play.lines[-3:]] == ["which item?", "Lamp Oil", "Rope"]
    play("> Rope")
    assert play.state.items == ["Rope"]


def test_show_locked_lists_the_locked_choices_with_the_reason(tmp_path: Path) -> None:
    game = Play(tmp_path, show_locked=True)
    game.session.start()
    game("no")
    locked = [(line.text, line.detail) for line in game.lines if line.kind == "locked"]
    assert locked == [("Warm your hands", 'needs status "Cold Pyre" 2'),
                      ("Sleep under the hedge", 'needs ask "Is it night?"')]


def test_plain_layout(play: Play) -> None:
    play("no")
    assert play.text() == ("  1. Take the left lane\n  2. Pay the toll (pay 2 wealth)\n  3. Go home\n")
    play(":goto 101.5")
    assert play.text() == ('== 101.5\nYou sleep.\n  ~ mark "Known"\n  ~ mark "Lamp" (1 of 2 boxes ticked)\n'
                           "\nExploration ends.\n")


def test_a_bundle_that_was_never_checked_gives_a_message(tmp_path: Path) -> None:
    """Loading refuses such a bundle (tests/test_validation.py); one made in memory
    without that check still stops play with a message where the verse is missing."""
    from tgc.bundle.io import BundleError, dump_bundle, parse_bundle
    from tgc.bundle.schema import Bundle

    good = '"verse":"101.5"},"text":"Sleep'
    text = dump_bundle(tiny().bundle).replace(good, good.replace("101.5", "101.55"))
    with pytest.raises(BundleError, match="no verse `101.55` in the bundle"):
        parse_bundle(text)
    lines: list[Line] = []
    session = Session(Book(Bundle.model_validate_json(text)), lines.append, files=Files(write=tmp_path))
    session.start()
    session.handle("yes")
    with pytest.raises(SessionError) as caught:
        session.handle("> Sleep")
    assert str(caught.value) == "the campaign cannot go on here: the bundle has no verse 101.55"
    assert isinstance(session.waiting, ev.ChoicesOffered) and len(session.history) == 1
    session.handle("> Go home")
    assert session.finished


def test_enter_refuses_a_location_that_left_the_map(tmp_path: Path) -> None:
    game = Play(tmp_path)
    game.session.start("none")
    state = game.session.story.state
    state.removed.add(102)
    game.fails(":enter 102", "location 102 was removed from the map")
    state.replaced[102] = 101
    game.fails(":enter 102", "location 102 was replaced by 101 (`replace location 102 with 101`)")
