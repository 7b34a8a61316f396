"""tgc's own words in the edition's language (tgc/lexicon, docs/localization.md): the
template is current with the code, every catalogue of tgc's translates every phrase and
keeps its fields and terms, plural forms follow the language, a campaign's glossary
overrides tgc's words, and the Portuguese sample builds and plays with them."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner, Result

import tgc
from tgc.cli.main import cli
from tgc.lexicon import FIELD, TERM, TERMS, languages, lexicon, speaking, term, tr, trn
from tgc.lexicon.extract import template

PACKAGE = Path(tgc.__file__).parent
FOLDER = PACKAGE / "lexicon"
SAMPLE = Path(__file__).parents[1] / "journal_src"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_the_template_holds_every_phrase_of_the_code(golden) -> None:
    golden(FOLDER / "tgc.pot", template(PACKAGE))


def _forms(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


@pytest.mark.parametrize("code", languages())
def test_a_catalogue_of_tgc_translates_every_phrase_keeping_its_fields_and_terms(code: str) -> None:
    pot = read_po(io.BytesIO((FOLDER / "tgc.pot").read_bytes()))
    po = read_po(io.BytesIO((FOLDER / f"{code}.po").read_bytes()))
    wanted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in pot if m.id}
    have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in po if m.id}
    assert set(have) == wanted, "run the extraction and translate the new phrases"
    for message in have.values():
        assert not message.fuzzy, message.id
        sources, translations = _forms(message.id), _forms(message.string)
        assert all(translations), message.id
        assert len(translations) == (po.num_plurals if message.pluralizable else 1), message.id
        fields = set(FIELD.findall(sources[-1]))
        for text in translations:
            assert set(FIELD.findall(text)) <= fields, (message.id, text)
            assert set(FIELD.findall(text)) >= fields - {"n"}, (message.id, text)
            assert set(TERM.findall(text)) <= set(TERMS), (message.id, text)


def test_english_is_the_templates_and_counts_in_the_singular_for_one() -> None:
    assert tr("go to {place}", place="verse 4") == "go to verse 4"
    assert tr("[[Secret Verse]] {number}", number=12) == "Secret Verse 12"
    assert trn("{n} verse", "{n} verses", 1) == "1 verse"
    assert trn("{n} verse", "{n} verses", 3) == "3 verses"


def test_portuguese_has_its_own_plural_rule_and_words() -> None:
    with speaking(lexicon("pt_BR")):
        assert trn("{n} verse", "{n} verses", 0) == "0 verso"  # Portuguese counts 0 as one
        assert trn("{n} verse", "{n} verses", 2) == "2 versos"
        assert tr("[[Secret Verse]] {number}", number=12) == "Verso Secreto 12"
        assert term("Party") == "Grupo"


def test_a_glossary_word_wins_over_tgcs_and_a_broken_field_cannot_fail() -> None:
    with speaking(lexicon("pt_BR", {"Secret Verse": "Verso Oculto"})):
        assert tr("read {place}", place=tr("[[Secret Verse]] {number}", number=3)) == "leia o Verso Oculto 3"
        assert tr("go to {place}") == "vá para o {place}"
    with speaking(lexicon("de", {"Party": "Gruppe"})):  # no catalogue of tgc's: source words, glossary on top
        assert tr("{character} is in the [[Party]]", character="Beor") == "Beor is in the Gruppe"


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(SAMPLE, tmp_path / "journal_src")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "journal_src"


def test_the_portuguese_edition_prints_tgcs_words_in_portuguese(sample: Path) -> None:
    built = run("build", "journal_src", "--lang", "pt_BR", "-o", "out")
    assert built.exit_code == 0, built.output
    edition = Path("out") / "the-lantern-stones-of-caer-morwen.pt_BR"
    journal = (edition / "journal.html").read_text(encoding="utf-8")
    assert 'lang="pt-BR"' in journal and "Diário de Exploração" in journal
    assert re.search(r"Vá para o <a class=\"ref\" href=\"#v-\d+-\d+\">verso \d+</a>", journal)
    assert "A exploração termina." in journal and "go to" not in journal.replace("Go to", "")
    sheet = (edition / "save-sheet.html").read_text(encoding="utf-8")
    assert "Folha de Registro" in sheet and "Jogador 1" in sheet
    source = (Path("out") / "the-lantern-stones-of-caer-morwen" / "journal.html").read_text(encoding="utf-8")
    assert "Go to <a" in source and "Vá para" not in source  # the source edition keeps English


def test_the_glossary_in_the_campaigns_catalogue_sets_the_editions_word(sample: Path) -> None:
    po = sample / "l10n" / "pt_BR.po"
    text = po.read_text(encoding="utf-8")
    entry = 'msgctxt "term.Secret Verse#name"\nmsgid "Secret Verse"\nmsgstr ""'
    assert entry in text
    po.write_text(text.replace(entry, entry[:-2] + '"Verso Oculto"'), encoding="utf-8")
    assert run("build", "journal_src", "--lang", "pt_BR", "-o", "out", "--no-html").exit_code == 0
    assert run("render", "out/the-lantern-stones-of-caer-morwen.pt_BR.bundle.json").exit_code == 0
    journal = Path("out/the-lantern-stones-of-caer-morwen.pt_BR/journal.html").read_text(encoding="utf-8")
    assert "Verso Oculto" in journal and "Verso Secreto" not in journal


def test_play_speaks_the_editions_language(sample: Path) -> None:
    script = sample.parent / "inputs.txt"
    script.write_text("2\n", encoding="utf-8")  # the forge (choices are read by number in any edition)
    played = run("play", "journal_src", "--lang", "pt_BR", "--party", "Beor", "--script", str(script))
    assert played.exit_code == 0, played.output
    assert "A exploração termina." in played.output
    assert "ganhe o item" in played.output
    english = run("play", "journal_src", "--party", "Beor", "--script", str(script))
    assert "Exploration ends." in english.output and "A exploração" not in english.output
    wrong = run("play", "journal_src", "--lang", "xx_YY", "--script", str(script))
    assert wrong.exit_code == 2 and "unknown language" in wrong.output
