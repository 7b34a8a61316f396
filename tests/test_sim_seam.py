"""`tgc sim` asks the campaign's ruleset (tgc/sim/seam.py): the same command simulates a
Tainted Grail encounter, a 20 Strong boss against heroes and a Grimslingers creature duel,
from a folder or a bundle, and gives what each ruleset's own simulator gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tgc.bundle.io import dump_bundle
from tgc.cli.main import cli
from tgc.pipeline import compile_folder

REPO = Path(__file__).resolve().parents[1]
DECK = REPO / "examples" / "twenty_strong"
TALE = REPO / "examples" / "grimslingers"


def _json(args: list[str]) -> object:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def deck_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("b") / "deck.bundle.json"
    path.write_text(dump_bundle(compile_folder(DECK)), encoding="utf-8")
    return path


def test_a_20_strong_boss_is_simulated_as_deck_sim_does(deck_bundle: Path) -> None:
    own = _json(["deck", "sim", str(DECK), "--hero", "Odhran Quietstone", "--boss",
                 "Mother of Thorns", "-n", "15", "--seed", "3", "--format", "json"])
    for where in (DECK, deck_bundle):
        assert _json(["sim", "Mother of Thorns", "-C", str(where), "-p", "Odhran Quietstone",
                      "-n", "15", "--seed", "3", "--format", "json"]) == own


def test_a_creature_duel_is_simulated_as_the_ruleset_s_duel_command_does() -> None:
    own = _json(["ruleset", "grimslingers", "duel", "Glass Hare", "-C", str(TALE), "-p",
                 "Kipper,Luella", "-n", "30", "--format", "json"])
    assert _json(["sim", "Glass Hare", "-C", str(TALE), "-p", "Kipper,Luella", "-n", "30",
                  "--format", "json"]) == own


@pytest.mark.parametrize(("args", "message"), [
    (["sim", "Nobody", "-C", str(DECK)], 'no boss "Nobody"'),
    (["sim", "Mother of Thorns", "-C", str(DECK), "-p", "Nemo"], 'no hero "Nemo"'),
    (["sim", "Glass Hare", "-C", str(TALE), "--log"], "--log is not written for a `grimslingers`"),
    (["sim", "Glass Hare", "-C", str(TALE), "--policy", "planner"], "unknown policy `planner`"),
    (["sim", "Nobody", "-C", str(TALE)], 'no @creature "Nobody"'),
])
def test_what_a_ruleset_cannot_simulate_is_a_usage_error(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_a_ruleset_without_a_simulator_says_so(tmp_path: Path) -> None:
    (tmp_path / "c.tgj").write_text('@campaign "Plain"\n  ruleset: none\n  start: 1\n\n'
                                    '@location 1 "Here"\n  explore -> 1.1\n\n== 1.1\nHello.\n'
                                    '-> end\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["sim", "Wolf", "-C", str(tmp_path)])
    assert result.exit_code == 2 and "the ruleset `none` brings no simulator" in result.stderr


@pytest.mark.parametrize(("direct", "target", "party"), [
    (["deck", "sim", str(DECK), "--hero", "Odhran Quietstone", "--boss", "Mother of Thorns"],
     "Mother of Thorns", "Odhran Quietstone"),
    (["ruleset", "grimslingers", "duel", "Glass Hare", "-C", str(TALE), "-p", "Kipper"],
     "Glass Hare", "Kipper"),
])
def test_every_ruleset_s_runs_go_through_the_executor_seam(direct: list[str], target: str,
                                                            party: str) -> None:
    """More runs than one chunk holds, on two worker processes, give what the ruleset's own
    command gives in one pass (tgc/runs/batch.py)."""
    where, runs = (str(DECK), "60") if target == "Mother of Thorns" else (str(TALE), "150")
    own = _json([*direct, "-n", runs, "--seed", "2", "--format", "json"])
    assert _json(["sim", target, "-C", where, "-p", party, "-n", runs, "--seed", "2",
                  "--jobs", "2", "--no-cache", "--format", "json"]) == own
