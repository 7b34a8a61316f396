"""Render stage, the words: a bundle's prose, targets, conditions and effects in, inline
pieces out (plain text, icons, names, links), worded the way a printed gamebook words
them ("Gain 2 Food", "If you have status Cold Pyre part 3, go to verse 12").

Pieces are data, never HTML: the templates turn them into markup with autoescape on, so
no author text is ever trusted.

Example:
    >>> from tgc.render.inline import plain_text, prose
    >>> plain_text(prose("Sell :food: for **coin**"))
    'Sell Food for coin'
"""

from __future__ import annotations

import base64
import re
from functools import cache
from typing import Literal, NamedTuple

from markupsafe import Markup, escape

from tgc import lexicon, rulesets
from tgc.bundle import markup

PieceKind = Literal["text", "icon", "name", "ref"]


class Piece(NamedTuple):
    """A run of printed text. ``icon`` pieces carry the icon's name in ``icon``; ``ref``
    pieces link to ``href`` (a fixed page name and an anchor, never author text alone).
    A named tuple, as the AST nodes are: a book makes hundreds of thousands of them."""

    text: str
    kind: PieceKind = "text"
    bold: bool = False
    italic: bool = False
    icon: str = ""
    href: str = ""


Inline = tuple[Piece, ...]

# An icon's printed name: the first ruleset's that labels it, else the word capitalised.
_LABELS = {word: label for name in rulesets.names()
           for word, label in rulesets.get(name).vocabulary.labels.items()}
_MARKUP = re.compile(r"[\\:*_]")  # no such character: no icon, emphasis or escape to read
_SPECIAL = re.compile("[&<>'\"]")  # what HTML escaping replaces (markupsafe.escape)


def text(value: str) -> Piece:
    return Piece(value)


def icon(name: str) -> Piece:
    """An icon as a small printed label (``Food``, ``Courage``), in the edition's word."""
    return Piece(lexicon.term(label(name)), "icon", icon=name)


def label(name: str) -> str:
    """An icon's printed name in the source language."""
    return _LABELS.get(name, name.capitalize())


def name(value: str) -> Piece:
    """A status, item, dial, character or encounter name, set apart from the prose."""
    return Piece(value, "name")


def ref(value: str, href: str) -> Piece:
    return Piece(value, "ref", href=href)


def thing(word: str) -> Piece:
    """A resource, track or attribute: its icon when it has one, else its name."""
    return icon(word) if word in rulesets.icons() else name(word)


Part = Piece | Inline | str | int


def say(message: str, **parts: Part) -> Inline:
    """One of tgc's phrases in the edition's language, as pieces: the template's words as
    text, each ``{field}`` replaced by its part (a piece, pieces, or plain text)."""
    return _pieces(lexicon.current().phrase(message), parts)


def say_n(singular: str, plural: str, n: int, **parts: Part) -> Inline:
    """A phrase that counts ``n`` (also its ``{n}`` field), with the language's plural forms."""
    return _pieces(lexicon.current().plural(singular, plural, n), {"n": n, **parts})


_PLAIN = Piece("")[1:]  # what a piece of plain text holds besides its words


def _pieces(template: str, parts: dict[str, Part]) -> Inline:
    """Plain words next to each other become one piece, as a hand-made phrase has them;
    a field with no part prints as written. (A book says hundreds of thousands of
    phrases: the template is split once, and plain words wait in a string until a piece
    that is not plain follows them.)"""
    out: list[Piece] = []
    words = ""
    for before, name in _segments(template):
        words += before
        if not name:
            continue
        value = parts.get(name)
        if value is None:
            words += "{" + name + "}"
        elif isinstance(value, tuple):  # a Piece, or an Inline of them
            for piece in (value,) if isinstance(value, Piece) else value:
                if piece[1:] == _PLAIN:
                    words += piece.text
                elif piece.text or piece.kind != "text":
                    if words:
                        out.append(Piece(words))
                        words = ""
                    out.append(piece)
        else:
            words += str(value)
    if words:
        out.append(Piece(words))
    return tuple(out)


@cache
def _segments(template: str) -> tuple[tuple[str, str], ...]:
    """A phrase template as (words, field) pairs in order; the last pair's field is empty.
    Keyed by the template's text, so every language's templates share it."""
    out: list[tuple[str, str]] = []
    at = 0
    for match in lexicon.FIELD.finditer(template):
        out.append((template[at:match.start()], match.group(1)))
        at = match.end()
    out.append((template[at:], ""))
    return tuple(out)


def prose(source: str) -> Inline:
    """Author text with its inline markup (icons, ``_italic_``, ``**bold**``, escapes)."""
    if not _MARKUP.search(source):
        return (Piece(source),) if source else ()
    return tuple(icon(span.icon) if span.icon is not None else Piece(span.text, bold=span.bold,
                                                                     italic=span.italic)
                 for span in markup.parse(source))


def sentence(pieces: Inline, end: str = "") -> Inline:
    """``pieces`` with the first letter of its leading text upper-cased, and ``end`` added
    (unless the text already ends with a full stop)."""
    out = list(pieces)
    if out and out[0].kind == "text" and out[0].text:
        first = out[0]
        out[0] = Piece(first.text[0].upper() + first.text[1:], bold=first.bold, italic=first.italic)
    if end and not plain_text(pieces).endswith((".", "!", "?")):
        out.append(text(end))
    return tuple(out)


def join(parts: list[Inline], last: str = " and ", sep: str = ", ") -> Inline:
    """``a, b and c``: the parts joined, ``last`` before the final one."""
    out: list[Piece] = []
    for i, part in enumerate(parts):
        if i:
            out.append(text(last if i == len(parts) - 1 else sep))
        out.extend(part)
    return tuple(out)


def plain_text(pieces: Inline) -> str:
    return "".join(piece.text for piece in pieces)


def to_html(pieces: Inline) -> Markup:
    """The pieces as HTML, every text escaped: the templates' ``inline`` filter (a filter
    in Python rather than a macro, since a book prints hundreds of thousands of them)."""
    return Markup("".join(map(_piece_html, pieces)))


def _glyph(word: str) -> str | None:
    """The icon's drawing as a ``data:`` URL: an image, so WeasyPrint reads each drawing
    once per document (an inline ``<svg>`` is parsed at every use: the sample's books took
    0.4 s longer to lay out) and a browser shows it the same."""
    art = rulesets.icon_art().get(word)
    return _data_url(art) if art is not None else None


@cache
def _data_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _escaped(words: str) -> str:
    """``escape(words)`` as plain text. Most of a book's words hold nothing to escape: they
    are returned as they are, without making a Markup object for each piece (a 20k book
    makes about a million; the pages' text is the same)."""
    return str(escape(words)) if _SPECIAL.search(words) else words


def _piece_html(piece: Piece) -> str:
    words = _escaped(piece.text)
    if piece.kind == "icon":
        art = _glyph(piece.icon)
        if art is not None:  # tgc's own drawing (never author text); its name for screen readers
            return (f'<img class="icon glyph icon-{escape(piece.icon)}" src="{art}" alt="{words}" '
                    f'title="{words}">')
        return f'<span class="icon icon-{escape(piece.icon)}">{words}</span>'
    if piece.kind == "ref":
        return f'<a class="ref" href="{escape(piece.href)}">{words}</a>'
    if piece.kind == "name":
        return f'<span class="name">{words}</span>'
    if piece.italic:
        words = f"<em>{words}</em>"
    if piece.bold:
        words = f"<strong>{words}</strong>"
    return words
