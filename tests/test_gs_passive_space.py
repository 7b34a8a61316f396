"""Grimslingers fixes of session 10, each through the engines: a many-in-one passive card
starts in front of its character wherever it was dealt (GS-3.11, GS-6.7: it "never
enters your hand"), and the greedy policy heals and resists only where that helps."""

from __future__ import annotations

from tests.gs_helpers import ELEMENTS, Script, card, duel, player, tale
from tests.test_gs_ability_timings import FANG, FLEUR, MAUL, VAMPYRIC, part
from tests.test_gs_tale_rules import TALE
from tgc.rulesets.grimslingers.engines.adventure import new_party
from tgc.rulesets.grimslingers.engines.policies import Greedy
from tgc.rulesets.grimslingers.engines.sim import Build, player_setup
from tgc.rulesets.grimslingers.engines.tale import Character, place
from tgc.rulesets.grimslingers.engines.versus import versus_player
from tgc.rulesets.grimslingers.rules import index

MAIN = tuple(ELEMENTS.values())
REGENERATE = part("Regenerate", "standoff", "2 blood", "user gains 2 hp")
GIFTS = card("Vampyric Gifts", "skill", "", rn=None, types=("passive",), owner="La Fleur",
             abilities=(REGENERATE,))


def test_gs_6_7_a_many_in_one_passive_card_takes_no_place_in_the_hand() -> None:
    rules = index(tale(cards=(*MAIN, FANG, VAMPYRIC), grimslingers=(FLEUR,)))
    names = ("Fang", "Vampyric Abilities", *(c.name for c in MAIN))
    build = player_setup(rules, Build("La Fleur", names))
    assert build.passive == (VAMPYRIC,) and VAMPYRIC not in (*build.hand, *build.stash)
    assert [c.name for c in build.hand] == ["Fang", "FIRE", "WATER", "EARTH", "WIND"]
    assert [c.name for c in build.stash] == ["ICE", "LIGHTNING"]  # five in hand, not four
    seat = versus_player(build)
    assert seat.passive == (VAMPYRIC,) and len(seat.hand) == 7 and seat.stash == ()


def test_gs_3_11_a_card_kept_on_the_board_dealt_to_the_stash_starts_in_front_too() -> None:
    # a setup that put it in the stash (a build listed by hand): the duel takes it out
    d = duel((player((FANG,), FLEUR, stash=(ELEMENTS["ice"], VAMPYRIC), resource=5),),
             Script({}), dispositions=False)
    p = d.players[0]
    assert p.passive == [VAMPYRIC] and p.stash == [ELEMENTS["ice"]]
    d.creature.hand = [MAUL]
    d.policy = Greedy()
    d.play_turn()
    assert "La Fleur uses Vampyric Speed (Vampyric Abilities) with Fang" in d.log
    assert "2 DMG to La Fleur is prevented" in d.log  # its parts are there to use


def test_gs_3_11_a_card_kept_on_the_board_gained_in_a_tall_tale_goes_to_the_passive_space() -> None:
    fleur = Character("La Fleur", hand=list(MAIN[:5]), stash=list(MAIN[5:]))
    assert place(fleur, VAMPYRIC) == "passive space" and fleur.passive == [VAMPYRIC]
    assert place(fleur, GIFTS) == "deactivate pile"  # the one place is taken: it waits
    assert VAMPYRIC not in fleur.hand and len(fleur.hand) == 5
    # a new character whose build holds one: the sample's La Fleur, her first two skills
    # Vampyric Abilities and Crimson Kiss
    [new] = new_party(index(TALE), ["La Fleur"])
    assert [c.name for c in new.passive] == ["Vampyric Abilities"]
    assert [c.name for c in new.hand] == ["Crimson Kiss", "FIRE", "WATER", "EARTH", "WIND"]
    assert [c.name for c in new.stash] == ["ICE", "LIGHTNING"]


def test_gs_6_7_the_greedy_policy_regenerates_only_below_full_hp() -> None:
    for hp, used in ((5, False), (3, True)):
        d = duel((player((FANG, GIFTS), FLEUR, resource=4, hp=hp),), Greedy(),
                 dispositions=False)
        d.creature.hand = [card("Preen", "skill", "user gains 0 ep", rn=1, target="self")]
        d.play_turn()
        p = d.players[0]
        assert ("La Fleur uses Regenerate (Vampyric Gifts) in the Standoff" in d.log) is used
        assert p.res["blood"] == (2 if used else 4) and p.hp == min(5, hp + 2)


def test_gs_6_7_the_greedy_policy_does_not_resist_a_dmg_that_fells_her_anyway() -> None:
    d = duel((player((), FLEUR, resource=4, hp=1, passive=(VAMPYRIC,)),), Greedy(),
             dispositions=False)
    d.creature.hand = [MAUL]  # 3 DMG: 1 still lands through Resist's 2
    d.play_turn()
    p = d.players[0]
    assert "La Fleur uses Resist (Vampyric Abilities) as the DMG lands" not in d.log
    assert p.res["blood"] == 4 and d.defeats == 1  # the blood kept for after


def test_gs_6_7_the_greedy_policy_resists_a_lethal_dmg_whatever_the_part_costs() -> None:
    dear = part("Resist", "harm", "5 blood", "prevent 1 dmg")
    costly = card("Costly Gifts", "skill", "", rn=None, types=("passive",), owner="La Fleur",
                  abilities=(dear,))
    jab = card("Jab", "skill", "1 dmg", rn=6)
    for hp, resisted in ((1, True), (4, False)):  # 1 HP saved is worth 5 blood only to live
        d = duel((player((), FLEUR, resource=5, hp=hp, passive=(costly,)),), Greedy(),
                 dispositions=False)
        d.creature.hand = [jab]
        d.play_turn()
        p = d.players[0]
        assert ("1 DMG to La Fleur is prevented" in d.log) is resisted
        assert (p.hp, p.res["blood"], p.defeated) == ((1, 0, False) if resisted else (3, 5, False))
