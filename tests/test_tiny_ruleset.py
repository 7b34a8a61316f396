"""A ruleset is one declaration and one engine: the tiny coin-flip ruleset of
tests/tiny_ruleset.py, registered from outside tgc, checks, builds, plays and explores
its campaign through the same commands as Tainted Grail, and its words (not Tainted
Grail's) are the ones the campaign may use."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests import tiny_ruleset
from tgc import rulesets
from tgc.cli.main import cli

CAMPAIGN = Path(__file__).parent / "cases" / "rulesets" / "coin"


@pytest.fixture(autouse=True)
def coin_trials() -> Iterator[None]:
    rulesets.register(tiny_ruleset.SPEC)
    yield
    rulesets.unregister(tiny_ruleset.SPEC.name)


def tgc(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_the_campaign_checks_clean() -> None:
    result = tgc("check", str(CAMPAIGN), "--no-cache")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_another_rulesets_words_are_unknown_here(tmp_path: Path) -> None:
    text = (CAMPAIGN / "campaign.tgj").read_text(encoding="utf-8")
    (tmp_path / "campaign.tgj").write_text(text.replace("~ gain 2 coin", "~ gain 2 food"), encoding="utf-8")
    result = tgc("check", str(tmp_path), "--no-cache", "--format", "concise")
    assert result.exit_code == 1
    assert "TGC115" in result.output and "did you mean" not in result.output.split("TGC115")[1].split("\n")[0]


def test_it_builds_a_bundle_that_names_the_ruleset(tmp_path: Path) -> None:
    campaign = tmp_path / "coin"  # a build writes tgc.lock beside the sources
    shutil.copytree(CAMPAIGN, campaign)
    result = tgc("build", str(campaign), "-o", str(tmp_path / "out"), "--no-cache")
    assert result.exit_code == 0, result.output
    bundle = json.loads(next((tmp_path / "out").glob("*.json")).read_text(encoding="utf-8"))
    assert bundle["campaign"]["ruleset"] == "coin-trials"
    sheet = (tmp_path / "out" / "the-toll-bridge" / "save-sheet.html").read_text(encoding="utf-8")
    assert "Coin" in sheet and "Health" not in sheet


def test_play_flips_the_coin_with_the_rulesets_engine(tmp_path: Path) -> None:
    script = tmp_path / "flip.txt"
    script.write_text("2\n", encoding="utf-8")  # wit 0 hides the riddle: 1 pay, 2 flip
    outcomes = set()
    for seed in range(6):
        result = tgc("play", str(CAMPAIGN), "--script", str(script), "--seed", str(seed), "--fights", "auto")
        assert result.exit_code == 0, result.output
        outcomes.add("Heads" if "Heads." in result.output else "Tails" if "Tails." in result.output else "?")
    assert outcomes == {"Heads", "Tails"}  # the engine decides, from the seed


def test_explore_reaches_every_verse() -> None:
    result = tgc("explore", str(CAMPAIGN), "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["complete"] is True
    assert report["verses"]["unreached"] == []
