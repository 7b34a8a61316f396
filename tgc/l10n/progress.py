"""Localization, progress: a campaign's units and one catalogue's entries in, the state of
every unit (translated, stale, untranslated, missing) and the count of each out; what
``tgc l10n status`` prints and what a translated build uses.

Only a translated unit is printed in the translation: a stale one (flagged ``fuzzy``, or
made for an earlier source text) and an untranslated one fall back to the source text.
Glossary entries (``term.WORD#name``) are counted apart: an empty one prints tgc's own
word for the language, not the source's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tgc.l10n.catalog import Entry, Unit

State = Literal["translated", "stale", "untranslated", "missing"]


@dataclass(frozen=True, slots=True)
class Progress:
    """One language's counts. ``extra`` counts entries whose id names no unit."""

    code: str
    total: int
    translated: int
    stale: int
    untranslated: int
    missing: int
    extra: int
    glossary: int = 0  # glossary entries of the campaign
    glossary_set: int = 0  # ... that the catalogue sets (translated, not stale)

    @property
    def fallback(self) -> int:
        """Units printed in the source language."""
        return self.total - self.translated

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def state(unit: Unit, entry: Entry | None) -> State:
    if entry is None:
        return "missing"
    if not entry.translation:
        return "untranslated"
    if entry.fuzzy or entry.source != unit.text:
        return "stale"
    return "translated"


def is_term(unit: Unit) -> bool:
    """A glossary entry rather than a text of the campaign."""
    return unit.id.startswith("term.")


def progress(code: str, units: Sequence[Unit], entries: dict[str, Entry]) -> Progress:
    counts = {"translated": 0, "stale": 0, "untranslated": 0, "missing": 0}
    terms = terms_set = 0
    for unit in units:
        found = state(unit, entries.get(unit.id))
        if is_term(unit):
            terms += 1
            terms_set += found == "translated"
        else:
            counts[found] += 1
    ids = {unit.id for unit in units}
    extra = sum(1 for key in entries if key not in ids)
    return Progress(code, len(units) - terms, counts["translated"], counts["stale"],
                    counts["untranslated"], counts["missing"], extra, terms, terms_set)
