"""Localization, the campaign's translations on disk: a campaign folder in; its units (ids
from tgc.l10n.lock), each language's catalogue in ``l10n/LANG.po``, and what extraction,
the checks and a translated build make of them out. The CLI prints what this returns;
nothing here prints, and nothing is written unless every file it writes is ready.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tgc.diagnostics.model import Diagnostic, Severity
from tgc.l10n.catalog import (
    Entry,
    LanguageError,
    Unit,
    entries_of,
    locale,
    parse_po,
    render_po,
    update,
    with_translations,
)
from tgc.l10n.checks import check_entries, check_translation
from tgc.l10n.errors import L10nError as L10nError
from tgc.l10n.ids import LOCK_NAME, IdLock, assign, parse_lock, render_lock
from tgc.l10n.progress import Progress, is_term, progress, state
from tgc.l10n.sheet import (
    Row,
    Sheet,
    SheetUnavailable,
    read_sheet,
    render_csv,
    render_xlsx,
    xlsx_cells,
    xlsx_source,
)
from tgc.l10n.walk import Lines, walk
from tgc.source import SourceError, SourceFile, read_source

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

    from tgc.bundle.schema import Bundle
    from tgc.semantics.model import Campaign

L10N_DIR = "l10n"
ALL = "all"


@dataclass
class Units:
    """The campaign's translatable texts with their ids, and the lock that records them."""

    units: list[Unit]
    lock_text: str
    lock_changed: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, SourceFile] = field(default_factory=dict)


@dataclass
class Language:
    """One language's catalogue as read: its file, entries and what is wrong with it."""

    code: str
    path: Path
    source: SourceFile | None
    catalog: Catalog | None
    entries: dict[str, Entry]
    diagnostics: list[Diagnostic]


def base(root: Path) -> Path:
    return root if root.is_dir() else root.parent


def catalogue_path(root: Path, code: str) -> Path:
    return base(root) / L10N_DIR / f"{code}.po"


def languages(root: Path) -> list[str]:
    """The languages that have a catalogue, sorted."""
    folder = base(root) / L10N_DIR
    return sorted(p.stem for p in folder.glob("*.po")) if folder.is_dir() else []


def resolve_languages(root: Path, codes: Sequence[str], *, existing: bool) -> list[str]:
    """The codes asked for (``all``: every catalogue there is), each known to Babel; with
    ``existing``, each must have a catalogue."""
    out: list[str] = []
    for code in codes:
        for one in (languages(root) if code == ALL else [code]):
            try:
                locale(one)
            except LanguageError as err:
                raise L10nError(str(err)) from None
            if existing and not catalogue_path(root, one).is_file():
                raise L10nError(f"{catalogue_path(root, one)}: no catalogue for `{one}`; "
                                f"make it with `tgc l10n extract --lang {one}`")
            if one not in out:
                out.append(one)
    if ALL in codes and not out:
        raise L10nError(f"{base(root) / L10N_DIR}: no catalogues (*.po) to work on")
    return out


def campaign_units(root: Path, campaign: Campaign | None, bundle: Bundle) -> Units:
    """Every unit of the compiled campaign in book order, numbered through the lock."""
    from tgc.project.workspace import display_name

    path = base(root) / LOCK_NAME
    lock, sources, diags = IdLock(), {}, list[Diagnostic]()
    old_text = None
    if path.is_file():
        try:
            source = read_source(path, display_name(path, root))
        except SourceError as err:
            raise L10nError(str(err)) from None
        sources[source.name] = source
        lock, diags = parse_lock(source)
        old_text = source.text
    walked = walk(bundle, Lines(campaign, root))
    ids, new_lock = assign(walked.slots, lock)
    units = [Unit(key, slot.kind, slot.text, slot.file, slot.line, slot.where)
             for key, slot in zip(ids, walked.slots, strict=True)]
    text = render_lock(new_lock)
    return Units(units, text, text != old_text, diags, sources)


def read_language(root: Path, code: str) -> Language:
    from tgc.project.workspace import display_name

    path = catalogue_path(root, code)
    if not path.is_file():
        return Language(code, path, None, None, {}, [])
    try:
        source = read_source(path, display_name(path, root))
    except SourceError as err:
        raise L10nError(str(err)) from None
    catalog, entries, diags = parse_po(source, code)
    return Language(code, path, source, catalog, {e.id: e for e in entries}, diags)


# ---------------------------------------------------------------- extract


@dataclass
class Extracted:
    """What ``tgc l10n extract`` wrote, and each language's progress after it."""

    written: list[Path] = field(default_factory=list)
    units: int = 0
    glossary: int = 0
    progress: list[Progress] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, SourceFile] = field(default_factory=dict)


def extract(root: Path, campaign: Campaign | None, bundle: Bundle, codes: Sequence[str],
            *, sheet: bool = False, xlsx: bool = False) -> Extracted:
    """Write the template ``l10n/<slug>.pot``, update ``l10n/LANG.po`` for each language
    (and, with ``sheet``, ``l10n/LANG.csv``; with ``xlsx``, ``l10n/LANG.xlsx``) and
    tgc.l10n.lock. A bad lock or a catalogue that cannot be read stops everything before
    a byte is written."""
    from tgc.bundle.paths import slug

    found = campaign_units(root, campaign, bundle)
    terms = sum(is_term(unit) for unit in found.units)
    out = Extracted(units=len(found.units) - terms, glossary=terms, diagnostics=list(found.diagnostics),
                    sources=found.sources)
    title = bundle.campaign.title
    folder = base(root) / L10N_DIR
    files: list[tuple[Path, str | bytes]] = [(folder / f"{slug(title)}.pot",
                                      render_po(update(found.units, None, None, title)))]
    for code in resolve_languages(root, codes, existing=False):
        language = read_language(root, code)
        out.diagnostics += language.diagnostics
        if language.source is not None:
            out.sources[language.source.name] = language.source
        drafted = update(found.units, language.catalog, code, title)
        files.append((language.path, render_po(drafted)))
        entries = entries_of(drafted)
        out.progress.append(progress(code, found.units, entries))
        if sheet:
            files.append((folder / f"{code}.csv", render_csv(found.units, entries)))
        if xlsx:
            try:
                files.append((folder / f"{code}.xlsx", render_xlsx(found.units, entries, title)))
            except SheetUnavailable as err:
                raise L10nError(str(err)) from None
    if any(d.severity is Severity.ERROR for d in out.diagnostics):
        return out
    if found.lock_changed:
        files.append((base(root) / LOCK_NAME, found.lock_text))
    _write_changed(files, out.written)
    return out


def _write_changed(files: list[tuple[Path, str | bytes]], written: list[Path]) -> None:
    """Write each file whose bytes would change (atomically), noting it in ``written``."""
    from tgc.bundle.io import write_atomic

    for path, body in files:
        data = body.encode("utf-8") if isinstance(body, str) else body
        if not path.is_file() or path.read_bytes() != data:
            write_atomic(path, data)
            written.append(path)


# ---------------------------------------------------------------- check and status


@dataclass
class Checked:
    """Each language's progress and every finding of the translation checks."""

    progress: list[Progress] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, SourceFile] = field(default_factory=dict)
    units: list[Unit] = field(default_factory=list)
    languages: list[Language] = field(default_factory=list)  # each one that could be read


def check_languages(root: Path, campaign: Campaign | None, bundle: Bundle,
                    codes: Sequence[str]) -> Checked:
    found = campaign_units(root, campaign, bundle)
    out = Checked(diagnostics=list(found.diagnostics), sources=dict(found.sources), units=found.units)
    for code in resolve_languages(root, codes, existing=True):
        language = read_language(root, code)
        assert language.source is not None
        out.sources[language.source.name] = language.source
        out.diagnostics += language.diagnostics
        if language.catalog is None:
            continue
        out.diagnostics += check_entries(found.units, language.entries, language.source,
                                         f"tgc l10n extract --lang {code}",
                                         edition_words(code, found.units, language.entries))
        out.progress.append(progress(code, found.units, language.entries))
        out.languages.append(language)
    from tgc.diagnostics.config import load_config

    config, _ = load_config(root)
    out.diagnostics = sorted(config.apply(out.diagnostics), key=Diagnostic.sort_key)
    return out


def edition_words(code: str, units: Sequence[Unit], entries: dict[str, Entry]) -> dict[str, str]:
    """Each glossary word -> the word the edition prints for it (the catalogue's glossary
    entry, else tgc's own word for the language), where the two differ."""
    from tgc.lexicon import lexicon

    terms = [unit for unit in units if is_term(unit)]
    glossary = {u.text: entries[u.id].translation for u in terms
                if state(u, entries.get(u.id)) == "translated"}
    lex = lexicon(code, glossary)
    printed = {u.text: lex.term(u.text) for u in terms}
    return {word: shown for word, shown in printed.items() if shown != word}


# ---------------------------------------------------------------- translated build


@dataclass(frozen=True)
class Edition:
    """One translated bundle and its language's counts."""

    code: str
    bundle: Bundle
    progress: Progress


@dataclass
class Translated:
    """The translated editions (none when a catalogue has errors) and the checks' findings."""

    editions: list[Edition]
    diagnostics: list[Diagnostic]
    sources: dict[str, SourceFile]


def translate_editions(root: Path, campaign: Campaign | None, bundle: Bundle,
                       codes: Sequence[str]) -> Translated:
    """A translated bundle per language (same verses, numbers and mechanics; translated
    units put in, the others in the source language), after the translation checks."""
    from tgc.bundle.schema import Language as Info

    checked = check_languages(root, campaign, bundle, codes)
    out = Translated([], checked.diagnostics, checked.sources)
    if any(d.severity is Severity.ERROR for d in out.diagnostics):
        return out
    for language, counts in zip(checked.languages, checked.progress, strict=True):
        entries, code = language.entries, language.code
        chosen = [entries[u.id].translation if state(u, entries.get(u.id)) == "translated" else u.text
                  for u in checked.units]
        walked = walk(bundle, Lines(campaign, root), _pick(chosen))
        info = Info(code=code, names=dict(sorted(walked.names.items())),
                    terms=dict(sorted(walked.terms.items())),
                    translated=counts.translated, fallback=counts.fallback)
        out.editions.append(Edition(code, walked.bundle.model_copy(update={"language": info}), counts))
    return out


def _pick(chosen: list[str]) -> Callable[[int, str], str]:
    """The walk's replacement: the text chosen for each slot, by index."""
    return lambda index, _text: chosen[index]


# ---------------------------------------------------------------- sheet import


@dataclass
class Imported:
    """What ``tgc l10n import`` read and wrote: the catalogue (when anything changed), how
    many new translations it took, how many of them were made for an older source (stale)."""

    code: str
    written: list[Path] = field(default_factory=list)
    rows: int = 0
    stale: int = 0
    progress: Progress | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, SourceFile] = field(default_factory=dict)


def sheet_language(sheet: Path, code: str | None) -> str:
    """The language a sheet is for: ``--lang``, else its file name (``pt_BR.csv``)."""
    if sheet.suffix.lower() not in (".csv", ".xlsx"):
        raise L10nError(f"{sheet}: a sheet is a .csv or .xlsx file")
    return resolve_languages(sheet, [code or sheet.stem], existing=False)[0]


def import_sheet(root: Path, campaign: Campaign | None, bundle: Bundle, sheet_path: Path,
                 code: str) -> Imported:
    """Put a translator's sheet into ``l10n/LANG.po``. Every row is checked as the
    catalogue's entries are (icons, emphasis, sigils, blank choices) at its row; an
    error anywhere in the sheet, or in the catalogue it goes into, writes nothing. A row
    whose translation the catalogue already holds changes nothing (a stale entry stays
    stale until its translation is edited)."""
    from tgc.project.workspace import display_name

    found = campaign_units(root, campaign, bundle)
    language = read_language(root, code)
    out = Imported(code, diagnostics=found.diagnostics + language.diagnostics, sources=dict(found.sources))
    if language.source is not None:
        out.sources[language.source.name] = language.source
    sheet, sheet_source = _read_sheet(sheet_path, display_name(sheet_path, root))
    out.sources[sheet_source.name] = sheet_source
    out.diagnostics += sheet.diagnostics
    units = {unit.id: unit for unit in found.units}
    taken: list[tuple[str, str, str | None]] = []
    for row in sheet.rows:
        unit = units.get(row.id)
        if unit is None:
            out.diagnostics.append(_unknown_row(row))
            continue
        out.diagnostics += check_translation(unit, row.translation, row.at)
        before = language.entries.get(row.id)
        if before is not None and before.translation == row.translation:
            continue  # the sheet shows the catalogue's own translation: nothing to change
        taken.append((row.id, row.translation, row.source))
        out.stale += row.source is not None and row.source != unit.text
    out.rows = len(taken)
    out.diagnostics.sort(key=Diagnostic.sort_key)
    if any(d.severity is Severity.ERROR for d in out.diagnostics):
        return out
    merged = with_translations(language.catalog, found.units, taken)
    drafted = update(found.units, merged, code, bundle.campaign.title)
    out.progress = progress(code, found.units, entries_of(drafted))
    files: list[tuple[Path, str | bytes]] = [(language.path, render_po(drafted))]
    if found.lock_changed:
        files.append((base(root) / LOCK_NAME, found.lock_text))
    _write_changed(files, out.written)
    return out


def _read_sheet(path: Path, name: str) -> tuple[Sheet, SourceFile]:
    """A CSV or XLSX sheet's rows and its text (an XLSX row per line, for diagnostics);
    a file that cannot be read at all is a usage error."""
    if path.suffix.lower() == ".xlsx":
        try:
            cells = xlsx_cells(path)
        except SheetUnavailable as err:
            raise L10nError(str(err)) from None
        if isinstance(cells, str):
            raise L10nError(f"{name}: {cells}")
        source = xlsx_source(name, cells)
        return read_sheet(source, cells), source
    try:
        source = read_source(path, name)
    except SourceError as err:
        raise L10nError(str(err)) from None
    return read_sheet(source), source


def _unknown_row(row: Row) -> Diagnostic:
    from tgc.diagnostics.codes import diag

    return diag("TGC613", row.at, hint="run `tgc l10n extract --csv` for a sheet of the current "
                "texts; this row is skipped", id=row.id)
