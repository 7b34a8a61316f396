"""The analysis object (issue 8 item 4): the model is frozen, resolution returns a new
value, and every derived structure is a property of one Analysis, computed when first
read and kept, which the pipeline's Result carries."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.test_usage import DECLS, campaign_of
from tgc.pipeline import check
from tgc.semantics.analysis import Analysis
from tgc.semantics.resolve import resolve
from tgc.semantics.symbols import collect
from tgc.source import SourceFile
from tgc.syntax.parser import parse_source

ROOT = Path(__file__).resolve().parent.parent


def test_the_model_is_frozen() -> None:
    campaign = campaign_of("== 101.1\n-> end\n")
    with pytest.raises(dataclasses.FrozenInstanceError):
        campaign.info = None  # type: ignore[misc]


def test_resolution_returns_a_new_campaign_and_leaves_the_collected_one_alone() -> None:
    tree, _ = parse_source(SourceFile.from_text("t.tgj", "@campaign \"T\"\n  start: 101\n"
                                                "@location 101 \"Camp\"\n  instant: -> 101.1\n"
                                                "== 101.1\n-> 2\n== 101.2\n-> 9\n"))
    collected, _ = collect([tree])
    resolved, diags = resolve(collected)
    assert resolved is not collected
    assert not collected.targets and not collected.unresolved
    assert "101.2" in resolved.targets.values()
    assert "TGC101" in [d.code for d in diags]
    assert len(resolved.unresolved) == 1


def test_properties_are_computed_when_first_read_and_kept() -> None:
    analysis = Analysis(campaign_of(DECLS + "== 101.1\n~ mark \"Pathfinder\"\n-> end\n"))
    assert not {"graph", "usage", "flow"} & set(vars(analysis))
    flow = analysis.flow  # needs the graph and the usage tables
    assert {"graph", "usage", "flow"} <= set(vars(analysis))
    assert analysis.flow is flow and analysis.graph is analysis.graph
    assert "101.1" in flow.live


def test_derive_computes_a_family_result_once() -> None:
    analysis = Analysis(campaign_of("== 101.1\n-> end\n"))
    calls: list[int] = []

    def count(a: Analysis) -> int:
        calls.append(1)
        return len(a.graph.nodes)

    assert analysis.derive(count) == analysis.derive(count)
    assert len(calls) == 1


def test_a_new_analysis_of_an_edited_model_sees_the_edit() -> None:
    """What a language server does: keep nothing derived from the old model."""
    before = Analysis(campaign_of("== 101.1\n-> end\n"))
    after = Analysis(campaign_of("== 101.1\n-> .b\n= b\n-> end\n"))
    assert set(before.graph.nodes) == {"101.1"}
    assert set(after.graph.nodes) == {"101.1", "101.1.b"}


def test_the_result_carries_the_analysis_the_checks_used() -> None:
    result = check(ROOT / "journal_src")
    assert result.analysis is not None and result.analysis.campaign is result.campaign
    assert {"graph", "usage", "flow", "endings", "hidden"} <= set(vars(result.analysis))
