"""Play session, what the reader sees: the lines a session emits (verse headings, prose,
effects, choices, prompts, command replies) and their plain-text form, which is the body
of a transcript. The interactive player renders the same lines with rich (cli/playview.py).

Plain text is laid out for reading and diffing: prose wrapped at 78 columns, a blank line
between paragraphs, choices and inputs; effects indented under the prose they follow. No
printed line starts with ``>`` or ``#`` (those are a transcript's inputs and comments): such
a line is written with a leading ``\\``.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Literal

from tgc.bundle.markup import plain

Kind = Literal["heading", "block", "prose", "effect", "event", "choice", "locked", "prompt",
               "ending", "info", "state", "fight", "error", "input", "comment", "map"]

WIDTH = 78

# For each kind, the kinds after which it follows with no blank line between.
_TIGHT: dict[str, frozenset[str]] = {
    "heading": frozenset(),
    "block": frozenset(),
    "prose": frozenset({"heading", "block"}),
    "effect": frozenset({"heading", "block", "prose", "effect", "event", "input"}),
    "event": frozenset({"heading", "block", "prose", "effect", "event", "input"}),
    "choice": frozenset({"choice", "locked", "prompt"}),
    "locked": frozenset({"choice", "locked", "prompt"}),
    "prompt": frozenset(),
    "ending": frozenset(),
    "info": frozenset({"input", "info", "state", "fight", "error"}),
    "state": frozenset({"input", "info", "state", "fight"}),
    # A fight's table: the rows of a state panel, printed the same way, titled apart.
    "fight": frozenset({"input", "info", "state", "fight"}),
    "error": frozenset({"input", "info", "state", "fight"}),
    "input": frozenset({"comment"}),
    "comment": frozenset({"comment"}),
    # A campaign's map: rows printed as they are, right under the command that drew them.
    "map": frozenset({"map", "input", "info"}),
}


@dataclass(frozen=True, slots=True)
class Line:
    """One thing shown. ``text`` of prose and choices keeps the inline markup raw;
    ``detail`` is a choice's costs, a locked choice's reason, a state row's value or a
    heading's verse name; ``number`` is a choice's number (1-based)."""

    kind: Kind
    text: str
    detail: str = ""
    number: int = 0


def plain_lines(line: Line) -> list[str]:
    """The plain-text lines of one Line (no blank lines: the writer adds those)."""
    kind, text = line.kind, line.text
    if kind == "heading":
        out = [f"== {text}" + (f" ({line.detail})" if line.detail else "")]
    elif kind == "block":
        out = [f"= {text}"]
    elif kind == "prose":
        out = textwrap.wrap(plain(text), WIDTH, break_long_words=False, break_on_hyphens=False) or [""]
    elif kind in ("effect", "event"):
        out = [f"  {text}"]
    elif kind == "choice":
        out = [f"  {line.number}. {plain(text)}" + (f" ({line.detail})" if line.detail else "")]
    elif kind == "locked":
        out = [f"  -  {plain(text)} (locked: {line.detail})"]
    elif kind == "prompt":
        out = [f"? {text}"]
    elif kind in ("state", "fight"):
        out = [f"  {text}: {line.detail}" if line.detail else f"  {text}"]
    elif kind == "error":
        out = [f"error: {text}"]
    elif kind == "input":
        return [f"> {text}"]
    elif kind == "comment":
        return [text]
    else:  # ending, info, map
        out = [text]
    return [_escape(s) for s in out]


def gap(previous: str | None, kind: str) -> bool:
    """Is a blank line wanted between a line of kind ``previous`` and one of ``kind``?"""
    return previous is not None and previous not in _TIGHT[kind]


def _escape(text: str) -> str:
    return "\\" + text if text.startswith((">", "#", "\\")) else text


class PlainWriter:
    """Collects Lines as plain text, putting blank lines where the layout wants them."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self._last: str | None = None

    def add(self, line: Line) -> None:
        if gap(self._last, line.kind):
            self.parts.append("")
        self.parts.extend(plain_lines(line))
        self._last = line.kind

    def raw(self, text: str) -> None:
        """A line outside the layout (a transcript header)."""
        self.parts.append(text)

    def text(self) -> str:
        return "\n".join(self.parts) + "\n" if self.parts else ""
