"""The Pygments lexer (issue 15): registered as the `tgj` entry point, it reads every
file of the sample and every syntax case without an error token, gives back exactly the
text it was given, and tells the line classes apart."""

from __future__ import annotations

import re
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


_FENCE = re.compile(r"^( *)```tgj\n(.*?)^\1```", re.S | re.M)
DOC_BLOCKS = [(doc.name, n, "\n".join(line[len(m.group(1)):] for line in m.group(2).split("\n")))
              for doc in sorted((ROOT / "docs").glob("*.md"))
              for n, m in enumerate(_FENCE.finditer(doc.read_text(encoding="utf-8")), start=1)]


@pytest.mark.parametrize(("doc", "number", "code"), DOC_BLOCKS,
                         ids=[f"{doc}-{n}" for doc, n, _ in DOC_BLOCKS])
def test_every_tgj_block_of_the_docs_lexes_without_errors(doc: str, number: int, code: str) -> None:
    """The docs mark journal code ```tgj, which MkDocs and Sphinx highlight with this lexer
    (and `tgc explain` prints the catalogue's examples with it)."""
    assert [value for kind, value in TgjLexer().get_tokens(code) if kind in Error] == []


def test_the_docs_mark_journal_code_as_tgj() -> None:
    assert len(DOC_BLOCKS) > 100
