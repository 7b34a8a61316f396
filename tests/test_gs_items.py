"""Grimslingers items in duels (spec §§3.6, 3.7, 9.3, 10.8): the scavenge field, Instant
items, the shared item discard pile and Unstable Dynamite, on our own cards."""

from __future__ import annotations

import random

from tests.gs_helpers import ELEMENTS, RULES, Script, card, duel, player
from tests.test_gs_versus import Aimed
from tgc.rulesets.grimslingers.data import Card
from tgc.rulesets.grimslingers.engines.decisions import UseCard
from tgc.rulesets.grimslingers.engines.versus import Versus, VersusSetup, versus_player
from tgc.rulesets.grimslingers.fxtext import parse_fx

FIRE = ELEMENTS["fire"]
IDLE = card("Idle", "skill", "user gains 0 ep", rn=1, target="self")
TONIC = card("Quick Tonic", "item", "user gains 2 hp", rn=None, types=("instant",),
             target="self", category="general")
BOMB = card("Flask Bomb", "item", "2 dmg", rn=5, types=("standard",), category="general")
FLARE = card("Flare", "item", "+1 nv to combined card", rn=None, types=("combine",),
             category="general")
SPARE = card("Spare Rope", "item", "user gains 1 ep", rn=None, types=("standoff",),
             target="self", category="general")
DYNAMITE = card("Unstable Dynamite", "item", "4 dmg", rn=6, types=("instant", "standard"),
                category="general",
                instant_fx=parse_fx("roll(1-2 = user 3 dmg, discard this card)"))


def _game(field: tuple[Card, ...], turns: dict, seed: int = 1) -> Versus:  # type: ignore[type-arg]
    setup = VersusSetup((versus_player(player((FIRE,))), versus_player(player((FIRE,)))),
                        items=(*field, SPARE))
    game = Versus(RULES, setup, Aimed(turns), random.Random(seed), log=True)
    game.field, game.item_deck = list(field), [SPARE]
    return game


def test_gs_3_6_an_instant_item_resolves_the_moment_it_is_taken() -> None:
    game = _game((TONIC, BOMB, FLARE), {0: [([UseCard(TONIC, "scavenge")], None)]})
    game.players[0].hp = 6
    game.play_turn()
    p = game.players[0]
    assert p.hp == 8 and TONIC not in p.hand and game.item_discard == [TONIC]
    assert p.ep == 10  # free, then the pass
    assert game.field == [BOMB, FLARE, SPARE]  # refilled after it resolved


def test_gs_9_3_a_standard_item_costs_1_ep_to_scavenge_and_a_combine_one_nothing() -> None:
    game = _game((TONIC, BOMB, FLARE), {0: [([UseCard(BOMB, "scavenge")], None)],
                                        1: [([UseCard(BOMB, "scavenge"), UseCard(FLARE, "scavenge")], None)]})
    game.players[0].ep = 0
    game.play_turn()
    broke, second = game.players
    assert BOMB not in broke.hand and broke.ep == 2  # no EP: not taken, then the pass
    assert BOMB in second.hand and FLARE in second.hand and second.ep == 8 - 1 + 2


def test_gs_3_7_a_used_item_goes_to_the_shared_item_discard_pile() -> None:
    d = duel((player((BOMB,)), player((FIRE,))), Script({1: [([], "Flask Bomb")],
                                                          2: [([], "FIRE")]}),
             dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.item_discard == [BOMB] and d.players[0].discard == []
    assert d.players[1].discard == [FIRE]


def test_gs_10_8_unstable_dynamite_goes_off_or_becomes_a_standard_item() -> None:
    seen = set()
    for seed in range(12):
        game = _game((DYNAMITE, BOMB, FLARE), {0: [([UseCard(DYNAMITE, "scavenge")], None)]}, seed)
        game.play_turn()
        p, foe = game.players
        if DYNAMITE in game.item_discard:
            seen.add("off")
            assert p.hp == 8 - 3 and DYNAMITE not in p.hand
            continue
        seen.add("kept")
        assert p.hp == 8 and DYNAMITE in p.hand
        assert isinstance(game.policy, Aimed)
        game.policy.turns[0].append(([], "Unstable Dynamite@1"))
        game.play_turn()
        assert foe.hp == 8 - 4 and game.item_discard[-1] is DYNAMITE
    assert seen == {"off", "kept"}
