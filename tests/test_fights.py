"""Fights in `tgc play`: encounters with rule data played card by card by the reader (a
script's `N`, `play N`, `pass`, `escape`), by a policy, or asked; the same fight from the
sources and from a bundle alone; bad card plays name their script line."""

from __future__ import annotations

import random
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.test_session import tiny
from tgc.bundle.io import dump_bundle, parse_bundle
from tgc.cli.main import cli
from tgc.pipeline import load_campaign
from tgc.playtest.output import Line, PlainWriter
from tgc.playtest.session import Files, Session, SessionError
from tgc.playtest.transcript import Header, ScriptError, parse_transcript, read_script, replay
from tgc.rulesets.tainted_grail.engines.game import Game, Option
from tgc.rulesets.tainted_grail.engines.hero import Hero, ItemInUse
from tgc.rulesets.tainted_grail.engines.policies import POLICIES, BasePolicy, escape_matters
from tgc.rulesets.tainted_grail.engines.ruleset import play
from tgc.rulesets.tainted_grail.engines.table import (
    FightError,
    HandFight,
    Question,
    TableRuleset,
    pick,
    table_ruleset,
)
from tgc.rulesets.tainted_grail.records import Effect, Stage
from tgc.runtime import events as ev
from tgc.runtime.book import Book

SAMPLE = Path(__file__).resolve().parents[1] / "journal_src"


@cache
def sample() -> Book:
    return Book(load_campaign(SAMPLE))


@cache
def bundle_alone() -> Book:
    return Book(parse_bundle(dump_bundle(sample().bundle)))


def session(fights: str, party: tuple[str, ...] = ("Beor",), at: str = "205.2", seed: int = 0,
            book: Book | None = None) -> tuple[Session, list[Line]]:
    lines: list[Line] = []
    game = Session(book or sample(), lines.append, seed=seed, dice="script", fights=fights,
                   party=party)
    game.start(at)
    return game, lines


def text_of(lines: list[Line]) -> str:
    writer = PlainWriter()
    for line in lines:
        writer.add(line)
    return writer.text()


class Recording(BasePolicy):
    """A policy's decisions written down as the answers a reader would give them."""

    def __init__(self, inner: BasePolicy) -> None:
        self.inner = inner
        self.answers: list[int] = []

    def mulligan(self, game: Game, hero: Hero) -> bool:
        redraw = self.inner.mulligan(game, hero)
        self.answers.append(int(redraw))
        return redraw

    def pick_active(self, game: Game, waiting: list[Hero]) -> Hero:
        hero = self.inner.pick_active(game, waiting)
        self.answers.append(waiting.index(hero))
        return hero

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        option = self.inner.choose(game, hero, options)
        self.answers.append(options.index(option))
        return option

    def discard(self, game: Game, hero: Hero, count: int) -> list[int]:
        picked = self.inner.discard(game, hero, count)
        left = list(range(len(hero.hand)))
        for index in picked:
            self.answers.append(left.index(index))
            left.remove(index)
        return picked

    def avoid(self, game: Game) -> bool:
        avoids = self.inner.avoid(game)
        self.answers.append(int(avoids))
        return avoids

    def react(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        option = self.inner.react(game, hero, options)
        self.answers.append(options.index(option))
        return option

    def approach(self, game: Game, approaches: tuple[tuple[Stage, ...], ...]) -> int:
        choice = self.inner.approach(game, approaches)
        self.answers.append(choice)
        return choice

    def equip(self, game: Game, hero: Hero, keyword: str, items: list[ItemInUse]) -> int:
        index = self.inner.equip(game, hero, keyword, items)
        self.answers.append(index if index >= 0 else len(items))
        return index

    def escape_now(self, game: Game, hero: Hero, moment: str) -> bool:
        escapes = self.inner.escape_now(game, hero, moment)
        if escape_matters(game, hero, moment):  # the reader is asked only then
            self.answers.append(int(escapes))
        return escapes

    def share(self, game: Game, loot: Effect, takers: list[Hero]) -> Hero:
        taker = self.inner.share(game, loot, takers)
        self.answers.append(takers.index(taker))
        return taker


def greedy_answers(game: Session) -> list[int]:
    """What the greedy policy decides in the fight the session is waiting on."""
    table = game.story.ruleset
    assert isinstance(table, TableRuleset) and game.hand is not None
    fight = game.hand.fight
    recording = Recording(POLICIES["greedy"]())
    play(table.game(fight.encounter, list(fight.members), random.Random(fight.seed), recording))
    return recording.answers


# ---------------------------------------------------------------- the modes


def test_a_fight_by_hand_waits_for_the_reader_with_the_table_shown() -> None:
    game, lines = session("hand")
    assert isinstance(game.waiting, ev.EncounterStarted) and game.hand is not None
    text = text_of(lines)
    assert '~ encounter "Barrow-Wight"\n  | Combat against Barrow-Wight (value 9)' in text
    assert "  Barrow-Wight: pool 0 of 9 (feint, slow)\n  its attack: gain 2 terror\n" in text
    assert "? Beor's hand: " in text and "  1. keep it\n  2. redraw 3" in text
    game.handle("1")
    assert "? Beor's move (1-6, play N, pass or escape)" in text_of(lines)


def test_on_screen_the_fight_table_is_titled_fight_and_the_state_state() -> None:
    from rich.console import Console

    from tgc.cli.playview import RichView

    game, lines = session("hand")
    console = Console(record=True, width=100, color_system=None)
    view = RichView(console)
    for line in lines:
        view.show(line)
    game.handle(":state")
    for line in lines:
        view.show(line)
    view.flush()
    screen = console.export_text()
    assert "╭─ fight " in screen and "Barrow-Wight" in screen.partition("╭─ fight ")[2]
    assert "╭─ state " in screen


@pytest.mark.parametrize(("party", "at", "seed"), [
    (("Beor",), "205.2", 0), (("Beor",), "205.2", 3), (("Beor", "Ailei"), "205.2", 1),
    (("Arev",), "204.2", 0), (("Ailei", "Arev"), "204.2", 5)])
def test_the_greedy_decisions_by_hand_end_as_the_greedy_policy(party: tuple[str, ...], at: str,
                                                              seed: int) -> None:
    """Replaying a fight from its answers is the same fight as a policy playing it."""
    auto, auto_lines = session("greedy", party, at, seed)
    hand, hand_lines = session("hand", party, at, seed)
    answers = greedy_answers(hand)
    for answer in answers:
        hand.handle(str(answer + 1))
    assert hand.hand is None and hand.story.state == auto.story.state
    assert hand.story.cursor == auto.story.cursor
    played = [line.text for line in hand_lines if line.text.startswith("| ")]
    assert played == [line.text for line in auto_lines if line.text.startswith("| ")]
    after = f"  ~ {party[0]}: "  # what the fight wrote back, then the story goes on
    assert text_of(hand_lines).rpartition(after)[2] == text_of(auto_lines).rpartition(after)[2]
    if len(party) > 1:
        assert "? Who acts next? (1-2)" in text_of(hand_lines)


def test_a_diplomacy_by_hand_offers_to_avoid_it() -> None:
    game, lines = session("hand", ("Arev",), "204.2")
    text = text_of(lines)
    assert "  Corrach the Ferryman: stage 1 of 1, affinity 3 of 6 (gray)\n" in text
    assert "? Avoid Corrach the Ferryman (2 wealth each)? (1-2)\n  1. face it\n  2. avoid it" in text
    lines.clear()
    game.handle("> avoid")
    text = text_of(lines)
    assert "  | the party avoids the encounter\n  ~ Arev: wealth 2->0\n" in text
    assert '~ encounter "Corrach the Ferryman": avoid' in text and "204.7" in game.story.state.visited


def test_auto_is_the_greedy_policy_and_shows_what_it_played() -> None:
    auto, lines = session("auto")
    greedy, _ = session("greedy")
    assert auto.story.state == greedy.story.state and auto.finished
    text = text_of(lines)
    assert "  | Beor plays " in text and '~ encounter "Barrow-Wight": win' in text
    assert "  ~ Beor: health 9->5, energy 6->5, terror 0->3, exp 0->2\n" in text


def test_ask_leaves_the_outcome_to_the_reader() -> None:
    game, lines = session("ask")
    assert lines[-1] == Line("prompt", 'encounter "Barrow-Wight": win or lose?')
    game.handle("win")
    assert "205.5" in game.story.state.visited


def test_without_declared_characters_or_rule_data_the_reader_decides() -> None:
    game, lines = session("hand", party=())  # the default adventurer has no cards
    assert game.hand is None and lines[-1].text == 'encounter "Barrow-Wight": win or lose?'
    assert table_ruleset(tiny(), "hand") is None  # no rule data at all
    asked = table_ruleset(sample(), "ask")  # the sample's Dying cards still follow the story
    assert asked is None or asked.asks


def test_a_fight_from_a_bundle_alone_is_the_same_fight() -> None:
    sources, source_lines = session("hand", seed=2)
    alone, alone_lines = session("hand", seed=2, book=bundle_alone())
    for answer in greedy_answers(sources):
        sources.handle(str(answer + 1))
        alone.handle(str(answer + 1))
    assert text_of(alone_lines) == text_of(source_lines)
    assert alone.story.state == sources.story.state


# ---------------------------------------------------------------- the reader's answers


QUESTION = Question("Beor's move", ("play Anvil Blow (2U): 2 markers", "use gain 1 charge", "pass",
                                    "escape"), ("play", "charge", "stop", "escape"), ())


@pytest.mark.parametrize(("text", "index"), [
    ("1", 0), ("play 1", 0), ("  PLAY   1 ", 0), ("2", 1), ("pass", 2), ("stop", 2), ("escape", 3),
    ("> play anvil", 0), ("> use", 1), ("> esc", 3),
])
def test_an_answer_picks_an_option(text: str, index: int) -> None:
    assert pick(QUESTION, text) == index


@pytest.mark.parametrize(("question", "text", "message"), [
    (QUESTION, "5", "there is no option 5 (1-4, play N, pass or escape)"),
    (QUESTION, "play 2", "option 2 is not a card play: use gain 1 charge"),
    (QUESTION, "play 0", "there is no option 0"),
    (QUESTION, "win", "the fight waits for Beor's move (1-4, play N, pass or escape), not 'win'"),
    (QUESTION, "> q", "no option starts with 'q'"),
    (QUESTION, "> p", "'p' starts options 1 and 3; write more of the text"),
    (QUESTION, ">", "write the start of an option's text after '>'"),
    (Question("Beor's hand: A, B", ("keep it", "redraw 1"), (), ()), "pass",
     "you cannot pass now (1-2)"),
    (Question("Beor's hand: A, B", ("keep it", "redraw 1"), (), ()), "play 1",
     "option 1 is not a card play"),
    (Question("Beor discards (1 of 1)", ("Anvil Blow (2U)", "Anvil Shield (3U)"), (), ()),
     "> anvil", "'anvil' starts options 1 and 2; write more of the text"),
])
def test_an_answer_that_does_not_fit(question: Question, text: str, message: str) -> None:
    with pytest.raises(FightError) as caught:
        pick(question, text)
    assert message in str(caught.value)


def test_a_bad_card_play_changes_nothing() -> None:
    game, _ = session("hand")
    game.handle("1")
    before, story = game.hand, game.story
    for text in ("9", "play 5", "win", "yes", "> nothing like this"):
        with pytest.raises(SessionError):
            game.handle(text)
        assert game.hand == before and game.story is story


def test_undo_takes_back_one_card_and_goto_leaves_the_fight() -> None:
    game, lines = session("hand")
    game.handle("1")
    game.handle("play 1")
    assert game.hand is not None and game.hand.answers == (0, 0)
    lines.clear()
    game.handle(":undo")
    assert game.hand is not None and game.hand.answers == (0,)
    assert lines[0] == Line("info", "undone: back at 205.2")
    assert Line("prompt", "Beor's move (1-6, play N, pass or escape)") in lines
    game.handle(":goto 205.1")
    assert game.hand is None and isinstance(game.waiting, ev.ChoicesOffered)


# ---------------------------------------------------------------- scripts and transcripts


def run(script: str, tmp_path: Path, **header: Any) -> tuple[str, ScriptError | None]:
    result = replay(sample(), Header(**header), read_script(script), name="s.txt",
                    files=Files(write=tmp_path))
    return result.text, result.error


def test_a_script_plays_cards(tmp_path: Path) -> None:
    text, error = run("1\nplay 2\nplay 1\npass\n", tmp_path, start="205.2", party=("Beor",),
                      fights="hand")
    assert error is None
    assert text.splitlines()[5] == "# fights: hand"
    assert "> play 2\n  | Beor plays Iron Footing (9U)\n  | +1 marker(s): pool 1\n" in text
    assert "> pass\n  | enemy attack at pool 1: gain 2 terror\n" in text


@pytest.mark.parametrize(("script", "line", "message"), [
    ("1\nplay 9\n", 2, "there is no option 9 (1-6, play N, pass or escape)"),
    ("1\n# a comment\nplay 6\n", 3, "option 6 is not a card play: escape"),
    ("1\nwin\n", 2, "the fight waits for Beor's move (1-6, play N, pass or escape), not 'win'"),
    ("pass\n", 1, "you cannot pass now (1-2)"),
    ("1\nplay 1\nplay 1\n", 3, "option 1 is not a card play: pass"),
])
def test_a_bad_card_play_names_its_script_line(tmp_path: Path, script: str, line: int,
                                              message: str) -> None:
    text, error = run(script, tmp_path, start="205.2", party=("Beor",), fights="hand")
    assert error is not None and (error.name, error.line) == ("s.txt", line)
    assert message in error.message
    assert text.rstrip().endswith("> " + script.splitlines()[line - 1])


def test_a_transcript_says_how_fights_are_played() -> None:
    header = parse_transcript("# tgc transcript\n# fights: planner\n\n", "t").header
    assert header.fights == "planner"
    assert parse_transcript("# tgc transcript\n\n", "t").header.fights == "ask"
    with pytest.raises(ScriptError, match=r"t:2: fights are hand, ask, auto, random, greedy or "
                                          r"planner, not 'fists'"):
        parse_transcript("# tgc transcript\n# fights: fists\n\n", "t")


# ---------------------------------------------------------------- the command line


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def test_tgc_play_bundle_runs_a_real_fight(runner: CliRunner, tmp_path: Path) -> None:
    campaign = tmp_path / "campaign"  # tgc build writes tgc.lock beside the sources
    shutil.copytree(SAMPLE, campaign, ignore=shutil.ignore_patterns("playtests", "tgc.lock"))
    built = runner.invoke(cli, ["build", str(campaign), "-o", str(tmp_path / "build")])
    assert built.exit_code == 0, built.output
    bundle = next((tmp_path / "build").glob("*.bundle.json"))
    script = tmp_path / "s.txt"
    script.write_text("> Put your shoulder\n", encoding="utf-8")
    outputs = []
    for target in (bundle, SAMPLE):
        result = runner.invoke(cli, ["play", str(target), "--script", str(script), "--at", "205",
                                     "--party", "Beor", "--fights", "auto"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert "# fights: auto\n" in outputs[0] and "  | Combat against Barrow-Wight (value 9)\n" in outputs[0]
    assert '~ encounter "Barrow-Wight": win\n\n== 205.5' in outputs[0]


def test_tgc_play_plays_fights_by_hand_by_default(runner: CliRunner, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("1\nplay 9\n", encoding="utf-8")
    result = runner.invoke(cli, ["play", str(SAMPLE), "--script", str(script), "--at", "205.2",
                                 "--party", "Beor"], catch_exceptions=False)
    assert result.exit_code == 1
    assert "# fights: hand\n" in result.stdout
    assert result.stderr == (f"tgc: error: {script}:2: there is no option 9 (1-6, play N, pass "
                             "or escape)\n")


def test_a_fight_over_before_any_question_goes_on_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    probe, _ = session("hand")
    table = probe.story.ruleset
    assert isinstance(table, TableRuleset) and probe.hand is not None
    finished = HandFight.replay(probe.hand.fight, tuple(greedy_answers(probe)), table)
    monkeypatch.setattr(HandFight, "start", classmethod(lambda cls, fight, ruleset: finished))
    game, lines = session("hand")
    assert game.hand is None and game.finished and "205.5" in game.story.state.visited
    assert '  ~ encounter "Barrow-Wight": win' in text_of(lines)
