"""Every transcript is a test: the sample campaign's playtests (journal_src/playtests/),
the play cases (tests/cases/play/<campaign>/) and the examples' transcripts (a ruleset
that plays its own way replays them through its player), each replayed on the compiled bundle and
again after a JSON round trip of it. `pytest --update-goldens` rewrites them (review the
diff like code)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.golden import UPDATE_OPTION
from tgc.bundle.io import dump_bundle, parse_bundle
from tgc.pipeline import load_campaign
from tgc.playtest.transcript import check_transcript, find_transcripts
from tgc.runtime.book import Book

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "journal_src"
PLAY_CASES = REPO / "tests" / "cases" / "play"
EXAMPLES = REPO / "examples"
TRANSCRIPTS = find_transcripts([SAMPLE / "playtests", PLAY_CASES, EXAMPLES])


def campaign_root(transcript: Path) -> Path:
    """The nearest folder above the transcript that holds .tgj files."""
    for folder in transcript.parents:
        if any(folder.glob("*.tgj")):
            return folder
    raise AssertionError(f"no campaign above {transcript}")


@cache
def books(root: Path) -> tuple[Book, Book]:
    """The campaign compiled in memory, and the same bundle after a JSON dump and load."""
    bundle = load_campaign(root)
    return Book(bundle), Book(parse_bundle(dump_bundle(bundle)))


def test_the_sample_has_playtests_for_every_location() -> None:
    book = books(SAMPLE)[0]
    texts = "\n".join(p.read_text(encoding="utf-8") for p in TRANSCRIPTS if p.is_relative_to(SAMPLE))
    for location in book.bundle.locations:
        explore = book.hook(location.number, "explore")
        assert explore is not None
        assert f"== {location.number}.1\n" in texts, f"no playtest explores location {location.number}"
    assert "! " in texts and "is read when the exploration ends" in texts, "no trigger fires"
    assert "> :save " in texts and "> :load " in texts


@pytest.mark.parametrize("round_trip", [False, True], ids=["bundle", "json-round-trip"])
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.relative_to(REPO).as_posix() for p in TRANSCRIPTS])
def test_transcript(path: Path, round_trip: bool, request: pytest.FixtureRequest) -> None:
    book = books(campaign_root(path))[round_trip]
    update = bool(request.config.getoption(UPDATE_OPTION)) and not round_trip
    outcome = check_transcript(path, book, update=update)
    if outcome.error is not None:
        pytest.fail(f"{outcome.error}\n{outcome.diff}", pytrace=False)
    if outcome.diff:
        pytest.fail(f"the replay differs from {path}:\n{outcome.diff}\n"
                    f"If the new text is right, run `pytest {UPDATE_OPTION}` and review the diff.",
                    pytrace=False)
