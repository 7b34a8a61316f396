"""Localization, the translator's mistakes: a campaign's units, one catalogue's entries and
its source file in, TGC6xx diagnostics out (at the entry's msgstr line). Only what a
translation can get wrong is checked; mechanics cannot be in a catalogue at all.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from tgc.bundle.markup import Span as Run
from tgc.bundle.markup import parse
from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.l10n.catalog import Entry, Unit
from tgc.l10n.progress import is_term, state
from tgc.source import SourceFile, Span

# A translation this much longer than its source (and by this many characters) may not fit.
LONG_RATIO = 1.5
LONG_SLACK = 40
_SIGILS = (("->", "a divert"), ("~", "a logic line"), ("==", "a verse header"),
           ("=", "an inline block header"), ("@", "a declaration header"), ("//", "a comment"),
           ("*", "a choice"))


def check_entries(units: Sequence[Unit], entries: dict[str, Entry], source: SourceFile,
                  hint_extract: str, glossary: Mapping[str, str] | None = None) -> list[Diagnostic]:
    """Every finding for one catalogue, in the order of its lines. ``glossary`` maps a
    word of the rules to the edition's word for it (where they differ)."""
    out: list[Diagnostic] = []
    missing = [unit.id for unit in units if unit.id not in entries]
    if missing:
        out.append(diag("TGC601", _line(source, 1), hint=f"run `{hint_extract}`",
                        count=len(missing), first=missing[0]))
    ids = {unit.id: unit for unit in units}
    for entry in entries.values():
        unit = ids.get(entry.id)
        at = _line(source, entry.line)
        if unit is None:
            out.append(diag("TGC602", at, hint="run `tgc l10n extract` to move it to the obsolete "
                            "entries", id=entry.id or entry.source))
            continue
        found = state(unit, entry)
        if found == "stale":
            out.append(diag("TGC603", at, hint="update the translation to the new source, then "
                            "remove the `fuzzy` flag", id=entry.id))
        elif found == "translated":
            out += check_translation(unit, entry.translation, at)
            if glossary and not is_term(unit):
                out += _glossary(unit, entry.translation, glossary, at)
    out += _merged_questions(units, entries, source)
    return sorted(out, key=lambda d: (d.span.line, d.code))


def _merged_questions(units: Sequence[Unit], entries: dict[str, Entry],
                      source: SourceFile) -> list[Diagnostic]:
    """Answers to ``ask`` are remembered by wording, so two questions must not read alike."""
    out: list[Diagnostic] = []
    printed: dict[str, str] = {}
    for unit in units:
        if unit.kind != "q":
            continue
        entry = entries.get(unit.id)
        text = entry.translation if entry is not None and state(unit, entry) == "translated" else unit.text
        if text in printed and entry is not None:
            out.append(diag("TGC611", _line(source, entry.line), hint="word the two questions apart",
                            id=unit.id, other=printed[text]))
        printed.setdefault(text, unit.id)
    return out


def _glossary(unit: Unit, text: str, glossary: Mapping[str, str], at: Span) -> list[Diagnostic]:
    """A word of the rules in the source whose edition word the translation lacks: the
    book and the cards would name one thing two ways. Reported once, for the first."""
    for word, printed in glossary.items():
        if printed not in text and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", unit.text):
            return [diag("TGC615", at, hint=f"write `{printed}` for `{word}`, as the glossary says "
                         "(or change the glossary entry `term." + word + "#name`)",
                         word=word, printed=printed)]
    return []


def check_translation(unit: Unit, text: str, at: Span) -> list[Diagnostic]:
    """What one translation gets wrong against its source."""
    out: list[Diagnostic] = []
    if unit.kind == "c" and not text.strip():
        return [diag("TGC607", at, hint="translate the choice, or leave msgstr empty to print "
                     "the source", id=unit.id)]
    source_runs, runs = parse(unit.text), parse(text)
    icons = _icons(source_runs) - _icons(runs), _icons(runs) - _icons(source_runs)
    if icons[0] or icons[1]:
        parts = [f"`:{n}:` missing" for n in sorted(icons[0])] + [f"`:{n}:` added" for n in sorted(icons[1])]
        out.append(diag("TGC604", at, hint="keep every icon of the source, and add none",
                        detail=", ".join(parts)))
    want, got = _emphasis(source_runs), _emphasis(runs)
    if want != got:
        out.append(diag("TGC605", at, hint="pair each `_` and `**` as the source does",
                        got=got, want=want))
    sigil = _sigil(text, unit)
    if sigil is not None:
        out.append(diag("TGC606", at, hint="a translation changes words only: where the story "
                        "goes comes from the sources", sigil=sigil[0], what=sigil[1]))
    if len(text) > LONG_RATIO * len(unit.text) and len(text) - len(unit.text) >= LONG_SLACK:
        out.append(diag("TGC608", at, hint="shorten it, or check that the page still fits",
                        ratio=round(100 * len(text) / max(len(unit.text), 1))))
    return out


def _icons(runs: list[Run]) -> Counter[str]:
    return Counter(run.icon for run in runs if run.icon is not None)


def _emphasis(runs: list[Run]) -> int:
    """Emphasized runs: maximal stretches of one style other than plain."""
    count, before = 0, (False, False)
    for run in runs:
        style = (run.bold, run.italic)
        if style != before and any(style):
            count += 1
        before = style
    return count


def _sigil(text: str, unit: Unit) -> tuple[str, str] | None:
    """A structural mark the translation has and its source has not."""
    if "->" in text and "->" not in unit.text:
        return "->", "a divert"
    if unit.kind == "c" and text.lstrip().startswith("{") and not unit.text.lstrip().startswith("{"):
        return "{", "a choice guard"
    source_starts = {line.lstrip()[:2] for line in unit.text.split("\n")}
    for line in text.split("\n"):
        start = line.lstrip()
        for mark, what in _SIGILS:
            if start.startswith(mark) and not start.startswith("**") and start[:2] not in source_starts:
                return mark, what
    return None


def _line(source: SourceFile, line: int) -> Span:
    text = source.line(line)
    return Span(source.name, line, 1, line, max(len(text), 1) + 1)
