"""The graph and map checks below the case files: the truth tables behind the dead-end
rule, dice ranges, loops on long chains (no recursion), what the parser's dropped lines
hide, and that every TGC2xx/TGC4xx code has a case in tests/cases/check."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_check_cases import CASE_PATHS, expectations
from tgc.conditions.form import Condition
from tgc.conditions.table import ROW_LIMIT, always_holds
from tgc.diagnostics.codes import CATALOGUE
from tgc.pipeline import analyse
from tgc.semantics import dice
from tgc.semantics.analysis import Analysis
from tgc.semantics.graph import Edge, Graph
from tgc.semantics.loops import closed_loops, components
from tgc.semantics.lower import lower
from tgc.source import SourceFile, Span
from tgc.syntax import ast
from tgc.syntax.parser import parse_source

S = Span("t.tgj", 1, 1, 1, 2)
HEAD = '@campaign "T"\n  start: 101\n@location 101 "Farmhold"\n  explore -> 101.1\n'


def _cond(text: str) -> Condition:
    """A condition parsed and lowered the way the checker sees it, from `~ if TEXT -> end`."""
    tree, diags = parse_source(SourceFile.from_text("t.tgj", f"== 1.1\n~ if {text} -> end\n"))
    assert not diags, diags
    verse = tree.items[0]
    assert isinstance(verse, ast.Verse)
    stmt = verse.body[0]
    assert isinstance(stmt, ast.CondDivert)
    return lower(stmt.cond).cond


def _codes(source: str) -> list[str]:
    tree, diags = parse_source(SourceFile.from_text("t.tgj", HEAD + source))
    _, more = analyse([tree])
    return sorted(d.code for d in diags + more)


# ---------------------------------------------------------------- truth tables


@pytest.mark.parametrize("conds", [
    ["courage >= 3", "courage < 3"],
    ["courage > 2", "courage <= 2"],
    ["food == 0", "food != 0"],
    ["food >= 1", "food == 0"],  # resources are never negative
    ["players >= 2", "players == 1"],  # a party has at least one member
    ['dial "D" >= 3', 'dial "D" <= 2'],
    ['dial "D" <= 8'],  # dials hold 0 to 8
    ["chapter >= 3", "chapter < 3"],
    ['status "X" 2', 'not status "X" 2'],
    ["secret 4", "not secret 4"],
    ['ask "Q"', 'not ask "Q"'],
    ["visited 101.2 or not visited 101.2"],
    ["secret 1 and courage >= 2", "not secret 1", "courage < 2"],
    ["not (secret 1 and secret 2)", "secret 1 and secret 2"],
])
def test_always_holds(conds: list[str]) -> None:
    assert always_holds([_cond(c) for c in conds]) is True


@pytest.mark.parametrize("conds", [
    ["courage >= 3", "courage < 2"],
    ["courage >= 3", "caution < 3"],
    ['ask "Q"', 'not ask "R"'],
    ['status "X"', 'not status "X" 2'],  # different atoms, as LANGUAGE.md counts them
    ["chapter 2", "not chapter 3"],
    ['dial "D" >= 9'],
])
def test_may_all_fail(conds: list[str]) -> None:
    assert always_holds([_cond(c) for c in conds]) is False


def test_too_many_atoms_is_unknown() -> None:
    wide = [_cond(f"secret {n}") for n in range(ROW_LIMIT.bit_length() + 1)]
    assert always_holds(wide) is None


# ---------------------------------------------------------------- dice


@pytest.mark.parametrize(("count", "sides", "mods", "expected"), [
    (1, 6, (), (1, 6)),
    (2, 6, (), (2, 12)),
    (1, 6, ((1, None, 2),), (3, 8)),
    (1, 6, ((1, "courage", 0),), (1, 11)),
    (1, 6, ((-1, "courage", 0), (1, None, 5)), (1, 11)),
])
def test_totals(count: int, sides: int, mods: tuple[tuple[int, str | None, int], ...],
                expected: tuple[int, int]) -> None:
    roll = ast.Roll(count, sides, tuple(ast.Modifier(s, a, v, S) for s, a, v in mods), (), S)
    assert dice.totals(roll) == expected


def _problems(arms: list[tuple[int, int | None]], attribute: bool = False) -> list[str]:
    mods = (ast.Modifier(1, "courage", 0, S),) if attribute else ()
    roll = ast.Roll(1, 6, mods, tuple(ast.Arm("x", lo, hi, ast.Terminal("end", S), S)
                                      for lo, hi in arms), S)
    return [message for _, message, _ in dice.problems(roll)]


def test_roll_problems() -> None:
    assert _problems([(1, 3), (4, None)]) == []
    assert _problems([(1, 3), (4, 6)], attribute=True) == [
        "with an attribute modifier the last arm must be open"]
    assert _problems([(1, 2), (5, 6)]) == ["no arm for totals 3 to 4"]
    assert _problems([(4, None), (1, 3), (5, 6)]) == ["`4+` must be the highest arm"]
    assert _problems([(1, 4), (3, 6)]) == ["arms `1-4` and `3-6` both cover 3 to 4"]
    assert _problems([(1, 6), (7, 9)])[0].startswith("arm `7-9` can never come up")


# ---------------------------------------------------------------- loops


def _chain(length: int, loop_back: bool) -> Graph:
    graph = Graph()
    for n in range(length):
        graph.nodes[str(n)] = None  # type: ignore[assignment]
        target = str(n + 1) if n + 1 < length else ("0" if loop_back else None)
        graph.edges[str(n)] = [Edge(str(n), target, "divert", S, 0,
                                    terminal=None if target else "end")]
    return graph


def test_loops_on_a_long_chain_do_not_recurse() -> None:
    assert sum(1 for _ in components(_chain(30_000, False))) == 30_000
    assert [len(loop) for loop in closed_loops(_chain(30_000, True))] == [30_000]
    assert list(closed_loops(_chain(30_000, False))) == []


def test_a_way_out_anywhere_breaks_the_trap() -> None:
    graph = _chain(5, True)
    graph.edges["3"].append(Edge("3", None, "choice", S, 1, terminal="end"))
    assert list(closed_loops(graph)) == []


# ---------------------------------------------------------------- endings and cascades


def test_endings_fast_path_agrees_with_the_walk() -> None:
    from tgc.semantics.endings import body_ending

    source = (HEAD + "== 101.1\nText.\n* A -> 2\n* {secret 1} B -> end\n== 101.2\n~ roll d6: 1-6 -> 3\n"
              "== 101.3\n~ if courage >= 1 -> end\n~ if courage < 1 -> 4\n== 101.4\n-> end\nMore.\n"
              '@secret 1 "S"\n')
    tree, _ = parse_source(SourceFile.from_text("t.tgj", source))
    campaign, _ = analyse([tree])
    analysis = Analysis(campaign)
    graph = analysis.graph
    endings = analysis.endings
    assert set(endings) == {"101.4"}  # a divert with a line after it
    for nid, node in graph.nodes.items():
        walked = body_ending(campaign, node.body)
        if nid in endings:
            assert endings[nid] == walked, nid
        else:
            assert walked.leaves_at == len(node.body) - 1 and not walked.dead, nid


def test_dropped_lines_hide_their_body_and_targets() -> None:
    source = HEAD + "== 101.1\n* Go in 101.forge\n== 101.forge\n-> .b\n= b\n-> end\n"
    tree, _ = parse_source(SourceFile.from_text("t.tgj", source))
    assert [d.text for d in tree.dropped] == ["* Go in 101.forge"]
    campaign, _ = analyse([tree])
    hidden = Analysis(campaign).hidden
    assert hidden.bodies == {"101.1"}
    assert "101.forge" in hidden.nodes


def test_a_dropped_declaration_hides_its_location_number() -> None:
    codes = _codes('  keys: right 102\n@location 102 Mill\n  keys: left 101\n== 101.1\n-> end\n')
    assert codes == ["TGC001"]


def test_no_cascade_from_an_unknown_block() -> None:
    assert _codes("== 101.1\n-> .sorow\n= sorrow\n-> end\n") == ["TGC102"]


def test_no_campaign_means_no_unreachable_verses() -> None:
    tree, _ = parse_source(SourceFile.from_text("t.tgj", "== 101.1\n-> end\n"))
    _, diags = analyse([tree])
    assert "TGC201" not in {d.code for d in diags}


# ---------------------------------------------------------------- coverage


def test_every_graph_and_map_code_has_a_case_and_an_ok_case() -> None:
    family = {code for code in CATALOGUE if code[3] in "24"}
    expected = {e.code for case in CASE_PATHS for e in expectations(case)}
    assert family <= expected, f"no case expects {sorted(family - expected)}"
    ok = {Path(case).stem[:6] for case in CASE_PATHS if "_ok_" in Path(case).stem}
    assert family - {"TGC206", "TGC403"} <= ok, f"no ok case for {sorted(family - ok)}"


def test_a_run_too_large_to_judge_is_left_alone() -> None:
    wide = "".join(f"~ if secret {n} -> end\n" for n in range(1, 14))
    decls = "".join(f'@secret {n} "S{n}"\n' for n in range(1, 14))
    gains = "".join(f"~ gain secret {n}\n" for n in range(1, 14))
    source = f"== 101.1\n{gains}-> 2\n== 101.2\n{wide}{decls}"
    assert "TGC203" not in _codes(source)
    assert "TGC202" in _codes(f"== 101.1\n{gains}-> 2\n== 101.2\n{wide}-> end\nNever.\n{decls}")


def test_many_failed_references_stay_fast() -> None:
    refs = "".join(f"* Go -> 101.{n}x\n" for n in range(80))
    verses = "".join(f"== 101.{n}\n-> end\n" for n in range(2, 100))
    codes = _codes(f"== 101.1\n{refs}* Leave -> end\n{verses}")
    assert set(codes) == {"TGC101"}
