"""Bundle stage, the lock file: ``tgc.lock`` text in, a Lock (printed numbers per section)
out, and back. Bad lines become TGC130 diagnostics with their line; nothing raises.

The file is a small, sorted subset of TOML, so other tools can read it with ``tomllib``::

    # tgc.lock ... (header comment)
    format = 1

    [201]
    retired = [12]
    verses.arrival = 8
    verses.forge = 9

``verses.KEY = N``: the verse ``SECTION.KEY`` prints as N. ``retired``: numbers that
removed verses had; they are never given again. ``shuffle = SEED``: the section was
numbered by ``tgc build --shuffle SEED``, so every verse (not only named ones) is listed.

Example:
    >>> from tgc.source import SourceFile
    >>> lock, diags = parse_lock(SourceFile.from_text("tgc.lock", "[bos]\\nverses.ritual = 7\\n"))
    >>> lock.sections["bos"].verses, diags
    ({'ritual': 7}, [])
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tgc.bundle.order import section_key
from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic, Label
from tgc.limits import LimitError, read_int
from tgc.source import SourceError, SourceFile, Span, line_span, read_source

LOCK_NAME = "tgc.lock"
LOCK_FORMAT = 1
HEADER = """\
# tgc.lock: the printed number of every named verse, kept by `tgc build`.
# Commit this file with the sources: it keeps numbers stable across builds.
# A removed verse's number is retired and never given again; renaming a verse
# is removing it and adding a new one. See docs/bundle.md before editing.
"""

_KEY = r'[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\["\\])*"'
_INT = r"0|[1-9][0-9]*"
_END = r"\s*(?:#.*)?$"
_TABLE = re.compile(rf"\[\s*({_KEY})\s*\]{_END}")
_FORMAT = re.compile(rf"format\s*=\s*({_INT}){_END}")
_SHUFFLE = re.compile(rf"shuffle\s*=\s*({_INT}){_END}")
_RETIRED = re.compile(rf"retired\s*=\s*\[\s*((?:(?:{_INT})\s*,\s*)*(?:{_INT})?)\s*,?\s*\]{_END}")
_VERSE = re.compile(rf"verses\s*\.\s*({_KEY})\s*=\s*({_INT}){_END}")
_BLANK = re.compile(_END)
_BARE = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True, slots=True)
class SectionLock:
    """One section's numbers. ``lines`` says where each verse and retired number was read
    (for diagnostics); a lock built in memory has none."""

    verses: Mapping[str, int] = field(default_factory=dict)
    retired: tuple[int, ...] = ()
    shuffle: int | None = None
    lines: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Lock:
    sections: Mapping[str, SectionLock] = field(default_factory=dict)
    file: str = LOCK_NAME  # the name diagnostics use for the lock file


def render_lock(lock: Lock) -> str:
    """The file text: sections in natural order, verses by number, numbers sorted."""
    parts = [HEADER, f"format = {LOCK_FORMAT}\n"]
    for name in sorted(lock.sections, key=section_key):
        entry = lock.sections[name]
        if not entry.verses and not entry.retired and entry.shuffle is None:
            continue
        lines = [f"\n[{quote_key(name)}]\n"]
        if entry.shuffle is not None:
            lines.append(f"shuffle = {entry.shuffle}\n")
        if entry.retired:
            lines.append(f"retired = [{', '.join(str(n) for n in sorted(entry.retired))}]\n")
        for key, number in sorted(entry.verses.items(), key=lambda kv: (kv[1], kv[0])):
            lines.append(f"verses.{quote_key(key)} = {number}\n")
        parts.append("".join(lines))
    return "".join(parts)


def quote_key(key: str) -> str:
    """A TOML bare key when it is one, else a basic string (names never hold ``"``)."""
    if _BARE.fullmatch(key):
        return key
    return '"' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(key: str) -> str:
    if key.startswith('"'):
        return re.sub(r'\\(["\\])', r"\1", key[1:-1])
    return key


def lock_path(root: Path) -> Path:
    """tgc.lock lives at the campaign root (beside the file for a one-file campaign)."""
    return (root if root.is_dir() else root.parent) / "tgc.lock"


def read_lock(path: Path, name: str) -> tuple[Lock, SourceFile | None, list[Diagnostic]]:
    """The lock at ``path`` (an empty lock when there is none), its source for rendering
    diagnostics, and what is wrong with it."""
    if not path.exists():
        return Lock(file=name), None, []
    try:
        source = read_source(path, name)
    except SourceError as err:
        span = Span(name, err.line, err.col, err.line, err.col + 1)
        return Lock(file=name), None, [diag("TGC130", span, detail=f"cannot read {name}: "
                                            f"{err.reason}", hint=_REBUILD_HINT)]
    lock, diags = parse_lock(source)
    return lock, source, diags


_REBUILD_HINT = ("fix the line, or restore tgc.lock from version control; deleting it "
                 "renumbers every named verse")


@dataclass
class _Table:
    """A section as it is being read."""

    line: int
    verses: dict[str, int] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    retired: list[int] | None = None
    retired_line: int = 0
    shuffle: int | None = None
    users: dict[int, int] = field(default_factory=dict)  # printed number -> its line

    def owner(self, value: int) -> int | None:
        """The line that already uses ``value`` in this section, if any."""
        return self.users.get(value)

    def freeze(self) -> SectionLock:
        return SectionLock(self.verses, tuple(sorted(self.retired or ())), self.shuffle, self.lines)


class _Parser:
    """Reads the file line by line; every bad line is reported and skipped."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.diags: list[Diagnostic] = []
        self.tables: dict[str, _Table] = {}
        self.current: _Table | None = None

    def run(self) -> Lock:
        for number, text in enumerate(self.source.lines, start=1):
            self.line(number, text.strip(), text)
        return Lock({name: table.freeze() for name, table in self.tables.items()},
                    self.source.name)

    def error(self, number: int, text: str, detail: str, hint: str | None = _REBUILD_HINT,
              labels: tuple[Label, ...] = ()) -> None:
        indent = len(text) - len(text.lstrip())
        span = line_span(self.source.name, number, text.rstrip(), indent)
        self.diags.append(diag("TGC130", span, detail=detail, hint=hint, labels=labels))

    def label(self, line: int, message: str) -> Label:
        end = len(self.source.line(line)) + 1
        return Label(Span(self.source.name, line, 1, line, end), message)

    def line(self, number: int, line: str, text: str) -> None:
        if _BLANK.match(line):
            return
        try:
            self.entry(number, line, text)
        except LimitError as err:
            self.error(number, text, f"tgc.lock: {err}")

    def entry(self, number: int, line: str, text: str) -> None:
        if match := _TABLE.match(line):
            self.table(number, _unquote(match[1]), text)
        elif match := _FORMAT.match(line):
            self.format(number, read_int(match[1], "the format"), text)
        elif self.current is None:
            self.error(number, text, "tgc.lock: expected a section header such as `[201]` "
                       "before this line")
        elif match := _VERSE.match(line):
            value = read_int(match[2], "a printed number")
            self.verse(self.current, number, _unquote(match[1]), value, text)
        elif match := _RETIRED.match(line):
            values = [read_int(n, "a retired number") for n in re.findall(r"[0-9]+", match[1])]
            self.retired(self.current, number, values, text)
        elif match := _SHUFFLE.match(line):
            self.shuffle(self.current, number, read_int(match[1], "the shuffle seed"), text)
        else:
            self.error(number, text, "tgc.lock: expected `verses.NAME = NUMBER`, "
                       "`retired = [NUMBER, ...]` or `shuffle = SEED`")

    def format(self, number: int, value: int, text: str) -> None:
        if self.tables:
            self.error(number, text, "tgc.lock: `format` belongs before the first section")
        elif value > LOCK_FORMAT:
            self.error(number, text, f"tgc.lock format {value} is newer than this tgc supports "
                       f"({LOCK_FORMAT})", hint="upgrade tgc")
        elif value != LOCK_FORMAT:
            self.error(number, text, f"unknown tgc.lock format {value} (this tgc writes "
                       f"format {LOCK_FORMAT})")

    def table(self, number: int, name: str, text: str) -> None:
        if name in self.tables:
            first = self.tables[name].line
            self.error(number, text, f"tgc.lock: section `{name}` appears twice",
                       labels=(self.label(first, "first here"),))
            self.current = _Table(number)  # read on, but into nowhere
            return
        self.current = self.tables[name] = _Table(number)

    def verse(self, table: _Table, number: int, key: str, value: int, text: str) -> None:
        if value < 1:
            self.error(number, text, "tgc.lock: printed numbers start at 1")
        elif key in table.verses:
            self.error(number, text, f"tgc.lock: verse `{key}` is numbered twice",
                       labels=(self.label(table.lines[key], "first here"),))
        elif (other := table.owner(value)) is not None:
            self.error(number, text, f"tgc.lock: number {value} is given twice",
                       labels=(self.label(other, "also here"),))
        else:
            table.verses[key] = value
            table.lines[key] = number
            table.users[value] = number

    def retired(self, table: _Table, number: int, values: list[int], text: str) -> None:
        if table.retired is not None:
            self.error(number, text, "tgc.lock: `retired` appears twice in this section")
            return
        seen: set[int] = set()
        for value in values:
            if value < 1 or value in seen or table.owner(value) is not None:
                self.error(number, text, f"tgc.lock: retired number {value} is listed twice, "
                           "still in use or not a printed number")
                return
            seen.add(value)
        table.retired, table.retired_line = values, number
        table.users.update(dict.fromkeys(values, number))

    def shuffle(self, table: _Table, number: int, value: int, text: str) -> None:
        if table.shuffle is not None:
            self.error(number, text, "tgc.lock: `shuffle` appears twice in this section")
            return
        table.shuffle = value


def parse_lock(source: SourceFile) -> tuple[Lock, list[Diagnostic]]:
    """Read lock text; the diagnostics point at the lines that are wrong."""
    parser = _Parser(source)
    lock = parser.run()
    return lock, parser.diags
