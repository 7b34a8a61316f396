"""Render stage, imposition: the card PDFs in, the print-and-play sheets out. Each card
face is taken from its card PDF, cut to its trim (the bleed would cover its
neighbours) and placed where ``deck.sheets`` puts it; cut marks are drawn in the
margins on the lines between cards. pypdf does the placing, so the cards are set by
WeasyPrint once, whatever the number of sheet files.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from tgc.render.deck import MARK, Edge, Grid, grid, sheets
from tgc.render.profile import Size

if TYPE_CHECKING:  # pypdf is the optional `pdf` extra: imported when sheets are imposed
    from pypdf import PageObject

POINTS = 72 / 25.4  # PDF points per millimetre


def impose(card_pdfs: list[tuple[Size, bytes]], paper: Size, edge: Edge, marks: bool) -> bytes:
    """One PDF of sheets on ``paper``: for each card size in turn, its sheets of fronts,
    each followed by its backs, for duplex flipped on ``edge``."""
    from pypdf import PdfReader, PdfWriter, Transformation

    writer = PdfWriter()
    for size, data in card_pdfs:
        faces = PdfReader(io.BytesIO(data)).pages
        layout = grid(paper, size)
        for sheet in sheets(len(faces) // 2, layout, edge):
            page = writer.add_blank_page(paper.width * POINTS, paper.height * POINTS)
            if marks:
                _draw_cuts(page, layout)
            for placed in sheet.faces:
                face = faces[2 * placed.index + sheet.back]
                trim = face.trimbox
                face.cropbox = trim  # pypdf clips a merged page to its crop box
                x = placed.left * POINTS - float(trim.left)
                y = (paper.height - placed.top - size.height) * POINTS - float(trim.bottom)
                page.merge_transformed_page(face, Transformation().translate(x, y))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _draw_cuts(page: PageObject, layout: Grid) -> None:
    """Short lines in the margins, 1 mm off the grid, on every cut."""
    from pypdf.generic import ContentStream

    xs, ys = layout.cuts
    height = layout.paper.height
    ops = ["0.25 w 0 G"]
    for x in xs:
        for y0 in (ys[0] - 1 - MARK, ys[-1] + 1):
            ops.append(_line(x, height - y0, x, height - y0 - MARK))
    for y in ys:
        for x0 in (xs[0] - 1 - MARK, xs[-1] + 1):
            ops.append(_line(x0, height - y, x0 + MARK, height - y))
    stream = ContentStream(None, None)
    stream.set_data(" ".join(ops).encode("ascii"))
    page.replace_contents(stream)


def _line(x0: float, y0: float, x1: float, y1: float) -> str:
    return (f"{x0 * POINTS:.3f} {y0 * POINTS:.3f} m {x1 * POINTS:.3f} {y1 * POINTS:.3f} l S")
