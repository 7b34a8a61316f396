"""Grimslingers progress points (spec §11): a skill bought with PP only on a Landmark in
the Rest phase (GS-11.5), where the bought card goes (GS-A31), and the Rest phase of
`tgc play` offering it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.grimslingers.engines import session
from tgc.rulesets.grimslingers.engines.story import buy, for_sale, move
from tgc.rulesets.grimslingers.engines.tale import Character, new_state

REPO = Path(__file__).resolve().parents[1]
# a third Kipper skill with a price on the Progress Tracker (our own card)
PRICED = '\n@skill Kipper "Tin Whiskers"\n  rn: 4\n  fx: 2 dmg\n  pp: 6\n'


@pytest.fixture(scope="module")
def priced(tmp_path_factory: pytest.TempPathFactory) -> TallTale:
    root = tmp_path_factory.mktemp("gs") / "tale"
    root.mkdir()
    for f in (REPO / "examples" / "grimslingers").glob("*.tgj"):
        (root / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    with (root / "grimslingers.tgj").open("a", encoding="utf-8") as out:
        out.write(PRICED)
    tale = load_campaign(root).rules
    assert isinstance(tale, TallTale)
    return tale


def test_gs_11_5_pp_are_spent_only_on_a_landmark(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper"])  # the start tile KS is landmark 301
    kipper = state.party[0]
    assert [c.name for c in for_sale(state, kipper)] == ["Tin Whiskers"]
    move(state, "7D")  # an event tile
    assert for_sale(state, kipper) == []
    card = next(c for c in priced.cards if c.name == "Tin Whiskers")
    with pytest.raises(ValueError, match="cannot buy Tin Whiskers here"):
        buy(state, kipper, card)


def test_gs_11_5_a_purchase_costs_its_pp_at_once_and_is_not_bought_twice(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper"])
    kipper = state.party[0]
    card = next(c for c in priced.cards if c.name == "Tin Whiskers")
    assert buy(state, kipper, card) == "hand"
    assert kipper.pp == 20 - 6 and card in kipper.hand
    assert for_sale(state, kipper) == []
    poor = Character("Kipper", pp=5)
    assert for_sale(state, poor) == []  # not enough PP


def test_gs_a31_a_bought_card_waits_in_the_deactivate_pile_without_room(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper"])
    card = next(c for c in priced.cards if c.name == "Tin Whiskers")
    full = Character("Kipper", hand_limit=0, stash_limit=0)
    assert buy(state, full, card) == "deactivate pile" and full.deactivated == [card]
    stash = Character("Kipper", hand_limit=0)
    assert buy(state, stash, card) == "stash"


def test_gs_14_1_the_rest_phase_on_a_landmark_offers_the_purchase(priced: TallTale) -> None:
    # chapter-one's first answers: the Tall Tale, west (Nyunyo refuses the Lantern Oil),
    # south (greedy duel; Luella takes the tonic), east, east, north, west onto KS
    # (landmark 301), the bounty (Kipper takes the oil); then the Rest phase asks
    answers = ["1", "1", "4", "1", "2", "2", "2", "2", "1", "1", "2", "2", "1", "2", "2", "2"]
    text, _ = session.replay(priced, {}, session.Header(("Kipper", "Luella", "Nyunyo"), 1),
                             iter(answers))
    assert "? Rest on landmark 301: spend PP\n  1. nothing more\n" \
           "  2. Kipper buys Tin Whiskers (RN 4): 2 dmg for 6 PP (26 PP)\n> 2\n" in text
    assert "  ~ Kipper buys Tin Whiskers: 20 PP left; the card goes to the hand" in text
