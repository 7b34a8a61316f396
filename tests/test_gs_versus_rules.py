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


def test_gs_9_2_a_practice_duel_leaves_skills_and_special_resources_in_the_box() -> None:
    # The rulebook's first duels: elements, signatures, items and the Anima, but no
    # skill, no special resource and so no Grimslinger ability (La Fleur's Feast).
    from tests.gs_helpers import KIPPER, RULES, Script, player
    from tgc.rulesets.grimslingers.data import FeastResult, Grimslinger
    from tgc.rulesets.grimslingers.engines.decisions import Feast
    from tgc.rulesets.grimslingers.engines.standoff import allowed
    from tgc.rulesets.grimslingers.engines.versus import Versus, VersusSetup, versus_player

    fleur = Grimslinger(name="La Fleur", resource="blood", start=0, maximum=10,
                        feast=(FeastResult(faces=("A",), blood=3),))
    cleave = card("Cleave", "skill", "2 dmg", rn=5, owner="Kipper")
    seats = (versus_player(player((cleave, FIRE, ICE), KIPPER, stash=(WATER,))),
             versus_player(player((FIRE,), fleur)))
    for practice in (False, True):
        game = Versus(RULES, VersusSetup(seats, practice=practice), Script({}), random.Random(1))
        kipper, la_fleur = game.players
        assert [p.name for p in game.players] == ["Kipper", "La Fleur"]
        if not practice:
            assert cleave in kipper.hand and kipper.res == {"durability": 10}
            assert allowed(la_fleur, Feast())
            continue
        assert kipper.hand == [FIRE, ICE, WATER] and kipper.stash == []  # the hand first
        assert kipper.res == {} and la_fleur.res == {} and kipper.grimslinger is None
        assert not allowed(la_fleur, Feast())


def test_gs_a28_every_duelist_is_dealt_the_same_number_of_signature_spells() -> None:
    from tests.gs_helpers import player
    from tgc.rulesets.grimslingers.engines.versus import deal_signatures, versus_player

    deck = tuple(card(f"Sig {n}", rn=n, types=("signature",)) for n in range(1, 8))
    seats = (versus_player(player((FIRE,) * 7)), versus_player(player((ICE,))))
    dealt = deal_signatures(seats, deck, 3, random.Random(5))
    first, second = ([c for c in (*p.hand, *p.stash) if "signature" in c.types] for p in dealt)
    assert len(first) == len(second) == 3 and not set(first) & set(second)  # unique cards
    assert len(dealt[0].hand) == 8 and len(dealt[0].stash) == 2  # the hand holds 8 (GS-3.9)
    assert dealt == deal_signatures(seats, deck, 3, random.Random(5))
    assert deal_signatures(seats, deck, 0, random.Random(5)) == seats
