"""The press-ready PDFs (tgc/render/pdf.py, book.py, profile.py): read back with pypdf
for their page and trim sizes, bleed, page count, verse order and where each verse
number prints (the books' named destinations), built end to end by `tgc build --pdf`
and `tgc render --pdf`. The HTML the books are set from has goldens (no extra needed)."""

from __future__ import annotations

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
from tgc.render.inline import plain_text
from tgc.render.places import Places
from tgc.render.profile import PAPERS, PrintProfile, Size, read_profile

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
    assert result.output.splitlines()[-1] == (f"wrote {root / 'build' / SAMPLE_DIR}/ PDFs: "
                                              "journal.pdf, secrets.pdf")
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
    (tmp_path / "pyproject.toml").write_text('[tool.tgc.print]\ntrim = "Letter"\nbleed = 0\nmarks = false\n',
                                             encoding="utf-8")
    shutil.copy(CAMPAIGNS / "every_construct.bundle.json", tmp_path / "x.bundle.json")
    runner = CliRunner()
    first = runner.invoke(cli, ["render", "x.bundle.json", "--pdf", "--no-html", "-o", "a"])
    assert first.exit_code == 0, first.output
    assert first.output == "wrote a/ PDFs: journal.pdf, secrets.pdf\n"
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["journal.pdf", "secrets.pdf"]
    reader, _ = pages_of(tmp_path / "a" / "journal.pdf")
    for pdf_page in reader.pages:
        assert [float(v) / MM for v in pdf_page.mediabox] == pytest.approx([0, 0, 215.9, 279.4], abs=0.01)
        assert [float(v) for v in pdf_page.trimbox] == [float(v) for v in pdf_page.mediabox]
    assert runner.invoke(cli, ["render", "x.bundle.json", "--pdf", "--no-html", "-o", "b"]).exit_code == 0
    for name in ("journal.pdf", "secrets.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


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
    assert "tgc: error: PDF output needs WeasyPrint: pip install 'tgc[pdf]'" in result.output
    assert not (tmp_path / "build").exists()
