"""The state flow (tgc/semantics/flow.py) and the condition abstraction under it
(tgc/semantics/holds.py): what play can reach, what can be held, what contradicts."""

from __future__ import annotations

import pytest

from tests.test_usage import campaign_of
from tgc.semantics.analysis import Analysis
from tgc.semantics.facts import Fact, Vocabulary
from tgc.semantics.holds import Held, conflict, describe
from tgc.source import SourceFile
from tgc.syntax import ast
from tgc.syntax.parser import parse_source


def test_parts_marked_one_per_pass_of_a_loop_reach_the_trigger() -> None:
    campaign = campaign_of("""\
@status "Vigil" parts 3
  when parts 1-3 -> bos.1
== 101.1
* {not status "Vigil" 1} First -> 2
* {status "Vigil" 1} Second -> 3
* {status "Vigil" 2} Third -> 4
* Leave -> end
== 101.2
~ mark "Vigil" 1
-> 1
== 101.3
~ mark "Vigil" 2
-> 1
== 101.4
~ mark "Vigil" 3
-> 1
== bos.1
-> end
""")
    flow = Analysis(campaign).flow
    assert {"101.2", "101.3", "101.4", "bos.1"} <= flow.live
    assert not flow.dead_triggers
    assert flow.facts().parts["Vigil"] == {1, 2, 3}


def test_marks_behind_impossible_conditions_do_not_count() -> None:
    campaign = campaign_of("""\
@status "Cold Pyre" parts 6
@secret 9 "Ash"
== 101.1
~ if secret 9: mark "Cold Pyre" 1
~ if not secret 9 -> end
~ mark "Cold Pyre" 2
-> end
== 101.2
~ mark "Cold Pyre" 3
-> end
""")
    flow = Analysis(campaign).flow
    held = flow.facts()
    assert all(Fact("part", "Cold Pyre", p) not in held for p in (1, 2))
    assert flow.stops["101.1"].index == 1
    assert flow.reached("101.1", 1) and not flow.reached("101.1", 2)
    # 101.2 is reached by no entry at all (TGC201): play never reads it, so what it
    # grants is no grant (what needs it is reported after that warning).
    assert Fact("part", "Cold Pyre", 3) not in held and flow.plain is not None
    assert "101.2" not in flow.plain


def test_a_trigger_that_cannot_fire_is_no_entry() -> None:
    campaign = campaign_of("""\
@status "Tide" boxes 2
  when full -> bos.1
== 101.1
-> end
== bos.1
~ mark "Tide"
-> end
""")
    flow = Analysis(campaign).flow
    assert "bos.1" not in flow.live
    assert [e.target for e in flow.dead_triggers] == ["bos.1"]
    assert flow.plain is None or "bos.1" in flow.plain


def test_the_flow_is_computed_once() -> None:
    campaign = campaign_of("== 101.1\n-> end\n")
    analysis = Analysis(campaign)
    assert analysis.flow is analysis.flow
    assert analysis.flow.live == {"101.1"}


# ---------------------------------------------------------------- conditions


def cond(text: str, decls: str = "") -> tuple[ast.Cond, Held]:
    """The condition of ``~ if TEXT -> end``, and an empty Held for the campaign."""
    campaign = campaign_of(decls + f"== 101.1\n~ if {text} -> end\n-> end\n")
    stmt = campaign.verses["101.1"].verse.body[0]
    assert isinstance(stmt, ast.CondDivert)
    return stmt.cond, Held(campaign, Vocabulary(campaign))


DECLS = """\
@status "X" parts 4
@status "B" boxes 3
@secret 1 "One"
@item "Rope"
  keywords: craftable
"""


@pytest.mark.parametrize(("text", "hold", "fail"), [
    ('status "X" 2', False, True),
    ('not status "X" 2', True, False),
    ('secret 1 or courage >= 2', True, True),
    ("not (secret 1 or item craftable)", True, False),
    ('status "B" any 2 and ask "Q"', False, True),
    ("courage >= 3 and courage < 2", False, True),
    ("dial \"D\" == 3", True, True),
])
def test_may_hold_and_may_fail_with_nothing_held(text: str, hold: bool, fail: bool) -> None:
    c, held = cond(text, DECLS)
    assert (held.may_hold(c), held.may_fail(c)) == (hold, fail)


def test_counts_need_distinct_parts() -> None:
    c, held = cond('status "X" any 3', DECLS)
    held.add(Fact("part", "X", 1))
    held.add(Fact("part", "X", 1))
    held.add(Fact("part", "X", 4))
    assert isinstance(c, ast.StatusCond)
    assert held.lacks(c) == (Fact("count", "X", 3),)
    held.add(Fact("part", "X", 2))
    assert held.may_hold(c)


@pytest.mark.parametrize(("text", "clash"), [
    ('status "X" 2 and not status "X"', ('status "X" 2', 'not status "X"')),
    ('status "X" 1-3 and not status "X" 2', ('status "X" 1-3', 'not status "X" 2')),
    ('status "X" any 3 and not status "X" any 2', ('status "X" any 3', 'not status "X" any 2')),
    ("secret 1 and not secret 1", ("secret 1", "not secret 1")),
    ('item "Rope" and not item craftable', ('item "Rope"', "not item craftable")),
    ("courage >= 3 and courage < 2", ("courage >= 3", "courage < 2")),
    ("food > 2 and not food > 1", ("food > 2", "not food > 1")),
    ('dial "D" == 3 and dial "D" != 3', ('dial "D" == 3', 'dial "D" != 3')),
    ("chapter 2 and chapter >= 3", ("chapter 2", "chapter >= 3")),
    ('ask "Q" and not ask "Q"', ('ask "Q"', 'not ask "Q"')),
    ("not (secret 1 or courage < 2) and courage <= 1", ("not (secret 1 or courage < 2)",
                                                        "courage <= 1")),
])
def test_conflicts(text: str, clash: tuple[str, str]) -> None:
    c, held = cond(text, DECLS)
    pair = conflict((c,), held.v)
    assert pair is not None and tuple(describe(x) for x in pair) == clash
    assert not held.may_hold(c)


@pytest.mark.parametrize("text", [
    'status "X" 2 and not status "X" 3',
    'status "X" any 2 and not status "X" any 3',
    "courage >= 3 or courage < 2",
    "not (secret 1 and not secret 1)",
    'dial "D" >= 3 and dial "D" <= 3',
    "item craftable and not item \"Rope\"",
    "chapter 3A and not chapter 3",
    "secret 1 and (courage > 1 or not secret 1)",
])
def test_no_conflict(text: str) -> None:
    c, held = cond(text, DECLS)
    assert conflict((c,), held.v) is None


def test_describe_round_trips_through_the_parser() -> None:
    text = 'not (status "X" any 2 or secret 1) and (courage >= 2 or chapter 3A-2)'
    c, _ = cond(text, DECLS)
    assert describe(c) == text
    again, _ = parse_source(SourceFile.from_text("a.tgj", f"== 1.1\n~ if {describe(c)} -> end\n"))
    assert again.items
