"""`tgc explore`: walk every branch of a campaign and report coverage, the verses no play
reaches (and why), dead ends, trap loops and endings; `--witness VERSE` prints a script
that reaches the verse. Thin: the search is tgc.explore.explorer, the report tgc.explore.report."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from tgc.cli.options import (
    EXIT_ERRORS,
    EXIT_OK,
    campaign_dir,
    executor_option,
    executor_spec,
    fail_internal,
    fail_usage,
    load_campaign_or_exit,
    no_cache_option,
    strict_option,
)
from tgc.limits import MAX_DAY

if TYPE_CHECKING:
    from tgc.cli.explore_witnesses import RoundAsk

STORY_STATES = 500_000  # the story explorer's default bound


@click.command()
@click.argument("target", required=False, type=click.Path(path_type=Path))
@click.option("--from", "start_at", metavar="VERSE", help="Explore from this verse only (e.g. 201.4).")
@click.option("--state", "state_file", type=click.Path(path_type=Path), metavar="FILE",
              help="The starting state (a save file; missing fields take their defaults).")
@click.option("--party", default="", metavar="NAMES", help="The starting party, comma-separated.")
@click.option("--max-states", type=click.IntRange(min=1), default=None,
              help="Stop after this many states and report the search as incomplete "
                   "(default 500000; with --campaign 2000).")
@click.option("--memory", metavar="SIZE",
              help="Stop when the search holds this much memory (2GiB, 512MiB) and report it "
                   "as incomplete. Default: half the memory free when it starts.")
@click.option("--witness", metavar="VERSE", help="Print a shortest input script reaching VERSE.")
@click.option("--witnesses", "witness_dir", type=click.Path(path_type=Path), metavar="OUT_DIR",
              help="After the search, write a script for every goal the report names (each "
                   "reached verse, dead end, trap loop, error and ending), each replayed as "
                   "`tgc play --script` would, with OUT_DIR/index.json saying which replay.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="With --witnesses: local worker processes (0: one per core). The "
                   "scripts do not depend on it.")
@executor_option
@click.option("--campaign", "by_days", is_flag=True,
              help="Walk the campaign played by its days (docs/campaign.md, \"Exploring it\"): "
                   "the cards and verses reached by which day, with a witness for each.")
@click.option("--days", type=click.IntRange(min=1, max=MAX_DAY), default=None, metavar="N",
              help="With --campaign: how many days to walk (default 1).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="With --campaign: the seed of the dice, the guardian die and the draws.")
@click.option("--exact", is_flag=True,
              help="With --campaign: merge only identical states (resources and verses read too).")
@click.option("--format", "fmt", type=click.Choice(["human", "json"]), default="human", show_default=True)
@strict_option
@no_cache_option
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def explore(target: Path | None, start_at: str | None, state_file: Path | None, party: str,
            max_states: int | None, memory: str | None, witness: str | None,
            witness_dir: Path | None, jobs: int, executor: str | None, by_days: bool,
            days: int | None, seed: int, exact: bool, fmt: str, strict: bool, no_cache: bool,
            debug: bool) -> None:
    """Explore every branch of TARGET (a campaign folder, default ./journal_src, or a
    bundle file): every entry point, every choice, ask, roll arm and encounter outcome,
    with the state carried from one exploration to the next. Exits 1 when it finds dead
    ends, trap loops, traps in doubt or runtime errors; with --witnesses, when a goal has no witness that
    replays."""
    ask = _round_ask(witness_dir, witness, by_days, jobs, executor, no_cache)
    try:
        if by_days:
            from tgc.cli.explore_days import explore_days

            code = explore_days(target, days or 1, party, seed, max_states, exact, witness, fmt,
                                no_cache, strict, {"--from": start_at, "--state": state_file,
                                                   "--memory": memory})
        else:
            if days is not None or exact or seed != 0:
                fail_usage("--days, --seed and --exact go with --campaign")
            code = _explore(target, start_at, state_file, party, max_states or STORY_STATES, memory,
                            witness, fmt, no_cache, strict, ask)
    except click.exceptions.Exit:
        raise
    except SystemExit:
        raise
    except Exception as err:  # every exception that reaches the CLI is a bug
        fail_internal(err, debug)
    sys.exit(code)


def _round_ask(out: Path | None, witness: str | None, by_days: bool, jobs: int,
               executor: str | None, no_cache: bool) -> RoundAsk | None:
    """--witnesses and what goes with it, checked before anything is searched."""
    from tgc.cli.explore_witnesses import RoundAsk, check_out

    if out is None:
        if jobs != 1 or executor is not None:
            fail_usage("--jobs and --executor go with --witnesses")
        return None
    if witness is not None or by_days:
        fail_usage("--witnesses writes every witness: not with --witness or --campaign")
    check_out(out)
    return RoundAsk(out, executor_spec(executor, jobs), no_cache)


def _explore(target: Path | None, start_at: str | None, state_file: Path | None, party: str,
             max_states: int, memory: str | None, witness: str | None, fmt: str, no_cache: bool,
             strict: bool = True, ask: RoundAsk | None = None) -> int:
    from tgc.cli.process import settle
    from tgc.explore import report
    from tgc.explore.budget import default_budget, parse_size
    from tgc.explore.explorer import explore as run_explore
    from tgc.runtime import Book, SaveError, load_save, new_state
    from tgc.runtime.state import party_problem

    budget = parse_size(memory) if memory is not None else default_budget()
    if budget is None:
        fail_usage(f"--memory: `{memory}` is not a size (write it like 2GiB or 512MiB)")
    where = target if target is not None else campaign_dir(None)  # named in the witness
    bundle = load_campaign_or_exit(where, no_cache, strict=strict)
    own = _own_explorer(bundle, party, max_states, witness, fmt,
                        {"--from": start_at, "--state": state_file, "--memory": memory,
                         "--witnesses": ask.out if ask is not None else None})
    if own is not None:
        return own
    book = Book(bundle)
    members = [p.strip() for p in party.split(",") if p.strip()]
    problem = party_problem(book.bundle, members)
    if problem is not None:
        fail_usage(f"--party: {problem}")
    start, loaded = new_state(book.bundle, members), None
    if state_file is not None:
        try:
            loaded = load_save(state_file, book)
        except SaveError as err:
            fail_usage(str(err))
        start = loaded.state
    goto = None
    if start_at is not None:
        goto = _goto(book, start_at)
        if goto is None:
            fail_usage(f"--from: no verse {start_at} in this campaign")
    if witness is not None and witness not in book.verses:
        fail_usage(f"--witness: no verse {witness} in this campaign")
    began = time.perf_counter()
    with _Progress(fmt) as shown:
        ex = run_explore(book, start, max_states=max_states, start_at=goto, memory=budget,
                         progress=shown.tick, foresee=shown.foresee)
    seconds = time.perf_counter() - began
    settle()  # the search's tables live as long as the command: the report's collections skip them
    shown.summary(ex, seconds)
    if witness is not None:
        return _print_witness(ex, witness, where, state_file, tuple(members))
    if ask is not None:
        from tgc.cli.explore_witnesses import witness_round

        return witness_round(ex, ask, source=where, state_file=state_file, party=tuple(members),
                             start_at=goto, max_states=max_states, loaded=loaded, fmt=fmt)
    doc = report.summary(ex, seconds)
    if fmt == "json":
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        _print_human(doc)
    problems = doc["dead_ends"] or doc["trap_loops"] or doc["errors"] or doc.get("traps_in_doubt")
    return EXIT_ERRORS if problems else EXIT_OK


def _own_explorer(bundle: Any, party: str, max_states: int, witness: str | None, fmt: str,
                  unused: dict[str, object]) -> int | None:
    """A campaign whose ruleset plays its own way is searched by the
    ruleset's explorer (tgc/explore/seam.py); None for a story of verses."""
    from tgc.explore.seam import ExploreError, ExploreRequest, explorer

    own = explorer(bundle)
    if own is None:
        return None
    given = [name for name, value in unused.items() if value is not None]
    if given:
        fail_usage(f"{', '.join(given)}: not for a `{bundle.campaign.ruleset}` campaign")
    members = tuple(p.strip() for p in party.split(",") if p.strip())
    try:
        found = own.run(bundle, ExploreRequest(members, max_states, witness))
    except ExploreError as err:
        fail_usage(str(err))
    if witness is not None:
        shown = found.witness(witness)
        if shown is None:
            click.echo(f"tgc: no play reaches {witness}", err=True)
            return EXIT_ERRORS
        click.echo(shown, nl=False)
        return EXIT_OK
    if fmt == "json":
        click.echo(json.dumps(found.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(found.to_text(), nl=False)
    return EXIT_ERRORS if found.failed else EXIT_OK


def _goto(book: Any, text: str) -> Any:
    from tgc.bundle import schema as s

    if text in book.verses:
        return s.Goto(verse=text)
    verse, _, block = text.rpartition(".")
    if (verse, block) in book.bodies:
        return s.Goto(verse=verse, block=block)
    return None


def _print_witness(ex: Any, verse: str, target: Path, state_file: Path | None,
                   party: tuple[str, ...] = ()) -> int:
    from tgc.explore.report import reasons
    from tgc.explore.witness import witness

    found = witness(ex, verse)
    if found is None:
        proven = not ex.complete and ex.bound is not None and ex.bound.sure and verse not in ex.bound.verses
        why = reasons(ex, ex.bound.verses if proven else None).get(verse, "not reached")
        more = ("" if ex.complete else " (proven by the bound, though the search stopped)" if proven
                else f" (the search was incomplete: {_raise(ex.stopped)})")
        click.echo(f"tgc: no play reaches {verse}: {why}{more}", err=True)
        return EXIT_ERRORS
    if not found.found:
        click.echo(f"tgc: the explorer reached {verse}, but no witness was found: {found.why}", err=True)
        return EXIT_ERRORS
    click.echo(found.script(str(target), str(state_file) if state_file else None, party), nl=False)
    return EXIT_OK


class _Progress:
    """On a terminal (and only for the human report): a live line with the states, states
    per second, the frontier still to run, memory and coverage, the outlook as soon as the
    search sees it cannot finish, and a one-line summary at the end. Elsewhere the outlook
    alone, on stderr (never on stdout: the report stays what it is)."""

    def __init__(self, fmt: str) -> None:
        self.human = fmt == "human"
        self.live = self.human and sys.stderr.isatty()
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> _Progress:
        if self.live:
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            self.bar = Progress(SpinnerColumn(), TextColumn("exploring {task.fields[line]}"),
                                TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("explore", total=None, line="")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def tick(self, pace: Any) -> None:
        if self.bar is None:
            return
        from tgc.explore.budget import shown

        line = (f"{pace.states:,} states, {pace.rate:,.0f}/s, {pace.frontier:,} to run, "
                f"{shown(pace.memory)}, {pace.reached}/{pace.verses} verses reached")
        self.bar.update(self.task, line=line)

    def foresee(self, look: Any) -> None:
        if not self.human:
            return
        for line in look.lines():
            if self.bar is not None:
                self.bar.console.print(line, markup=False, highlight=False)
            else:
                click.echo(f"tgc: {line.strip()}" if not line.startswith(" ") else line, err=True)

    def summary(self, ex: Any, seconds: float) -> None:
        if not self.live:
            return
        from tgc.explore.budget import shown

        rate = ex.states / seconds if seconds > 0 else 0.0
        click.echo(f"{ex.states:,} states in {seconds:.1f} s ({rate:,.0f}/s), "
                   f"peak memory {shown(ex.peak)}", err=True)


def _raise(stopped: str | None) -> str:
    """What to raise when the search stopped early."""
    if stopped == "memory":
        return ("it reached the memory budget: raise --memory, or explore less at once "
                "(--from, a party of one)")
    return "raise --max-states"


def _limit(stopped: str | None) -> str:
    return "--memory" if stopped == "memory" else "--max-states"


def _stopped(stopped: str | None) -> str:
    if stopped == "memory":
        return "stopped at the memory budget; raise --memory, or explore less at once"
    return "stopped at --max-states; raise it"


def _missed(names: list[str], done: str) -> str:
    """The first few of what was not reached, taken or marked, named."""
    if not names:
        return ""
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    return f" (not {done}: {shown})"


def _print_proven(console: Any, sure: dict[str, Any]) -> None:
    """What the bound proves of a search that stopped early (report.proven)."""
    if not sure["sure"]:
        console.print(f"\nthe bound proves nothing unreachable here: {sure['why']}", markup=False)
        return
    if sure["verses"]:
        console.print("\n[bold]verses no play reaches[/] (proven by the bound, though the search stopped)")
        for item in sure["verses"]:
            console.print(f"  {item['verse']}: {item['reason']}", markup=False)
    endings = [f"{e['kind']} at {e['verse']}" for e in sure["endings"]]
    for key, what in (("blocks", "inline blocks no play reaches"), ("choices", "choices no play takes"),
                      ("status_parts", "status parts no play marks"), ("secrets", "secrets no play gains")):
        if sure[key]:
            console.print(f"{what} (proven): {', '.join(map(str, sure[key]))}", markup=False)
    if endings:
        console.print(f"endings no play meets (proven): {', '.join(endings)}", markup=False)
    if sure["no_trap_loops"]:
        console.print("trap loops: none can occur (proven: every play can end its exploration)")
    elif "in_doubt" in sure:
        console.print(f"trap loops: not proven absent (a play may be caught at {sure['in_doubt']})",
                      markup=False)


def _print_human(doc: dict[str, Any]) -> None:
    from rich.console import Console

    console = Console(highlight=False)
    verses = doc["verses"]
    state = "complete" if doc["complete"] else f"[yellow]INCOMPLETE[/] ({_stopped(doc.get('stopped'))})"
    console.print(f"[bold]explored[/] {doc['states']} states in {doc['seconds']:.2f}s: {state}")
    reached = len(verses["reached"])
    sure = doc.get("proven_unreachable", {})
    unreachable = {item["verse"] for item in sure.get("verses", [])}
    console.print(f"verses        {reached}/{verses['total']} reached"
                  + (f", {len(unreachable)} proven unreachable" if unreachable else ""))
    for key, label, done, missed in (("blocks", "inline blocks", "reached", "unreached"),
                                     ("choices", "choices", "taken", "never_taken"),
                                     ("status_parts", "status parts", "marked", "")):
        # (status parts never marked get a line of their own below)
        console.print(f"{label:<14}{doc[key][done]}/{doc[key]['total']} {done}"
                      + (_missed(doc[key][missed], done) if missed else ""), markup=False)
    console.print(f"secrets       {len(doc['secrets']['gained'])}/{doc['secrets']['total']} gained")
    open_ = [item for item in verses["unreached"] if item["verse"] not in unreachable]
    if open_:
        if doc["complete"]:
            console.print("\n[bold]verses no play reaches[/]")
        else:  # a search cut short proves nothing about what it did not reach
            console.print("\n[bold]verses not reached before the search stopped[/] (not proven "
                          f"unreachable: raise {_limit(doc.get('stopped'))} to know)")
        for item in open_:
            console.print(f"  {item['verse']}: {item['reason']}")
    if sure:
        _print_proven(console, sure)
    problems = (("dead_ends", "dead ends"), ("trap_loops", "trap loops"), ("errors", "runtime errors"))
    for key, title in problems:
        if doc[key]:
            console.print(f"\n[bold red]{title}[/]")
            for item in doc[key]:
                console.print(f"  {item['verse']}: {item['reason']}")
                console.print(f"    inputs: {' / '.join(item['inputs'])}", markup=False)
    if doc.get("traps_in_doubt"):
        console.print("\n[bold yellow]traps in doubt[/] (a play may be caught here; none found is)")
        for item in doc["traps_in_doubt"]:
            console.print(f"  {item['verse']}: {item['why']}")
    if doc["status_parts"]["never_marked"]:
        console.print(f"\nstatus parts never marked: {', '.join(doc['status_parts']['never_marked'])}")
    if doc["secrets"]["never_gained"]:
        console.print(f"secrets never gained: {', '.join(map(str, doc['secrets']['never_gained']))}")
    endings = doc["endings"]
    console.print(f"\n[bold]endings[/]: {len(endings.get('end', []))} places end an exploration")
    for kind in ("end-chapter", "game-over"):
        for item in endings.get(kind, []):
            console.print(f"  {kind} at {item['verse']} (after {len(item['inputs'])} inputs)")
