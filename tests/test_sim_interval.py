"""The one Wilson interval (tgc/sim/interval.py) that every ruleset's simulator prints."""

from __future__ import annotations

import re
from pathlib import Path

from tgc.rulesets.grimslingers.engines.sim import DuelReport
from tgc.sim.interval import wilson

TGC = Path(__file__).resolve().parents[1] / "tgc"


def test_the_bounds_are_exact_at_no_wins_and_at_every_win() -> None:
    for n in range(1, 1001):
        low, high = wilson(0, n)
        assert low == 0.0 and 0.0 < high < 1.0
        low, high = wilson(n, n)
        assert high == 1.0 and 0.0 < low < 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_known_values_and_symmetry() -> None:
    assert [round(x, 4) for x in wilson(5, 10)] == [0.2366, 0.7634]
    assert [round(x, 3) for x in wilson(50, 100)] == [0.404, 0.596]
    for wins, n in ((1, 7), (3, 40), (17, 300)):
        low, high = wilson(wins, n)
        mirror_low, mirror_high = wilson(n - wins, n)
        assert abs(low - (1 - mirror_high)) < 1e-12 and abs(high - (1 - mirror_low)) < 1e-12
        assert low < wins / n < high


def test_a_grimslingers_report_of_no_wins_starts_its_interval_at_exactly_zero() -> None:
    report = DuelReport("Hollow Rider", ("Kipper",), "random", 0)
    report.outcomes["lose"] = 23
    report.turns[3] = 23
    assert report.to_json()["win_interval_95"][0] == 0.0
    report.outcomes.clear()
    report.outcomes["win"] = 23
    assert report.to_json()["win_interval_95"][1] == 1.0


def test_no_ruleset_keeps_a_copy_of_its_own() -> None:
    definition = re.compile(r"^\s*def wilson\(", re.MULTILINE)
    defined = [str(path.relative_to(TGC)) for path in TGC.rglob("*.py")
               if definition.search(path.read_text(encoding="utf-8"))]
    assert defined == ["sim/interval.py"]
