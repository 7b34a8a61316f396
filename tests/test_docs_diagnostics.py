"""docs/diagnostics.md is generated from the catalogue; this fails when it is stale."""

from __future__ import annotations

import pytest

from tgc.diagnostics import docs
from tgc.diagnostics.codes import CATALOGUE


def test_docs_diagnostics_is_up_to_date(request: pytest.FixtureRequest) -> None:
    expected = docs.render_markdown()
    if request.config.getoption("--update-goldens"):
        docs.write_atomic(docs.DOCS_PATH, expected)
        return
    actual = docs.DOCS_PATH.read_text(encoding="utf-8") if docs.DOCS_PATH.exists() else None
    if actual != expected:
        pytest.fail(
            f"{docs.DOCS_PATH} is out of date with the catalogue in tgc/diagnostics/codes.py.\n"
            f"Regenerate it with `{docs.REGENERATE}` (or `pytest --update-goldens`) "
            "and commit the result.",
            pytrace=False,
        )


def test_every_code_has_a_row_an_anchor_and_a_section() -> None:
    page = docs.render_markdown()
    for rule in CATALOGUE.values():
        anchor = rule.code.lower()
        assert f"| [{rule.code}](#{anchor}) | `{rule.name}` | {rule.severity.value} |" in page
        assert f'<a id="{anchor}"></a>\n\n### {rule.code} `{rule.name}`\n' in page
        assert rule.explanation in page
        for example in rule.examples:
            language = "po" if rule.code.startswith("TGC6") else "tgj"
            assert f"```{language}\n{example.rstrip()}\n```" in page


def test_sections_are_grouped_by_family_in_code_order() -> None:
    page = docs.render_markdown()
    assert page.index("## Files and syntax (TGC0xx)") < page.index("### TGC001")
    assert page.index("### TGC010") < page.index("## Names and declarations (TGC1xx)")
    assert page.index("## The tool itself (TGC9xx)") < page.index("### TGC901")
    assert "- **Default severity:** error (cannot be changed)" in page


def test_code_spans_survive_backticks_in_messages() -> None:
    assert docs._code_span("no verse `{ref}`") == "`` no verse `{ref}` ``"
    assert docs._code_span("plain") == "`plain`"
    assert docs._fenced("a\n```\nb\n").startswith("````tgj\n")
