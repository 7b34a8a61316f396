"""Suppression comments: what they silence, and TGC901 for what they do not."""

from __future__ import annotations

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic, Severity
from tgc.diagnostics.suppress import apply_suppressions
from tgc.source import Span

F = "story.tgj"


def _at(line: int, code: str = "TGC101", file: str = F) -> Diagnostic:
    args: dict[str, dict[str, object]] = {
        "TGC101": {"ref": "1.9"}, "TGC007": {"name": "gold"}, "TGC999": {"detail": "x"}
    }
    return diag(code, Span(file, line, 4, line, 9), None, (), **args[code])


def _comment(line: int) -> Span:
    return Span(F, line, 12, line, 36)


def test_code_or_name_any_case_silences_its_line() -> None:
    found = [_at(2), _at(3, "TGC007"), _at(4)]
    suppressions = {F: [(2, ("tgc101",), _comment(2)), (3, ("Unknown-Icon",), _comment(3))]}
    assert apply_suppressions(found, suppressions) == [found[2]]


def test_only_the_listed_code_on_the_listed_line_of_the_listed_file() -> None:
    found = [_at(2, "TGC007"), _at(3), _at(2, file="other.tgj")]
    kept = apply_suppressions(found, {F: [(2, ("TGC007",), _comment(2))]})
    assert kept == [found[1], found[2]]


def test_unused_suppression_is_reported_at_the_comment() -> None:
    (unused,) = apply_suppressions([], {F: [(5, ("TGC101",), _comment(5))]})
    assert unused.code == "TGC901"
    assert unused.severity is Severity.WARNING
    assert unused.span == _comment(5)
    assert unused.message == "this suppression of `TGC101` suppresses nothing"
    assert unused.hint == "remove the comment"


def test_partly_used_suppression_lists_only_the_unused_codes() -> None:
    kept = apply_suppressions([_at(2)], {F: [(2, ("TGC101", "TGC007"), _comment(2))]})
    (unused,) = kept
    assert unused.message == "this suppression of `TGC007` suppresses nothing"
    assert unused.hint == "remove `TGC007` from the list"


def test_unknown_code_in_a_suppression_gets_a_did_you_mean() -> None:
    (unused,) = apply_suppressions([], {F: [(2, ("TGC1O1",), _comment(2))]})
    assert unused.message == "this suppression of `TGC1O1` suppresses nothing"
    assert unused.hint == "remove the comment; `TGC1O1` is not a tgc code; did you mean `TGC101`?"


def test_one_diagnostic_uses_every_code_naming_it() -> None:
    suppressions = {F: [(2, ("TGC101", "unknown-verse"), _comment(2))]}
    assert apply_suppressions([_at(2)], suppressions) == []


def test_two_comments_for_one_line_both_count_as_used() -> None:
    suppressions = {F: [(2, ("TGC101",), _comment(2)), (2, ("TGC101",), _comment(2))]}
    assert apply_suppressions([_at(2)], suppressions) == []


def test_empty_code_list_silences_every_code_on_the_line() -> None:
    assert apply_suppressions([_at(2), _at(2, "TGC007")], {F: [(2, (), _comment(2))]}) == []
    (unused,) = apply_suppressions([], {F: [(2, (), _comment(2))]})
    assert unused.message == "this suppression of every code suppresses nothing"


def test_internal_errors_are_never_silenced() -> None:
    internal = _at(2, "TGC999")
    kept = apply_suppressions([internal], {F: [(2, ("TGC999",), _comment(2))]})
    assert kept[0] is internal
    assert [d.code for d in kept] == ["TGC999", "TGC901"]


def test_multi_line_diagnostic_is_matched_by_its_first_line() -> None:
    d = diag("TGC101", Span(F, 2, 1, 4, 3), ref="x")
    assert apply_suppressions([d], {F: [(4, ("TGC101",), _comment(4))]})[0] is d
    assert apply_suppressions([d], {F: [(2, ("TGC101",), _comment(2))]}) == []
