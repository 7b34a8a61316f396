"""The examples of docs/language.md parse: every code block that is journal text (it
starts with a header, a choice, a logic line or a divert, and elides nothing with
`...`) gives no syntax diagnostic that its own suppressions leave, and the complete
campaign of "A campaign" checks clean."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tgc.diagnostics.suppress import apply_suppressions
from tgc.pipeline import check
from tgc.source import SourceFile
from tgc.syntax.parser import parse_source

DOC = Path(__file__).parent.parent / "docs" / "language.md"
BLOCK = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.S | re.M)
STORY = ("~", "*", "->")


def _blocks() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    found = []
    for m in BLOCK.finditer(text):
        indent, lang, body = m.group(1), m.group(2), m.group(3)
        if lang not in ("", "tgj"):
            continue
        body = "\n".join(line[len(indent):] for line in body.split("\n"))
        if any(line.strip() == "..." for line in body.split("\n")):
            continue  # an elided example
        first = next((ln for ln in body.split("\n") if ln.strip() and not ln.startswith("//")), "")
        if first.startswith(("@", "==")):
            found.append((text.count("\n", 0, m.start()) + 1, body))
        elif first.startswith(STORY):
            found.append((text.count("\n", 0, m.start()) + 1, "== 101.1\n" + body))
    return found


BLOCKS = _blocks()


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) >= 20


@pytest.mark.parametrize(("line", "body"), BLOCKS, ids=[f"line-{n}" for n, _ in BLOCKS])
def test_example_has_no_syntax_error(line: int, body: str) -> None:
    name = f"language.md:{line}"
    tree, diagnostics = parse_source(SourceFile.from_text(name, body))
    suppressions = {name: [(s.line, s.codes, s.span) for s in tree.suppressions]}
    left = [d for d in apply_suppressions(diagnostics, suppressions) if d.code != "TGC901"]
    assert [f"{d.span.line}: {d.code} {d.message}" for d in left] == []


def test_the_first_campaign_checks_clean(tmp_path: Path) -> None:
    campaign = next(body for _, body in BLOCKS if body.startswith("@campaign"))
    (tmp_path / "campaign.tgj").write_text(campaign, encoding="utf-8")
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    assert [f"{d.code} {d.message}" for d in check(tmp_path).diagnostics] == []


def test_the_readme_tour_checks_clean_when_pasted(tmp_path: Path) -> None:
    readme = (DOC.parent.parent / "README.md").read_text(encoding="utf-8")
    tour = readme[readme.index("## A short tour of the language"):]
    body = tour.split("```\n", 2)[1]
    (tmp_path / "campaign.tgj").write_text(body, encoding="utf-8")
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    assert [f"{d.code} {d.message}" for d in check(tmp_path).diagnostics] == []
