"""Render stage, human format: diagnostics and their source files in, rustc/ruff-style
text out (a header, the source line under a line-number gutter, carets, labels, hints
and a closing summary).

Example:
    >>> from tgc.diagnostics.model import Diagnostic, Severity
    >>> from tgc.source import SourceFile, Span
    >>> src = SourceFile.from_text("a.tgj", "== 101.1\\n-> 101.9\\n")
    >>> d = Diagnostic("TGC101", "unknown-verse", Severity.ERROR, "no verse `101.9`",
    ...                Span("a.tgj", 2, 4, 2, 9), hint="did you mean `101.1`?")
    >>> print(render([d], {"a.tgj": src}), end="")
    error[TGC101]: no verse `101.9`
     --> a.tgj:2:4
      |
    2 | -> 101.9
      |    ^^^^^
      |
      = hint: did you mean `101.1`?
    <BLANKLINE>
    1 error

Rules of the layout:

- Every column is a display column: tabs expand to the next multiple of ``TAB_WIDTH``,
  wide (East Asian) characters take two cells, combining marks none, and control
  characters show as U+FFFD so author text cannot drive the terminal.
- Carets are clamped to the line and there is always at least one; a span running
  past its first line is underlined to the end of that line. A line longer than
  ``MAX_SHOWN`` characters is cut around the caret, with ``...`` where it was cut.
- Messages, hints, labels and file names show control characters as escapes
  (``\\x1b``), never raw.
- Labels use ``-`` markers and their own snippet; one in another file, or in a file
  missing from ``sources``, gets its own `` --> `` line. A missing file never fails
  the render: the snippet is simply left out.
- Colour (ANSI, through rich's styles) only when ``color=True``; otherwise plain text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from tgc.diagnostics.model import Diagnostic, Severity
from tgc.diagnostics.render.base import Counts, ordered, printable
from tgc.source import SourceFile, Span

TAB_WIDTH = 4
MAX_SHOWN = 160  # characters of a source line shown around the caret

Segment = tuple[str, str]  # (text, rich style; "" is unstyled)
Row = list[Segment]

_SEVERITY_STYLE = {
    Severity.ERROR: "bold red",
    Severity.WARNING: "bold yellow",
    Severity.INFO: "bold cyan",
    Severity.IGNORE: "",
}
_GUTTER = "bold blue"
_SECONDARY = "bold blue"


@dataclass(frozen=True, slots=True)
class _Mark:
    """One underline: the primary span (``^``) or a label (``-``)."""

    span: Span
    char: str
    message: str
    style: str


def render(
    diagnostics: Sequence[Diagnostic],
    sources: Mapping[str, SourceFile],
    *,
    color: bool = False,
) -> str:
    """Every diagnostic as a block separated by blank lines, then a summary line."""
    shown = ordered(diagnostics)
    rows: list[Row] = []
    for diagnostic in shown:
        rows.extend(_render_diagnostic(diagnostic, sources))
        rows.append([])
    counts = Counts.of(shown)
    rows.append([(str(counts), _summary_style(counts))])
    return _emit(rows, color)


def _render_diagnostic(d: Diagnostic, sources: Mapping[str, SourceFile]) -> list[Row]:
    style = _SEVERITY_STYLE[d.severity]
    marks = [_Mark(d.span, "^", "", style)]
    marks += [_Mark(label.span, "-", label.message, _SECONDARY) for label in d.labels]
    width = max(len(str(mark.span.line)) for mark in marks)
    rows = _header(d, style)
    rows += _snippets(marks, sources, width)
    if d.hint:
        if any(mark.span.file in sources for mark in marks):
            rows.append([(" " * width + " |", _GUTTER)])
        rows += _note(width, "hint", d.hint)
    return rows


def _header(d: Diagnostic, style: str) -> list[Row]:
    head = f"{d.severity.value}[{d.code}]"
    first, *rest = printable(d.message, keep_newlines=True).split("\n")
    rows: list[Row] = [[(head, style), (": " + first, "bold")]]
    indent = " " * (len(head) + 2)
    rows += [[(indent + line, "bold")] for line in rest]
    return rows


def _snippets(marks: list[_Mark], sources: Mapping[str, SourceFile], width: int) -> list[Row]:
    """One snippet per (file, line), in order of first mention; marks on one line share it."""
    groups: dict[tuple[str, int], list[_Mark]] = {}
    for mark in marks:
        groups.setdefault((mark.span.file, mark.span.line), []).append(mark)
    rows: list[Row] = []
    current: str | None = None
    after_snippet = False
    pad = " " * width
    for (file, line), group in groups.items():
        source = sources.get(file)
        if file != current or source is None:
            if after_snippet:
                rows.append([(pad + " |", _GUTTER)])
            rows.append([(pad + "--> ", _GUTTER), (printable(str(group[0].span)), "")])
            current = file
        after_snippet = source is not None
        if source is None:
            for mark in group:
                if mark.message:
                    rows += _note(width, "note", mark.message)
            continue
        text, group = _window(source.line(line), group)
        shown, columns = _display(text)
        rows.append([(pad + " |", _GUTTER)])
        rows.append([(f"{line:>{width}} |", _GUTTER), ((" " + shown) if shown else "", "")])
        rows += [_marker_row(pad, mark, line, len(columns) - 1, columns) for mark in group]
    return rows


def _marker_row(pad: str, mark: _Mark, line: int, length: int, columns: list[int]) -> Row:
    start = min(max(mark.span.col - 1, 0), length)
    single = mark.span.end_line == line
    end = min(max(mark.span.end_col - 1 if single else length, start), length)
    lead, count = columns[start], max(1, columns[end] - columns[start])
    row: Row = [(pad + " | ", _GUTTER), (" " * lead + mark.char * count, mark.style)]
    if mark.message:
        row.append((" " + printable(mark.message), mark.style))
    return row


def _note(width: int, kind: str, text: str) -> list[Row]:
    first, *rest = printable(text, keep_newlines=True).split("\n")
    rows: list[Row] = [[(" " * width + " = ", _GUTTER), (kind + ":", "bold"), (" " + first, "")]]
    indent = " " * (width + len(kind) + 5)
    rows += [[(indent + line, "")] for line in rest]
    return rows


def _window(text: str, group: list[_Mark]) -> tuple[str, list[_Mark]]:
    """A line longer than :data:`MAX_SHOWN` characters, cut around the first mark as
    compilers do (``...`` at each cut), with the marks moved to match: a minified or
    generated line of a megabyte costs one screen line, not a megabyte of carets."""
    if len(text) <= MAX_SHOWN:
        return text, group
    first = group[0].span.col - 1
    start = max(0, min(first - MAX_SHOWN // 3, len(text) - MAX_SHOWN))
    end = start + MAX_SHOWN
    head, tail = ("..." if start else ""), ("..." if end < len(text) else "")
    shift = len(head) - start
    limit = len(head) + (end - start) + 1

    def moved(mark: _Mark) -> _Mark:
        col = min(max(mark.span.col + shift, 1), limit)
        end_col = min(max(mark.span.end_col + shift, col), limit)
        return _Mark(mark.span._replace(col=col, end_col=end_col), mark.char, mark.message, mark.style)

    return head + text[start:end] + tail, [moved(mark) for mark in group]


def _display(text: str) -> tuple[str, list[int]]:
    """The line as shown, and the display column where each character index starts."""
    out: list[str] = []
    columns = [0]
    pos = 0
    for ch in text:
        if ch == "\t":
            width = TAB_WIDTH - pos % TAB_WIDTH
            out.append(" " * width)
        elif _is_control(ch):
            width = 1
            out.append("\ufffd")
        else:
            width = _char_width(ch)
            out.append(ch)
        pos += width
        columns.append(pos)
    return "".join(out), columns


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc"


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _summary_style(counts: Counts) -> str:
    if counts.errors:
        return "bold red"
    if counts.warnings:
        return "bold yellow"
    return "bold green"


def _emit(rows: list[Row], color: bool) -> str:
    if color:
        lines = ["".join(_paint(text, style) for text, style in row) for row in rows]
    else:
        lines = ["".join(text for text, _ in row) for row in rows]
    return "\n".join(lines) + "\n"


@cache
def _paint(text: str, style: str) -> str:
    if not text or not style:
        return text
    from rich.color import ColorSystem
    from rich.style import Style

    return Style.parse(style).render(text, color_system=ColorSystem.STANDARD)
