"""Shared pieces of the commands: exit statuses, the default campaign folder, and the
ways a command fails (usage error, a path the system refuses, internal error)."""

from __future__ import annotations

import errno
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

if TYPE_CHECKING:
    from tgc.bundle.schema import Bundle
    from tgc.pipeline import CachePolicy
    from tgc.runs.executor import ExecutorSpec

EXIT_OK = 0
EXIT_ERRORS = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
DEFAULT_DIR = "journal_src"


def campaign_dir(directory: Path | None) -> Path:
    """The folder a command works on: the argument, else ./journal_src, else the one
    folder below '.' that holds an ``@campaign`` (said on stderr). Several campaigns
    below '.' are a usage error: checking all of them at once means nothing."""
    if directory is not None:
        return directory
    default = Path(DEFAULT_DIR)
    if default.is_dir():
        return default
    from tgc.project.campaigns import campaign_folders

    found = campaign_folders(Path("."))
    if len(found) > 1:
        shown = ", ".join(str(p) for p in found[:5]) + (f" and {len(found) - 5} more"
                                                        if len(found) > 5 else "")
        fail_usage(f"{len(found)} campaigns below this folder ({shown}); name the folder "
                   f"of the one to use as the command's argument (such as `{found[0]}`)")
    if len(found) == 1 and found[0] != Path("."):
        click.echo(f"tgc: using the campaign in {found[0]} (no ./{DEFAULT_DIR} here)", err=True)
        return found[0]
    return Path(".")


def fail_usage(message: str) -> NoReturn:
    from tgc.diagnostics.render.base import printable

    click.echo(f"tgc: error: {printable(message, keep_newlines=True)}", err=True)
    sys.exit(EXIT_USAGE)


# What the operating system says of a path a user gave or a folder they pointed tgc at:
# the user's to fix (a shorter name, a permission, free space), not a bug in tgc.
# A missing file is not among them: the commands check the paths they are given, so a
# missing file that reaches here is one tgc itself got wrong.
PATH_ERRORS = frozenset({errno.ENAMETOOLONG, errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOSPC,
                         errno.EDQUOT, errno.ELOOP})
_PATH_HINTS = {
    errno.ENAMETOOLONG: "a name in a path may be at most 255 bytes on most file systems: shorten it",
    errno.ENOSPC: "free some space on that disk, or write elsewhere with -o",
    errno.EDQUOT: "free some space on that disk, or write elsewhere with -o",
    errno.EROFS: "that file system is read-only: write elsewhere with -o",
}


def fail_path(err: OSError, debug: bool) -> NoReturn:
    """A path the operating system refused, named with the system's reason and what to do,
    as a usage error (exit 2) rather than TGC999: tgc did what it should; the path cannot
    be used."""
    from tgc.diagnostics.render.base import printable

    hint = _PATH_HINTS.get(err.errno or 0, "check the path and its permissions")
    click.echo(f"tgc: error: {printable(str(err.filename))}: {err.strerror}", err=True)
    click.echo(f"  = hint: {hint}", err=True)
    if debug:
        traceback.print_exception(err)
    sys.exit(EXIT_USAGE)


# Memory handed back to the interpreter when it runs out, so that the report below can
# still be written; and that report, encoded before anything could fail.
_RESERVE: list[bytearray] = [bytearray(512 * 1024)]
_OUT_OF_MEMORY = (b"error[TGC999]: internal error: tgc ran out of memory\n"
                  b"  = hint: the input may be larger than tgc can hold, or tgc has a bug: please "
                  b"report it at https://github.com/tgc-dev/tgc/issues with the command you ran\n")


def out_of_memory() -> NoReturn:
    """The last resort: write the prepared TGC999 report with one system call and exit 3,
    allocating nothing (no formatting, no click, no flushing of Python's buffers)."""
    _RESERVE.clear()
    try:
        os.write(2, _OUT_OF_MEMORY)
    finally:
        os._exit(EXIT_INTERNAL)


def fail_internal(err: BaseException, debug: bool, fmt: str = "human") -> NoReturn:
    """Report a bug in tgc as TGC999 with a bug-report hint, never a bare traceback. A path
    the operating system refused is no bug: it is said as such (:func:`fail_path`)."""
    if isinstance(err, MemoryError):
        out_of_memory()
    if isinstance(err, OSError) and err.filename is not None and err.errno in PATH_ERRORS:
        fail_path(err, debug)
    from tgc.diagnostics.codes import CATALOGUE

    rule = CATALOGUE["TGC999"]
    click.echo(f"error[TGC999]: internal error: {type(err).__name__}: {err}", err=True)
    click.echo(f"  = hint: {rule.explanation}", err=True)
    if debug:
        traceback.print_exception(err)
    sys.exit(EXIT_INTERNAL)


def no_cache_option(command: Callable[..., None]) -> Callable[..., None]:
    """``--no-cache``, shared by every command that reads a campaign folder."""
    return click.option(
        "--no-cache", is_flag=True,
        help="Parse every file again instead of reusing earlier parses "
             "(kept, signed, in $TGC_CACHE_DIR or ~/.cache/tgc).")(command)


def cache_policy(no_cache: bool) -> CachePolicy:
    return "none" if no_cache else "disk"


def strict_option(command: Callable[..., None]) -> Callable[..., None]:
    """``--strict``: refuse a campaign with errors instead of playing it as a draft."""
    return click.option("--strict", is_flag=True,
                        help="Refuse a campaign that has errors (by default its broken verses "
                             "stop play and the rest runs).")(command)


def load_campaign_or_exit(target: Path | None, no_cache: bool = False, lang: str | None = None, *,
                          strict: bool = True) -> Bundle:
    """The campaign a playing command works on: a folder (default ./journal_src) is checked
    and compiled in memory (with ``lang``, its translated edition), a ``*.json`` bundle is
    loaded. When that fails, print why (with the check's errors) and exit 2. Without
    ``strict``, a folder whose errors all lie in verses is a draft: a banner on stderr says
    how many errors remain and where play stops."""
    from tgc.cli.process import settle
    from tgc.pipeline import CampaignError, load_playable

    try:
        bundle, draft = load_playable(campaign_dir(target), cache=cache_policy(no_cache),
                                      strict=strict, lang=lang)
        if draft is not None:
            verses = sorted(draft.broken)
            shown = ", ".join(verses[:5]) + (f" and {len(verses) - 5} more" if len(verses) > 5 else "")
            click.echo(f"tgc: draft: {draft.errors} error(s) remain, in {len(verses)} verse(s) "
                       f"({shown}); play stops there. `tgc check` shows them; --strict refuses "
                       "a campaign with errors.", err=True)
    except CampaignError as err:
        if err.details:
            click.echo(err.details, err=True, nl=not err.details.endswith("\n"))
        fail_usage(str(err))
    settle()  # the bundle lives as long as the command: later collections skip it
    return bundle


def executor_option(command: Callable[..., None]) -> Callable[..., None]:
    """``--executor``, shared by the commands whose runs go through the executor seam."""
    return click.option(
        "--executor", default=None, metavar="local|dask://HOST:PORT",
        help="Where the runs go: local worker processes (--jobs of them), or the Dask "
             "scheduler at HOST:PORT (needs the dask extra: pip install 'tgc[dask]'); "
             "default: $TGC_EXECUTOR, else local. Results do not depend on it.")(command)


def executor_spec(name: str | None, jobs: int) -> ExecutorSpec:
    """``--executor`` and ``--jobs`` read, or a usage error naming what is wrong."""
    from tgc.runs.executor import ExecutorError, parse_executor

    try:
        return parse_executor(name, jobs)
    except ExecutorError as err:
        fail_usage(str(err))
