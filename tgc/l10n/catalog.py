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

import io
import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from textwrap import TextWrapper

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, denormalize, read_po

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.l10n.errors import LanguageError as LanguageError
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


def locale(code: str) -> Locale:
    """The Babel locale of ``pt_BR`` (or ``pt-BR``), or LanguageError."""
    try:
        return Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError) as err:
        raise LanguageError(f"unknown language `{code}` ({err}); "
                            "use a code such as pt_BR, de or fr") from None


@dataclass(slots=True)
class Draft:
    """One entry as tgc writes it (Babel's Message is too slow to make by the ten thousand)."""

    context: str
    id: str
    string: str
    locations: tuple[tuple[str, int], ...] = ()
    flags: tuple[str, ...] = ()
    auto_comments: tuple[str, ...] = ()
    user_comments: tuple[str, ...] = ()
    previous: str | None = None

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


@dataclass(slots=True)
class Drafted:
    """A catalogue to write: its header (a Babel catalogue without entries), its entries in
    book order and the obsolete ones (texts that left the campaign, kept translated)."""

    header: Catalog
    entries: list[Draft]
    obsolete: list[Draft]


def update(units: Sequence[Unit], old: Catalog | None, code: str | None, title: str) -> Drafted:
    """The catalogue of ``units`` for language ``code`` (None: the template), keeping what
    ``old`` translated under each id."""
    known = locale(code) if code is not None else None
    header = _HEADER.format(language=known.english_name if known else "The template for a", title=title)
    catalog = Catalog(locale=known, project=title, version="", header_comment=header, fuzzy=False,
                      creation_date=_EPOCH, revision_date=_EPOCH, msgid_bugs_address="")
    previous: dict[str, Message] = {}
    if old is not None:  # the translators' own header lines stay
        catalog.last_translator = old.last_translator
        catalog.language_team = old.language_team
        previous = {str(m.context): m for m in old if m.id and m.context}
        previous.update({str(m.context): m for m in old.obsolete.values() if m.context})
    live = {unit.id for unit in units}
    entries = [_draft(unit, previous.get(unit.id)) for unit in units]
    gone = [Draft(key, str(m.id), str(m.string), user_comments=tuple(_previous(list(m.user_comments))[0]))
            for key, m in previous.items() if key not in live and m.string]
    return Drafted(catalog, entries, gone)


def _draft(unit: Unit, before: Message | None) -> Draft:
    locations = ((unit.file, unit.line),) if unit.line else ()
    if before is None:
        return Draft(unit.id, unit.text, "", locations, (), (unit.where,))
    translation = str(before.string or "")
    flags = {"fuzzy"} if before.fuzzy else set()
    comments, earlier = _previous(list(before.user_comments))
    previous = None
    if before.id != unit.text and translation:
        flags.add("fuzzy")
        previous = str(before.id)
    elif flags and earlier is not None:
        previous = earlier
    return Draft(unit.id, unit.text, translation, locations, tuple(sorted(flags)), (unit.where,),
                 tuple(comments), previous)


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


def render_po(drafted: Drafted) -> str:
    """PO text in the layout GNU gettext writes (strings wrapped after spaces at ``WIDTH``
    columns, comments wrapped as xgettext does), in entry order. Written here rather than
    by Babel's ``write_po``, which escapes every word separately and takes seconds on a
    large campaign; the tests read every file back with Babel."""
    header = drafted.header
    out = [f"{header.header_comment}\n", 'msgid ""\n', 'msgstr ""\n']
    out += [f'"{_escape(f"{key}: {value.rstrip()}")}\\n"\n' for key, value in header.mime_headers]
    for draft in drafted.entries:
        out.append("\n")
        out += _entry(draft)
    for draft in drafted.obsolete:
        out.append("\n")
        out += _comments("# ", draft.user_comments)
        out += _strings(draft, "#~ ")
    return "".join(out)


_COMMENT = TextWrapper(width=WIDTH, break_long_words=False)


def _comments(prefix: str, comments: Sequence[str]) -> list[str]:
    out = []
    for comment in comments:
        lines = [comment] if len(comment) <= WIDTH and "\n" not in comment else _COMMENT.wrap(comment)
        out += [f"{prefix}{line}\n" for line in lines]
    return out


def _entry(draft: Draft) -> list[str]:
    out = _comments("# ", draft.user_comments) + _comments("#. ", draft.auto_comments)
    if draft.locations:
        out += _comments("#: ", [" ".join(f"{file}:{line}" for file, line in draft.locations)])
    if draft.flags:
        out.append(f"#, {', '.join(draft.flags)}\n")
    if draft.previous is not None:
        out.append(f"#| msgid {_block(draft.previous, '#| ')}\n")
    return out + _strings(draft, "")


def _strings(draft: Draft, prefix: str) -> list[str]:
    return [f"{prefix}msgctxt {_block(draft.context, prefix)}\n",
            f"{prefix}msgid {_block(draft.id, prefix)}\n",
            f"{prefix}msgstr {_block(draft.string, prefix)}\n"]


_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\r": "\\r", "\n": "\\n", '"': '\\"'})


def _escape(text: str) -> str:
    return text.translate(_ESCAPES)


def _block(text: str, prefix: str) -> str:
    """One quoted string, or ``""`` and then one quoted line per source line, each long
    line cut after a space so that no quoted line passes WIDTH columns (escapes never
    hold a space, so cutting the escaped text is cutting the text)."""
    room = WIDTH - len(prefix) - 2
    lines: list[str] = []
    for line in text.splitlines(keepends=True):
        escaped = _escape(line)
        if len(escaped) <= room:
            lines.append(escaped)
            continue
        buffer = ""
        for word in _SPACES.split(escaped):
            if buffer and len(buffer) + len(word) > room:
                lines.append(buffer)
                buffer = ""
            buffer += word
        if buffer:
            lines.append(buffer)
    if len(lines) <= 1:
        return f'"{lines[0]}"' if lines else '""'
    return '""\n' + "\n".join(f'{prefix}"{line}"' for line in lines)


_SPACES = re.compile(r"(?<= )(?=[^ ])")  # cut after a run of spaces


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
    starts = [n for n, line in enumerate(source.lines, start=1) if line.startswith("msgstr")]
    entries = [Entry(str(m.context or ""), str(m.id), str(m.string or ""), m.fuzzy,
                     _msgstr_line(starts, m.lineno or 1))
               for m in catalog if m.id]
    return catalog, entries, []


def _msgstr_line(starts: list[int], msgid_line: int) -> int:
    """The first msgstr line at or after an entry's msgid line (``starts`` is sorted)."""
    at = bisect_left(starts, msgid_line)
    return starts[at] if at < len(starts) else msgid_line


def entries_of(drafted: Drafted) -> dict[str, Entry]:
    """The entries a catalogue about to be written will have (their lines unknown yet)."""
    return {d.context: Entry(d.context, d.id, d.string, d.fuzzy, 0) for d in drafted.entries}


def with_translations(old: Catalog | None, units: Sequence[Unit],
                      rows: Sequence[tuple[str, str, str | None]]) -> Catalog:
    """``old`` with the translations of ``rows`` (id, translation, the source the
    translator saw or None) put in, ready for ``update``: a row whose source is the
    campaign's current text clears the entry's ``fuzzy`` flag; one made for another text
    keeps that text as the entry's source, so ``update`` marks it stale."""
    out = Catalog(locale=old.locale if old is not None else None)
    current = {unit.id: unit.text for unit in units}
    kept: dict[str, Message] = {}
    if old is not None:
        kept = {str(m.context): m for m in old if m.id and m.context}
        kept.update({str(m.context): m for m in old.obsolete.values() if m.context})
        out.last_translator, out.language_team = old.last_translator, old.language_team
    for key, translation, seen in rows:
        before = kept.get(key)
        source = current[key] if seen is None else seen
        comments = list(before.user_comments) if before is not None else []
        if source == current[key]:
            comments = [c for c in comments if not c.startswith("|")]
        kept[key] = Message(source, translation, context=key, user_comments=comments)
    for message in kept.values():
        out[message.id] = message  # keyed by (id, context): one per context here
    return out
