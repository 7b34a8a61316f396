"""Grimslingers static checks: every catalogue example triggers its code (and its fixed
form does not), and the sample Tall Tale is clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.rulesets.grimslingers.codes import RULES
from tgc.rulesets.grimslingers.frontend import check_sources, read_folder
from tgc.source import SourceFile

SAMPLE = Path(__file__).parent.parent / "examples" / "grimslingers"


def codes(text: str) -> list[str]:
    return [d.code for d in check_sources([SourceFile.from_text("x.tgj", text)]).diagnostics]


@pytest.mark.parametrize("rule", [r for r in RULES if r.examples], ids=lambda r: r.code)
def test_every_example_triggers_its_code(rule: object) -> None:
    from tgc.diagnostics.rule import Rule
    assert isinstance(rule, Rule)
    for example in rule.examples:
        assert rule.code in codes(example), example
    if rule.fixed is not None:
        assert rule.code not in codes(rule.fixed)


def test_the_sample_tall_tale_has_no_errors_or_warnings() -> None:
    result = check_sources(read_folder(SAMPLE))
    assert [d for d in result.diagnostics if d.severity.name != "INFO"] == []
    tale = result.loaded.tale
    assert (len(tale.chapters), len(tale.paths), len(tale.parts), len(tale.areas),
            len(tale.creatures), len(tale.grimslingers)) == (1, 2, 8, 2, 4, 4)


def test_a_blocked_part_says_why_and_where() -> None:
    text = (SAMPLE / "campaign.tgj").read_text() + (
        '\n@card chapter 2 "Two"\n\n@card part 2.1 "Late"\n  chapter: 2\n'
        '  requires: completed 1.9 and on landmark 301\n')
    found = check_sources([SourceFile.from_text("x.tgj", text)]).diagnostics
    blocked = [d for d in found if d.code == "TGC574"]
    assert len(blocked) == 1
    assert "part 1.9 can never be completed" in blocked[0].message
    assert blocked[0].span.line == text.splitlines().index(
        "  requires: completed 1.9 and on landmark 301") + 1


def test_a_part_behind_a_blocked_part_is_blocked_too() -> None:
    text = ('@card part 1.1 "A"\n  requires: item "Ghost"\n\n'
            '@card part 1.2 "B"\n  requires: completed 1.1\n')
    found = check_sources([SourceFile.from_text("x.tgj", text)]).diagnostics
    messages = [d.message for d in found if d.code == "TGC574"]
    assert messages == ['part 1.1 can never be read: nothing grants the item "Ghost"',
                        "part 1.2 can never be read: part 1.1 can never be completed"]


def test_contradictory_prerequisites_are_reported() -> None:
    text = '@card part 1.1 "A"\n  requires: marker "M" and not marker "M"\n  actions: gain marker "M"\n'
    assert "TGC574" in codes(text)
