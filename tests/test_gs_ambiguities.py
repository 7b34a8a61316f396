"""Grimslingers' ambiguities in duels (spec §17): one test per GS-An that had none, each
pinning the reading the spec decided, played through the duel engines on the tiny rule
set of tests/gs_helpers.py (our own cards and numbers)."""

from __future__ import annotations

from tests.gs_helpers import ELEMENTS, KIPPER, LUELLA, Script, card, creature_hand, duel, player
from tests.test_gs_versus import Aimed, versus
from tgc.rulesets.grimslingers.engines.decisions import MoveCards, UseCard
from tgc.rulesets.grimslingers.engines.hand import Asker, HandPolicy
from tgc.rulesets.grimslingers.engines.standoff import allowed

FIRE, WATER, EARTH, WIND, ICE, LIGHTNING = (ELEMENTS[k] for k in (
    "fire", "water", "earth", "wind", "ice", "lightning"))
IDLE = card("Idle", "skill", "user gains 0 ep", rn=1, target="self")
LENS = card("Lens", "item", "+1 nv to combined card", rn=None, types=("combine",))


def test_gs_a3_a_creatures_single_target_is_a_random_undefeated_player_drawn_at_the_reveal() -> None:
    def hit(seed: int, felled: bool = False) -> tuple[int, ...]:
        d = duel((player((FIRE,)), player((ICE,))), Script({}), seed=seed, dispositions=False)
        if felled:
            d.players[0].hp, d.players[0].defeated = 0, True
        creature_hand(d, "Snarl")  # 2 DMG to a single target
        d.play_turn()
        return tuple(5 - p.hp for p in d.players)

    seen = {hit(seed) for seed in range(12)}
    assert seen == {(2, 0), (0, 2)}  # either player, never both
    assert [hit(seed) for seed in range(12)] == [hit(seed) for seed in range(12)]  # seeded
    # the defeated player (revived at the turn's end with 3 HP) is never the target
    assert {hit(seed, felled=True) for seed in range(6)} == {(5 - 3, 2)}


def test_gs_a4_a_creature_at_0_hp_midway_falls_at_once_and_for_good() -> None:
    jab = card("Jab", fx="1 dmg", rn=2)
    salve = card("Salve", fx="target gains 3 hp", rn=10)  # aimed at the creature
    mend = card("Mend", "skill", "user gains 3 hp", rn=5, target="self", owner="Dust Rustlers")
    d = duel((player((jab,)), player((FIRE, salve))),
             Script({1: [([], "Jab")], 2: [([], "FIRE")]}), dispositions=False)
    d.creature.hp = 1
    d.creature.hand = [mend]
    d.play_turn()
    c, second = d.creature, d.players[1]
    assert c.defeated and c.hp == 0 and mend in c.deactivated  # its own card never resolved
    assert FIRE in second.discard  # the players' remaining cards still resolve
    assert d.run().outcome == "win"
    d2 = duel((player((jab,)), player((salve,))),
              Script({1: [([], "Jab")], 2: [([], "Salve")]}), dispositions=False)
    d2.creature.hp = 1
    d2.creature.hand = [IDLE]
    d2.play_turn()
    assert d2.creature.defeated and d2.creature.hp == 0  # later healing does not undo it


def test_gs_a5_a_versus_player_falls_the_moment_hp_reaches_0_and_their_card_is_deactivated() -> None:
    knock = card("Knockout", fx="9 dmg", rn=1)
    game = versus((knock,), (FIRE,), turns={0: [([], "Knockout")], 1: [([], "FIRE")]})
    result = game.run(max_turns=1)
    a, b = game.players
    assert b.defeated and FIRE in b.deactivated and a.hp == 8  # FIRE never resolved
    assert result.outcome == "win" and game.winners == (0,)
    assert game.log.index("player 1 is defeated") < len(game.log)


def test_gs_a5_a_fallen_players_combine_card_is_deactivated_with_their_card() -> None:
    knock = card("Knockout", fx="9 dmg", rn=1)
    game = versus((knock,), (FIRE, LENS), turns={0: [([], "Knockout")], 1: [([], "FIRE+Lens")]})
    game.play_turn()
    fallen = game.players[1]
    assert fallen.defeated and fallen.deactivated == [FIRE, LENS]  # none of it lost


def test_gs_a9_equilibrium_copies_keep_their_owners_and_each_pays_the_copied_cost() -> None:
    from tests.test_gs_named_cards import EQUILIBRIUM

    costly = card("Costly Bolt", fx="3 dmg", rn=9, cost="2 ep")
    for ep, creature_hp in ((3, 9 - 3 - 3), (1, 9 - 3)):
        d = duel((player((EQUILIBRIUM,), ep=ep), player((costly,))),
                 Script({1: [([], "Equilibrium")], 2: [([], "Costly Bolt")]},
                        choices={1: ["Costly Bolt (player 2)"]}), dispositions=False)
        d.creature.hand = [IDLE]
        d.play_turn()
        first, second = d.players
        assert second.ep == 5 - 2  # the copied card's owner pays its own cost
        assert d.creature.hp == creature_hp
        if ep == 3:  # Equilibrium resolved first, as a Costly Bolt paid by its own user
            assert first.ep == 1 and EQUILIBRIUM in first.discard
            assert d.log.index("player 1 copies Costly Bolt") < len(d.log)
        else:  # short of the copied cost: EP to 0, Equilibrium deactivated (GS-4.3)
            assert first.ep == 0 and EQUILIBRIUM in first.deactivated


def test_gs_a9_equilibrium_never_copies_another_card_that_copies() -> None:
    from tests.test_gs_named_cards import EQUILIBRIUM

    jab = card("Jab", "skill", "1 dmg", rn=6)
    d = duel((player((EQUILIBRIUM,)), player((EQUILIBRIUM,))),
             Script({1: [([], "Equilibrium")], 2: [([], "Equilibrium")]}), dispositions=False)
    d.creature.hand = [jab]
    d.play_turn()  # the first copies the Jab (the only card to copy); so do the others
    assert d.log.count("player 1 copies Jab") == 1 and "player 2 copies" not in " ".join(d.log)
    assert d.creature.hp == 9 - 1 - 1 and sum(5 - p.hp for p in d.players) == 1
    game = versus((EQUILIBRIUM,), (EQUILIBRIUM,),
                  turns={0: [([], "Equilibrium")], 1: [([], "Equilibrium")]})
    game.play_turn()  # nothing but copiers: nothing to copy, no FX
    assert all(p.hp == 8 and EQUILIBRIUM in p.discard for p in game.players)


def test_gs_a11_an_element_against_several_targets_is_checked_against_each() -> None:
    storm = card("Firestorm", fx="1 dmg", rn=2, element="fire", types=("element",),
                 target="all_foes")
    gale = card("Gale", fx="1 dmg", rn=2, element="wind", types=("element",), target="all_foes")
    # weak against one target's ICE: discarded, no FX on anyone
    game = versus((gale,), (ICE,), (WATER,),
                  turns={0: [([], "Gale")], 1: [([], "ICE@2")], 2: [([], "WATER@0")]})
    game.play_turn()
    a, b, c = game.players
    assert gale in a.discard and "Gale is weak and discarded" in game.log
    assert (a.hp, b.hp, c.hp) == (8 - 1, 8, 8 - 2)  # neither foe took Gale's 1 DMG
    # strong against both: each beaten element discarded, the FX on each target in turn
    game = versus((storm,), (ICE,), (ICE,),
                  turns={0: [([], "Firestorm")], 1: [([], "ICE@0")], 2: [([], "ICE@0")]})
    game.play_turn()
    a, b, c = game.players
    assert ICE in b.discard and ICE in c.discard and a.hp == 8
    assert (b.hp, c.hp) == (8 - 1, 8 - 1)


def test_gs_a12_an_nv_modifier_never_raises_a_cost() -> None:
    heavy = card("Heavy Bolt", fx="2 dmg", rn=5, cost="2 ep")
    d = duel((player((heavy, LENS)),), Script({1: [([], "Heavy Bolt+Lens")]}),
             dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.creature.hp == 6 - 3 and d.players[0].ep == 5 - 2  # 3 DMG, still 2 EP


def test_gs_a13_manaforms_minus_1_nv_floors_each_nv_at_0() -> None:
    nip = card("Nip", "skill", "1 dmg; target loses 1 ep", rn=3, owner="Dust Rustlers")
    d = duel((player((FIRE,), KIPPER, hp=4, ep=2),), Script({}), dispositions=False)
    p = d.players[0]
    p.manaform = True
    d.creature.hand = [nip]
    d.play_turn()
    assert p.hp == 4 and p.ep == 2 + 2  # 0 DMG and 0 EP lost, never a heal or a gain


def test_gs_a14_a_cost_written_inside_the_fx_is_paid_when_reached() -> None:
    reckless = card("Reckless Bolt", fx="2 dmg; pay 2 ep; 3 dmg", rn=5)
    for ep, creature_hp, left, pile in ((3, 6 - 2 - 3, 1, "discard"),
                                        (1, 6 - 2, 0, "deactivated")):
        d = duel((player((reckless,), ep=ep),), Script({1: [([], "Reckless Bolt")]}),
                 dispositions=False)
        d.creature.hand = [IDLE]
        d.play_turn()
        p = d.players[0]
        assert d.creature.hp == creature_hp and p.ep == left
        assert reckless in getattr(p, pile)  # short: deactivated, the rest unresolved
    d = duel((player((reckless, LENS), ep=3),), Script({1: [([], "Reckless Bolt+Lens")]}),
             dispositions=False)
    d.creature.hp = 10
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.creature.hp == 10 - 3 - 4 and d.players[0].ep == 1  # NV raised the DMG only


def test_gs_a15_surge_needs_three_spells_in_the_hand() -> None:
    d = duel((player((FIRE, ICE, card("Salve", "item", "user gains 1 hp", rn=None,
                                        types=("standoff",), target="self"))),),
             Script({1: [([MoveCards("surge", (FIRE, ICE))], None)]}), dispositions=False)
    p = d.players[0]
    assert not allowed(p, MoveCards("surge", (FIRE, ICE)))
    d.creature.hand = [IDLE]
    d.play_turn()
    assert FIRE in p.hand and ICE in p.hand and p.next_nv == 0 and not p.anima_used


def test_gs_a16_a_creatures_hp_and_ep_cap_only_at_the_trackers_40() -> None:
    squat = card("Squat", "skill", "user gains 3 hp", rn=5, target="self", owner="Dust Rustlers")
    d = duel((player((FIRE,)),), Script({}), dispositions=False)
    c = d.creature
    c.hp, c.ep, c.hand = 38, 30, [squat]
    d.play_turn()
    assert c.hp == 40  # far above its start of 6, capped at 40
    c.ep, c.hand, c.discard, c.deactivated = 39, [], [], []
    d.play_turn()  # nothing to reload or play: it passes for 2 EP
    assert c.ep == 40


def test_gs_a17_a_creature_duel_allows_reactivate_but_not_scavenge() -> None:
    tonic = card("Tonic", "item", "user gains 1 hp", rn=None, types=("standoff",), target="self")
    d = duel((player((), ep=5),),
             Script({1: [([MoveCards("reactivate", (FIRE,)), UseCard(tonic, "scavenge")], None)]}),
             dispositions=False)
    p = d.players[0]
    p.deactivated = [FIRE]
    d.creature.hand = [IDLE]
    d.play_turn()
    assert p.hand == [FIRE] and p.ep == 5 - 3 + 2  # reactivated for 3 EP, then a pass
    assert d.field == [] and tonic not in p.hand  # no scavenge field in a Tall Tale


def test_gs_a19_kippers_manaform_counts_the_dmg_that_reached_him() -> None:
    brace = card("Brace", "item", "prevent 2 dmg", rn=None, types=("standoff",), target="self")
    maul = card("Maul", "skill", "4 dmg", rn=3, owner="Dust Rustlers")
    for braced, hp, manaform in ((True, 8 - 2, False), (False, 8 - 4, True)):
        actions = [UseCard(brace)] if braced else []
        d = duel((player((brace, FIRE), KIPPER, hp=8, max_hp=8),),
                 Script({1: [(actions, None)]}), dispositions=False)
        d.creature.hand = [maul]
        d.play_turn()
        p = d.players[0]
        assert p.hp == hp and p.manaform is manaform  # 4 DMG dealt, 2 of them prevented


def test_gs_a21_overtaken_luella_pays_2_ep_if_she_has_them_else_returns_in_control() -> None:
    for ep, stage, after in ((2, 2, 0 + 2), (1, 0, 0 + 2), (5, 2, 3 + 2)):
        d = duel((player((FIRE,), LUELLA, ep=ep, max_ep=10),), Script({}), dispositions=False)
        p = d.players[0]
        p.stage = 2
        d.creature.hand = [IDLE]
        d.play_turn()
        assert (p.stage, p.ep) == (stage, after), ep


def test_gs_a22_each_versus_player_takes_both_standoff_actions_before_the_next() -> None:
    from tgc.rulesets.grimslingers.engines.decisions import Sacrifice

    game = versus((FIRE,), (FIRE,), (FIRE,),
                  turns={seat: [([Sacrifice(seat + 1), Sacrifice(1)], None)] for seat in range(3)})
    game.first = 2
    game.play_turn()
    said = [x for x in game.log if "sacrifices" in x]
    assert said == ["player 2 sacrifices 3 HP", "player 2 sacrifices 1 HP",
                    "player 0 sacrifices 1 HP", "player 0 sacrifices 1 HP",
                    "player 1 sacrifices 2 HP", "player 1 sacrifices 1 HP"]


def test_gs_a24_the_shared_target_penalty_is_counted_once_from_those_who_played() -> None:
    # one of the two who aimed at player 2 passed: no shared target, the full 3 DMG
    game = versus((FIRE,), (LIGHTNING,), (WATER,),
                  turns={0: [([], "FIRE@2")], 1: [([], None)], 2: [([], None)]})
    game.play_turn()
    assert game.players[2].hp == 8 - 3
    # Redirect does not count again: FIRE, sent on to player 1, lands in full; the
    # LIGHTNING left on the shared target keeps its penalty
    from tests.test_gs_named_cards import REDIRECT

    game = versus((FIRE,), (LIGHTNING,), (REDIRECT,),
                  turns={0: [([], "FIRE@2")], 1: [([], "LIGHTNING@2")], 2: [([], "Redirect")]})
    assert isinstance(game.policy, Aimed)
    game.policy.choices = {2: ["player 1", "player 2"]}
    game.play_turn()
    a, b, c = game.players
    assert (a.hp, b.hp, c.hp) == (8, 8 - 3, 8 - 2)


def test_gs_a29_specters_3_dmg_is_counted_in_total_against_one_target() -> None:
    from tests.test_gs_named_cards import SPECTER

    poke = card("Poke", fx="1 dmg", rn=5)
    jolt = card("Jolt", "item", "2 dmg", rn=6, types=("combine",))
    spray = card("Spray", fx="2 dmg", rn=5, target="all_foes")
    blast = card("Blast", fx="9 dmg", rn=1)
    # two cards against one target: 1 + 2 DMG, the HP stays
    game = versus((SPECTER, poke, jolt), (blast,),
                  turns={0: [([], None), ([], "Poke+Jolt")], 1: [([], "Blast")]})
    game.play_turn()
    game.play_turn()
    a, b = game.players
    assert not a.defeated and a.hp == 4 and b.hp == 8 - 3
    # 2 DMG against each of two targets is 4 in all but 2 against one: A fades
    game = versus((SPECTER, spray), (blast,), (FIRE,),
                  turns={0: [([], None), ([], "Spray")], 1: [([], "Blast@0")]})
    game.play_turn()
    assert game.players[0].hp == 4
    game.play_turn()
    a, b, c = game.players
    assert (b.hp, c.hp) == (8 - 2, 8 - 2) and a.defeated and a.hp == 0


def test_gs_a32_in_a_creature_duel_players_see_each_others_cards_but_not_the_creatures() -> None:
    lines: list[str] = []
    answers = iter(["1", "1", "1", "1"])
    d = duel((player((FIRE,)), player((ICE,))), Script({}), dispositions=False)
    d.policy = HandPolicy(Asker(lines.append, lambda prompt: next(answers, "1")))
    creature_hand(d, "Jeer")
    d.play_turn()
    text = "\n".join(lines)
    before = text.split("? player 2 plays")[0]
    assert "player 1 plays FIRE (RN 9)" in before  # face up, seen before player 2 plays
    assert "Jeer" not in before  # the creature's card stays face down until the reveal
    assert "Dust Rustlers reveals Jeer (RN 4)" in d.log


def test_gs_a33_revival_returns_deactivated_cards_within_the_hand_and_stash_limits() -> None:
    roar = card("Roar", "skill", "3 dmg", rn=4, target="all_foes", owner="Dust Rustlers")
    d = duel((player((FIRE,), hp=1, hand_limit=1, stash_limit=1, deactivated=(ICE, WIND, EARTH)),
              player((WATER,))), Script({}), dispositions=False)
    d.creature.hand = [roar]
    d.play_turn()
    fallen = d.players[0]
    assert not fallen.defeated and (fallen.hp, fallen.ep) == (3, 3)
    assert fallen.hand == [FIRE] and fallen.stash == [ICE]  # the hand was full
    assert fallen.deactivated == [WIND, EARTH]  # the rest stays where it was


def test_gs_a37_a_players_own_cards_at_one_rn_resolve_in_the_order_they_choose() -> None:
    charge = card("Charge", fx="2 dmg", rn=5, cost="2 ep")
    battery = card("Battery", "item", "user gains 2 ep", rn=5, types=("combine",))
    asked: list[str] = []

    class Asks(Script):
        def choose(self, duel, player, why, options):  # type: ignore[no-untyped-def]
            asked.append(why)
            return super().choose(duel, player, why, options)

    for first, creature_hp, ep, pile in (("Battery", 6 - 2, 1, "discard"),
                                         ("Charge", 6, 2, "deactivated")):
        d = duel((player((charge, battery), ep=1),),
                 Asks({1: [([], "Charge+Battery")]}, choices={1: [first]}), dispositions=False)
        d.creature.hand = [IDLE]
        d.play_turn()
        p = d.players[0]
        assert d.creature.hp == creature_hp and p.ep == ep and charge in getattr(p, pile)
    assert asked == ["which of your RN 5 cards resolves first"] * 2
    asked.clear()
    d = duel((player((FIRE,)),), Asks({1: [([], "FIRE")]}), dispositions=False)
    d.creature.hand = [card("Fire Spit", "skill", "1 dmg", rn=9)]
    d.play_turn()
    assert asked == []  # no question without two cards of one owner at one RN


def test_gs_a37_in_versus_a_combine_cards_tie_place_is_its_owners_from_the_token() -> None:
    # the token with player 1: player 1's card first, then player 0's two, in the order
    # player 0 chooses (here the first offered, Charge: short of its 2 EP, deactivated)
    charge = card("Charge", fx="2 dmg", rn=5, cost="2 ep")
    battery = card("Battery", "item", "user gains 2 ep", rn=5, types=("combine",))
    poke = card("Poke", fx="1 dmg", rn=5)
    game = versus((charge, battery), (poke,),
                  turns={0: [([], "Charge+Battery")], 1: [([], "Poke")]}, stats=[{"ep": 1}, {}])
    game.first = 1
    game.play_turn()
    a, b = game.players
    assert charge in a.deactivated and a.ep == 0 + 2 and b.hp == 8 and a.hp == 8 - 1
