"""`tgc play`: play a campaign by hand, or replay a script and print its transcript (a
campaign whose ruleset plays its own way, a 20 Strong deck, is handed to its player).
Exit 0 done, 1 a script input that does not fit, 2 usage error (a campaign, bundle, save
or state file that cannot be used), 3 internal error. The session lives in
tgc.playtest.session; this module parses options, reads the terminal and prints."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tgc.cli.options import (
    EXIT_ERRORS,
    EXIT_OK,
    executor_option,
    executor_spec,
    fail_internal,
    fail_usage,
    load_campaign_or_exit,
    no_cache_option,
    strict_option,
)
from tgc.runtime.engines import fight_modes

if TYPE_CHECKING:
    from rich.console import Console

    from tgc.bundle.schema import Bundle
    from tgc.cli.playview import RichView
    from tgc.playtest.session import Session
    from tgc.runs.executor import ExecutorSpec
    from tgc.runtime.book import Book
    from tgc.runtime.save import Loaded


@click.command()
@click.argument("target", required=False, type=click.Path(path_type=Path))
@click.option("--at", "at", metavar="VERSE",
              help="Start here: a verse (201.3, 201.forge, bos.12) or a location number (its explore hook).")
@click.option("--state", "state_file", type=click.Path(path_type=Path), metavar="FILE",
              help="Start with this state: a save file, or one that leaves out what it does not change.")
@click.option("--party", default="", metavar="NAMES", help="The party, comma-separated: beor,ailei.")
@click.option("--seed", type=int, default=None,
              help="Seed of the dice (default: 0 for a script, a fresh one shown at the start otherwise).")
@click.option("--ask-dice", is_flag=True, help="The player gives every roll and coin toss.")
@click.option("--show-locked", is_flag=True, help="List locked choices too, with the reason.")
@click.option("--fights", type=click.Choice(fight_modes()), default="hand", show_default=True,
              help="How encounters with rule data are played: hand (you play every card), ask "
                   "(you say win, lose or avoid), auto (the greedy policy) or a policy.")
@click.option("--script", "script", type=click.Path(path_type=Path), metavar="FILE",
              help="Replay the inputs in FILE (one per line) and print the transcript.")
@click.option("-o", "--output", type=click.Path(path_type=Path), metavar="FILE",
              help="With --script: write the transcript to FILE instead of printing it.")
@click.option("--campaign", "days", is_flag=True,
              help="Play the campaign by its days: the map, the Start and End of the Day, travel "
                   "(docs/campaign.md); the ruleset's campaign commands (:help lists them).")
@click.option("--final-state", "final", type=click.Path(path_type=Path), metavar="FILE",
              help="With --script: write the save file reached at the end of the script to FILE.")
@click.option("--random", "runs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Play N seeded random playthroughs (run i uses seed SEED+i) and report coverage.")
@click.option("--lang", metavar="LANG",
              help="Play the campaign's edition in LANG (its l10n/LANG.po): the texts and tgc's words.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="With --random: local worker processes (0: one per core). The report does "
                   "not depend on it.")
@executor_option
@click.option("--color/--no-color", default=None, help="Colour the session (default: on a terminal).")
@strict_option
@no_cache_option
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def play(target: Path | None, at: str | None, state_file: Path | None, party: str, seed: int | None,
         ask_dice: bool, show_locked: bool, fights: str, script: Path | None, output: Path | None,
         days: bool, final: Path | None, runs: int | None, lang: str | None, jobs: int,
         executor: str | None, color: bool | None, strict: bool, no_cache: bool,
         debug: bool) -> None:
    """Play a campaign folder or a bundle file (default: ./journal_src).

    Type a choice's number, yes/no to a question, win/lose/avoid for an encounter, in a
    fight an option's number, pass or escape, or a command: :state, :set, :goto VERSE,
    :enter LOCATION, :undo, :save FILE, :load FILE, :seed N, :help, :quit. With --script
    the inputs come from a file and the transcript is printed (docs/playtesting.md).
    """
    if output is not None and script is None:
        fail_usage("--output goes with --script")
    if final is not None and script is None:
        fail_usage("--final-state goes with --script")
    if days and (at is not None or runs is not None):
        fail_usage("--campaign starts at the campaign's beginning or a save (--state), "
                   "without --at or --random")
    if runs is not None and script is not None:
        fail_usage("--random and --script are two ways to play: choose one")
    if runs is None and (jobs != 1 or executor is not None):
        fail_usage("--jobs and --executor go with --random")
    where = executor_spec(executor, jobs)
    members = tuple(name.strip() for name in party.split(",") if name.strip())
    try:
        from tgc.lexicon import speaking
        from tgc.render.speech import edition
        from tgc.runtime.book import Book

        bundle = load_campaign_or_exit(target, no_cache, lang, strict=strict)
        if _own_player(bundle, members, seed, ask_dice, script,
                       {"--at": at, "--state": state_file, "--random": runs, "--output": output,
                        "--show-locked": show_locked or None,
                        "--fights": fights if fights != "hand" else None}):
            sys.exit(EXIT_OK)
        book = Book(bundle)
        _check_party(book, members)
        with speaking(edition(book.bundle)):  # a translated edition plays in its language
            code = _play(book, members, at=at, state_file=state_file, seed=seed, ask_dice=ask_dice,
                         show_locked=show_locked, fights=fights, script=script, output=output,
                         runs=runs, color=color, days=days, final=final, where=where)
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    sys.exit(code)


def _own_player(bundle: Bundle, members: tuple[str, ...], seed: int | None, ask_dice: bool,
                script: Path | None, unused: dict[str, object]) -> bool:
    """A campaign whose ruleset plays its own way (a 20 Strong deck) is handed to its
    player (tgc/playtest/seam.py); False for a story of verses."""
    from tgc.playtest.seam import PlayError, PlayRequest, game_player, player, starts_games

    own = player(bundle)
    if own is None:
        return False
    text = None
    if script is not None:
        try:
            text = script.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            fail_usage(f"{script}: cannot read the script: {getattr(err, 'strerror', None) or err}")
    games = game_player(bundle)
    if starts_games(bundle) and not (games is not None and text is not None and games.is_transcript(text)):
        return False  # a story whose verses start games: the play session reads it
    given = [name for name, value in unused.items() if value is not None]
    if given:
        fail_usage(f"{', '.join(given)}: not for a `{bundle.campaign.ruleset}` campaign")

    def read(prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            fail_usage("no more input: the game was left unfinished")

    try:
        own.run(bundle, PlayRequest(members, seed or 0, ask_dice, text), click.echo, read)
    except PlayError as err:
        fail_usage(str(err))
    return True


def _play(book: Book, members: tuple[str, ...], *, at: str | None, state_file: Path | None,
          seed: int | None, ask_dice: bool, show_locked: bool, fights: str, script: Path | None,
          output: Path | None, runs: int | None, color: bool | None, days: bool,
          final: Path | None, where: ExecutorSpec) -> int:
    if runs is not None:
        return _random(book, runs, seed=seed or 0, state_file=state_file, party=members, where=where)
    if script is not None:
        return _replay(book, script, output, at=at, state_file=state_file, party=members,
                       seed=seed or 0, ask_dice=ask_dice, show_locked=show_locked, fights=fights,
                       days=days, final=final)
    return _interactive(book, at=at, state_file=state_file, party=members, seed=seed,
                        ask_dice=ask_dice, show_locked=show_locked, fights=fights, color=color,
                        days=days)


def _check_party(book: Book, members: tuple[str, ...]) -> None:
    from tgc.runtime.state import party_problem

    problem = party_problem(book.bundle, members)
    if problem is not None:
        fail_usage(f"--party: {problem}")


def _replay(book: Book, script: Path, output: Path | None, *, at: str | None,
            state_file: Path | None, party: tuple[str, ...], seed: int, ask_dice: bool,
            show_locked: bool, fights: str, days: bool, final: Path | None) -> int:
    from tgc.bundle.io import write_atomic
    from tgc.playtest.session import Files
    from tgc.playtest.transcript import Header, StartError, read_script, replay

    try:
        inputs = read_script(script.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as err:
        fail_usage(f"{script}: cannot read the script: {getattr(err, 'strerror', None) or err}")
    state, loaded = None, None
    if state_file is not None:  # named as the transcript will: from the folder it is written to
        state = os.path.relpath(state_file, output.parent) if output is not None else str(state_file)
        loaded = _load_state(book, state_file)
    header = Header(start=at, seed=seed, party=party, state=state, ask_dice=ask_dice,
                    show_locked=show_locked, fights=fights, days=days)
    # A script is a file anyone may hand over: its `:save`s stay in the working folder,
    # as `tgc test` keeps a transcript's in its scratch folder.
    result = replay(book, header, inputs, name=str(script), files=Files(confined=True), loaded=loaded,
                    final=final)
    if isinstance(result.error, StartError):
        fail_usage(f"--at {at}: {result.error.message}")
    if output is None:
        click.echo(result.text, nl=False)
    if result.error is not None:
        click.echo(f"tgc: error: {result.error}", err=True)
        return EXIT_ERRORS
    if output is not None:
        write_atomic(output, result.text)
        click.echo(f"wrote {output}")
    return EXIT_OK


def _load_state(book: Book, path: Path) -> Loaded:
    """A state file that cannot be used is a usage error (exit 2), not a script error."""
    from tgc.runtime.save import SaveError, load_save

    try:
        return load_save(path, book)
    except SaveError as err:
        fail_usage(str(err))


def _interactive(book: Book, *, at: str | None, state_file: Path | None, party: tuple[str, ...],
                 seed: int | None, ask_dice: bool, show_locked: bool, fights: str,
                 color: bool | None, days: bool = False) -> int:
    from rich.console import Console

    from tgc.cli.playview import RichView
    from tgc.playtest.output import Line
    from tgc.playtest.session import BETWEEN, Session, SessionError

    loaded = _load_state(book, state_file) if state_file is not None else None
    if seed is None:
        seed = random.randrange(100_000)
    console = Console(highlight=False, no_color=color is False, force_terminal=color or None)
    view = RichView(console)
    title = book.bundle.campaign.title
    console.print(f"[bold]{title}[/]  [dim]seed {seed} · :help lists the commands · :quit leaves[/]")
    view.reset()
    session = Session(book, view.show, seed=seed, dice="ask" if ask_dice else "auto",
                      show_locked=show_locked, fights=fights, party=party, campaign=days)
    try:
        session.start(at, loaded)
    except SessionError as err:
        fail_usage(str(err))
    hinted = False
    while not session.done:
        if fights == "hand":
            _verse_game(book, session, console, view, ask_dice)
        if session.finished and not hinted and not days:
            view.show(Line("info", f"The exploration is over: {BETWEEN}."))
            hinted = True
        view.flush()
        try:
            line = console.input("[bold]> [/]")
        except (EOFError, KeyboardInterrupt):
            console.print()
            break
        view.reset()
        try:
            session.handle(line)
        except SessionError as err:
            view.show(Line("error", str(err)))
        if not session.finished:
            hinted = False
    return EXIT_OK


def _verse_game(book: Book, session: Session, console: Console, view: RichView, ask_dice: bool) -> None:
    """A game a verse starts (``Vocabulary.games``), when the story waits for its outcome:
    played by hand by the ruleset's player (tgc/playtest/seam.py), with a seed drawn from
    the story's generator; the story then follows the outcome's arm."""
    from tgc.playtest.output import Line
    from tgc.playtest.seam import game_player
    from tgc.playtest.session import SessionError
    from tgc.runtime import events as ev

    waiting = session.story.waiting
    own = game_player(book.bundle)
    if own is None or not isinstance(waiting, ev.EncounterStarted) or waiting.encounter.game is None:
        return
    view.flush()
    seed = session.story.rng.pick(range(1 << 31))

    def read(prompt: str) -> str:
        try:
            return console.input(f"[bold]{prompt}[/]")
        except (EOFError, KeyboardInterrupt):
            fail_usage("no more input: the game was left unfinished")

    outcome = own.play_game(book.bundle, waiting.encounter.game, seed, ask_dice,
                            lambda text: console.print(text, markup=False), read)
    if outcome is None:
        return  # not one the player can play: the reader names the outcome
    view.reset()
    try:
        session.handle(outcome)
    except SessionError as err:
        view.show(Line("error", str(err)))


def _random(book: Book, runs: int, *, seed: int, state_file: Path | None, party: tuple[str, ...],
            where: ExecutorSpec) -> int:
    """Random playthroughs (tgc.playtest.randomplay): coverage, endings, and each runtime error
    with the seed that replays it. Exit 1 when a playthrough met an error."""
    from tgc.playtest.randomplay import random_play, summary
    from tgc.runs.executor import ExecutorError
    from tgc.runtime.state import new_state

    start = new_state(book.bundle, party)
    if state_file is not None:
        start = _load_state(book, state_file).state
    try:
        doc = summary(random_play(book, start, runs, seed, executor=where), book)
    except ExecutorError as err:
        fail_usage(str(err))
    verses, parts, secrets = doc["verses"], doc["status_parts"], doc["secrets"]
    assert isinstance(verses, dict) and isinstance(parts, dict) and isinstance(secrets, dict)
    click.echo(f"{runs} random playthrough(s) from seed {seed}: {doc['explorations']} explorations, "
               f"{doc['runs_per_second']} playthroughs/s")
    for label, data, hit, never in (("verses", verses, "reached", "never"),
                                    ("status parts", parts, "marked", "never"),
                                    ("secrets", secrets, "gained", "never")):
        missing = ", ".join(map(str, data[never]))
        never_text = f"; never: {missing}" if missing else ""
        click.echo(f"  {label}: {data[hit]} of {data['total']} {hit}{never_text}")
    endings = doc["endings"]
    assert isinstance(endings, list)
    for ending in endings:
        click.echo(f"  ending {ending['kind']} at {ending['verse']}: {ending['count']} time(s)")
    errors = doc["errors"]
    assert isinstance(errors, list)
    for error in errors:
        click.echo(f"  error (replay with --random 1 --seed {error['seed']}): {error['error']}", err=True)
    return EXIT_ERRORS if errors else EXIT_OK
