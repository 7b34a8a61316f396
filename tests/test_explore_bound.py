"""The explorer's bound (tgc/explore/bound.py) and ways out (ways.py) on the brute-force
reference's generated campaigns (tests/test_explore_reference.py): the bound holds
everything the whole search meets, a search that stops at its bound reports what the
whole search does, and where the ways out say there is no trap or loop, the whole search
finds none; a search that settles on the traps it closed reports them as the whole search
does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tgc.explore.explorer as explorer_module
from tests.runtime_helpers import compared_report
from tests.test_explore_reference import SEEDS, _book
from tgc.explore.explorer import Exploration, Explorer
from tgc.explore.report import trap_nodes
from tgc.runtime import new_state

CHUNKS = 4  # the seeds in a few tests, so a failure names few


def _campaign(seed: int, tmp: Path) -> Any:
    (tmp / str(seed)).mkdir()
    return _book(seed, tmp / str(seed))


def _whole(book: Any) -> Exploration:
    return Explorer(book, new_state(book.bundle), max_states=50_000, settle=False).run()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_bound_holds_everything_the_whole_search_meets(chunk: int, tmp_path: Path) -> None:
    sure = 0
    for seed in SEEDS[chunk::CHUNKS]:
        book = _campaign(seed, tmp_path)
        if book is None:
            continue
        start = new_state(book.bundle)
        found = _whole(book)
        assert found.complete
        limits = Explorer(book, start, max_states=1).limits()
        assert limits is not None
        limit, ways = limits
        if not limit.sure:
            continue
        sure += 1
        assert set(found.reached) <= limit.verses, seed
        assert set(found.blocks) <= limit.blocks, seed
        assert found.choices <= limit.choices, seed
        assert found.parts <= limit.parts, seed
        assert found.secrets <= limit.secrets, seed
        assert {(kind, v) for kind, where in found.endings.items() for v in where} <= limit.endings, seed
        assert set(found.dead_ends) <= limit.dead_ends, seed
        if ways.loop is None:
            assert not found.loops, seed
        if ways.trap is None:
            assert not trap_nodes(found), seed
    assert sure >= len(SEEDS[chunk::CHUNKS]) - 3


def _report(ex: Exploration) -> dict[str, object]:
    return compared_report(ex)


def test_a_search_stopped_at_its_bound_reports_what_the_whole_search_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_module, "SETTLE_EVERY", 1)  # look after every step
    monkeypatch.setattr(explorer_module, "SETTLE_FROM", 1)
    settled, trapped, states, whole_states = 0, 0, 0, 0
    for seed in SEEDS:
        book = _campaign(seed, tmp_path)
        if book is None:
            continue
        early = Explorer(book, new_state(book.bundle), max_states=50_000).run()
        if not early.settled:
            continue
        settled += 1
        trapped += bool(early.traps)  # settled on the traps it closed (trap.py)
        whole = _whole(book)
        assert early.complete
        assert _report(early) == _report(whole), seed
        states, whole_states = states + early.states, whole_states + whole.states
    assert settled >= 8  # not vacuous: the campaigns without traps stop early
    assert trapped >= 3  # and so do some whose trap the search finds early
    # The search goes toward its bound in its own order (toward.py), so one campaign may
    # take a state or two more than the whole search breadth first; together they take fewer.
    assert states < whole_states
