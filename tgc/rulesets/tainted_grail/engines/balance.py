"""Tainted Grail's balancing sheet (tgc/sim/balance.py asks for it): every encounter with
rule data x every party (each character alone unless parties are named) x chapter (the
party's state file there) x policy, each row a simulation of its own seed, measured by
win, escape and dying rates with their Wilson intervals, mean turns and Health lost."""

from __future__ import annotations

from typing import Any

from tgc.bundle.schema import Bundle
from tgc.rulesets.tainted_grail.engines.bundled import NoRuleData, rule_data
from tgc.rulesets.tainted_grail.engines.policies import POLICIES
from tgc.rulesets.tainted_grail.engines.simulate import (
    Tally,
    default_party,
    load_overrides,
    make_setup,
    sim_batch,
)
from tgc.sim.balance import BalanceError, Chapter, SheetPlan, SheetRow, row_seed
from tgc.sim.interval import wilson
from tgc.sim.seam import SimError

MEASURES = ("runs", "win_rate", "win_low", "win_high", "escape_rate", "dying_rate", "mean_turns",
            "mean_health_lost")


def plan_sheet(bundle: Bundle, parties: list[list[str]], chapters: list[Chapter],
               policies: list[str], runs: int, seed: int) -> SheetPlan:
    try:
        data = rule_data(bundle)
    except NoRuleData as err:
        raise BalanceError(str(err)) from None
    rules = data.rules
    for policy in policies:
        if policy not in POLICIES:
            raise BalanceError(f"unknown policy `{policy}` (policies: {', '.join(POLICIES)})")
    if not parties:
        parties = [[c.name] for c in sorted(rules.characters.values(), key=lambda c: c.number)]
    if not parties:
        parties = [default_party(rules)]
    rows = []
    for chapter in chapters:
        try:
            overrides = load_overrides(bundle, chapter.state)
        except SimError as err:
            raise BalanceError(str(err)) from None
        for name in sorted(rules.encounters):
            for party in parties:
                try:
                    setup = make_setup(data, name, party, overrides)
                except SimError as err:
                    raise BalanceError(str(err)) from None
                for policy in policies:
                    labels = (setup.encounter, setup.kind, "+".join(m.name for m in setup.party),
                              chapter.label, policy)
                    batch = sim_batch(setup, runs, row_seed(seed, labels), policy)
                    rows.append(SheetRow(labels, batch, measure))
    return SheetPlan(MEASURES, rows)


def measure(chunks: list[Any]) -> dict[str, float | int]:
    """A row's measures from its simulation's chunk results."""
    tally = Tally()
    for chunk in chunks:
        tally.merge(Tally.from_data(chunk))
    n = tally.runs
    wins = tally.outcomes["win"]
    low, high = wilson(wins, n)
    return {"runs": n, "win_rate": wins / n, "win_low": low, "win_high": high,
            "escape_rate": tally.outcomes["escape"] / n, "dying_rate": tally.dying / n,
            "mean_turns": tally.turn_sum / n, "mean_health_lost": tally.health_lost / n}
