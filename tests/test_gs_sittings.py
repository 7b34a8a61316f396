"""`tgc play` of a Tall Tale over several sessions: Free Roam (GS-11.1), a session ended
by the players (GS-16.10) and continued from its record (GS-14.4), the next chapter
with the same characters or remade ones (GS-11.6), and the choice after a game over
(GS-16.9). Through the sitting the play seam runs, and one end to end from the CLI."""

from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner

from tests.test_gs_play import PLAYTESTS, SAMPLE
from tests.test_gs_tale_rules import TALE
from tgc.bundle.io import dump_bundle
from tgc.cli.main import cli
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import Chapter, TallTale
from tgc.rulesets.grimslingers.engines import session
from tgc.rulesets.grimslingers.engines.adventure import new_party
from tgc.rulesets.grimslingers.engines.hand import Asker
from tgc.rulesets.grimslingers.engines.tale import new_state
from tgc.rulesets.grimslingers.rules import index


def _play(answers: list[str]) -> str:
    return session.replay(TALE, {}, session.Header(("Kipper",), 0), iter(answers))[0]


def test_free_roam_reads_no_part_and_ends_when_the_players_say() -> None:
    text = _play(["Free Roam (no story booklet, GS-11.1)", "1", "end the session here",
                  ":quit"])
    assert "  6. Free Roam (no story booklet, GS-11.1)\n" in text
    assert "The Lantern Road, Free Roam: Kipper; 2 defeats allowed" in text
    assert "You enter 7D: event.\nThe tile: event" in text  # no part 1.1 read there
    assert "end: session ended after 1 turns; completed nothing; markers none" in text
    assert "? What now\n  1. leave the table\n" \
           "  2. end the session; a new session continues it (GS-14.4)\n> :quit" in text


def test_a_session_the_players_end_continues_from_its_record() -> None:
    text = _play(["1", "1", "end the session here", "2", ":quit"])
    first, second = text.split("? What now")
    assert "== part 1.1" in first and "~ items: Kipper: Lantern Oil" in first
    assert "end: session ended after 1 turns; completed 1.1; markers none" in first
    assert "remaking" not in second.split("> 2")[0]  # mid-chapter: no remaking (GS-11.6)
    assert "  session record: area 3; chapter 1; completed 1.1; markers none\n" \
           "  Kipper: 20 PP unspent of 20 earned\n" in second
    assert "\nThe Lantern Road, chapter 1 \"Dust on the Lantern Road\": Kipper; " \
           "2 defeats allowed\n" in second
    assert "on KS" in second  # the start tile of the start area, laid out afresh
    assert "Kipper 5/5 HP, 5/5 EP, 20 PP, 10 durability\n" in second  # items put away
    assert "== part 1.2" not in second.split("? Move")[0]


def _two_chapters() -> TallTale:
    return TALE.model_copy(update={"chapters": (*TALE.chapters, Chapter(number=2, title="Ash"))})


def test_after_a_chapter_the_next_begins_with_the_same_or_remade_characters() -> None:
    full = (PLAYTESTS / "chapter-one.transcript").read_text(encoding="utf-8")
    header, answers = session.read_transcript(full)
    for pick, remade in (("2", False), ("3", True)):
        text, _ = session.replay(_two_chapters(), {}, header, iter([*answers, pick, ":quit"]))
        tail = text.split("end: chapter over after 17 turns")[1]
        assert "? What now\n  1. leave the table\n  2. begin chapter 2 with the same " \
               "characters\n  3. begin chapter 2, remaking the characters (GS-11.6)\n" in tail
        assert ("~ the characters are remade" in tail) is remade
        assert "The Lantern Road, chapter 2 \"Ash\": Kipper, Luella, Nyunyo" in tail
        sheet = next(line for line in tail.split("-- turn 1")[1].splitlines()
                     if line.startswith("  Kipper "))
        assert "items Lantern Oil, Rattlesnake Tonic" in sheet  # kept within a session


def test_after_a_game_over_a_new_session_may_remake_the_characters() -> None:
    lines: list[str] = []
    answers = iter(["3", ":quit"])
    sitting = session.Sitting(index(TALE), {}, Asker(lines.append, lambda p: next(answers)),
                              random.Random(0))
    sitting.state = new_state(TALE, ["Kipper"])
    sitting.state.party = new_party(sitting.rules, ["Kipper"])
    sitting.state.party[0].gain_pp(5)
    sitting.state.party[0].pp -= 5
    sitting.state.game_over = True
    assert sitting.what_next(["Kipper"], "game over")
    assert "  3. end the session; a new session continues it, the characters remade " \
           "(GS-11.6)" in lines
    assert "  Kipper: 20 PP unspent of 25 earned" in lines
    assert sitting.state.party[0].pp == 25 and not sitting.state.game_over
    assert sitting.state.defeats_left == 2


def test_tgc_play_ends_and_continues_a_session_from_the_cli(tmp_path: Path) -> None:
    """From a bundle alone (the sources' check is the slow part, and the same game)."""
    bundle = tmp_path / "tale.bundle.json"
    bundle.write_text(dump_bundle(load_campaign(SAMPLE)), encoding="utf-8")
    script = tmp_path / "two-sessions.transcript"
    script.write_text(f"{session.MAGIC}party Kipper; seed 0\n"
                      "> 1\n> 1\n> 2\n> 2\n> :quit\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(bundle), "--script", str(script)])
    assert result.exit_code == 0, result.output
    assert result.output.count("The Lantern Road, chapter 1") == 2
    assert result.output.endswith("> :quit\nYou leave the table.\n")
