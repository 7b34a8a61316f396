"""`tgc watch`: check the campaign, then check it again on every save. Parsed files are
kept in memory, so a re-check parses only what changed; a broken intermediate edit is
just a diagnostic, and even an internal error leaves the watcher running."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tgc.cli.options import campaign_dir, fail_usage

if TYPE_CHECKING:
    from tgc.pipeline import Result
    from tgc.project.workspace import ParseCache

FORMAT_NAMES = ("human", "concise", "json", "sarif", "github")
# Editors save in bursts (temp file, rename, touch): wait this long for the burst to end.
DEBOUNCE_SECONDS = 0.15


@click.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(FORMAT_NAMES), default="human",
              show_default=True, help="Output format of the diagnostics.")
@click.option("--color/--no-color", default=None, help="Colour the human output.")
@click.option("--once", is_flag=True, help="Check once and exit (what an editor task runs).")
def watch(directory: Path | None, fmt: str, color: bool | None, once: bool) -> None:
    """Check a campaign folder, then re-check it whenever a .tgj file changes.

    Stop with Ctrl-C. Each run prints its diagnostics and how long it took; only
    the files that changed since the last run are parsed again.
    """
    root = campaign_dir(directory)
    if not root.is_dir():
        fail_usage(f"{root}: not a directory")
    use_color = sys.stdout.isatty() if color is None else color
    cache: ParseCache = {}
    run_once(root, fmt, use_color, cache)
    if once:
        return
    _watch_loop(root, fmt, use_color, cache)


def run_once(root: Path, fmt: str, color: bool, cache: ParseCache) -> int:
    """One check; returns the number of errors (-1 when the run itself failed)."""
    from tgc.diagnostics.render import FORMATS
    from tgc.pipeline import Job, run
    from tgc.project.workspace import WorkspaceError

    started = time.perf_counter()
    try:
        result = run(Job(root, "check", memory=cache))
    except WorkspaceError as err:
        click.echo(f"tgc: {err}", err=True)
        return -1
    except Exception as err:  # a bug: report it and keep watching
        click.echo(f"error[TGC999]: internal error: {type(err).__name__}: {err}", err=True)
        return -1
    text = FORMATS[fmt](result.diagnostics, result.sources, color=color)
    if text:
        click.echo(text, nl=not text.endswith("\n"))
    elapsed = time.perf_counter() - started
    click.echo(f"[tgc watch] {time.strftime('%H:%M:%S')} · {_summary(result)} · checked "
               f"{len(result.files)} files in {elapsed:.2f} s", err=True)
    return result.errors


def _summary(result: Result) -> str:
    from tgc.diagnostics.model import Severity

    counts = [(result.count(Severity.ERROR), "error"), (result.count(Severity.WARNING), "warning")]
    words = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in counts if n]
    return ", ".join(words) if words else "no problems"


def fingerprint(root: Path) -> tuple[tuple[str, int, int], ...]:
    """What a check reads, as (path, size, mtime): an event that changes none of it (an
    editor's second write of the same save, a touch of another file) needs no new run."""
    from tgc.project.workspace import SKIP_DIRS

    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".tgj", ".toml", ".lock") or any(
                part in SKIP_DIRS or part.startswith(".") for part in path.relative_to(root).parts[:-1]):
            continue
        try:
            stat = path.stat()
        except OSError:
            continue
        found.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


def settle(changed: threading.Event, quiet: float = DEBOUNCE_SECONDS) -> None:
    """Wait for a change, then until no change has come for ``quiet`` seconds: a save is
    a burst of events (a temporary file, a rename, an in-place write), checked once."""
    changed.wait()
    while True:
        changed.clear()
        if not changed.wait(quiet):
            return


def _watch_loop(root: Path, fmt: str, color: bool, cache: ParseCache) -> None:
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    changed = threading.Event()

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
            if any(p.endswith(".tgj") or p.endswith(".toml") for p in paths):
                changed.set()

    observer = Observer()
    observer.schedule(Handler(), str(root), recursive=True)
    observer.start()
    click.echo(f"[tgc watch] watching {root} (Ctrl-C to stop)", err=True)
    last = fingerprint(root)
    try:
        while True:
            settle(changed)
            now = fingerprint(root)
            if now == last:
                continue  # the burst ended where the last run began
            last = now
            click.echo(f"\n── {time.strftime('%H:%M:%S')} " + "─" * 40, err=True)
            run_once(root, fmt, color, cache)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
