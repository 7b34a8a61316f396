"""`tgc explore --witnesses OUT_DIR`: after the search, a witness for every goal the report
names, each replayed as `tgc play --script` replays it, written to OUT_DIR with an index,
and a one-line tally. Thin: the round is tgc.playtest.witnesses, the folder
tgc.playtest.witness_files."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from tgc.cli.options import EXIT_ERRORS, EXIT_OK, fail_usage

if TYPE_CHECKING:
    from tgc.bundle.schema import Goto
    from tgc.explore.explorer import Exploration
    from tgc.runs.executor import ExecutorSpec
    from tgc.runtime.save import Loaded


@dataclass(frozen=True)
class RoundAsk:
    """What the command line asked of the round: the folder, where the chunks run, whether
    kept chunks may be used."""

    out: Path
    where: ExecutorSpec
    no_cache: bool


def check_out(out: Path) -> None:
    """A folder the round cannot use is said before the search, not after it."""
    from tgc.playtest.witness_files import check_out_dir
    from tgc.playtest.witnesses import RoundError

    try:
        check_out_dir(out)
    except RoundError as err:
        fail_usage(str(err))


def witness_round(ex: Exploration, ask: RoundAsk, *, source: Path, state_file: Path | None,
                  party: tuple[str, ...], start_at: Goto | None, max_states: int,
                  loaded: Loaded | None, fmt: str) -> int:
    """Run the round and write its folder. Exit 1 when a goal has no confirmed witness."""
    from tgc.playtest.witness_files import staged, write_round
    from tgc.playtest.witnesses import RoundError, make_round, run_round
    from tgc.runs.batch import ChunkStore
    from tgc.runs.executor import ExecutorError

    inputs = make_round(ex, party=party, start_at=start_at, max_states=max_states, source=str(source),
                        state=str(state_file) if state_file is not None else None, loaded=loaded,
                        where=ask.where)
    try:
        with staged(ask.out) as folder:
            rows = _run(lambda tick: run_round(inputs, ask.where, None if ask.no_cache else ChunkStore(),
                                               tick), len(inputs.aims), fmt)
            tally = write_round(folder, rows, _search(ex))
    except (RoundError, ExecutorError) as err:
        fail_usage(str(err))
    if fmt == "json":
        doc = json.loads((ask.out / "index.json").read_text(encoding="utf-8"))
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        cut = "" if ex.complete else (f"; the search was INCOMPLETE (stopped at "
                                      f"{'the memory budget' if ex.stopped == 'memory' else '--max-states'} "
                                      f"after {ex.states:,} states): goals it did not reach have none")
        click.echo(f"witnesses: {tally.line()}; wrote {ask.out}{cut}")
    return EXIT_OK if tally.clean else EXIT_ERRORS


def _search(ex: Exploration) -> dict[str, Any]:
    """How the search ended, as the index says it (never its time: the folder is the same
    on every run)."""
    return {"complete": ex.complete, "states": ex.states} | ({"stopped": ex.stopped} if ex.stopped else {})


def _run(work: Callable[[Callable[[int], None] | None], list[dict[str, Any]]], total: int,
         fmt: str) -> list[dict[str, Any]]:
    """The round, with a progress bar on a terminal (for the human report only)."""
    if fmt != "human" or not sys.stderr.isatty():
        return work(None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("witnesses", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("witnesses", total=total)
        return work(lambda n: bar.advance(task, n))
