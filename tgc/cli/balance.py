"""`tgc balance`: the designer's balancing sheet, every encounter x party x chapter x
policy simulated and printed as a table or JSON. Exit 0 done, 2 usage error, 3 internal
error."""

from __future__ import annotations

import json
import sys
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
    from tgc.sim.balance import Chapter


@click.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--party", "-p", "parties", multiple=True, metavar="NAME[,NAME...]",
              help="A party to measure (repeat it; default: every character alone).")
@click.option("--chapter", "chapters", multiple=True, metavar="LABEL[=STATE]",
              help="A point of the campaign, with the party's state file there (repeat it; "
                   "default: `start`, the characters as they begin).")
@click.option("--policy", "policies", multiple=True, metavar="NAME",
              help="A play policy (repeat it; default: every policy of the ruleset).")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=200, show_default=True,
              help="Simulated encounters per row.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Master seed; each row draws from a seed derived from it and the row's labels.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Local worker processes (0: one per core). Results do not depend on it.")
@executor_option
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True)
@no_cache_option
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def balance(directory: Path | None, parties: tuple[str, ...], chapters: tuple[str, ...],
            policies: tuple[str, ...], runs: int, seed: int, executor: str | None, jobs: int,
            fmt: str, no_cache: bool, debug: bool) -> None:
    """Simulate every encounter of a campaign against every party, chapter and policy.

    Prints one row per encounter x party x chapter x policy with the ruleset's measures
    (for Tainted Grail: win, escape and dying rates, the win rate's 95% interval, mean
    turns and Health lost). The same seed gives the same sheet on any executor and any
    number of workers; finished chunks are kept, so a sheet that was stopped resumes.
    """
    from tgc.rulesets import get
    from tgc.runs.batch import ChunkStore
    from tgc.runs.executor import ExecutorError
    from tgc.sim.balance import BalanceError, Chapter
    from tgc.sim.balance import balance as run_sheet

    where = executor_spec(executor, jobs)
    bundle = load_campaign_or_exit(directory, no_cache)
    spec = get(bundle.campaign.ruleset)
    planner = spec.load("balance")
    if planner is None:
        fail_usage(f"the ruleset `{spec.name}` has no balancing sheet")
    sheet_chapters = [_chapter(text) for text in chapters] or [Chapter("start")]
    sheet_parties = [[n.strip() for n in p.split(",") if n.strip()] for p in parties]
    try:
        plan = planner.plan_sheet(bundle, sheet_parties, sheet_chapters,
                                  list(policies) or list(spec.policies), runs, seed)
        sheet = run_sheet(plan, runs, seed, where, None if no_cache else ChunkStore())
    except (BalanceError, ExecutorError) as err:
        fail_usage(str(err))
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    if fmt == "json":
        click.echo(json.dumps(sheet.to_json(), indent=2, sort_keys=True))
    else:
        click.echo(sheet.to_text(), nl=False)
    sys.exit(EXIT_OK)


def _chapter(text: str) -> Chapter:
    from tgc.sim.balance import Chapter

    label, _, state = text.partition("=")
    if not label.strip():
        fail_usage(f"--chapter `{text}` has no label: write LABEL or LABEL=STATE_FILE")
    return Chapter(label.strip(), state.strip() or None)
