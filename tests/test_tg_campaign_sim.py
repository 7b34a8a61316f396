"""`tgc sim --days N`: whole days of a Tainted Grail campaign played by a policy (the
campaign layer's campaign/simulate.py): the same seed gives the same numbers, on any
executor and any number of workers, finished chunks are kept and served again, the
rates carry intervals, the command line refuses what does not fit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.campaign_helpers import MAP, compile_map
from tgc.cli.main import cli
from tgc.rulesets.tainted_grail.campaign.simulate import DaysError, simulate_days
from tgc.runs.batch import ChunkStore
from tgc.runs.executor import ExecutorSpec
from tgc.runtime import Book
from tgc.sim.seam import SimRequest

SAMPLE = Path(__file__).resolve().parents[1] / "journal_src"


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("sim"), MAP)


def test_the_same_seed_gives_the_same_report(book: Book) -> None:
    one = simulate_days(book.bundle, ("Ailei", "Beor"), 3, 6, 11, "greedy").to_json()
    two = simulate_days(book.bundle, ("Ailei", "Beor"), 3, 6, 11, "greedy").to_json()
    assert one == two
    assert one["runs"] == 6 and one["days"] == 3
    assert 0.0 <= one["survival"]["low"] <= one["survival"]["rate"] <= one["survival"]["high"] <= 1.0


def test_the_greedy_party_walks_the_lit_cards_and_keeps_the_start(book: Book) -> None:
    report = simulate_days(book.bundle, ("Ailei",), 2, 4, 0, "greedy").to_json()
    reached = report["reached"]
    assert reached["101"]["rate"] == 1.0  # everyone starts there
    assert len(reached) >= 3  # the greedy policy travels to the cards visited least
    assert report["mean_menhirs"] >= 1.0


def test_two_worker_processes_and_kept_chunks_give_the_same_report(book: Book, tmp_path: Path) -> None:
    alone = simulate_days(book.bundle, ("Ailei",), 2, 30, 7, "random").to_json()
    spread = SimRequest("", runs=30, seed=7, executor=ExecutorSpec("local", 2),
                        store=ChunkStore(tmp_path))
    assert simulate_days(book.bundle, ("Ailei",), 2, 30, 7, "random", request=spread).to_json() == alone
    kept = sorted(tmp_path.rglob("*.json"))
    assert [p.name.split("-", 1)[1] for p in kept] == ["0-25.json", "25-30.json"]
    kept[0].unlink()  # a job that died after its second chunk: only the first runs again
    heard: list[int] = []
    again = simulate_days(book.bundle, ("Ailei",), 2, 30, 7, "random", heard.append, spread)
    assert again.to_json() == alone and sorted(heard) == [5, 25]
    other_seed = simulate_days(book.bundle, ("Ailei",), 2, 30, 8, "random", request=spread)
    assert other_seed.to_json()["seed"] == 8 and len(list(tmp_path.rglob("*.json"))) == 4


def test_random_policy_and_other_policies(book: Book) -> None:
    assert simulate_days(book.bundle, ("Ailei",), 1, 3, 2, "random").to_json()["runs"] == 3
    with pytest.raises(DaysError, match="random or greedy"):
        simulate_days(book.bundle, ("Ailei",), 1, 3, 2, "planner")


def test_cli_days_text_and_json() -> None:
    runner = CliRunner()
    args = ["sim", "--days", "2", "-C", str(SAMPLE), "-p", "Ailei,Beor", "-n", "3", "--seed", "5"]
    result = runner.invoke(cli, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["party"] == ["Ailei", "Beor"] and data["days"] == 2 and data["runs"] == 3
    text = runner.invoke(cli, args)
    assert text.exit_code == 0 and "survival" in text.output and "95% interval" in text.output


@pytest.mark.parametrize(("args", "message"), [
    (["sim", "-C", str(SAMPLE)], "name a TARGET"),
    (["sim", "The Reedwife", "--days", "2", "-C", str(SAMPLE)], "not both"),
    (["sim", "--days", "2", "--advance", "-C", str(SAMPLE)], "--days plays the campaign"),
])
def test_cli_days_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and message in result.output
