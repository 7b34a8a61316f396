"""`tgc check`: parse options, run the check pipeline, print diagnostics, set the exit
status (0 clean, 1 errors, 2 usage error, 3 internal error)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from tgc.cli.options import (
    EXIT_ERRORS,
    EXIT_OK,
    cache_policy,
    campaign_dir,
    fail_internal,
    fail_usage,
    no_cache_option,
)

FORMAT_NAMES = ("human", "concise", "json", "sarif", "github")


@click.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(FORMAT_NAMES), default="human",
              show_default=True, help="Output format of the diagnostics.")
@click.option("--color/--no-color", default=None,
              help="Colour the human output (default: when writing to a terminal).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=None,
              help="Worker processes for parsing (0: one per core, as in `tgc sim`; "
              "default: automatic by campaign size).")
@click.option("--strict", is_flag=True, help="Exit with 1 on warnings too.")
@no_cache_option
@click.option("--lang", "langs", multiple=True, metavar="LANG",
              help="Also check the translation l10n/LANG.po (repeat it, or `all`); "
                   "see `tgc l10n check`.")
@click.option("--print", "print_check", is_flag=True,
              help="Also lay out the press-ready pages (the pdf extra) and check them: card text "
                   "outside the safe area or past the trim, a verse on the same spread as a choice "
                   "that leads to it, a book that does not fill its signatures.")
@click.option("--debug", is_flag=True,
              help="Say which configuration file applies; print the traceback of an internal error.")
def check(directory: Path | None, fmt: str, color: bool | None, jobs: int | None,
          strict: bool, no_cache: bool, langs: tuple[str, ...], print_check: bool, debug: bool) -> None:
    """Parse and check a campaign folder (default: ./journal_src, else .).

    Every syntax, naming, graph, state and map mistake in every file is reported in
    one run, each with a code (see `tgc explain CODE`), a file:line:col and a hint.
    """
    from tgc.diagnostics.render import FORMATS
    from tgc.pipeline import BuildError, Job, Stage, run
    from tgc.project.workspace import WorkspaceError

    root = campaign_dir(directory)
    if debug:
        from tgc.diagnostics.config import find_config

        config = find_config(root)
        click.echo(f"tgc: configuration: {config if config is not None else 'none (defaults)'}", err=True)
    if langs:
        from tgc.cli.l10n import run_check as check_translations

        sys.exit(check_translations(root, langs, strict, color, debug, fmt))
    try:
        workers = (os.cpu_count() or 1) if jobs == 0 else jobs
        until: Stage = "bundle" if print_check else "check"
        result = run(Job(root, until, cache_policy(no_cache), jobs=workers, print_check=print_check,
                         diagnostics_only=True))
    except WorkspaceError as err:
        fail_usage(str(err))
    except BuildError as err:  # no WeasyPrint: say how to install it
        fail_usage(str(err))
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug, fmt)
    for note in result.notes:
        click.echo(f"tgc: warning: {note}", err=True)
    use_color = sys.stdout.isatty() if color is None else color
    text = FORMATS[fmt](result.diagnostics, result.sources, color=use_color)
    if text:
        # color= passes the choice on: click would strip the ANSI codes off a pipe.
        click.echo(text, nl=not text.endswith("\n"), color=use_color)
    failed = result.errors > 0 or (strict and len(result.diagnostics) > 0)
    sys.exit(EXIT_ERRORS if failed else EXIT_OK)
