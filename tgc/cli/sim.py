"""`tgc sim TARGET`: play something many times by the campaign's ruleset (a Tainted Grail
encounter with a party of characters, a 20 Strong boss against heroes, a creature
against a posse of duelists) and print its rates with intervals. The ruleset's simulator
does the work (tgc/sim/seam.py); this command only parses and prints. Exit 0 done,
2 usage error, 3 internal error."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tgc.cli.options import (
    EXIT_OK,
    executor_option,
    executor_spec,
    fail_internal,
    fail_usage,
    load_campaign_or_exit,
    no_cache_option,
)

if TYPE_CHECKING:
    from tgc.bundle.schema import Bundle
    from tgc.sim.seam import SimRequest, Simulated

POLICY_NAMES = ("random", "greedy", "planner")
NUMBER = "number_"  # the prefix of a ruleset number's parameter (--rank: number_rank)


def ruleset_numbers(command: Callable[..., None]) -> Callable[..., None]:
    """Every registered ruleset's `tgc sim` numbers as options (``RulesetSpec.sim_numbers``:
    20 Strong's ``--rank``), each repeatable; the seam refuses the ones the campaign's
    ruleset does not take."""
    from tgc import rulesets

    for number in reversed(rulesets.sim_numbers()):
        command = click.option(f"--{number.name}", f"{NUMBER}{number.name.replace('-', '_')}",
                               type=click.IntRange(number.low, number.high), multiple=True,
                               metavar="N", help=number.help)(command)
    return command


@click.command()
@click.argument("target", metavar="TARGET", required=False)
@click.option("--campaign", "-C", "directory", type=click.Path(path_type=Path), default=None,
              help="Campaign folder or bundle file (default: ./journal_src, else .).")
@click.option("--party", "-p", default=None, metavar="NAME[,NAME...]",
              help="Who plays it: characters (beor or beor,ailei; default: the "
                   "lowest-numbered one), 20 Strong heroes (default: all) or duelists "
                   "(default: Kipper).")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Master seed; run i draws from a seed derived from (SEED, i).")
@click.option("--policy", type=click.Choice(POLICY_NAMES), default="greedy", show_default=True,
              help="random: any legal play; greedy: the largest immediate gain; planner: "
                   "searches ahead (the ruleset's own planner, where it has one).")
@click.option("--state", "state_file", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="A state file (save format) with the party's attributes, "
                                 "resources, tracks and items; without --party, its whole "
                                 "party fights.")
@click.option("--advance", is_flag=True,
              help="First spend each member's Exp (from --state) by the stated rule of "
                   "docs/rules.md (cheapest purchase first; pool draws from --seed).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Worker processes (0: one per core). Results do not depend on it.")
@executor_option
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True)
@click.option("--days", type=click.IntRange(min=1, max=365), default=None, metavar="N",
              help="Play N whole days of the campaign by its days (the ruleset's campaign "
                   "layer) instead of one TARGET: survival, menhirs lit, locations reached.")
@click.option("--log", "show_log", is_flag=True,
              help="Also print the play-by-play of the first run.")
@ruleset_numbers
@no_cache_option
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def sim(target: str | None, directory: Path | None, party: str | None, runs: int, seed: int,
        policy: str, state_file: Path | None, advance: bool, jobs: int, days: int | None,
        executor: str | None, fmt: str, show_log: bool, no_cache: bool, debug: bool,
        **given: tuple[int, ...]) -> None:
    """Simulate TARGET RUNS times by the campaign's ruleset.

    TARGET is what is played: a declared @encounter with rule data (Tainted Grail:
    win, escape and dying rates with 95% Wilson intervals, turns, costs, a histogram),
    a boss (20 Strong: whole games per hero and --rank, win rates, rounds, where games are lost)
    or a creature (duels: win rate, turns, resources spent). With --days N and no
    TARGET, whole days of the campaign are played instead. The same seed always gives
    the same numbers, on any executor and any number of workers; finished chunks are
    kept (unless --no-cache), so a run that was stopped resumes.
    """
    from tgc.runs.batch import ChunkStore
    from tgc.runs.executor import ExecutorError
    from tgc.sim.seam import SimError, SimRequest

    if (target is None) == (days is None):
        fail_usage("name a TARGET to simulate, or play the campaign's days with --days N (not both)")
    where = executor_spec(executor, jobs)
    bundle = load_campaign_or_exit(directory, no_cache)
    names = tuple(n.strip() for n in party.split(",") if n.strip()) if party else ()
    numbers = {key.removeprefix(NUMBER).replace("_", "-"): values for key, values in given.items()
               if key.startswith(NUMBER) and values}
    request = SimRequest(target or "", names, runs, seed, policy, jobs, state_file, advance,
                         show_log, days, numbers, where,
                         None if no_cache else ChunkStore())
    try:
        done = _run(bundle, request, fmt)
    except (SimError, ExecutorError) as err:
        fail_usage(str(err))
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    if done.notes:
        click.echo("".join(f"{line}\n" for line in done.notes), err=fmt == "json", nl=False)
    if done.log:
        click.echo("\n".join(done.log), err=fmt == "json")
    if fmt == "json":
        click.echo(json.dumps(done.report.to_json(), indent=2, sort_keys=True))
    else:
        text = done.report.to_text()
        click.echo(text, nl=not text.endswith("\n"))
    sys.exit(EXIT_OK)


def _run(bundle: Bundle, request: SimRequest, fmt: str) -> Simulated:
    from tgc.sim.seam import simulate

    if fmt != "text" or not sys.stdout.isatty():
        return simulate(bundle, request)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(request.target or f"{request.days} day(s)", total=request.runs)
        return simulate(bundle, request, progress=lambda n: bar.advance(task, n))
