"""Grimslingers creature duels simulated per second per core: every sample creature
against each sample Grimslinger alone (RUNS duels per pair and policy) in one process,
divided by the CPU time used, so the figure does not depend on other load.

    .venv/bin/python bench/duels.py [--runs 500] [--policies greedy,random]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tgc.rulesets.grimslingers.engines.sim import Build, simulate_duel
from tgc.rulesets.grimslingers.frontend import load_tale
from tgc.rulesets.grimslingers.rules import index

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "grimslingers"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--policies", default="greedy,random")
    args = parser.parse_args()
    tale = load_tale(SAMPLE).tale
    rules = index(tale)
    print("| policy | duels | per second per core | win rate | mean turns |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for policy in args.policies.split(","):
        duels = wins = 0
        turns = 0.0
        start = time.process_time()
        for creature in tale.creatures:
            for g in tale.grimslingers:
                report = simulate_duel(rules, creature.name, (Build(g.name),), args.runs,
                                       policy=policy)
                data = report.to_json()
                duels += report.runs
                wins += report.outcomes["win"]
                turns += data["mean_turns"] * report.runs
        spent = time.process_time() - start
        print(f"| {policy} | {duels:,} | {duels / spent:,.0f} | {wins / duels:.1%} | "
              f"{turns / duels:.2f} |")


if __name__ == "__main__":
    main()
