"""Localization, the translators' spreadsheets: a campaign's units and one language's
entries in, a sheet out (CSV, or XLSX through openpyxl when the ``xlsx`` extra is
installed); a sheet a translator filled in, the rows to put into the catalogue out, with
TGC612-614 for a sheet that cannot be read as one.

A sheet has one row per text in book order under the header ``id, where, source,
translation, state``. Only ``id`` and ``translation`` are read back; ``source`` (when the
column is there) says which source text the translator saw, so a row translated from an
older source imports as stale. Other columns (notes, a reviewer's initials) are ignored.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.l10n.catalog import Entry, Unit
from tgc.l10n.progress import state
from tgc.source import SourceFile, Span

HEADER = ("id", "where", "source", "translation", "state")
NEEDED = ("id", "translation")
SHEET_KINDS = (".csv", ".xlsx")
# Excel's limits on a sheet's name: 31 characters, none of []:*?/\ .
_SHEET_NAME = re.compile(r"[\[\]:*?/\\]")
# A fixed time in every XLSX part and zip entry: the same sources give the same bytes.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_CORE_TIME = re.compile(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)")


class SheetUnavailable(Exception):
    """XLSX needs openpyxl (the ``xlsx`` extra); meant for the user."""


def rows_of(units: Sequence[Unit], entries: dict[str, Entry]) -> Iterator[tuple[str, str, str, str, str]]:
    """One row per text in book order: id, where, source, translation, state."""
    for unit in units:
        entry = entries.get(unit.id)
        translation = entry.translation if entry else ""
        found = state(unit, entry)
        shown = {"translated": "done", "stale": "stale"}.get(found, "untranslated")
        where = f"{unit.where} ({unit.file}:{unit.line})" if unit.line else unit.where
        yield unit.id, where, unit.text, translation, shown


def render_csv(units: Sequence[Unit], entries: dict[str, Entry]) -> str:
    """A CSV sheet for translators without PO tools."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    writer.writerows(rows_of(units, entries))
    return out.getvalue()


def render_xlsx(units: Sequence[Unit], entries: dict[str, Entry], title: str) -> bytes:
    """The same sheet as an Excel workbook: one worksheet named for the campaign, the
    header bold and frozen, the source column read-only in spirit (grey), long texts
    wrapped. Byte-identical for the same input (fixed times in the zip and its
    properties)."""
    try:
        from openpyxl import Workbook
        from openpyxl.styles import Alignment, Font, PatternFill
    except ImportError:
        raise SheetUnavailable("an XLSX sheet needs openpyxl: pip install 'tgc[xlsx]'") from None
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = sheet_name(title)
    sheet.append(HEADER)
    for row in rows_of(units, entries):
        sheet.append(row)
    bold, wrap = Font(bold=True), Alignment(wrap_text=True, vertical="top")
    grey = PatternFill("solid", fgColor="EEEEEE")
    for cell in sheet[1]:
        cell.font = bold
    for letter, width in zip("ABCDE", (18, 40, 60, 60, 12), strict=True):
        sheet.column_dimensions[letter].width = width
    for row in sheet.iter_rows(min_row=2):
        row[2].fill = grey
        row[2].alignment = row[3].alignment = wrap
    sheet.freeze_panes = "A2"
    raw = io.BytesIO()
    book.save(raw)
    return _fixed_times(raw.getvalue())


def sheet_name(title: str) -> str:
    """A campaign title as Excel accepts a worksheet's name."""
    return (_SHEET_NAME.sub(" ", title).strip() or "Campaign")[:31]


def _fixed_times(data: bytes) -> bytes:
    """The workbook re-zipped with one fixed time on every entry and in its properties."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = _CORE_TIME.sub(rb"\g<1>1980-01-01T00:00:00Z\g<2>", body)
            dst.writestr(zipfile.ZipInfo(info.filename, _ZIP_TIME), body, zipfile.ZIP_DEFLATED)
    return out.getvalue()


# ---------------------------------------------------------------- reading a sheet back


@dataclass(frozen=True, slots=True)
class Row:
    """One filled row: the text's id, the translation, the source the translator saw
    (None: the sheet has no source column) and where it is in the sheet."""

    id: str
    translation: str
    source: str | None
    at: Span


@dataclass
class Sheet:
    rows: list[Row]
    diagnostics: list[Diagnostic]


def read_sheet(source: SourceFile, cells: list[tuple[int, list[str]]] | None = None) -> Sheet:
    """The rows of a sheet: CSV text (``source``), or an XLSX workbook's first worksheet
    already read into ``cells`` (row number, values). A sheet without an ``id`` and a
    ``translation`` column, a row that CSV cannot read or an id twice is reported; rows
    with an empty translation are skipped (an empty cell never erases a translation)."""
    if cells is None:
        table = _csv_cells(source)
        if isinstance(table, Diagnostic):
            return Sheet([], [table])
        cells = table
    if not cells:
        return Sheet([], [diag("TGC612", _at(source, 1), hint=_HEADER_HINT, detail="the sheet is empty")])
    header_line, header = cells[0]
    columns = {name.strip().lower(): n for n, name in reversed(list(enumerate(header)))}
    lacking = [name for name in NEEDED if name not in columns]
    if lacking:
        detail = "no " + " and no ".join(f"`{name}` column" for name in lacking) + " in its first row"
        return Sheet([], [diag("TGC612", _at(source, header_line), hint=_HEADER_HINT, detail=detail)])
    out = Sheet([], [])
    seen: dict[str, int] = {}
    for line, values in cells[1:]:
        if not any(v.strip() for v in values):
            continue
        key = _cell(values, columns["id"]).strip()
        translation = _cell(values, columns["translation"])
        at = _at(source, line)
        if not key:
            if translation.strip():
                out.diagnostics.append(diag("TGC612", at, hint="keep the id column as extracted",
                                            detail=f"row {line} has a translation but no id"))
            continue
        if key in seen:
            out.diagnostics.append(diag("TGC614", at, hint="keep one row per id", id=key, first=seen[key]))
            continue
        seen[key] = line
        if not translation.strip():
            continue
        shown = _cell(values, columns["source"]) if "source" in columns else None
        out.rows.append(Row(key, translation, shown, at))
    return out


_HEADER_HINT = "the first row names the columns: id, where, source, translation, state (as extracted)"


def _cell(values: list[str], column: int) -> str:
    return values[column] if column < len(values) else ""


def _csv_cells(source: SourceFile) -> list[tuple[int, list[str]]] | Diagnostic:
    """The CSV rows with the line each starts on; a row that CSV cannot read is TGC612."""
    stream = io.StringIO(source.text, newline="")
    reader = csv.reader(stream, strict=True)
    out: list[tuple[int, list[str]]] = []
    while True:
        line = reader.line_num + 1
        try:
            values = next(reader)
        except StopIteration:
            return out
        except csv.Error as err:
            return diag("TGC612", _at(source, line), hint="save the sheet as CSV (UTF-8, comma-"
                        "separated, quotes doubled inside quoted cells)", detail=str(err))
        out.append((line, values))


def xlsx_cells(path: Path) -> list[tuple[int, list[str]]] | str:
    """The first worksheet of an XLSX file as text cells, or why it cannot be read."""
    try:
        from openpyxl import load_workbook
    except ImportError:
        raise SheetUnavailable("reading an XLSX sheet needs openpyxl: pip install 'tgc[xlsx]'") from None
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as err:
        return f"not an XLSX workbook ({err})"
    try:
        sheet = book.worksheets[0]
        return [(n, ["" if v is None else str(v) for v in row])
                for n, row in enumerate(sheet.iter_rows(values_only=True), start=1)]
    finally:
        book.close()


def xlsx_source(name: str, cells: list[tuple[int, list[str]]]) -> SourceFile:
    """A workbook's rows as text, one line per row (cells tab-separated, line breaks inside
    a cell shown as spaces), so diagnostics quote the row they point at."""
    lines = [""] * (cells[-1][0] if cells else 0)
    for n, values in cells:
        lines[n - 1] = "\t".join(v.replace("\n", " ") for v in values).rstrip("\t")
    return SourceFile.from_text(name, "\n".join(lines))


def _at(source: SourceFile, line: int) -> Span:
    return Span(source.name, line, 1, line, max(len(source.line(line)), 1) + 1)
