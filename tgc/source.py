"""Source text: files as read from disk, spans, and line lookups. Input: paths; output: SourceFile."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple


class Span(NamedTuple):
    """A region of a source file; lines and columns are 1-based, ``end_col`` is exclusive.

    Columns count Unicode code points, which is what SARIF's ``unicodeCodePoints``
    column kind means and what an editor shows for a UTF-8 file. A named tuple rather
    than a dataclass: a journal has millions of spans, and tuples are several times
    cheaper to create, compare and cache.
    """

    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def to(self, other: Span) -> Span:
        """The span from the start of this one to the end of ``other``."""
        return make_span((self.file, self.line, self.col, other.end_line, other.end_col))

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


# ``make_span((file, line, col, end_line, end_col))`` is ``Span(file, ...)`` made in C: a
# named tuple's own constructor is a Python function (its ``__new__``), and the parser
# makes a span for nearly every token of a journal (300,000 for 20,000 verses), so its
# hot paths make them this way, at half the cost. The fields must be exactly five.
make_span: Callable[[tuple[str, int, int, int, int]], Span] = partial(tuple.__new__, Span)


def line_span(file: str, line: int, text: str, indent: int = 0) -> Span:
    """The span of a whole line's content (after ``indent`` leading characters)."""
    return Span(file, line, indent + 1, line, max(len(text), indent) + 1)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One decoded source file; ``name`` is the path shown in diagnostics."""

    name: str
    text: str
    lines: tuple[str, ...] = field(repr=False)

    @staticmethod
    def from_text(name: str, text: str) -> SourceFile:
        """Normalise line ends and drop a BOM, as docs/language.md allows both."""
        if text.startswith("\ufeff"):
            text = text[1:]
        if "\r" in text:  # (one scan, where each replace is one: most files have no \r)
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return SourceFile(name, text, tuple(text.split("\n")))

    def line(self, number: int) -> str:
        """The text of a 1-based line, or '' beyond the end (spans may point past EOF)."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return ""


class SourceError(Exception):
    """A file that cannot be read or decoded; the CLI turns it into a diagnostic."""

    def __init__(self, path: str, reason: str, line: int = 1, col: int = 1) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
        self.line = line
        self.col = col


def read_source(path: Path, name: str) -> SourceFile:
    """Read and decode one file, raising SourceError with the position of bad bytes."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(name, exc.strerror or str(exc)) from None
    try:
        return SourceFile.from_text(name, data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before.rsplit(b"\n", 1)[-1].decode("utf-8", "replace")) + 1
        raise SourceError(name, f"not valid UTF-8 (byte 0x{data[exc.start]:02x})", line, col) from None
