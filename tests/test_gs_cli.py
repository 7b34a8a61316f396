"""`tgc ruleset grimslingers duel|walk` end to end on the sample Tall Tale."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tgc.cli.main import cli

SAMPLE = str(Path(__file__).parent.parent / "examples" / "grimslingers")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["ruleset", "grimslingers", *args])
    return result.exit_code, result.output


def test_duel_reports_a_win_rate_with_an_interval_and_is_reproducible() -> None:
    code, out = run("duel", "Hollow Rider", "-C", SAMPLE, "-n", "200", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["runs"] == 200 and data["creature"] == "Hollow Rider"
    low, high = data["win_interval_95"]
    assert 0 <= low <= data["win_rate"] <= high <= 1
    assert run("duel", "Hollow Rider", "-C", SAMPLE, "-n", "200", "--format", "json")[1] == out


def test_more_grimslingers_win_more_often() -> None:
    one = json.loads(run("duel", "Hollow Rider", "-C", SAMPLE, "-n", "300", "--format",
                         "json")[1])
    four = json.loads(run("duel", "Hollow Rider", "-C", SAMPLE, "-n", "300", "-p",
                          "Kipper,Luella,Nyunyo,La Fleur", "--format", "json")[1])
    assert four["win_rate"] > one["win_rate"]


def test_duel_log_prints_the_first_duel_card_by_card() -> None:
    code, out = run("duel", "Cinder Imps", "-C", SAMPLE, "-n", "10", "--log")
    assert code == 0 and "-- turn 1: Cinder Imps" in out and "reveals" in out


def test_unknown_names_are_usage_errors_with_the_known_names() -> None:
    code, out = run("duel", "Cinder Imp", "-C", SAMPLE, "-n", "1")
    assert code == 2 and "known: Cinder Imps" in out
    code, out = run("walk", "-C", SAMPLE, "-p", "Kiper")
    assert code == 2 and "Kipper" in out
    result = CliRunner().invoke(cli, ["ruleset", "grimslinger", "duel", "x"])
    assert result.exit_code == 2 and "did you mean `grimslingers`" in result.output


def test_walk_plays_the_chapter_through_reproducibly() -> None:
    code, out = run("walk", "-C", SAMPLE, "-p", "Kipper,Luella,Nyunyo", "--seed", "4")
    assert code == 0
    assert out.startswith("session: Kipper, Luella, Nyunyo at area 3 KS")
    assert 'part 1.1 "Smoke over Saltpan": completed' in out
    assert run("walk", "-C", SAMPLE, "-p", "Kipper,Luella,Nyunyo", "--seed", "4")[1] == out


def test_a_campaign_with_errors_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    (tmp_path / "x.tgj").write_text('@campaign "T"\n  ruleset: grimslingers\n  start: 301\n\n'
                                    '@location 301 "W"\n\n@part 1.1 "A"\n  requires: item "X"\n',
                                    encoding="utf-8")
    code, out = run("duel", "Imps", "-C", str(tmp_path))
    assert code == 1 and "error(s)" in out


TRANSCRIPTS = Path(SAMPLE) / "transcripts"


def test_the_sample_transcripts_replay_byte_for_byte() -> None:
    # A chapter played through (seed 6) and a lost duel (seed 4); regenerate with the
    # commands at the top of docs/rules.md's Grimslingers section when the rules change.
    walked = run("walk", "-C", SAMPLE, "-p", "Kipper,Luella,Nyunyo", "--seed", "6")[1]
    assert walked == (TRANSCRIPTS / "chapter1.walk.txt").read_text(encoding="utf-8")
    assert "end: chapter over" in walked
    lost = run("duel", "Hollow Rider", "-C", SAMPLE, "-n", "1", "--seed", "4", "--log")[1]
    assert lost == (TRANSCRIPTS / "lost-duel.txt").read_text(encoding="utf-8")
    assert "lose 1" in lost


def test_versus_reports_each_side_and_checks_its_teams() -> None:
    code, out = run("versus", "-C", SAMPLE, "-n", "100", "--policy", "random", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["runs"] == 100
    assert sum(data["win_rate"].values()) + data["draws"] / 100 == 1.0
    code, out = run("versus", "-C", SAMPLE, "-p", "Kipper,Luella,Nyunyo,La Fleur",
                    "--teams", "0,1,0,1", "-n", "20")
    assert code == 0 and "Kipper, Nyunyo" in out and "Luella, La Fleur" in out
    code, out = run("versus", "-C", SAMPLE, "-p", "Kipper,Luella", "--teams", "0")
    assert code == 2 and "one team number per duelist" in out
    code, out = run("versus", "-C", SAMPLE, "-p", "Kipper")
    assert code == 2 and "two players or more" in out


def test_versus_practice_duels_with_signature_spells_dealt() -> None:
    code, out = run("versus", "-C", SAMPLE, "-n", "40", "--practice", "--signatures", "2")
    assert code == 0
    assert out.startswith("versus Kipper, Luella: 40 duels, policy greedy, seed 0, practice "
                          "(no skills, no special resources), 2 signature spells each\n")
    code, out = run("versus", "-C", SAMPLE, "-n", "40", "--practice", "--format", "json")
    assert code == 0 and json.loads(out)["practice"] is True
    code, out = run("versus", "-C", SAMPLE, "--signatures", "4")
    assert code == 2 and "the signature deck has 7 cards: 4 each for 2 players needs 8" in out
