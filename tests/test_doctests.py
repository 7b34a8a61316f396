"""The ``Example:`` sections of module docstrings run as doctests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tgc.diagnostics.render",
    "tgc.diagnostics.render.human",
    "tgc.diagnostics.render.concise",
    "tgc.diagnostics.suppress",
    "tgc.diagnostics.suggest",
    "tgc.syntax.dump",
    "tgc.semantics.truth",
    "tgc.semantics.dice",
    "tgc.semantics.loops",
    "tgc.render.profile",
    "tests.expectations",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
