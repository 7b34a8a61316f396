"""`tgc sim ENCOUNTER`: run an encounter many times with a party and a play policy and
print its win rate and costs. Exit 0 done, 2 usage error, 3 internal error."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tgc.cli.options import EXIT_OK, fail_internal, fail_usage, load_campaign_or_exit, no_cache_option

if TYPE_CHECKING:
    from tgc.sim.simulate import Setup, SimReport

POLICY_NAMES = ("random", "greedy", "planner")


@click.command()
@click.argument("encounter")
@click.option("--campaign", "-C", "directory", type=click.Path(path_type=Path), default=None,
              help="Campaign folder or bundle file (default: ./journal_src, else .).")
@click.option("--party", "-p", default=None, metavar="NAME[,NAME...]",
              help="Characters who fight, e.g. beor or beor,ailei (default: the "
                   "lowest-numbered character).")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Master seed; run i draws from a seed derived from (SEED, i).")
@click.option("--policy", type=click.Choice(POLICY_NAMES), default="greedy", show_default=True,
              help="random: any legal play; greedy: the largest immediate gain; planner: "
                   "searches the activation's card orders.")
@click.option("--state", "state_file", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="A state file (save format) with the party's attributes, "
                                 "resources, tracks and items; without --party, its whole "
                                 "party fights.")
@click.option("--advance", is_flag=True,
              help="First spend each member's Exp (from --state) by the stated rule of "
                   "docs/rules.md (cheapest purchase first; pool draws from --seed).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Worker processes (0: one per core). Results do not depend on it.")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True)
@click.option("--log", "show_log", is_flag=True,
              help="Also print the play-by-play of the first run.")
@no_cache_option
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def sim(encounter: str, directory: Path | None, party: str | None, runs: int, seed: int,
        policy: str, state_file: Path | None, advance: bool, jobs: int, fmt: str,
        show_log: bool, no_cache: bool, debug: bool) -> None:
    """Simulate ENCOUNTER (a declared @encounter with rule data) RUNS times.

    Prints the win rate with its 95% (Wilson) interval, the escape and dying rates,
    the mean number of turns, the mean Health, Terror and Magic spent, and a
    histogram of turns. The same seed always gives the same numbers.
    """
    from tgc.sim.simulate import (
        SimError,
        advance_party,
        load_setup,
        play_one,
        rules_of_setup,
        run_seed,
    )

    bundle = load_campaign_or_exit(directory, no_cache)
    workers = jobs or os.cpu_count() or 1
    try:
        names = [n.strip() for n in party.split(",") if n.strip()] if party else []
        setup = load_setup(bundle, encounter, names, state_file)
        if advance:
            setup, bought = advance_party(setup, seed)
            click.echo("".join(f"advance: {line}\n" for line in bought) or "advance: no Exp to spend\n",
                       err=fmt == "json", nl=False)
        if show_log:
            outcome = play_one(rules_of_setup(setup), setup, policy, run_seed(seed, 0), log=True)
            click.echo("\n".join(outcome.log) + f"\n=> {outcome.outcome}\n", err=fmt == "json")
        report = _run(setup, runs, seed, policy, workers, fmt)
    except SimError as err:
        fail_usage(str(err))
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    if fmt == "json":
        click.echo(json.dumps(report.to_json(), indent=2, sort_keys=True))
    else:
        click.echo(report.to_text(), nl=False)
    sys.exit(EXIT_OK)


def _run(setup: Setup, runs: int, seed: int, policy: str, jobs: int, fmt: str) -> SimReport:
    from tgc.sim.simulate import simulate

    if fmt != "text" or not sys.stdout.isatty():
        return simulate(setup, runs, seed, policy, jobs)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(f"{setup.encounter}", total=runs)
        report = simulate(setup, runs, seed, policy, jobs,
                                     progress=lambda n: bar.advance(task, n))
    return report
