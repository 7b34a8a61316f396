"""20 Strong games before and after a speed-up, hashed: greedy, random and planner games of
the sample deck at ranks 1 to 5 (every hero x boss, ``--runs`` each; the planner a third
as many), and the log lines of logged greedy and random games, played by the tgc of a
baseline revision and by this checkout, each in its own process. A change of the engine
that means to change no game must give the same hashes; the script fails when they
differ and names the part that did (docs/performance.md, "20 Strong").

Usage: python bench/twenty_strong_hash.py [--baseline REV] [--runs 3] [--logged 4]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RANKS = (1, 2, 3, 4, 5)


def child(source: Path, runs: int, logged: int) -> None:
    """The hashes of the games played with the tgc under ``source``, as JSON."""
    sys.path.insert(0, str(source))
    from tgc.pipeline import check
    from tgc.rulesets.twenty_strong.checks import load_campaign_deck
    from tgc.rulesets.twenty_strong.engines.game import Game
    from tgc.rulesets.twenty_strong.engines.policies import POLICIES
    from tgc.rulesets.twenty_strong.engines.sim import game_seed, play_game

    result = check(source / "examples" / "twenty_strong")
    assert result.campaign is not None
    box = load_campaign_deck(result.campaign).box
    assert box is not None
    pairs = [(h.name, b.name) for h in box.heroes for b in box.bosses]
    found: dict[str, object] = {}
    for policy, count in (("greedy", runs), ("random", runs), ("planner", max(1, runs // 3))):
        digest, games = hashlib.sha256(), 0
        for rank in RANKS:
            for hero, boss in pairs:
                for i in range(count):
                    outcome = play_game(box, hero, boss, rank, policy,
                                        game_seed(1, hero, boss, rank, i))
                    digest.update(repr(outcome).encode())
                    games += 1
        found[policy] = {"games": games, "hash": digest.hexdigest()}
    for policy in ("greedy", "random"):
        digest, lines = hashlib.sha256(), 0
        for rank in RANKS:
            for hero, boss in pairs:
                for i in range(logged):
                    log: list[str] = []
                    game = Game(box, POLICIES[policy](), game_seed(2, hero, boss, rank, i),
                                log=log.append)
                    game.setup(hero=hero, boss=boss, rank=rank)
                    digest.update(repr(game.play()).encode())
                    digest.update("\n".join(log).encode())
                    lines += len(log)
        found[f"{policy} logged"] = {"lines": lines, "hash": digest.hexdigest()}
    print(json.dumps(found))


def side(source: Path, args: argparse.Namespace) -> dict[str, object]:
    out = subprocess.run([sys.executable, __file__, "--child", str(source), "--runs",
                          str(args.runs), "--logged", str(args.logged)],
                         check=True, capture_output=True, text=True, cwd=str(source)).stdout
    found: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="main")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--logged", type=int, default=4)
    parser.add_argument("--child", type=Path, default=None)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.runs, args.logged)
        return
    sys.path.insert(0, str(ROOT / "bench"))
    from twenty_strong_speed import extract

    with tempfile.TemporaryDirectory() as tmp:
        before = side(extract(args.baseline, Path(tmp)), args)
    after = side(ROOT, args)
    report = {"baseline": args.baseline, "before": before, "after": after,
              "same": before == after}
    print(json.dumps(report, indent=2, sort_keys=True))
    if before != after:
        differ = [part for part in before if before[part] != after.get(part)]
        sys.exit(f"the games differ ({', '.join(differ)}): a speed-up changed them")


if __name__ == "__main__":
    main()
