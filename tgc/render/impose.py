"""Render stage, imposition: the card PDFs in, the print-and-play sheets out. Each card
face is taken from its card PDF as a form (a PDF Form XObject whose bounding box is the
card's trim, so the bleed never covers its neighbours) and placed where ``deck.sheets``
puts it; cut marks are drawn in the margins on the lines between cards. pypdf writes
the sheets, so the cards are set by WeasyPrint once, whatever the number of sheet files.

A face's drawing is copied into its form as it is, never parsed: merging pages with
pypdf re-read the sheet's growing drawing at every card and made the sheets a third of
the sample's `--pdf` build (docs/printing.md, "Speed").
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from tgc.render.colour import cut_colour
from tgc.render.deck import MARK, Edge, Grid, grid, sheets
from tgc.render.profile import Size

if TYPE_CHECKING:  # pypdf is the optional `pdf` extra: imported when sheets are imposed
    from pypdf import PageObject, PdfWriter
    from pypdf.generic import IndirectObject

POINTS = 72 / 25.4  # PDF points per millimetre


def impose(card_pdfs: list[tuple[Size, bytes]], paper: Size, edge: Edge, marks: bool,
           cmyk: bool = False) -> bytes:
    """One PDF of sheets on ``paper``: for each card size in turn, its sheets of fronts,
    each followed by its backs, for duplex flipped on ``edge``. With ``cmyk`` (the cards
    are in CMYK) the cut marks are black ink and the sheets carry the cards' OutputIntent."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    for size, data in card_pdfs:
        reader = PdfReader(io.BytesIO(data))
        faces = reader.pages
        intents = reader.root_object.get("/OutputIntents")
        if cmyk and intents is not None and "/OutputIntents" not in writer.root_object:
            writer.root_object[NameObject("/OutputIntents")] = intents.clone(writer)
        layout = grid(paper, size)
        for sheet in sheets(len(faces) // 2, layout, edge):
            page = writer.add_blank_page(paper.width * POINTS, paper.height * POINTS)
            ops = _cuts(layout, cut_colour(cmyk)) if marks else []
            forms = DictionaryObject()
            for n, placed in enumerate(sheet.faces):
                face = faces[2 * placed.index + sheet.back]
                trim = face.trimbox
                x = placed.left * POINTS - float(trim.left)
                y = (paper.height - placed.top - size.height) * POINTS - float(trim.bottom)
                forms[NameObject(f"/Card{n}")] = _form(writer, face)
                ops.append(f"q 1 0 0 1 {x:.3f} {y:.3f} cm /Card{n} Do Q")
            page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): forms})
            content = DecodedStreamObject()
            content.set_data(" ".join(ops).encode("ascii"))
            page[NameObject("/Contents")] = writer._add_object(content)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _form(writer: PdfWriter, face: PageObject) -> IndirectObject:
    """The face as a Form XObject clipped to its trim: its drawing copied unparsed, its
    resources (fonts, images) cloned into the sheets' file once per card PDF."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

    contents = face.get_contents()
    form = DecodedStreamObject()
    form.set_data(contents.get_data() if contents is not None else b"")
    trim = face.trimbox
    form.update({
        NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(FloatObject(float(v)) for v in
                                         (trim.left, trim.bottom, trim.right, trim.top)),
        NameObject("/Resources"): face["/Resources"].clone(writer),
    })
    return writer._add_object(form)


def _cuts(layout: Grid, ink: str) -> list[str]:
    """Short lines in the margins, 1 mm off the grid, on every cut, in ``ink``."""
    xs, ys = layout.cuts
    height = layout.paper.height
    ops = [f"q 0.25 w {ink}"]
    for x in xs:
        for y0 in (ys[0] - 1 - MARK, ys[-1] + 1):
            ops.append(_line(x, height - y0, x, height - y0 - MARK))
    for y in ys:
        for x0 in (xs[0] - 1 - MARK, xs[-1] + 1):
            ops.append(_line(x0, height - y, x0 + MARK, height - y))
    ops.append("Q")
    return ops


def _line(x0: float, y0: float, x1: float, y1: float) -> str:
    return (f"{x0 * POINTS:.3f} {y0 * POINTS:.3f} m {x1 * POINTS:.3f} {y1 * POINTS:.3f} l S")
