"""`tgc odds`, `tgc deck play`, `tgc deck sim`: the 20 Strong ruleset's commands (exact
engagement odds beside the simulated rate; whole games by hand, from a transcript, or N
times with a policy), offered at the top level through the registry (``top_commands``)
and as `tgc ruleset twenty-strong ...`. Each loads the deck from a campaign folder through the pipeline's
check (a deck with errors is not played), or from a bundle file, and prints; the
ruleset's library does the rest.
A built bundle (`tgc build`) is played the same way from its typed rule data alone.
Exit 0 done, 1 errors in the deck or a transcript that differs, 2 usage error."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from tgc.cli.options import EXIT_ERRORS, EXIT_OK, campaign_dir, fail_internal, fail_usage
from tgc.limits import MAX_DICE, as_number
from tgc.rulesets.twenty_strong.data import Box

POLICIES = ("random", "greedy", "planner")


def load_box(directory: Path | None) -> Box:
    """The deck of a twenty-strong campaign folder (check errors end the command) or of a
    bundle built from one (its typed rule data: nothing is parsed)."""
    if directory is not None and directory.is_file():
        return _bundle_box(directory)
    from tgc.diagnostics.model import Severity
    from tgc.diagnostics.render.concise import render
    from tgc.pipeline import check
    from tgc.project.workspace import WorkspaceError
    from tgc.rulesets.twenty_strong.checks import load_campaign_deck
    from tgc.rulesets.twenty_strong.kinds import NAME

    root = campaign_dir(directory)
    if not root.exists():
        fail_usage(f"{root}: no such campaign folder")
    try:
        result = check(root, cache="disk")
    except WorkspaceError as err:
        fail_usage(str(err))
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        click.echo(render(errors, result.sources), err=True, nl=False)
        click.echo(f"tgc: {len(errors)} error(s) in the deck; fix them first", err=True)
        sys.exit(EXIT_ERRORS)
    campaign = result.campaign
    if campaign is None or campaign.ruleset.name != NAME:
        fail_usage(f"{root} is not a `ruleset: {NAME}` campaign")
    return _playable(load_campaign_deck(campaign).box, root)


def _bundle_box(path: Path) -> Box:
    from tgc.bundle.io import BundleError, load_bundle
    from tgc.rulesets.twenty_strong.kinds import NAME

    try:
        bundle = load_bundle(path)
    except BundleError as err:
        fail_usage(str(err))
    if bundle.campaign.ruleset != NAME:
        fail_usage(f"{path} is a bundle of a `ruleset: {bundle.campaign.ruleset}` campaign, "
                   f"not `ruleset: {NAME}`")
    return _playable(bundle.rules if isinstance(bundle.rules, Box) else None, path)


def _playable(box: Box | None, where: Path) -> Box:
    if box is None or not box.heroes or not box.bosses:
        fail_usage(f"{where}: the deck needs `@dice`, a `@hero` and a `@boss`")
    return box


def _commit(text: str | None) -> dict[str, int] | None:
    if not text:
        return None
    out = {}
    for part in text.split(","):
        colour, _, count = part.strip().partition("=")
        number = as_number(count.strip(), high=MAX_DICE)
        if number is None:
            fail_usage(f"--commit takes COLOUR=N[,COLOUR=N...] (N a number of dice up to {MAX_DICE}), "
                       f"not {part!r}")
        out[colour] = number
    return out


@click.command()
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option("--hero", required=True, help="The hero (its Strategy is the number of passes).")
@click.option("--enemy", "enemies", multiple=True, required=True,
              help="An active enemy or boss; repeat for several.")
@click.option("--dial", required=True, help="The dial's colour this round.")
@click.option("--rank", type=click.IntRange(1, 5), default=1, show_default=True)
@click.option("--strategy", type=click.IntRange(1, 6), default=None,
              help="Passes allowed (default: the hero's Strategy).")
@click.option("--commit", "commit_text", default=None, metavar="COLOUR=N,...",
              help="Dice committed in the first pass (default: every die of the dial's "
                   "colour).")
@click.option("--runs", "-n", type=click.IntRange(min=0), default=2000, show_default=True,
              help="Engagements simulated beside the exact figure (0: none).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True)
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def odds(directory: Path | None, hero: str, enemies: tuple[str, ...], dial: str, rank: int,
         strategy: int | None, commit_text: str | None, runs: int, seed: int, fmt: str,
         debug: bool) -> None:
    """The exact chance of defeating every ENEMY in one engagement (TS-15.4).

    Expectimax over every roll and every way to apply it, with the given commits in the
    first pass and rerolls after; printed as a fraction and a decimal, then the same
    engagement played RUNS times by the planner policy, with its 95% interval.
    """
    from tgc.rulesets.twenty_strong.engines import engagement
    from tgc.rulesets.twenty_strong.engines.sim import game_seed
    from tgc.sim.interval import wilson

    box = load_box(directory)
    try:
        setup = engagement.setup(box, hero, enemies, dial, rank, strategy, _commit(commit_text))
        start = time.perf_counter()
        exact = engagement.exact(box, setup)
        seconds = time.perf_counter() - start
        wins = sum(engagement.play(box, setup, game_seed(seed, i)) for i in range(runs))
    except engagement.EngagementError as err:
        fail_usage(str(err))
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    low, high = wilson(wins, runs)
    if fmt == "json":
        click.echo(json.dumps({"exact": str(exact), "decimal": float(exact),
                               "seconds": round(seconds, 4), "runs": runs, "wins": wins,
                               "interval": [low, high]}, indent=2, sort_keys=True))
    else:
        plan = engagement.commits(box, setup)
        click.echo(f"{hero} against {', '.join(enemies)}; dial {dial}; rank {rank}; "
                   f"{setup.passes} passes; commit "
                   + ", ".join(f"{n} {c}" for c, n in plan.items()))
        click.echo(f"exact:     {exact} = {float(exact):.6f}")
        if runs:
            inside = "inside" if low <= float(exact) <= high else "OUTSIDE"
            click.echo(f"simulated: {wins}/{runs} = {wins / runs:.4f} [{low:.4f}, {high:.4f}] "
                       f"(95%; the exact value is {inside})")
    sys.exit(EXIT_OK)


@click.group()
def deck() -> None:
    """Play or simulate a 20 Strong deck (a `ruleset: twenty-strong` campaign)."""


@deck.command("sim")
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option("--hero", "heroes", multiple=True, help="Heroes (default: all); repeat.")
@click.option("--boss", "bosses", multiple=True, help="Bosses (default: all); repeat.")
@click.option("--rank", "ranks", multiple=True, type=click.IntRange(1, 5),
              help="Ranks (default: 1); repeat.")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per hero x boss x rank.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--policy", type=click.Choice(POLICIES), default="greedy", show_default=True)
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text",
              show_default=True)
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def deck_sim(directory: Path | None, heroes: tuple[str, ...], bosses: tuple[str, ...],
             ranks: tuple[int, ...], runs: int, seed: int, policy: str, fmt: str,
             debug: bool) -> None:
    """Play whole games RUNS times for every hero x boss x rank.

    Prints the win rate with its 95% (Wilson) interval, the mean number of rounds, the
    mean Health left on a win and where games are lost. The same seed always gives the
    same numbers.
    """
    from tgc.rulesets.twenty_strong.engines.sim import simulate

    box = load_box(directory)
    for name in heroes:
        if box.hero(name) is None:
            fail_usage(f"no hero named {name!r}")
    for name in bosses:
        if box.boss(name) is None:
            fail_usage(f"no boss named {name!r}")
    try:
        report = simulate(box, heroes or [h.name for h in box.heroes],
                          bosses or [b.name for b in box.bosses], ranks or (1,), runs, seed,
                          policy)
    except Exception as err:
        fail_internal(err, debug)
    if fmt == "json":
        click.echo(json.dumps(report.to_json(), indent=2, sort_keys=True))
    else:
        click.echo(report.to_text(), nl=False)
    sys.exit(EXIT_OK)


@deck.command("play")
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option("--hero", default=None, help="The hero (default: asked).")
@click.option("--boss", default=None, help="The boss (default: asked).")
@click.option("--rank", type=click.IntRange(1, 5), default=1, show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--ask-dice", is_flag=True, help="Type the faces of physical rolls.")
@click.option("--policy", type=click.Choice(POLICIES), default=None,
              help="Let a policy answer (shown as a person's answers; with --record, a "
                   "transcript of its game).")
@click.option("--script", "script", type=click.Path(path_type=Path, dir_okay=False),
              default=None, help="Replay a transcript and compare (exit 1 on a difference).")
@click.option("--record", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Write the game as a transcript.")
@click.option("--update", is_flag=True, help="With --script: rewrite it instead of comparing.")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def deck_play(directory: Path | None, hero: str | None, boss: str | None, rank: int,
              seed: int, ask_dice: bool, policy: str | None, script: Path | None,
              record: Path | None, update: bool, debug: bool) -> None:
    """Play one game by hand: the table is shown before each strike and commit, every
    decision as numbered choices; answer with the number."""
    from tgc.rulesets.twenty_strong.engines import session

    box = load_box(directory)
    if script is not None:
        _replay(box, script, update, debug)
    for name, found in ((hero, box.hero(hero) if hero else True),
                        (boss, box.boss(boss) if boss else True)):
        if found is None:
            fail_usage(f"no hero or boss named {name!r}")
    header = {k: v for k, v in (("hero", hero), ("boss", boss), ("rank", str(rank)),
                                ("seed", str(seed)), ("dice", "asked" if ask_dice else None))
              if v is not None}
    lines = [f"# tgc 20 Strong transcript: {'; '.join(f'{k} {v}' for k, v in header.items())}"]

    def write(text: str) -> None:
        lines.append(text)
        click.echo(text)

    def read(prompt: str) -> str:
        try:
            answer = input(prompt)
        except EOFError:
            fail_usage("no more input: the game was left unfinished")
        lines.append(f"> {answer}")
        return answer

    try:
        if policy is not None:
            from tgc.rulesets.twenty_strong.engines.policies import POLICIES as MADE

            text, _ = session.transcript_of(box, header, MADE[policy]())
            lines = text.splitlines()
            click.echo(text, nl=False)
        else:
            session.play_by_hand(box, hero, boss, rank, seed, write, read, ask_dice)
    except Exception as err:
        fail_internal(err, debug)
    if record is not None:
        from tgc.bundle.io import write_atomic

        write_atomic(record, "\n".join(lines) + "\n")
    sys.exit(EXIT_OK)


def _replay(box: Box, script: Path, update: bool, debug: bool) -> None:
    from tgc.rulesets.twenty_strong.engines import session

    try:
        text = script.read_text(encoding="utf-8")
        header, answers = session.read_transcript(text)
        got = session.replay(box, header, iter(answers))
    except (OSError, ValueError, session.NoAnswer) as err:
        fail_usage(f"{script}: {err}")
    except Exception as err:
        fail_internal(err, debug)
    if got == text:
        click.echo(f"{script}: the game replays the same")
        sys.exit(EXIT_OK)
    if update:
        from tgc.bundle.io import write_atomic

        write_atomic(script, got)
        click.echo(f"{script}: rewritten")
        sys.exit(EXIT_OK)
    import difflib

    click.echo("".join(difflib.unified_diff(text.splitlines(True), got.splitlines(True),
                                            str(script), "replayed")), nl=False)
    sys.exit(EXIT_ERRORS)


@click.group("twenty-strong")
def COMMANDS() -> None:  # noqa: N802  (the registry's name for a ruleset's command group)
    """20 Strong's commands: exact odds, and whole games played or simulated."""


COMMANDS.add_command(odds)
COMMANDS.add_command(deck)
