"""Grimslingers storylets and areas (spec §§12-14, 16) on the sample Tall Tale: which
part is read, walking tile by tile with no backtracking, tiles, bounties blocking the
story, defeats and revival."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tgc.rulesets.grimslingers.data import DuelAction
from tgc.rulesets.grimslingers.engines.story import (
    eligible_parts,
    move,
    moves,
    resolve_part,
    resolve_tile,
    rest,
    run_bounty,
    startable_bounties,
)
from tgc.rulesets.grimslingers.engines.tale import TaleState, enter_area, new_state, spend_defeats
from tgc.rulesets.grimslingers.frontend import load_tale

SAMPLE = Path(__file__).parent.parent / "examples" / "grimslingers"
TALE = load_tale(SAMPLE).tale


def always(outcome: str):  # type: ignore[no-untyped-def]
    def fight(state: TaleState, action: DuelAction) -> str:
        return outcome
    return fight


def state(*names: str) -> TaleState:
    return new_state(TALE, list(names or ("Kipper",)))


def ids(s: TaleState) -> list[str]:
    return [p.id for p in eligible_parts(TALE, s)]


def test_gs_14_5_the_eligible_part_is_the_one_whose_prerequisite_holds() -> None:
    s = state()
    assert (s.area, s.tile) == (3, "KS") and ids(s) == ["1.1"]
    assert resolve_part(s, TALE.parts[0], always("win"), random.Random(1)) == "completed"
    assert s.item_count("Lantern Oil") == 1 and ids(s) == ["1.2"]  # on landmark 301


def test_gs_a6_several_eligible_parts_are_the_players_choice_and_one_excludes_the_other() -> None:
    s = state()
    s.completed |= {"1.1", "1.2"}
    assert ids(s) == ["1.3a", "1.3b"]
    part = next(p for p in TALE.parts if p.id == "1.3b")
    resolve_part(s, part, always("win"), random.Random(1))
    assert s.path == "Outlaw" and ids(s) == []  # 1.3a now excluded by its prerequisite


def test_gs_a6_a_lost_duel_leaves_the_part_incomplete_to_retry() -> None:
    s = state()
    s.completed |= {"1.1", "1.2", "1.3a", "1.4"}
    s.path = "Lawman"
    s.party[0].hand.append(next(c for c in TALE.cards if c.name == "Imp Ember"))
    enter_area(s, 4, "KH")
    part = next(p for p in TALE.parts if p.id == "1.5")
    assert resolve_part(s, part, always("lose"), random.Random(1)) == "failed"
    assert "1.5" not in s.completed and ids(s) == ["1.5"]


def test_gs_14_2_orthogonal_moves_and_no_backtracking() -> None:
    s = state()
    assert sorted(moves(s)) == ["3C", "5H", "7D"]
    move(s, "5H")
    assert "KS" not in moves(s) and sorted(moves(s)) == ["AH", "JH", "QD"]


def test_gs_a8_backtracking_is_allowed_when_nothing_else_is_reachable() -> None:
    s = state()
    s.tile, s.previous = "QD", "3C"
    move(s, "QS")
    assert moves(s) == ["QD"]  # the dead end: back the way the party came
    with pytest.raises(ValueError):
        move(s, "KS")


def test_gs_13_3_a_chest_opens_once_with_the_key_of_its_colour_from_its_area() -> None:
    s = state()
    s.tile, s.previous = "QD", "5H"
    assert resolve_tile(s, always("win"), random.Random(1)).detail == "locked (white)"
    s.tile = "QS"
    assert resolve_tile(s, always("win"), random.Random(1)).kind == "key"
    s.tile = "QD"
    opened = resolve_tile(s, always("win"), random.Random(1))
    assert opened.detail.startswith("opened: ") and sum(s.held_items().values()) == 1
    assert resolve_tile(s, always("win"), random.Random(1)).kind == "nothing"


def test_gs_14_2_a_special_event_resolves_only_the_first_time() -> None:
    s = state()
    s.tile = "JH"
    assert resolve_tile(s, always("win"), random.Random(1)).kind == "special"
    assert resolve_tile(s, always("win"), random.Random(1)).kind == "nothing"


def test_gs_13_2_a_portal_leads_to_the_wild_of_another_area() -> None:
    s = state()
    s.tile = "W1"
    event = resolve_tile(s, always("win"), random.Random(1))
    assert event.kind == "portal" and (s.area, s.tile) == (4, "W1")


def test_gs_13_2_an_attack_tile_rolls_for_the_creature_and_a_win_checks_the_achievement() -> None:
    s = state()
    s.tile = "AH"
    fought: list[str] = []

    def fight(state: TaleState, action: DuelAction) -> str:
        fought.append(action.creature)
        assert action.dispositions and action.modifiers == 1
        return "win"

    resolve_tile(s, fight, random.Random(1))
    assert fought and fought[0] in s.defeated and len(s.achievements) == 1


def test_gs_14_7_an_active_bounty_blocks_the_story() -> None:
    s = state()
    s.completed |= {"1.1"}
    s.completed.add("1.2")
    [bounty] = startable_bounties(s)
    s.active_bounty = bounty.name
    assert ids(s) == []
    s.active_bounty = None
    assert run_bounty(s, bounty, always("win"), random.Random(1)) == "completed"
    assert bounty.name in s.bounties_done and startable_bounties(s) == []
    assert s.party[0].pp == 20 + 2 + 2  # the bounty's 2 PP, the Glass Breaker's 2


def test_gs_16_4_the_group_may_suffer_players_plus_one_defeats() -> None:
    s = state("Kipper", "Luella", "Nyunyo")
    assert s.defeats_left == 4
    spend_defeats(s, 4)
    assert not s.game_over
    spend_defeats(s, 1)
    assert s.game_over


def test_gs_6_2_kipper_rests_for_3_durability_but_not_on_a_numbered_spade_or_club() -> None:
    s = state()
    s.party[0].resource = 4
    rest(s)
    assert s.party[0].resource == 7
    s.tile = "3C"
    rest(s)
    assert s.party[0].resource == 7
    s.tile = "KS"
    rest(s)
    rest(s)
    assert s.party[0].resource == 10
