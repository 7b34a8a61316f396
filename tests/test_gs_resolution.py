"""Grimslingers card resolution in duels (spec §§3, 5-8, 15), one test each, named by
rule id, on the tiny rule set of tests/gs_helpers.py (our own cards and numbers)."""

from __future__ import annotations

from tests.gs_helpers import (
    ELEMENTS,
    KIPPER,
    LUELLA,
    SKITTISH,
    Script,
    card,
    duel,
    player,
    tale,
)
from tgc.rulesets.grimslingers.data import Elements, FeastResult, Grimslinger
from tgc.rulesets.grimslingers.engines.decisions import Feast, Sacrifice
from tgc.rulesets.grimslingers.engines.sim import Build, player_setup
from tgc.rulesets.grimslingers.engines.versus import VERSUS_HAND, versus_player
from tgc.rulesets.grimslingers.rules import DEFAULT_ELEMENTS, index

FIRE, ICE, WIND, WATER = (ELEMENTS[k] for k in ("fire", "ice", "wind", "water"))
IDLE = card("Idle", "skill", "user gains 0 ep", rn=1, target="self")
LIGHT = card("LIGHT", fx="4 dmg", element="light", types=("element",))


def test_gs_3_2_a_new_character_takes_the_six_elements_and_never_light_or_dark() -> None:
    rules = index(tale(cards=(*ELEMENTS.values(), LIGHT, IDLE)))
    setup = player_setup(rules, Build(None))
    held = [c for c in (*setup.hand, *setup.stash)]
    assert sorted(c.name for c in held) == sorted(c.name for c in ELEMENTS.values())
    assert all(c.rn == 9 for c in held)


def test_gs_3_3_a_signature_spell_has_no_weakness_banner() -> None:
    frost = card("Frost Spit", "skill", "1 dmg", rn=9, element="ice")
    for spell, hp in ((WIND, 6), (card("Gale Lash", fx="1 dmg", rn=9, types=("signature",)), 5)):
        d = duel((player((spell,)),), Script({1: [([], spell.name)]}), dispositions=False)
        d.creature.hand = [frost]
        d.play_turn()
        assert d.creature.hp == hp, spell.name  # WIND is weak to ICE; the signature is not


def test_gs_3_9_hand_and_stash_limits_in_versus_and_in_a_tall_tale() -> None:
    pile = [card(f"S{i}", fx="1 dmg") for i in range(12)]
    game = versus_player(player(()))
    assert (game.hand_limit, game.hp, game.max_hp) == (VERSUS_HAND, 8, 10)
    d = duel((player(()), game), Script({}), dispositions=False)
    tall, versus = d.players
    for p in (tall, versus):
        back = list(pile)
        p.give_back(list(back), back)
    assert (len(tall.hand), len(tall.stash)) == (5, 3)
    assert (len(versus.hand), len(versus.stash)) == (8, 4)  # no stash limit in versus


def test_gs_5_1_versus_starts_at_8_and_caps_at_10() -> None:
    feast = card("Feast of Plenty", fx="user gains 5 hp; user gains 5 ep", rn=3)
    d = duel((versus_player(player((feast,))),), Script({1: [([], feast.name)]}),
             dispositions=False)
    p = d.players[0]
    assert (p.hp, p.ep) == (8, 8)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert (p.hp, p.ep) == (10, 10)


def test_gs_5_2_current_values_never_pass_the_maximum_nor_10() -> None:
    tonic = card("Tonic", fx="user gains 9 hp", rn=3)
    for max_hp, hp_after in ((5, 5), (7, 7), (12, 10)):
        d = duel((player((tonic,), hp=2, max_hp=max_hp),), Script({1: [([], "Tonic")]}),
                 dispositions=False)
        d.creature.hand = [IDLE]
        assert d.players[0].hp == 2  # a higher maximum does not raise the current value
        d.play_turn()
        assert d.players[0].hp == hp_after


def test_gs_6_4_manaform_raises_kippers_nv_skills_nv_too() -> None:
    focus = card("Cat's Focus", "skill", "+1 nv to next spell", rn=2, target="self",
                 types=("standard",), owner="Kipper")
    d = duel((player((focus, FIRE), KIPPER),), Script({1: [([], focus.name)]}),
             dispositions=False)
    d.players[0].manaform = True
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.players[0].next_nv == 2  # its +1 NV is an NV: Manaform makes it +2


def test_gs_6_6_feast_takes_both_standoff_actions_and_always_gives_blood() -> None:
    rows = (FeastResult(faces=("A", "K", "Q", "J", "W"), blood=2),
            FeastResult(faces=("N",), blood=1, fx=()))
    fleur = Grimslinger(name="La Fleur", resource="blood", start=0, maximum=10, feast=rows)
    for seed in range(8):
        d = duel((player((FIRE,), fleur),), Script({1: [([Feast(), Sacrifice(1)], None)]}),
                 seed=seed, dispositions=False)
        d.creature.hand = [IDLE]
        d.play_turn()
        p = d.players[0]
        assert p.res["blood"] in (1, 2) and p.hp == 5  # no action was left to sacrifice


def test_gs_6_9_overtaken_luella_plays_a_random_spell() -> None:
    kick = card("Kick", "skill", "1 dmg", rn=5, types=("standard",), owner="Luella")
    played = set()
    for seed in range(10):
        d = duel((player((kick, FIRE, ICE, WATER), LUELLA),), Script({1: [([], "Kick")]}),
                 seed=seed, dispositions=False)
        d.players[0].stage = 2
        d.creature.hand = [IDLE]
        d.play_turn()
        p = d.players[0]
        assert kick in p.hand  # the skill was put aside and taken back
        played |= {c.name for c in p.discard}
    assert played == {"FIRE", "ICE", "WATER"}


def test_gs_7_3_a_multi_target_fx_goes_target_by_target_from_the_first_player() -> None:
    quake = card("Quake", "skill", "9 dmg", rn=2, target="all_foes")
    d = duel((player((FIRE,)), player((FIRE,)), player((FIRE,))), Script({}),
             dispositions=False, defeats_left=1)
    d.creature.hand = [quake]
    d.play_turn()
    fallen = [x for x in d.log if x.endswith("is defeated")]
    assert fallen == ["player 1 is defeated", "player 2 is defeated", "player 3 is defeated"]
    assert d.game_over  # the second defeat found no allowed defeat left


def test_gs_7_5_nothing_goes_below_0_and_a_creature_caps_only_at_40() -> None:
    swell = card("Swell", "skill", "user gains 50 hp; target loses 9 ep", rn=2)
    d = duel((player((FIRE,)),), Script({}), dispositions=False)
    d.creature.hand = [swell]
    d.play_turn()
    assert d.creature.hp == 40 and d.players[0].ep == 0


def test_gs_8_1_the_weakness_relation_is_read_from_the_data() -> None:
    assert index(tale()).beats == frozenset(DEFAULT_ELEMENTS.beats)
    turned = Elements(beats=(("wind", "ice"), ("ice", "fire"), ("fire", "wind"),
                             ("earth", "water"), ("lightning", "earth"),
                             ("water", "lightning")))
    rules = index(tale(elements=turned))
    frost = card("Frost Spit", "skill", "1 dmg", rn=9, element="ice")
    for r, hp in ((index(tale()), 6), (rules, 5)):
        d = duel((player((WIND,)),), Script({1: [([], "WIND")]}), rules=r, dispositions=False)
        d.creature.hand = [frost]
        d.play_turn()
        assert d.creature.hp == hp  # ICE beats WIND by default; WIND beats ICE here


def test_gs_8_3_only_the_targets_own_element_counts() -> None:
    d = duel((player((WIND,)), player((ICE,))), Script({1: [([], "WIND")], 2: [([], "ICE")]}),
             dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.creature.hp == 9 - 1 - 2  # the ally's ICE is no element of WIND's target


def test_gs_8_5_an_element_with_several_targets_is_checked_against_each() -> None:
    squall = card("Squall", "skill", "2 dmg", rn=9, element="ice", target="all_foes")
    d = duel((player((FIRE,)), player((card("Poke", fx="1 dmg", rn=2),))),
             Script({1: [([], "FIRE")], 2: [([], "Poke")]}), dispositions=False)
    d.creature.hand = [squall]
    d.play_turn()
    assert [p.hp for p in d.players] == [5, 5]  # weak against one target: no FX on any
    gust = card("Gust", "skill", "1 dmg", rn=1, element="wind", target="all_foes")
    d = duel((player((FIRE,)), player((FIRE,))),
             Script({1: [([], "FIRE")], 2: [([], "FIRE")]}), dispositions=False)
    d.creature.hand = [gust]
    d.play_turn()
    assert [p.hp for p in d.players] == [4, 4] and d.creature.hp == 9
    assert all(FIRE in p.discard for p in d.players)  # each beaten element discarded


def test_gs_15_7_a_creature_falling_partway_loses_its_card_and_the_players_go_on() -> None:
    finisher = card("Finisher", fx="6 dmg", rn=3)
    late = card("Late Sip", fx="user gains 2 ep", rn=8, target="self")
    slow = card("Slow Claw", "skill", "4 dmg", rn=9)
    d = duel((player((finisher,)), player((late,), ep=1)),
             Script({1: [([], "Finisher")], 2: [([], "Late Sip")]}), dispositions=False)
    d.creature.hp = 6
    d.creature.hand = [slow]
    d.play_turn()
    assert d.creature.defeated and slow in d.creature.deactivated
    assert [p.hp for p in d.players] == [5, 5] and d.players[1].ep == 3


def test_gs_15_8_the_turn_ends_with_form_then_dispositions_then_revival() -> None:
    quake = card("Quake", "skill", "3 dmg", rn=2, target="all_foes")
    hit = card("Hit", fx="4 dmg", rn=5)
    d = duel((player((hit,), KIPPER), player((FIRE,), hp=3)), Script({1: [([], "Hit")]}),
             rules=index(tale(dispositions=(SKITTISH,))))
    d.creature.hand = [quake]
    before = d.creature.ep
    d.play_turn()
    kipper, other = d.players
    assert kipper.manaform and kipper.hp == 2  # 3 DMG taken this turn
    assert d.creature.ep == before - 3  # Skittish met (4 DMG) and applied
    assert not other.defeated and (other.hp, other.ep) == (3, 3)  # revived after the turn
    assert d.defeats == 1
