"""Render stage, the printer profile: ``[tool.tgc.print]`` (or ``[print]`` in tgc.toml)
in, the sizes and marks the PDFs are made with out. Every problem is a TGC902 diagnostic
pointing into the file; a bad entry falls back to its default, the others still apply.

The schema (every key optional; the values shown are the defaults)::

    [tool.tgc.print]
    trim = "A5"          # the books' page: A4, A5, A6, B5, Letter, Digest, or "WxH" in mm
    bleed = 3            # mm printed past every trim edge (books and cards)
    marks = true         # crop marks in the bleed
    variant = "none"     # or "pdf/x-1a", "pdf/x-3", "pdf/x-4" (the printer's PDF/X)
    signature = 0        # pages per folded signature (16, 32...); 0: not checked
    sheet = "A4"         # the fillable save sheet's paper (a paper name or "WxH" in mm)
    colour = "rgb"       # or "cmyk": every colour converted for the press of `icc`
    icc = "press.icc"    # the printer's CMYK output profile (a path from the config file)
    [tool.tgc.print.cards]
    location = "89x127"  # mm, width x height, per kind of card
    secret = "63x88"
    item = "63x88"

Example:
    >>> parse_size("A5"), parse_size("63x88"), parse_size("63 x 88.5 mm"), parse_size("huge")
    (Size(width=148.0, height=210.0), Size(width=63.0, height=88.0), Size(width=63.0, height=88.5), None)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path
from typing import Any, Literal

from tgc.diagnostics.codes import diag
from tgc.diagnostics.config import Config, locate
from tgc.diagnostics.model import Diagnostic
from tgc.render.colour import Icc, check_icc

CardKind = Literal["location", "secret", "item"]
CARD_KINDS: tuple[CardKind, ...] = ("location", "secret", "item")
KEYS = ("trim", "bleed", "marks", "variant", "signature", "sheet", "colour", "icc", "cards")
Colour = Literal["rgb", "cmyk"]
COLOURS: tuple[Colour, ...] = ("rgb", "cmyk")
MAX_ICC = 32 * 1024 * 1024  # bytes: press profiles are a few megabytes
MAX_SIGNATURE = 128
VARIANTS = ("none", "pdf/x-1a", "pdf/x-3", "pdf/x-4")
MAX_BLEED = 10.0


@dataclass(frozen=True, slots=True, order=True)
class Size:
    """A width and height in millimetres."""

    width: float
    height: float

    @property
    def label(self) -> str:
        """``63x88``: how file names and the docs name a size."""
        return f"{self.width:g}x{self.height:g}"


PAPERS = {"a4": Size(210.0, 297.0), "a5": Size(148.0, 210.0), "a6": Size(105.0, 148.0),
          "b5": Size(176.0, 250.0), "letter": Size(215.9, 279.4), "digest": Size(139.7, 215.9)}
DEFAULT_CARDS: dict[CardKind, Size] = {"location": Size(89.0, 127.0), "secret": Size(63.0, 88.0),
                                       "item": Size(63.0, 88.0)}
_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PrintProfile:
    """How the PDFs are made: the books' trim size, the bleed, crop marks, the PDF/X
    variant (None: plain PDF), the size of each kind of card, the save sheet's paper, and
    the colour: RGB, or CMYK for the press of the ``icc`` profile (set exactly when
    ``colour`` is ``"cmyk"``)."""

    trim: Size = PAPERS["a5"]
    bleed: float = 3.0
    marks: bool = True
    variant: str | None = None
    cards: Mapping[CardKind, Size] = field(default_factory=lambda: dict(DEFAULT_CARDS))
    signature: int = 0  # pages per signature; 0: any page count
    sheet: Size = PAPERS["a4"]  # the fillable save sheet's paper (no bleed: it is printed at home)
    colour: Colour = "rgb"
    icc: Icc | None = None

    @property
    def press_icc(self) -> Icc | None:
        """The profile the colours are converted for (None: they stay RGB)."""
        return self.icc if self.colour == "cmyk" else None


DEFAULT = PrintProfile()


def parse_size(text: str) -> Size | None:
    """A paper name or ``WxH`` in millimetres (between 20 and 1000 each)."""
    named = PAPERS.get(text.strip().lower())
    if named is not None:
        return named
    match = _SIZE.fullmatch(text)
    if match is None:
        return None
    size = Size(float(match[1]), float(match[2]))
    return size if all(20 <= side <= 1000 for side in (size.width, size.height)) else None


def read_profile(config: Config) -> tuple[PrintProfile, list[Diagnostic]]:
    """The printer profile of a configuration, and its problems as TGC902s."""
    reader = _Reader(config)
    profile = reader.read(config.table.get("print", {}))
    return profile, sorted(reader.diagnostics, key=lambda d: (d.span.line, d.span.col))


class _Reader:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.diagnostics: list[Diagnostic] = []

    def read(self, table: Any) -> PrintProfile:
        default = DEFAULT
        if not isinstance(table, dict):
            self._error("`print` must be a table", "print")
            return default
        for key in table:
            if key not in KEYS:
                self._error(f"unknown key `{key}` in the print profile", key, _did_you_mean(key, KEYS))
        return PrintProfile(
            trim=self._size(table, "trim", default.trim),
            bleed=self._bleed(table.get("bleed", default.bleed)),
            marks=self._marks(table.get("marks", default.marks)),
            variant=self._variant(table.get("variant", "none")),
            cards=self._cards(table.get("cards", {})),
            signature=self._signature(table.get("signature", 0)),
            sheet=self._size(table, "sheet", default.sheet),
            **self._colour(table),
        )

    def _colour(self, table: Mapping[str, Any]) -> dict[str, Any]:
        """``colour`` and ``icc``: CMYK needs the press's profile, which only the printer
        can name; without a usable one the PDFs stay RGB (and the build stops on the
        error)."""
        colour = table.get("colour", "rgb")
        if colour not in COLOURS:
            self._error(f"{colour!r} is not a colour (for `colour`)", "colour",
                        _did_you_mean(str(colour), COLOURS) or 'use "rgb" or "cmyk"', value=True)
            return {}
        icc = self._icc(table["icc"]) if "icc" in table else None
        if colour == "cmyk" and icc is None and "icc" not in table:
            self._error('`colour = "cmyk"` needs the printer\'s ICC profile', "colour",
                        'add `icc = "FILE.icc"`: the CMYK output profile the printer names '
                        "(FOGRA39, GRACoL...), a path from this file", value=True)
        if icc is None:
            return {}
        return {"colour": colour, "icc": icc}

    def _icc(self, value: Any) -> Icc | None:
        if not isinstance(value, str) or not value:
            self._error(f"{value!r} is not a file name (for `icc`)", "icc", value=True)
            return None
        base = self.config.path.parent if self.config.path is not None else Path.cwd()
        path = base / value
        try:
            size = path.stat().st_size
            data = path.read_bytes() if size <= MAX_ICC else b""
        except OSError as err:
            self._error(f"cannot read the ICC profile {value!r} ({err.strerror})", "icc",
                        "give the path of the printer's .icc file from this configuration file",
                        value=True)
            return None
        problem = check_icc(data) if data else f"larger than {MAX_ICC // 2**20} MB"
        if problem is not None:
            self._error(f"{value!r} is {problem} (for `icc`)", "icc",
                        "give the printer's CMYK output profile (an .icc file)", value=True)
            return None
        return Icc(value, data, _description(data) or path.stem)

    def _signature(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SIGNATURE:
            self._error(f"{value!r} is not a signature (for `signature`)", "signature",
                        f"give the pages per signature, such as 16, or 0 for none (at most {MAX_SIGNATURE})",
                        value=True)
            return DEFAULT.signature
        return value

    def _size(self, table: Mapping[str, Any], key: str, default: Size) -> Size:
        value = table.get(key)
        if value is None:
            return default
        size = parse_size(value) if isinstance(value, str) else None
        if size is None:
            hint = "use a paper name (" + ", ".join(n.capitalize() for n in PAPERS) + ') or "WxH" in mm'
            self._error(f"{value!r} is not a size (for `{key}`)", key, hint, value=True)
            return default
        return size

    def _bleed(self, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_BLEED:
            self._error(f"{value!r} is not a bleed (for `bleed`)", "bleed",
                        f"give millimetres from 0 to {MAX_BLEED:g}, such as 3", value=True)
            return DEFAULT.bleed
        return float(value)

    def _marks(self, value: Any) -> bool:
        if not isinstance(value, bool):
            self._error(f"{value!r} is not true or false (for `marks`)", "marks", value=True)
            return DEFAULT.marks
        return value

    def _variant(self, value: Any) -> str | None:
        if value not in VARIANTS:
            hint = _did_you_mean(str(value), VARIANTS) or "use one of " + ", ".join(
                f'"{v}"' for v in VARIANTS)
            self._error(f"{value!r} is not a PDF variant (for `variant`)", "variant", hint, value=True)
            return None
        return None if value == "none" else str(value)

    def _cards(self, table: Any) -> dict[CardKind, Size]:
        if not isinstance(table, dict):
            self._error("`print.cards` must be a table of card kinds and sizes", "cards")
            return dict(DEFAULT_CARDS)
        for key in table:
            if key not in CARD_KINDS:
                self._error(f"unknown card kind `{key}` in the print profile", key,
                            _did_you_mean(key, CARD_KINDS))
        return {kind: self._size(table, kind, DEFAULT_CARDS[kind]) for kind in CARD_KINDS}

    def _error(self, detail: str, key: str, hint: str | None = None, value: bool = False) -> None:
        source = self.config.source
        if source is None:  # pragma: no cover - a table always comes from a file
            return
        self.diagnostics.append(diag("TGC902", locate(source, key, value), hint, detail=detail))


def _description(data: bytes) -> str | None:
    """The profile's own description (its ``desc`` tag, ICC v2 text or v4 Unicode), the
    name the OutputIntent gives the press; None when it has none that reads."""
    count = int.from_bytes(data[128:132], "big")
    for n in range(min(count, 200)):
        entry = data[132 + 12 * n: 144 + 12 * n]
        if entry[:4] != b"desc":
            continue
        offset, size = int.from_bytes(entry[4:8], "big"), int.from_bytes(entry[8:12], "big")
        tag = data[offset: offset + size]
        if tag[:4] == b"desc":  # textDescriptionType: a length, then ASCII with its NUL
            length = int.from_bytes(tag[8:12], "big")
            text = tag[12: 12 + length].split(b"\0")[0].decode("latin-1")
        elif tag[:4] == b"mluc" and len(tag) >= 28:  # the first record's UTF-16
            length, start = int.from_bytes(tag[20:24], "big"), int.from_bytes(tag[24:28], "big")
            text = tag[start: start + length].decode("utf-16-be", "replace")
        else:
            return None
        return text.strip() or None
    return None


def _did_you_mean(word: str, candidates: tuple[str, ...]) -> str | None:
    close = get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None
