"""Prose edits reuse the checks (issue 15's incremental analysis): a run given the
previous Result of the same campaign, after an edit that changed only words of prose or
of a choice's text, takes the model's resolution and every check's diagnostics from it instead of running
them (tgc/syntax/shape.py, ``Job.previous``). Its report must be exactly what a full run
gives: tested on every check case with every prose line (or every choice's text) of every
file edited, and on the sample campaign."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.test_check_cases import CASE_PATHS
from tgc.pipeline import Job, Result, run
from tgc.source import SourceFile
from tgc.syntax import ast
from tgc.syntax.parser import parse_source
from tgc.syntax.shape import same_shape

ROOT = Path(__file__).resolve().parent.parent


def _prose_lines(text: str, name: str) -> list[int]:
    tree, _ = parse_source(SourceFile.from_text(name, text))
    lines: list[int] = []
    for item in tree.items:
        if isinstance(item, ast.Verse):
            for body in (item.body, *(b.body for b in item.blocks)):
                for stmt in body:
                    if isinstance(stmt, ast.Paragraph):
                        lines += range(stmt.span.line, stmt.span.end_line + 1)
    return lines


def _type_in_prose(path: Path, word: str) -> bool:
    """Append ``word`` to every prose line of the file; whether there was any."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    lines = text.split("\n")
    prose = [n for n in _prose_lines(text, path.name) if lines[n - 1].strip()]
    for n in prose:
        lines[n - 1] = lines[n - 1].rstrip() + f" {word}"
    path.write_text("\n".join(lines), encoding="utf-8")
    return bool(prose)


def _readable(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _type_in_choices(path: Path, word: str) -> bool:
    """Add ``word`` to the text of every choice of the file (its target moves right)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    tree, _ = parse_source(SourceFile.from_text(path.name, text))
    lines = text.split("\n")
    found = 0
    for item in tree.items:
        if isinstance(item, ast.Verse):
            for body in (item.body, *(b.body for b in item.blocks)):
                for stmt in body:
                    if isinstance(stmt, ast.Choice) and stmt.span.line == stmt.target.span.line:
                        line = lines[stmt.span.line - 1]
                        at = line.rfind("->", 0, stmt.target.span.col - 1)
                        if at > 0 and stmt.text:
                            lines[stmt.span.line - 1] = line[:at].rstrip() + f" {word} " + line[at:]
                            found += 1
    path.write_text("\n".join(lines), encoding="utf-8")
    return found > 0


def _report(result: Result) -> list[tuple[object, ...]]:
    return [(d.code, d.severity, d.span, d.message, d.hint, d.labels) for d in result.diagnostics]


def _copy(case: Path, tmp_path: Path) -> Path:
    target = tmp_path / case.name
    if case.is_dir():
        shutil.copytree(case, target)
    else:
        shutil.copy(case, target)
    return target


def _edited_runs(root: Path, edit: Callable[[Path, str], bool] = _type_in_prose
                 ) -> tuple[Result, Result] | None:
    """The campaign checked, its prose (or its choices' texts) edited, then checked again
    with and without the first result (None when it has nothing to edit)."""
    first = run(Job(root, "check"))
    files = [root] if root.is_file() else sorted(root.rglob("*.tgj"))
    if not [p for p in files if edit(p, "typed")]:
        return None
    return run(Job(root, "check", previous=first)), run(Job(root, "check"))


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.name)
def test_a_prose_edit_reports_what_a_full_check_reports(case: Path, tmp_path: Path) -> None:
    runs = _edited_runs(_copy(case, tmp_path))
    if runs is None:
        pytest.skip("no prose to edit")
    incremental, full = runs
    assert _report(incremental) == _report(full)
    assert incremental.campaign == full.campaign  # the new words, the same tables
    assert not full.reused


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.name)
def test_a_choice_text_edit_reports_what_a_full_check_reports(case: Path, tmp_path: Path) -> None:
    files = [case] if case.is_file() else sorted(case.rglob("*.tgj"))
    if not any("\n* " in (_readable(p) or "") for p in files):
        pytest.skip("no choice to edit")  # before checking it twice for nothing
    runs = _edited_runs(_copy(case, tmp_path), _type_in_choices)
    if runs is None:
        pytest.skip("no choice to edit")
    incremental, full = runs
    assert _report(incremental) == _report(full)
    assert incremental.campaign == full.campaign  # the targets keyed by their new columns


def test_the_sample_reuses_its_checks_after_a_choice_text_edit(tmp_path: Path) -> None:
    runs = _edited_runs(_copy(ROOT / "journal_src", tmp_path), _type_in_choices)
    assert runs is not None
    incremental, full = runs
    assert incremental.reused and incremental.moved and _report(incremental) == _report(full)
    assert incremental.campaign == full.campaign


def test_the_sample_reuses_its_checks_after_a_prose_edit(tmp_path: Path) -> None:
    runs = _edited_runs(_copy(ROOT / "journal_src", tmp_path))
    assert runs is not None
    incremental, full = runs
    assert incremental.reused and _report(incremental) == _report(full)
    assert incremental.campaign == full.campaign


def test_an_edit_beyond_prose_runs_the_checks() -> None:
    text = '== 101.1\nThe road.\n-> 101.2\n== 101.2\n-> end\n'
    old, _ = parse_source(SourceFile.from_text("a.tgj", text))
    prose, _ = parse_source(SourceFile.from_text("a.tgj", text.replace("road.", "long road.")))
    divert, _ = parse_source(SourceFile.from_text("a.tgj", text.replace("-> 101.2\n==", "-> end\n==")))
    line, _ = parse_source(SourceFile.from_text("a.tgj", text.replace("road.", "road.\nMore.")))
    assert same_shape(old, prose) == {2}
    assert same_shape(old, divert) is None
    assert same_shape(old, line) is None
    choice = '== 101.1\n* {secret 3} Go on -> 101.2\n== 101.2\n-> end\n'
    old, _ = parse_source(SourceFile.from_text("a.tgj", choice))
    for line, shape in [("* {secret 3} Go on quietly -> 101.2", {2}), ("* {secret 3} Go -> 101.2", {2}),
                        ("* {secret 3} Go on -> end", None), ("* {secret 3} Go on -> 101.1", None),
                        ("* {secret 4} Go on -> 101.2", None)]:
        edited = choice.replace("* {secret 3} Go on -> 101.2", line)
        new, _ = parse_source(SourceFile.from_text("a.tgj", edited))
        assert same_shape(old, new) == shape, line


def test_the_editor_reuses_its_checks_index_and_graph_after_a_prose_edit(tmp_path: Path) -> None:
    from tgc.editor import hover as hovers
    from tgc.editor.session import Session

    root = _copy(ROOT / "journal_src", tmp_path)
    path = root / "locations" / "201-caer-morwen.tgj"
    text = path.read_text(encoding="utf-8")
    session = Session()
    first = session.snapshot(session.set_text(path, text))
    assert first is not None and not first.result.reused
    edited = text.replace("Gulls wheel over", "Gulls wheel loudly over")
    assert edited != text
    second = session.snapshot(session.set_text(path, edited))
    assert second is not None and second.result.reused and second.same_shape is first
    assert second.index is first.index
    assert any("Gulls wheel loudly over" in line
               for line in hovers.first_lines(second.campaign.verses["201.arrival"]))
    path.write_text(edited, encoding="utf-8")
    assert _report(second.result) == _report(run(Job(root, "check")))
    divert = edited.replace("instant -> 201.arrival", "instant -> 201.arival")
    third = session.snapshot(session.set_text(path, divert))
    assert third is not None and not third.result.reused and third.same_shape is None
    assert [d.code for d in third.result.diagnostics] == ["TGC101"]


def test_the_editor_reuses_its_checks_after_a_choice_text_edit_and_indexes_the_new_columns(
        tmp_path: Path) -> None:
    from tgc.editor.session import Session

    root = _copy(ROOT / "journal_src", tmp_path)
    path = root / "locations" / "201-caer-morwen.tgj"
    text = path.read_text(encoding="utf-8")
    session = Session()
    first = session.snapshot(session.set_text(path, text))
    assert first is not None
    line = next(n for n, s in enumerate(text.split("\n"), 1) if s.startswith("* ") and " -> " in s)
    old = text.split("\n")[line - 1]
    new = old.replace(" -> ", " at once -> ", 1)
    second = session.snapshot(session.set_text(path, text.replace(old, new)))
    assert second is not None and second.result.reused and second.result.moved
    assert second.same_shape is None and second.index is not first.index  # the columns moved
    name = second.name_of(path)
    target = next(o for o in second.index.by_file[name] if o.span.line == line and not o.definition)
    assert target.span.col == new.rindex("-> ") + 4
    path.write_text(text.replace(old, new), encoding="utf-8")
    assert _report(second.result) == _report(run(Job(root, "check")))
