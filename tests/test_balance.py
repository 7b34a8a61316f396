"""`tgc balance`: the balancing sheet of the sample campaign (every encounter x character
x chapter x policy), the same on any worker count, resumed from kept chunks, and its
mistakes as usage errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.bundle_helpers import SAMPLE
from tests.golden import Golden
from tgc.cli.main import cli

CASES = Path(__file__).parent / "cases" / "cli"


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    shutil.copytree(SAMPLE, tmp_path / "src")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TGC_EXECUTOR", raising=False)
    return CliRunner()


def balance(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli, ["balance", "src", *args])


def test_the_sheet_has_a_row_per_encounter_character_chapter_and_policy(runner: CliRunner,
                                                                        golden: Golden) -> None:
    result = balance(runner, "-n", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)
    rows = sheet["rows"]
    encounters = {r["encounter"] for r in rows}
    assert len(encounters) == 17 and {r["party"] for r in rows} == {"Ailei", "Arev", "Beor", "Maggot"}
    assert {r["policy"] for r in rows} == {"random", "greedy", "planner"}
    assert len(rows) == 17 * 4 * 3 and {r["chapter"] for r in rows} == {"start"}
    assert all(r["runs"] == 2 and 0 <= r["win_low"] <= r["win_rate"] <= r["win_high"] <= 1 for r in rows)
    text = balance(runner, "-n", "20", "--policy", "greedy", "--party", "beor,ailei")
    assert text.exit_code == 0, text.output
    golden(CASES / "balance.txt", text.stdout)


def test_a_row_does_not_depend_on_the_others_nor_on_the_workers(runner: CliRunner) -> None:
    whole = json.loads(balance(runner, "-n", "12", "--format", "json", "--no-cache", "--policy",
                               "greedy", "--policy", "random", "--party", "Ailei",
                               "--party", "Beor").stdout)
    one = balance(runner, "-n", "12", "--format", "json", "--policy", "greedy", "--party", "Beor",
                  "--jobs", "2", "--no-cache")
    assert one.exit_code == 0, one.output
    (row,) = json.loads(one.stdout)["rows"][:1]
    assert row in whole["rows"]


def test_a_sheet_run_again_reads_its_kept_chunks(runner: CliRunner, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TGC_CACHE_DIR", str(tmp_path / "cache"))
    args = ("-n", "10", "--policy", "random", "--party", "Arev", "--format", "json")
    first = balance(runner, *args)
    kept = sorted((tmp_path / "cache" / "runs").glob("*/*.json"))
    assert first.exit_code == 0 and len(kept) == 17  # one chunk per row
    again = balance(runner, *args)
    assert again.exit_code == 0 and first.stdout == again.stdout
    path = kept[0]  # a kept chunk is what a second run reads: change one, and it shows
    path.write_text(path.read_text().replace('"turn_sum": ', '"turn_sum": 1000'), encoding="utf-8")
    changed = balance(runner, *args)
    assert changed.stdout != first.stdout  # read back, not computed again


def test_chapters_take_the_party_state_there(runner: CliRunner, tmp_path: Path) -> None:
    state = tmp_path / "late.json"
    state.write_text(json.dumps({"format": 1, "state": {"party": [
        {"name": "Beor", "tracks": {"health": 2}}]}}), encoding="utf-8")
    result = balance(runner, "-n", "40", "--format", "json", "--policy", "greedy", "--party", "Beor",
                     "--chapter", "start", "--chapter", f"wounded={state}")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]
    by = {(r["encounter"], r["chapter"]): r for r in rows}
    boar = by[("Deserter Sergeant", "start")], by[("Deserter Sergeant", "wounded")]
    assert boar[1]["dying_rate"] > boar[0]["dying_rate"]


@pytest.mark.parametrize(("args", "words"), [
    (["--party", "beorr"], 'no character "beorr"'),
    (["--policy", "lucky"], "unknown policy `lucky`"),
    (["--chapter", "=x.json"], "has no label"),
    (["--executor", "spark://x:1"], "unknown executor"),
])
def test_mistakes_are_usage_errors(runner: CliRunner, args: list[str], words: str) -> None:
    result = balance(runner, "-n", "5", *args)
    assert result.exit_code == 2, result.output
    assert words in result.stderr and "Traceback" not in result.output
