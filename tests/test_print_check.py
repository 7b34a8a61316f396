"""`tgc check --print` and the checks `tgc build --pdf` runs as it prints (docs/printing.md):
card text outside the safe area or past the trim (read from WeasyPrint's layout), a verse
on the same spread as a choice that leads to it, a book that does not fill its
signatures; each a warning at the source of what it is about."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.test_render_pdf import needs_pdf
from tgc.cli.main import cli
from tgc.render.printcheck import Finding, card_findings, spread

CAMPAIGN = '''@campaign "Print Check"
  ruleset: tainted-grail
  start: 101

@location 101 "Farmhold"
  explore -> 101.1
  text: "{card}"

== 101.1
The rain has not stopped for three days.
* Wait it out -> 2
* Walk to the mill -> 3

== 101.2
You wait.
-> end

== 101.3
You walk.
-> end
'''


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def campaign(tmp_path: Path, card: str = "A farm.", profile: str = "") -> Path:
    root = tmp_path / "campaign"
    root.mkdir()
    (root / "campaign.tgj").write_text(CAMPAIGN.replace("{card}", card), encoding="utf-8")
    (root / "tgc.toml").write_text(profile, encoding="utf-8")
    return root


def test_facing_pages_make_a_spread_and_the_first_page_stands_alone() -> None:
    assert [spread(page) for page in (1, 2, 3, 4, 5)] == [0, 1, 1, 2, 2]


@needs_pdf
def test_a_card_reads_its_text_positions_from_the_layout() -> None:
    from weasyprint import HTML

    face = ('<section id="front-{id}" style="width:50mm;height:30mm;padding:3mm;box-sizing:border-box;'
            'font-size:8pt"><p style="margin:0;{style}">Harvest</p></section>')
    inside = HTML(string=face.format(id="a", style="")).render()
    edge = HTML(string=face.format(id="b", style="margin-left:-1.5mm")).render()
    past = HTML(string=face.format(id="c", style="margin-top:26mm")).render()
    assert card_findings(inside) == []
    assert card_findings(edge) == [Finding("safe-area", "b", "Harvest", amount=1.5)]
    (over,) = card_findings(past)
    assert over.kind == "overflow" and over.subject == "c" and over.amount > 0.5


@needs_pdf
def test_check_print_reports_spoilers_signatures_and_overflowing_cards(tmp_path: Path) -> None:
    root = campaign(tmp_path, " ".join(["The rain beats on the thatch of the long barn."] * 120),
                    "[print]\nsignature = 128\n")
    result = run("check", str(root), "--print", "--format", "concise")
    assert result.exit_code == 0, result.output  # warnings only
    lines = result.output.splitlines()
    spoilers = [line for line in lines if "TGC912" in line]
    assert len(spoilers) == 2 and all(line.startswith(f"{root}/campaign.tgj:9:1:") for line in spoilers)
    assert "101.2 prints on the same spread as 101.1 (page 2)" in spoilers[0]
    (card,) = [line for line in lines if "TGC911" in line]
    assert card.startswith(f"{root}/campaign.tgj:5:1:") and "the location 101 card's text runs" in card
    signature = [line for line in lines if "TGC913" in line]
    assert len(signature) == 2 and all(line.startswith(f"{root}/tgc.toml:2:13:") for line in signature)
    plain = run("check", str(root), "--format", "concise")
    assert "TGC91" not in plain.output  # only with --print


@needs_pdf
def test_build_pdf_checks_as_it_prints_and_a_clean_card_says_nothing(tmp_path: Path) -> None:
    root = campaign(tmp_path)
    result = run("build", str(root), "-o", str(tmp_path / "out"), "--pdf", "--no-html")
    assert result.exit_code == 0, result.output
    assert "TGC912" in result.output and "TGC911" not in result.output and "TGC910" not in result.output
    assert "TGC913" not in result.output  # no signature configured


@needs_pdf
def test_a_bad_signature_is_a_profile_mistake(tmp_path: Path) -> None:
    root = campaign(tmp_path, profile='[print]\nsignature = "sixteen"\n')
    result = run("check", str(root), "--print", "--format", "concise")
    assert result.exit_code == 1 and "TGC902" in result.output and "is not a signature" in result.output


@needs_pdf
@pytest.mark.parametrize(("variant", "version"), [("pdf/x-1a", "PDF/X-1a:2003"), ("pdf/x-3", "PDF/X-3:2003"),
                                                   ("pdf/x-4", "PDF/X-4")])
def test_the_pdf_x_variant_is_declared_in_every_book_and_card_pdf(tmp_path: Path, variant: str,
                                                                  version: str) -> None:
    """What the printer's preflight reads first: the PDF/X version (the document info for
    X-1a and X-3, the XMP metadata for X-4), and a TrimBox and a BleedBox on every page.
    In RGB (the default) the documents name no press, so they carry no OutputIntent."""
    import pypdf

    root = campaign(tmp_path, profile=f'[print]\nvariant = "{variant}"\n')
    out = tmp_path / "out"
    assert run("build", str(root), "-o", str(out), "--pdf", "--no-html").exit_code == 0
    folder = out / "print-check"
    names = ["journal.pdf", "secrets.pdf", "cards-89x127.pdf"]
    for name in names:
        reader = pypdf.PdfReader(folder / name)
        info = reader.trailer["/Info"].get_object()
        metadata = reader.trailer["/Root"].get_object().get("/Metadata")
        xmp = metadata.get_object().get_data().decode("utf-8") if metadata is not None else ""
        assert info.get("/GTS_PDFXVersion") == version or f"GTS_PDFXVersion>{version}<" in xmp, name
        assert all("/TrimBox" in page and "/BleedBox" in page for page in reader.pages), name
        assert "/OutputIntents" not in reader.trailer["/Root"].get_object()


ICC = Path(__file__).parent / "cases" / "print" / "fogra39-test.icc"


def colour_operators(path: Path) -> tuple[set[str], int]:
    """Every colour operator (and every colour space a ``cs``/``CS`` sets) that the
    pages and the forms they draw use, and the number of images."""
    import pypdf
    from pypdf.generic import ContentStream

    reader = pypdf.PdfReader(path)
    ops: set[str] = set()
    images, seen = 0, set()

    def walk(content: object, resources: object) -> None:
        nonlocal images
        for operands, op in ContentStream(content, reader).operations:
            if op in (b"cs", b"CS"):
                ops.add(f"{op.decode()} {operands[0]}")
            elif op in (b"rg", b"RG", b"g", b"G", b"k", b"K", b"sc", b"scn", b"SC", b"SCN"):
                ops.add(op.decode())
        for ref in (resources or {}).get("/XObject", {}).values():  # type: ignore[attr-defined]
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            form = ref.get_object()
            if form["/Subtype"] == "/Form":
                walk(form, form.get("/Resources", resources))
            else:
                images += 1

    for page in reader.pages:
        walk(page.get_contents(), page.get("/Resources"))
    return ops, images


@needs_pdf
def test_a_cmyk_profile_prints_every_colour_in_cmyk_for_the_printers_press(tmp_path: Path) -> None:
    """`colour = "cmyk"` with the printer's ICC profile: every colour of the books, the
    cards and the print-and-play sheets (text, rules, backgrounds, icons, crop and cut
    marks) is DeviceCMYK, the text's ink on the black plate alone, and each PDF carries
    the profile as its PDF/X OutputIntent; the save sheet, printed at home, stays RGB."""
    import pypdf

    root = campaign(tmp_path, card="A farm. :food: Gain 1 food.",
                    profile='[print]\nvariant = "pdf/x-1a"\ncolour = "cmyk"\nicc = "press/fogra39.icc"\n')
    (root / "press").mkdir()
    shutil.copy(ICC, root / "press" / "fogra39.icc")
    out = tmp_path / "out"
    result = run("build", str(root), "-o", str(out), "--pdf", "--no-html")
    assert result.exit_code == 0, result.output
    folder = out / "print-check"
    for name in ("journal.pdf", "secrets.pdf", "cards-89x127.pdf", "sheets-a4-long-edge.pdf"):
        ops, images = colour_operators(folder / name)
        assert ops and ops <= {"k", "K", "cs /DeviceCMYK", "CS /DeviceCMYK", "scn", "SCN"}, (name, ops)
        assert images == 0, name
        catalog = pypdf.PdfReader(folder / name).trailer["/Root"].get_object()
        (intent,) = catalog["/OutputIntents"]
        intent = intent.get_object()
        assert intent["/S"] == "/GTS_PDFX", name
        assert intent["/OutputConditionIdentifier"] == "FOGRA39 (tgc test profile, from FOGRA39L.ti3)"
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 4 and profile.get_data() == ICC.read_bytes(), name
    journal = pypdf.PdfReader(folder / "journal.pdf")
    assert b"\n0 0 0 1 k\n" in journal.pages[1].get_contents().get_data()  # the ink: black alone
    ops, _ = colour_operators(folder / "save-sheet.pdf")
    assert "rg" in ops and "k" not in ops
    assert "/OutputIntents" not in pypdf.PdfReader(folder / "save-sheet.pdf").trailer["/Root"].get_object()
