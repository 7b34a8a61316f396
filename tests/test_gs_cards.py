"""Grimslingers card rules the rulebook names (spec §6.7, §10, §15.4): Magic Mushroom's
own element deck, Revive Juju, the passive card that saves its owner at 0 HP, and La
Fleur's Vampyric Abilities, a many-in-one passive skill used in the Standoff. One test
per rule, named by id; our own card names and numbers."""

from __future__ import annotations

from pathlib import Path

from tests.gs_helpers import ELEMENTS, RUSTLERS, Script, card, duel, player, tale
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import Ability, Creature, Grimslinger, TallTale
from tgc.rulesets.grimslingers.engines import resolve
from tgc.rulesets.grimslingers.engines.decisions import UseAbility
from tgc.rulesets.grimslingers.engines.words import card_words
from tgc.rulesets.grimslingers.fxtext import parse_costs, parse_fx
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


# ---------------------------------------------------------------- GS-6.7

REGENERATE = Ability(name="Regenerate", costs=parse_costs("2 blood"), fx=parse_fx("user gains 2 hp"))
BITE = Ability(name="Night Bite", costs=parse_costs("3 blood"), fx=parse_fx("2 dmg"))
VAMPYRIC = card("Vampyric Gifts", "skill", "", rn=None, types=("passive",), owner="La Fleur",
                abilities=(REGENERATE, BITE))
FLEUR = Grimslinger(name="La Fleur", resource="blood", start=0, maximum=10)


def test_gs_6_7_a_many_in_one_passive_skill_stays_in_the_passive_space() -> None:
    d = duel((player((FIRE, VAMPYRIC), FLEUR),), Script({}), dispositions=False)
    p = d.players[0]
    assert VAMPYRIC in p.passive and VAMPYRIC not in p.hand


def test_gs_6_7_each_part_is_a_standoff_action_paying_its_own_blood() -> None:
    use_regen, use_bite = UseAbility(VAMPYRIC, REGENERATE), UseAbility(VAMPYRIC, BITE)
    d = duel((player((FIRE, VAMPYRIC), FLEUR, hp=2, resource=6),),
             Script({1: [([use_regen, use_bite, use_regen], None)]}), dispositions=False)
    d.creature.hand = [card("Preen", "skill", "user gains 0 ep", rn=1, target="self")]
    d.play_turn()
    p = d.players[0]
    assert p.hp == 4  # Regenerate once: the third action is past the two allowed
    assert p.res["blood"] == 6 - 2 - 3
    assert d.creature.hp == 6 - 2
    assert VAMPYRIC in p.passive  # it never leaves the passive space


def test_gs_6_7_a_part_that_cannot_be_paid_drops_the_blood_to_0_and_does_nothing() -> None:
    d = duel((player((FIRE, VAMPYRIC), FLEUR, hp=2, resource=1),),
             Script({1: [([UseAbility(VAMPYRIC, REGENERATE)], None)]}), dispositions=False)
    d.creature.hand = [card("Preen", "skill", "user gains 0 ep", rn=1, target="self")]
    d.play_turn()
    p = d.players[0]
    assert p.hp == 2 and p.res["blood"] == 0  # GS-4.3
    assert "La Fleur cannot pay for Regenerate" in d.log


def test_gs_6_7_abilities_are_written_as_a_table_of_cost_and_fx(tmp_path: Path) -> None:
    root = tmp_path / "tale"
    root.mkdir()
    for f in (REPO / "examples" / "grimslingers").glob("*.tgj"):
        (root / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    with (root / "grimslingers.tgj").open("a", encoding="utf-8") as out:
        out.write('\n@skill "La Fleur" "Vampyric Gifts"\n  types: passive\n  abilities:\n'
                  '    - Regenerate: 2 blood; user gains 2 hp\n    - Night Bite: 3 blood; 2 dmg\n')
    rules = load_campaign(root).rules
    assert isinstance(rules, TallTale)
    gifts = next(c for c in rules.cards if c.name == "Vampyric Gifts")
    assert gifts.abilities == (REGENERATE, BITE)
