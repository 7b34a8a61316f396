"""Render stage, the print checks: the laid-out books and cards (WeasyPrint's documents)
in, what a printer or a reader would trip over out, as Findings the caller turns into
diagnostics (TGC910-913):

- text outside a card's safe area (the trim less 3 mm), and text that overflows the
  card (past its trim: the cutter takes it);
- a verse printed on the same spread as a verse that leads to it by a choice or an
  outcome, so a reader deciding sees where the choice goes (a spoiler);
- a book whose page count is not a multiple of the printer's signature.

Positions are read from the layout (boxes in CSS pixels), never guessed from lengths.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from tgc.bundle import schema as s
from tgc.render.places import Places, arms

FindingKind = Literal["safe-area", "overflow", "spoiler", "signature"]
MM = 25.4 / 96  # millimetres per CSS pixel
SLACK = 0.25  # mm: a glyph's side bearing is not a problem


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem. ``subject`` names what it is about: a card id (``location-201``), a
    verse id (``201.3``) or a book (``journal``); ``other`` the verse that leads to a
    spoiled one; ``amount`` millimetres past the line, or a page count."""

    kind: FindingKind
    subject: str
    detail: str
    other: str = ""
    amount: float = 0.0


# ---------------------------------------------------------------- cards


def card_findings(document: Any) -> list[Finding]:
    """Text outside each front's safe area, or past its trim. A front too long for its
    card breaks onto another page: what lands there is past the trim too."""
    fragments: dict[str, list[Any]] = {}
    for page in document.pages:
        face = _face(page._page_box)
        if face is not None:
            fragments.setdefault(str(face.element.get("id")).removeprefix("front-"), []).append(face)
    out: list[Finding] = []
    for card, faces in fragments.items():
        if len(faces) == 1:
            out += _face_findings(card, faces[0])
            continue
        rest = [text for face in faces[1:] for text in _texts(face)]
        past = sum(max((t.position_y + t.height for t in _texts(face)), default=face.content_box_y())
                   - face.content_box_y() for face in faces[1:]) * MM
        out.append(Finding("overflow", card, _quote(rest[0].text if rest else ""), amount=round(past, 1)))
    return out


def _face(root: Any) -> Any:
    for box in root.descendants():
        element = getattr(box, "element", None)
        if element is not None and str(element.get("id", "")).startswith("front-") \
                and getattr(box, "element_tag", "") == "section":
            return box
    return None


def _face_findings(card: str, face: Any) -> list[Finding]:
    safe = (face.content_box_x(), face.content_box_y(),
            face.content_box_x() + face.width, face.content_box_y() + face.height)
    trim_bottom = face.border_box_y() + face.border_height()
    trim_right = face.border_box_x() + face.border_width()
    worst_over, worst_out, words = 0.0, 0.0, ""
    for box in _texts(face):
        right, bottom = box.position_x + box.width, box.position_y + box.height
        over = max(bottom - trim_bottom, right - trim_right, 0.0) * MM
        out = max(bottom - safe[3], right - safe[2], safe[0] - box.position_x, 0.0) * MM
        if over > worst_over:
            worst_over, words = over, box.text
        elif out > worst_out and over <= SLACK:
            worst_out = out
            words = words or box.text
    if worst_over > SLACK:
        return [Finding("overflow", card, _quote(words), amount=round(worst_over, 1))]
    if worst_out > SLACK:
        return [Finding("safe-area", card, _quote(words), amount=round(worst_out, 1))]
    return []


def _texts(box: Any) -> Iterator[Any]:
    for child in box.descendants():
        if type(child).__name__ == "TextBox" and child.text.strip():
            yield child


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:39] + "…"


# ---------------------------------------------------------------- books


def pages_of(document: Any) -> dict[str, int]:
    """Each anchor of a book and the (1-based) page it prints on."""
    out: dict[str, int] = {}
    for number, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            out.setdefault(anchor, number)
    return out


def spread(page: int) -> int:
    """Facing pages share a spread: page 1 is a right-hand page alone, then 2-3, 4-5..."""
    return page // 2


def spoiler_findings(places: Places, pages: dict[str, int]) -> list[Finding]:
    """A choice or an outcome that leads to a verse printed on its own spread."""
    out: list[Finding] = []
    for verse in places.bundle.verses:
        here = pages.get(places.anchor(verse.id))
        if here is None:
            continue
        seen: set[str] = set()
        for target in _decisions(verse):
            if not isinstance(target, s.Goto) or target.verse == verse.id or target.verse in seen:
                continue
            there = pages.get(places.anchor(target.verse))
            if there is not None and spread(there) == spread(here):
                seen.add(target.verse)
                low, high = sorted((here, there))
                pages_shown = f"page {low}" if low == high else f"pages {low}-{high}"
                out.append(Finding("spoiler", target.verse, pages_shown, other=verse.id, amount=there))
    return out


def _decisions(verse: s.Verse) -> Iterator[s.Target]:
    """Where a reader's choice or a die's outcome leads (a plain divert spoils nothing)."""
    for body in (verse.ops, *(block.ops for block in verse.blocks)):
        for op in body:
            if isinstance(op, s.Choice):
                yield op.target
            yield from (arm.target for arm in arms(op))


def signature_findings(book: str, count: int, signature: int) -> list[Finding]:
    """A book of ``count`` pages that is not a whole number of signatures."""
    if signature > 1 and count % signature:
        return [Finding("signature", book, f"{count} pages", amount=count)]
    return []
