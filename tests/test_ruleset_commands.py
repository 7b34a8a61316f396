"""A ruleset's own top-level commands come through the registry (``top_commands``): the
core's command table names none of them, `tgc --help` lists them, they run as `tgc NAME`
and as `tgc ruleset RULESET NAME`, and a core command's name stays the core's."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from tests import tiny_ruleset
from tgc import rulesets
from tgc.cli import main
from tgc.cli.main import cli

SAMPLE_DECK = Path(__file__).parents[1] / "examples" / "twenty_strong"


@click.command()
@click.option("--times", type=int, default=1)
def flip(times: int) -> None:
    """Flip the coin of the coin-trials ruleset."""
    click.echo("heads " * times)


@click.command()
def check() -> None:
    """A ruleset's command that tries to take a core command's name."""
    click.echo("the ruleset's check")


@click.group("coin-cli")
def COMMANDS_GROUP() -> None:  # noqa: N802
    """The coin ruleset's commands."""


COMMANDS_GROUP.add_command(flip)
globals()["COMMANDS"] = COMMANDS_GROUP  # what `tgc ruleset coin-cli` runs

SPEC = dataclasses.replace(tiny_ruleset.SPEC, name="coin-cli", commands=__name__,
                           top_commands=("flip", "check"))


@pytest.fixture(autouse=True)
def coin_cli() -> Iterator[None]:
    rulesets.register(SPEC)
    yield
    rulesets.unregister(SPEC.name)


def tgc(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_a_registered_rulesets_command_runs_at_the_top_level() -> None:
    result = tgc("flip", "--times", "2")
    assert result.exit_code == 0 and result.output == "heads heads \n"


def test_help_lists_the_rulesets_commands_beside_the_cores() -> None:
    listed = tgc("--help").output
    assert re.search(r"^  flip +Flip the coin of the coin-trials ruleset\.$", listed, re.M), listed
    assert "odds" in listed and "deck" in listed  # 20 Strong's, through the same seam


def test_a_core_commands_name_stays_the_cores() -> None:
    result = tgc("check", "--help")
    assert "the ruleset's check" not in result.output and "campaign" in result.output.lower()


def test_the_core_table_names_no_rulesets_command() -> None:
    assert not {"odds", "deck", "flip"} & set(main.COMMANDS)


def test_twenty_strongs_commands_run_both_ways() -> None:
    args = ["--hero", "Maelis of the Reedbanks", "--enemy", "Rune-Eater", "--dial", "green",
            "--runs", "0"]
    top = tgc("odds", str(SAMPLE_DECK), *args)
    nested = tgc("ruleset", "twenty-strong", "odds", str(SAMPLE_DECK), *args)
    assert top.exit_code == 0, top.output
    assert top.output == nested.output and top.output.startswith("Maelis")
