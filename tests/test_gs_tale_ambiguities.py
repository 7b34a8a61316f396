"""Grimslingers' ambiguities of the rule data and the Tall Tale (spec §17): one test per
GS-An that had none, each pinning the reading the spec decided, on the sample Tall Tale
(our own content) and its engines, or on a copy of it with a declaration added."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from tests.gs_helpers import ELEMENTS, RULES, Script, card, duel, player, sample_with
from tests.test_gs_story import TALE, always, state
from tgc.pipeline import check, load_campaign
from tgc.rulesets.grimslingers.data import FeastResult, Grimslinger, TallTale
from tgc.rulesets.grimslingers.engines.adventure import new_party
from tgc.rulesets.grimslingers.engines.duel import Duel, DuelSetup
from tgc.rulesets.grimslingers.engines.standoff import feast
from tgc.rulesets.grimslingers.engines.story import resolve_tile, rest
from tgc.rulesets.grimslingers.engines.versus import Versus, VersusSetup, versus_player
from tgc.rulesets.grimslingers.rules import DEFAULT_ELEMENTS, index

MAIN = ("fire", "water", "earth", "wind", "ice", "lightning")


def test_gs_a1_without_elements_data_fire_ice_wind_and_water_earth_lightning_are_the_cycles() -> None:
    assert RULES.tale.elements is None and RULES.beats == frozenset(DEFAULT_ELEMENTS.beats)
    assert {("ice", "wind"), ("earth", "lightning")} <= RULES.beats  # what the text forces
    assert Counter(a for a, _ in RULES.beats) == Counter(b for _, b in RULES.beats) == Counter(MAIN)
    for a, b in RULES.beats:  # each beats one and is beaten by one of its own triangle
        assert (b, a) not in RULES.beats and a != b
    assert {("fire", "ice"), ("wind", "fire"), ("water", "earth"), ("lightning", "water")} \
        <= RULES.beats
    # played: the creature's ICE (first on the tie) meets the player's unresolved FIRE
    frost = card("Frost Spit", "skill", "2 dmg", rn=9, element="ice", owner="Dust Rustlers")
    d = duel((player((ELEMENTS["fire"],)),), Script({1: [([], "FIRE")]}), dispositions=False)
    d.creature.hand = [frost]
    d.play_turn()
    assert d.players[0].hp == 5 and d.creature.hp == 6 - 3  # FIRE beats ICE


def test_gs_a7_keys_are_per_area_and_lost_on_leaving_it() -> None:
    s = state()
    s.tile = "QS"
    assert resolve_tile(s, always("win"), random.Random(1)).kind == "key"
    assert s.keys[3] == {"white"}
    s.tile = "W1"
    resolve_tile(s, always("win"), random.Random(1))  # through the portal to area 4
    assert s.area == 4 and s.keys[4] == set()  # the white key does not open area 4's chests
    resolve_tile(s, always("win"), random.Random(1))  # and back by area 4's Wild
    assert (s.area, s.tile) == (3, "W1") and s.keys[3] == set()  # the unused key is gone
    s.tile = "QD"
    assert resolve_tile(s, always("win"), random.Random(1)).detail == "locked (white)"


def test_gs_a20_kippers_durability_never_passes_the_trackers_10() -> None:
    s = state()
    s.party = new_party(index(TALE), ["Kipper"])
    kipper = s.party[0]
    assert kipper.resource == 10  # the start value is the tracker's top
    kipper.resource = 9
    rest(s)
    assert kipper.resource == 10
    rest(s)
    assert kipper.resource == 10


def test_gs_a25_in_versus_feast_draws_from_the_whole_fate_deck_reshuffled_once_empty() -> None:
    fleur = Grimslinger(name="La Fleur", resource="blood", start=0, maximum=10,
                        feast=(FeastResult(faces=("A", "K", "Q", "J", "W", "N"), blood=1),))
    seats = (versus_player(player((ELEMENTS["fire"],), fleur)),
             versus_player(player((ELEMENTS["ice"],))))
    game = Versus(RULES, VersusSetup(seats), Script({}), random.Random(2), log=True)
    for _ in range(57):
        feast(game, game.players[0])
    drawn = [line.split(": ")[1] for line in game.log if "feasts: " in line]
    assert sorted(drawn[:56]) == sorted(c.code for c in RULES.fate)  # every card once
    assert len(set(drawn[:56])) == 56 and drawn[56] in drawn[:56]  # then a fresh shuffle


def test_gs_a25_in_a_tall_tale_feast_never_draws_a_tile_of_the_area_laid_out() -> None:
    from tgc.rulesets.grimslingers.data import DuelAction
    from tgc.rulesets.grimslingers.engines.adventure import duel_setup
    from tgc.rulesets.grimslingers.engines.instant import Table

    rules = index(TALE)
    s = state("La Fleur")
    s.party = new_party(rules, ["La Fleur"])
    tiles = s.laid_out()
    assert len(tiles) == 11 and {"KS", "W1", "QD"} <= tiles  # area 3, where the party stands
    rng = random.Random(4)
    d = Duel(rules, duel_setup(rules, s, DuelAction(creature="Glass Hare"), rng), Script({}),
             rng, log=True)
    table = Table(rules, s, Script({}), random.Random(4))
    for where in (d, table):  # a duel on the area's tile, and the Rest phase's table
        for _ in range(56 - 11 + 1):
            feast(where, where.players[0])
        drawn = [line.split(": ")[1] for line in where.log if "feasts: " in line]
        assert not set(drawn) & tiles  # the tiles stay on the map
        assert sorted(drawn[:45]) == sorted(c.code for c in RULES.fate if c.code not in tiles)
        assert drawn[45] in drawn[:45]  # drawn out: the rest shuffled afresh


def test_gs_a26_the_fate_deck_is_52_suited_cards_and_4_wilds_and_nothing_else(tmp_path: Path) -> None:
    assert Counter(c.face for c in RULES.fate) == {"A": 4, "K": 4, "Q": 4, "J": 4, "W": 4, "N": 36}
    root = _sample_with(tmp_path, '\n@area 9 "Mirror Flats"\n  layout:\n    - W5  2S\n')
    found = [d for d in check(root).diagnostics if d.code == "TGC573" and "W5" in d.message]
    assert len(found) == 1 and "is no Fate card" in found[0].message
    assert found[0].span.line == _line_of(root, "  layout:")  # the area's layout, in its file


def _sample_with(tmp_path: Path, extra: str) -> Path:
    return sample_with(tmp_path, extra, "cards.tgj")


def _line_of(root: Path, text: str) -> int:
    lines = (root / "cards.tgj").read_text(encoding="utf-8").splitlines()
    return lines.index(text) + 1


HUNTER = ('\n@creature "Daemon Hunter"\n  aliases: "Soul Hunter"\n  hp: 5, 6, 7, 8\n'
          '  ep: 5, 6, 7, 8\n  skills: "Wail"\n\n@skill creature "Wail"\n'
          '  owner: "Daemon Hunter"\n  rn: 5\n  fx: 2 dmg\n')


def test_gs_a27_soul_hunter_and_daemon_hunter_are_one_creature_named_by_the_data(tmp_path: Path) -> None:
    root = _sample_with(tmp_path, HUNTER)
    tale = load_campaign(root).rules
    assert isinstance(tale, TallTale)
    rules = index(tale)
    assert rules.creature("Soul Hunter") is rules.creature("Daemon Hunter")
    assert [c.name for c in tale.creatures].count("Daemon Hunter") == 1
    assert not [d for d in check(root).diagnostics if d.severity == "error"]
    setup = DuelSetup(rules.creature("Soul Hunter"), (player((ELEMENTS["fire"],)),),
                      dispositions=False)
    d = Duel(rules, setup, Script({}), random.Random(1), log=True)
    assert d.creature.name == "Daemon Hunter" and (d.creature.hp, d.creature.ep) == (5, 5)
    assert [c.name for c in d.creature.hand if c.owner == "Daemon Hunter"] == ["Wail"]


def test_gs_a38_a_creature_and_a_spell_may_share_a_name_each_found_by_its_kind(tmp_path: Path) -> None:
    specter = HUNTER.replace('"Daemon Hunter"', '"Specter"').replace('  aliases: "Soul Hunter"\n', "")
    root = _sample_with(tmp_path, specter)
    tale = load_campaign(root).rules
    assert isinstance(tale, TallTale)
    rules = index(tale)
    spell, creature = rules.cards[("spell", "Specter")], rules.creature("Specter")
    assert spell.comeback is not None and creature.skills == ("Wail",)  # two records
    assert not [d for d in check(root).diagnostics if d.code == "TGC571"]  # not a duplicate


def test_gs_a35_a_revisited_tile_resolves_again_except_what_is_spent() -> None:
    s = state()
    s.tile = "KS"
    assert [resolve_tile(s, always("win"), random.Random(1)).kind for _ in range(2)] == [
        "landmark", "landmark"]  # a landmark resolves again
    s.tile = "QS"
    assert resolve_tile(s, always("win"), random.Random(1)).kind == "key"
    again = resolve_tile(s, always("win"), random.Random(1))
    assert again.kind == "nothing" and s.keys[3] == {"white"}  # not found twice
    s.tile = "QD"
    assert resolve_tile(s, always("win"), random.Random(1)).detail.startswith("opened: ")
    assert resolve_tile(s, always("win"), random.Random(1)).detail == "the chest is open"
    for _ in range(2):  # a portal works every time
        s.area, s.tile = 3, "W1"
        assert resolve_tile(s, always("win"), random.Random(1)).kind == "portal"
        assert (s.area, s.tile) == (4, "W1")
