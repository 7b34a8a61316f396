"""`tgc play` of a Grimslingers Tall Tale by hand, through the play seam: the area as a
grid, moves without backtracking (GS-14.2), the eligible part read and the players'
choice among several (GS-14.5), bounties instead of the tile (GS-14.8), duels fought
card by card or by a policy, a duel alone; transcripts that `tgc test` replays."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tgc.bundle.io import dump_bundle
from tgc.cli.main import cli
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.grimslingers.engines import session
from tgc.rulesets.grimslingers.engines.hand import Asker

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "examples" / "grimslingers"
PLAYTESTS = SAMPLE / "playtests"


def _tale() -> TallTale:
    rules = load_campaign(SAMPLE).rules
    assert isinstance(rules, TallTale)
    return rules


def _play(answers: list[str], party: tuple[str, ...] = ("Kipper",), seed: int = 0) -> str:
    """What these answers print (up to the question they leave unanswered)."""
    return session.replay(_tale(), {}, session.Header(party, seed), iter(answers))[0]


def _script(tmp_path: Path, lines: list[str], header: str = "party Kipper; seed 0") -> Path:
    path = tmp_path / "answers.txt"
    path.write_text(f"{session.MAGIC}{header}\n" + "".join(f"> {a}\n" for a in lines),
                    encoding="utf-8")
    return path


def test_tgc_test_replays_the_samples_transcripts() -> None:
    result = CliRunner().invoke(cli, ["test", str(SAMPLE)])
    assert result.exit_code == 0, result.output
    assert "2 transcript(s): 2 passed" in result.output


def test_a_transcript_that_no_longer_matches_fails_with_a_diff(tmp_path: Path) -> None:
    root = tmp_path / "tale"
    shutil.copytree(SAMPLE, root)
    path = root / "playtests" / "lost-duel-by-hand.transcript"
    path.write_text(path.read_text(encoding="utf-8").replace("Kipper is defeated",
                                                             "Kipper stands"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["test", str(root)])
    assert result.exit_code == 1
    assert "-  Kipper stands" in result.output and "+  Kipper is defeated" in result.output
    updated = CliRunner().invoke(cli, ["test", str(root), "--update"])
    assert "1 updated" in updated.output
    assert CliRunner().invoke(cli, ["test", str(root)]).exit_code == 0


def test_a_transcript_is_made_from_its_header_and_answers(tmp_path: Path) -> None:
    """A writer writes the header and the `> ` lines; `tgc play --script` prints the rest."""
    full = (PLAYTESTS / "chapter-one.transcript").read_text(encoding="utf-8")
    answers = [line for line in full.splitlines() if line.startswith(("> ", "# tgc"))]
    script = tmp_path / "answers.txt"
    script.write_text("\n".join(answers) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--script", str(script)])
    assert result.exit_code == 0, result.output
    assert result.output == full


def test_a_bundle_alone_plays_the_same_game(tmp_path: Path) -> None:
    bundle = tmp_path / "tale.bundle.json"
    bundle.write_text(dump_bundle(load_campaign(SAMPLE)), encoding="utf-8")
    path = PLAYTESTS / "chapter-one.transcript"
    result = CliRunner().invoke(cli, ["play", str(bundle), "--script", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == path.read_text(encoding="utf-8")


def test_the_chapter_transcript_plays_the_chapter_through() -> None:
    text = (PLAYTESTS / "chapter-one.transcript").read_text(encoding="utf-8")
    assert "end: chapter over after 17 turns; completed 1.1, 1.2, 1.3a, 1.4, 1.5, 1.6" in text
    assert '== part 1.5 "The Glass Chapel"' in text and "> 2\n" in text  # duels by greedy
    assert 'The bounty "Wanted: Salt Jack" is done.' in text
    assert "A column of green smoke stands over the salt flats." in text  # the part's verse


def test_gs_14_2_moves_are_orthogonal_and_never_back_onto_the_last_tile() -> None:
    # KS (row 0, col 2) has 7D west, 3C east, 5H south; from 7D the only move is AH south
    text = _play(["1", "1", "1"])
    assert "  1. west to a face-down tile\n  2. east to a face-down tile\n" \
           "  3. south to a face-down tile\n  4. end the session here\n> 1\n" \
           "You enter 7D: event." in text
    turn_two = text.split("-- turn 2:")[1]
    assert "? Move\n  1. south to a face-down tile\n  2. end the session here\n" in turn_two  # not KS


def test_the_area_is_drawn_with_face_down_tiles_and_the_party_in_brackets() -> None:
    text = _play(["1", "1"])
    grid = text.split("-- turn 2:")[1].splitlines()[1:4]
    assert grid == ["      [7D] KS  ??", "   ??  ??  ??  ??  ??", "       ??  ??  KC"]


def test_gs_14_5_the_players_choose_among_several_eligible_parts() -> None:
    text = (PLAYTESTS / "chapter-one.transcript").read_text(encoding="utf-8")
    assert '? Which part do you read\n  1. 1.3a "Pin the Star"\n  2. 1.3b "Tie the Bandana"' in text


def test_a_wrong_answer_is_said_and_the_question_asked_again() -> None:
    text = _play(["9", "tall tale", "the Tall Tale", ":quit"])
    assert "> 9\nerror: answer with a number from 1 to 6, or :quit\n> tall tale\nerror:" in text
    assert "> the Tall Tale\nThe Lantern Road, chapter 1" in text
    assert text.endswith("> :quit\nYou leave the table.\n")


def test_a_duel_alone_by_hand_card_by_card() -> None:
    text = (PLAYTESTS / "lost-duel-by-hand.transcript").read_text(encoding="utf-8")
    assert "? Kipper's Standoff (2 of 2 actions left)\n  1. end the Standoff" in text
    assert "  4. use Nine Lives (no RN, cost 2 durability): user gains 2 hp" in text
    assert "? Kipper plays\n  1. Catsbane Cleave (RN 5, cost 3 durability): 2 dmg; user gains 1 hp" in text
    assert text.endswith("Kipper is defeated\nThe duel is a lose after 2 turns: Kipper 3 HP 3 EP.\n"
                         "end: the duel is a lose\n")


def test_standoff_actions_by_hand_are_taken_one_after_another() -> None:
    # duel alone with Cinder Imps by hand: sacrifice 1 HP, then the second action sees 4 HP
    text = _play(["2", "by hand", "sacrifice 1 HP for 1 EP", "end the Standoff", "pass (+2 EP)",
                  ":quit"])
    assert "Kipper sacrifices 1 HP\n  Kipper 4 HP, 5 EP" in text
    assert "? Kipper's Standoff (1 of 2 actions left)" in text
    assert "Kipper passes: +2 EP" in text


def test_the_party_is_asked_when_none_is_given() -> None:
    text = _play(["Luella", "ride out", ":quit"], party=())
    assert "? Who rides (the party: nobody yet)\n  1. Kipper" in text
    assert "? Who rides (the party: Luella)" in text and "ride out" in text


@pytest.mark.parametrize(("args", "message"), [
    (["--party", "Wyatt"], 'no Grimslinger "Wyatt"'),
    (["--ask-dice"], "--ask-dice"),
    (["--fights", "auto"], "--fights: not for a `grimslingers` campaign"),
])
def test_what_the_player_cannot_start_is_a_usage_error(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), *args], input="")
    assert result.exit_code == 2
    assert message in result.output


def test_a_script_that_runs_out_prints_what_it_played_and_fails(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--script",
                                      str(_script(tmp_path, ["1"]))])
    assert result.exit_code == 2
    assert "-- turn 1:" in result.output
    assert "the transcript has no answer for this question" in result.output


def test_a_bad_header_is_named(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--script",
                                      str(_script(tmp_path, [], header="party Kipper; seed x"))])
    assert result.exit_code == 2
    assert "the transcript's seed must be written with the digits 0-9" in result.output


def test_play_by_hand_at_the_terminal() -> None:
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--party", "Kipper", "--seed", "5"],
                                input="1\n1\n:quit\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{session.MAGIC}party Kipper; seed 5\n")
    assert "You enter" in result.output and "You leave the table." in result.output


def test_gs_15_10_luellas_control_resets_after_a_duel() -> None:
    text = (PLAYTESTS / "chapter-one.transcript").read_text(encoding="utf-8")
    sheets = [line for line in text.splitlines() if line.startswith("  Luella ") and "PP" in line]
    assert sheets and all(", 0 control" in line for line in sheets)


def test_twenty_strong_transcripts_replay_through_the_same_seam() -> None:
    folder = REPO / "examples" / "twenty_strong"
    result = CliRunner().invoke(cli, ["test", str(folder)])
    assert result.exit_code == 0, result.output
    count = len(list(folder.rglob("*.transcript")))
    assert count >= 2 and f"{count} transcript(s): {count} passed" in result.output


def test_the_hand_asker_reads_numbers_with_the_limits_reader() -> None:
    lines: list[str] = []
    answers = iter(["²", "1"])
    pick = Asker(lines.append, lambda prompt: next(answers)).choose("Q", ["a"])
    assert pick == 0 and lines[-1].startswith("error: ")
