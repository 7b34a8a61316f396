"""`tgc fmt` (issue 15): canonical layout, idempotent, comments kept, and never a change
of meaning: the bundle built after formatting is the one built before but for the
source map's line numbers (lines move: blank lines, property order), on the sample (made
untidy first, after which it formats back to the very same bytes) and on every case
file that formatting changes."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_check_cases import CASE_PATHS
from tgc.bundle.compile import CompileError
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
    lines, trailing blanks, spaces around guards, verses without the blank line between
    them or with three, a location's `text:` before its other properties and a secret's
    `keywords:` after its text (what the formatter must undo)."""
    out: list[str] = []
    for number, line in enumerate(text.split("\n")):
        if line.startswith("== ") and len(out) > 1 and not out[-1]:
            if number % 2 and not out[-2].startswith("//"):
                out.pop()
            else:
                out.extend(["", ""])
        if line.startswith(("* ", "~ ", "-> ", "= ")) and not line.startswith("* {otherwise}"):
            sigil, rest = line.split(" ", 1)
            line = "  " + sigil + ("  " if sigil == "~" else "") + rest.replace(" -> ", "->", 1)
        line = re.sub(r"^\* \{(.*?)\} ", r"* { \1 }  ", line) if line.startswith("* {") else line
        out.append(line + ("  " if line.strip() else ""))
    return _shuffle_properties("\n".join(out))


def _shuffle_properties(text: str) -> str:
    """A location's `text:` (with its continuation lines) first, a secret's `keywords:` last."""
    text = re.sub(r"(@location [^\n]*\n)((?:  [^\n]*\n)*?)(  text:[^\n]*\n(?:    [^\n]*\n)*)",
                  r"\1\3\2", text)
    return re.sub(r"(@secret [^\n]*\n)(  keywords:[^\n]*\n)((?:  [^\n]*\n)+)", r"\1\3\2", text)


def _positions_aside(bundle: str | None) -> object:
    """A bundle without its source map: what the campaign means, not where it says it."""
    if bundle is None or not bundle.startswith("{"):
        return bundle
    data = json.loads(bundle)
    data.pop("source_map", None)
    return data


def _bundle(root: Path) -> str | None:
    """The bundle's JSON, or None (errors), or why it cannot be built, positions aside."""
    try:
        result = run(Job(root, "bundle"))
    except CompileError as err:
        return re.sub(r":\d+:\d+:", ":", str(err))
    return dump_bundle(result.bundle) if result.bundle is not None else None


def test_the_sample_is_formatted_and_an_untidy_copy_formats_back_to_it(tmp_path: Path) -> None:
    copy = tmp_path / "journal_src"
    shutil.copytree(SAMPLE, copy)
    before = _bundle(copy)
    assert before is not None
    originals = {p: p.read_text(encoding="utf-8") for p in copy.rglob("*.tgj")}
    untidy = {p: _untidy(text) for p, text in originals.items()}
    assert sum(untidy[p].count("\n") != text.count("\n") for p, text in originals.items()) >= 5
    assert sum(re.search(r"@location [^\n]*\n  text:", t) is not None for t in untidy.values()) >= 5
    assert re.search(r"@secret [^\n]*\n  text:", "".join(untidy.values()))
    for path, text in originals.items():
        assert not format_source(path.name, text).changed, f"{path.name} is not formatted"
        path.write_text(untidy[path], encoding="utf-8")
    assert _positions_aside(_bundle(copy)) == _positions_aside(before)  # the untidy sources mean the same
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
    def lines(found: str) -> int:
        return sum(1 for line in found.split("\n") if line.strip())

    assert lines(once.text) == lines(text)  # lines move and are tidied, none is lost or added
    comments = [m.group(0).rstrip() for m in re.finditer(r"//.*", text.replace("\r\n", "\n"))]
    found = [m.group(0) for m in re.finditer(r"//.*", once.text)]
    assert Counter(found) == Counter(comments)
    if "\n@location" not in text and "@campaign" not in text.split("==")[0][1:]:
        assert found == comments  # only a property's move takes its comments along


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
    after_bundle = _bundle(copy)
    assert _positions_aside(after_bundle) == _positions_aside(before)
    if after_bundle is not None and after_bundle.startswith("{"):
        assert json.loads(after_bundle)["source_map"].keys() == json.loads(before or "")["source_map"].keys()
    after = run(Job(copy, "check")).diagnostics
    def seen(found: list[Diagnostic]) -> Counter[tuple[str, str, str]]:
        return Counter((d.code, d.severity, re.sub(r"\bline \d+", "line N", d.message)) for d in found)

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


def test_blank_lines_and_property_order() -> None:
    text = ("\n\n@campaign \"T\"   // the campaign\n"
            "  players: 1-4\n"
            "  // where play starts\n"
            "  start: 101\n"
            "  ruleset: tainted-grail\n"
            "@location 101 \"A\"\n"
            "  text: Fields\n"
            "    and walls.\n"
            "  explore -> 101.1\n"
            "  keys: up 102\n"
            "  legacy: 100\n"
            "@location 102 \"B\"\n"
            "  explore -> 101.2\n"
            "== 101.1\n"
            "First paragraph.\n\n\n"
            "Second paragraph.\n"
            "-> 2\n"
            "// the second verse\n"
            "// tgc: ignore[TGC201]\n"
            "== 101.2\n"
            "-> end\n\n\n\n"
            "== 101.3\n"
            "-> end\n"
            "@secret 12 \"Rites\"\n"
            "  text: A rite.\n"
            "  keywords: relic\n")
    assert format_source("t.tgj", text).text == (
        "@campaign \"T\"   // the campaign\n"
        "  ruleset: tainted-grail\n"
        "  // where play starts\n"
        "  start: 101\n"
        "  players: 1-4\n"
        "@location 101 \"A\"\n"
        "  legacy: 100\n"
        "  keys: up 102\n"
        "  explore -> 101.1\n"
        "  text: Fields\n"
        "    and walls.\n"
        "@location 102 \"B\"\n"
        "  explore -> 101.2\n"
        "\n== 101.1\n"
        "First paragraph.\n\n"
        "Second paragraph.\n"
        "-> 2\n\n"
        "// the second verse\n"
        "// tgc: ignore[TGC201]\n"
        "== 101.2\n"
        "-> end\n\n"
        "== 101.3\n"
        "-> end\n\n"
        "@secret 12 \"Rites\"\n"
        "  keywords: relic\n"
        "  text: A rite.\n")


def _formatted_texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted(SAMPLE.rglob("*.tgj"))]
    return [t for t in texts if "@location" in t or t.count("\n== ") > 3][:6]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_formatting_undoes_random_untidiness_and_is_idempotent(data: st.DataObject) -> None:
    """A formatted sample file made untidy at random (blank lines doubled, a verse's blank
    line taken away, indentation and trailing blanks, a declaration's one-line properties
    shuffled) formats back to itself; any random blank lines at all format to a fixpoint."""
    text = data.draw(st.sampled_from(_formatted_texts()))
    lines = text.split("\n")
    out: list[str] = []
    for line in lines:
        match data.draw(st.sampled_from(["keep", "keep", "double", "drop", "indent", "trail"])):
            case "double" if not line:
                out.extend(["", ""])
                continue
            case "drop" if line.startswith("== ") and len(out) > 1 and not out[-1] \
                    and not out[-2].lstrip().startswith("//"):
                out[-1:] = []
            case "indent" if line[:1] in ("~", "*", "-"):
                line = "   " + line
            case "trail":
                line += "  "
            case _:
                pass
        out.append(line)
    untidy = _shuffle_one_line_properties("\n".join(out), data)
    assert format_source("f.tgj", untidy).text == text
    noisy = "\n".join(line + "\n" * data.draw(st.integers(0, 2)) for line in lines)
    once = format_source("f.tgj", noisy)
    assert once.problem is None or "meaning" not in once.problem
    assert format_source("f.tgj", once.text).text == once.text


def _shuffle_one_line_properties(text: str, data: st.DataObject) -> str:
    """Each declaration's run of one-line ``key: value`` properties in a random order."""
    out, block = [], []
    for line in [*text.split("\n"), "\0"]:
        if re.match(r"  [\w-]+: \S", line) and not line.startswith("  text:"):
            block.append(line)
            continue
        if line.startswith("   ") and block:
            out.extend(block)  # the last one continues on this line: left in its place
        else:
            out.extend(data.draw(st.permutations(block)) if block else [])
        block = []
        out.append(line)
    return "\n".join(out[:-1])
