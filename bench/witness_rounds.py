"""Witness planner benchmark: one search of a campaign, then a witness planned for every
reached verse, the planner's first round alone (the planner before 92f7249's parent, byte
for byte) and, where it finds none, the second round (the other values of needs the state
already meets, docs/runtime.md). CPU seconds of each round, the verses each leaves without
a witness, and every witness found replayed on the interpreter.

Usage: python bench/witness_rounds.py DIR [--max-states 10000] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from tgc.explore.explorer import explore
    from tgc.explore.witness import PLAN_BUDGET, Planner, reaches_verse, replay
    from tgc.pipeline import load_playable
    from tgc.runtime import Book, new_state

    parser = argparse.ArgumentParser()
    parser.add_argument("campaign", type=Path)
    parser.add_argument("--max-states", type=int, default=10_000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    bundle, _ = load_playable(args.campaign)
    book = Book(bundle)
    cpu = time.process_time()
    ex = explore(book, new_state(book.bundle), max_states=args.max_states)
    search = time.process_time() - cpu
    first_cpu = second_cpu = 0.0
    first_missed: list[str] = []
    missed: list[str] = []
    unreplayed: list[str] = []
    for verse in sorted(ex.reached):
        nodes = ex.reached_by[verse]
        planner = Planner(ex)
        goal = reaches_verse(verse)
        cpu = time.process_time()
        found = None
        for node in nodes:  # the first round exactly as Planner.plan runs it
            planner.spent, planner.budget = 0, PLAN_BUDGET // len(nodes)
            planner.tried, planner.goal, planner.goal_node = set(), goal, node
            try:
                found = planner._solve((ex.start.copy(), ()), ex.nodes[node].assumed, frozenset(), 0)
            except Exception as err:  # noqa: BLE001 - the budget's _Spent
                if type(err).__name__ != "_Spent":
                    raise
            if found is not None:
                break
        first_cpu += time.process_time() - cpu
        if found is None:
            first_missed.append(verse)
            cpu = time.process_time()
            witness = Planner(ex).plan(nodes, goal, verse)  # both rounds
            second_cpu += time.process_time() - cpu
            found = witness.inputs if witness.found else None
        if found is None:
            missed.append(verse)
        elif not replay(ex, found, goal):
            unreplayed.append(verse)
    row = {"campaign": str(args.campaign), "complete": ex.complete, "states": ex.states,
           "search_cpu": round(search, 2), "reached": len(ex.reached),
           "first_round_cpu": round(first_cpu, 2), "first_round_missed": first_missed,
           "second_round_cpu": round(second_cpu, 2), "missed": missed, "not_replayed": unreplayed}
    print(json.dumps(row))
    if args.out:
        args.out.write_text(json.dumps(row, indent=1) + "\n")


if __name__ == "__main__":
    main()
