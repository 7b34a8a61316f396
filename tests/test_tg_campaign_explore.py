"""`tgc explore --campaign --days N` (tgc/playtest/campaignwalk.py over Tainted Grail's
campaign layer): the walk over the days, which cards and verses it reaches by which day,
witnesses that `tgc play --campaign --script` replays to the same card, and the CLI's
report and usage errors. A two-card campaign is walked whole; the test map of
tests/campaign_helpers.py only up to a bound (a day of it has some 1,400 states)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.campaign_helpers import MAP
from tgc.cli.main import cli
from tgc.pipeline import compile_folder
from tgc.playtest.campaignwalk import WalkError, walk
from tgc.runtime import Book

TWO = '''@campaign "Two Cards"
  ruleset: tainted-grail
  start: 101
  players: 1-4

@character "Solo"
  number: 1
  colour: green
  health: 3
  energy: 1
  terror: 0
  food: 1

@location 101 "Hut"
  seals: menhir
  keys: up 102
  explore -> 1
== 101.1
Smoke.
* Sit by the fire -> 2
* Sleep -> end
== 101.2
Warmth.
-> end

@location 102 "Hill"
  keys: down 101
  explore -> 1
== 102.1
Wind.
-> end
'''


def folder(tmp: Path, text: str) -> Path:
    (tmp / "c.tgj").write_text(text, encoding="utf-8")
    return tmp


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Book]:
    root = folder(tmp_path_factory.mktemp("two"), TWO)
    return root, Book(compile_folder(root))


@pytest.fixture(scope="module")
def small_map(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Book]:
    root = folder(tmp_path_factory.mktemp("map"), MAP)
    return root, Book(compile_folder(root))


def test_a_small_campaign_is_walked_whole_day_by_day(two: tuple[Path, Book]) -> None:
    """One Energy a day: explore (with its choice) or travel; the second day starts from
    every state the first ended in."""
    _, book = two
    one = walk(book, ("Solo",), 1)
    assert one.complete and one.by_day() == {1: [101, 102]}
    assert one.cards[101].inputs == () and one.cards[102].inputs == (":sod", ":travel Solo 102")
    assert one.verses["101.2"].inputs == (":sod", ":explore Solo", "1")
    both = walk(book, ("Solo",), 2)
    assert both.complete and both.states > one.states
    assert both.cards == one.cards  # nothing new: both cards are stood on on day 1
    assert walk(book, ("Solo",), 2).to_json() == both.to_json()  # the same walk, the same seed


def test_the_bound_stops_the_walk_and_says_so(small_map: tuple[Path, Book]) -> None:
    _, book = small_map
    report = walk(book, ("Ailei",), 1, max_states=40)
    assert not report.complete and report.states == 40
    assert 101 in report.cards and len(report.cards) >= 2


def test_a_party_the_campaign_does_not_declare_is_refused(two: tuple[Path, Book]) -> None:
    _, book = two
    with pytest.raises(WalkError, match="Nobody"):
        walk(book, ("Nobody",), 1)


def test_a_witness_replays_to_its_card(small_map: tuple[Path, Book], tmp_path: Path) -> None:
    root, _ = small_map
    found = CliRunner().invoke(cli, ["explore", str(root), "--campaign", "--days", "1", "--party",
                                     "Ailei", "--max-states", "60", "--witness", "105"])
    assert found.exit_code == 0, found.output
    assert found.output.startswith(f"# tgc play {root} --campaign --party Ailei --seed 0 --fights ask")
    script = tmp_path / "w.txt"
    script.write_text(found.output, encoding="utf-8")
    final = tmp_path / "final.json"
    played = CliRunner().invoke(cli, ["play", str(root), "--campaign", "--party", "Ailei", "--seed", "0",
                                      "--fights", "ask", "--script", str(script),
                                      "--final-state", str(final)])
    assert played.exit_code == 0, played.output
    assert json.loads(final.read_text(encoding="utf-8"))["world"]["positions"] == {"Ailei": 105}


def test_cli_report_json_and_usage(two: tuple[Path, Book]) -> None:
    root, _ = two
    run = CliRunner().invoke
    text = run(cli, ["explore", str(root), "--campaign", "--days", "2"])
    assert text.exit_code == 0, text.output
    assert "every line of play walked" in text.output and "day 1: 101, 102" in text.output
    data = json.loads(run(cli, ["explore", str(root), "--campaign", "--party", "Solo", "--format",
                                "json"]).output)
    assert data["complete"] and data["cards"]["102"] == {"day": 1, "witness": [":sod", ":travel Solo 102"]}
    missing = run(cli, ["explore", str(root), "--campaign", "--witness", "999"])
    assert missing.exit_code == 1 and "no line of play within 1 day(s) reaches 999" in missing.output
    for args, says in ((["--days", "2"], "go with --campaign"),
                       (["--campaign", "--from", "101.1"], "--from: not for a walk over the days")):
        wrong = run(cli, ["explore", str(root), *args])
        assert wrong.exit_code == 2 and says in wrong.output, wrong.output
