"""Grimslingers' Rest phase between duels (spec §14.1 step 4, §18): a Standoff phase at
the party's table and hand and stash reorganised, by a policy (`walk`) and by the players
(`tgc play`, with the next move). On the sample Tall Tale."""

from __future__ import annotations

import random

import pytest

from tests.test_gs_tale_rules import TALE
from tgc.rulesets.grimslingers.engines import session
from tgc.rulesets.grimslingers.engines.adventure import new_party, walk
from tgc.rulesets.grimslingers.engines.decisions import Feast, Sacrifice, UseCard
from tgc.rulesets.grimslingers.engines.policies import Greedy
from tgc.rulesets.grimslingers.engines.rest import (
    can_reorganise,
    fill_hand,
    rest_by_policy,
    rest_standoff,
    shift,
)
from tgc.rulesets.grimslingers.engines.tale import TaleState, new_state
from tgc.rulesets.grimslingers.rules import index


def _party(*names: str) -> TaleState:
    state = new_state(TALE, list(names))
    state.party = new_party(index(TALE), list(names))
    return state


def test_gs_14_1_a_standoff_phase_at_rest_uses_a_standoff_card_at_the_party_table() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    kipper.hp = 2
    lives = next(c for c in kipper.hand if c.name == "Nine Lives")
    notes = rest_standoff(state, kipper, Greedy(), random.Random(1), lambda t, d: [UseCard(lives)])
    assert (kipper.hp, kipper.resource) == (4, 10 - 2)
    assert lives in kipper.deactivated and lives not in kipper.hand  # a skill used is deactivated
    assert notes == ("Kipper uses Nine Lives in the Standoff",
                     "after the Standoff: Kipper 4/5 HP, 5/5 EP, 20 PP, 8 durability")


def test_gs_9_3_at_rest_too_two_standoff_actions_at_most_never_down_to_0_hp() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    rest_standoff(state, kipper, Greedy(), random.Random(1),
                  lambda t, d: [Sacrifice(1), Sacrifice(1), Sacrifice(1)])
    assert (kipper.hp, kipper.ep) == (3, 5)  # two actions; the EP gained is over the maximum
    rest_standoff(state, kipper, Greedy(), random.Random(1), lambda t, d: [Sacrifice(3)])
    assert kipper.hp == 3  # not to 0 HP (GS-A23)


def test_gs_6_10_and_6_6_the_policy_loads_bullets_and_feasts_at_rest() -> None:
    state = _party("Nyunyo", "La Fleur")
    nyunyo, fleur = state.party
    notes = rest_by_policy(state, random.Random(3))
    assert (nyunyo.resource, nyunyo.belt) == (2, 8)  # loading is free (GS-6.10)
    assert fleur.resource is not None and fleur.resource > 0  # Feast's blood (GS-6.6)
    assert "La Fleur feasts: " in " ".join(notes)
    assert rest_standoff(state, fleur, Greedy(), random.Random(3), lambda t, d: [Feast()])


def test_gs_14_1_the_policy_fills_the_hands_free_places_from_the_stash_strongest_first() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    kipper.hand = kipper.hand[:3]  # two places free
    stash = list(kipper.stash)
    moved = fill_hand(kipper)
    score = Greedy().score
    assert moved == sorted(stash, key=score, reverse=True)[:2] and len(kipper.hand) == 5
    assert kipper.stash == [c for c in stash if c not in moved]
    assert fill_hand(kipper) == []  # a full hand keeps what it has


def test_gs_3_9_hand_and_stash_are_reorganised_within_their_limits() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    first, spare = kipper.hand[0], kipper.stash[0]
    assert can_reorganise(kipper)
    with pytest.raises(ValueError, match="Kipper's stash is full"):
        shift(kipper, first, "stash")
    shift(kipper, first, "stash", swap=spare)
    assert first in kipper.stash and spare in kipper.hand
    assert (len(kipper.hand), len(kipper.stash)) == (5, 3)
    kipper.hand.pop()
    shift(kipper, first, "hand")
    assert (len(kipper.hand), len(kipper.stash)) == (5, 2)


def test_a_policy_walk_rests_after_each_turn() -> None:
    out = walk(TALE, ["Kipper", "Nyunyo"], seed=6)
    rests = [line for line in out.log if line.startswith("  rest: ")]
    assert rests and "after the Standoff: Nyunyo 5/5 HP, 5/5 EP, 20 PP, 2 ammo, belt 8" in rests[0]


def test_tgc_play_offers_the_last_turns_rest_phase_with_the_next_move() -> None:
    answers = ["1", "1", "3", "5", "2", "1", "3", "3", "1", "4", "2", "1", "1", ":quit"]
    text, _ = session.replay(TALE, {}, session.Header(("Kipper", "Nyunyo"), 1), iter(answers))
    first, second = text.split("-- turn 2")
    assert "rest:" not in first  # no turn before the first
    assert "  2. end the session here\n  3. rest: Kipper takes a Standoff phase\n" \
           "  4. rest: Kipper reorganises hand and stash\n  5. rest: Nyunyo takes a Standoff phase\n" \
           "  6. rest: Nyunyo reorganises hand and stash\n> 5\n" in second
    assert "? Nyunyo's Standoff (2 of 2 actions left)" in second
    assert "  after the Standoff: Nyunyo 5/5 HP, 5/5 EP, 20 PP, 2 ammo, belt 11\n" in second
    assert "  Kipper sacrifices 2 HP\n" in second
    assert "? Nyunyo reorganises hand and stash\n  1. done\n  2. Quick Draw to the stash\n" in second
    assert "? The stash is full: Quick Draw trades places with\n  1. WIND\n" in second
    assert "Nyunyo's hand (5 of 5): Fan the Hammer, FIRE, WATER, EARTH, WIND; stash (3 of 3): " \
           "ICE, LIGHTNING, Quick Draw" in second
    last_move = second.split("? Move")[-1]
    assert "takes a Standoff phase" not in last_move  # once per Rest phase
