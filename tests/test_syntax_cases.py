"""Golden AST dumps: every tests/cases/syntax/*.tgj parses, through the fast path and
through the grammar alone, to exactly the tree and syntax diagnostics in its
``.ast.txt``; the same file with CRLF line ends and a BOM parses the same; and the
cases together use every rule of the grammar."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest
from lark import Tree

from tests.golden import Golden
from tgc.diagnostics.model import Diagnostic
from tgc.source import read_source
from tgc.syntax import parser as parser_module
from tgc.syntax.dump import dump, format_span
from tgc.syntax.parser import grammar_parser, parse_source

CASES = Path(__file__).parent / "cases" / "syntax"
FILES = sorted(CASES.glob("*.tgj"))
# Rules that never become a node of their own: `?rule`s that always pass their single
# child up, and the start rules whose every alternative carries an alias.
NEVER_A_NODE = {"condition", "effect", "guard_item", "atom", "decl_header", "prop", "logic"}


def render(path: Path, fast: bool) -> str:
    """The AST dump followed by the syntax diagnostics, one per line."""
    tree, diagnostics = parse_source(read_source(path, path.name), fast=fast)
    return dump(tree) + _diagnostics(diagnostics)


def _diagnostics(diagnostics: list[Diagnostic]) -> str:
    lines = ["diagnostics:" if diagnostics else "diagnostics: []"]
    for d in diagnostics:
        lines.append(f"  {format_span(d.span)} {d.code} {d.severity.value}: {d.message}")
        if d.hint:
            lines.append(f"    hint: {d.hint}")
    return "\n".join(lines) + "\n"


def _same(expected: str, actual: str, what: str) -> None:
    if expected != actual:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True)))
        pytest.fail(f"{what}:\n{diff}", pytrace=False)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_ast(golden: Golden, path: Path) -> None:
    fast = render(path, fast=True)
    _same(render(path, fast=False), fast, "the fast path and the grammar disagree")
    golden(path.with_suffix(".ast.txt"), fast)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_crlf_and_bom_parse_the_same(tmp_path: Path, path: Path) -> None:
    data = path.read_bytes()
    assert b"\r" not in data, "case files use LF; this test makes the CRLF version"
    crlf = tmp_path / path.name
    crlf.write_bytes(b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"))
    _same(render(path, fast=True), render(crlf, fast=True), "CRLF and a BOM change the tree")


def test_every_case_has_a_golden_and_every_golden_a_case() -> None:
    goldens = {p.name.removesuffix(".ast.txt") for p in CASES.glob("*.ast.txt")}
    assert goldens == {p.stem for p in FILES}


def test_cases_use_every_rule_of_the_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each structural line of the cases is parsed again into a Lark tree; together
    the trees must hold every rule and alias, so no construct goes untested."""
    lines: list[tuple[str, str]] = []
    original = parser_module._FileParser.parse

    def record(self: Any, kind: str, number: int, text: str, indent: int, code: str = "TGC001") -> Any:
        lines.append((kind, text[indent:]))
        return original(self, kind, number, text, indent, code)

    monkeypatch.setattr(parser_module._FileParser, "parse", record)
    for path in FILES:
        parse_source(read_source(path, path.name), fast=False)
    lark = grammar_parser()
    seen: set[str] = set()
    for kind, body in lines:
        try:
            tree = lark.parse(body, start=kind)
        except Exception:  # the error cases: their failure is in the goldens
            continue
        seen.update(str(t.data) for t in tree.iter_subtrees() if isinstance(t, Tree))
    rules = {str(r.alias or r.origin.name) for r in lark.rules if not r.origin.name.startswith("_")}
    missing = rules - seen - NEVER_A_NODE
    assert not missing, f"no syntax case uses {sorted(missing)}"
