"""20 Strong whole-game speed, before and after, in one run: the greedy games of
bench/twenty_strong.py (every hero x boss of the sample deck, ``--runs`` games each, at
each of ``--ranks``) played by the tgc of a baseline revision and by this checkout,
alternately, each side in its own process, ``--rounds`` times. Each side reports CPU
time (``time.process_time``) and a hash of every game's outcome: a speed-up must leave
the outcomes alone (same seed, same games), and the script fails when the hashes differ.
With ``--odds`` each side also times the exact odds of every engagement of the sample
(bench/twenty_strong.py's ``odds_times``, run on that side's tgc) and hashes the odds,
which must agree too.

Usage: python bench/twenty_strong_speed.py [--baseline REV] [--runs 20] [--rounds 3]
                                            [--ranks 1,3,5] [--policy greedy] [--odds]
                                            [--out bench/out/twenty_strong_speed.json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def child(source: Path, runs: int, ranks: list[int], policy: str, odds: bool) -> None:
    """Play the games with the tgc under ``source``; print CPU seconds, games, the hash
    (and with ``odds``, the exact odds' times and their hash)."""
    sys.path.insert(0, str(source))
    from tgc.pipeline import check
    from tgc.rulesets.twenty_strong.checks import load_campaign_deck
    from tgc.rulesets.twenty_strong.engines.sim import game_seed, play_game

    result = check(source / "examples" / "twenty_strong")
    assert result.campaign is not None
    box = load_campaign_deck(result.campaign).box
    assert box is not None
    digest = hashlib.sha256()
    games = wins = 0
    start = time.process_time()
    for rank in ranks:
        for hero in box.heroes:
            for boss in box.bosses:
                for i in range(runs):
                    outcome = play_game(box, hero.name, boss.name, rank, policy,
                                        game_seed(0, hero.name, boss.name, rank, i))
                    digest.update(repr(outcome).encode())
                    games += 1
                    wins += outcome.result == "win"
    seconds = time.process_time() - start
    found: dict[str, object] = {"games": games, "wins": wins, "cpu_seconds": seconds,
                                "outcomes": digest.hexdigest()}
    if odds:
        found["odds"] = odds_on(source, box)
    print(json.dumps(found))


def odds_on(source: Path, box: object) -> dict[str, object]:
    """bench/twenty_strong.py's ``odds_times`` on the tgc already imported from ``source``
    (the package is imported first, so the module's own path does not replace it)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("twenty_strong_bench", ROOT / "bench" / "twenty_strong.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert Path(bench.engagement.__file__).is_relative_to(source)
    times: dict[str, object] = bench.odds_times(box)
    return times


def extract(rev: str, into: Path) -> Path:
    """The ``tgc`` package, its grammar and the examples of ``rev``, unpacked under ``into``."""
    paths = ["tgc", "grammar", "examples"]
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, *paths],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as archive:
        archive.extractall(into, filter="data")
    return into


def side(source: Path, args: argparse.Namespace) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__, "--child", str(source), "--runs", str(args.runs),
                          "--ranks", args.ranks, "--policy", args.policy, *(["--odds"] if args.odds else [])],
                         check=True, capture_output=True, text=True, cwd=str(source)).stdout
    found: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return found


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One side's rounds: games per second each round and the best; the odds' mean and
    slowest time each round."""
    best = min(float(r["cpu_seconds"]) for r in runs)
    games = int(runs[0]["games"])
    found: dict[str, Any] = {
        "games": games, "win_rate": round(int(runs[0]["wins"]) / games, 4),
        "games_per_second": [round(games / float(r["cpu_seconds"]), 1) for r in runs],
        "best_games_per_second": round(games / best, 1), "outcomes": runs[0]["outcomes"]}
    if "odds" in runs[0]:
        timed = [r["odds"] for r in runs]
        found["odds"] = {"engagements": timed[0]["engagements"], "values": timed[0]["values"],
                         **{key: [t[key] for t in timed]
                            for key in ("mean_seconds", "max_seconds", "slowest")}}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="main")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ranks", default="1,3,5")
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--odds", action="store_true", help="also time every engagement's exact odds")
    parser.add_argument("--child", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    ranks = [int(r) for r in args.ranks.split(",")]
    if args.child is not None:
        child(args.child, args.runs, ranks, args.policy, args.odds)
        return
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"before": extract(args.baseline, Path(tmp)), "after": ROOT}
        seen: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            for name, source in sides.items():
                seen[name].append(side(source, args))
                print(name, seen[name][-1], flush=True)
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                              "baseline": args.baseline, "policy": args.policy, "ranks": ranks}
    for name, runs in seen.items():
        report[name] = summary(runs)
    hashes = {(str(r["outcomes"]), str(r.get("odds", {}).get("values")))
              for runs in seen.values() for r in runs}
    report["same_outcomes"] = len(hashes) == 1
    print(json.dumps(report, indent=2, sort_keys=True))
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")
    if len(hashes) != 1:
        sys.exit("the outcomes differ: a speed-up changed the games or the odds")


if __name__ == "__main__":
    main()
