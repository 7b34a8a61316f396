"""Grimslingers items in a Tall Tale are cards (spec §16.1-16.3, §3.9, §6.10): the
players decide who takes one, it goes to that player's passive space, hand, stash or
deactivate pile, Nyunyo may refuse it for bullets, a named item someone holds is not
gained twice, the item discard pile comes back when the deck runs out, and a Tall Tale
duel plays the items in the hand. On the sample's cards and a few of our own."""

from __future__ import annotations

import random

from tests.gs_helpers import Script, card
from tests.test_gs_tale_rules import RULES, TALE, _fight, _party
from tgc.rulesets.grimslingers.conditions import holds
from tgc.rulesets.grimslingers.data import Card, DuelAction, GainItem, HasItem
from tgc.rulesets.grimslingers.engines.adventure import duel_setup
from tgc.rulesets.grimslingers.engines.duel import Duel
from tgc.rulesets.grimslingers.engines.sheets import write_back
from tgc.rulesets.grimslingers.engines.story import apply_action
from tgc.rulesets.grimslingers.engines.tale import Character, Taking, TaleState, place

CHARM = card("Lucky Charm", "item", rn=None, types=("passive",), category="general")
BELL = card("Brass Bell", "item", rn=None, types=("passive",), category="general")


def _card(name: str) -> Card:
    return next(c for c in TALE.cards if c.name == name)


def _gain(state: TaleState, item: str | None, seed: int = 0) -> None:
    apply_action(state, GainItem(item=item), _fight("win"), random.Random(seed))


def test_gs_16_1_the_players_decide_who_takes_an_item_and_it_is_their_card() -> None:
    state = _party("Kipper", "Luella")
    kipper, luella = state.party
    asked: list[str] = []

    def luella_takes(s: TaleState, c: Card) -> Taking:
        asked.append(c.name)
        return Taking(luella)

    state.taker = luella_takes
    kipper.hand.pop()  # room in Kipper's hand: still the players' choice
    _gain(state, "Rattlesnake Tonic")
    assert asked == ["Rattlesnake Tonic"]
    assert [c.name for c in luella.items()] == ["Rattlesnake Tonic"] and kipper.items() == []
    assert luella.deactivated[-1].name == "Rattlesnake Tonic"  # her hand and stash are full
    assert holds(HasItem(item="Rattlesnake Tonic"), state)


def test_gs_16_1_by_default_the_first_player_with_room_takes_it() -> None:
    state = _party("Kipper", "Luella")
    state.party[1].hand.pop()
    _gain(state, "Rattlesnake Tonic")
    assert state.party[1].hand[-1].name == "Rattlesnake Tonic"


def test_gs_3_9_the_passive_space_holds_one_card_and_one_legendary_item_beside() -> None:
    c = Character("Kipper", hand_limit=5)
    spur, compass = _card("Glass Spur"), _card("Moon Compass")
    assert [place(c, x) for x in (CHARM, spur, BELL, compass)] == [
        "passive space", "passive space", "hand", "hand"]
    assert c.passive == [CHARM, spur] and c.hand == [BELL, compass]


def test_gs_6_10_nyunyo_may_refuse_an_item_for_three_bullets_and_it_goes_back() -> None:
    state = _party("Nyunyo")
    nyunyo = state.party[0]
    state.taker = lambda s, c: Taking(nyunyo, refused=True)
    _gain(state, "Lantern Oil")
    assert nyunyo.belt == 10 + 3 and state.item_count("Lantern Oil") == 0
    assert state.item_discard == []  # neither drawn nor discarded
    state.taker = None  # now he takes what he gains: the oil is back in the deck
    for name in ("Imp Ember", "Rattlesnake Tonic"):
        nyunyo.stash.append(_card(name))
    nyunyo.hand.pop()
    _gain(state, None)
    assert state.item_count("Lantern Oil") == 1


def test_gs_6_10_by_default_nyunyo_refuses_only_what_would_wait_in_his_deactivate_pile() -> None:
    state = _party("Nyunyo")
    _gain(state, "Lantern Oil")
    assert state.party[0].belt == 13 and state.item_count("Lantern Oil") == 0
    state.party[0].hand.pop()
    _gain(state, "Lantern Oil")
    assert state.party[0].belt == 13 and state.item_count("Lantern Oil") == 1


def test_gs_16_1_a_named_item_comes_back_from_the_item_discard_pile() -> None:
    state = _party("Kipper")
    oil = _card("Lantern Oil")
    state.item_discard.append(oil)
    _gain(state, "Lantern Oil")
    assert state.item_discard == [] and state.party[0].items() == [oil]


def test_gs_16_1_the_item_discard_pile_is_shuffled_back_only_when_the_deck_is_empty() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    tonic, ember = _card("Rattlesnake Tonic"), _card("Imp Ember")
    kipper.stash.append(_card("Lantern Oil"))
    state.item_discard.append(tonic)
    _gain(state, None)
    assert state.item_count("Imp Ember") == 1 and state.item_discard == [tonic]
    _gain(state, None)  # the deck is empty: the discard pile is the deck again
    assert state.item_count("Rattlesnake Tonic") == 1 and state.item_discard == []
    assert ember in kipper.items()


def test_a_tall_tale_duel_plays_an_item_from_the_hand_and_it_goes_to_the_item_discard() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    bomb = card("Flask Bomb", "item", "2 dmg", rn=5, types=("standard",), category="general")
    kipper.hand[-1] = bomb
    setup = duel_setup(RULES, state, DuelAction(creature="Mire Toad"), random.Random(0))
    duel = Duel(RULES, setup, Script({1: [([], "Flask Bomb")]}), random.Random(0), log=True)
    before = duel.creature.hp
    duel.play_turn()
    assert "Kipper plays Flask Bomb (RN 5)" in duel.log and duel.creature.hp < before
    write_back(state, duel)
    assert state.item_discard == [bomb] and bomb not in kipper.items()
