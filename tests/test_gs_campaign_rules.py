"""Grimslingers components and the Tall Tale's campaign layer (spec §§1, 11-16), one test
per rule id that had none, on the sample Tall Tale (our own content) and its engines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.gs_helpers import (
    ELEMENTS,
    GENERAL,
    RUSTLER_SKILLS,
    Script,
    card,
    duel,
    player,
    tale,
)
from tests.test_gs_tale_rules import RULES, TALE, _duel, _fight, _party
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import (
    Bounty,
    BountyStep,
    Creature,
    DuelAction,
    Elements,
    GainItem,
    GainPp,
    Landmark,
    TallTale,
)
from tgc.rulesets.grimslingers.engines.adventure import duel_setup
from tgc.rulesets.grimslingers.engines.duel import Duel
from tgc.rulesets.grimslingers.engines.policies import make_policy
from tgc.rulesets.grimslingers.engines.story import (
    after_defeats,
    apply_action,
    eligible_parts,
    resolve_tile,
    run_bounty,
    startable_bounties,
)
from tgc.rulesets.grimslingers.engines.words import area_grid
from tgc.rulesets.grimslingers.fxtext import FxError, parse_fx
from tgc.rulesets.grimslingers.rules import index

REPO = Path(__file__).resolve().parents[1]


def test_gs_1_1_each_player_keeps_a_progress_tracker_and_the_group_its_achievements() -> None:
    state = _party("Kipper", "Luella", "Nyunyo")
    assert [c.pp for c in state.party] == [20, 20, 20] and state.achievements == set()
    apply_action(state, GainPp(amount=3), _fight("win"), random.Random(0))
    apply_action(state, GainPp(amount=1, everyone=True), _fight("win"), random.Random(0))
    assert [c.pp for c in state.party] == [24, 21, 21]


def test_gs_1_2_a_creature_is_found_by_its_name_and_its_alias() -> None:
    hunter = Creature(name="Daemon Hunter", aliases=("Soul Hunter",), hp=(5, 6, 7, 8),
                      ep=(5, 6, 7, 8), skills=())
    rules = index(tale(creatures=(hunter,)))
    assert rules.creature("Soul Hunter") is rules.creature("Daemon Hunter") is hunter


def test_gs_1_3_the_cores_light_and_dark_follow_the_relation_in_the_data() -> None:
    light = card("LIGHT", fx="4 dmg", element="light", types=("element",))
    dark = card("DARK", "skill", "4 dmg", rn=9, element="dark")
    beats = Elements(beats=(*index(tale()).beats, ("light", "dark")))
    rules = index(tale(elements=beats, cards=(*ELEMENTS.values(), light, *GENERAL,
                                                  *RUSTLER_SKILLS)))
    d = duel((player((light,)),), Script({1: [([], "LIGHT")]}), rules=rules, dispositions=False)
    d.creature.hand = [dark]
    d.play_turn()
    assert d.players[0].hp == 5 and d.creature.hp == 6 - 4  # DARK was beaten and discarded
    assert dark in d.creature.discard


def test_gs_11_1_free_roam_skips_the_narrative_phase_but_keeps_the_bounties() -> None:
    state = _party("Kipper")
    assert [p.id for p in eligible_parts(TALE, state)] == ["1.1"]
    state.free_roam = True
    assert eligible_parts(TALE, state) == []
    state.completed.add("1.2")
    assert [b.name for b in startable_bounties(state)] == ["Wanted: Salt Jack"]


def test_gs_11_2_a_tall_tale_has_no_levels_to_gain() -> None:
    with pytest.raises(FxError, match="`level` is no resource"):
        parse_fx("user gains 1 level")


def test_gs_12_1_a_chapters_parts_are_read_only_in_that_chapter() -> None:
    state = _party("Kipper")
    state.chapter = 2
    assert eligible_parts(TALE, state) == []
    state.chapter = 1
    assert eligible_parts(TALE, state) != []


def test_gs_12_4_an_objective_has_no_rules_effect() -> None:
    state = _party("Kipper")
    plain = TALE.model_copy(update={"parts": tuple(
        p.model_copy(update={"objective": None, "objective_at": None}) for p in TALE.parts)})
    for done in ((), ("1.1",), ("1.1", "1.2")):
        state.completed = set(done)
        assert ([p.id for p in eligible_parts(TALE, state)]
                == [p.id for p in eligible_parts(plain, state)])
    assert any(p.objective for p in TALE.parts)


def test_gs_13_1_an_area_is_a_grid_of_fate_cards_face_down_until_turned() -> None:
    state = _party("Kipper")
    area = state.current_area()
    assert area is not None
    grid = "\n".join(area_grid(area, state))
    down = [t for t in area.tiles if not t.face_up and t.card.code != state.tile]
    assert down and all(t.card.code not in grid for t in down) and "??" in grid
    assert all(t.card.code in grid for t in area.tiles if t.face_up)


def test_gs_14_3_a_duel_holds_every_disposition_and_trackers_up_to_40() -> None:
    state = _party("Kipper")
    duel = _duel(state, "Glass Hare")
    assert duel.creature.cap == 40
    rng = random.Random(5)
    setup = duel_setup(RULES, state, DuelAction(creature="Glass Hare", dispositions=True), rng)
    fresh = Duel(RULES, setup, make_policy("greedy"), rng)
    held = sorted(d.name for d in (*fresh.in_play, *fresh.disposition_deck))
    assert held == sorted(d.name for d in TALE.dispositions) and len(fresh.in_play) == 2


def test_gs_14_9_a_duel_lost_in_a_bounty_is_a_lost_duel_and_the_bounty_stays_active() -> None:
    state = _party("Kipper", "Luella")
    bounty = Bounty(name="Wanted: Test", area=3, actions=(
        DuelAction(creature="Cinder Imps"), BountyStep(bounty="Wanted: Test", step="complete")))
    for c in state.party:
        c.hp = 0
    assert run_bounty(state, bounty, _fight("lose"), random.Random(0)) == "failed"
    assert state.active_bounty == "Wanted: Test"
    assert all((c.hp, c.ep) == (3, 3) for c in state.party)


def test_gs_16_8_after_an_event_each_defeated_player_costs_one_allowed_defeat() -> None:
    state = _party("Kipper", "Luella", "Nyunyo")
    for c in state.party[:2]:
        c.hp = 0
    after_defeats(state, 2)
    assert state.defeats_left == 4 - 2 and not state.game_over
    assert [c.hp for c in state.party] == [3, 3, 5]
    for c in state.party:
        c.hp = 0
    state.defeats_left = 2
    after_defeats(state, 3)
    assert state.game_over and [c.hp for c in state.party] == [0, 0, 0]


def test_gs_16_7_a_party_beaten_at_a_landmark_gains_none_of_its_rewards() -> None:
    here = next(t for a in TALE.areas for t in a.tiles if t.landmark == 301)
    mark = Landmark(number=301, actions=(DuelAction(creature="Mire Toad"),
                                         GainItem(item="Lantern Oil")))
    for outcome, oil, hp in (("lose", 0, 3), ("win", 1, 5)):
        state = _party("Kipper", "Luella")
        state.tale = TALE.model_copy(update={"landmarks": (mark,)})
        for c in state.party:
            c.hp = 0 if outcome == "lose" else c.hp  # as the duel left them
        event = resolve_tile(state, _fight(outcome), random.Random(0))
        assert state.tile == here.card.code and event.kind == "landmark"
        assert state.item_count("Lantern Oil") == oil
        assert [c.hp for c in state.party] == [hp, hp]  # all revive after a lost duel


def test_gs_16_7_a_landmark_entry_is_written_as_a_record(tmp_path: Path) -> None:
    for f in (REPO / "examples" / "grimslingers").glob("*.tgj"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / "areas.tgj").open("a", encoding="utf-8") as out:
        out.write('\n@landmark 301\n  actions:\n    - duel "Cinder Imps"\n'
                  '    - gain item "Lantern Oil"\n')
    tale = load_campaign(tmp_path).rules
    assert isinstance(tale, TallTale)
    assert [(m.number, [a.kind for a in m.actions]) for m in tale.landmarks] == [
        (301, ["duel", "item"])]
