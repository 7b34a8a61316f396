"""The grammar is LALR(1) without conflicts or terminal collisions: Lark's ``strict``
mode refuses any shift/reduce or reduce/reduce conflict and any two terminals of equal
priority that can match the same text (it needs ``lark[interegular]``, a test extra)."""

from __future__ import annotations

from tgc.syntax.parser import START_RULES, grammar_parser


def test_grammar_builds_in_strict_mode() -> None:
    strict = grammar_parser(strict=True)
    assert strict.options.parser == "lalr"
    assert strict.options.lexer == "contextual"
    assert sorted(strict.options.start) == sorted(START_RULES)
    line = '* {status "Cold Pyre" 3; pay 1 food} Sift the ashes -> bos.5'
    assert strict.parse(line, start="choice") == grammar_parser().parse(line, start="choice")
