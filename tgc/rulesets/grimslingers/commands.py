"""`tgc ruleset grimslingers ...`: the ruleset's own commands (thin click wrappers over
the library): `duel` simulates a creature duel N times, `walk` plays a chapter of a Tall
Tale by policy and prints the playthrough. Exit 0 done, 1 the campaign has errors,
2 usage error."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tgc.cli.options import EXIT_ERRORS, fail_usage
from tgc.limits import as_number

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.data import TallTale


def _tale(directory: Path) -> TallTale:
    from tgc.rulesets.grimslingers.frontend import TaleError, load_tale

    try:
        return load_tale(directory).tale
    except TaleError as err:
        click.echo(f"tgc: error: {err}", err=True)
        sys.exit(EXIT_ERRORS)


def _names(party: str) -> list[str]:
    return [n.strip() for n in party.split(",") if n.strip()]


@click.group()
def COMMANDS() -> None:  # noqa: N802  (the registry looks the group up by this name)
    """Grimslingers: creature duels and Tall Tale walks."""


@COMMANDS.command()
@click.argument("creature")
@click.option("--campaign", "-C", "directory", type=click.Path(path_type=Path), default=Path("."),
              help="The Tall Tale's folder.")
@click.option("--party", "-p", default="Kipper", show_default=True, metavar="NAME[,NAME...]",
              help="Grimslingers who fight, each with the default build of a new character.")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--policy", type=click.Choice(("greedy", "random")), default="greedy",
              show_default=True)
@click.option("--dispositions/--no-dispositions", default=True, show_default=True)
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text")
@click.option("--log", "show_log", is_flag=True, help="Print the first duel card by card.")
def duel(creature: str, directory: Path, party: str, runs: int, seed: int, policy: str,
         dispositions: bool, fmt: str, show_log: bool) -> None:
    """Simulate a duel with CREATURE RUNS times; win rate with a 95% interval."""
    from tgc.rulesets.grimslingers.engines.duel import DuelSetup
    from tgc.rulesets.grimslingers.engines.sim import (
        Build,
        BuildError,
        play_duel,
        player_setup,
        run_seed,
        simulate_duel,
    )
    from tgc.rulesets.grimslingers.rules import index

    rules = index(_tale(directory))
    builds = tuple(Build(n) for n in _names(party))
    try:
        report = simulate_duel(rules, creature, builds, runs, seed, policy, dispositions)
    except BuildError as err:
        fail_usage(str(err))
    if fmt == "json":
        click.echo(json.dumps(report.to_json(), indent=2, sort_keys=True))
    else:
        click.echo(report.to_text())
    if show_log:
        setup = DuelSetup(rules.creature(creature), tuple(player_setup(rules, b) for b in builds),
                          dispositions=dispositions)
        click.echo("\n".join(play_duel(rules, setup, policy, run_seed(seed, 0), log=True).log))


@COMMANDS.command()
@click.option("--campaign", "-C", "directory", type=click.Path(path_type=Path), default=Path("."),
              help="The folder whose cards and Grimslingers are used.")
@click.option("--party", "-p", default="Kipper,Luella", show_default=True,
              metavar="NAME,NAME[,NAME...]", help="The duelists, clockwise.")
@click.option("--teams", default=None, metavar="N,N,...",
              help="Each duelist's team (2v2: 0,1,0,1); default: free for all.")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--policy", type=click.Choice(("greedy", "random")), default="greedy",
              show_default=True)
@click.option("--practice", is_flag=True,
              help="A practice duel: skills and special resources stay in the box (GS-9.2).")
@click.option("--signatures", type=click.IntRange(min=0), default=0, show_default=True,
              help="Signature spells dealt to each duelist (GS-A28).")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text")
def versus(directory: Path, party: str, teams: str | None, runs: int, seed: int, policy: str,
           practice: bool, signatures: int, fmt: str) -> None:
    """Simulate versus duels (1 v 1, free for all, teams) RUNS times."""
    from tgc.rulesets.grimslingers.engines.sim import Build, BuildError, simulate_versus
    from tgc.rulesets.grimslingers.rules import index

    rules = index(_tale(directory))
    names = _names(party)
    seats = None
    if teams is not None:
        parts = [t.strip() for t in teams.split(",")]
        numbers = [as_number(t, high=len(names)) for t in parts]
        if len(parts) != len(names) or None in numbers:
            fail_usage("--teams gives one team number per duelist, e.g. 0,1,0,1")
        seats = tuple(n for n in numbers if n is not None)
    try:
        report = simulate_versus(rules, tuple(Build(n) for n in names), runs, seed, policy, seats,
                                 practice, signatures)
    except BuildError as err:
        fail_usage(str(err))
    click.echo(json.dumps(report.to_json(), indent=2, sort_keys=True) if fmt == "json"
               else report.to_text())


@COMMANDS.command()
@click.option("--campaign", "-C", "directory", type=click.Path(path_type=Path), default=Path("."),
              help="The Tall Tale's folder.")
@click.option("--party", "-p", default="Kipper", show_default=True, metavar="NAME[,NAME...]")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--policy", type=click.Choice(("greedy", "random")), default="greedy",
              show_default=True)
@click.option("--turns", type=click.IntRange(min=1), default=60, show_default=True,
              help="Adventure turns at most.")
@click.option("--duels", "duel_log", is_flag=True, help="Also print every duel card by card.")
def walk(directory: Path, party: str, seed: int, policy: str, turns: int, duel_log: bool) -> None:
    """Play adventure turns by policy until the chapter ends or the game is over."""
    from tgc.rulesets.grimslingers.engines.adventure import walk as play
    from tgc.rulesets.grimslingers.engines.sim import BuildError

    tale = _tale(directory)
    names = _names(party)
    known = {g.name for g in tale.grimslingers}
    if not names or any(n not in known for n in names) or len(names) > tale.players[1]:
        fail_usage(f"--party takes 1-{tale.players[1]} of {', '.join(sorted(known))}")
    try:
        result = play(tale, names, seed, policy, turns, duel_log)
    except BuildError as err:
        fail_usage(str(err))
    click.echo("\n".join(result.log))
