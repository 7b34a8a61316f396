"""Localization, gettext catalogues through Babel: the campaign's units and a language's
earlier catalogue in, the updated catalogue (PO text, or a CSV sheet) out; PO text in,
the entries a build and the checks read. Bad PO text becomes a TGC609 diagnostic.

An entry's ``msgctxt`` is the unit's id, ``msgid`` its source text, a ``#.`` comment says
where it is read and ``#:`` gives ``file:line``. Updating keeps each translation under
its id: when the source text changed, the translation stays, flagged ``fuzzy`` with the
old source kept as ``#| msgid`` (stale until a translator clears the flag), and entries
whose text left the campaign move to the obsolete ``#~`` section, never lost.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, denormalize, read_po, write_po

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.source import SourceFile, Span

# No clock in the file: the same sources and translations always give the same bytes.
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
WIDTH = 76
_HEADER = """\
# {language} translation of {title}.
# Made with `tgc l10n extract`: edit the msgstr lines only; the ids
# (msgctxt) and source texts (msgid) come from the campaign.
# See docs/localization.md."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One translatable text with its stable id, as it goes into a catalogue."""

    id: str
    kind: str  # the walk's kind: p, c, t, n, q (in a verse) or title, name, text
    text: str
    file: str
    line: int
    where: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalogue entry as the checks and the build read it; ``line`` is its msgstr's."""

    id: str
    source: str
    translation: str
    fuzzy: bool
    line: int


class LanguageError(Exception):
    """A language code Babel does not know; meant for the user."""


def locale(code: str) -> Locale:
    """The Babel locale of ``pt_BR`` (or ``pt-BR``), or LanguageError."""
    try:
        return Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError) as err:
        raise LanguageError(f"unknown language `{code}` ({err}); "
                            "use a code such as pt_BR, de or fr") from None


def update(units: Sequence[Unit], old: Catalog | None, code: str | None, title: str) -> Catalog:
    """The catalogue of ``units`` for language ``code`` (None: the template), keeping what
    ``old`` translated under each id."""
    known = locale(code) if code is not None else None
    header = _HEADER.format(language=known.english_name if known else "The template for a", title=title)
    catalog = Catalog(locale=known, project=title, version="", header_comment=header, fuzzy=False,
                      creation_date=_EPOCH, revision_date=_EPOCH, msgid_bugs_address="")
    if old is not None:  # the translators' own header lines stay
        catalog.last_translator = old.last_translator
        catalog.language_team = old.language_team
    previous: dict[str, Message] = {}
    if old is not None:
        previous = {str(m.context): m for m in old if m.id and m.context}
        previous.update({str(m.context): m for m in old.obsolete.values() if m.context})
    live = set()
    for unit in units:
        live.add(unit.id)
        catalog[unit.text] = _message(unit, previous.get(unit.id))
    for key, message in previous.items():
        if key not in live and message.string:
            catalog.obsolete[(str(message.id), key)] = message
    return catalog


def _message(unit: Unit, before: Message | None) -> Message:
    flags: set[str] = set()
    translation = ""
    previous: list[str] = []
    comments: list[str] = []
    if before is not None:
        translation = str(before.string or "")
        flags = set(before.flags) & {"fuzzy"}
        comments, earlier = _previous(list(before.user_comments))
        if before.id != unit.text and translation:
            flags.add("fuzzy")
            previous = [str(before.id)]
        elif "fuzzy" in flags and earlier is not None:
            previous = [earlier]
    return Message(unit.text, translation, [(unit.file, unit.line)] if unit.line else [],
                   flags, [unit.where], comments, previous, context=unit.id)


def _previous(comments: list[str]) -> tuple[list[str], str | None]:
    """Babel reads ``#| msgid "..."`` lines as translator comments starting with ``|``;
    split them off again, as the previous source text."""
    kept = [c for c in comments if not c.startswith("|")]
    quoted = [c[1:].strip() for c in comments if c.startswith("|")]
    if not quoted or not quoted[0].startswith("msgid "):
        return kept, None
    chunks = [quoted[0].removeprefix("msgid ").strip()]
    chunks += [q for q in quoted[1:] if q.startswith('"')]
    return kept, denormalize("\n".join(chunks))


def render_po(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_previous=True, sort_output=False)
    return out.getvalue().decode("utf-8")


def parse_po(source: SourceFile, code: str) -> tuple[Catalog | None, list[Entry], list[Diagnostic]]:
    """The entries of a PO file (obsolete ones left out), or TGC609 when it cannot be read."""
    try:
        catalog = read_po(io.BytesIO(source.text.encode("utf-8")), locale=code.replace("-", "_"),
                          abort_invalid=True)
    except PoFileError as err:
        line = int(getattr(err, "lineno", 1) or 1)
        text = source.line(line)
        span = Span(source.name, line, 1, line, max(len(text), 1) + 1)
        detail = re.sub(r" on \d+$", "", str(err))
        return None, [], [diag("TGC609", span, hint="every msgid and msgstr is one or more "
                               "quoted strings; a quote inside is written \\\"", detail=detail)]
    entries = [Entry(str(m.context or ""), str(m.id), str(m.string or ""), m.fuzzy,
                     _msgstr_line(source, m.lineno or 1))
               for m in catalog if m.id]
    return catalog, entries, []


def _msgstr_line(source: SourceFile, msgid_line: int) -> int:
    for number in range(msgid_line, len(source.lines) + 1):
        if source.line(number).startswith("msgstr"):
            return number
    return msgid_line


def render_csv(units: Sequence[Unit], entries: dict[str, Entry]) -> str:
    """A sheet for translators without PO tools: one row per text in book order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "where", "source", "translation", "state"])
    for unit in units:
        entry = entries.get(unit.id)
        translation = entry.translation if entry else ""
        state = "untranslated" if not translation else (
            "stale" if entry is not None and (entry.fuzzy or entry.source != unit.text) else "done")
        writer.writerow([unit.id, f"{unit.where} ({unit.file}:{unit.line})" if unit.line else unit.where,
                         unit.text, translation, state])
    return out.getvalue()
