"""Bundle stage, inline markup: a prose string as the bundle holds it (icons, emphasis and
escapes left raw) in, a list of styled spans out, for every reader of a bundle (the player,
a printer, a companion app).

docs/language.md: ``:food:`` and the other known icons are icons (an unknown ``:name:`` stays
literal); ``_italic_`` and ``**bold**`` follow CommonMark's flanking rules; ``\\_ \\* \\:
\\\\ \\{`` give the literal character.

>>> plain("Sell :food: for **coin**, _quickly_ \\\\_ \\\\_")
'Sell [food] for **coin**, _quickly_ _ _'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tgc import rulesets

ESCAPABLE = frozenset("_*:\\{")

_TOKEN = re.compile(r"\\(?P<esc>[_*:\\{])|:(?P<icon>[A-Za-z_]\w*):|(?P<run>\*+|_+)")


@dataclass(frozen=True, slots=True)
class Span:
    """A run of text with one style; ``icon`` names the icon when the span is one."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


@dataclass(slots=True)
class _Delim:
    char: str
    length: int
    opens: bool
    closes: bool
    index: int  # position in the piece list


def parse(text: str) -> list[Span]:
    """The spans of ``text``: emphasis pairs resolved, icons and escapes decoded."""
    pieces: list[str | tuple[str, str]] = []  # plain text, or ("icon", name) / ("delim", run)
    delims: list[_Delim] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() > pos:
            pieces.append(text[pos:match.start()])
        pos = match.end()
        if match.group("esc") is not None:
            pieces.append(match.group("esc"))
        elif match.group("icon") is not None:
            name = match.group("icon")
            pieces.append(("icon", name) if name in rulesets.icons() else match.group(0))
        else:
            run = match.group("run")
            before = text[match.start() - 1] if match.start() > 0 else " "
            after = text[match.end()] if match.end() < len(text) else " "
            opens, closes = _flanking(run[0], before, after)
            delims.append(_Delim(run[0], len(run), opens, closes, len(pieces)))
            pieces.append(("delim", run))
    if pos < len(text):
        pieces.append(text[pos:])
    styles = _pair(delims, len(pieces))
    return _spans(pieces, styles)


def plain(text: str) -> str:
    """The text as a plain-text reader sees it: icons as ``[food]``, emphasis kept as the
    writer marked it (``_x_``, ``**x**``), escapes decoded."""
    out = []
    bold = italic = False
    for span in [*parse(text), Span("")]:
        if italic and not span.italic:
            out.append("_")
        if bold and not span.bold:
            out.append("**")
        if span.bold and not bold:
            out.append("**")
        if span.italic and not italic:
            out.append("_")
        bold, italic = span.bold, span.italic
        out.append(f"[{span.icon}]" if span.icon is not None else span.text)
    return "".join(out)


def _flanking(char: str, before: str, after: str) -> tuple[bool, bool]:
    """CommonMark's left- and right-flanking rules, with ``_``'s intraword restriction."""
    left = not after.isspace() and (not _punct(after) or before.isspace() or _punct(before))
    right = not before.isspace() and (not _punct(before) or after.isspace() or _punct(after))
    if char == "_":
        return left and (not right or _punct(before)), right and (not left or _punct(after))
    return left, right


def _punct(char: str) -> bool:
    return unicodedata.category(char).startswith(("P", "S"))


def _pair(delims: list[_Delim], count: int) -> list[tuple[bool, bool] | None]:
    """Match closers to the nearest opener of the same kind (``**`` bold, ``_`` italic);
    returns, for each piece, the (bold, italic) change it starts (None: no change), and
    marks matched delimiters by clearing them from the piece list's literal text."""
    marks: list[tuple[bool, bool] | None] = [None] * count
    stack: list[_Delim] = []
    for delim in delims:
        usable = (delim.char == "*" and delim.length == 2) or (delim.char == "_" and delim.length == 1)
        if not usable:
            continue
        if delim.closes:
            opener = next((d for d in reversed(stack) if d.char == delim.char), None)
            if opener is not None:
                del stack[stack.index(opener):]
                style = (True, False) if delim.char == "*" else (False, True)
                marks[opener.index] = style
                marks[delim.index] = style
                continue
        if delim.opens:
            stack.append(delim)
    return marks


def _spans(pieces: list[str | tuple[str, str]], marks: list[tuple[bool, bool] | None]) -> list[Span]:
    spans: list[Span] = []
    bold = italic = False
    for piece, mark in zip(pieces, marks, strict=True):
        if mark is not None:
            bold, italic = bold ^ mark[0], italic ^ mark[1]
            continue
        if isinstance(piece, tuple):
            kind, value = piece
            if kind == "icon":
                spans.append(Span(value, bold, italic, icon=value))
                continue
            piece = value
        if spans and spans[-1].icon is None and (spans[-1].bold, spans[-1].italic) == (bold, italic):
            spans[-1] = Span(spans[-1].text + piece, bold, italic)
        else:
            spans.append(Span(piece, bold, italic))
    return spans
