"""More Grimslingers rules, one test each, named by rule id (spec §§2-8, 15, 17)."""

from __future__ import annotations

from tests.gs_helpers import ELEMENTS, KIPPER, Script, card, duel, player
from tgc.rulesets.grimslingers.engines.duelist import Duelist
from tgc.rulesets.grimslingers.fate import fate_deck, parse_card, tile_kind
from tgc.rulesets.grimslingers.fxtext import parse_fx

FIRE, ICE, WIND, EARTH = (ELEMENTS[k] for k in ("fire", "ice", "wind", "earth"))
IDLE = card("Idle", "skill", "user gains 0 ep", rn=1, target="self")


def test_gs_1_4_the_fate_deck_is_52_suited_cards_and_4_wilds() -> None:
    deck = fate_deck()
    assert len(deck) == 56 and len({c.code for c in deck}) == 56
    assert parse_card("W5") is None and parse_card("1S") is None
    kinds = {c.code: tile_kind(c) for c in deck}
    assert (kinds["AS"], kinds["KD"], kinds["JC"], kinds["W2"], kinds["7H"], kinds["7S"]) == (
        "attack", "landmark", "special", "portal", "event", "nothing")


def test_gs_2_2_losing_hp_is_not_dmg_and_does_not_wake_manaform() -> None:
    drain = card("Leech", "skill", "target loses 3 hp", rn=3)
    d = duel((player((FIRE,), KIPPER, hp=8, max_hp=8),), Script({}), dispositions=False)
    d.creature.hand = [drain]
    d.play_turn()
    p = d.players[0]
    assert p.hp == 5 and p.dmg_taken == 0 and not p.manaform


def test_gs_3_5_skills_are_deactivated_never_discarded() -> None:
    jab = card("Jab", "skill", "1 dmg", rn=5, types=("standard",), owner="Kipper")
    d = duel((player((jab,), KIPPER),), Script({1: [([], "Jab")]}), dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert jab in d.players[0].deactivated and jab not in d.players[0].discard


def test_gs_3_8_do_not_discard_cards_go_back_to_the_hand() -> None:
    charm = card("Charm", fx="1 dmg", rn=5, keep=True)
    d = duel((player((charm,)),), Script({1: [([], "Charm")]}), dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.players[0].hand == [charm] and d.creature.hp == 5


def test_gs_3_10_returned_cards_fill_the_hand_then_the_stash() -> None:
    p = Duelist(1, "p", 5, 5, 5, 5, hand_limit=2, stash_limit=1)
    pile = [FIRE, ICE, WIND, EARTH]
    moved = p.give_back(list(pile), pile)
    assert p.hand == [FIRE, ICE] and p.stash == [WIND] and pile == [EARTH]
    assert len(moved) == 3


def test_gs_4_5_nv_on_nv_stacks() -> None:
    double = card("Echo", "item", "+1 nv to combined card", rn=None, types=("combine",))
    boost = card("Focus", fx="+1 nv to next spell", rn=2, target="self")
    d = duel((player((boost, FIRE, double)),),
             Script({1: [([], "Focus+Echo"), ([], "FIRE")]}), dispositions=False)
    d.creature.hand = [IDLE, IDLE]
    d.play_turn()
    assert d.players[0].next_nv == 2  # the +1 NV grant itself raised by one
    d.play_turn()
    assert d.creature.hp == 6 - 5


def test_gs_4_6_negative_nv_floors_at_0() -> None:
    poke = card("Poke", "skill", "1 dmg", rn=3)
    d = duel((player((FIRE,), KIPPER),), Script({}), dispositions=False)
    d.players[0].manaform = True
    d.creature.hand = [poke]
    d.play_turn()
    assert d.players[0].hp == 5  # 1 - 1 NV = 0 DMG, not a heal


def test_gs_7_2_an_fx_that_brings_its_user_to_0_hp_ends_the_card() -> None:
    reckless = card("Reckless", fx="user loses 5 hp; 4 dmg", rn=5)
    d = duel((player((reckless,)), player((FIRE,))), Script({1: [([], "Reckless")]}),
             dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.creature.hp == 9 and d.defeats == 1


def test_gs_a10_a_combine_card_is_discarded_with_its_weak_main_card() -> None:
    lens = card("Lens", "item", "+1 nv to combined card", rn=None, types=("combine",))
    frost = card("Frost Spit", "skill", "1 dmg", rn=9, element="ice")
    d = duel((player((WIND, lens)),), Script({1: [([], "WIND+Lens")]}), dispositions=False)
    d.creature.hand = [frost]
    d.play_turn()
    p = d.players[0]
    assert WIND in p.discard and lens in d.item_discard and d.creature.hp == 6


def test_gs_a18_a_creature_that_cannot_pay_its_card_falls_at_0_ep() -> None:
    greedy_skill = card("Overreach", "skill", "5 dmg", rn=2, cost="9 ep")
    d = duel((player((FIRE,)),), Script({}), dispositions=False)
    d.creature.hand = [greedy_skill]
    result = d.run()
    assert result.outcome == "win" and d.creature.ep == 0 and d.players[0].hp == 5


def test_gs_a34_reactivation_comes_only_with_a_reload() -> None:
    d = duel((player((FIRE,)),), Script({}), dispositions=False)
    c = d.creature
    c.ep, c.discard, c.deactivated, c.hand = 1, [IDLE], [FIRE], []
    d.creature_reload()
    assert c.hand == [] and c.deactivated == [FIRE]  # EP 1: no reload, so no reactivation


def test_gs_15_3_a_creature_sheds_cards_at_random() -> None:
    amnesia = card("Amnesia", fx="target discards 2 cards", rn=2)
    kept = []
    for seed in range(6):
        d = duel((player((amnesia,)),), Script({1: [([], "Amnesia")]}), seed=seed,
                 dispositions=False)
        d.creature.hand = [IDLE, *[card(f"S{i}", "skill", "1 dmg", rn=9) for i in range(4)]]
        d.play_turn()
        assert len(d.creature.discard) >= 2
        kept.append(tuple(sorted(c.name for c in d.creature.hand)))
    assert len(set(kept)) > 1


def test_gs_4_4_a_spelled_number_stays_put_under_nv() -> None:
    fx = parse_fx("two dmg")
    assert fx[0].amount.spelled and fx[0].amount.value == 2


def test_no_module_outside_the_rulesets_folder_names_its_words() -> None:
    from pathlib import Path

    words = ("grimslinger", "tall tale", "manaform", "fate card", "creature duel")
    root = Path(__file__).parent.parent / "tgc"
    mine = root / "rulesets" / "grimslingers"
    found = [(str(p.relative_to(root)), w) for p in root.rglob("*.py")
             if mine not in p.parents
             for w in words if w in p.read_text(encoding="utf-8").lower()]
    assert found == []
