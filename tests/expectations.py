"""Inline expectations of the check cases (tests/cases/check/README.md): comments that
say which diagnostics a line must get, read from the case files and compared both
ways with what ``check()`` reports.

Example:
    >>> [str(e) for e in read_expectations("a.tgj", '-> 9 // error: [TGC101]\\n')]
    ['a.tgj:1 error TGC101']
    >>> [str(e) for e in read_expectations("a.tgj", '// warning@+1: [TGC007 "gold"]\\nx\\n')]
    ['a.tgj:2 warning TGC007 "gold"']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from tgc.diagnostics.codes import lookup
from tgc.diagnostics.model import Diagnostic

_STRING = r'"(?:[^"\\\n]|\\.)*"'
# `error: [...]`, `warning@+1: [...]`, `info@-2: [...]` inside a comment.
EXPECT = re.compile(rf"\b(error|warning|info)(?:@([+-]\d+))?:[ \t]*\[((?:[^\]\"\n]|{_STRING})*)\]")
_ITEM = re.compile(rf'(?:[^,"]|{_STRING})+')  # the comma-separated entries of a list
_ENTRY = re.compile(rf"\s*([A-Za-z][\w-]*)(?:\s+({_STRING}))?\s*")  # CODE or CODE "text"
# Where a comment starts: `//` at the start of a line or after whitespace in a .tgj
# file (the parser's rule), `#` in a TOML file.
_TGJ_COMMENT = re.compile(r"(?:^|(?<=\s))//")
_TOML_COMMENT = re.compile(r"#")


class ExpectationError(ValueError):
    """A malformed expectation comment: the case file itself is wrong."""


@dataclass(frozen=True)
class Expected:
    file: str
    line: int
    severity: str
    code: str
    text: str | None = None  # must occur in the message or the hint

    def __str__(self) -> str:
        text = f' "{self.text}"' if self.text is not None else ""
        return f"{self.file}:{self.line} {self.severity} {self.code}{text}"

    def matches(self, d: Diagnostic, file: str) -> bool:
        if (file, d.span.line, d.severity.value, d.code) != (self.file, self.line, self.severity,
                                                           self.code):
            return False
        return self.text is None or self.text in d.message or self.text in (d.hint or "")


def read_expectations(file: str, text: str) -> list[Expected]:
    """Every expectation written in the comments of one file."""
    comment = _TOML_COMMENT if file.endswith(".toml") else _TGJ_COMMENT
    found: list[Expected] = []
    for number, line in enumerate(text.splitlines(), start=1):
        start = _comment_start(line, comment)
        if start is None:
            continue
        for m in EXPECT.finditer(line, start):
            severity, offset, entries = m.group(1), m.group(2), m.group(3)
            target = number + (int(offset) if offset else 0)
            found.extend(Expected(file, target, severity, code, text)
                         for code, text in _entries(entries, file, number))
    return found


def _comment_start(line: str, comment: re.Pattern[str]) -> int | None:
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            in_string = not in_string
        elif not in_string and comment.match(line, i):
            return i
    return None


def _entries(entries: str, file: str, number: int) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for item in _ITEM.findall(entries):
        m = _ENTRY.fullmatch(item)
        if m is None:
            raise ExpectationError(f"{file}:{number}: cannot read `{item.strip()}` in `[{entries}]`")
        rule = lookup(m.group(1))
        if rule is None:
            raise ExpectationError(f"{file}:{number}: `{m.group(1)}` is not a tgc code or name")
        text = m.group(2)
        out.append((rule.code, _unescape(text[1:-1]) if text else None))
    if not out:
        raise ExpectationError(f"{file}:{number}: an expectation names at least one code")
    return out


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def compare(expected: Iterable[Expected],
            actual: Iterable[tuple[str, Diagnostic]]) -> tuple[list[Expected], list[str]]:
    """Expectations no diagnostic met, and diagnostics no expectation named (as text).
    Expectations with a text are matched first, so a bare one cannot steal their match."""
    left = list(actual)
    missing: list[Expected] = []
    for want in sorted(expected, key=lambda e: e.text is None):
        hit = next((i for i, (file, d) in enumerate(left) if want.matches(d, file)), None)
        if hit is None:
            missing.append(want)
        else:
            del left[hit]
    unexpected = [f"{file}:{d.span.line}:{d.span.col} {d.severity.value} {d.code}: {d.message}"
                  for file, d in left]
    return missing, unexpected


def count(expected: Iterable[Expected]) -> Counter[str]:
    """How many expectations each code has (for the coverage test)."""
    return Counter(e.code for e in expected)
