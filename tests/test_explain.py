"""`tgc explain`: one entry by code or name, the list, and usage errors."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tgc.cli.main import cli
from tgc.diagnostics.codes import CATALOGUE


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["explain", *args], env={"COLUMNS": "100"})
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("key", ["TGC101", "tgc101", "unknown-verse", "Unknown-Verse"])
def test_explain_by_code_or_name_any_case(key: str) -> None:
    code, out, err = _run(key)
    assert (code, err) == (0, "")
    rule = CATALOGUE["TGC101"]
    assert out.startswith("TGC101 unknown-verse (error)\n")
    assert rule.summary in out
    assert "Message: no verse `{ref}`" in out
    assert "Example (reports TGC101):\n    @campaign" in out
    assert "    -> 101.9\n" in out
    assert out.rstrip().endswith("docs/diagnostics.md#tgc101")


def test_explain_shows_the_fixed_example() -> None:
    code, out, _ = _run("TGC001")
    assert code == 0
    assert "Fixed:\n" in out
    assert "    * Open the gate -> 101.2\n" in out
    assert "Message:" not in out  # a bare {detail} template says nothing


def test_unknown_code_suggests_and_exits_2() -> None:
    code, out, err = _run("TGC1O1")
    assert (code, out) == (2, "")
    assert "no diagnostic `TGC1O1`; did you mean `TGC101`?" in err
    assert "tgc explain --list" in err


def test_unknown_name_suggests_names() -> None:
    code, _, err = _run("unknown-icn")
    assert code == 2
    assert "did you mean `unknown-icon`" in err


def test_unknown_without_close_match() -> None:
    code, _, err = _run("zzzz")
    assert code == 2
    assert err.startswith("error: no diagnostic `zzzz`\n")


def test_list_shows_every_code() -> None:
    code, out, _ = _run("--list")
    assert code == 0
    for rule in CATALOGUE.values():
        assert rule.code in out
        assert rule.name in out


@pytest.mark.parametrize("args", [(), ("--list", "TGC101")])
def test_code_or_list_is_required(args: tuple[str, ...]) -> None:
    code, _, err = _run(*args)
    assert code == 2
    assert "give one CODE, or --list" in err


def test_the_examples_are_highlighted_by_the_journal_lexer() -> None:
    from rich.console import Console

    from tgc.cli.explain import render_rule
    from tgc.diagnostics.codes import lookup

    rule = lookup("TGC205")
    assert rule is not None
    console = Console(force_terminal=True, color_system="standard", width=100)
    with console.capture() as captured:
        console.print(render_rule(rule))
    coloured = captured.get()
    plain = CliRunner().invoke(cli, ["explain", "TGC205"], env={"COLUMNS": "100"}).output
    assert "    ~ roll d6: 1-2 -> end; 4-6 -> end" in plain  # as written, without colours
    import re

    line = next(ln for ln in coloured.split("\n")
                if re.sub(r"\x1b\[[0-9;]*m", "", ln) == "    ~ roll d6: 1-2 -> end; 4-6 -> end")
    styles = set(re.findall(r"\x1b\[([0-9;]+)m", line)) - {"0"}
    assert len(styles) >= 3  # keywords and numbers, punctuation and targets differ
