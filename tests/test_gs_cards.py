"""Grimslingers card rules the rulebook names (spec §10, §15.4): Magic Mushroom's own
element deck and Revive Juju, the passive card that saves its owner at 0 HP. One test
per rule, named by id; our own card names and numbers."""

from __future__ import annotations

from pathlib import Path

from tests.gs_helpers import ELEMENTS, RUSTLERS, Script, card, duel, player, tale
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import Creature, TallTale
from tgc.rulesets.grimslingers.engines import resolve
from tgc.rulesets.grimslingers.engines.words import card_words
from tgc.rulesets.grimslingers.rules import index

REPO = Path(__file__).resolve().parents[1]
SPORES = card("Spore Toss", "skill", "draw element", rn=5, owner="Toadstool Brood")
BROOD = Creature(name="Toadstool Brood", hp=(9, 12, 15, 18), ep=(6, 8, 10, 12),
                 skills=("Spore Toss",), element_deck=True)
LIGHT = card("LIGHT", fx="4 dmg", element="light", types=("element",))
RULES = index(tale(creatures=(RUSTLERS, BROOD),
                   cards=(*ELEMENTS.values(), LIGHT, SPORES,
                          card("Snarl", "skill", "2 dmg", rn=6))))
CHARM = card("Lucky Knucklebone", "item", "", rn=None, types=("passive",), saves=1)
FIRE = ELEMENTS["fire"]


def test_gs_15_4_the_mushrooms_element_deck_holds_one_of_each_main_element() -> None:
    d = duel((player((FIRE,)),), Script({}), creature=BROOD, rules=RULES, dispositions=False)
    drawn = [resolve.draw_element(d, d.creature) for _ in range(6)]
    names = sorted(c.name for c in drawn if c is not None)
    assert names == ["EARTH", "FIRE", "ICE", "LIGHTNING", "WATER", "WIND"]  # no LIGHT or DARK
    assert d.creature.element_deck == []
    assert resolve.draw_element(d, d.creature) is not None  # reshuffled only once it ran out
    assert len(d.creature.element_deck) == 5


def test_gs_15_4_a_mushroom_skill_resolves_the_element_it_draws() -> None:
    for seed in range(1, 7):
        d = duel((player((FIRE,)),), Script({}), creature=BROOD, rules=RULES, seed=seed,
                 dispositions=False)
        d.creature.hand = [SPORES]
        d.play_turn()
        line = next(x for x in d.log if "from its element deck" in x)
        element = next(e for e in ELEMENTS.values() if f"draws {e.name} " in line)
        p = d.players[0]
        dmg = sum(fx.amount.value for fx in element.fx if fx.kind == "dmg")
        assert p.hp == 5 - dmg, (seed, element.name)  # its "user" FX are the creature's


def test_gs_15_4_other_creatures_have_no_element_deck() -> None:
    d = duel((player((FIRE,)),), Script({}), dispositions=False)
    assert resolve.draw_element(d, d.creature) is None


def test_gs_10_7_revive_juju_saves_its_owner_at_zero_hp_without_spending_a_defeat() -> None:
    big = card("Boulder", "skill", "9 dmg", rn=2, owner="Dust Rustlers")
    d = duel((player((FIRE, CHARM)),), Script({1: [([], "FIRE")]}), dispositions=False)
    d.creature.hand = [big]
    d.play_turn()
    p = d.players[0]
    assert not p.defeated and p.hp == 1
    assert d.defeats == 0 and d.defeats_left == 2  # players + 1, none spent (GS-16.4)
    assert CHARM in p.discard and CHARM not in p.hand
    assert "player 1 plays Lucky Knucklebone: not defeated, 1 HP" in d.log
    assert d.creature.hp == 6 - 3  # the FIRE still resolved after the save


def test_gs_10_7_the_passive_card_is_played_once() -> None:
    big = card("Boulder", "skill", "9 dmg", rn=2, owner="Dust Rustlers")
    d = duel((player((FIRE, CHARM)),), Script({}), dispositions=False)
    d.creature.hand = [big, big]
    d.play_turn()
    d.play_turn()
    assert d.outcome() == "lose" and d.defeats == 1


def test_gs_10_7_passive_and_draw_element_are_written_in_the_content_language(
        tmp_path: Path) -> None:
    root = tmp_path / "tale"
    root.mkdir()
    for f in (REPO / "examples" / "grimslingers").glob("*.tgj"):
        (root / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    with (root / "cards.tgj").open("a", encoding="utf-8") as out:
        out.write('\n@gear "Lucky Knucklebone"\n  types: passive\n  category: general\n'
                  '  saves: 1\n\n@skill creature "Spore Toss"\n  owner: "Mire Toad"\n'
                  '  rn: 5\n  fx: draw element\n')
    rules = load_campaign(root).rules
    assert isinstance(rules, TallTale)
    charm = next(c for c in rules.cards if c.name == "Lucky Knucklebone")
    assert charm.saves == 1 and "passive" in charm.types
    spores = next(c for c in rules.cards if c.name == "Spore Toss")
    assert card_words(spores) == "Spore Toss (RN 5): draw element"
