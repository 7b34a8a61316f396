"""The rulebook's own examples replayed with its values where the other test files replay
them only in part: the NV example's "two foes" against "2 foes" with foes enough to tell
them apart (GS-4.4), and the Bandits example of the first-player token with its three
players, continued by the creature-actions example 1 (GS-7.1, GS-15.3). Our own card
texts: the rulebook prints none."""

from __future__ import annotations

import random

from tests.gs_helpers import RULES, Script, card, creature_hand, duel, player
from tgc.rulesets.grimslingers.engines.versus import Versus, VersusSetup, versus_player

LENS = card("Lens", "item", "+1 nv to combined card", rn=None, types=("combine",))


def test_gs_4_4_the_nv_example_two_foes_stay_two_and_2_foes_become_3() -> None:
    # "2 DMG to any two foes" +1 NV: 3 DMG to two foes; "2 DMG to any 2 foes": 3 to 3.
    for words, hit in (("2 dmg to two foes", 2), ("2 dmg to 2 foes", 3)):
        spread = card("Spread", fx=words, rn=5, target="all_foes")
        seats = (versus_player(player((spread, LENS))),
                 *(versus_player(player(())) for _ in range(3)))
        game = Versus(RULES, VersusSetup(seats), Script({0: [([], "Spread+Lens")]}),
                      random.Random(1), log=True)
        game.play_turn()
        lost = [8 - p.hp for p in game.players[1:]]
        assert lost == [3] * hit + [0] * (3 - hit), words


def test_gs_7_1_and_15_3_the_bandits_example_with_its_three_players() -> None:
    # Thomas, Becca and Erin play Paralyze, Amnesia and Pierce, all RN 4; the Bandits'
    # card (our Jeer, the example's Berate: +1 NV to the foes' unresolved cards) is RN 4
    # too. The creature is the first player, so it resolves first and every player's card
    # gains +1 NV before it resolves: Pierce's 2 DMG are 3, Amnesia's 3 discarded cards 4,
    # taken at random from the creature's active cards, the rest left there. (Paralyze's
    # FX is not printed; ours is 1 DMG, 2 with the NV.)
    paralyze = card("Paralyze", fx="1 dmg", rn=4, types=("signature",))
    amnesia = card("Amnesia", fx="target discards 3 cards", rn=4, types=("signature",))
    pierce = card("Pierce", fx="2 dmg", rn=4, types=("signature",))
    discarded = set()
    for seed in range(4):
        d = duel((player((paralyze,)), player((amnesia,)), player((pierce,))),
                 Script({1: [([], "Paralyze")], 2: [([], "Amnesia")], 3: [([], "Pierce")]}),
                 seed=seed, dispositions=False)
        creature_hand(d, "Jeer", "Pistol Whip", "Pilfer", "Snarl", "Lunge", "Bite")
        active = list(d.creature.hand[:-1])  # all but the Jeer played from the top
        d.play_turn()
        bandits = d.creature
        order = [line for line in d.log if "reveals" in line or " plays " in line]
        assert order[-1] == "Dust Rustlers reveals Jeer (RN 4)"
        assert bandits.hp == 12 - 2 - 3  # Paralyze 1 + 1, Pierce 2 + 1
        assert len(bandits.hand) == 1 and len(bandits.discard) == 4 + 1  # and the Jeer
        gone = [c for c in active if any(c is x for x in bandits.discard)]
        assert len(gone) == 4 and bandits.hand[0] in active
        discarded.add(frozenset(c.name for c in gone))
    assert len(discarded) > 1  # at random, from the seeded generator
