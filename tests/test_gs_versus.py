"""Grimslingers versus duels (spec §9) with the rulebook's two examples replayed."""

from __future__ import annotations

import random

from tests.gs_helpers import ELEMENTS, RULES, Script, card, player
from tgc.rulesets.grimslingers.engines.decisions import MoveCards, PlayCards
from tgc.rulesets.grimslingers.engines.duel import Duel
from tgc.rulesets.grimslingers.engines.duelist import Duelist
from tgc.rulesets.grimslingers.engines.versus import Versus, VersusSetup, versus_player

FIRE, WATER, EARTH, WIND, ICE, LIGHTNING = (ELEMENTS[k] for k in (
    "fire", "water", "earth", "wind", "ice", "lightning"))


class Aimed(Script):
    """A script whose card names may end in `@SEAT`: the Target card."""

    def play(self, duel: Duel, player: Duelist) -> PlayCards | None:
        name = self._now(duel, player)[1]
        if name is None:
            return None
        main, _, seat = name.partition("@")
        chosen = super().play(duel, player) if not seat else None
        if chosen is not None:
            return chosen
        card_ = next(c for c in player.hand if c.name == main)
        return PlayCards(card_, (), int(seat) if seat else None)


def versus(*hands: tuple, turns: dict, teams: tuple[int, ...] | None = None,
           **extra: object) -> Versus:
    setup = VersusSetup(tuple(versus_player(player(h)) for h in hands), teams)
    game = Versus(RULES, setup, Aimed(turns), random.Random(1), log=True)
    for p, extras in zip(game.players, extra.get("stats", [{}] * len(hands)), strict=True):
        for key, value in extras.items():
            setattr(p, key, value)
    return game


def test_gs_9_the_1v1_element_example() -> None:
    # Walter (the token) surges and plays LIGHTNING; Caitlin plays EARTH. Both RN 9:
    # Walter's resolves first, is weak to EARTH and is discarded; EARTH deals 2 DMG to
    # Walter and heals Caitlin 2 HP.
    game = versus((LIGHTNING, FIRE, ICE, WIND), (EARTH,),
                  turns={0: [([MoveCards("surge", (FIRE, ICE, WIND))], "LIGHTNING")], 1: [([], "EARTH")]},
                  stats=[{}, {"hp": 6}])
    game.play_turn()
    walter, caitlin = game.players
    assert LIGHTNING in walter.discard and FIRE in walter.deactivated
    assert walter.hp == 8 - 2 and caitlin.hp == 6 + 2
    assert game.log.index("LIGHTNING is weak and discarded") < len(game.log)


def test_gs_9_the_3_player_free_for_all_example() -> None:
    # Ian holds the token; Andrew (next) aims WIND at Maggie, who aims ICE at Ian, who
    # aims Magnify (RN 10) at Andrew. WIND is weak to Maggie's ICE; ICE deals Ian 2 DMG
    # and 2 EP; Ian can no longer pay for Magnify, which is deactivated.
    magnify = card("Magnify", fx="4 dmg", rn=10, cost="3 ep", types=("signature",))
    game = versus((magnify,), (WIND,), (ICE,),
                  turns={0: [([], "Magnify@1")], 1: [([], "WIND@2")], 2: [([], "ICE@0")]},
                  stats=[{"ep": 3}, {}, {}])
    game.play_turn()
    ian, andrew, maggie = game.players
    assert WIND in andrew.discard and maggie.hp == 8
    assert (ian.hp, ian.ep) == (8 - 2, 0) and magnify in ian.deactivated
    assert andrew.hp == 8


def test_gs_9_6_two_players_aiming_at_one_deal_1_dmg_less_each() -> None:
    game = versus((FIRE,), (LIGHTNING,), (WATER,),
                  turns={0: [([], "FIRE@2")], 1: [([], "LIGHTNING@2")], 2: [([], None)]})
    game.play_turn()
    assert game.players[2].hp == 8 - 2 - 2  # 3 DMG each, 1 less for the shared target


def test_gs_9_1_a_team_wins_while_one_member_stands() -> None:
    big = card("Blast", fx="9 dmg", rn=1)
    game = versus((big,), (big,), (FIRE,), (FIRE,), teams=(0, 1, 0, 1),
                  turns={0: [([], "Blast@1")], 2: [([], "Blast@3")]})
    game.players[2].hand = [big]
    result = game.run(max_turns=1)
    assert result.outcome == "win" and game.winners == (0, 2)


def test_gs_9_8_the_last_two_falling_together_is_a_draw() -> None:
    boom = card("Backfire", fx="9 dmg; user loses 9 hp", rn=5, target="single")
    game = versus((boom,), (boom,), turns={0: [([], "Backfire@1")], 1: [([], "Backfire@0")]})
    result = game.run(max_turns=1)
    assert result.outcome == "stalemate" and game.winners == ()
