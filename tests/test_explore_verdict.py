"""The bound's verdict in an incomplete `tgc explore` report: a search stopped at
--max-states or --memory still names what the bound (tgc/explore/bound.py) proves no play
shows, apart from what it merely did not reach, in the human report and in JSON; and what
it names is never met by the whole search (the brute-force reference's campaigns)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.golden import Golden
from tests.test_explore_reference import SEEDS, _book
from tgc.cli.main import cli
from tgc.explore.explorer import Explorer, explore
from tgc.explore.report import summary
from tgc.runtime import new_state

CASES = Path(__file__).resolve().parent / "cases" / "explore"
STOPPED = CASES / "stopped"  # stops at 8 states; "Sealed" 2 is never marked
ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> Any:
    return CliRunner().invoke(cli, ["explore", str(STOPPED), "--max-states", "8", *args])


def test_the_human_report_of_a_stopped_search_names_what_the_bound_proves(golden: Golden) -> None:
    result = _run()
    assert result.exit_code == 0, result.output
    golden(CASES / "stopped.human.txt", re.sub(r"in \d+\.\d\ds:", "in 0.00s:", result.output))


def test_the_json_report_of_a_stopped_search_names_what_the_bound_proves(golden: Golden) -> None:
    result = _run("--format", "json")
    doc = json.loads(result.output)
    assert doc["complete"] is False and doc["stopped"] == "states"
    proven = doc["proven_unreachable"]
    assert [v["verse"] for v in proven["verses"]] == ["101.6", "101.7"]
    # the old fields stay: every verse not reached is listed, proven or not
    assert [v["verse"] for v in doc["verses"]["unreached"]] == ["101.4", "101.5", "101.6", "101.7"]
    doc["seconds"] = 0.0
    golden(CASES / "stopped.json", json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def test_a_complete_report_has_no_verdict_of_its_own() -> None:
    doc = json.loads(CliRunner().invoke(cli, ["explore", str(STOPPED), "--format", "json"]).output)
    assert doc["complete"] is True and "proven_unreachable" not in doc


def test_a_witness_asked_of_a_proven_verse_says_it_is_proven() -> None:
    result = _run("--witness", "101.7")
    assert result.exit_code == 1
    assert "no play reaches 101.7: only reached from verses no play reaches: 101.6 (proven by the bound" in (
        " ".join(result.output.split()))
    open_ = _run("--witness", "101.5")
    assert "(the search was incomplete: raise --max-states)" in " ".join(open_.output.split())


def test_the_memory_budget_stops_with_the_verdict_too() -> None:
    book = _book_of(STOPPED)
    cut = explore(book, new_state(book.bundle), memory=1)
    assert cut.stopped == "memory"
    proven = summary(cut, 0.0)["proven_unreachable"]
    assert proven["sure"] and [v["verse"] for v in proven["verses"]] == ["101.6", "101.7"]


def test_no_verdict_for_a_party_and_the_report_says_why() -> None:
    result = CliRunner().invoke(cli, ["explore", str(ROOT / "journal_src"), "--max-states", "50",
                                      "--party", "Beor,Ailei", "--format", "json"])
    proven = json.loads(result.output)["proven_unreachable"]
    assert proven["sure"] is False and "a party larger than one" in proven["why"]


def _book_of(folder: Path) -> Any:
    from tgc.pipeline import compile_folder
    from tgc.runtime import Book

    return Book(compile_folder(folder))


@pytest.mark.parametrize("cut", [3, 10])
def test_what_a_stopped_search_calls_proven_the_whole_search_never_meets(cut: int, tmp_path: Path) -> None:
    judged = 0
    for seed in SEEDS:
        (tmp_path / f"{seed}-{cut}").mkdir()
        book = _book(seed, tmp_path / f"{seed}-{cut}")
        if book is None:
            continue
        early = Explorer(book, new_state(book.bundle), max_states=cut).run()
        if early.complete:
            continue
        proven = summary(early, 0.0)["proven_unreachable"]
        if not proven["sure"]:
            continue
        judged += 1
        whole = Explorer(book, new_state(book.bundle), max_states=50_000, settle=False).run()
        assert whole.complete
        doc = summary(whole, 0.0)
        assert not {v["verse"] for v in proven["verses"]} & set(doc["verses"]["reached"]), seed
        assert not set(proven["blocks"]) & set(whole.blocks), seed
        assert set(proven["choices"]) <= set(doc["choices"]["never_taken"]), seed
        assert set(proven["status_parts"]) <= set(doc["status_parts"]["never_marked"]), seed
        assert set(proven["secrets"]) <= set(doc["secrets"]["never_gained"]), seed
        assert not {(e["kind"], e["verse"]) for e in proven["endings"]} & {
            (kind, v) for kind, where in whole.endings.items() for v in where}, seed
    assert judged >= 10
