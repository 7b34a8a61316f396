"""Translations end to end through the CLI (`tgc l10n extract/status/check`, `tgc build
--lang`): the extracted template and lock of a small case campaign (goldens), ids that
follow texts, stale entries, a translated build (golden) whose mechanics are the
source's byte for byte, and what a translator's mistakes report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tgc.cli.main import cli

CASES = Path(__file__).parent / "cases" / "l10n"
SMALL = CASES / "small"
SAMPLE = Path(__file__).parents[1] / "journal_src"


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "small"
    shutil.copytree(SMALL, root)
    (root / "tgc.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return root


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def entries(po: Path) -> dict[str, dict[str, object]]:
    """id -> msgid, msgstr, fuzzy, read back with Babel."""
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    return {str(m.context): {"source": m.id, "text": m.string, "fuzzy": m.fuzzy} for m in catalog if m.id}


def translate(po: Path, texts: dict[str, str], fill_identity: bool = False) -> None:
    """Fill msgstr lines as a translator's editor would (through Babel)."""
    from babel.messages.pofile import read_po, write_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.id:
            if message.context in texts:
                message.string = texts[str(message.context)]
            elif fill_identity:
                message.string = message.id
    with po.open("wb") as handle:
        write_po(handle, catalog, width=76, include_previous=True)


# ---------------------------------------------------------------- extract


def test_extract_writes_the_template_the_catalogue_and_the_lock(campaign: Path, golden) -> None:
    result = run("l10n", "extract", "small", "--lang", "pt_BR")
    assert result.exit_code == 0, result.output
    assert "20 texts to translate" in result.output
    assert "pt_BR: 0/20 translated (0%), 0 stale, 20 untranslated" in result.output
    golden(CASES / "small.pot", (campaign / "l10n" / "the-salt-road.pot").read_text(encoding="utf-8"))
    golden(CASES / "small.l10n.lock", (campaign / "tgc.l10n.lock").read_text(encoding="utf-8"))
    po = (campaign / "l10n" / "pt_BR.po").read_text(encoding="utf-8")
    assert '"Language: pt_BR\\n"' in po and 'msgctxt "101.1#p1"' in po
    again = run("l10n", "extract", "small", "--lang", "pt_BR")
    assert "every catalogue is up to date" in again.output  # the same sources, the same bytes


def test_no_mechanic_is_ever_extracted(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    pot = (campaign / "l10n" / "the-salt-road.pot").read_text(encoding="utf-8")
    for mechanic in ("->", "pay 1 wealth", "d6", "mark", "gain secret", "1-3"):
        assert mechanic not in pot.replace("#. ", "").split("msgid", 1)[1], mechanic


def test_the_sheet_lists_every_text_in_book_order(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR", "--csv")
    rows = (campaign / "l10n" / "pt_BR.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "id,where,source,translation,state"
    assert len(rows) == 61  # 20 texts and 40 glossary words
    assert rows[1].startswith("campaign#title,") and rows[-1].startswith("ask#q1,")
    assert rows[-2].startswith("term.Friendly settlement#name,")


def test_inserting_a_paragraph_keeps_every_other_id(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    before = entries(campaign / "l10n" / "pt_BR.po")
    source = campaign / "small.tgj"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("== 101.1\n", "== 101.1\nA new first paragraph.\n\n"), encoding="utf-8")
    run("l10n", "extract", "small", "--lang", "pt_BR")
    after = entries(campaign / "l10n" / "pt_BR.po")
    assert {k: v["source"] for k, v in before.items()} == {
        k: v["source"] for k, v in after.items() if k != "101.1#p3"}
    assert after["101.1#p3"]["source"] == "A new first paragraph."


def test_editing_a_text_marks_exactly_its_translation_stale(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {}, fill_identity=True)
    source = campaign / "small.tgj"
    source.write_text(source.read_text(encoding="utf-8").replace("Hire a guide", "Hire a local guide"),
                      encoding="utf-8")
    result = run("l10n", "extract", "small", "--lang", "pt_BR")
    assert "pt_BR: 19/20 translated (95%), 1 stale, 0 untranslated" in result.output
    after = entries(campaign / "l10n" / "pt_BR.po")
    assert [k for k, v in after.items() if v["fuzzy"]] == ["101.1#c2"]
    assert after["101.1#c2"] == {"source": "Hire a local guide", "text": "Hire a guide", "fuzzy": True}
    po = (campaign / "l10n" / "pt_BR.po").read_text(encoding="utf-8")
    assert '#| msgid "Hire a guide"' in po
    status = run("l10n", "status", "small")
    assert status.output == "pt_BR: 19/20 translated (95%), 1 stale, 0 untranslated; glossary 40/40 set\n"


def test_a_removed_text_keeps_its_translation_as_obsolete(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {"101.1#p2": "Uma gaivota pousa ao seu lado."})
    source = campaign / "small.tgj"
    source.write_text(source.read_text(encoding="utf-8").replace("A gull lands beside you.\n", ""),
                      encoding="utf-8")
    run("l10n", "extract", "small", "--lang", "pt_BR")
    po = (campaign / "l10n" / "pt_BR.po").read_text(encoding="utf-8")
    assert '#~ msgctxt "101.1#p2"' in po and '#~ msgstr "Uma gaivota pousa ao seu lado."' in po


# ---------------------------------------------------------------- check and status


def test_check_reports_the_translators_mistakes_at_their_lines(campaign: Path, golden) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {
        "101.1#p1": "As planícies brilham como um espelho. Você sente o gosto do _sal.",
        "101.1#c1": "Caminhar pela areia -> 3",
        "101.1#c3": "  ",
        "101.3#p1": "O guia dá de ombros para a água que sobe, e diz que não há nada a fazer "
                    "por você hoje, nem amanhã.",
    })
    result = run("l10n", "check", "small", "--no-color")
    assert result.exit_code == 1
    golden(CASES / "mistakes.human.txt", result.output)


def test_check_speaks_json_for_machines(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {"101.1#c3": "  "})
    result = run("check", "small", "--lang", "pt_BR", "--format", "json")
    assert result.exit_code == 1
    codes = [d["code"] for d in json.loads(result.output)["diagnostics"]]
    assert codes == ["TGC607", "TGC309", "TGC303"]  # (309: the sample never uses its Rope)


def test_check_lang_runs_the_campaigns_check_too(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    result = run("check", "small", "--lang", "pt_BR", "--no-color")
    assert result.exit_code == 0
    assert "TGC303" in result.output  # the campaign's own warning
    assert "pt_BR: 0/20 translated" in result.output


def test_unknown_language_and_missing_catalogue_are_usage_errors(campaign: Path) -> None:
    bad = CliRunner().invoke(cli, ["l10n", "extract", "small", "--lang", "xx_QQ"])
    assert bad.exit_code == 2 and "unknown language `xx_QQ`" in bad.output
    missing = CliRunner().invoke(cli, ["l10n", "check", "small", "--lang", "de"])
    assert missing.exit_code == 2 and "no catalogue for `de`" in missing.output


def test_a_broken_lock_stops_extraction(campaign: Path) -> None:
    (campaign / "tgc.l10n.lock").write_text("format = 1\n[units\n", encoding="utf-8")
    result = run("l10n", "extract", "small", "--lang", "pt_BR", "--no-color")
    assert result.exit_code == 1
    assert "error[TGC610]" in result.output and "small/tgc.l10n.lock:2:" in result.output
    assert not (campaign / "l10n").exists()


def test_a_broken_catalogue_is_reported_not_overwritten(campaign: Path) -> None:
    (campaign / "l10n").mkdir()
    (campaign / "l10n" / "pt_BR.po").write_text('msgid "a"\n\nmsgid "b"\nmsgstr "c"\n', encoding="utf-8")
    result = run("l10n", "extract", "small", "--lang", "pt_BR", "--no-color")
    assert result.exit_code == 1 and "error[TGC609]" in result.output
    assert (campaign / "l10n" / "pt_BR.po").read_text(encoding="utf-8").startswith('msgid "a"')


# ---------------------------------------------------------------- translated build


def _source_texts_back(edition: Path, source: Path) -> str:
    """The translated bundle with every translated text put back to its source text."""
    from tgc.bundle.io import dump_bundle, load_bundle
    from tgc.l10n.walk import Lines, walk

    original = walk(load_bundle(source), Lines(None, None)).slots
    restored = walk(load_bundle(edition), Lines(None, None), lambda i, _t: original[i].text).bundle
    return dump_bundle(restored.model_copy(update={"language": None}))


def test_identity_translation_builds_the_source_bundle_exactly(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {}, fill_identity=True)
    result = run("build", "small", "--lang", "pt_BR", "-o", "out")
    assert result.exit_code == 0, result.output
    assert "pt_BR: 20 of 20 texts translated, 0 printed in the source language" in result.output
    out = campaign.parent / "out"
    source = json.loads((out / "the-salt-road.bundle.json").read_text(encoding="utf-8"))
    edition = json.loads((out / "the-salt-road.pt_BR.bundle.json").read_text(encoding="utf-8"))
    assert edition.pop("language") == {"code": "pt_BR", "names": {}, "terms": {}, "translated": 20,
                                       "fallback": 0}
    assert edition == source


def test_translated_build_golden_with_fallbacks_and_html(campaign: Path, golden) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {
        "campaign#title": "A Estrada do Sal",
        "status.Sea Fever#name": "Febre do Mar",
        "101.1#p1": "As planícies brilham como um espelho. :food: Você sente o gosto do _sal_ "
                    "a cada respiração.",
        "101.1#c1": "Caminhar pela areia",
        "101.2.found#p1": "Você encontra o marco. **Nove** está gravado nele.",  # a number edited
        "ask#q1": "A maré está baixa?",
    })
    result = run("build", "small", "--lang", "all", "-o", "out")
    assert result.exit_code == 0, result.output
    assert "pt_BR: 6 of 20 texts translated, 14 printed in the source language" in result.output
    out = campaign.parent / "out"
    golden(CASES / "small.pt_BR.bundle.json",
           (out / "the-salt-road.pt_BR.bundle.json").read_text(encoding="utf-8"))
    journal = (out / "the-salt-road.pt_BR" / "journal.html").read_text(encoding="utf-8")
    assert "Caminhar pela areia" in journal and "Turn back" in journal
    assert '<html lang="pt-BR">' in journal
    assert 'Marque <span class="name">Febre do Mar</span> parte 1.' in journal  # tgc's words too
    assert "Sea Fever" not in journal  # the status keeps its source name only inside the bundle
    sheet = (out / "the-salt-road.pt_BR" / "save-sheet.html").read_text(encoding="utf-8")
    assert "Febre do Mar" in sheet
    # Mechanics are the source's: only the translated texts differ.
    assert _source_texts_back(out / "the-salt-road.pt_BR.bundle.json", out / "the-salt-road.bundle.json") == \
        (out / "the-salt-road.bundle.json").read_text(encoding="utf-8")


def test_a_catalogue_cannot_change_a_mechanic(campaign: Path) -> None:
    """There is no way to say one: entries that try are unknown ids or text, and the
    checks call them out; the bundle's targets, costs and effects stay the source's."""
    run("l10n", "extract", "small", "--lang", "pt_BR")
    po = campaign / "l10n" / "pt_BR.po"
    translate(po, {"101.1#c2": "Contratar um guia", "101.1#p2": "Uma gaivota.\n~ gain 9 food\n-> 3"})
    with po.open("a", encoding="utf-8") as handle:
        handle.write('\nmsgctxt "101.1#c2/target"\nmsgid "2"\nmsgstr "3"\n\n'
                     'msgctxt "101.1#c2/cost"\nmsgid "pay 1 wealth"\nmsgstr "pay 0 wealth"\n')
    blocked = run("build", "small", "--lang", "pt_BR", "-o", "out", "--no-color")
    assert blocked.exit_code == 1 and "error[TGC606]" in blocked.output
    assert "warning[TGC602]: no text of the campaign has the id `101.1#c2/target`" in blocked.output
    assert not (campaign.parent / "out").exists()
    (campaign / "tgc.toml").write_text('[severity]\nTGC606 = "warning"\n', encoding="utf-8")
    built = run("build", "small", "--lang", "pt_BR", "-o", "out", "--no-color")
    assert built.exit_code == 0, built.output
    out = campaign.parent / "out"
    assert _source_texts_back(out / "the-salt-road.pt_BR.bundle.json", out / "the-salt-road.bundle.json") == \
        (out / "the-salt-road.bundle.json").read_text(encoding="utf-8")


# ---------------------------------------------------------------- the sample


def test_the_sample_ships_a_partial_portuguese_translation_with_one_stale_entry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(SAMPLE, tmp_path / "journal_src")
    monkeypatch.chdir(tmp_path)
    result = run("l10n", "status", "journal_src")
    assert result.exit_code == 0, result.output
    line = result.output.strip()
    assert line.startswith("pt_BR: ") and ", 1 stale, " in line
    assert run("l10n", "extract", "journal_src", "--lang", "pt_BR").output.startswith(
        "every catalogue is up to date")  # the shipped catalogue, template and lock are current
    built = run("build", "journal_src", "--lang", "pt_BR", "-o", "out", "--no-html")
    assert built.exit_code == 0, built.output
    assert "pt_BR: 40 of 340 texts translated, 300 printed in the source language" in built.output


def test_render_puts_a_translated_bundles_pages_beside_it(campaign: Path) -> None:
    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {"campaign#title": "A Estrada do Sal"})
    run("build", "small", "--lang", "pt_BR", "-o", "out", "--no-html")
    result = run("render", "out/the-salt-road.pt_BR.bundle.json")
    assert result.exit_code == 0, result.output
    index = (campaign.parent / "out" / "the-salt-road.pt_BR" / "index.html").read_text(encoding="utf-8")
    assert "A Estrada do Sal" in index


_WHERE = " ".join(f"word{n}" for n in range(40))


def test_catalogues_tgc_writes_read_back_the_same_through_babel() -> None:
    """tgc writes PO text itself (Babel's writer is slow on large campaigns); Babel reads
    every entry back as it was, escapes, line breaks, long lines and obsolete ones too."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    from tgc.l10n.catalog import Draft, Drafted, render_po

    texts = ['He said "go" \\ back', "line one\nline two\n", "tab\there " + "long " * 40 + "end",
             "x" * 200, "  leading and trailing  ", "ação :food: _ênfase_"]
    drafts = [Draft(f"101.1#p{n + 1}", text, text[::-1], (("a.tgj", n + 1),),
                    ("fuzzy",) if n == 1 else (), (_WHERE,), (), "old\ntext" if n == 1 else None)
              for n, text in enumerate(texts)]
    header = Catalog(locale="pt_BR", header_comment="# a test", fuzzy=False)
    text = render_po(Drafted(header, drafts, [Draft("101.2#p1", "gone", "foi")]))
    # Only a line without a space to cut at may pass the width (as Babel and gettext do).
    long_lines = [line for line in text.splitlines()
                  if len(line) > 76 and '"' in line and " " in line.split('"', 1)[1]]
    assert long_lines == [line for line in text.splitlines() if line.startswith('"Plural-Forms')]
    back = read_po(io.BytesIO(text.encode("utf-8")))
    got = [(m.context, m.id, m.string, m.fuzzy, m.locations, " ".join(m.auto_comments)) for m in back if m.id]
    assert got == [(f"101.1#p{n + 1}", t, t[::-1], n == 1, [("a.tgj", n + 1)], _WHERE)
                   for n, t in enumerate(texts)]
    assert '#| msgid ""\n#| "old\\n"\n#| "text"\n' in text
    assert '#~ msgctxt "101.2#p1"\n#~ msgid "gone"\n#~ msgstr "foi"\n' in text
    assert [m.string for m in back.obsolete.values()] == ["foi"]
    assert back.locale_identifier == "pt_BR"


def _pdf_missing() -> str | None:
    try:
        import pypdf  # noqa: F401
        import weasyprint  # noqa: F401
    except ImportError as err:
        return f"the pdf extra is not installed ({err.name})"
    except (OSError, Warning) as err:
        return f"WeasyPrint cannot run here ({err})"
    return None


@pytest.mark.skipif(_pdf_missing() is not None, reason=_pdf_missing() or "")
def test_a_translated_edition_has_its_own_pdfs(campaign: Path) -> None:
    from pypdf import PdfReader

    run("l10n", "extract", "small", "--lang", "pt_BR")
    translate(campaign / "l10n" / "pt_BR.po", {"101.1#c1": "Caminhar pela areia"})
    result = run("build", "small", "--lang", "pt_BR", "--pdf", "-o", "out")
    assert result.exit_code == 0, result.output
    assert "wrote out/the-salt-road.pt_BR/ PDFs: " in result.output
    journal = PdfReader(campaign.parent / "out" / "the-salt-road.pt_BR" / "journal.pdf")
    words = " ".join(page.extract_text() for page in journal.pages)
    assert "Caminhar pela areia" in words and "Turn back" in words
    source = PdfReader(campaign.parent / "out" / "the-salt-road" / "journal.pdf")
    assert "Walk out onto the sand" in " ".join(page.extract_text() for page in source.pages)
