"""20 Strong's fast paths change no game: greedy (and the planner, greedy outside the Apply
step) commit and recover whole runs of dice at once (``commits``, ``recovers``), answers
each Strike without building its decision (``strikes``), picks the enemy deck to
activate or feed the Menhir Stack from (``decks``), and is not asked the kinds it
answers with the first choice (``firsts``); greedy answers each Apply and Repeat
without its decision (``applies``, ``repeats``); all must give the same games as asking
every decision; rolls and shuffles draw as ``randrange`` and ``shuffle``; and a deck's
index is made once per deck."""

from __future__ import annotations

import random

import pytest

from tests.ts_helpers import sample_box
from tgc.rulesets.twenty_strong.data import Box
from tgc.rulesets.twenty_strong.engines.decisions import Decision, Policy
from tgc.rulesets.twenty_strong.engines.game import Game, Outcome, deck_index
from tgc.rulesets.twenty_strong.engines.policies import GreedyPolicy, GreedyRules, PlannerPolicy
from tgc.rulesets.twenty_strong.engines.sim import game_seed
from tgc.rulesets.twenty_strong.engines.strategy import side


class DieByDie:
    """Another policy's answers, asked one decision at a time (no fast path)."""

    def __init__(self, inner: GreedyRules) -> None:
        self.inner, self.name = inner, inner.name
        self.asked: set[str] = set()

    def choose(self, game: Game, decision: Decision) -> int:
        self.asked.add(decision.kind)
        return self.inner.choose(game, decision)


def _play(box: Box, policy: Policy, hero: str, boss: str, rank: int, seed: int) -> Outcome:
    game = Game(box, policy, seed)
    game.setup(hero=hero, boss=boss, rank=rank)
    return game.play()


@pytest.mark.parametrize("make", [GreedyPolicy, PlannerPolicy], ids=["greedy", "planner"])
@pytest.mark.parametrize("rank", [1, 4, 5])
def test_the_fast_paths_play_the_same_games(make: type[GreedyRules], rank: int) -> None:
    box = sample_box()
    runs = 2 if make is GreedyPolicy else 1
    asked: set[str] = set()
    for hero in box.heroes:
        for boss in box.bosses:
            for i in range(runs):
                seed = game_seed(3, hero.name, boss.name, rank, i)
                slow = DieByDie(make())
                assert _play(box, make(), hero.name, boss.name, rank, seed) == \
                    _play(box, slow, hero.name, boss.name, rank, seed)
                asked |= slow.asked
    # the slow side did ask die by die, every strike, and the kinds greedy answers first
    assert {"commit", "recover", "apply", "strike", "reward", "destination", "activate",
            "menhir"} <= asked
    if make is GreedyPolicy:
        assert "repeat" in asked


def test_the_engine_draws_as_the_standard_generator_does() -> None:
    # rolls and shuffles draw their bits themselves (no call per draw): the same numbers,
    # in the same order, as randrange and shuffle
    box = sample_box()
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 5, 6, 7, 8, 12, 20):
            assert side(ours.getrandbits, n) == theirs.randrange(n)
        game = Game(box, GreedyPolicy(), seed)
        items = list(range(seed % 13))
        expected = list(items)
        random.Random(seed).shuffle(expected)
        assert game.shuffled(items) == expected


def test_a_deck_is_indexed_once() -> None:
    box = sample_box()
    assert deck_index(box) is deck_index(box)
    assert Game(box, GreedyPolicy()).triggers is deck_index(box).triggers
