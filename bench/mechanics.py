"""Mechanics benchmark: combats and diplomacies simulated per second per core, for each
policy, over the sample campaign's encounters and characters.

Each measurement plays every encounter of a kind against each of the four characters
(``--runs`` runs per pair, seeds from Tainted Grail's ``engines.simulate.run_seed``) in this one process and
divides by CPU time (``time.process_time``), so a busy machine slows the wall clock but
not the figure. The rule data is loaded once before timing, as `tgc sim` does.

Usage: python bench/mechanics.py [--runs 200] [--policies random,greedy,planner]
                                 [--campaign journal_src] [--out bench/out/mechanics.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tgc.pipeline import check  # noqa: E402
from tgc.rulesets.tainted_grail.compile import rule_data  # noqa: E402
from tgc.rulesets.tainted_grail.engines.simulate import Setup, Tally, make_setup, run_chunk  # noqa: E402


def setups(campaign: Path) -> dict[str, list[Setup]]:
    result = check(campaign)
    assert result.campaign is not None, "no campaign"
    data = rule_data(result.campaign)
    rules = data.rules
    out: dict[str, list[Setup]] = {"combat": [], "diplomacy": []}
    for encounter in sorted(rules.encounters.values(), key=lambda e: e.name):
        for character in sorted(rules.characters.values(), key=lambda c: c.number):
            out[encounter.kind].append(make_setup(data, encounter.name, [character.name]))
    return out


def measure(pairs: list[Setup], policy: str, runs: int) -> dict[str, float]:
    for setup in pairs:  # warm the rule-data cache and the link tables
        run_chunk((setup, policy, 0, 0, 2))
    total = Tally()
    started = time.process_time()
    for setup in pairs:
        total.merge(run_chunk((setup, policy, 1, 0, runs)))
    cpu = time.process_time() - started
    wins = total.outcomes["win"]
    return {"encounters": total.runs, "cpu_seconds": round(cpu, 3),
            "per_second": round(total.runs / cpu, 1), "win_rate": round(wins / total.runs, 4),
            "mean_turns": round(total.turn_sum / total.runs, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200, help="runs per encounter and character")
    parser.add_argument("--policies", default="random,greedy,planner")
    parser.add_argument("--campaign", type=Path, default=ROOT / "journal_src")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "mechanics.json")
    args = parser.parse_args(argv)
    pairs = setups(args.campaign)
    results: dict[str, dict[str, dict[str, float]]] = {}
    print(f"{'kind':10s} {'policy':8s} {'encounters':>10s} {'per second per core':>20s} "
          f"{'win rate':>9s} {'turns':>6s}")
    for kind in ("combat", "diplomacy"):
        for policy in args.policies.split(","):
            row = measure(pairs[kind], policy, args.runs)
            results.setdefault(kind, {})[policy] = row
            print(f"{kind:10s} {policy:8s} {row['encounters']:10.0f} {row['per_second']:20.0f} "
                  f"{row['win_rate']:9.1%} {row['mean_turns']:6.2f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report = {"python": platform.python_version(), "machine": platform.machine(),
              "runs_per_pair": args.runs, "results": results}
    args.out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
