"""Shared pytest configuration: the ``--update-goldens`` option and the ``golden`` fixture."""

from __future__ import annotations

import getpass
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from tests.golden import UPDATE_OPTION, Golden

# Hypothesis keeps its example database in ./.hypothesis by default; the suite runs from
# the project root, which must stay clean, so the database lives in the temp folder.
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / f"tgc-hypothesis-{getpass.getuser()}")
# No per-example deadline: the suite runs one worker per core beside other work, and a
# slow example there is a loaded machine, not a bug (a deadline failed the Dijkstra
# property of tests/test_explore_toward.py under load, and passed again with its seed).
settings.register_profile("tgc", deadline=None)
settings.load_profile("tgc")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        UPDATE_OPTION,
        action="store_true",
        default=False,
        help="rewrite golden files with the current output instead of comparing",
    )


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Golden:
    """``golden(path, actual)``: compare ``actual`` with the file, or rewrite it."""
    return Golden(update=bool(request.config.getoption(UPDATE_OPTION)))


@pytest.fixture(autouse=True)
def _private_parse_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tgc check` keeps signed parses under $TGC_CACHE_DIR; tests never touch ~/.cache."""
    monkeypatch.setenv("TGC_CACHE_DIR", str(tmp_path_factory.mktemp("tgc-cache")))
