"""`tgc fmt` (issue 15): canonical layout, idempotent, comments kept, and never a change
of meaning: the bundle built after formatting is byte for byte the one built before, on
the sample (made untidy first) and on every case file that formatting changes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_check_cases import CASE_PATHS
from tgc.bundle.io import dump_bundle
from tgc.cli.main import cli
from tgc.diagnostics.model import Diagnostic
from tgc.pipeline import Job, run
from tgc.syntax.format import format_source

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "journal_src"
SYNTAX = sorted((ROOT / "tests" / "cases" / "syntax").glob("*.tgj"))
EVERY = sorted([*SAMPLE.rglob("*.tgj"), *(ROOT / "tests" / "cases").rglob("*.tgj")])


def _readable(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _untidy(text: str) -> str:
    """The same campaign written carelessly: sigils without their space, indented verse
    lines, trailing blanks, spaces around guards (what the formatter must undo)."""
    out = []
    for line in text.split("\n"):
        if line.startswith(("* ", "~ ", "-> ", "= ")) and not line.startswith("* {otherwise}"):
            sigil, rest = line.split(" ", 1)
            line = "  " + sigil + ("  " if sigil == "~" else "") + rest.replace(" -> ", "->", 1)
        line = re.sub(r"^\* \{(.*?)\} ", r"* { \1 }  ", line) if line.startswith("* {") else line
        out.append(line + ("  " if line.strip() else ""))
    return "\n".join(out)


def _bundle(root: Path) -> str | None:
    result = run(Job(root, "bundle"))
    return dump_bundle(result.bundle) if result.bundle is not None else None


def test_the_sample_is_formatted_and_an_untidy_copy_formats_back_to_it(tmp_path: Path) -> None:
    copy = tmp_path / "journal_src"
    shutil.copytree(SAMPLE, copy)
    before = _bundle(copy)
    assert before is not None
    originals = {p: p.read_text(encoding="utf-8") for p in copy.rglob("*.tgj")}
    for path, text in originals.items():
        assert not format_source(path.name, text).changed, f"{path.name} is not formatted"
        path.write_text(_untidy(text), encoding="utf-8")
    assert _bundle(copy) == before  # the untidy sources mean the same
    result = CliRunner().invoke(cli, ["fmt", str(copy)])
    assert result.exit_code == 0, result.output
    for path, text in originals.items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} did not format back"
    assert _bundle(copy) == before


@pytest.mark.parametrize("path", EVERY, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_formatting_is_idempotent_and_keeps_every_comment(path: Path) -> None:
    text = _readable(path)
    if text is None:
        pytest.skip("not a readable UTF-8 file")
    once = format_source(path.name, text)
    twice = format_source(path.name, once.text)
    assert not twice.changed
    assert len(once.text.rstrip("\n").split("\n")) == len(text.replace("\r\n", "\n").rstrip("\n").split("\n"))
    comments = [m.group(0) for m in re.finditer(r"//.*", text.replace("\r\n", "\n"))]
    assert [m.group(0) for m in re.finditer(r"//.*", once.text)] == [c.rstrip() for c in comments]


@pytest.mark.parametrize("case", [c for c in CASE_PATHS if any(
    (t := _readable(p)) is not None and format_source(p.name, t).changed
    for p in ([c] if c.is_file() else sorted(c.rglob("*.tgj"))))], ids=lambda p: p.name)
def test_a_formatted_case_builds_the_same_bundle_and_diagnostics(case: Path, tmp_path: Path) -> None:
    copy = tmp_path / case.name
    if case.is_file():
        shutil.copy(case, copy)
        if (case.parent / "tgc.toml").exists():
            shutil.copy(case.parent / "tgc.toml", tmp_path / "tgc.toml")
    else:
        shutil.copytree(case, copy)
    before, diags = _bundle(copy), run(Job(copy, "check")).diagnostics
    CliRunner().invoke(cli, ["fmt", str(copy)])
    assert _bundle(copy) == before
    after = run(Job(copy, "check")).diagnostics
    def seen(found: list[Diagnostic]) -> list[tuple[str, int, str]]:
        return [(d.code, d.span.line, d.message) for d in found]

    assert seen(after) == seen(diags)


def test_what_the_formatter_changes() -> None:
    text = ("@status  \"Cold Pyre\"   parts 6   // six parts\n"
            "    when parts 1-2->bos.1\n"
            "  text:   a fire\n\n"
            "==  101.1\n"
            "   Some prose  stays as it is.\n"
            "~gain   2 food\n"
            "~ roll d6:1-3->.block;4-6->end\n"
            "=  block\n"
            "*{ status \"Cold Pyre\" 1 ;secret 12 }   Sift ->   2   // a comment -> kept\n"
            "* Leave->end\n\n\n")
    assert format_source("t.tgj", text).text == (
        "@status \"Cold Pyre\" parts 6   // six parts\n"
        "  when parts 1-2 -> bos.1\n"
        "  text: a fire\n\n"
        "== 101.1\n"
        "Some prose  stays as it is.\n"
        "~ gain 2 food\n"
        "~ roll d6: 1-3 -> .block; 4-6 -> end\n"
        "= block\n"
        "* {status \"Cold Pyre\" 1; secret 12} Sift -> 2   // a comment -> kept\n"
        "* Leave -> end\n")


def test_a_file_with_syntax_errors_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "broken.tgj"
    path.write_text("@campaign \"T\"\n  start: 101\n== 101.1\n~  gain lots of food\n->end\n")
    result = CliRunner().invoke(cli, ["fmt", str(path)])
    assert result.exit_code == 1
    assert "not formatted: it has syntax errors (run `tgc check`)" in result.output
    assert "->end" in path.read_text()


def test_check_and_diff_write_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.tgj"
    path.write_text("@campaign \"T\"\n  start: 101\n@location 101 \"A\"\n  explore -> 101.1\n"
                    "== 101.1\n->end\n")
    checked = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
    assert checked.exit_code == 1 and f"{path}: not formatted" in checked.output
    diffed = CliRunner().invoke(cli, ["fmt", "--diff", str(path)])
    assert diffed.exit_code == 1 and "-->end\n+-> end\n" in diffed.output
    assert "->end" in path.read_text()
    assert CliRunner().invoke(cli, ["fmt", str(path)]).exit_code == 0
    assert CliRunner().invoke(cli, ["fmt", "--check", str(path)]).exit_code == 0
