"""Grimslingers versus duels (spec §9), one test per rule id that had none, on the tiny
rule set of tests/gs_helpers.py (our own cards and numbers)."""

from __future__ import annotations

import random

from tests.gs_helpers import ELEMENTS, card
from tests.test_gs_versus import versus
from tgc.rulesets.grimslingers.engines.decisions import Sacrifice
from tgc.rulesets.grimslingers.engines.versus import roll_off

FIRE, WATER, ICE = (ELEMENTS[k] for k in ("fire", "water", "ice"))


def test_gs_9_2_versus_starts_at_8_8_and_the_token_goes_to_a_random_seat() -> None:
    game = versus((FIRE,), (FIRE,), (FIRE,), turns={})
    assert [(p.hp, p.ep, p.max_hp, p.max_ep) for p in game.players] == [(8, 8, 10, 10)] * 3
    firsts = [roll_off(3, random.Random(seed)) for seed in range(30)]
    assert set(firsts) == {0, 1, 2}
    assert firsts == [roll_off(3, random.Random(seed)) for seed in range(30)]


def test_gs_9_3_each_player_takes_both_standoff_actions_in_turn_from_the_token() -> None:
    game = versus((FIRE,), (FIRE,), (FIRE,),
                  turns={0: [([Sacrifice(1), Sacrifice(1)], None)],
                         1: [([Sacrifice(2), Sacrifice(1)], None)],
                         2: [([Sacrifice(1)], None)]})
    game.first = 1
    game.play_turn()
    said = [x for x in game.log if "sacrifices" in x]
    assert said == ["player 1 sacrifices 2 HP", "player 1 sacrifices 1 HP",
                    "player 2 sacrifices 1 HP", "player 0 sacrifices 1 HP",
                    "player 0 sacrifices 1 HP"]


def test_gs_9_4_a_player_who_passes_gains_2_ep_and_takes_their_target_card_back() -> None:
    game = versus((FIRE,), (FIRE,), (WATER,),
                  turns={0: [([], "FIRE@2")], 1: [([], None)], 2: [([], None)]},
                  stats=[{}, {"ep": 5}, {}])
    game.play_turn()
    assert game.players[1].ep == 7 and game.players[2].hp == 8 - 3  # no shared target


def test_gs_9_5_in_a_1v1_a_single_target_card_hits_the_opponent() -> None:
    game = versus((ICE,), (FIRE,), turns={0: [([], "ICE")], 1: [([], None)]})
    game.play_turn()
    assert (game.players[1].hp, game.players[1].ep) == (8 - 2, 8 + 2 - 2)


def test_gs_9_7_the_token_passes_clockwise_after_each_turn() -> None:
    game = versus((FIRE,), (FIRE,), (FIRE,), turns={})
    seen = []
    for _ in range(4):
        seen.append(game.first)
        game.play_turn()
    assert seen == [0, 1, 2, 0]
    knock = card("Knockout", fx="9 dmg", rn=1)
    game = versus((knock,), (FIRE,), (FIRE,), turns={0: [([], "Knockout@1")]})
    game.play_turn()
    assert game.players[1].defeated and not game.decided  # two still stand
    assert [p.seat for p in game.order() if not p.defeated] == [2, 0]
