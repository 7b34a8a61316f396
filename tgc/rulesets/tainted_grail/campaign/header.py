"""Tainted Grail's campaign layer, what the campaign declares around its cards: the
``@campaign`` header's ruleset keys (``menhir: 8, 7, 6, 5``, the starting menhir's dial
by player count, SET-5; ``chapter: 1``, the first chapter; ``mercy -> bos.500``, the
All-Mother's mercy, DTH-8) and the ``@dial "Siege" time`` declarations (EVT-11: dials
the Start of the Day lowers, with the verse read when one runs out, A12)."""

from __future__ import annotations

from dataclasses import dataclass

from tgc.bundle import schema as s
from tgc.limits import as_number
from tgc.runtime.state import Chapter

# SET-5: the starting menhir's dial for 1, 2, 3, 4 players, when the header says nothing.
STARTING_DIAL = (8, 7, 6, 5)
TIME = "time"


@dataclass(frozen=True, slots=True)
class Header:
    """The campaign header as the campaign layer reads it."""

    starting_dial: tuple[int, ...] = STARTING_DIAL
    chapter: Chapter = Chapter()
    mercy: s.Target | None = None


def header_of(bundle: s.Bundle) -> Header:
    """The header's ruleset keys; a value the checker reported (TGC410) keeps the default."""
    data = bundle.campaign.data
    dials = tuple(as_number(part.strip()) for part in data.get("menhir", "").split(","))
    starting = tuple(d for d in dials if d is not None) if all(d is not None for d in dials) else ()
    try:
        chapter = Chapter.parse(data["chapter"]) if "chapter" in data else Chapter()
    except ValueError:
        chapter = Chapter()
    mercy = next((link.target for link in bundle.campaign.links if link.key == "mercy"), None)
    return Header(starting or STARTING_DIAL, chapter, mercy)


def time_dials_of(bundle: s.Bundle) -> dict[str, s.Target | None]:
    """Every ``@dial NAME time`` declared: its name -> the ``expired ->`` verse (or None)."""
    out: dict[str, s.Target | None] = {}
    for record in bundle.records.get("dial", ()):
        if TIME in record.args[1:]:
            out[record.name] = next((link.target for link in record.links if link.key == "expired"), None)
    return out
