"""Grimslingers progress points (spec §11): a skill, a signature spell or one of the
Progress Tracker's other purchases (the sample's `@upgrade`s) bought with PP only on a
Landmark in the Rest phase (GS-11.5), where the bought card goes (GS-A31), the limits
raised, kept by the next session and given back by a remake (GS-11.6), and the Rest phase
of `tgc play` offering them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import TallTale, Upgrade
from tgc.rulesets.grimslingers.engines import session
from tgc.rulesets.grimslingers.engines.story import (
    buy,
    buy_upgrade,
    for_sale,
    move,
    upgrades_for_sale,
)
from tgc.rulesets.grimslingers.engines.tale import (
    Character,
    continue_session,
    end_session,
    new_state,
    remake,
)

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
    assert [c.name for c in for_sale(state, kipper)] == ["Cinder Lash", "Tin Whiskers"]
    assert [u.name for u, _ in upgrades_for_sale(state, kipper)] == [
        "Tough Hide", "Deep Breath", "Deep Pockets", "Saddlebags", "Charm String"]
    move(state, "7D")  # an event tile
    assert for_sale(state, kipper) == [] and upgrades_for_sale(state, kipper) == []
    card = next(c for c in priced.cards if c.name == "Tin Whiskers")
    with pytest.raises(ValueError, match="cannot buy Tin Whiskers here"):
        buy(state, kipper, card)


def test_gs_11_5_a_purchase_costs_its_pp_at_once_and_is_not_bought_twice(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper"])
    kipper = state.party[0]
    card = next(c for c in priced.cards if c.name == "Tin Whiskers")
    assert buy(state, kipper, card) == "hand"
    assert kipper.pp == 20 - 6 and card in kipper.hand
    assert [c.name for c in for_sale(state, kipper)] == ["Cinder Lash"]
    poor = Character("Kipper", pp=4)
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
    answers = ["1", "1", "4", "1", "2", "2", "2", "2", "1", "1", "2", "2", "1", "3"]
    text, _ = session.replay(priced, {}, session.Header(("Kipper", "Luella", "Nyunyo"), 1),
                             iter(answers))
    assert "? Rest on landmark 301: spend PP\n  1. nothing more\n" \
           "  2. Kipper buys Cinder Lash (RN 4, cost 2 ep): 3 dmg for 5 PP (26 PP)\n" \
           "  3. Kipper buys Tin Whiskers (RN 4): 2 dmg for 6 PP (26 PP)\n" \
           "  4. Kipper buys Tough Hide (max HP 5 to 6) for 4 PP (26 PP)\n" in text
    assert "  ~ Kipper buys Tin Whiskers: 20 PP left; the card goes to the hand" in text


def _upgrade(tale: TallTale, name: str) -> Upgrade:
    return next(u for u in tale.upgrades if u.name == name)


def test_gs_11_5_an_upgrade_raises_its_limit_at_once_at_each_price_in_turn(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper"])
    kipper = state.party[0]
    hide = _upgrade(priced, "Tough Hide")
    assert hide.pp == (4, 6, 8) and hide.raises == "max_hp"
    assert buy_upgrade(state, kipper, hide) == 6
    assert (kipper.max_hp, kipper.hp, kipper.pp) == (6, 5, 16)  # the current HP stays (GS-5.2)
    assert dict((u.name, p) for u, p in upgrades_for_sale(state, kipper))["Tough Hide"] == 6
    assert buy_upgrade(state, kipper, hide) == 7 and kipper.pp == 10
    assert buy_upgrade(state, kipper, hide) == 8 and kipper.pp == 2
    assert "Tough Hide" not in {u.name for u, _ in upgrades_for_sale(state, kipper)}  # no price left
    assert kipper.upgrades == ["Tough Hide"] * 3
    pockets, bags = _upgrade(priced, "Deep Pockets"), _upgrade(priced, "Saddlebags")
    rich = Character("Kipper", pp=40)
    assert buy_upgrade(state, rich, pockets) == 6 and buy_upgrade(state, rich, bags) == 4
    assert buy_upgrade(state, rich, _upgrade(priced, "Charm String")) == 2
    assert (rich.hand_limit, rich.stash_limit, rich.passive_limit, rich.pp) == (6, 4, 2, 40 - 5 - 3 - 6)


def test_gs_5_2_no_upgrade_takes_hp_or_ep_above_10(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper"])
    tough = Character("Kipper", max_hp=10, max_ep=9, pp=40)
    names = {u.name for u, _ in upgrades_for_sale(state, tough)}
    assert "Tough Hide" not in names and "Deep Breath" in names
    with pytest.raises(ValueError, match="cannot buy Tough Hide here"):
        buy_upgrade(state, tough, _upgrade(priced, "Tough Hide"))


def test_gs_11_5_a_signature_spell_is_one_card_for_the_whole_party(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper", "Luella"])
    kipper, luella = state.party
    lash = next(c for c in for_sale(state, kipper) if c.name == "Cinder Lash")
    assert lash in for_sale(state, luella)
    assert buy(state, kipper, lash) == "hand" and kipper.pp == 15
    assert lash not in for_sale(state, luella) and lash not in for_sale(state, kipper)


def test_gs_11_6_a_new_session_keeps_the_upgrades_and_a_remake_gives_them_back(priced: TallTale) -> None:
    state = new_state(priced, ["Kipper"])
    kipper = state.party[0]
    buy_upgrade(state, kipper, _upgrade(priced, "Deep Breath"))
    buy_upgrade(state, kipper, _upgrade(priced, "Deep Pockets"))
    record = end_session(state)
    assert record.sheets[0].upgrades == ("Deep Breath", "Deep Pockets")
    again = continue_session(priced, record, [Character("Kipper")]).party[0]
    assert (again.max_ep, again.hand_limit, again.pp) == (6, 6, 11)
    assert again.upgrades == ["Deep Breath", "Deep Pockets"]
    remake(again, Character("Kipper"))
    assert (again.max_ep, again.hand_limit, again.pp, again.upgrades) == (5, 5, 20, [])


def test_gs_11_5_an_upgrade_is_written_as_a_record(priced: TallTale, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tgc.cli.main import cli

    assert _upgrade(priced, "Saddlebags").model_dump() == {"name": "Saddlebags", "raises": "stash",
                                                          "by": 1, "pp": (3,)}
    root = tmp_path / "tale"
    root.mkdir()
    for f in (REPO / "examples" / "grimslingers").glob("*.tgj"):
        (root / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    with (root / "campaign.tgj").open("a", encoding="utf-8") as out:
        out.write('\n@upgrade "Iron Gut"\n  raises: luck\n  pp: 3\n'
                  '\n@upgrade "Thick Skull"\n  raises: max hp\n')
    result = CliRunner().invoke(cli, ["check", str(root), "--format", "concise"])
    assert result.exit_code == 1
    assert "`raises` is one of max hp, max ep, hand, stash, passive, not `luck`" in result.output
    assert "Thick Skull" in result.output or "`pp`" in result.output


def test_tgc_play_sells_the_trackers_upgrades_on_a_landmark(priced: TallTale) -> None:
    answers = ["1", "1", "4", "1", "2", "2", "2", "2", "1", "1", "2", "2", "1", "4", "1"]
    text, _ = session.replay(priced, {}, session.Header(("Kipper", "Luella", "Nyunyo"), 1),
                             iter(answers))
    assert "  ~ Kipper buys Tough Hide: 22 PP left; max HP now 6\n" in text
    assert "  4. Kipper buys Tough Hide (max HP 6 to 7) for 6 PP (22 PP)\n" in text
    assert "  Kipper 5/6 HP" in text.split("max HP now 6")[1]
