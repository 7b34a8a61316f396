"""Inline markup of bundle prose: icons, CommonMark emphasis, escapes (LANGUAGE.md)."""

from __future__ import annotations

import doctest

import pytest

from tgc.bundle import markup
from tgc.bundle.markup import Span, parse, plain


def test_the_icons_are_every_rulesets() -> None:
    """The parser and the markup read one set: every registered ruleset's icons, so a
    ruleset registered later gets its icons at once."""
    from tgc import rulesets
    from tgc.rulesets.spec import RulesetSpec, Vocabulary

    assert plain(":food: :coin:") == "[food] :coin:"
    rulesets.register(RulesetSpec("icon-test", "Icons", Vocabulary(icons=frozenset({"coin"}))))
    try:
        assert plain(":food: :coin:") == "[food] [coin]"
    finally:
        rulesets.unregister("icon-test")
    assert plain(":coin:") == ":coin:"


def test_doctest() -> None:
    result = doctest.testmod(markup)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("text", "spans"), [
    ("plain words", [Span("plain words")]),
    ("a **b** c", [Span("a "), Span("b", bold=True), Span(" c")]),
    ("_x_ y", [Span("x", italic=True), Span(" y")]),
    ("**bold _both_**", [Span("bold ", bold=True), Span("both", bold=True, italic=True)]),
    ("(_a_).", [Span("("), Span("a", italic=True), Span(").")]),
    (":magic: and :nope:", [Span("magic", icon="magic"), Span(" and :nope:")]),
    ("**:food:**", [Span("food", bold=True, icon="food")]),
])
def test_spans(text: str, spans: list[Span]) -> None:
    assert parse(text) == spans


@pytest.mark.parametrize("text", [
    "snake_case_name", "a ** b ** c", "**unclosed", "_", "word_", "*single*", "__double__",
    "2 * 3 * 4", "x_y_",
])
def test_what_is_not_emphasis_stays_literal(text: str) -> None:
    assert parse(text) == [Span(text)]


@pytest.mark.parametrize(("text", "shown"), [
    (r"marks \_ \_ \_ here", "marks _ _ _ here"),
    (r"\:food: \*\*no\*\* \\ \{", r":food: **no** \ {"),
    ("smoked eel :food: and **bread**", "smoked eel [food] and **bread**"),
    ("_Somewhere, a bell._", "_Somewhere, a bell._"),
])
def test_plain(text: str, shown: str) -> None:
    assert plain(text) == shown
