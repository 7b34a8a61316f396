"""The editor's quick fixes as data (tgc/editor/fixes.py): what each one writes, checked by
applying it and checking the campaign again (the diagnostic it fixes is gone)."""

from __future__ import annotations

import pytest

from tgc.diagnostics.model import Diagnostic
from tgc.editor.fixes import Edit, Fix, Problem, fixes
from tgc.pipeline import Job, run
from tgc.semantics.model import Campaign


def _check(tmp_path: object, text: str) -> tuple[list[Diagnostic], Campaign]:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "c.tgj"
    path.write_text(text, encoding="utf-8")
    result = run(Job(path, "check"))
    assert result.campaign is not None
    return result.diagnostics, result.campaign


def _problem(d: Diagnostic, text: str) -> Problem:
    lines = text.split("\n")
    line = lines[d.span.line - 1]
    written = line[d.span.col - 1:d.span.end_col - 1] if d.span.line == d.span.end_line else ""
    return Problem(d.code, d.message, d.hint or "", d.span.line, d.span.col, d.span.end_line,
                   d.span.end_col, written, d.span.file, (len(lines), len(lines[-1]) + 1))


def _apply(text: str, edit: Edit) -> str:
    lines = text.split("\n")
    offset = sum(len(line) + 1 for line in lines[:edit.line - 1]) + edit.col - 1
    end = sum(len(line) + 1 for line in lines[:edit.end_line - 1]) + edit.end_col - 1
    return text[:offset] + edit.text + text[end:]


HEADER = '@campaign "C"\n  ruleset: none\n  start: 101\n@location 101 "L"\n  instant -> 101.1\n'


@pytest.mark.parametrize(("roll", "title", "fixed"), [
    ("1 -> end; 4-6 -> end", "Add the missing arm `2-3 -> end`", "1 -> end; 2-3 -> end; 4-6 -> end"),
    ("3-6 -> end", "Add the missing arm `1-2 -> end`", "1-2 -> end; 3-6 -> end"),
    ("1-5 -> end", "Add the missing arm `6 -> end`", "1-5 -> end; 6 -> end"),
    ("4-6 -> end; 1-2 -> end", "Add the missing arm `3 -> end`", "4-6 -> end; 1-2 -> end; 3 -> end"),
])
def test_the_missing_roll_arm_is_added_where_it_belongs(tmp_path: object, roll: str, title: str,
                                                         fixed: str) -> None:
    text = HEADER + f"== 101.1\n~ roll d6: {roll}\n"
    diags, campaign = _check(tmp_path, text)
    [d] = [d for d in diags if d.code == "TGC205"]
    [fix] = fixes(_problem(d, text), campaign)
    assert fix.title == title
    [edit] = fix.edits
    repaired = _apply(text, edit)
    assert f"~ roll d6: {fixed}\n" in repaired
    assert not [d for d in _check(tmp_path, repaired)[0] if d.code == "TGC205"]


def test_an_overlap_has_no_missing_arm_to_add(tmp_path: object) -> None:
    text = HEADER + "== 101.1\n~ roll d6: 1-4 -> end; 3-6 -> end\n"
    diags, campaign = _check(tmp_path, text)
    [d] = [d for d in diags if d.code == "TGC205"]
    assert fixes(_problem(d, text), campaign) == []


def test_a_missing_verse_is_created_at_the_end_of_the_file(tmp_path: object) -> None:
    text = HEADER + "== 101.1\n-> 101.2\n"
    diags, campaign = _check(tmp_path, text)
    [d] = [d for d in diags if d.code == "TGC101"]
    found = fixes(_problem(d, text), campaign)
    assert [f.title for f in found][-1] == "Create verse `101.2`"
    repaired = _apply(text, found[-1].edits[0])
    assert repaired.endswith("-> 101.2\n\n== 101.2\n// Write this verse: until then it ends the "
                             "exploration.\n-> end\n")
    assert not [d for d in _check(tmp_path, repaired)[0] if d.code == "TGC101"]
    assert isinstance(found[-1], Fix) and not found[-1].preferred
