"""Grimslingers sessions and characters across them, and the sets traded in a Tall Tale
(spec §§10.9, 11.6, 14.4, 16.2, 16.3, 16.10), one test per rule id, on the sample Tall
Tale (our own content)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.gs_helpers import card
from tests.test_gs_tale_rules import RULES, TALE, _fight, _party
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import TallTale, Trade
from tgc.rulesets.grimslingers.engines.adventure import new_party
from tgc.rulesets.grimslingers.engines.story import (
    buy,
    for_sale,
    move,
    resolve_tile,
    trade,
    trades,
)
from tgc.rulesets.grimslingers.engines.tale import (
    continue_session,
    end_session,
    remake,
)

REPO = Path(__file__).resolve().parents[1]
WHISKERS = card("Tin Whiskers", "skill", "2 dmg", rn=4, owner="Kipper", pp=6)  # our own
PRICED = TALE.model_copy(update={"cards": (*TALE.cards, WHISKERS)})


def _through_the_portal():  # type: ignore[no-untyped-def]
    state = _party("Kipper", "Luella")
    state.tile, state.previous = "AH", None
    move(state, "W1")
    resolve_tile(state, _fight("win"), random.Random(0))
    assert (state.area, state.tile, state.entered_by) == (4, "W1", "W1")
    return state


def test_gs_16_10_a_sessions_end_records_the_place_the_story_and_every_tracker() -> None:
    state = _through_the_portal()
    state.completed.add("1.1")
    state.markers.add("Tin Star")
    state.party[0].gain_pp(3)
    record = end_session(state)
    assert (record.area, record.portal, record.chapter) == (4, "W1", 1)
    assert record.completed == {"1.1"} and record.markers == {"Tin Star"}
    assert [(s.name, s.pp, s.earned) for s in record.sheets] == [("Kipper", 23, 23),
                                                                  ("Luella", 20, 20)]
    assert all(c.hand == c.stash == [] for c in state.party)  # every card put away


def test_gs_16_3_items_are_not_kept_between_sessions() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    spur, oil = (next(c for c in TALE.cards if c.name == n) for n in ("Glass Spur", "Lantern Oil"))
    kipper.passive.append(spur)  # a legendary item
    kipper.hand.append(oil)
    state.item_discard.append(next(c for c in TALE.cards if c.name == "Imp Ember"))
    record = end_session(state)
    assert not state.held_items() and not state.item_discard
    again = continue_session(TALE, record, new_party(RULES, ["Kipper"]))
    assert not again.held_items()


def test_gs_14_4_the_next_session_starts_on_the_portal_the_party_came_in_by() -> None:
    state = _through_the_portal()
    state.completed.add("1.1")
    state.revealed[4].add("QC")
    record = end_session(state)
    again = continue_session(TALE, record, new_party(RULES, ["Kipper", "Luella"]))
    assert (again.area, again.tile, again.completed) == (4, "W1", {"1.1"})
    assert "QC" not in again.revealed[4]  # laid out as if entered for the first time
    home = continue_session(TALE, end_session(_party("Kipper")), new_party(RULES, ["Kipper"]))
    assert (home.area, home.tile) == (TALE.start_area, TALE.start_tile)


def test_gs_14_4_progress_trackers_carry_pp_and_bought_skills_over() -> None:
    state = _party("Kipper")  # on the landmark KS
    state.tale = PRICED
    kipper = state.party[0]
    (skill,) = [c for c in for_sale(state, kipper) if c.kind == "skill"]
    buy(state, kipper, skill)
    record = end_session(state)
    (sheet,) = record.sheets
    again = continue_session(PRICED, record, new_party(RULES, ["Kipper"]))
    fresh = again.party[0]
    assert fresh.pp == sheet.pp == 20 - 6
    assert skill in (*fresh.hand, *fresh.stash, *fresh.deactivated)


def test_gs_11_6_remaking_a_character_returns_bought_cards_and_every_earned_pp() -> None:
    state = _party("Kipper")
    state.tale = PRICED
    kipper = state.party[0]
    (skill,) = [c for c in for_sale(state, kipper) if c.kind == "skill"]
    buy(state, kipper, skill)
    kipper.gain_pp(4)  # an achievement
    kipper.max_hp, kipper.hp = 7, 2
    remake(kipper, new_party(RULES, ["Kipper"])[0])
    assert kipper.pp == kipper.earned == 24 and kipper.bought == []
    assert (kipper.hp, kipper.max_hp) == (5, 5)
    assert skill not in (*kipper.hand, *kipper.stash, *kipper.deactivated)
    assert skill in for_sale(state, kipper)  # to be bought again


def test_gs_16_2_a_discarded_card_may_come_from_hand_stash_or_deactivate_pile() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    spell, stashed = kipper.hand[-1], kipper.stash[0]
    assert kipper.throw_away(spell) == "discard pile" and spell in kipper.discard
    assert kipper.throw_away(stashed) == "discard pile" and stashed not in kipper.stash
    fuse = card("Fuse", "item", "1 dmg", rn=5, types=("standard",), deactivate_on_use=True)
    kipper.deactivated.append(card("Old Map", "item", rn=None))
    kipper.hand.append(fuse)
    assert kipper.throw_away(fuse) == "deactivate pile" and fuse in kipper.deactivated
    old = kipper.deactivated[0]
    assert kipper.throw_away(old) == "item discard pile" and old not in kipper.deactivated


MAP = card("Treasure Map Piece", "item", rn=None, category="world",
           trade=Trade(count=3, gives="legendary"))
HEX = card("Hex Fragment", "item", rn=None, category="world",
           trade=Trade(count=3, gives="item", item="Lantern Oil"))


def test_gs_10_9_three_of_a_kind_are_traded_for_what_the_card_says() -> None:
    state = _party("Kipper")
    state.tale = TALE.model_copy(update={"cards": (*TALE.cards, MAP, HEX)})
    kipper = state.party[0]
    kipper.stash[:] = [MAP, MAP]
    assert trades(state) == []
    kipper.hand[:] = [MAP, HEX, HEX, HEX]
    kipper.deactivated[:] = [HEX]  # a set may come from the deactivate pile too (GS-16.2)
    assert trades(state) == [MAP, HEX]
    assert trade(state, MAP, random.Random(0)) in {"Glass Spur", "Moon Compass"}
    assert state.item_count("Treasure Map Piece") == 0 and state.item_discard == [MAP] * 3
    assert trade(state, HEX, random.Random(0)) == "Lantern Oil"
    assert state.item_count("Hex Fragment") == 1 and trades(state) == []
    assert state.item_count("Lantern Oil") == 1


def test_gs_10_9_a_set_is_written_as_a_trade_key(tmp_path: Path) -> None:
    for f in (REPO / "examples" / "grimslingers").glob("*.tgj"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / "cards.tgj").open("a", encoding="utf-8") as out:
        out.write('\n@gear "Hex Fragment"\n  category: world\n'
                  '  trade: 3 for item "Lantern Oil"\n')
    tale = load_campaign(tmp_path).rules
    assert isinstance(tale, TallTale)
    found = next(c for c in tale.cards if c.name == "Hex Fragment")
    assert found.trade == HEX.trade
