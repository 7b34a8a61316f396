"""Conditions, effects and party rules: one small table per kind (tgc.runtime)."""

from __future__ import annotations

from typing import cast

import pytest

from tgc.bundle import schema as s
from tgc.runtime.book import Book
from tgc.runtime.conditions import eval_condition
from tgc.runtime.effects import apply_effect
from tgc.runtime.state import Chapter, GameState, new_character, new_state

BUNDLE = s.Bundle(
    format=s.BUNDLE_FORMAT,
    campaign=s.Campaign(title="T", ruleset="tainted-grail", start=101, players=s.Players(min=1, max=4)),
    sections=(s.Section(name="101", title="", role="location"),),
    locations=(s.Location(number=101, title="A", keys={"up": 102}, hooks={"instant": s.Goto(verse="101.1")}),
               s.Location(number=102, title="B"), s.Location(number=103, title="C", legacy=101)),
    statuses=(s.Status(name="Pyre", shape="parts", size=6), s.Status(name="Flag", shape="flag", size=1),
              s.Status(name="Box", shape="boxes", size=3)),
    items=(s.Item(name="Rope", keywords=("craftable",)), s.Item(name="Knife", keywords=("weapon",)),
           s.Item(name="Lamp", keywords=("craftable", "light"))),
    verses=(s.Verse(id="101.1", section="101", printed="1", ops=(s.Divert(target=s.End(kind="end")),)),),
)
BOOK = Book(BUNDLE)


def state(**changes: object) -> GameState:
    st = new_state(BUNDLE)
    for key, value in changes.items():
        if key == "items":  # the one member carries them
            st.party[0].items = list(cast(list[str], value))
        elif key == "secrets":  # and holds them
            st.party[0].secrets = set(cast(set[int], value))
        else:
            setattr(st, key, value)
    return st


def holds(cond: s.Condition, st: GameState, answer: bool = True) -> bool:
    return eval_condition(cond, st, BOOK, lambda q: answer)


@pytest.mark.parametrize(("cond", "statuses", "expected"), [
    (s.StatusCond(status="Pyre"), {}, False),
    (s.StatusCond(status="Pyre"), {"Pyre": {2}}, True),
    (s.StatusCond(status="Pyre", low=3), {"Pyre": {2}}, False),
    (s.StatusCond(status="Pyre", low=1, high=3), {"Pyre": {1, 2, 3}}, True),
    (s.StatusCond(status="Pyre", low=1, high=3), {"Pyre": {1, 3}}, False),
    (s.StatusCond(status="Pyre", at_least=3), {"Pyre": {1, 4, 6}}, True),
    (s.StatusCond(status="Box", at_least=2), {"Box": {1}}, False),
    (s.StatusCond(status="Flag"), {"Flag": {1}}, True),
])
def test_status_conditions(cond: s.StatusCond, statuses: dict[str, set[int]], expected: bool) -> None:
    assert holds(cond, state(statuses=statuses)) is expected


@pytest.mark.parametrize(("cond", "expected"), [
    (s.SecretCond(number=12), True), (s.SecretCond(number=13), False),
    (s.ItemCond(item="Rope"), True), (s.ItemCond(item="Knife"), False),
    (s.ItemCond(item="craftable", keyword=True), True), (s.ItemCond(item="weapon", keyword=True), False),
    (s.ItemCond(item="shield", keyword=True), True),  # the unnamed [shield]
    (s.DialCond(dial="D", op=">=", value=3), True), (s.DialCond(dial="Other", op="==", value=0), True),
    (s.VisitedCond(verse="101.1"), True), (s.VisitedCond(verse="101.2"), False),
    (s.CharacterCond(character="beor"), False), (s.CompareCond(name="players", op="==", value=1), True),
    (s.CompareCond(name="day", op=">=", value=5), False),
    (s.NotCond(operand=s.SecretCond(number=12)), False),
    (s.AndCond(operands=(s.SecretCond(number=12), s.SecretCond(number=13))), False),
    (s.OrCond(operands=(s.SecretCond(number=13), s.SecretCond(number=12))), True),
])
def test_other_conditions(cond: s.Condition, expected: bool) -> None:
    st = state(secrets={12}, items=["Rope", "[shield]"], dials={"D": 3}, visited={"101.1"})
    assert holds(cond, st) is expected


@pytest.mark.parametrize(("chapter", "cond", "expected"), [
    ("2", s.ChapterCond(number=2), True), ("3A", s.ChapterCond(number=3), False),
    ("3A", s.ChapterCond(number=3, letter="A"), True), ("7-2", s.ChapterCond(number=7, part=2), True),
    ("7-1", s.ChapterCond(number=7, part=2), False), ("7", s.ChapterCond(number=3, op=">="), True),
    ("2", s.ChapterCond(number=3, op=">="), False),
    ("4B-4", s.ChapterCond(number=4, letter="B", part=4), True),
])
def test_chapter_conditions(chapter: str, cond: s.ChapterCond, expected: bool) -> None:
    assert holds(cond, state(chapter=Chapter.parse(chapter))) is expected


def test_ask_is_asked_once_per_exploration() -> None:
    asked: list[str] = []
    st = state()
    cond = s.AskCond(question="Q?")
    for _ in range(3):
        assert eval_condition(cond, st, BOOK, lambda q: asked.append(q) or False) is False
    assert asked == ["Q?"]
    st.begin_exploration()
    assert eval_condition(cond, st, BOOK, lambda q: True) is True


def party(*values: dict[str, int]) -> GameState:
    st = new_state(BUNDLE)
    st.party = []
    for i, numbers in enumerate(values):
        member = new_character(f"M{i}")
        for key, value in numbers.items():
            if key in member.tracks:
                member.tracks[key] = value
            elif key in member.attributes:
                member.attributes[key] = value
            else:
                member.resources[key] = value
        st.party.append(member)
    return st


def test_party_tests_use_the_highest_member_and_the_worst_off_track() -> None:
    st = party({"courage": 1, "food": 0, "health": 8, "terror": 1}, {"courage": 3, "food": 2, "health": 2})
    assert holds(s.CompareCond(name="courage", op=">=", value=3), st)
    assert holds(s.CompareCond(name="food", op=">=", value=2), st)
    assert holds(s.CompareCond(name="health", op="<", value=3), st)
    assert holds(s.CompareCond(name="terror", op=">=", value=1), st)
    assert holds(s.CompareCond(name="players", op="==", value=2), st)


@pytest.mark.parametrize(("effect", "before", "after"), [
    (s.Amount(kind="lose", amount=2, what="health"), [8, 8], [6, 6]),              # damage: each member
    (s.Amount(kind="lose", amount=2, what="health", party="shared"), [8, 8], [7, 7]),
    (s.Amount(kind="gain", amount=3, what="food"), [0, 0], [2, 1]),                 # rewards: shared
    (s.Amount(kind="gain", amount=3, what="food", party="each"), [0, 0], [3, 3]),
    (s.Amount(kind="lose", amount=3, what="food"), [2, 2], [0, 1]),                 # from the richest first
    (s.Amount(kind="pay", amount=9, what="food"), [2, 1], [0, 0]),                  # takes what there is
    (s.Amount(kind="lose", amount=1, what="food", party="each"), [2, 0], [1, 0]),
    (s.Amount(kind="gain", amount=5, what="health"), [7, 1], [8, 6]),              # never above the top
])
def test_amounts_follow_the_party_rules(effect: s.Amount, before: list[int], after: list[int]) -> None:
    st = party(*({effect.what: v} for v in before))
    apply_effect(effect, st, BOOK)
    got = [m.tracks[effect.what] if effect.what in m.tracks else m.resources[effect.what] for m in st.party]
    assert got == after


def test_a_member_who_cannot_pay_a_per_member_cost_drops_out() -> None:
    st = party({"energy": 3}, {"energy": 1})
    apply_effect(s.Amount(kind="pay", amount=2, what="energy", party="each"), st, BOOK)
    assert [m.tracks["energy"] for m in st.party] == [1, 0]
    assert [m.name for m in st.active] == ["M0"]
    st.begin_exploration()
    assert len(st.active) == 2
    nobody = party({"energy": 0})
    apply_effect(s.Amount(kind="pay", amount=2, what="energy", party="each"), nobody, BOOK)
    assert not nobody.dropped  # the last member never drops out


def test_energy_never_exceeds_health() -> None:
    st = party({"health": 5, "energy": 5})
    apply_effect(s.Amount(kind="lose", amount=2, what="health"), st, BOOK)
    assert st.party[0].tracks == {"health": 3, "energy": 3, "terror": 0}


@pytest.mark.parametrize(("effect", "start", "marked"), [
    (s.Mark(kind="mark", status="Pyre", low=3), set(), {3}),
    (s.Mark(kind="mark", status="Pyre", low=1, high=3), {5}, {1, 2, 3, 5}),
    (s.Mark(kind="unmark", status="Pyre", low=5), {5, 6}, {6}),
    (s.Mark(kind="mark", status="Flag"), set(), {1}),
    (s.Mark(kind="unmark", status="Flag"), {1}, set()),
    (s.Mark(kind="mark", status="Box"), {1}, {1, 2}),
    (s.Mark(kind="mark", status="Box"), {1, 2, 3}, {1, 2, 3}),   # full: nothing
    (s.Mark(kind="unmark", status="Box"), {1, 2}, {1}),          # the last ticked box
])
def test_marks(effect: s.Mark, start: set[int], marked: set[int]) -> None:
    st = state(statuses={effect.status: set(start)})
    apply_effect(effect, st, BOOK)
    assert st.marked(effect.status) == marked


def test_secrets_items_attributes_dials_tokens_tasks() -> None:
    st = state()
    for effect in (s.SecretChange(kind="gain-secret", number=4), s.ItemChange(kind="gain-item", item="Rope"),
                   s.ItemChange(kind="gain-item", item="weapon", keyword=True),
                   s.ItemChange(kind="gain-item", item="shield", keyword=True),
                   s.AttributeChange(kind="raise", attribute="courage", amount=2),
                   s.AttributeChange(kind="lower", attribute="empathy", amount=5),
                   s.SetDial(dial="D", value=7), s.AdvanceDial(dial="D"), s.AdvanceDial(dial="D"),
                   s.TimeToken(kind="place-time-token"), s.TimeToken(kind="remove-time-token"),
                   s.TimeToken(kind="remove-time-token"), s.Task(text="Go"), s.Task(text="Go")):
        apply_effect(effect, st, BOOK)
    assert st.secrets == {4} and st.items == ["Rope", "Knife", "[shield]"]
    assert st.party[0].attributes["courage"] == 3 and st.party[0].attributes["empathy"] == 0
    assert st.dials == {"D": 8} and st.time_tokens == 0 and st.tasks == ["Go"]
    apply_effect(s.SecretChange(kind="lose-secret", number=4), st, BOOK)
    apply_effect(s.ItemChange(kind="lose-item", item="weapon", keyword=True), st, BOOK)
    apply_effect(s.ItemChange(kind="lose-item", item="Rope"), st, BOOK)
    assert st.secrets == set() and st.items == ["[shield]"]


def test_locations() -> None:
    st = state()
    assert st.in_play == {101, 102}  # 103 is a replacement card
    apply_effect(s.ReplaceLocation(old=101, new=103), st, BOOK)
    assert st.in_play == {102, 103} and st.removed == {101} and st.replaced == {101: 103}
    apply_effect(s.LocationChange(kind="remove-location", location=102), st, BOOK)
    apply_effect(s.LocationChange(kind="reveal-location", location=102), st, BOOK)
    assert 102 in st.in_play
    apply_effect(s.LocationChange(kind="move-to", location=101), st, BOOK)
    assert st.location == 101 and 101 in st.in_play
