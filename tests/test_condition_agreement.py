"""The checker and the explorer read one condition algebra, so they agree: where the
checker's state flow says a verse or block can never be reached (its guards never hold:
TGC301, and the TGC302-306 facts that block it) and where it finds a guard contradictory
(TGC308), the explorer, playing the same campaign on the real interpreter, never gets
there. Run over every check case that compiles (a campaign with errors is compiled
anyway: the point is to play what the checker judged)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tgc.bundle.compile import CompileError, compile_bundle
from tgc.bundle.lock import read_lock
from tgc.bundle.numbering import number_verses
from tgc.diagnostics.model import Severity
from tgc.explore.explorer import Exploration, explore
from tgc.pipeline import Job, run
from tgc.runtime import Book, new_state
from tgc.semantics.analysis import Analysis
from tgc.semantics.facts import Vocabulary
from tgc.semantics.holds import conflict
from tgc.semantics.model import Campaign
from tgc.syntax import ast

CASES = Path(__file__).parent / "cases" / "check"
CASE_PATHS = sorted([*CASES.glob("*.tgj"), *(p for p in CASES.iterdir() if p.is_dir())])


@dataclass
class Played:
    campaign: Campaign
    codes: set[str]
    exploration: Exploration


def _play(case: Path, tmp: Path) -> Played | None:
    result = run(Job(case, until="check"))
    campaign = result.campaign
    assert campaign is not None
    if any(d.code < "TGC200" and d.severity is Severity.ERROR for d in result.diagnostics):
        return None  # a syntax or name error: the checker's state claims are not the point
    if campaign.ruleset.engines is None:
        return None  # a ruleset the interpreter cannot play (no engines): nothing to explore
    lock, _, _ = read_lock(tmp / "tgc.lock", "tgc.lock")
    numbering, _ = number_verses(campaign, lock)
    try:
        bundle = compile_bundle(campaign, numbering, case)
    except CompileError:
        return None  # a reference that does not resolve: nothing to play
    book = Book(bundle)
    start = new_state(bundle, [])
    exploration = explore(book, start, max_states=20_000)
    return Played(campaign, {d.code for d in result.diagnostics}, exploration)


def _contradictory_choices(campaign: Campaign) -> set[tuple[str, str | None, int]]:
    """The choices whose guard contradicts itself (TGC308's finding), named as the
    explorer names a choice taken: (verse, block, line of the body)."""
    out: set[tuple[str, str | None, int]] = set()
    vocabulary = Vocabulary(campaign)
    for vid, info in campaign.verses.items():
        bodies = [(None, info.verse.body), *((name, block.body) for name, block in info.blocks.items())]
        for block, body in bodies:
            for index, stmt in enumerate(body):
                if (isinstance(stmt, ast.Choice) and stmt.guard is not None
                        and conflict(stmt.guard.conditions, vocabulary) is not None):
                    out.add((vid, block, index))
    return out


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.name)
def test_the_explorer_never_reaches_what_the_checker_calls_impossible(case: Path, tmp_path: Path) -> None:
    played = _play(case, tmp_path)
    if played is None:
        pytest.skip("a syntax or name error, an unresolved reference, or a ruleset without engines")
    campaign, ex = played.campaign, played.exploration
    analysis = Analysis(campaign)
    live, graph = analysis.flow.live, analysis.graph
    reached_nodes = set(ex.reached) | set(ex.blocks)
    impossible = {n for n in reached_nodes if n in graph.nodes and n not in live}
    assert not impossible, f"the checker says these can never be reached: {sorted(impossible)}"
    taken = ex.choices & _contradictory_choices(campaign)
    assert not taken, f"choices with contradictory guards were taken: {sorted(taken)}"


def test_the_cases_do_claim_impossibilities(tmp_path: Path) -> None:
    """The agreement above is tested where it matters: cases the checker blocks (TGC301)
    and whose guards contradict (TGC308) do compile and explore."""
    blocked = _play(CASES / "TGC301_blocked_verse_1.tgj", tmp_path)
    contradictory = _play(CASES / "TGC308_contradictory_condition_1.tgj", tmp_path)
    assert blocked is not None and "TGC301" in blocked.codes
    analysis = Analysis(blocked.campaign)
    assert set(analysis.graph.nodes) - analysis.flow.live
    assert contradictory is not None and "TGC308" in contradictory.codes
    assert _contradictory_choices(contradictory.campaign)
