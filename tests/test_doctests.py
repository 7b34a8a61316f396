"""The ``Example:`` sections of module docstrings run as doctests."""

from __future__ import annotations

import doctest
import importlib
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

MODULES = [
    "tgc.diagnostics.render",
    "tgc.diagnostics.render.human",
    "tgc.diagnostics.render.concise",
    "tgc.diagnostics.suppress",
    "tgc.diagnostics.suggest",
    "tgc.syntax.dump",
    "tgc.conditions.form",
    "tgc.conditions.evaluate",
    "tgc.conditions.abstract",
    "tgc.conditions.table",
    "tgc.conditions.text",
    "tgc.bundle.conditions",
    "tgc.explore.budget",
    "tgc.explore.pace",
    "tgc.semantics.lower",
    "tgc.semantics.holds",
    "tgc.semantics.dice",
    "tgc.semantics.loops",
    "tgc.render.profile",
    "tgc.render.colour",
    "tgc.render.web",
    "tgc.sim.interval",
    "tgc.playtest.transcript",
    "tests.expectations",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_api_page_examples(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """docs/api.md's examples run from the project root, on the sample campaign; the
    sample's committed tgc.lock must come out of them unchanged."""
    lock = REPO / "journal_src" / "tgc.lock"
    before = lock.read_bytes()
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = doctest.testfile(str(REPO / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20
    assert result.failed == 0
    assert lock.read_bytes() == before
