"""Renderers: golden output of every format, plus the key facts of each format checked
structurally (SARIF and JSON shape, GitHub escaping, caret placement, lazy loading)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tgc.version
from tests.golden import Golden
from tests.render_cases import CASES, GONE, LIB, MIXED, STORY, sources
from tgc.diagnostics.codes import CATALOGUE, Rule
from tgc.diagnostics.model import Diagnostic, Label, Severity
from tgc.diagnostics.render import FORMATS, github, human, sarif
from tgc.diagnostics.render import json as json_format
from tgc.source import SourceFile, Span

SUFFIXES = {
    "human": "human.txt",
    "concise": "concise.txt",
    "json": "json",
    "sarif": "sarif.json",
    "github": "github.txt",
}
CASE_DIAGNOSTICS = {"mixed": MIXED, "clean": ()}


@pytest.fixture
def stable_sarif(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A fixed version and a stand-in catalogue, so the SARIF golden does not change every
    time a rule is added or reworded (the real catalogue is checked structurally below)."""
    monkeypatch.setattr(tgc.version, "__version__", "0.0.0+golden")
    codes = sorted({d.code for d in MIXED} | {"TGC999"})
    fake = {
        code: Rule(code, CATALOGUE[code].name, CATALOGUE[code].severity, "{detail}",
                   f"summary of {code}", f"explanation of {code}")
        for code in codes
    }
    monkeypatch.setattr(sarif, "CATALOGUE", fake)
    yield


def test_formats_are_registered() -> None:
    assert sorted(FORMATS) == sorted(SUFFIXES)
    assert "human" in FORMATS and "html" not in FORMATS
    assert len(FORMATS) == len(SUFFIXES)


@pytest.mark.parametrize("case", sorted(CASE_DIAGNOSTICS))
@pytest.mark.parametrize("fmt", sorted(SUFFIXES))
def test_golden(golden: Golden, stable_sarif: None, fmt: str, case: str) -> None:
    diagnostics = list(CASE_DIAGNOSTICS[case])
    golden(CASES / f"{case}.{SUFFIXES[fmt]}", FORMATS[fmt](diagnostics, sources()))


@pytest.mark.parametrize("fmt", sorted(SUFFIXES))
def test_order_of_input_does_not_matter(fmt: str) -> None:
    render = FORMATS[fmt]
    assert render(list(reversed(MIXED)), sources()) == render(list(MIXED), sources())


@pytest.mark.parametrize("fmt", sorted(SUFFIXES))
def test_ignored_diagnostics_are_not_rendered(fmt: str) -> None:
    hidden = MIXED[0].with_severity(Severity.IGNORE)
    render = FORMATS[fmt]
    assert render([hidden, *MIXED[1:]], sources()) == render(list(MIXED[1:]), sources())


# ---------------------------------------------------------------- human


def _one(span: Span, text: str) -> str:
    d = Diagnostic("TGC101", "unknown-verse", Severity.ERROR, "m", span)
    return human.render([d], {span.file: SourceFile.from_text(span.file, text)})


def _caret_row(output: str) -> str:
    return next(line for line in output.splitlines() if "^" in line)


def test_human_expands_tabs_so_carets_line_up() -> None:
    output = _one(Span("t.tgj", 1, 3, 1, 6), "\t\tabc def")
    source_row = next(line for line in output.splitlines() if line.startswith("1 |"))
    caret_row = _caret_row(output)
    assert "\t" not in output
    assert source_row.index("abc") == caret_row.index("^^^")


def test_human_wide_characters_take_two_cells() -> None:
    output = _one(Span("t.tgj", 1, 3, 1, 5), "龍龍ab")
    assert _caret_row(output) == "  |     ^^"


def test_human_control_characters_are_replaced() -> None:
    output = _one(Span("t.tgj", 1, 1, 1, 2), "\x1b[31mred")
    assert "\x1b" not in output
    assert "\ufffd[31mred" in output


@pytest.mark.parametrize("fmt", ["human", "concise"])
def test_file_names_and_messages_cannot_inject_lines_or_escapes(fmt: str) -> None:
    """A file name with a newline would start a GitHub Actions workflow command in a CI log,
    and a quoted name can carry terminal escapes (issue 18, point 13)."""
    name = "x\n::error file=a::owned\x1b]0;pwn\x07.tgj"
    d = Diagnostic("TGC105", "unknown-status", Severity.ERROR, 'no status "\x1b[2J\u202eX"',
                   Span(name, 1, 1, 1, 2), hint="did you mean `\x1b[31mY`?",
                   labels=(Label(Span(name, 1, 1, 1, 2), "here\x9b"),))
    output = FORMATS[fmt]([d], {name: SourceFile.from_text(name, "abc")})
    assert not any(ch in output for ch in "\x1b\x07\x9b\u202e")
    assert "\n::error" not in output
    assert "x\\x0a::error file=a::owned\\x1b]0;pwn\\x07.tgj" in output
    assert '"\\x1b[2J\\u202eX"' in output


def test_human_long_lines_are_cut_around_the_caret() -> None:
    text = "a" * 10_000 + "XYZ" + "b" * 10_000
    output = _one(Span("t.tgj", 1, 10_001, 1, 10_004), text)
    source_row = next(line for line in output.splitlines() if line.startswith("1 |"))
    assert len(source_row) < 200 and source_row.startswith("1 | ...") and source_row.endswith("...")
    caret = _caret_row(output)
    assert source_row[caret.index("^"):caret.index("^") + 3] == "XYZ"
    assert caret.count("^") == 3


def test_human_span_past_the_end_of_file_still_gets_a_caret() -> None:
    output = _one(Span("t.tgj", 9, 5, 9, 5), "one line")
    assert "9 |\n" in output
    assert _caret_row(output) == "  | ^"


def test_human_message_and_hint_on_several_lines_stay_aligned() -> None:
    d = Diagnostic("TGC001", "syntax-error", Severity.ERROR, "first\nsecond",
                   Span("x.tgj", 1, 1, 1, 2), hint="one\ntwo")
    output = human.render([d], {})
    assert "error[TGC001]: first\n               second\n" in output
    assert "  = hint: one\n          two\n" in output


def test_human_color_is_ansi_only_when_asked() -> None:
    plain = human.render(list(MIXED), sources())
    colored = human.render(list(MIXED), sources(), color=True)
    assert "\x1b[" not in plain
    assert "\x1b[1;31merror[TGC101]" in colored
    assert re.sub(r"\x1b\[[0-9;]*m", "", colored) == plain


def test_human_summary_counts() -> None:
    assert human.render([], {}) == "no problems found\n"
    assert human.render(list(MIXED), sources()).endswith("\n6 errors, 1 warning, 1 info\n")


@given(
    text=st.text(alphabet=st.sampled_from("ab \t龍é\u0301\x00"), max_size=12),
    line=st.integers(1, 3),
    col=st.integers(-2, 15),
    width=st.integers(-3, 15),
    end_line=st.integers(0, 4),
)
def test_human_never_fails_and_always_underlines(
    text: str, line: int, col: int, width: int, end_line: int
) -> None:
    output = _one(Span("p.tgj", line, col, end_line, col + width), text)
    assert "\t" not in output
    assert "^" in _caret_row(output)


# ---------------------------------------------------------------- json


def test_json_document_shape() -> None:
    doc = json.loads(json_format.render(list(MIXED), sources()))
    assert doc["version"] == 1
    assert doc["summary"] == {"errors": 6, "warnings": 1, "infos": 1}
    first = doc["diagnostics"][0]
    assert set(first) == {"code", "name", "severity", "message", "hint", "file", "line",
                          "column", "end_line", "end_column", "labels"}
    assert set(first["labels"][0]) == {"file", "line", "column", "end_line", "end_column",
                                       "message"}


def test_json_is_sorted_and_indented() -> None:
    text = json_format.render(list(MIXED), sources())
    doc = json.loads(text)
    assert text == json.dumps(doc, sort_keys=True, indent=2) + "\n"


# ---------------------------------------------------------------- sarif


def test_sarif_key_facts() -> None:
    doc = json.loads(sarif.render(list(MIXED), sources()))
    assert doc["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert doc["version"] == "2.1.0"
    (run,) = doc["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    driver = run["tool"]["driver"]
    assert driver["name"] == "tgc"
    assert driver["version"] == tgc.version.__version__
    assert driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    assert [r["id"] for r in rules] == sorted(CATALOGUE)
    levels = {"error": "error", "warning": "warning", "info": "note"}
    for rule in rules:
        entry = CATALOGUE[rule["id"]]
        assert rule["name"] == entry.name
        assert rule["shortDescription"]["text"] == entry.summary
        assert rule["fullDescription"]["text"] == entry.explanation
        assert rule["defaultConfiguration"]["level"] == levels[entry.severity.value]
        assert rule["helpUri"].endswith(f"docs/diagnostics.md#{entry.code.lower()}")
    for result, d in zip(run["results"], sorted(MIXED, key=Diagnostic.sort_key), strict=True):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == d.code
        assert result["level"] == levels[d.severity.value]
        assert result["message"]["text"].startswith(d.message)
        (location,) = result["locations"]
        region = location["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"], region["endLine"],
                region["endColumn"]) == (d.span.line, d.span.col, d.span.end_line, d.span.end_col)
        assert len(result.get("relatedLocations", [])) == len(d.labels)


def test_sarif_hint_and_labels() -> None:
    (result,) = sarif.log([MIXED[4]])["runs"][0]["results"]
    text = "verse `101.2` is declared twice\nhint: rename one of the verses"
    assert result["message"]["text"] == text
    (related,) = result["relatedLocations"]
    assert related["message"]["text"] == "first declared here"
    assert related["physicalLocation"]["artifactLocation"]["uri"] == LIB


@pytest.mark.parametrize(("name", "uri"), [
    (STORY, "story.tgj"),
    ("chapters\\two.tgj", "chapters/two.tgj"),
    (GONE, "chapter%202/gone%2C1.tgj"),
    ("/home/w/camp/a.tgj", "file:///home/w/camp/a.tgj"),
    ("C:\\camp\\a b.tgj", "file:///C:/camp/a%20b.tgj"),
])
def test_sarif_file_uri(name: str, uri: str) -> None:
    assert sarif.file_uri(name) == uri


# ---------------------------------------------------------------- github


def test_github_escaping() -> None:
    assert github.escape_data("100%\r\na:b,c") == "100%25%0D%0Aa:b,c"
    assert github.escape_property("100%\r\na:b,c") == "100%25%0D%0Aa%3Ab%2Cc"


def test_github_commands_per_severity() -> None:
    lines = github.render(list(MIXED), sources()).splitlines()
    assert len(lines) == len(MIXED)
    assert sum(line.startswith("::error ") for line in lines) == 6
    assert sum(line.startswith("::warning ") for line in lines) == 1
    assert sum(line.startswith("::notice ") for line in lines) == 1


def test_github_multi_line_span_has_no_columns() -> None:
    (line,) = github.render([MIXED[6]], {}).splitlines()
    head = "::notice file=story.tgj,line=5,endLine=7,title=TGC118 hook-without-seal::"
    assert line.startswith(head)


def test_github_label_lines() -> None:
    d = Diagnostic("TGC110", "duplicate-verse", Severity.ERROR, "twice", Span("a.tgj", 2, 1, 2, 3),
                   labels=(Label(Span("b.tgj", 1, 1, 1, 3), "here"),))
    assert github.render([d], {}).endswith("::twice%0Ab.tgj:1:1: here\n")


# ---------------------------------------------------------------- registry


def test_formats_import_lazily() -> None:
    code = (
        "import sys\n"
        "from tgc.diagnostics.render import FORMATS\n"
        "FORMATS['concise']\n"
        "print(sorted(m for m in sys.modules if m.startswith('tgc.diagnostics.render.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['tgc.diagnostics.render.base', 'tgc.diagnostics.render.concise']"
