"""Grimslingers terms and card kinds (spec §§1-4), one test each, named by rule id, on
the tiny rule set of tests/gs_helpers.py (our own cards and numbers)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.gs_helpers import ELEMENTS, Script, card, duel, player, tale
from tgc.pipeline import check
from tgc.rulesets.grimslingers.data import Ability, Card
from tgc.rulesets.grimslingers.engines.decisions import UseCard
from tgc.rulesets.grimslingers.engines.duelist import Duelist
from tgc.rulesets.grimslingers.rules import index

FIRE, ICE, WIND, EARTH = (ELEMENTS[k] for k in ("fire", "ice", "wind", "earth"))
IDLE = card("Idle", "skill", "user gains 0 ep", rn=1, target="self")


def _one_turn(hand: tuple[Card, ...], plays: str | None, creature: list[Card],
              **extra: object) -> Duelist:
    d = duel((player(hand, **extra),), Script({1: [([], plays)]}), dispositions=False)
    d.creature.hand = list(creature)
    d.play_turn()
    return d.players[0]


def test_gs_1_5_the_die_is_a_d6() -> None:
    table = card("Gamble", fx="roll(1-3 = 1 dmg / 4-6 = 3 dmg)", rn=5)
    faces, hits = set(), set()
    for seed in range(40):
        d = duel((player((table,)),), Script({1: [([], "Gamble")]}), seed=seed,
                 dispositions=False)
        d.creature.hand = [IDLE]
        d.play_turn()
        faces |= {int(m.group(1)) for x in d.log if (m := re.fullmatch(r"roll (\d+)", x))}
        hits.add(6 - d.creature.hp)
    assert faces == {1, 2, 3, 4, 5, 6} and hits == {1, 3}


def test_gs_2_1_the_creatures_face_down_deck_is_its_hand_and_a_players_hand_is_active() -> None:
    lunge = card("Lunge", "skill", "1 dmg", rn=3)
    snarl = card("Snarl", "skill", "2 dmg", rn=6)
    d = duel((player((WIND,), stash=(ICE,)),), Script({1: [([], "WIND")]}), dispositions=False)
    d.creature.hand = [snarl, lunge]  # the top card is the last
    d.play_turn()
    assert d.players[0].hp == 4 and d.creature.hand == []  # Lunge played; WIND took Snarl
    assert snarl in d.creature.deactivated
    other = duel((player((ICE,), stash=(FIRE,)),), Script({}), dispositions=False)
    other.creature.hand = [card("Gust", "skill", "target deactivates 1 card", rn=2)]
    other.play_turn()
    assert other.players[0].deactivated == [ICE] and other.players[0].stash == [FIRE]


def test_gs_2_3_hp_and_ep_are_two_trackers() -> None:
    sap = card("Sap", "skill", "target loses 3 ep; target gains 0 hp", rn=2)
    p = _one_turn((FIRE,), None, [sap])
    assert (p.hp, p.ep) == (5, 2)  # the pass's +2 EP stopped at the maximum 5, then -3


def test_gs_2_4_fx_apply_in_written_order() -> None:
    heal_then_hit = card("Mend Then Maul", "skill", "target gains 2 hp; 3 dmg", rn=2)
    hit_then_heal = card("Maul Then Mend", "skill", "3 dmg; target gains 2 hp", rn=2)
    assert _one_turn((FIRE,), None, [heal_then_hit]).hp == 2  # 5 is the maximum, then -3
    assert _one_turn((FIRE,), None, [hit_then_heal]).hp == 4


def test_gs_2_5_resolving_applies_the_fx_to_each_target() -> None:
    roar = card("Roar", "skill", "1 dmg", rn=2, target="all_foes")
    d = duel((player((FIRE,)), player((FIRE,)), player((FIRE,))), Script({}),
             dispositions=False)
    d.creature.hand = [roar]
    d.play_turn()
    assert [p.hp for p in d.players] == [4, 4, 4]


def test_gs_2_6_only_unresolved_cards_take_a_later_nv_change() -> None:
    quick = card("Quick Jab", fx="1 dmg", rn=1)
    slow = card("Slow Haymaker", fx="1 dmg", rn=9)
    howl = card("Howl", "skill", "+1 nv to unresolved foe cards", rn=5, target="self")
    d = duel((player((quick,)), player((slow,))),
             Script({1: [([], "Quick Jab")], 2: [([], "Slow Haymaker")]}), dispositions=False)
    d.creature.hand = [howl]
    d.play_turn()
    assert d.creature.hp == 9 - 1 - 2  # the RN 1 card had resolved before Howl


def test_gs_2_7_numerals_are_nvs_and_spelled_numbers_are_not() -> None:
    howl = card("Howl", "skill", "+1 nv to unresolved foe cards", rn=1, target="self")
    for fx, dealt in (("2 dmg", 3), ("two dmg", 2), ("roll(1-6 = 2 dmg)", 3)):
        d = duel((player((card("Shot", fx=fx, rn=5),)),), Script({1: [([], "Shot")]}),
                 dispositions=False)
        d.creature.hand = [howl]
        d.play_turn()
        assert d.creature.hp == 6 - dealt, fx


def test_gs_2_9_the_players_are_a_team_and_the_creature_every_players_foe() -> None:
    rally = card("Rally", fx="target gains 2 ep", rn=3, target="team")
    shot = card("Shot", fx="1 dmg", rn=4, target="all_foes")
    d = duel((player((rally,), ep=1), player((shot,), ep=1)),
             Script({1: [([], "Rally")], 2: [([], "Shot")]}), dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert [p.ep for p in d.players] == [3, 3] and d.creature.hp == 9 - 1
    assert d.foes_of(d.players[0]) == [d.creature]
    assert d.foes_of(d.creature) == d.players


def test_gs_3_1_spells_skills_and_items_are_all_action_cards() -> None:
    spell = card("Spark", fx="1 dmg", rn=4)
    skill = card("Kick", "skill", "1 dmg", rn=5, types=("standard",))
    item = card("Flask Bomb", "item", "1 dmg", rn=6, types=("standard",))
    d = duel((player((spell,)), player((skill,)), player((item,))),
             Script({1: [([], "Spark")], 2: [([], "Kick")], 3: [([], "Flask Bomb")]}),
             dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.creature.hp == 12 - 3
    assert spell in d.players[0].discard and skill in d.players[1].deactivated


def test_gs_3_4_a_skill_is_played_only_where_its_type_says() -> None:
    brace = card("Brace", "skill", "user gains 2 hp", rn=None, types=("standoff",),
                 target="self")
    p = _one_turn((brace,), "Brace", [IDLE], hp=2)
    assert p.passed and p.hp == 2 and p.hand == [brace]  # no Standoff card in the Draw
    d = duel((player((brace,), hp=2),), Script({1: [([UseCard(brace)], None)]}),
             dispositions=False)
    d.creature.hand = [IDLE]
    d.play_turn()
    assert d.players[0].hp == 4 and brace in d.players[0].deactivated


def test_gs_3_11_a_card_kept_on_the_board_starts_in_the_passive_space() -> None:
    fangs = card("Fangs", "skill", rn=None, types=("passive",),
                 abilities=(Ability(name="Bite"),))
    charm = card("Charm", "item", rn=None, types=("passive",), saves=1)
    d = duel((player((fangs, charm, FIRE)),), Script({}), dispositions=False)
    p = d.players[0]
    assert p.passive == [fangs] and p.hand == [charm, FIRE]


def test_gs_4_1_a_standoff_card_pays_its_cost_like_any_other() -> None:
    tonic = card("Costly Tonic", "item", "user gains 3 hp", rn=None, types=("standoff",),
                 target="self", cost="4 ep")
    d = duel((player((tonic,), hp=1, ep=2),), Script({1: [([UseCard(tonic)], None)]}),
             dispositions=False)
    d.creature.hand = [IDLE]
    d.players[0].ep = 2
    d.play_turn()
    p = d.players[0]
    assert p.hp == 1 and tonic in p.deactivated and p.ep == 0 + 2  # 0, then the pass


def test_gs_2_8_dnc_draws_from_the_number_deck_shuffled_afresh_for_each_draw() -> None:
    rules = index(tale(numbers=(1, 1, 1, 9)))
    pull = card("Pull", fx="dnc(1-4 = 1 dmg / 5-9 = 4 dmg)", rn=5)
    nines = set()
    for seed in range(12):
        d = duel(tuple(player((pull,)) for _ in range(4)),
                 Script({s: [([], "Pull")] for s in range(1, 5)}), rules=rules, seed=seed,
                 dispositions=False)
        d.creature.hp = 30
        d.creature.hand = [IDLE]
        d.play_turn()
        drawn = [int(x.split()[1]) for x in d.log if x.startswith("dnc ")]
        assert len(drawn) == 4 and set(drawn) <= {1, 9}
        assert d.creature.hp == 30 - sum(4 if n == 9 else 1 for n in drawn)
        nines.add(drawn.count(9))
    assert nines - {1}  # not one deck dealt out: each player drew from a full deck


def _creature_dnc(fx: str, seed: int) -> list[tuple[int, str]]:
    """A creature card that hits every player with a DNC (GS-2.8), on a deck of 1, 9:
    what each player drew, in seat order."""
    rules = index(tale(numbers=(1, 9)))
    rattle = card("Rattle", "skill", fx, rn=1, target="all_foes")
    d = duel(tuple(player((IDLE,)) for _ in range(2)), Script({1: [([], "Idle")],
                                                              2: [([], "Idle")]}),
             rules=rules, seed=seed, dispositions=False)
    d.creature.hand = [rattle]
    d.play_turn()
    drawn = [line[len("dnc "):].split(" for ") for line in d.log if line.startswith("dnc ")]
    for (number, name), p in zip(drawn, d.players, strict=True):
        assert name == p.name and p.hp == 5 - (1 if number == "1" else 3)
    return [(int(number), name) for number, name in drawn]


def test_gs_2_8_several_players_dnc_each_for_one_effect() -> None:
    """Each target draws for itself; the deck is reshuffled before each draw, so two
    players may draw the same card; ``dnc shared`` deals one deck out instead."""
    fx = "dnc(1-4 = 1 dmg / 5-9 = 3 dmg)"
    afresh = [[n for n, _ in _creature_dnc(fx, seed)] for seed in range(10)]
    assert all(len(draws) == 2 for draws in afresh)
    assert any(a == b for a, b in afresh)
    shared = [[n for n, _ in _creature_dnc(fx.replace("dnc", "dnc shared"), seed)]
              for seed in range(10)]
    assert all(sorted(draws) == [1, 9] for draws in shared)


def test_gs_2_8_a_dnc_without_a_number_deck_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    (tmp_path / "x.tgj").write_text(
        '@campaign "T"\n  ruleset: grimslingers\n  start: 301\n\n@location 301 "Well"\n\n'
        '@spell signature "Pull"\n  rn: 5\n  fx: dnc(1-4 = 1 dmg / 5-9 = 4 dmg)\n',
        encoding="utf-8")
    found = [(d.code, d.message) for d in check(tmp_path).diagnostics if d.code == "TGC573"]
    assert found == [("TGC573", "Pull draws a number card (dnc) but no `@numbers` declares "
                      "the number deck")]
    (tmp_path / "n.tgj").write_text("@numbers\n  cards: 1, 2, 3\n", encoding="utf-8")
    assert [d for d in check(tmp_path).diagnostics if d.code == "TGC573"] == []
