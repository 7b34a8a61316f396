"""Items belong to a character (issue 9, point 8): each member carries their own items,
fights with them, keeps them in save files, shows them in `:state`, and trades them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_tg_ruleset import _sample, sample_story
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.runtime import Rng, new_state
from tgc.runtime.book import Book
from tgc.runtime.save import SAVE_FORMAT, SaveError, dump_save, parse_save


def test_each_member_fights_with_the_items_they_carry() -> None:
    """000, "Items and equipment": a character uses their own items (one per keyword);
    "Characters may freely trade Items" means the items are theirs, not the party's, so
    Ailei does not fight with the knife Beor carries."""
    story, ruleset = sample_story(["Beor", "Ailei"], 1)
    beor, ailei = story.state.party
    story.state.give("Bell-Bronze Knife", beor)
    story.state.give("Saltiron Buckler", ailei)
    beor_in = ruleset.member(beor, story.state)
    ailei_in = ruleset.member(ailei, story.state)
    assert beor_in is not None and ailei_in is not None
    assert [i.name for i in beor_in.items] == ["Bell-Bronze Knife"]
    assert [i.name for i in ailei_in.items] == ["Saltiron Buckler"]


def test_an_item_lost_in_a_fight_is_lost_by_its_carrier_only() -> None:
    """000, "Shatter": the party members discard the weapons *they* were using; a second
    copy carried by another member stays with them (one party list lost or kept both)."""
    from tgc.rulesets.tainted_grail.engines.game import Outcome
    from tgc.rulesets.tainted_grail.engines.hero import HeroResult

    story, ruleset = sample_story(["Beor", "Ailei"], 1)
    beor, ailei = story.state.party
    story.state.give("Rope", beor)
    story.state.give("Rope", ailei)
    outcome = Outcome("Marsh Boar", "combat", "win", 3, [
        HeroResult("Beor", 9, 6, 0, dict(beor.resources), items=()),
        HeroResult("Ailei", 7, 7, 0, dict(ailei.resources), items=("Rope",))])
    ruleset.apply(outcome, story.state, Rng(0))
    assert beor.items == [] and ailei.items == ["Rope"]


def test_ADV_7_loot_goes_to_the_member_the_party_gave_it_to() -> None:
    """000, "Parties": loot "needs to be shared" and the fight's sharing picks a member;
    the item lands with that member, not with the first one."""
    from tgc.rulesets.tainted_grail.engines.game import Outcome
    from tgc.rulesets.tainted_grail.records import Effect

    story, ruleset = sample_story(["Beor", "Ailei"], 1)
    beor, ailei = story.state.party
    outcome = Outcome("Marsh Boar", "combat", "win", 3, [],
                      story=[("Ailei", Effect("gain_item", what="Grey Hound"))])
    ruleset.apply(outcome, story.state, Rng(0))
    assert ailei.items == ["Grey Hound"] and beor.items == []


def test_a_save_keeps_who_carries_what_and_an_old_save_migrates() -> None:
    """Items belong to a character: save format 2 keeps them per member; a format 1 save
    (one party list) loads with them carried by the first member, as a new item is."""
    bundle, _ = _sample()
    book = Book(bundle)
    state = new_state(bundle, ["Beor", "Ailei"])
    state.give("Rope", state.party[1])
    text = dump_save(state)
    data = json.loads(text)
    assert data["format"] == SAVE_FORMAT == 4 and "items" not in data["state"]
    assert [m["items"] for m in data["state"]["party"]] == [[], ["Rope"]]
    loaded = parse_save(text, book).state
    assert [m.items for m in loaded.party] == [[], ["Rope"]]
    old = {"format": 1, "state": {"party": [{"name": "Beor"}, {"name": "Ailei"}],
                                  "items": ["Grey Hound", "Rope"]}}
    migrated = parse_save(json.dumps(old), book).state
    assert [m.items for m in migrated.party] == [["Grey Hound", "Rope"], []]
    old["format"] = 2
    with pytest.raises(SaveError, match="keeps items with the member"):
        parse_save(json.dumps(old), book)


def _session(party: tuple[str, ...]) -> tuple[Session, list[Line]]:
    bundle, _ = _sample()
    lines: list[Line] = []
    session = Session(Book(bundle), lines.append, fights="ask", party=party)
    session.start("none")
    return session, lines


def test_ITM_5_state_shows_who_carries_what_and_give_trades() -> None:
    """000, "Items and equipment": "Characters may freely trade Items when they are in the
    same Location"; `:give` hands one over and `:state` names each item's carrier."""
    session, lines = _session(("Beor", "Ailei"))
    session.handle(":set Ailei item Rope")
    session.handle(":give Rope to Beor")
    assert lines[-1].text.startswith('Ailei gives "Rope" to Beor')
    session.handle(":state")
    items = next(line for line in lines if line.text == "items")
    assert items.detail == "Rope (Beor)"
    with pytest.raises(SessionError, match='Ailei holds no|nobody in the party carries "Lamp"'):
        session.handle(":give Lamp to Beor")
    with pytest.raises(SessionError, match='no member "Bor"'):
        session.handle(":give Rope to Bor")


def test_sim_state_gives_each_member_their_own_items(tmp_path: Path) -> None:
    """`tgc sim --state`: each member fights with what the state says they carry."""
    from tgc.rulesets.tainted_grail.engines.simulate import _state

    bundle, _ = _sample()
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"format": 2, "state": {"party": [
        {"name": "Beor", "items": ["Bell-Bronze Knife"]}, {"name": "Ailei"}]}}))
    specs = _state(path, bundle)
    assert [name for name, _ in specs["beor"].items] == ["Bell-Bronze Knife"]
    assert specs["ailei"].items == ()
