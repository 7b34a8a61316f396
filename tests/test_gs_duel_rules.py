"""Grimslingers duel rules (spec §§4, 7, 15) that had no test of their own, one test each,
named by rule id, on the tiny rule set of tests/gs_helpers.py (our own cards)."""

from __future__ import annotations

from tests.gs_helpers import ELEMENTS, Script, card, duel, player

FIRE = ELEMENTS["fire"]


def test_gs_4_2_a_loss_stops_at_0_and_the_fx_goes_on() -> None:
    drain = card("Drain", "skill", "target loses 9 ep; 1 dmg", rn=2, owner="Dust Rustlers")
    d = duel((player((FIRE,)),), Script({}), dispositions=False)
    d.creature.hand = [drain]
    d.play_turn()
    p = d.players[0]
    assert p.ep == 0  # 9 asked of 5: down to 0, no penalty
    assert p.hp == 4 and not p.defeated  # and the DMG after it still applied


def test_gs_4_7_nv_raises_the_fx_but_never_the_cost() -> None:
    howl = card("Howl", "skill", "+1 nv to unresolved foe cards", rn=1, target="self",
                owner="Dust Rustlers")
    pricey = card("Pricey Bolt", fx="1 dmg", rn=5, cost="3 ep")
    d = duel((player((pricey,), ep=3),), Script({1: [([], "Pricey Bolt")]}), dispositions=False)
    d.creature.hand = [howl]
    d.play_turn()
    assert d.creature.hp == 6 - 2  # the DMG took the +1 NV
    assert d.players[0].ep == 0  # the cost stayed 3: paid in full, so the FX resolved


def test_gs_7_4_defeat_comes_the_moment_hp_reaches_0_and_stops_the_players_cards() -> None:
    crush = card("Crush", "skill", "9 dmg", rn=2, owner="Dust Rustlers")
    mend = card("Mend", fx="user gains 3 hp", rn=8, target="self", types=("standard",))
    d = duel((player((mend,)),), Script({1: [([], "Mend")]}), dispositions=False)
    d.creature.hand = [crush]
    d.play_turn()
    p = d.players[0]
    assert p.defeated and p.hp == 0  # Mend (RN 8) came too late to heal
    assert mend in p.deactivated  # its unresolved card is deactivated
    assert d.outcome() == "lose"


def test_gs_15_2_the_creature_is_the_first_player_and_wins_ties() -> None:
    stab = card("Stab", "skill", "5 dmg", rn=9, owner="Dust Rustlers")
    d = duel((player((FIRE,)),), Script({1: [([], "FIRE")]}), dispositions=False)
    d.creature.hand = [stab]
    d.play_turn()
    assert d.players[0].defeated  # the creature's RN 9 resolved first
    assert d.creature.hp == 6  # so the player's RN 9 FIRE never did
