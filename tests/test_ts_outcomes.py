"""20 Strong games stay the games they were: the outcomes of many seeded games of the
sample deck (greedy at every rank, random at three), held in a golden
file. A speed-up of the engine or of a policy must leave every line as it is; a change
of the rules shows here as the games it changes (review the diff like code)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import Golden
from tests.ts_helpers import sample_box
from tgc.rulesets.twenty_strong.engines.game import Outcome
from tgc.rulesets.twenty_strong.engines.sim import game_seed, play_game

CASES = Path(__file__).resolve().parent / "cases" / "twenty_strong"
# policy -> (ranks, games per hero x boss). The planner is left out: it is greedy outside
# the Apply step, and its Apply (odds.py) is checked against the exact odds elsewhere.
PLAYED = {"greedy": ((1, 2, 3, 4, 5), 1), "random": ((1, 3, 5), 1)}


def _line(seed: int, o: Outcome) -> str:
    dice = " ".join(f"{zone} {n}" for zone, n in o.dice)
    items = ", ".join(o.inventory) or "-"
    return (f"{o.hero} / {o.boss} / rank {o.rank} / seed {seed:016x}: {o.result} in round "
            f"{o.round} ({o.step}), Health {o.health}, Menhir {o.menhir}; {dice}; items {items}")


@pytest.mark.parametrize("policy", list(PLAYED))
def test_seeded_games_keep_their_outcomes(policy: str, golden: Golden) -> None:
    box = sample_box()
    ranks, runs = PLAYED[policy]
    lines = []
    for rank in ranks:
        for hero in box.heroes:
            for boss in box.bosses:
                for i in range(runs):
                    seed = game_seed(7, hero.name, boss.name, rank, i)
                    lines.append(_line(seed, play_game(box, hero.name, boss.name, rank, policy, seed)))
    golden(CASES / f"outcomes-{policy}.txt", "\n".join(lines) + "\n")
