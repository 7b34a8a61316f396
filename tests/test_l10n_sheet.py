"""Translators' spreadsheets through the CLI: `tgc l10n extract --csv/--xlsx` writes a
sheet per language, `tgc l10n import` puts a filled sheet back into the PO catalogue
(stale when it was made for an older source, never erasing a translation), and a bad
sheet is reported at its row with nothing written."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tgc.cli.main import cli

SMALL = Path(__file__).parent / "cases" / "l10n" / "small"


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "small"
    shutil.copytree(SMALL, root)
    (root / "tgc.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return root


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def sheet_rows(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, lineterminator="\n").writerows(rows)


def po_entry(po: Path, key: str) -> tuple[str, str, bool]:
    """msgid, msgstr and fuzzy of one entry, read back with Babel."""
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    message = next(m for m in catalog if m.context == key)
    return str(message.id), str(message.string), message.fuzzy


def test_a_filled_csv_sheet_goes_back_into_the_catalogue(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR", "--csv")
    sheet = campaign / "l10n" / "pt_BR.csv"
    rows = sheet_rows(sheet)
    by_id = {row[0]: row for row in rows[1:]}
    by_id["campaign#title"][3] = "A Estrada do Sal"
    by_id["location.101#text"][2] = "An older text of the card."  # translated from an older source
    by_id["location.101#text"][3] = "Uma estrada branca."
    write_rows(sheet, rows)
    result = run("l10n", "import", "small/l10n/pt_BR.csv", "small")
    assert result.exit_code == 0, result.output
    assert "2 new translations (1 made for an older source, marked stale)" in result.output
    assert "pt_BR: 1/20 translated (5%), 1 stale, 18 untranslated" in result.output
    po = campaign / "l10n" / "pt_BR.po"
    assert po_entry(po, "campaign#title") == ("The Salt Road", "A Estrada do Sal", False)
    assert po_entry(po, "location.101#text") == ("A white road across the flats.",
                                                 "Uma estrada branca.", True)
    assert '#| msgid "An older text of the card."' in po.read_text(encoding="utf-8")
    # the same sheet again changes nothing, and a sheet exported now keeps the stale entry stale
    assert "already holds every translation" in run("l10n", "import", "small/l10n/pt_BR.csv", "small").output
    run("l10n", "extract", "small", "--lang", "pt_BR", "--csv")
    again = run("l10n", "import", "small/l10n/pt_BR.csv", "small")
    assert "0 new translations" in again.output and "1 stale" in again.output


def test_an_empty_cell_never_erases_a_translation(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    (campaign / "one.csv").write_text("id,translation\ncampaign#title,A Estrada do Sal\n", encoding="utf-8")
    assert run("l10n", "import", "small/one.csv", "small", "--lang", "pt_BR").exit_code == 0
    (campaign / "two.csv").write_text("id,translation\ncampaign#title,\n", encoding="utf-8")
    assert run("l10n", "import", "small/two.csv", "small", "--lang", "pt_BR").exit_code == 0
    assert po_entry(campaign / "l10n" / "pt_BR.po", "campaign#title")[1] == "A Estrada do Sal"


@pytest.mark.parametrize(("sheet", "code", "line"), [
    ("title,translation\nx,y\n", "TGC612", 1),
    ('id,translation\ncampaign#title,"A Estrada\n', "TGC612", 2),
    ("id,translation\ncampaign#title,A\ncampaign#title,B\n", "TGC614", 3),
    ("id,translation\ncampaign#title,A -> 3\n", "TGC606", 2),
])
def test_a_bad_sheet_is_reported_at_its_row_and_nothing_is_written(
        campaign: Path, sheet: str, code: str, line: int) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    po = campaign / "l10n" / "pt_BR.po"
    before = po.read_bytes()
    (campaign / "pt_BR.csv").write_text(sheet, encoding="utf-8")
    result = run("l10n", "import", "small/pt_BR.csv", "small")
    assert result.exit_code == 1
    assert f"[{code}]" in result.output and f"pt_BR.csv:{line}:1" in result.output
    assert "nothing imported" in result.output
    assert po.read_bytes() == before


def test_an_unknown_id_is_skipped_with_a_warning(campaign: Path) -> None:
    (campaign / "pt_BR.csv").write_text("id,translation\n101.1#c99,Esperar\ncampaign#title,A\n",
                                        encoding="utf-8")
    result = run("l10n", "import", "small/pt_BR.csv", "small")
    assert result.exit_code == 0
    assert "[TGC613]" in result.output and "1 new translations" in result.output


def test_a_sheet_that_is_no_sheet_is_a_usage_error(campaign: Path) -> None:
    (campaign / "notes.txt").write_text("hello", encoding="utf-8")
    result = run("l10n", "import", "small/notes.txt", "small", "--lang", "pt_BR")
    assert result.exit_code == 2 and ".csv or .xlsx" in result.output


def test_the_xlsx_sheet_is_the_csv_sheet_and_the_same_bytes_every_time(campaign: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl", reason="the xlsx extra is not installed")
    assert run("l10n", "extract", "small", "--lang", "pt_BR", "--csv", "--xlsx").exit_code == 0
    path = campaign / "l10n" / "pt_BR.xlsx"
    first = path.read_bytes()
    path.unlink()
    run("l10n", "extract", "small", "--lang", "pt_BR", "--xlsx")
    assert path.read_bytes() == first
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["The Salt Road"]
    cells = [["" if v is None else str(v) for v in row] for row in book.active.iter_rows(values_only=True)]
    assert cells == sheet_rows(campaign / "l10n" / "pt_BR.csv")
    # filled in Excel and imported back
    book.active["D2"] = "A Estrada do Sal"
    book.save(path)
    result = run("l10n", "import", "small/l10n/pt_BR.xlsx", "small")
    assert result.exit_code == 0, result.output
    assert po_entry(campaign / "l10n" / "pt_BR.po", "campaign#title")[1] == "A Estrada do Sal"
    path.write_bytes(b"not a workbook")
    assert run("l10n", "import", "small/l10n/pt_BR.xlsx", "small").exit_code == 2
