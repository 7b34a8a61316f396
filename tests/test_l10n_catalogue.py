"""Every TGC6xx catalogue example (a PO file) produces its code when it is the catalogue
``l10n/pt_BR.po`` of the family's example campaign, through the whole translation check;
an example that is a sheet (its first cell is ``id`` or ``text``) produces its code when
`tgc l10n import` reads it: the examples in `tgc explain` and docs/diagnostics.md
cannot drift from the checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.diagnostics.codes import CATALOGUE, Rule
from tgc.diagnostics.rules.l10n import example_campaign
from tgc.l10n.project import check_languages, import_sheet
from tgc.pipeline import Job, run

EXAMPLES = [
    pytest.param(rule, number, id=f"{rule.code}-{number}")
    for rule in CATALOGUE.values() if rule.code.startswith("TGC6")
    for number in range(1, len(rule.examples) + 1)
]


def codes_for(tmp_path: Path, po: str) -> list[str]:
    root = tmp_path / "campaign"
    (root / "l10n").mkdir(parents=True)
    (root / "example.tgj").write_text(example_campaign(), encoding="utf-8")
    (root / "tgc.toml").write_text("", encoding="utf-8")
    compiled = run(Job(root, "bundle"))
    assert compiled.bundle is not None, compiled.diagnostics
    if po.startswith(("id,", "text,")):
        sheet = root / "pt_BR.csv"
        sheet.write_text(po, encoding="utf-8")
        imported = import_sheet(root, compiled.campaign, compiled.bundle, sheet, "pt_BR")
        return [d.code for d in imported.diagnostics]
    (root / "l10n" / "pt_BR.po").write_text(po, encoding="utf-8")
    checked = check_languages(root, compiled.campaign, compiled.bundle, ["pt_BR"])
    return [d.code for d in checked.diagnostics]


@pytest.mark.parametrize(("rule", "number"), EXAMPLES)
def test_example_triggers_its_code(tmp_path: Path, rule: Rule, number: int) -> None:
    codes = codes_for(tmp_path, rule.examples[number - 1])
    assert rule.code in codes, f"example {number} of {rule.code} gives {codes or 'nothing'}"


def test_the_example_campaign_is_clean(tmp_path: Path) -> None:
    root = tmp_path / "clean"
    root.mkdir()
    (root / "example.tgj").write_text(example_campaign(), encoding="utf-8")
    (root / "tgc.toml").write_text("", encoding="utf-8")
    assert run(Job(root, "bundle")).diagnostics == []


def test_a_complete_correct_translation_gives_nothing(tmp_path: Path) -> None:
    po = "".join(f'msgctxt "{key}"\nmsgid "{source}"\nmsgstr "{text}"\n\n' for key, source, text in (
        ("campaign#title", "Example", "Exemplo"),
        ("section.bos#title", "Book of Secrets", "Livro dos Segredos"),
        ("location.101#title", "Farmhold", "Fazenda"),
        ("101.1#p1", "The rain has not stopped for three days, and the _well_ is full. :food:",
         "Não para de chover há três dias, e o _poço_ está cheio. :food:"),
        ("101.1#c1", "Wait it out", "Esperar"),
        ("101.1#c2", "Walk to the mill", "Ir ao moinho"),
        ("ask#q1", "Is the well full?", "O poço está cheio?"),
        ("ask#q2", "Is the mill far?", "O moinho está longe?"),
    ))
    words = _glossary(tmp_path)
    po += "".join(f'msgctxt "term.{word}#name"\nmsgid "{word}"\nmsgstr ""\n\n' for word in words)
    assert codes_for(tmp_path, po) == []


def _glossary(tmp_path: Path) -> list[str]:
    """The glossary words of the example campaign (left empty: tgc's own words)."""
    from tgc.l10n.walk import glossary_words

    root = tmp_path / "words"
    root.mkdir()
    (root / "example.tgj").write_text(example_campaign(), encoding="utf-8")
    (root / "tgc.toml").write_text("", encoding="utf-8")
    bundle = run(Job(root, "bundle")).bundle
    assert bundle is not None
    return glossary_words(bundle)
