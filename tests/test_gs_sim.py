"""Grimslingers duel simulation: reproducible reports, intervals, bad builds."""

from __future__ import annotations

import pytest

from tests.gs_helpers import RULES
from tgc.rulesets.grimslingers.engines.sim import Build, BuildError, simulate_duel
from tgc.sim.interval import wilson


def test_the_same_seed_gives_the_same_report_and_another_seed_may_differ() -> None:
    a = simulate_duel(RULES, "Dust Rustlers", (Build("Luella"),), 200, seed=5, policy="random")
    b = simulate_duel(RULES, "Dust Rustlers", (Build("Luella"),), 200, seed=5, policy="random")
    c = simulate_duel(RULES, "Dust Rustlers", (Build("Luella"),), 200, seed=6, policy="random")
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()
    assert a.runs == 200 and 0 < a.to_json()["win_rate"] < 1


def test_the_greedy_policy_beats_random_play() -> None:
    greedy = simulate_duel(RULES, "Dust Rustlers", (Build("Kipper"),), 300, policy="greedy")
    rand = simulate_duel(RULES, "Dust Rustlers", (Build("Kipper"),), 300, policy="random")
    assert greedy.to_json()["win_rate"] > rand.to_json()["win_rate"]
    low, high = greedy.to_json()["win_interval_95"]
    assert low <= greedy.to_json()["win_rate"] <= high
    assert "95% interval" in greedy.to_text()


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596


def test_an_unknown_creature_or_character_is_named() -> None:
    with pytest.raises(BuildError, match="Kippr"):
        simulate_duel(RULES, "Dust Rustlers", (Build("Kippr"),), 1)
    with pytest.raises(BuildError, match="known: Dust Rustlers"):
        simulate_duel(RULES, "Dust Rustler", (Build("Kipper"),), 1)
