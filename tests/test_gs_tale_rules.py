"""Grimslingers Tall Tale rules (spec §§6, 11-16) that had no test of their own, one test
each, named by rule id, on the sample Tall Tale (our own content) and its engines."""

from __future__ import annotations

import random
from pathlib import Path

from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import DuelAction, GainItem, TallTale
from tgc.rulesets.grimslingers.engines.adventure import duel_setup, new_party
from tgc.rulesets.grimslingers.engines.duel import Duel
from tgc.rulesets.grimslingers.engines.policies import make_policy
from tgc.rulesets.grimslingers.engines.sheets import write_back
from tgc.rulesets.grimslingers.engines.story import (
    DuelOutcome,
    apply_action,
    eligible_parts,
    resolve_part,
    startable_bounties,
    won,
)
from tgc.rulesets.grimslingers.engines.tale import TaleState, enter_area, new_state, revive_all
from tgc.rulesets.grimslingers.rules import index

REPO = Path(__file__).resolve().parents[1]
_rules = load_campaign(REPO / "examples" / "grimslingers").rules
assert isinstance(_rules, TallTale)
TALE: TallTale = _rules
RULES = index(TALE)
PLAYTESTS = REPO / "examples" / "grimslingers" / "playtests"


def _party(*names: str) -> TaleState:
    state = new_state(TALE, list(names))
    state.party = new_party(RULES, list(names))
    return state


def _part(pid: str):  # type: ignore[no-untyped-def]
    return next(p for p in TALE.parts if p.id == pid)


def _fight(outcome: DuelOutcome):  # type: ignore[no-untyped-def]
    def fight(state: TaleState, action: DuelAction) -> DuelOutcome:
        return outcome
    return fight


def test_gs_11_3_a_new_character_has_5_hp_5_ep_20_pp_hand_5_and_stash_3() -> None:
    kipper = _party("Kipper").party[0]
    assert (kipper.hp, kipper.max_hp, kipper.ep, kipper.max_ep, kipper.pp) == (5, 5, 5, 5, 20)
    assert len(kipper.hand) == 5 and len(kipper.stash) == 3
    elements = {c.name for c in (*kipper.hand, *kipper.stash) if "element" in c.types}
    assert elements == {"FIRE", "WATER", "EARTH", "WIND", "ICE", "LIGHTNING"}


def test_gs_6_1_kippers_durability_is_10_at_a_sessions_start() -> None:
    assert _party("Kipper").party[0].resource == 10


def test_gs_6_10_nyunyo_starts_with_an_empty_chamber_and_10_on_the_belt() -> None:
    nyunyo = _party("Nyunyo").party[0]
    assert (nyunyo.resource, nyunyo.belt) == (0, 10)


def _duel(state: TaleState, creature: str, seed: int = 3) -> Duel:
    action = DuelAction(creature=creature, dispositions=False)
    rng = random.Random(seed)
    duel = Duel(RULES, duel_setup(RULES, state, action, rng), make_policy("greedy"), rng)
    duel.run()
    return duel


def test_gs_6_5_and_6_10_blood_and_bullets_are_not_reset_at_a_duels_end() -> None:
    state = _party("La Fleur", "Nyunyo")
    duel = _duel(state, "Glass Hare")
    fleur, nyunyo = duel.players
    fleur.res["blood"] = 4
    write_back(state, duel)
    assert state.party[0].resource == 4
    assert state.party[1].resource == nyunyo.res["ammo"] and state.party[1].belt == nyunyo.belt
    again = Duel(RULES, duel_setup(RULES, state, DuelAction(creature="Glass Hare"),
                                   random.Random(1)), make_policy("greedy"), random.Random(1))
    assert again.players[0].res["blood"] == 4  # the next duel starts from it


def test_gs_15_9_discarded_and_deactivated_cards_stay_so_after_a_duel() -> None:
    state = _party("Kipper")
    duel = _duel(state, "Cinder Imps")
    write_back(state, duel)
    kipper = state.party[0]
    assert kipper.discard == duel.players[0].discard and kipper.discard
    nxt = Duel(RULES, duel_setup(RULES, state, DuelAction(creature="Glass Hare"),
                                 random.Random(2)), make_policy("greedy"), random.Random(2))
    assert [c.name for c in nxt.players[0].discard] == [c.name for c in kipper.discard]


def test_gs_16_5_revival_is_3_hp_3_ep_the_special_resource_kept_cards_reactivated() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    kipper.hp, kipper.ep, kipper.resource = 0, 1, 4
    card = kipper.hand.pop()
    kipper.deactivated.append(card)
    revive_all(state)
    assert (kipper.hp, kipper.ep, kipper.resource) == (3, 3, 4)
    assert card in kipper.hand and kipper.deactivated == []


def test_gs_16_6_a_lost_duel_costs_a_defeat_each_everyone_revives_and_the_turn_goes_on() -> None:
    state = _party("Kipper", "Luella")
    assert state.defeats_left == 3
    for c in state.party:
        c.hp = 0
    result = apply_action(state, DuelAction(creature="Cinder Imps", on_lose="continue"),
                          _fight("lose"), random.Random(0))
    assert result is None  # the actions go on
    assert all((c.hp, c.ep) == (3, 3) for c in state.party)
    assert "Cinder Imps" not in state.defeated  # no rewards


def test_gs_11_4_a_first_defeat_is_an_achievement_personal_or_for_all() -> None:
    state = _party("Kipper", "Luella")
    won(state, "Glass Hare", random.Random(0))  # "Glass Breaker", 2 PP, personal
    assert "Glass Breaker" in state.achievements
    assert [c.pp for c in state.party] == [22, 20]
    won(state, "Cinder Imps", random.Random(0))  # "Ash on Your Boots", 2 PP all
    assert [c.pp for c in state.party] == [24, 22]
    won(state, "Cinder Imps", random.Random(0))  # once per campaign
    assert [c.pp for c in state.party] == [24, 22]


def test_gs_12_5_a_part_is_completed_at_most_once() -> None:
    state = _party("Kipper")
    assert resolve_part(state, _part("1.1"), _fight("win"), random.Random(0)) == "completed"
    assert "1.1" not in [p.id for p in eligible_parts(TALE, state)]


def test_gs_12_3_actions_restore_every_players_ep_and_give_items() -> None:
    state = _party("Kipper", "Luella")
    for c in state.party:
        c.ep = 1
    resolve_part(state, _part("1.1"), _fight("win"), random.Random(0))  # each restore ep
    assert [c.ep for c in state.party] == [5, 5] and state.item_count("Lantern Oil") == 1


def test_gs_12_6_a_chosen_path_and_its_marker_are_recorded_for_later_prerequisites() -> None:
    state = _party("Kipper")
    state.completed |= {"1.1", "1.2"}
    resolve_part(state, _part("1.3a"), _fight("win"), random.Random(0))
    assert state.path == "Lawman" and "Tin Star" in state.markers
    assert "1.3b" not in [p.id for p in eligible_parts(TALE, state)]  # not path "Lawman"


def test_gs_12_7_at_a_chapters_end_every_card_comes_back() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    spent = [kipper.hand.pop(), kipper.hand.pop()]
    kipper.discard.append(spent[0])
    kipper.deactivated.append(spent[1])
    state.completed |= {"1.5"}
    state.markers.add("Tin Star")
    assert resolve_part(state, _part("1.6"), _fight("win"), random.Random(0)) == "chapter_over"
    assert state.chapter_over and kipper.discard == [] and kipper.deactivated == []
    assert all(c in kipper.hand for c in spent)


def test_gs_13_4_an_area_is_laid_out_with_its_face_up_tiles_and_no_keys() -> None:
    state = _party("Kipper")
    state.keys[4] = {"white"}
    enter_area(state, 4, "W1")
    area = state.current_area()
    assert area is not None
    assert state.revealed[4] == {t.card.code for t in area.tiles if t.face_up} | {"W1"}
    assert state.keys[4] == set()


def test_gs_13_5_kings_are_face_up_from_the_start() -> None:
    for area in TALE.areas:
        assert all(t.face_up for t in area.tiles if t.card.face == "K")


def test_gs_14_1_a_turn_moves_reads_resolves_then_rests() -> None:
    text = (PLAYTESTS / "chapter-one.transcript").read_text(encoding="utf-8")
    turn = text.split("-- turn 6:")[1].split("-- turn 7:")[0]
    order = [turn.index(s) for s in ("? Move", "== part 1.2", "? Tile resolution")]
    assert order == sorted(order)


def test_gs_14_8_a_bounty_is_resolved_instead_of_the_tile() -> None:
    text = (PLAYTESTS / "chapter-one.transcript").read_text(encoding="utf-8")
    turn = text.split('begin the bounty "Wanted: Salt Jack"\n> 2\n')[1].split("\n-- turn")[0]
    assert 'The bounty "Wanted: Salt Jack" is done.' in turn and "The tile:" not in turn


def test_gs_12_2_a_part_is_read_only_when_its_prerequisite_holds() -> None:
    state = _party("Kipper")  # on KS, landmark 301
    assert "1.2" not in [p.id for p in eligible_parts(TALE, state)]  # 1.1 not completed
    state.completed.add("1.1")
    assert "1.2" in [p.id for p in eligible_parts(TALE, state)]


def test_gs_12_8_a_story_duel_lost_with_lose_game_over_ends_the_game() -> None:
    state = _party("Kipper")
    result = apply_action(state, DuelAction(creature="Hollow Rider", on_lose="game_over"),
                          _fight("lose"), random.Random(0))
    assert result == "game_over" and state.game_over


def test_gs_14_6_a_bounty_begins_only_in_its_area_when_its_prerequisite_holds() -> None:
    state = _party("Kipper")
    assert startable_bounties(state) == []  # needs completed 1.2
    state.completed.add("1.2")
    assert [b.name for b in startable_bounties(state)] == ["Wanted: Salt Jack"]
    enter_area(state, 4, "W1")
    assert startable_bounties(state) == []  # another area's bounty


def test_gs_16_1_a_named_item_is_taken_and_a_random_one_drawn_from_the_rest() -> None:
    state = _party("Kipper")
    apply_action(state, GainItem(item="Lantern Oil"), _fight("win"), random.Random(0))
    kipper = state.party[0]
    assert state.item_count("Lantern Oil") == 1 and kipper.items()[0].name == "Lantern Oil"
    apply_action(state, GainItem(item="Lantern Oil"), _fight("win"), random.Random(0))
    assert state.item_count("Lantern Oil") == 1  # a player holds it: nothing is gained
    for c in TALE.cards:
        if c.name in TALE.items and c.name not in ("Imp Ember", "Lantern Oil"):
            kipper.stash.append(c)
    apply_action(state, GainItem(item=None), _fight("win"), random.Random(0))
    assert state.item_count("Imp Ember") == 1  # the only item of the deck nobody holds
