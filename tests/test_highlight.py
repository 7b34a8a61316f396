"""The Pygments lexer (issue 15): registered as the `tgj` entry point, it reads every
file of the sample and every syntax case without an error token, gives back exactly the
text it was given, and tells the line classes apart."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Operator, String

from tgc.syntax.highlight import TgjLexer

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*(ROOT / "journal_src").rglob("*.tgj"), *(ROOT / "tests" / "cases" / "syntax").glob("*.tgj")])


def test_the_lexer_is_found_by_name_and_by_file_name() -> None:
    assert isinstance(get_lexer_by_name("tgj"), TgjLexer)
    assert isinstance(get_lexer_for_filename("201-caer-morwen.tgj"), TgjLexer)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_lexes_without_errors_and_round_trips(path: Path) -> None:
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n").lstrip("\ufeff")
    tokens = list(TgjLexer().get_tokens(text))
    assert "".join(value for _, value in tokens) == (text if text.endswith("\n") else text + "\n")
    assert [value for kind, value in tokens if kind in Error] == []


def test_line_classes_get_their_tokens() -> None:
    text = ('@status "Cold Pyre" parts 6   // six\n'
            "  when parts 1-2 -> bos.1\n"
            "== 101.1\n"
            "The :food: runs low.\n"
            '* {status "Cold Pyre" 1; not secret 12} Sift -> 2\n'
            "~ if courage >= 2 -> 3\n"
            "-> end\n")
    tokens = [(kind, value) for kind, value in TgjLexer().get_tokens(text) if value.strip()]
    assert (Keyword.Declaration, "status") in tokens
    assert (String.Double, '"Cold Pyre"') in tokens
    assert (Comment.Single, "// six") in tokens
    assert (Name.Attribute, "when") in tokens
    assert (Name.Function, "101.1") in tokens and (Name.Function, "bos.1") in tokens
    assert (Name.Constant, ":food:") in tokens
    assert (Keyword, "not") in tokens and (Operator, "->") in tokens
    assert (Name.Function, "2") in tokens and (Name.Function, "3") in tokens
