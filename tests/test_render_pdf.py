"""The press-ready PDFs (tgc/render/pdf.py, book.py, profile.py): read back with pypdf
for their page and trim sizes, bleed, page count, verse order and where each verse
number prints (the books' named destinations), built end to end by `tgc build --pdf`
and `tgc render --pdf`. The HTML the books are set from has goldens (no extra needed)."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.bundle_helpers import CAMPAIGNS, SAMPLE, chain, write_campaign
from tests.golden import Golden
from tgc.bundle import schema as s
from tgc.bundle.io import load_bundle
from tgc.cli.main import cli
from tgc.diagnostics.config import load_config
from tgc.render import view
from tgc.render.book import SHORT, render_book, verse_length
from tgc.render.deck import by_size, deck, grid, render_cards, sheets
from tgc.render.inline import plain_text
from tgc.render.places import Places
from tgc.render.profile import PAPERS, PrintProfile, Size, read_profile
from tgc.rulesets.spec import vocabulary_of

GOLDENS = Path(__file__).parent / "cases" / "render_html" / "every_construct"
MM = 72 / 25.4  # PDF points per millimetre
SAMPLE_DIR = "the-lantern-stones-of-caer-morwen"


def _pdf_extra() -> str | None:
    """Why the PDF tests cannot run here (None: they can)."""
    try:
        import pypdf  # noqa: F401
        import weasyprint  # noqa: F401
    except ImportError as err:
        return f"the pdf extra is not installed ({err.name}): pip install -e '.[pdf]'"
    except OSError as err:
        return f"WeasyPrint's system libraries are missing ({err})"
    except Warning as err:  # tests turn warnings into errors: HarfBuzz's subsetter is missing
        return f"WeasyPrint warns: {err}"
    return None


needs_pdf = pytest.mark.skipif(_pdf_extra() is not None, reason=_pdf_extra() or "")


@pytest.fixture(scope="module")
def every_construct() -> s.Bundle:
    return load_bundle(CAMPAIGNS / "every_construct.bundle.json")


# ---------------------------------------------------------------- the books' HTML


@pytest.mark.parametrize("kind", ["journal", "secrets"])
def test_book_html_matches_its_golden(every_construct: s.Bundle, kind: Any, golden: Golden) -> None:
    golden(GOLDENS / f"book-{kind}.html", render_book(Places(every_construct), kind, PrintProfile()))


def test_the_book_style_sheet_follows_the_profile(every_construct: s.Bundle) -> None:
    html = render_book(Places(every_construct), "journal",
                       PrintProfile(trim=PAPERS["letter"], bleed=0, marks=False))
    assert "size: 215.9mm 279.4mm;" in html and "bleed: 0mm;" in html and "marks: none;" in html


def test_short_verses_are_marked_to_stay_whole(every_construct: s.Bundle) -> None:
    places = Places(every_construct)
    html = render_book(places, "journal", PrintProfile())
    verses = [v for section in view.journal(places) for v in section.verses]
    marked = set(re.findall(r'<article class="verse short">\n<h3 class="number" id="([^"]+)"><span>', html))
    assert marked == {v.anchor for v in verses if verse_length(v) <= SHORT}
    assert 0 < len(marked) < len(verses)


# ---------------------------------------------------------------- the printer profile


def _profile(tmp_path: Path, toml: str) -> tuple[PrintProfile, list[str]]:
    (tmp_path / "tgc.toml").write_text(toml, encoding="utf-8")
    config, problems = load_config(tmp_path)
    assert problems == []
    profile, diags = read_profile(config)
    return profile, [f"{d.span.line}:{d.span.col} {d.message} | {d.hint}" for d in diags]


def test_a_profile_sets_trim_bleed_marks_variant_and_card_sizes(tmp_path: Path) -> None:
    profile, problems = _profile(tmp_path, '[print]\ntrim = "Letter"\nbleed = 5\nmarks = false\n'
                                           'variant = "pdf/x-4"\n[print.cards]\nlocation = "100 x 100 mm"\n')
    assert problems == []
    assert profile == PrintProfile(trim=PAPERS["letter"], bleed=5.0, marks=False, variant="pdf/x-4",
                                   cards={"location": Size(100, 100), "secret": Size(63, 88),
                                          "item": Size(63, 88)})


def test_profile_mistakes_point_into_the_file(tmp_path: Path) -> None:
    profile, problems = _profile(tmp_path, '[print]\ntrim = "A55"\nbleed = 30\nmark = true\n'
                                           'variant = "pdf/x4"\n[print.cards]\nsecrets = "63x88"\n')
    assert profile == PrintProfile()
    assert problems == [
        "2:8 'A55' is not a size (for `trim`) | use a paper name (A4, A5, A6, B5, Letter, Digest) "
        'or "WxH" in mm',
        "3:9 30 is not a bleed (for `bleed`) | give millimetres from 0 to 10, such as 3",
        "4:1 unknown key `mark` in the print profile | did you mean `marks`?",
        "5:11 'pdf/x4' is not a PDF variant (for `variant`) | did you mean `pdf/x-4`?",
        "7:1 unknown card kind `secrets` in the print profile | did you mean `secret`?",
    ]


def test_cmyk_needs_the_printers_cmyk_output_profile(tmp_path: Path) -> None:
    """The profile is read where the printer profile is (its header checked, no pdf
    extra needed); a path is from the configuration file; each mistake is a TGC902."""
    icc = Path(__file__).parent / "cases" / "print" / "fogra39-test.icc"
    shutil.copy(icc, tmp_path / "press.icc")
    profile, problems = _profile(tmp_path, '[print]\ncolour = "cmyk"\nicc = "press.icc"\n')
    assert problems == [] and profile.colour == "cmyk" and profile.press_icc is not None
    assert profile.press_icc.data == icc.read_bytes()
    assert profile.press_icc.description == "FOGRA39 (tgc test profile, from FOGRA39L.ti3)"
    (tmp_path / "rgb.icc").write_bytes(icc.read_bytes()[:16] + b"RGB " + icc.read_bytes()[20:])
    (tmp_path / "short.icc").write_bytes(icc.read_bytes()[:1000])
    hint = "give the printer's CMYK output profile (an .icc file)"
    cmyk = 'colour = "cmyk"\n'
    for toml, problem in (
        (cmyk, '2:10 `colour = "cmyk"` needs the printer\'s ICC profile | add `icc = "FILE.icc"`: the CMYK '
               "output profile the printer names (FOGRA39, GRACoL...), a path from this file"),
        ('colour = "cymk"', "2:10 'cymk' is not a colour (for `colour`) | did you mean `cmyk`?"),
        (cmyk + 'icc = "rgb.icc"',
         f"3:7 'rgb.icc' is an ICC profile of RGB, not of CMYK (for `icc`) | {hint}"),
        (cmyk + 'icc = "short.icc"', f"3:7 'short.icc' is a truncated ICC profile (for `icc`) | {hint}"),
        (cmyk + 'icc = "none.icc"', "3:7 cannot read the ICC profile 'none.icc' (No such file or directory) "
                                    "| give the path of the printer's .icc file from this configuration "
                                    "file"),
    ):
        profile, problems = _profile(tmp_path, f"[print]\n{toml}\n")
        assert profile == PrintProfile() and problems == [problem]


# ---------------------------------------------------------------- the PDFs


def pages_of(path: Path) -> tuple[Any, dict[str, int]]:
    """The PDF's reader, and the page (from 0) of each named destination (element id)."""
    import pypdf

    reader = pypdf.PdfReader(path)
    return reader, {name: reader.get_destination_page_number(dest)
                    for name, dest in reader.named_destinations.items()}


@pytest.fixture(scope="module")
def sample_pdfs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`tgc build --pdf` of the sample campaign, once for the module."""
    if _pdf_extra() is not None:
        pytest.skip(_pdf_extra() or "")
    root = tmp_path_factory.mktemp("pdf")
    shutil.copytree(SAMPLE, root / "src")
    result = CliRunner().invoke(cli, ["build", str(root / "src"), "-o", str(root / "build"), "--pdf"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        f"wrote {root / 'build' / SAMPLE_DIR}/ PDFs: cards-63x88.pdf, cards-89x127.pdf, journal.pdf, "
        "save-sheet.pdf, secrets.pdf, sheets-a4-long-edge.pdf, sheets-a4-short-edge.pdf, "
        "sheets-letter-long-edge.pdf, sheets-letter-short-edge.pdf")
    return root / "build" / SAMPLE_DIR


@needs_pdf
@pytest.mark.parametrize("book", ["journal", "secrets"])
def test_every_page_is_a5_with_3mm_bleed(sample_pdfs: Path, book: str) -> None:
    reader, _ = pages_of(sample_pdfs / f"{book}.pdf")
    for page in reader.pages:
        trim = [float(v) / MM for v in page.trimbox]
        bleed = [float(v) / MM for v in page.bleedbox]
        assert trim == pytest.approx([0, 0, 148, 210], abs=0.01)
        assert bleed == pytest.approx([-3, -3, 151, 213], abs=0.01)
        assert [float(v) for v in page.mediabox] == pytest.approx([float(v) for v in page.bleedbox])


@needs_pdf
@pytest.mark.parametrize("book", ["journal", "secrets"])
def test_every_verse_prints_in_order_under_its_number(sample_pdfs: Path, book: str) -> None:
    """Every verse number is a destination, in print order; a number is on the page of
    its first lines; a short verse starts and ends on one page; sections start pages."""
    bundle = load_bundle(CAMPAIGNS / "sample.bundle.json")
    places = Places(bundle)
    sections = view.journal(places) if book == "journal" else view.secrets(places)
    reader, page = pages_of(sample_pdfs / f"{book}.pdf")
    order = [(section, verse) for section in sections for verse in section.verses]
    assert len(order) == sum(1 for v in bundle.verses if (places.page(v.section) == "secrets.html")
                             == (book == "secrets"))
    pages = [page[verse.anchor] for _, verse in order]
    assert pages == sorted(pages) and pages[0] == 1  # the cover is page 0
    for _, verse in order:
        assert page[verse.anchor] == page[verse.anchor + "-text"], f"{verse.anchor}: number alone"
    short = [verse for _, verse in order if verse_length(verse) <= SHORT]
    assert len(short) > len(order) // 2
    for verse in short:
        assert page[verse.anchor] == page[verse.anchor + "-end"], f"{verse.anchor}: split"
    starts = [page[section.anchor] for section in sections]
    assert starts == sorted(set(starts)) and len(reader.pages) == page[order[-1][1].anchor + "-end"] + 1
    for section in sections:  # nothing of the section before shares its first page
        first = page[section.verses[0].anchor]
        assert first == page[section.anchor]


@needs_pdf
def test_icons_print_as_glyphs_not_names(sample_pdfs: Path) -> None:
    """The sample's rules and prose hold icons (``Gain 1 :food:``): the books print their
    glyphs (vector drawings), so no icon's name is left in the text as a label."""
    for book in ("journal", "secrets"):
        reader, _ = pages_of(sample_pdfs / f"{book}.pdf")
        text = " ".join(page.extract_text() for page in reader.pages)
        assert "Gain 1" in text
        for label in ("FOOD", "MAGIC", "TERROR", "COURAGE", "ENERGY", "WEALTH"):
            assert label not in text, (book, label)


def test_the_text_reads_in_verse_order_with_page_numbers_and_running_heads(sample_pdfs: Path) -> None:
    """Each page ends with its running head (the verses that start on it, and the section:
    the range on the outer side) and its number."""
    reader, page = pages_of(sample_pdfs / "journal.pdf")
    text = [reader.pages[n].extract_text() for n in range(len(reader.pages))]
    places = Places(load_bundle(CAMPAIGNS / "sample.bundle.json"))
    starting: dict[int, list[str]] = {}
    for section in view.journal(places):
        for verse in section.verses:
            starting.setdefault(page[verse.anchor], []).append(f"{section.heading}|{verse.number}")
    assert text[0].split() == ["The", "Lantern-Stones", "of", "Caer", "Morwen", "Exploration", "Journal"]
    for number in range(1, len(text)):
        head, folio = text[number].splitlines()[-2:]
        assert folio == str(number + 1)
        if number in starting:
            section, first = starting[number][0].split("|")
            last = starting[number][-1].split("|")[1]
            verses = f"{first}–{last}"
            assert head == (f"{verses} {section}" if number % 2 else f"{section} {verses}")
    whole = _words(" ".join(text))
    at = 0
    for section in view.journal(places):
        for verse in section.verses:
            first = next(line for line in verse.body.lines if line.kind != "note")
            words = " ".join(_words(plain_text(first.text)).split()[:4])
            found = whole.find(words, at)
            assert found >= 0, f"{verse.anchor}: {words!r} missing or out of order"
            at = found


def _words(text: str) -> str:
    """Text without hyphens (hyphenation breaks words at line ends) or runs of spaces."""
    return re.sub(r"\s+", " ", re.sub(r"[-\u2010\u00ad]\s*", "", text))


@needs_pdf
def test_the_profile_sets_the_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tgc render --pdf` reads [tool.tgc.print] from the bundle's folder up; Letter, no
    bleed and no marks give pages the size of Letter; the same bundle gives the same bytes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.tgc.print]\ntrim = "Letter"\nbleed = 0\nmarks = false\n'
                                             'sheet = "Letter"\n', encoding="utf-8")
    shutil.copy(CAMPAIGNS / "every_construct.bundle.json", tmp_path / "x.bundle.json")
    runner = CliRunner()
    first = runner.invoke(cli, ["render", "x.bundle.json", "--pdf", "--no-html", "-o", "a"])
    assert first.exit_code == 0, first.output
    names = ["cards-63x88.pdf", "cards-89x127.pdf", "journal.pdf", "save-sheet.pdf", "secrets.pdf",
             "sheets-a4-long-edge.pdf", "sheets-a4-short-edge.pdf", "sheets-letter-long-edge.pdf",
             "sheets-letter-short-edge.pdf"]
    assert first.output == f"wrote a/ PDFs: {', '.join(names)}\n"
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == names
    for name in ("journal.pdf", "save-sheet.pdf"):
        reader, _ = pages_of(tmp_path / "a" / name)
        for pdf_page in reader.pages:
            assert [float(v) / MM for v in pdf_page.mediabox] == pytest.approx([0, 0, 215.9, 279.4], abs=0.01)
        assert [float(v) for v in pdf_page.trimbox] == [float(v) for v in pdf_page.mediabox]
    assert runner.invoke(cli, ["render", "x.bundle.json", "--pdf", "--no-html", "-o", "b"]).exit_code == 0
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_a_bad_profile_stops_the_build_before_anything_is_written(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    (tmp_path / "src" / "tgc.toml").write_text('[print]\ntrim = "A55"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "src", "--pdf", "--no-color"])
    assert result.exit_code == 1
    assert "error[TGC902]: 'A55' is not a size (for `trim`)" in result.output
    assert "src/tgc.toml:2:8" in result.output
    assert not (tmp_path / "build").exists()


def test_without_weasyprint_the_build_says_how_to_install_it(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_weasyprint(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("weasyprint"):
            raise ImportError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(builtins, "__import__", no_weasyprint)
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    result = CliRunner().invoke(cli, ["build", "src", "--pdf"])
    assert result.exit_code == 1
    assert "tgc: error: PDF output needs WeasyPrint and pypdf: pip install 'tgc[pdf]'" in result.output
    assert not (tmp_path / "build").exists()


@needs_pdf
def test_the_documents_are_the_same_bytes_pressed_in_one_process_or_two(every_construct: s.Bundle) -> None:
    """`--pdf` sets its documents in two worker processes when it has two cores; the PDFs
    are byte for byte those of one process."""
    from tgc.render.pdf import render_pdfs

    one, two = (render_pdfs(every_construct, PrintProfile(), jobs=jobs) for jobs in (1, 2))
    assert sorted(one) == sorted(two) and all(one[name] == two[name] for name in one)


@needs_pdf
def test_a_press_opened_before_the_bundle_exists_sets_the_same_bytes(every_construct: s.Bundle) -> None:
    """A run opens its press first (its workers load WeasyPrint while the campaign is
    checked); what it sets, the sheets imposed in the workers included, is what one
    process sets."""
    from tgc.render.pdf import open_press, render_pdfs

    with open_press(2) as press:
        assert press is not None and press.workers == 2
        early = render_pdfs(every_construct, PrintProfile(), press=press)
    here = render_pdfs(every_construct, PrintProfile(), jobs=1)
    assert list(early) == list(here) and all(early[name] == here[name] for name in here)


# ---------------------------------------------------------------- the fillable save sheet


@needs_pdf
def test_the_save_sheet_is_a_fillable_a4_form(sample_pdfs: Path) -> None:
    """save-sheet.pdf holds an AcroForm: a text field for the chapter, the day, every
    player's character, location and rows, the menhirs, the dials, the time tokens, the
    tasks; a checkbox for every status part or box, secret, and item per player. A field
    filled in (as a PDF reader does) reads back."""
    from pypdf import PdfReader, PdfWriter

    sample = load_bundle(sample_pdfs.parent / f"{SAMPLE_DIR}.bundle.json")
    reader = PdfReader(sample_pdfs / "save-sheet.pdf")
    assert "/AcroForm" in reader.trailer["/Root"]
    for pdf_page in reader.pages:
        assert [float(v) / MM for v in pdf_page.mediabox] == pytest.approx([0, 0, 210, 297], abs=0.01)
    fields = reader.get_fields()
    assert fields is not None
    kinds = {name: field.get("/FT") for name, field in fields.items()}
    players = range(1, sample.campaign.players.max + 1)
    rows = ("character", "location", *vocabulary_of(sample).party_rows)
    texts = {"chapter", "day", *(f"player{n} {row}" for n in players for row in rows),
             *(f"menhir{n} {part}" for n in (1, 2, 3) for part in ("location", "dial")),
             *(f"time tokens{n}" for n in (1, 2, 3, 4)), *(f"task{n}" for n in (1, 2, 3, 4))}
    assert {name for name in texts if kinds.get(name) != "/Tx"} == set()
    boxes = {f"secret {secret.number}" for secret in sample.secrets}
    boxes |= {f"item {item.name} player{n}" for item in sample.items for n in players}
    for status in sample.statuses:
        if status.shape == "flag":
            boxes.add(f"status {status.name}")
        else:
            boxes |= {f"status {status.name} {part}" for part in range(1, status.size + 1)}
    assert {name for name in boxes if kinds.get(name) != "/Btn"} == set()
    texts |= {"removed locations", *(f"time tokens{n} location" for n in (1, 2, 3, 4))}
    texts |= {name for dial in view.dials(sample) for name in (f"dial {dial}", f"dial {dial} location")}
    assert set(fields) == texts | boxes  # nothing else, and none unnamed
    writer = PdfWriter(clone_from=reader)
    writer.update_page_form_field_values(writer.pages[0], {"player1 character": "Beor", "day": "3"},
                                         auto_regenerate=False)
    filled = PdfReader(io.BytesIO(_written(writer))).get_fields()
    assert filled is not None
    assert (filled["player1 character"].get("/V"), filled["day"].get("/V")) == ("Beor", "3")


def _written(writer: Any) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# ---------------------------------------------------------------- cards and sheets


def test_as_many_cards_a_sheet_as_fit_and_backs_fall_behind_their_fronts() -> None:
    poker, tall = Size(63, 88), Size(89, 127)
    assert [(g.cols, g.rows) for g in (grid(PAPERS["a4"], poker), grid(PAPERS["letter"], poker),
                                       grid(PAPERS["a4"], tall))] == [(3, 3), (3, 3), (2, 2)]
    layout = grid(PAPERS["a4"], poker)
    assert (layout.left, layout.top) == (10.5, 16.5)  # centred
    front = layout.place(0, back=False, edge="long")
    assert layout.place(0, back=True, edge="long") == (10.5 + 2 * 63, 16.5)
    assert layout.place(0, back=True, edge="short") == (10.5, 16.5 + 2 * 88)
    for edge in ("long", "short"):  # a face's mirror image on the paper is its back's place
        for slot in range(9):
            x, y = layout.place(slot, back=False, edge=edge)  # type: ignore[arg-type]
            bx, by = layout.place(slot, back=True, edge=edge)  # type: ignore[arg-type]
            if edge == "long":
                assert (bx, by) == pytest.approx((210 - x - 63, y))
            else:
                assert (bx, by) == pytest.approx((x, 297 - y - 88))
    assert front == (10.5, 16.5)
    assert [len(sheet.faces) for sheet in sheets(11, layout, "long")] == [9, 9, 2, 2]


def test_card_html_matches_its_golden(every_construct: s.Bundle, golden: Golden) -> None:
    places = Places(every_construct)
    profile = PrintProfile()
    groups = by_size(deck(places), profile)
    assert list(groups) == [Size(89, 127), Size(63, 88)]
    golden(GOLDENS / "cards-63x88.html", render_cards(places, Size(63, 88), groups[Size(63, 88)], profile))


@needs_pdf
def test_cards_alternate_front_and_back_at_card_size_with_bleed(sample_pdfs: Path) -> None:
    bundle = load_bundle(CAMPAIGNS / "sample.bundle.json")
    reader, page = pages_of(sample_pdfs / "cards-63x88.pdf")
    cards = [*(f"secret-{c.number}" for c in bundle.secrets), *(f"item-{i}" for i in range(1, 9))]
    assert len(reader.pages) == 2 * len(cards) == 32
    for n, card in enumerate(cards):
        assert (page[f"front-{card}"], page[f"back-{card}"]) == (2 * n, 2 * n + 1)
    for pdf_page in reader.pages:
        assert [float(v) / MM for v in pdf_page.trimbox] == pytest.approx([0, 0, 63, 88], abs=0.01)
        assert [float(v) / MM for v in pdf_page.bleedbox] == pytest.approx([-3, -3, 66, 91], abs=0.01)
    first = bundle.secrets[0]
    assert reader.pages[0].extract_text().splitlines()[0] == f"{first.number} {first.title}"
    assert reader.pages[1].extract_text().lower().split()[:2] == ["secret", str(first.number)]  # small caps
    assert reader.pages[-1].extract_text().lower().split()[0] == "item"
    locations, _ = pages_of(sample_pdfs / "cards-89x127.pdf")
    assert len(locations.pages) == 2 * len(bundle.locations)
    assert [float(v) / MM for v in locations.pages[0].trimbox] == pytest.approx([0, 0, 89, 127], abs=0.01)


def _texts(pdf_page: Any) -> list[tuple[str, float, float]]:
    """Each run of text on a page with its origin in mm from the paper's top-left."""
    height = float(pdf_page.mediabox.height)
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: Any) -> None:
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        if text.strip():
            found.append((text.strip(), x / MM, (height - y) / MM))

    pdf_page.extract_text(visitor_text=visit)
    return found


def _sheet_texts(sheet: Any) -> list[tuple[str, float, float]]:
    """Each run of text of a sheet's cards, in mm from the paper's top-left: every card is
    a form placed by a translation (``1 0 0 1 x y cm /CardN Do``); pypdf reports a form's
    texts in the form's own space, so each is moved by its card's translation."""
    height = float(sheet.mediabox.height)
    found: list[tuple[str, float, float]] = []
    offset = [0.0, 0.0]

    def before(operator: bytes, operands: list[Any], cm: list[float], _tm: list[float]) -> None:
        if operator == b"Do" and str(operands[0]).startswith("/Card"):
            offset[:] = [cm[4], cm[5]]

    def visit(text: str, cm: list[float], tm: list[float], *_: Any) -> None:
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4] + offset[0]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5] + offset[1]
        if text.strip():
            found.append((text.strip(), x / MM, (height - y) / MM))

    sheet.extract_text(visitor_text=visit, visitor_operand_before=before)
    return found


@needs_pdf
@pytest.mark.parametrize(("paper", "edge"), [("a4", "long"), ("a4", "short"), ("letter", "long"),
                                             ("letter", "short")])
def test_sheets_put_each_back_behind_its_front(sample_pdfs: Path, paper: str, edge: str) -> None:
    """9 poker cards or 4 location cards a sheet; the back of the first location card
    (201) is where its front's mirror image falls for the duplex edge."""
    reader, _ = pages_of(sample_pdfs / f"sheets-{paper}-{edge}-edge.pdf")
    sheet = PAPERS[paper]
    assert len(reader.pages) == 2 * 4 + 2 * 2  # 13 locations by 4, 16 poker cards by 9; each with backs
    for pdf_page in reader.pages:
        assert [float(v) / MM for v in pdf_page.mediabox] == pytest.approx([0, 0, sheet.width, sheet.height],
                                                                            abs=0.01)
    layout = grid(sheet, Size(89, 127))
    title = next((x, y) for text, x, y in _sheet_texts(reader.pages[0]) if text.endswith("Caer Morwen"))
    number = next((x, y) for text, x, y in _sheet_texts(reader.pages[1]) if text == "201")
    col, row = int((title[0] - layout.left) // 89), int((title[1] - layout.top) // 127)
    back_col, back_row = int((number[0] - layout.left) // 89), int((number[1] - layout.top) // 127)
    assert (col, row) == (0, 0)
    assert (back_col, back_row) == ((1, 0) if edge == "long" else (0, 1))
