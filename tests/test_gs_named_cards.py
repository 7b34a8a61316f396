"""Grimslingers' named cards (spec §10, §16.11) written as rule data in their FX words and
played by the engine, one test per rule id, with the rulebook's examples replayed where
it gives numbers (our own card texts: the rulebook prints none)."""

from __future__ import annotations

from tests.gs_helpers import ELEMENTS, LUELLA, THICK, Script, card, duel, player
from tests.test_gs_versus import Aimed, versus
from tgc.rulesets.grimslingers.data import Comeback, Cost
from tgc.rulesets.grimslingers.engines.decisions import MoveCards
from tgc.rulesets.grimslingers.engines.versus import Versus
from tgc.rulesets.grimslingers.engines.words import fx_words
from tgc.rulesets.grimslingers.fxtext import parse_fx

FIRE = ELEMENTS["fire"]
IDLE = card("Idle", "skill", "user gains 0 ep", rn=1, target="self")
BLOODLUST = card("Bloodlust", fx="bloodlust", rn=9, target="self", types=("signature",))
EQUILIBRIUM = card("Equilibrium", fx="copy an unresolved card", rn=3, types=("signature",))
REDIRECT = card("Redirect", fx="redirect unresolved cards", rn=1, target="self",
                types=("signature",))
RESURRECT = card("Resurrect", rn=None, target="self", types=("signature",), saves="ep")
SCOURGE = card("Scourge", fx="target loses 1 hp each standoff until healed", rn=5,
               types=("signature",))
CATALYST = card("Elemental Catalyst", "skill", "target's elements resolve against it", rn=4)
ENGULF = card("Engulf", "skill", "choose(5 dmg / pay 3 ep / discard WIND)", rn=5)


def test_gs_10_1_bloodlust_turns_the_hp_lost_into_bonus_dmg_on_a_later_spell() -> None:
    maul = card("Maul", "skill", "3 dmg", rn=2)
    d = duel((player((BLOODLUST, FIRE)),), Script({1: [([], "Bloodlust"), ([], None),
                                                       ([], "FIRE")]}), dispositions=False)
    d.creature.hp = 20
    d.creature.hand = [IDLE, IDLE, maul]
    d.play_turn()
    p = d.players[0]
    assert (p.hp, p.bloodlust) == (2, 3) and BLOODLUST in p.discard
    d.play_turn()  # a pass: the bonus waits
    d.play_turn()
    assert d.creature.hp == 20 - 3 - 3 and p.bloodlust == 0


def test_gs_10_1_prevented_dmg_counts_for_bloodlust() -> None:
    maul = card("Maul", "skill", "3 dmg", rn=2)
    d = duel((player((BLOODLUST,), LUELLA),), Script({1: [([], "Bloodlust")]}),
             dispositions=False)
    d.players[0].stage = 2  # overtaken: 1 less DMG taken from each card
    d.creature.hand = [maul]
    d.play_turn()
    assert d.players[0].hp == 5 - 2 and d.players[0].bloodlust == 3


def test_gs_10_2_equilibrium_makes_every_unresolved_card_a_copy() -> None:
    bolt = card("Bolt", fx="3 dmg", rn=9)
    jab = card("Jab", "skill", "1 dmg", rn=6)
    d = duel((player((EQUILIBRIUM,)), player((bolt,))),
             Script({1: [([], "Equilibrium")], 2: [([], "Bolt")]},
                    choices={1: ["Bolt (player 2)"]}), dispositions=False)
    d.creature.hand = [jab]
    d.play_turn()
    assert d.creature.hp == 9 - 3 - 3  # Equilibrium and Bolt each as Bolt
    assert sum(5 - p.hp for p in d.players) == 3  # the creature's Jab as Bolt too
    assert EQUILIBRIUM in d.players[0].discard


def test_gs_10_3_the_redirect_example() -> None:
    # Erica and Miles both aim at Kevin, who redirects (RN 1): Erica's 2 DMG to Miles,
    # Miles's own 3 DMG to himself; the 5 DMG defeat Miles (5 HP).
    bolt = card("Bolt", fx="2 dmg", rn=9)
    game = versus((REDIRECT,), (bolt,), (FIRE,),
                  turns={0: [([], "Redirect")], 1: [([], "Bolt@0")], 2: [([], "FIRE@0")]},
                  stats=[{}, {}, {"hp": 5}])
    assert isinstance(game.policy, Aimed)
    game.policy.choices = {0: ["player 2", "player 2"]}
    game.play_turn()
    kevin, erica, miles = game.players
    assert miles.defeated and kevin.hp == 8 and erica.hp == 8


def test_gs_10_4_resurrect_buys_hp_with_ep_the_moment_its_owner_would_fall() -> None:
    boulder = card("Boulder", "skill", "9 dmg", rn=2)
    d = duel((player((RESURRECT,), ep=3),),
             Script({1: [([], "Resurrect")]}, choices={1: ["spend 4 EP for 4 HP"]}),
             dispositions=False)
    d.creature.hand = [boulder]
    d.play_turn()
    p = d.players[0]
    assert p.passed  # never played in the Draw phase: the player passed (+2 EP)
    assert (p.hp, p.ep, p.defeated, d.defeats) == (4, 1, False, 0)
    assert RESURRECT in p.discard  # reloadable like any spell


def test_gs_10_5_scourge_takes_1_hp_each_standoff_until_its_target_heals() -> None:
    mend = card("Mend", "skill", "user gains 2 hp", rn=3, target="self")
    d = duel((player((SCOURGE,)),), Script({1: [([], "Scourge")]}), modifiers=(THICK,),
             dispositions=False)
    d.creature.hand = [IDLE, mend, IDLE, IDLE]
    hp = []
    for _ in range(4):
        d.play_turn()
        hp.append(d.creature.hp)
    p = d.players[0]
    assert hp == [6, 5, 4 + 2, 6]  # HP loss, not DMG: Thick Hide does not stop it
    assert SCOURGE in p.discard and d.creature.curses == []


def test_gs_10_5_a_scourge_in_play_cannot_be_reloaded() -> None:
    d = duel((player((SCOURGE,)),), Script({1: [([], "Scourge")]}), dispositions=False)
    d.creature.hand = [IDLE, IDLE]
    d.play_turn()
    assert SCOURGE not in d.players[0].discard and d.creature.curses[0].card is SCOURGE
    d.finish()
    assert SCOURGE in d.players[0].discard  # the duel's end gives it back


def test_gs_16_11_the_elemental_catalyst_example() -> None:
    # LIGHTNING and FIRE are purged first; WIND, ICE, WATER and EARTH resolve together:
    # EARTH's DMG and heal cancel, WATER's EP gain and ICE's EP loss cancel: 5 DMG and
    # three deactivations are left.
    wind = card("WIND", fx="1 dmg; target deactivates 1 card", element="wind")
    ice = card("ICE", fx="2 dmg; target loses 2 ep; target deactivates 1 card", element="ice")
    water = card("WATER", fx="2 dmg; user gains 2 ep; target deactivates 1 card",
                 element="water")
    earth = card("EARTH", fx="2 dmg; user gains 2 hp", element="earth")
    lightning = card("LIGHTNING", fx="3 dmg", element="lightning")
    kit = tuple(card(f"Trinket {i}", "item", "1 dmg", rn=5, types=("standoff",))
                for i in range(3))
    hand = (lightning, FIRE, wind, ice, water, earth, *kit)
    d = duel((player(hand, hp=10, max_hp=10, max_ep=10, hand_limit=9),),
             Script({1: [([MoveCards("purge", (lightning, FIRE))], None)]}), dispositions=False)
    d.creature.hand = [CATALYST]
    d.play_turn()
    p = d.players[0]
    assert p.hp == 10 - 5 and p.ep == 5 + 2 + 2
    assert sorted(c.name for c in p.deactivated) == [c.name for c in kit]
    assert len(p.discard) == 6 and p.hand == []


def test_gs_16_11_the_engulf_example() -> None:
    wind = ELEMENTS["wind"]
    for answer, hp, ep, creature_hp in (("5 dmg", 8 - 5, 5, 5), ("pay 3 ep", 8, 2, 5),
                                         ("discard WIND", 8, 5, 6)):
        d = duel((player((wind,), hp=8, max_hp=8),),
                 Script({1: [([], "WIND")]}, choices={1: [answer]}), dispositions=False)
        d.creature.hand = [ENGULF]
        d.play_turn()
        p = d.players[0]
        assert (p.hp, p.ep, d.creature.hp) == (hp, ep, creature_hp), answer
        assert ENGULF in d.creature.discard and wind in p.discard

SPECTER = card("Specter", rn=None, target="self", types=("signature",),
               comeback=Comeback(cost=Cost(resource="ep", amount=2), hp=4, dmg=3))
BLAST = card("Blast", fx="9 dmg", rn=1)


def _haunted(second: str, b_hp: int = 8) -> Versus:
    """A falls to Blast on turn 1 holding Specter; on turn 2 A plays ``second`` at B."""
    shots = (card("Bolt", fx="3 dmg", rn=5), card("Poke", fx="1 dmg", rn=5))
    game = versus((SPECTER, *shots), (BLAST,),
                  turns={0: [([], None), ([], second)], 1: [([], "Blast")]},
                  stats=[{}, {"hp": b_hp}])
    game.play_turn()
    a = game.players[0]
    assert not a.defeated and (a.hp, a.ep) == (4, 10 - 2) and SPECTER in a.discard
    game.play_turn()
    return game


def test_gs_10_6_specter_brings_its_owner_back_for_good_after_3_dmg_to_one_target() -> None:
    game = _haunted("Bolt")
    a, b = game.players
    assert (a.hp, a.defeated, a.ghost, b.hp) == (4, False, 0, 8 - 3) and not game.decided


def test_gs_10_6_short_of_3_dmg_the_owner_fades_as_that_aftermath_ends() -> None:
    game = _haunted("Poke")
    a, b = game.players
    assert a.defeated and a.hp == 0 and game.decided and game.winners == (1,)


def test_gs_10_6_the_owner_wins_when_their_cards_fell_the_last_opponent_first() -> None:
    game = _haunted("Poke", b_hp=1)
    assert game.decided and game.winners == (0,)



def test_the_named_cards_fx_words_read_back_as_written() -> None:
    for c in (BLOODLUST, EQUILIBRIUM, REDIRECT, SCOURGE, CATALYST, ENGULF):
        assert parse_fx(fx_words(c.fx)) == c.fx


def test_the_sample_deck_writes_the_named_signature_spells() -> None:
    from tests.test_gs_tale_rules import TALE

    named = {c.name: c for c in TALE.cards if c.kind == "spell"}
    kinds = {n: tuple(fx.kind for fx in named[n].fx)
             for n in ("Bloodlust", "Equilibrium", "Redirect", "Scourge")}
    assert kinds == {"Bloodlust": ("bloodlust",), "Equilibrium": ("copy",),
                     "Redirect": ("redirect",), "Scourge": ("curse",)}
    assert named["Resurrect"].saves == "ep"
    assert named["Specter"].comeback == SPECTER.comeback
