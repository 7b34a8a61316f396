"""docs/rules.md, Tainted Grail's part: every test it names exists, and every choice
where the rulebooks are silent or garbled names the test that holds it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TAINTED_GRAIL = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").split("\n# ")[0]


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return names


def test_every_test_the_page_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", TAINTED_GRAIL))
    assert named and sorted(named - defined_tests()) == []


def test_every_choice_names_its_test() -> None:
    rows = [line for line in TAINTED_GRAIL.splitlines() if re.match(r"\| \d+[a-z]? \|", line)]
    assert len(rows) > 30
    untested = [row.split("|")[1].strip() for row in rows
                if "`test_" not in row and "(safety net)" not in row]
    assert untested == []
