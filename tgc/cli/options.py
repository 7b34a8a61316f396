"""Shared pieces of the commands: exit statuses, the default campaign folder, and the
two ways a command fails (usage error, internal error)."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path
from typing import NoReturn

import click

EXIT_OK = 0
EXIT_ERRORS = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
DEFAULT_DIR = "journal_src"


def campaign_dir(directory: Path | None) -> Path:
    """The folder a command works on: the argument, else ./journal_src, else '.'."""
    if directory is not None:
        return directory
    default = Path(DEFAULT_DIR)
    return default if default.is_dir() else Path(".")


def fail_usage(message: str) -> NoReturn:
    click.echo(f"tgc: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


def fail_internal(err: BaseException, debug: bool, fmt: str = "human") -> NoReturn:
    """Report a bug in tgc as TGC999 with a bug-report hint, never a bare traceback."""
    from tgc.diagnostics.codes import CATALOGUE

    rule = CATALOGUE["TGC999"]
    click.echo(f"error[TGC999]: internal error: {type(err).__name__}: {err}", err=True)
    click.echo(f"  = hint: {rule.explanation}", err=True)
    if debug:
        traceback.print_exception(err)
    sys.exit(EXIT_INTERNAL)
