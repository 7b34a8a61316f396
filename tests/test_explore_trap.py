"""A search that settles on the traps it closed (tgc/explore/trap.py): once it has met its
bound, each verse the ways out leave in doubt holding a trap no further search can open,
it stops and reports exactly what the whole search does; a loop that a later value opens
is no such trap; the trap's witness replays in ``tgc play``."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import tgc.explore.explorer as explorer_module
import tgc.explore.witness as witness_module
from tests.golden import Golden
from tests.runtime_helpers import book_of, compared_report
from tgc.cli.main import cli
from tgc.explore.explorer import Exploration, Explorer
from tgc.explore.report import summary, trap_nodes
from tgc.explore.trap import firsts, trapped
from tgc.explore.witness import Stuck, Witness, replay
from tgc.pipeline import compile_folder
from tgc.runtime import Book, new_state

# Entering without the lamp, the only choice at 101.2 leads back to it: a trap. The lamp
# (101.5) and the two statuses (101.7, 101.8) make more plays than the bound needs, so the
# search meets its bound before it has run out of plays.
CAVE = """
@item "Lamp"
@status "Mud"
@status "Moss"
@location 101 "Cave"
  explore -> 101.1

== 101.1
* Enter -> 2
* Search the entrance -> 5
* Wade -> 7
* Rest -> 8
* {status "Mud" and status "Moss"} Wash -> 9
* Leave -> end

== 101.2
* {item "Lamp"} Light the way out -> end
* Feel along the wall -> 3

== 101.3
-> 2

== 101.5
~ gain item "Lamp"
-> end

== 101.7
~ mark "Mud"
-> end

== 101.8
~ mark "Moss"
-> end

== 101.9
Clean.
-> end
"""
# The lamp is read after the choice at 101.2, and before it at 101.1: a play that has read
# it and carries it to 101.2 (once 101.5 has made it) joins the point there and leaves.
# (A play that reads it only at 101.3 does not join that point: it holds either value;
# tests/test_explore.py, test_a_play_that_has_not_read_a_feature_does_not_join_...)
OPENED = CAVE.replace('* {item "Lamp"} Light the way out -> end\n', "").replace(
    "== 101.3\n-> 2", '== 101.3\n~ if item "Lamp" -> 9\n-> 2').replace(
    "* Enter -> 2\n", '* Enter -> 2\n* {item "Lamp"} Enter by lamplight -> 2\n')


@pytest.fixture(autouse=True)
def _look_often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_module, "SETTLE_EVERY", 1)  # look after every step
    monkeypatch.setattr(explorer_module, "SETTLE_FROM", 1)


def _both(book: Book) -> tuple[Exploration, Exploration]:
    early = Explorer(book, new_state(book.bundle), max_states=10_000).run()
    whole = Explorer(book, new_state(book.bundle), max_states=10_000, settle=False).run()
    assert early.complete and whole.complete
    return early, whole


def _report(ex: Exploration) -> dict[str, object]:
    return compared_report(ex)


def test_a_search_settles_on_the_trap_it_closed_with_the_whole_searchs_report(tmp_path: Path) -> None:
    early, whole = _both(book_of(tmp_path, CAVE))
    assert early.settled and early.traps == {"101.2": early.traps["101.2"]}
    assert early.states < whole.states
    assert _report(early) == _report(whole)
    assert [t["verse"] for t in _report(early)["trap_loops"]] == ["101.2"]  # type: ignore[attr-defined]


def test_a_loop_that_a_later_value_opens_for_some_plays_is_a_trap_for_the_others(tmp_path: Path) -> None:
    # With the lamp, 101.3 leads out; a play that enters without it goes round 101.2 and
    # 101.3 for ever. The point at 101.2 joins both (the lamp is read only after the
    # choice), so its graph goes on to an exit and showed no trap (main before the snares
    # of region.py: the whole search reported none); the class without the lamp is one no
    # play leaves, so both searches report it.
    early, whole = _both(book_of(tmp_path, OPENED))
    assert early.ways is not None and early.ways.trap == "101.2"
    assert early.settled and list(early.traps) == ["101.2"]
    assert not trap_nodes(whole) and list(whole.caught) == ["101.2"]
    assert [t["verse"] for t in _report(whole)["trap_loops"]] == ["101.2"]  # type: ignore[attr-defined]
    assert _report(early) == _report(whole)


def test_a_play_in_a_class_no_play_leaves_goes_round_for_ever_in_tgc_play(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    early, _ = _both(book_of(tmp_path / "c", OPENED))
    trap = summary(early, 0.0)["trap_loops"][0]  # type: ignore[index]
    script = tmp_path / "witness.txt"
    script.write_text(Witness("101.2", (*trap["inputs"], "1", "1", "1")).script(), encoding="utf-8")
    played = CliRunner().invoke(cli, ["play", str(tmp_path / "c"), "--at", "none", "--fights", "ask",
                                      "--script", str(script)])
    assert played.exit_code == 0, played.output
    assert played.output.count("Feel along the wall") >= 4 and "Clean." not in played.output


def test_the_traps_witness_replays_in_tgc_play(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    early, _ = _both(book_of(tmp_path / "c", CAVE))
    trap = summary(early, 0.0)["trap_loops"][0]  # type: ignore[index]
    script = tmp_path / "witness.txt"
    script.write_text(Witness("101.2", tuple(trap["inputs"])).script(), encoding="utf-8")
    played = CliRunner().invoke(cli, ["play", str(tmp_path / "c"), "--at", "none", "--fights", "ask",
                                      "--script", str(script)])
    assert played.exit_code == 0, played.output
    assert "Feel along the wall" in played.output and "Light the way out" not in played.output


@dataclass
class _Node:
    verse: str
    kind: str
    children: list[int] = field(default_factory=list)


def test_a_point_is_trapped_only_when_nothing_below_it_ends_or_is_still_open() -> None:
    nodes = [_Node("1", "wait", [1]), _Node("2", "wait", [1]), _Node("3", "wait", [2, 3]),
             _Node("3", "exit")]
    assert trapped(nodes, ()) == {0, 1}  # 2 goes round to itself, but also on to an exit
    assert trapped(nodes, (1,)) == set()  # 1 may still gain a child, and 0 goes on through it
    assert firsts(nodes, trapped(nodes, ()), {"1", "3"}) == {"1": 0}


# tests/cases/explore/doubted: entering without the lamp, six runes may be traced in any
# order and nothing opens the way out; the proof that a play there is caught has to try
# every order of the runes left.
DOUBTED = Path(__file__).resolve().parent / "cases" / "explore" / "doubted"


def _explore_doubted(*args: str) -> Any:
    return CliRunner().invoke(cli, ["explore", str(DOUBTED), "--no-cache", *args])


def test_a_trap_whose_proof_runs_past_its_budget_is_in_doubt_not_listed(
        golden: Golden, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(witness_module, "STEP_BUDGET", 8)  # fewer points than the runes' orders
    result = _explore_doubted()
    assert result.exit_code == 1  # a trap in doubt is a problem to look at
    golden(DOUBTED.parent / "doubted.human.txt", re.sub(r"in \d+\.\d\ds:", "in 0.00s:", result.output))
    doc = json.loads(_explore_doubted("--format", "json").output)
    assert doc["trap_loops"] == []
    assert [(t["verse"], t["why"]) for t in doc["traps_in_doubt"]] == [
        ("101.2", "a play waits here, but proving that no answer gets it out ran past the "
                  "proof's budget of 8 points")]


def test_within_its_budget_the_same_trap_is_listed_with_a_play_that_stays_caught() -> None:
    result = _explore_doubted("--format", "json")
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert "traps_in_doubt" not in doc
    [trap] = doc["trap_loops"]
    assert trap["verse"] == "101.2" and trap["inputs"][0] == ":enter 101"
    book = Book(compile_folder(DOUBTED))
    found = Explorer(book, new_state(book.bundle), max_states=10_000).run()
    assert replay(found, tuple(trap["inputs"]), Stuck("101.2"))
