"""Small campaigns written inline and compiled in memory for runtime and explorer tests."""

from __future__ import annotations

from pathlib import Path

from tgc.explore.explorer import Exploration
from tgc.explore.report import summary
from tgc.explore.witness import Stuck, replay
from tgc.pipeline import compile_folder
from tgc.runtime import Book, Story, new_state
from tgc.runtime.rng import Rng

HEADER = """@campaign "Test"
  ruleset: tainted-grail
  start: 101
  players: 1-4

@section bos "Book of Secrets"
"""


def book_of(tmp_path: Path, text: str) -> Book:
    (tmp_path / "c.tgj").write_text(HEADER + text, encoding="utf-8")
    return Book(compile_folder(tmp_path))


def story_of(book: Book, party: tuple[str, ...] = (), **kwargs: object) -> Story:
    return Story(book, new_state(book.bundle, party), rng=Rng(1), **kwargs)  # type: ignore[arg-type]


def compared_report(ex: Exploration) -> dict[str, object]:
    """An exploration's report to compare with another search's of the same campaign: the
    states left out, and each trap's script replaced by whether it leaves a play stuck in
    the trap's verse (two searches may find two stuck plays, both shown on the
    interpreter)."""
    doc = summary(ex, 0.0)
    doc.pop("states")
    doc["trap_loops"] = [
        {**trap, "inputs": replay(ex, tuple(trap["inputs"]), Stuck(trap["verse"]))}
        if trap["reason"] == "no play leaves this point" else trap
        for trap in doc["trap_loops"]]
    return doc
