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


def _built(tmp_path: Path, flips: int) -> Path:
    campaign = tmp_path / f"coin-{flips}"
    shutil.copytree(CAMPAIGN, campaign)
    source = campaign / "campaign.tgj"
    source.write_text(source.read_text(encoding="utf-8").replace("flips: 1", f"flips: {flips}"),
                      encoding="utf-8")
    result = tgc("build", str(campaign), "-o", str(tmp_path / f"out-{flips}"), "--no-cache")
    assert result.exit_code == 0, result.output
    return next((tmp_path / f"out-{flips}").glob("*.json"))


def test_its_declarations_are_typed_rule_data_in_the_bundle(tmp_path: Path) -> None:
    """A ruleset registered from outside tgc's folders carries typed records too: the
    bundle writes them by its own model and reads them back as that model."""
    from tgc.bundle.io import load_bundle

    path = _built(tmp_path, 3)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["rules"] == {"ruleset": "coin-trials", "trolls": [{"name": "Bartholomew", "flips": 3}]}
    assert not [r for r in written["encounters"] if r.get("kind") == "troll"]  # typed, not generic
    bundle = load_bundle(path)
    assert isinstance(bundle.rules, tiny_ruleset.CoinRules)
    assert bundle.rules.trolls[0].flips == 3


def test_the_engine_plays_from_the_typed_records(tmp_path: Path) -> None:
    """Bartholomew asking three heads in a row wins more flips than one asking one."""
    script = tmp_path / "flip.txt"
    script.write_text("2\n", encoding="utf-8")
    heads = {}
    for flips in (1, 3):
        bundle = _built(tmp_path, flips)
        runs = [tgc("play", str(bundle), "--script", str(script), "--seed", str(seed), "--fights", "auto")
                for seed in range(16)]
        assert all(r.exit_code == 0 for r in runs), [r.output for r in runs if r.exit_code]
        heads[flips] = sum("Heads." in r.output for r in runs)
    assert heads[3] < heads[1]
