"""Property tests of the parser: no input makes ``parse_source`` raise, whether it is
arbitrary text or lines assembled from the language's own tokens, and every span it
reports lies inside the file."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.test_fastpath import LINES
from tgc.diagnostics.model import Diagnostic
from tgc.source import SourceFile
from tgc.syntax.dump import dump
from tgc.syntax.parser import parse_source

SIGILS = ["@", "@campaign", "@status", "@location", "@event", "==", "=", "*", "**", "~", "->",
          "//", "\\", "{", "}", "(", ")", ":", ";", ",", '"', "-", "+", ".", "  ", "\t", "\r\n",
          "\ufeff", "²", "end", "game", "not", "if", "any", "parts", "boxes", "when", "- ", "key:"]
TOKENS = st.one_of(st.sampled_from(SIGILS), st.text(max_size=6), st.integers(-3, 300).map(str))
TOKEN_LINES = st.lists(TOKENS, max_size=8).map(" ".join)
ANY_LINES = st.one_of(TOKEN_LINES, st.text(max_size=40), LINES.map(lambda kl: kl[1]))


def _parse_both(text: str) -> list[Diagnostic]:
    source = SourceFile.from_text("x.tgj", text)
    fast_tree, fast_diags = parse_source(source, fast=True)
    slow_tree, slow_diags = parse_source(source, fast=False)
    assert dump(fast_tree) == dump(slow_tree)
    assert fast_diags == slow_diags
    for d in fast_diags:
        assert 1 <= d.span.line <= d.span.end_line <= len(source.lines), d
        assert d.span.col >= 1 and d.span.end_col >= 1, d
    return fast_diags


@settings(max_examples=200, deadline=None)
@given(st.text())
@example("== 1.²\n-> ²\n@event ²\n")
@example("\ufeff\r\n@\r== \r\x00")
def test_arbitrary_text_never_raises(text: str) -> None:
    _parse_both(text)


@settings(max_examples=100, deadline=None)
@given(st.lists(ANY_LINES, max_size=12).map("\n".join))
def test_lines_of_language_tokens_never_raise(text: str) -> None:
    _parse_both(text)


@settings(max_examples=50, deadline=None)
@given(st.lists(ANY_LINES, max_size=6))
def test_inside_a_verse_and_a_declaration_too(lines: list[str]) -> None:
    body = "\n".join(lines)
    indented = "\n".join("  " + line for line in lines)
    _parse_both("== 101.1\n" + body + "\n@location 1\n" + indented + "\n")


CAMPAIGN = '@campaign "P"\n  start: 101\n@location 101 "Farm"\n  explore -> 101.1\n== 101.1\n'


@settings(max_examples=80, deadline=None)
@given(st.lists(ANY_LINES, max_size=10))
def test_the_checks_never_raise_on_what_the_parser_gives(lines: list[str]) -> None:
    """Symbols, resolution and every registered check take any parsed file."""
    from tgc.pipeline import analyse

    tree, _ = parse_source(SourceFile.from_text("x.tgj", CAMPAIGN + "\n".join(lines) + "\n"))
    _, diagnostics = analyse([tree])
    assert "TGC999" not in {d.code for d in diagnostics}
