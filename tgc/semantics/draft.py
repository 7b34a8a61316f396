"""Playtesting a draft: a campaign with errors, made playable where it is not broken.

One error anywhere used to refuse `tgc play`, `tgc explore` and `tgc test` on the whole
campaign, although a writer drafting location 303 wants to walk 301 and 302 meanwhile.
Here every verse that holds an error keeps its place (its id, its number, the references
to it) but loses its lines: what it would have done is unknown, so its body becomes one
paragraph saying why play stops there, and the runtime's own dead end ends the run. An
error outside every verse (a declaration, tgc.lock, the configuration) leaves nothing to
say what the campaign means, so that campaign is still refused. `tgc build` never uses
this: a draft is played and explored in memory only.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, replace

from tgc.diagnostics.model import Diagnostic, Severity
from tgc.semantics.model import Campaign, VerseInfo
from tgc.syntax import ast


@dataclass(frozen=True, slots=True)
class Draft:
    """The playable campaign and, by verse id, the errors that broke each stubbed verse."""

    campaign: Campaign
    broken: dict[str, list[Diagnostic]]

    @property
    def errors(self) -> int:
        return sum(len(found) for found in self.broken.values())


def draft_of(campaign: Campaign, diagnostics: list[Diagnostic]) -> Draft | None:
    """The campaign with each verse that holds an error stubbed, or None when an error
    lies outside every verse."""
    where = _VerseIndex(campaign)
    broken: dict[str, list[Diagnostic]] = defaultdict(list)
    for diag in diagnostics:
        if diag.severity is not Severity.ERROR:
            continue
        verse = where.verse_at(diag)
        if verse is None:
            return None
        broken[verse].append(diag)
    verses = dict(campaign.verses)
    for verse, found in broken.items():
        verses[verse] = _stub(verses[verse], found)
    return Draft(replace(campaign, verses=verses), dict(broken))


def stop_text(verse: str, found: list[Diagnostic]) -> str:
    """What the stubbed verse says when play reaches it."""
    first = found[0]
    at = f" at {first.span.file}:{first.span.line}"
    more = f" and {len(found) - 1} more" if len(found) > 1 else ""
    return (f"[draft: {verse} has {len(found)} error(s): {first.code}{at}{more}; what it does "
            "is unknown, so play stops here. `tgc check` shows them.]")


def _stub(info: VerseInfo, found: list[Diagnostic]) -> VerseInfo:
    span = info.verse.span
    stop = (ast.Paragraph(stop_text(info.id, found), span),)
    blocks = {name: block._replace(body=stop) for name, block in info.blocks.items()}
    return replace(info, verse=info.verse._replace(body=stop), blocks=blocks)


class _VerseIndex:
    """Which verse a diagnostic's line falls in: per file, verses sorted by first line."""

    def __init__(self, campaign: Campaign) -> None:
        by_file: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
        for info in campaign.verses.values():
            span = info.verse.span
            by_file[span.file].append((span.line, span.end_line, info.id))
        self.files = {name: sorted(rows) for name, rows in by_file.items()}
        self.starts = {name: [row[0] for row in rows] for name, rows in self.files.items()}

    def verse_at(self, diag: Diagnostic) -> str | None:
        span = diag.span
        if span.file not in self.files:
            return None
        rows = self.files[span.file]
        i = bisect_right(self.starts[span.file], span.line) - 1
        if i < 0 or not rows[i][0] <= span.line <= rows[i][1]:
            return None
        return rows[i][2]
