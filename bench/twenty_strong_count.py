"""20 Strong whole games for an instruction count: the sample deck, one game to warm the
deck's caches, then greedy games of every hero x boss at one rank, ``--runs`` each, and
nothing else. Run it under ``valgrind --tool=cachegrind --cache-sim=no`` with
``PYTHONHASHSEED=0`` twice, with ``--runs N`` and ``--runs 0``, and divide the difference
by the games (18 N for the sample): a count of instructions a game, steady on a machine
too loaded for CPU times (docs/performance.md, "20 Strong", session 8).

Usage: python bench/twenty_strong_count.py [--runs 8] [--rank 1] [--policy greedy]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tgc.pipeline import check
from tgc.rulesets.twenty_strong.checks import load_campaign_deck
from tgc.rulesets.twenty_strong.engines.sim import game_seed, play_game

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--rank", type=int, default=1)
    parser.add_argument("--policy", default="greedy")
    args = parser.parse_args()
    result = check(ROOT / "examples" / "twenty_strong")
    assert result.campaign is not None
    box = load_campaign_deck(result.campaign).box
    assert box is not None
    play_game(box, box.heroes[0].name, box.bosses[0].name, args.rank, args.policy, 12345)
    for hero in box.heroes:
        for boss in box.bosses:
            for i in range(args.runs):
                play_game(box, hero.name, boss.name, args.rank, args.policy,
                          game_seed(0, hero.name, boss.name, args.rank, i))


if __name__ == "__main__":
    main()
