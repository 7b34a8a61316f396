"""Issue 14's acceptance, kept: every numbered rule of the Grimslingers spec
(shared/rules/grimslingers.md, GS-1.1 ... GS-16.11, 121 rules) and every one of its
38 ambiguities (§17, GS-A1 ... GS-A38) has a test named after it (`test_gs_7_1_...`,
`test_gs_a14_...`, or an id among several in one name, `test_gs_16_4_..._gs_16_5_...`).
A test named after an ambiguity pins the reading the spec decided (or, where the
rulebook disagrees, the rulebook's, as docs/rules.md says)."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# How many numbered rules each section of the spec has (§§1-16, GS-n.1 ... GS-n.N).
SECTIONS = {1: 5, 2: 9, 3: 11, 4: 7, 5: 3, 6: 10, 7: 5, 8: 5, 9: 8, 10: 9, 11: 6, 12: 8,
            13: 5, 14: 9, 15: 10, 16: 11}
RULE_IDS = [f"GS-{section}.{n}" for section, count in SECTIONS.items()
            for n in range(1, count + 1)]
AMBIGUITIES = [f"GS-A{n}" for n in range(1, 39)]


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        names.update(m.group(1).casefold() for m in re.finditer(
            r"^(?:async )?def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return names


def token(rule: str) -> str:
    """``GS-7.1`` -> ``_gs_7_1_``; the underscores on both sides keep GS-1.1 apart from
    GS-11.x and GS-1.10 apart from GS-1.1."""
    return "_" + re.sub(r"[-.]", "_", rule.casefold()) + "_"


def named(rule: str, names: set[str]) -> list[str]:
    return sorted(n for n in names if token(rule) in n)


def test_the_spec_has_121_rules_and_38_ambiguities() -> None:
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 121
    assert len({token(r) for r in (*RULE_IDS, *AMBIGUITIES)}) == 121 + 38
    assert named("GS-1.1", {"test_gs_11_1_x", "test_gs_1_10_x"}) == []
    assert named("GS-A1", {"test_gs_a13_x", "test_gs_a1_x"}) == ["test_gs_a1_x"]


def test_every_rule_of_the_spec_has_a_test_named_after_it() -> None:
    names = defined_tests()
    missing = [r for r in RULE_IDS if not named(r, names)]
    assert not missing, f"rule ids with no test named after them: {missing}"


def test_every_ambiguity_of_the_spec_has_a_test_pinning_its_reading() -> None:
    names = defined_tests()
    missing = [r for r in AMBIGUITIES if not named(r, names)]
    assert not missing, f"ambiguities with no test named after them: {missing}"
