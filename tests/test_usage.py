"""The usage tables (tgc/semantics/usage.py): where every status part, box, flag, secret,
item and keyword is granted, removed and checked, and what triggers read."""

from __future__ import annotations

from tgc.diagnostics.rule import example
from tgc.semantics.analysis import Analysis
from tgc.semantics.facts import Fact
from tgc.semantics.model import Campaign
from tgc.semantics.resolve import resolve
from tgc.semantics.symbols import collect
from tgc.semantics.usage import Usage
from tgc.source import SourceFile
from tgc.syntax.parser import parse_source


def campaign_of(body: str, *more: str) -> Campaign:
    """A resolved campaign: ``body`` inside the catalogue's minimal campaign, plus files."""
    files = []
    for number, text in enumerate((example(body), *more)):
        tree, _ = parse_source(SourceFile.from_text(f"f{number}.tgj", text))
        files.append(tree)
    campaign, _ = collect(files)
    campaign, _ = resolve(campaign)
    return campaign


def usage_of(campaign: Campaign) -> Usage:
    return Analysis(campaign).usage


DECLS = """\
@status "Cold Pyre" parts 6
  when parts 1-2 -> bos.1
@status "Supplies" boxes 4
  when full -> bos.1
@status "Pathfinder"
@secret 12 "Menhir Rites"
@item "Rope"
  keywords: craftable
@item "Knife"
  keywords: weapon, craftable
== bos.1
-> end
"""


def test_marks_record_node_line_and_condition() -> None:
    usage = usage_of(campaign_of(DECLS + """\
== 101.1
~ mark "Cold Pyre" 2-3
~ if secret 12: mark "Supplies"
-> .b
= b
~ mark "Pathfinder"
-> end
"""))
    part2 = usage.grants[Fact("part", "Cold Pyre", 2)]
    assert [(c.node, c.line, c.cond) for c in part2] == [("101.1", 0, None)]
    assert usage.grants[Fact("part", "Cold Pyre", 3)] == part2
    assert Fact("part", "Cold Pyre", 1) not in usage.grants
    boxes = usage.grants[Fact("boxes", "Supplies")]
    assert boxes[0].cond is not None and boxes[0].span.line == boxes[0].span.end_line
    assert usage.grants[Fact("flag", "Pathfinder")][0].node == "101.1.b"
    assert [c.line for c in usage.node_grants["101.1"]] == [0, 1]


def test_checks_record_polarity_and_every_part_read() -> None:
    usage = usage_of(campaign_of(DECLS + """\
== 101.1
~ if status "Cold Pyre": gain 1 exp
~ if not (secret 12 or status "Cold Pyre" 4-5): gain 1 exp
* {status "Supplies" any 2} Share -> end
* Leave -> end
"""))
    any_part = [Fact("part", "Cold Pyre", p) for p in range(1, 7)]
    assert all(usage.checks[f][0].atom.parts is None for f in any_part)
    four = usage.checks[Fact("part", "Cold Pyre", 4)]
    assert [c.negated for c in four] == [False, True]
    assert [c.negated for c in usage.checks[Fact("secret", "12")]] == [True]
    assert usage.checks[Fact("boxes", "Supplies")][0].node == "101.1"
    assert [c.span.line for c in usage.atoms] == sorted(c.span.line for c in usage.atoms)


def test_triggers_read_their_parts() -> None:
    usage = usage_of(campaign_of(DECLS + "== 101.1\n-> end\n"))
    assert set(usage.triggers) == {Fact("part", "Cold Pyre", 1), Fact("part", "Cold Pyre", 2),
                                   Fact("boxes", "Supplies")}
    assert usage.is_read(Fact("part", "Cold Pyre", 1))
    assert not usage.is_read(Fact("part", "Cold Pyre", 3))


def test_items_carry_keywords_and_keywords_may_give_any_item() -> None:
    usage = usage_of(campaign_of(DECLS + """\
== 101.1
~ gain item "Rope"
~ gain item weapon
~ lose item craftable
-> end
"""))
    rope = usage.grants[Fact("keyword", "craftable")]
    assert [c.line for c in rope] == [0, 1]  # Rope itself, and the Knife a weapon may be
    assert [c.line for c in usage.grants[Fact("item", "Knife")]] == [1]
    assert Fact("item", "Rope") in usage.grants
    assert [c.removal for c in usage.removals[Fact("keyword", "craftable")]] == [True]
    assert Fact("item", "Rope") not in usage.removals


def test_removals_and_other_files() -> None:
    usage = usage_of(campaign_of(DECLS + "== 101.1\n-> 2\n",
                                 '== 101.2\n~ lose secret 12\n~ unmark "Cold Pyre" 6\n-> end\n'))
    assert usage.removals[Fact("secret", "12")][0].span.file == "f1.tgj"
    assert usage.removals[Fact("part", "Cold Pyre", 6)][0].node == "101.2"
    assert not usage.grants


def test_unknown_names_are_left_to_resolve() -> None:
    usage = usage_of(campaign_of("""\
@status "Cold Pyre" parts 6
== 101.1
~ mark "Cold Pyr" 1
~ mark "Cold Pyre" 9
~ if secret 99: gain item "Nope"
~ if item wepon: gain 1 food
-> end
"""))
    assert not usage.grants and not usage.checks and not usage.atoms


def test_lines_that_did_not_parse_obscure_what_they_name() -> None:
    usage = usage_of(campaign_of(DECLS + """\
== 101.1
~ mark "Cold Pyre" 5 and gain secret 12 and gain item weapon
-> end
"""))
    assert {("status", "Cold Pyre"), ("secret", "12"), ("keyword", "weapon")} <= usage.obscured


def test_tables_are_built_once() -> None:
    analysis = Analysis(campaign_of(DECLS + "== 101.1\n-> end\n"))
    assert analysis.usage is analysis.usage


def test_fact_names() -> None:
    assert str(Fact("boxes", "Supplies")) == 'a box of "Supplies"'
    assert str(Fact("flag", "Pathfinder")) == '"Pathfinder"'
    assert str(Fact("secret", "12")) == "secret 12"
    assert str(Fact("keyword", "weapon")) == "an item with keyword `weapon`"
    assert Fact("part", "X", 1).key == Fact("count", "X", 3).key == ("status", "X")
