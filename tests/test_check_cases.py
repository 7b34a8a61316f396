"""The check cases: every tests/cases/check/*.tgj (and every folder there, a campaign of
several files) runs through ``tgc.pipeline.check`` and must give exactly the diagnostics
its comments expect, no more and no fewer (tests/cases/check/README.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.expectations import EXPECT, Expected, compare, read_expectations
from tgc.diagnostics.codes import CATALOGUE
from tgc.diagnostics.model import Diagnostic
from tgc.pipeline import check
from tgc.syntax import ast

ROOT = Path(__file__).parent.parent
CASES = Path(__file__).parent / "cases" / "check"
CASE_PATHS = sorted([*CASES.glob("*.tgj"), *(p for p in CASES.iterdir() if p.is_dir())])
NAME = re.compile(r"(TGC\d{3})_(ok_)?[a-z0-9_]+?(_\d+)?$")
# Codes tested elsewhere: the lock file's (with the bundle) and the internal error
# (through the CLI, tests/test_cli.py).
# The print checks (TGC910-913) need laid-out pages, which `tgc check` without `--print`
# never makes: tests/test_print_check.py covers them.
WITHOUT_CASES = {"TGC130", "TGC131", "TGC910", "TGC911", "TGC912", "TGC913", "TGC999"}


def _files(case: Path) -> list[Path]:
    if case.is_file():
        return [case]
    return sorted(p for p in case.rglob("*") if p.suffix in (".tgj", ".toml"))


def _label(path: Path | str) -> str:
    """A file as the expectations name it: relative to tests/cases/check."""
    try:
        return Path(path).resolve().relative_to(CASES.resolve()).as_posix()
    except ValueError:
        return str(path)


def expectations(case: Path) -> list[Expected]:
    found: list[Expected] = []
    for path in _files(case):
        # errors="replace": a case may hold bytes that are not UTF-8 on purpose (TGC006).
        text = path.read_bytes().decode("utf-8", errors="replace")
        found += read_expectations(_label(path), text)
    return found


def _prose_expectations(files: list[ast.File]) -> list[str]:
    """Expectation comments that the parser read as prose: they would expect nothing."""
    found: list[str] = []
    for file in files:
        for item in file.items:
            if not isinstance(item, ast.Verse):
                continue
            bodies = [item.body, *(block.body for block in item.blocks)]
            found += [f"{file.name}:{stmt.span.line}" for body in bodies for stmt in body
                      if isinstance(stmt, ast.Paragraph) and EXPECT.search(stmt.text)]
    return found


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.stem)
def test_case(case: Path) -> None:
    result = check(case)
    assert "TGC999" not in {d.code for d in result.diagnostics}, result.diagnostics
    prose = _prose_expectations(result.files)
    assert not prose, f"expectations on prose lines are prose; use `// error@+1: ...` above {prose}"
    actual: list[tuple[str, Diagnostic]] = [(_label(d.span.file), d) for d in result.diagnostics]
    missing, unexpected = compare(expectations(case), actual)
    report = [f"missing:    {e}" for e in missing] + [f"unexpected: {u}" for u in unexpected]
    assert not report, "\n".join(report)


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.stem)
def test_case_is_named_for_its_rule(case: Path) -> None:
    """`TGC101_unknown_verse_2` must expect TGC101; `TGC110_ok_2_and_2a` must not."""
    m = NAME.fullmatch(case.stem)
    assert m is not None, f"name cases `TGCnnn_what_N` or `TGCnnn_ok_what`, not {case.name}"
    code, ok = m.group(1), m.group(2) is not None
    assert code in CATALOGUE, f"{code} is not in the catalogue"
    expected = {e.code for e in expectations(case)}
    if ok:
        assert code not in expected, f"{case.name} is an `ok` case but expects {code}"
    else:
        assert code in expected, f"{case.name} does not expect {code}"


def test_every_syntax_and_naming_code_has_a_case() -> None:
    covered = {e.code for case in CASE_PATHS for e in expectations(case)}
    core = {code for code in CATALOGUE if code[3] in "019"} - WITHOUT_CASES
    assert core <= covered, f"no case expects {sorted(core - covered)}"


def test_sample_campaign_checks_clean() -> None:
    result = check(ROOT / "journal_src")
    assert [f"{d.span} {d.code} {d.message}" for d in result.diagnostics] == []


def _printed(case: Path) -> list[Diagnostic]:
    from tgc.diagnostics.render.base import ordered

    return ordered(check(case).diagnostics)


@pytest.mark.parametrize("case", CASE_PATHS, ids=[c.name for c in CASE_PATHS])
def test_a_consequence_is_printed_after_its_cause(case: Path) -> None:
    """Acceptance of issue 10: in every case with more than one diagnostic, each one that
    follows from another (its ``cause``) is printed after it."""
    shown = _printed(case)
    if len(shown) < 2:
        return
    for index, d in enumerate(shown):
        if d.cause is not None:
            before = [e.span for e in shown[:index]]
            assert d.cause in before, f"{d.code} at {d.span} is printed before its cause {d.cause}"


def test_the_cause_comes_first_even_when_later_in_the_file() -> None:
    shown = _printed(CASES / "TGC305_secret_never_granted_2.tgj")
    assert [d.code for d in shown] == ["TGC305", "TGC301"]
    assert shown[1].span.line < shown[0].span.line
