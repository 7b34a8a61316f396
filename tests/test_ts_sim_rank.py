"""`tgc sim BOSS` on a 20 Strong deck at the ranks `--rank` names (a ruleset's own `tgc
sim` number, RulesetSpec.sim_numbers): whole games per hero x rank, the same games as
`tgc deck sim --rank`, rank 1 when none is given, refused for a campaign of a ruleset
without ranks."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tests.ts_helpers import SAMPLE
from tgc.cli.main import cli

REPO = Path(__file__).resolve().parents[1]
BOSS, HERO = "The Hollow King", "Odhran Quietstone"


def _cells(args: list[str]) -> list[dict[str, object]]:
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    cells: list[dict[str, object]] = json.loads(result.stdout)["cells"]
    return cells


def test_sim_plays_each_rank_given() -> None:
    cells = _cells(["sim", BOSS, "-C", str(SAMPLE), "-p", HERO, "-n", "40", "--rank", "1", "--rank", "5"])
    assert [(c["hero"], c["boss"], c["rank"], c["games"]) for c in cells] == [
        (HERO, BOSS, 1, 40), (HERO, BOSS, 5, 40)]
    assert cells[0]["lost_at"] != cells[1]["lost_at"] or cells[0]["wins"] != cells[1]["wins"]


def test_without_rank_the_games_are_rank_1() -> None:
    plain = _cells(["sim", BOSS, "-C", str(SAMPLE), "-p", HERO, "-n", "30"])
    ranked = _cells(["sim", BOSS, "-C", str(SAMPLE), "-p", HERO, "-n", "30", "--rank", "1"])
    assert plain == ranked and plain[0]["rank"] == 1


def test_sim_plays_the_same_games_as_deck_sim() -> None:
    sim = _cells(["sim", BOSS, "-C", str(SAMPLE), "-p", HERO, "-n", "30", "--rank", "4", "--seed", "7"])
    deck = _cells(["deck", "sim", str(SAMPLE), "--hero", HERO, "--boss", BOSS, "-n", "30", "--rank", "4",
                   "--seed", "7"])
    assert sim == deck


def test_a_rank_outside_1_to_5_is_refused() -> None:
    result = CliRunner().invoke(cli, ["sim", BOSS, "-C", str(SAMPLE), "--rank", "6"])
    assert result.exit_code == 2 and "1<=x<=5" in result.output


def test_a_campaign_without_ranks_refuses_rank() -> None:
    result = CliRunner().invoke(cli, ["sim", "Gnarled Brute", "-C", str(REPO / "journal_src"), "--rank", "2",
                                      "-n", "5"])
    assert result.exit_code == 2
    assert "--rank is not a number of a `tainted-grail` simulation" in result.stderr
