"""Small campaigns written inline and compiled in memory for runtime and explorer tests."""

from __future__ import annotations

from pathlib import Path

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
