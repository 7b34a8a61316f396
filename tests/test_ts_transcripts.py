"""`tgc test` on a 20 Strong deck: a game played by hand and recorded (its first line says
it is a 20 Strong game, and `dice asked` when the faces were typed) is replayed by the
ruleset's player beside the deck's story transcripts, compared as text, and rewritten by
`--update`."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tests.ts_helpers import SAMPLE
from tgc.cli.main import cli

GAMES = ("dice-asked", "lost", "won")
STORIES = ("story-greedy", "story-told")


def _deck(tmp_path: Path) -> Path:
    deck = tmp_path / "deck"
    shutil.copytree(SAMPLE, deck)
    return deck


def test_tgc_test_replays_the_sample_games_and_stories() -> None:
    result = CliRunner().invoke(cli, ["test", str(SAMPLE)])
    assert result.exit_code == 0, result.output
    for name in (*GAMES, *STORIES):
        assert f"ok      {SAMPLE / name}.transcript" in result.stdout
    assert "5 transcript(s): 5 passed" in result.stdout


def test_the_headers_say_the_mode() -> None:
    heads = {name: (SAMPLE / f"{name}.transcript").read_text(encoding="utf-8").splitlines()[0]
             for name in (*GAMES, *STORIES)}
    assert heads["dice-asked"].startswith("# tgc 20 Strong transcript: ")
    assert heads["dice-asked"].endswith("; dice asked")
    assert all(heads[n].startswith("# tgc 20 Strong transcript: hero ") for n in GAMES)
    assert all(heads[n] == "# tgc transcript" for n in STORIES)


def test_a_changed_answer_is_a_difference(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    path = deck / "won.transcript"
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("> "))
    lines[first] = "> 2" if lines[first] != "> 2" else "> 1"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["test", str(deck), str(path)])
    assert result.exit_code == 1
    assert "FAIL" in result.stdout and "(replayed)" in result.stdout


def test_update_rewrites_a_game_from_its_answers(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    path = deck / "lost.transcript"
    wanted = path.read_text(encoding="utf-8")
    path.write_text(wanted.replace("Round 1: the dial shows", "Round one: the dial shows"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["test", str(deck), str(path), "--update"])
    assert result.exit_code == 0, result.output
    assert f"updated {path}" in result.stdout
    assert path.read_text(encoding="utf-8") == wanted


def test_a_game_whose_answers_run_out_is_reported(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    path = deck / "won.transcript"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["test", str(deck), str(path)])
    assert result.exit_code == 1
    assert "the transcript has no answer for this question" in result.stdout


def test_a_bundle_replays_the_same_games(tmp_path: Path) -> None:
    out = tmp_path / "build"
    assert CliRunner().invoke(cli, ["build", str(SAMPLE), "-o", str(out)]).exit_code == 0
    bundle = next(out.glob("*.bundle.json"))
    paths = [str(SAMPLE / f"{n}.transcript") for n in (*GAMES, *STORIES)]
    result = CliRunner().invoke(cli, ["test", str(bundle), *paths])
    assert result.exit_code == 0, result.output
    assert "5 transcript(s): 5 passed" in result.stdout
