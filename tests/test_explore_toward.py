"""The search's order toward its bound (tgc/explore/toward.py): a play with verses queued
meets no lacking end of an exploration at a location's verse (its ``-> end`` reads the
queued verses first), so it goes after the play that makes the value such an end waits
on; and through the map, a play that only ends its exploration is no longer FAR from
every goal. On `bench/gen_campaign.py 2000 --seed 1` the last goals were all such ends
(docs/performance.md, "Session 13: gen 2,000")."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tgc.explore.explorer as explorer_module
from tests.runtime_helpers import book_of, compared_report
from tgc.explore.explorer import Exploration, Explorer, entry_points
from tgc.explore.toward import FAR, Aim, Frontier, Lacking, distances
from tgc.runtime import Book, new_state

# Ringing the bell at 101.2 queues bos.bell the first time, so 101.2's `-> end` ends the
# exploration there only once an earlier exploration has rung it: the play waiting in
# bos.bell makes that value, and the plays still on the stair (101.3-101.5, the bell
# queued) cannot end an exploration at 101.2 themselves.
BELL = """
@status "Bell"
  when marked -> bos.bell

@location 101 "Tower"
  explore -> 101.1

== 101.1
* Climb -> 2
* Leave -> end

== 101.2
~ mark "Bell"
* Leave -> end
* Wander -> 3

== 101.3
* On -> 4
* Back -> 2

== 101.4
* On -> 5
* Back -> 2

== 101.5
* On -> 3
* Back -> 2

== bos.bell
The bell rings.
* Descend -> end
"""


def _aim(book: Book) -> Aim:
    return Aim(book, [(e.target.verse, e.target.block or None) for e in entry_points(book)])


def test_a_queued_play_goes_after_the_play_that_makes_the_value(tmp_path: Path) -> None:
    book = book_of(tmp_path, BELL)
    near = _aim(book).near(Lacking(endings=frozenset({("end", "101.2")})))
    assert near[("101.2", None, False)] == 0
    # the stair's plays carry the bell queued: only a later exploration can end at 101.2
    stair = near[("101.3", None, True)]
    bell = near[("bos.bell", None, False)]
    assert bell < stair < FAR
    frontier: Frontier[str] = Frontier()
    frontier.aim(lambda item: ("bos.bell", None, False) if item == "bell" else ("101.3", None, True), near)
    for item in ("stair", "stair", "bell"):
        frontier.add(item)
    assert frontier.take() == ("bell", False)


def test_a_queued_play_in_a_triggered_verse_meets_its_end(tmp_path: Path) -> None:
    book = book_of(tmp_path, BELL)
    near = _aim(book).near(Lacking(endings=frozenset({("end", "bos.bell")})))
    assert near[("bos.bell", None, True)] == 0


def test_a_search_toward_such_ends_reports_what_the_whole_search_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_module, "SETTLE_EVERY", 1)  # look after every step
    monkeypatch.setattr(explorer_module, "SETTLE_FROM", 1)
    book = book_of(tmp_path, BELL)
    early = Explorer(book, new_state(book.bundle), max_states=10_000).run()
    whole = Explorer(book, new_state(book.bundle), max_states=10_000, settle=False).run()
    assert early.complete and early.settled and whole.complete
    assert set(early.endings["end"]) == set(whole.endings["end"]) == {"101.1", "101.2", "bos.bell"}
    assert _report(early) == _report(whole)


def _report(ex: Exploration) -> dict[str, object]:
    return compared_report(ex)


def _dijkstra(into: dict[tuple[str, str | None], set[tuple[str, str | None]]],
              goals: dict[tuple[str, str | None], int]) -> dict[tuple[str, str | None], int]:
    """The plain reference: Dijkstra's order with a heap, every step costing one."""
    import heapq

    out: dict[tuple[str, str | None], int] = {}
    todo = [(steps, goal[0], goal[1] or "", goal) for goal, steps in goals.items()]
    heapq.heapify(todo)
    while todo:
        steps, _, _, key = heapq.heappop(todo)
        if key not in out:
            out[key] = steps
            for before in into.get(key, ()):
                if before not in out:
                    heapq.heappush(todo, (steps + 1, before[0], before[1] or "", before))
    return out


@given(st.dictionaries(st.integers(0, 30), st.sets(st.integers(0, 30), max_size=4), max_size=31),
       st.dictionaries(st.integers(0, 30), st.integers(0, 6), max_size=6))
def test_distances_are_dijkstras_on_any_graph(edges: dict[int, set[int]], seeds: dict[int, int]) -> None:
    """The level-by-level walk gives every body the distance Dijkstra's order gives it, goals
    joining at levels of their own (the map, after the plain walk) included."""
    def key(n: int) -> tuple[str, str | None]:
        return (str(n // 3), None if n % 3 == 0 else f"b{n % 3}")

    into = {key(n): {key(m) for m in before} for n, before in edges.items()}
    goals = {key(n): steps for n, steps in seeds.items()}
    assert distances(into, goals) == _dijkstra(into, goals)
