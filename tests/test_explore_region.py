"""The doubtful waiting points decided by a search of their region (tgc/explore/region.py):
a loop back that only a lamp opens is proven safe when every way round gains the lamp, and
stays in doubt when no way does (there the whole search finds the trap)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tgc.explore.explorer as explorer_module
from tests.runtime_helpers import book_of
from tgc.explore.explorer import Explorer
from tgc.explore.report import summary, trap_nodes
from tgc.explore.ways import ways_out
from tgc.runtime import Book, new_state

CAVE = """
@item "Lamp"
@location 101 "Cave"
  explore -> 101.1

== 101.1
* Enter -> 2
* Search the entrance -> 5
* Leave -> end

== 101.2
* {item "Lamp"} Light the way out -> end
* Feel along the wall -> 3

== 101.3
~ if not item "Lamp" -> 4
-> 2

== 101.4
~ gain item "Lamp"
-> 2

== 101.5
~ gain item "Lamp"
-> end
"""


def _judged(book: Book) -> tuple[str | None, str | None, set[str]]:
    """(the ways out alone, with the regions, the whole search's traps)."""
    explorer = Explorer(book, new_state(book.bundle), max_states=1)
    limits = explorer.limits()
    assert limits is not None and limits[0].sure
    limit, ways = limits
    alone = ways_out(book, limit.bodies, limit.queued, limit.truths)
    whole = Explorer(book, new_state(book.bundle), max_states=10_000, settle=False).run()
    assert whole.complete
    return alone.trap, ways.trap, set(trap_nodes(whole))


def test_a_loop_that_gains_what_opens_it_is_proven_safe(tmp_path: Path) -> None:
    alone, regions, traps = _judged(book_of(tmp_path, CAVE))
    assert alone == "101.2"  # every condition either way: the free choice may loop for ever
    assert regions is None and not traps


def test_a_loop_that_never_gains_it_stays_in_doubt_and_is_a_trap(tmp_path: Path) -> None:
    alone, regions, traps = _judged(book_of(tmp_path, CAVE.replace('~ gain item "Lamp"\n-> 2', "-> 2")))
    assert alone == regions == "101.2" and "101.2" in traps


def test_a_search_settles_once_the_region_clears_the_doubt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_module, "SETTLE_EVERY", 1)  # look after every step
    monkeypatch.setattr(explorer_module, "SETTLE_FROM", 1)
    book = book_of(tmp_path, CAVE)
    early = Explorer(book, new_state(book.bundle), max_states=10_000).run()
    whole = Explorer(book, new_state(book.bundle), max_states=10_000, settle=False).run()
    assert early.settled and early.states < whole.states
    early_doc, whole_doc = summary(early, 0.0), summary(whole, 0.0)
    early_doc.pop("states"), whole_doc.pop("states")
    assert early_doc == whole_doc


def test_an_incomplete_report_names_the_point_in_doubt(tmp_path: Path) -> None:
    (tmp_path / "trap").mkdir()
    (tmp_path / "safe").mkdir()
    trap = book_of(tmp_path / "trap", CAVE.replace('~ gain item "Lamp"\n-> 2', "-> 2"))
    proven = summary(Explorer(trap, new_state(trap.bundle), max_states=2).run(), 0.0)["proven_unreachable"]
    assert proven["sure"] and proven["no_trap_loops"] is False and proven["in_doubt"] == "101.2"
    safe = book_of(tmp_path / "safe", CAVE)
    proven = summary(Explorer(safe, new_state(safe.bundle), max_states=2).run(), 0.0)["proven_unreachable"]
    assert proven["no_trap_loops"] is True and "in_doubt" not in proven
