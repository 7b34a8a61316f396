"""20 Strong benchmark: whole games simulated per second per core for each policy, and
the time of the exact single-engagement odds, over the sample deck (examples/twenty_strong).

Games: every hero x boss of the deck at rank 1, ``--runs`` games per pair, in this one
process, divided by CPU time (``time.process_time``), so a busy machine slows the wall
clock but not the figure. Odds: every enemy and boss alone under every dial colour, and
every enemy with an additional-enemy icon paired with each enemy it can call, with the
largest Strategy of the deck's heroes (the most passes) and every die of the dial's
colour committed; the slowest and the mean are reported (each computed from a cold cache),
with a hash of every exact value (a speed-up must keep them).

Usage: python bench/twenty_strong.py [--runs 20] [--policies random,greedy,planner]
                                     [--out bench/out/twenty_strong.json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tgc.pipeline import check  # noqa: E402
from tgc.rulesets.twenty_strong import odds  # noqa: E402
from tgc.rulesets.twenty_strong.checks import load_campaign_deck  # noqa: E402
from tgc.rulesets.twenty_strong.data import Box  # noqa: E402
from tgc.rulesets.twenty_strong.engines import engagement  # noqa: E402
from tgc.rulesets.twenty_strong.engines.sim import game_seed, play_game  # noqa: E402


def load(deck: Path) -> Box:
    result = check(deck)
    assert result.campaign is not None
    box = load_campaign_deck(result.campaign).box
    assert box is not None
    return box


def games_per_second(box: Box, policy: str, runs: int) -> dict[str, float]:
    start, games, wins = time.process_time(), 0, 0
    for hero in box.heroes:
        for boss in box.bosses:
            for i in range(runs):
                outcome = play_game(box, hero.name, boss.name, 1, policy,
                                    game_seed(0, hero.name, boss.name, i))
                games += 1
                wins += outcome.result == "win"
    seconds = time.process_time() - start
    return {"games": games, "cpu_seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 1), "win_rate": round(wins / games, 4)}


def odds_times(box: Box) -> dict[str, object]:
    hero = max(box.heroes, key=lambda h: h.strategy)
    cases: list[list[str]] = [[e.name] for e in (*box.enemies, *box.bosses)]
    cases += [[e.name, other.name] for e in box.enemies if e.additional
              for other in box.enemies if other is not e]
    times: list[tuple[float, str]] = []
    values = hashlib.sha256()
    for names in cases:
        for dial in box.dice.dial:
            setup = engagement.setup(box, hero.name, names, dial)
            odds.solver_for.cache_clear()
            start = time.process_time()
            found = engagement.exact(box, setup)
            times.append((time.process_time() - start, f"{' + '.join(names)} ({dial})"))
            values.update(f"{found}\n".encode())
    slowest = max(times)
    return {"engagements": len(times), "strategy": hero.strategy,
            "mean_seconds": round(sum(t for t, _ in times) / len(times), 4),
            "max_seconds": round(slowest[0], 4), "slowest": slowest[1],
            "values": values.hexdigest()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--policies", default="random,greedy,planner")
    parser.add_argument("--deck", type=Path, default=ROOT / "examples" / "twenty_strong")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    box = load(args.deck)
    report: dict[str, object] = {"python": platform.python_version(), "machine": platform.machine()}
    for policy in args.policies.split(","):
        runs = args.runs if policy != "planner" else max(1, args.runs // 10)
        report[policy] = games_per_second(box, policy, runs)
        print(policy, report[policy], flush=True)
    report["odds"] = odds_times(box)
    print("odds", report["odds"])
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
