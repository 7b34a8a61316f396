"""Render stage, the cards for the press: a Bundle and a printer profile in, the HTML that
WeasyPrint sets as card PDFs out (one file per card size, a page per card face, front
then back, at the size with its bleed), and the plan of the print-and-play sheets: on
A4 and Letter, as many cards a sheet as fit (9 poker-size cards), each sheet of fronts
followed by its backs, placed so that they fall behind their fronts when printed
double-sided, flipped on the long edge or on the short edge (``impose.py`` lays the card
pages out on the sheets).

A sheet's grid is centred on the paper, so the mirror image of a card's place is exactly
another card's place: on the long edge a back is mirrored left to right, on the short
edge top to bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from jinja2 import Environment, PackageLoader, StrictUndefined

from tgc.render import view
from tgc.render.colour import colour_rule
from tgc.render.inline import to_html
from tgc.render.places import Places
from tgc.render.profile import CARD_KINDS, PAPERS, CardKind, PrintProfile, Size
from tgc.render.speech import words
from tgc.render.words import CARDS

Edge = Literal["long", "short"]
EDGES: tuple[Edge, ...] = ("long", "short")
SHEETS = {"a4": PAPERS["a4"], "letter": PAPERS["letter"]}
SHEET_MARGIN = 6.0  # mm around a sheet's grid at least: room for the cut marks and a printer's edge
MARK = 4.0  # mm: the length of a cut mark on a sheet
KIND_NAMES: dict[CardKind, str] = {"location": "[[Location]]", "secret": "[[Secret]]", "item": "[[Item]]"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its kind, an id unique in the deck (``location-201``), the number its
    back shows (None: a plain back) and what its front holds."""

    kind: CardKind
    id: str
    number: int | None
    location: view.CardView | None = None
    text: view.CardText | None = None


@dataclass(frozen=True, slots=True)
class Placed:
    """A card face on a sheet: the card's place in its card PDF (``index``) and the face's
    top-left corner in mm from the paper's top-left."""

    index: int
    left: float
    top: float


@dataclass(frozen=True, slots=True)
class Sheet:
    back: bool
    faces: tuple[Placed, ...]


@dataclass(frozen=True, slots=True)
class Grid:
    """Where cards of one size sit on one paper: ``cols`` x ``rows`` from ``left``, ``top``."""

    paper: Size
    card: Size
    cols: int
    rows: int
    left: float
    top: float

    def place(self, slot: int, back: bool, edge: Edge) -> tuple[float, float]:
        """The corner of the card in ``slot`` (row by row); on a back sheet the mirror
        place, so the back falls behind the front."""
        row, col = divmod(slot, self.cols)
        if back and edge == "long":
            col = self.cols - 1 - col
        if back and edge == "short":
            row = self.rows - 1 - row
        return self.left + col * self.card.width, self.top + row * self.card.height

    @property
    def cuts(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The x of every vertical cut and the y of every horizontal one."""
        xs = tuple(self.left + i * self.card.width for i in range(self.cols + 1))
        ys = tuple(self.top + i * self.card.height for i in range(self.rows + 1))
        return xs, ys


def grid(paper: Size, card: Size) -> Grid:
    """As many cards as fit inside the sheet margin, centred (at least one)."""
    cols = max(1, int((paper.width - 2 * SHEET_MARGIN) // card.width))
    rows = max(1, int((paper.height - 2 * SHEET_MARGIN) // card.height))
    return Grid(paper, card, cols, rows, (paper.width - cols * card.width) / 2,
                (paper.height - rows * card.height) / 2)


def deck(places: Places) -> tuple[Card, ...]:
    """Every card: locations by number, then secrets, then items."""
    bundle = places.bundle
    out = [Card("location", f"location-{c.number}", c.number, location=c) for c in view.cards(places, CARDS)]
    out += [Card("secret", f"secret-{c.number}", c.number, text=c) for c in view.secret_cards(bundle)]
    out += [Card("item", f"item-{i}", None, text=c) for i, c in enumerate(view.item_cards(bundle), 1)]
    return tuple(out)


def by_size(cards: tuple[Card, ...], profile: PrintProfile) -> dict[Size, tuple[Card, ...]]:
    """The cards of each size, sizes in the order of their first kind."""
    out: dict[Size, list[Card]] = {}
    for kind in CARD_KINDS:
        out.setdefault(profile.cards[kind], []).extend(c for c in cards if c.kind == kind)
    return {size: tuple(cards) for size, cards in out.items() if cards}


def sheets(count: int, layout: Grid, edge: Edge) -> tuple[Sheet, ...]:
    """Sheets for ``count`` cards of one size: fronts, each sheet followed by its backs."""
    per = layout.cols * layout.rows
    out = []
    for start in range(0, count, per):
        chunk = range(start, min(start + per, count))
        for back in (False, True):
            out.append(Sheet(back, tuple(Placed(index, *layout.place(index - start, back, edge))
                                         for index in chunk)))
    return tuple(out)


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("tgc.render", "templates"), autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True, trim_blocks=True,
                      lstrip_blocks=True)
    env.filters["inline"] = to_html
    env.filters["mm"] = mm
    env.globals["_"] = words
    env.globals["colour_rule"] = colour_rule
    return env


def mm(value: float) -> str:
    return f"{round(value, 3):g}mm"


def render_cards(places: Places, size: Size, cards: tuple[Card, ...], profile: PrintProfile) -> str:
    """The HTML of one card PDF: a page per face, front then back, at ``size`` with bleed."""
    return environment().get_template("deck.html").render(
        campaign=places.bundle.campaign, title=f"Cards {size.label}", cards=cards, size=size,
        profile=profile, kinds=KIND_NAMES)
