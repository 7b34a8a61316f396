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
from tgc.project.workspace import ParseCache
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


# ---------------------------------------------------------------- structural edits


def _restructure(path: Path, word: str) -> bool:
    """A structural edit of the file: every choice and divert that names a verse on its
    own line names another (the file's first verse, or `end`, in turn), and every choice
    loses its guard; whether there was any."""
    text = _readable(path)
    if text is None:
        return False
    tree, _ = parse_source(SourceFile.from_text(path.name, text))
    verses = [item for item in tree.items if isinstance(item, ast.Verse)]
    if not verses:
        return False
    first = f"{verses[0].id.section}.{verses[0].id.verse}"
    lines = text.split("\n")
    cuts: list[tuple[int, int, int, str]] = []  # (line, from col, to col, new text)
    for verse in verses:
        for body in (verse.body, *(b.body for b in verse.blocks)):
            for stmt in body:
                target = stmt.target if isinstance(stmt, ast.Choice | ast.Divert | ast.CondDivert) else None
                if isinstance(target, ast.Ref) and target.span.line == target.span.end_line:
                    new = first if len(cuts) % 2 == 0 else "end"
                    cuts.append((target.span.line, target.span.col, target.span.end_col, new))
                if isinstance(stmt, ast.Choice) and stmt.guard is not None \
                        and stmt.guard.span.line == stmt.guard.span.end_line == stmt.target.span.line:
                    cuts.append((stmt.guard.span.line, stmt.guard.span.col, stmt.guard.span.end_col, ""))
    for line, start, end, new in sorted(cuts, reverse=True):
        lines[line - 1] = lines[line - 1][:start - 1] + new + lines[line - 1][end - 1:]
    path.write_text("\n".join(lines), encoding="utf-8")
    return bool(cuts)


def _new_verse(path: Path, word: str) -> bool:
    """A verse added at the end of the file, diverting to the file's first verse."""
    text = _readable(path)
    if text is None:
        return False
    tree, _ = parse_source(SourceFile.from_text(path.name, text))
    verse = next((item for item in tree.items if isinstance(item, ast.Verse)), None)
    if verse is None:
        return False
    first = f"{verse.id.section}.{verse.id.verse}"
    path.write_text(f"{text}\n\n== {verse.id.section}.{word}\nA new verse.\n-> {first}\n", encoding="utf-8")
    return True


def _structural_runs(root: Path, edits: list[Callable[[Path, str], bool]]
                     ) -> list[tuple[Result, Result]]:
    """The campaign checked as an editor checks it (parses kept in memory), then after each
    edit (of the first file it applies to; the others keep their trees) checked again
    with the run before it, and in full."""
    memory: ParseCache = {}
    last = run(Job(root, "check", memory=memory))
    files = [root] if root.is_file() else sorted(root.rglob("*.tgj"))
    runs = []
    for edit in edits:
        if not any(edit(p, f"typed{len(runs)}") for p in files):
            continue
        last = run(Job(root, "check", memory=memory, previous=last))
        runs.append((last, run(Job(root, "check"))))
    return runs


def _same_analysis(incremental: Result, full: Result) -> None:
    assert _report(incremental) == _report(full)
    assert incremental.campaign == full.campaign
    assert incremental.analysis is not None and full.analysis is not None
    graph, fresh = incremental.analysis.graph, full.analysis.graph
    assert list(graph.nodes.items()) == list(fresh.nodes.items()) and graph.edges == fresh.edges
    assert graph.entries == fresh.entries
    usage, tables = incremental.analysis.usage, full.analysis.usage
    for kept, built in ((usage.grants, tables.grants), (usage.removals, tables.removals),
                        (usage.checks, tables.checks), (usage.node_grants, tables.node_grants)):
        assert list(kept.items()) == list(built.items())
    assert usage == tables
    assert list(incremental.analysis.endings.items()) == list(full.analysis.endings.items())
    flow, solved = incremental.analysis.flow, full.analysis.flow
    assert flow.live == solved.live and flow.facts().facts == solved.facts().facts
    assert flow.facts().parts == solved.facts().parts
    assert flow.stops == solved.stops and flow.dead_triggers == solved.dead_triggers


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.name)
def test_a_structural_edit_reports_what_a_full_check_reports(case: Path, tmp_path: Path) -> None:
    """Targets changed and guards taken away: the verses the edit did not touch are
    resolved from the records of the run before and keep their bodies in the graph."""
    files = [case] if case.is_file() else sorted(case.rglob("*.tgj"))
    if not any(" -> " in (_readable(p) or "") or "\n-> " in (_readable(p) or "") for p in files):
        pytest.skip("no target to edit")
    runs = _structural_runs(_copy(case, tmp_path), [_restructure])
    if not runs:
        pytest.skip("no target to edit")
    for incremental, full in runs:
        _same_analysis(incremental, full)
        assert not incremental.reused and incremental.resolution is not None


def test_the_sample_replays_the_files_a_structural_edit_leaves_alone(tmp_path: Path) -> None:
    root = _copy(ROOT / "journal_src", tmp_path)
    runs = _structural_runs(root, [_restructure])
    assert len(runs) == 1
    _same_analysis(*runs[0])
    edited = runs[0][0]
    assert edited.resolution is not None and edited.campaign is not None
    assert 0 < len(edited.resolution.replayed) < len(edited.campaign.verses)


def test_structural_edits_prose_and_a_new_verse_in_turn(tmp_path: Path) -> None:
    """Targets and guards changed, then prose typed, then more targets, then a verse
    added: each run equal to a full one; the prose edit keeps the records of the run
    before it, and the others replay the verses of the file they left alone."""
    root = tmp_path / "c"
    root.mkdir()
    (root / "a.tgj").write_text(
        '@campaign "C"\n  ruleset: none\n  start: 101\n@status "Cold" flag\n@location 101 "L"\n'
        '  explore -> 101.1\n== 101.1\nThe road.\n* {status "Cold"} Rest -> 2\n* On -> 102.1\n'
        '== 101.2\n~ mark "Cold"\n-> 1\n', encoding="utf-8")
    (root / "b.tgj").write_text('@location 102 "M"\n== 102.1\nA hill.\n* {not status "Cold"} Up -> 2\n'
                                '* Back -> 101.2\n== 102.2\n-> end\n', encoding="utf-8")
    runs = _structural_runs(root, [_restructure, _type_in_prose, _restructure, _new_verse])
    assert len(runs) == 4
    for incremental, full in runs:
        _same_analysis(incremental, full)
    retargeted, prose, again, added = (r for r, _ in runs)
    assert retargeted.resolution is not None and retargeted.resolution.replayed == {"102.1", "102.2"}
    assert prose.reused and prose.resolution is retargeted.resolution
    assert again.resolution is not None and again.resolution.replayed == {"102.1", "102.2"}
    # (a verse id came: the other file's verses replayed all the same)
    assert added.resolution is not None and added.resolution.replayed == {"102.1", "102.2"}
    assert not added.resolution.same_names


def test_a_structural_edit_leaves_the_hints_a_full_run_gives_when_the_budget_runs_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Large did-you-mean searches share one budget per run: when an edit spends less of it
    early on, the later verses that found it spent must search again (their hints change),
    not replay what they found with less."""
    from itertools import product

    from tgc.diagnostics import codes

    root = tmp_path / "c"
    root.mkdir()
    fillers = ["".join(letters) for letters in product("wxyz", repeat=4)][:300]  # a large pool
    after = [*fillers[1:], "target"]
    verses = "".join(f"== 101.{name}\n-> {then}\n" for name, then in zip(fillers, after, strict=True))
    pool = len(fillers) + 3  # and 101.target, 101.broken, 101.later
    monkeypatch.setattr(codes, "LARGE_BUDGET", pool * 6)  # six searches

    def broken(count: int) -> str:
        return ('@campaign "C"\n  ruleset: none\n  start: 101\n@location 101 "L"\n  explore -> 101.wwww\n'
                f'{verses}== 101.target\n-> end\n== 101.broken\n' + "* Go -> 101.targe\n" * count)

    (root / "a.tgj").write_text(broken(5), encoding="utf-8")
    (root / "b.tgj").write_text("== 101.later\n" + "* Go -> 101.targe\n" * 4, encoding="utf-8")
    memory: ParseCache = {}
    first = run(Job(root, "check", memory=memory))
    (root / "a.tgj").write_text(broken(1), encoding="utf-8")
    again = run(Job(root, "check", memory=memory, previous=first))
    full = run(Job(root, "check"))
    assert _report(again) == _report(full)

    def hinted(result: Result) -> int:
        return sum(1 for d in result.diagnostics
                   if d.code == "TGC101" and d.span.file.endswith("b.tgj") and d.hint)

    assert hinted(first) < hinted(full) == 4  # the budget left for b.tgj grew
    assert again.resolution is not None and "101.later" not in again.resolution.replayed


# ---------------------------------------------------------------- verses that come and go


def _verses_of(path: Path) -> tuple[list[str], list[ast.Verse]] | None:
    text = _readable(path)
    if text is None:
        return None
    tree, _ = parse_source(SourceFile.from_text(path.name, text))
    return text.split("\n"), [item for item in tree.items if isinstance(item, ast.Verse)]


def _split_verse(path: Path, word: str) -> bool:
    """A verse header typed before the last line of the first verse whose body leaves
    on a line of its own: a verse id comes, and takes that line (and any blocks)."""
    found = _verses_of(path)
    if found is None:
        return False
    lines, verses = found
    for verse in verses:
        last = [s for s in verse.body
                if isinstance(s, ast.Choice | ast.Divert) and s.span.line > verse.id.span.line]
        if last:
            at = last[-1].span.line - 1
            path.write_text("\n".join([*lines[:at], f"== {verse.id.section}.{word}", *lines[at:]]),
                            encoding="utf-8")
            return True
    return False


def _join_verse(path: Path, word: str) -> bool:
    """The header of the file's last verse deleted (when another comes before it): a
    verse id goes, its lines join the verse before, references to it dangle (TGC101)."""
    found = _verses_of(path)
    if found is None or len(found[1]) < 2:
        return False
    lines, verses = found
    at = verses[-1].id.span.line - 1
    if not lines[at].startswith("=="):
        return False
    path.write_text("\n".join([*lines[:at], *lines[at + 1:]]), encoding="utf-8")
    return True


def _dangling(path: Path, word: str) -> bool:
    """A verse added that diverts to a verse no file has (TGC101 appears)."""
    found = _verses_of(path)
    if found is None or not found[1]:
        return False
    section = found[1][0].id.section
    path.write_text("\n".join(found[0]) + f"\n\n== {section}.typedref\n-> {section}.typedmeant\n",
                    encoding="utf-8")
    return True


def _named(path: Path, word: str) -> bool:
    """The verse the dangling divert names, added (its TGC101 goes)."""
    text = _readable(path)
    if text is None or ".typedref\n" not in text:
        return False
    section = text.split(".typedref\n")[0].rsplit("== ", 1)[1]
    path.write_text(f"{text}\n== {section}.typedmeant\n-> end\n", encoding="utf-8")
    return True


def _unnamed(path: Path, word: str) -> bool:
    """That verse's header deleted again (its TGC101 comes back)."""
    text = _readable(path)
    if text is None or ".typedmeant\n-> end" not in text:
        return False
    lines = text.split("\n")
    lines = [line for line in lines if not (line.startswith("== ") and line.endswith(".typedmeant"))]
    path.write_text("\n".join(lines), encoding="utf-8")
    return True


def _declared(path: Path, word: str) -> bool:
    """A status and a section declared, with a verse of that section, at the file's end."""
    text = _readable(path)
    if text is None or "@campaign" not in text:
        return False
    path.write_text(f'{text}\n@status "Typed {word}" flag\n@section typed "Typed"\n== typed.1\n'
                    f'~ mark "Typed {word}"\n-> end\n', encoding="utf-8")
    return True


def _undeclared(path: Path, word: str) -> bool:
    """The section's declaration deleted (its verse's section is unknown: TGC104)."""
    text = _readable(path)
    if text is None or '@section typed "Typed"' not in text:
        return False
    path.write_text(text.replace('@section typed "Typed"\n', ""), encoding="utf-8")
    return True


VERSE_EDITS = [_split_verse, _join_verse, _dangling, _named, _unnamed, _split_verse, _declared,
               _undeclared]


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.name)
def test_verses_that_come_and_go_report_what_a_full_check_reports(case: Path, tmp_path: Path) -> None:
    """Verses added and removed (one header line typed or deleted), a dangling reference
    made and mended and made again, declarations and a section added and removed: each
    run, carried on from the one before, equal to a full run."""
    files = [case] if case.is_file() else sorted(case.rglob("*.tgj"))
    if not any("\n== " in (_readable(p) or "") for p in files):
        pytest.skip("no verse to edit")
    runs = _structural_runs(_copy(case, tmp_path), VERSE_EDITS)
    if not runs:
        pytest.skip("no verse to edit")
    for incremental, full in runs:
        _same_analysis(incremental, full)


def test_a_verse_that_comes_and_goes_replays_every_other_file(tmp_path: Path) -> None:
    """A header typed, a dangling divert's verse written, a header deleted: the other
    file's verses are replayed each time, and the TGC101 comes and goes as in full."""
    root = tmp_path / "c"
    root.mkdir()
    (root / "a.tgj").write_text(
        '@campaign "C"\n  ruleset: none\n  start: 101\n@status "Cold" flag\n@location 101 "L"\n'
        '  explore -> 101.1\n== 101.1\nThe road.\n* {status "Cold"} Rest -> 2\n* On -> 102.1\n'
        '== 101.2\n~ mark "Cold"\n-> 1\n', encoding="utf-8")
    (root / "b.tgj").write_text('@location 102 "M"\n== 102.1\nA hill.\n* {not status "Cold"} Up -> 2\n'
                                '* Back -> 101.2\n* Down -> 101.3\n== 102.2\n-> end\n', encoding="utf-8")
    a = root / "a.tgj"

    def add(path: Path, word: str) -> bool:
        if path != a:
            return False
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("~ mark", "== 101.3\n~ mark"), encoding="utf-8")
        return True

    def remove(path: Path, word: str) -> bool:
        if path != a:
            return False
        path.write_text(path.read_text(encoding="utf-8").replace("== 101.3\n", ""), encoding="utf-8")
        return True

    runs = _structural_runs(root, [add, remove, add])
    assert len(runs) == 3
    for incremental, full in runs:
        _same_analysis(incremental, full)
    codes = [[d.code for d in r.diagnostics if d.code == "TGC101"] for r, _ in runs]
    assert codes == [[], ["TGC101"], []]
    for result, _ in runs:
        assert result.resolution is not None and not result.resolution.same_names
        assert result.resolution.replayed == {"102.2"}  # 102.1 names 101.3: resolved again
