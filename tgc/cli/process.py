"""How a `tgc` process starts and ends: the cyclic collector stays off for the commands
that load a campaign, report and end, a long-running command freezes what it loaded,
and every command leaves without interpreter teardown once its output is flushed.

Why: a checked campaign is millions of small objects that all stay alive until the end
and hold no cycles. The collector's full passes only rescan them, and tearing the
interpreter down frees them one by one; together that was 40% of a cold `tgc check` and
over half of a warm one, all of it spent after the report was printed. Nothing is lost by
skipping it: every file tgc writes is closed (``with`` blocks, ``write_bytes``) before
its command returns, and the exit status is the one the command chose.

Only the console script's own process is treated so: :func:`tgc.cli.main.main` called
with arguments (tests, the API) runs as any library call does.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import NoReturn

# Commands that read a campaign or a bundle, print or write their results and end; the
# others play, explore, simulate or watch for long and make garbage as they go.
SHORT_LIVED = frozenset({"build", "check", "explain", "graph", "l10n", "render", "ruleset"})

# Python's own exit status when flushing stdout fails at exit (a closed pipe).
EXIT_FLUSH_FAILED = 120

_whole_process = False


def start(args: list[str]) -> None:
    """The process runs one command: remember it, and keep the collector off for the
    short-lived ones (reference counting still frees everything that is not a cycle)."""
    global _whole_process
    _whole_process = True
    if command_of(args) in SHORT_LIVED:
        gc.disable()


def command_of(args: list[str]) -> str | None:
    """The command's name: the first argument that is not an option of the group."""
    for arg in args:
        if not arg.startswith("-"):
            return arg
    return None


def settle() -> None:
    """Called once a long-running command has loaded its campaign: move everything
    alive into the collector's permanent generation, so its later passes scan only what
    the command makes afterwards. A library caller's process is left alone."""
    if _whole_process:
        gc.freeze()


def status_of(exit: SystemExit) -> int:
    """The exit status ``sys.exit(code)`` means: None is 0, a message is printed and is 1."""
    code = exit.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def leave(status: int) -> NoReturn:
    """Flush stdout and stderr and end the process with ``status`` at once, skipping the
    collector's last pass and the teardown of every module and object."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        status = status or EXIT_FLUSH_FAILED
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(status)
