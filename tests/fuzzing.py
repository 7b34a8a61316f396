"""The fuzzing harness (issue 18, point 16): mutators for every kind of file tgc reads,
one target per reader, an isolated runner with a CPU and memory limit per input, and a
minimiser that shrinks a failing input to a case file.

`tests/test_fuzz.py` runs a small seeded budget in the normal suite; `bench/fuzz.py`
runs a long one (docs/reliability.md). A failure is any outcome a user must never see:
an exception out of a reader (other than the error it documents), TGC999, more than the
per-input CPU time, or more than the per-input memory.
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import signal
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "journal_src"
BUNDLE = REPO / "tests" / "cases" / "campaigns" / "sample.bundle.json"
TINY = REPO / "tests" / "cases" / "play" / "tiny"

# Tokens that broke tgc before (issue 18): deep nesting, huge numbers, digits that are
# not ASCII, unclosed quotes, brackets, control characters, links of the language.
TOKENS = ["not " * 70, "9" * 5000, "²", "①", "١٢", '"', '"a" ' * 20, "[" * 200, "{" * 200,
          "->", " -> end", "\x00", "\x1b[31m", "\n", "\r\n", "\t", "~ if ", "* ", "== 201.", "@status ",
          " parts 10000000000", "1-100000000", "99999999999999999999", "-> .", "//", "\\", ":", "=",
          "2**64", "-1", "0", "1e309", "NaN", "\u202e", "\ufeff"]

Kind = str  # "check", "bundle", "save", "transcript", "config", "lock", "runtime"
KINDS = ("check", "bundle", "save", "transcript", "config", "lock", "runtime")


# ---------------------------------------------------------------- mutators


def mutate(data: str, rng: random.Random, steps: int = 3) -> str:
    """A few random edits of ``data``: lines dropped, doubled or swapped, spans cut or
    repeated, characters flipped, and the tokens above inserted anywhere."""
    for _ in range(rng.randint(1, steps)):
        data = rng.choice(_MUTATIONS)(data, rng)
    return data


def _insert_token(data: str, rng: random.Random) -> str:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice(TOKENS) + data[at:]


def _cut(data: str, rng: random.Random) -> str:
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.randint(1, 40):]


def _repeat(data: str, rng: random.Random) -> str:
    if not data:
        return data
    at = rng.randrange(len(data))
    piece = data[at:at + rng.randint(1, 30)]
    return data[:at] + piece * rng.randint(2, 50) + data[at:]


def _flip(data: str, rng: random.Random) -> str:
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x3000)])) + data[at + 1:]


def _lines(data: str, rng: random.Random) -> str:
    lines = data.split("\n")
    if len(lines) < 2:
        return data
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    match rng.randrange(3):
        case 0:
            del lines[i]
        case 1:
            lines.insert(i, lines[j])
        case _:
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


_MUTATIONS: list[Callable[[str, random.Random], str]] = [_insert_token, _cut, _repeat, _flip, _lines, _lines]


def seeds(kind: Kind) -> list[str]:
    """The well-formed inputs each kind's mutants start from."""
    match kind:
        case "check" | "runtime":  # "FILE\0TEXT": the sample with FILE replaced by TEXT
            return [f"{p.relative_to(SAMPLE).as_posix()}\0{p.read_text(encoding='utf-8')}"
                    for p in sorted(SAMPLE.rglob("*.tgj"))]
        case "bundle":
            return [BUNDLE.read_text(encoding="utf-8")]
        case "save":
            return ['{"kind": "tgc-save", "format": 1, "state": {"secrets": [12], "day": 2, '
                    '"statuses": {"Cold Pyre": [1]}, "dials": {"Quest Dial": 2}, "chapter": "1"}, '
                    '"position": {"verse": "101.1", "block": null, "index": 0, "queue": []}}']
        case "transcript":
            return [p.read_text(encoding="utf-8")
                    for p in sorted((SAMPLE / "playtests").glob("*.transcript"))]
        case "config":
            return ['[severity]\nTGC119 = "error"\nunknown-icon = "ignore"\n', 'links = "anywhere"\n']
        case "lock":
            return ['format = 1\n[201]\nverses.arrival = 1\nverses.forge = 7\nretired = [3, 4]\n'
                    'shuffle = 12\n']
        case _:
            raise ValueError(kind)


# ---------------------------------------------------------------- targets


class Failure(Exception):
    """What fuzzing must never see; the message says which rule broke."""


def run_target(kind: Kind, data: str) -> str:
    """Feed ``data`` to the reader of ``kind`` in this process: the outcome's name
    (``"ok"``, ``"rejected"``, ``"clean"``) or :class:`Failure`."""
    with tempfile.TemporaryDirectory(prefix="tgc-fuzz-") as tmp:
        return _TARGETS[kind](data, Path(tmp))


def _check(data: str, tmp: Path, runtime: bool = False) -> str:
    from tgc.pipeline import check

    campaign = tmp / "campaign"
    shutil.copytree(SAMPLE, campaign, ignore=shutil.ignore_patterns("playtests"))
    name, sep, text = data.partition("\0")
    target = campaign / name if sep and _plain(name) and (campaign / name).parent.is_dir() \
        else campaign / "mutant.tgj"
    target.write_text(text if sep else data, encoding="utf-8", errors="surrogatepass")
    (campaign / "tgc.toml").write_text("", encoding="utf-8")
    result = check(campaign)
    if any(d.code == "TGC999" for d in result.diagnostics):
        raise Failure("TGC999")
    if result.errors:
        return "rejected"
    if runtime:
        _runtime(campaign)
    return "clean"


def _plain(name: str) -> bool:
    parts = name.split("/")
    return name.endswith(".tgj") and all(p and p not in (".", "..") and p.isprintable() for p in parts)


def _runtime(campaign: Path) -> None:
    """What a clean mutant must survive: compile, render, a few random plays, a bounded
    exploration."""
    from tgc.explore.explorer import explore
    from tgc.pipeline import compile_folder
    from tgc.playtest.randomplay import random_play
    from tgc.render import render_site
    from tgc.runtime.book import Book
    from tgc.runtime.state import new_state

    bundle = compile_folder(campaign)
    book = Book(bundle)
    render_site(bundle)
    random_play(book, new_state(bundle), 3, 1)
    explore(book, new_state(bundle), max_states=300)


def _bundle(data: str, tmp: Path) -> str:
    from tgc.bundle.io import BundleError, parse_bundle

    try:
        parse_bundle(data, "x.json")
    except BundleError:
        return "rejected"
    return "ok"


@lru_cache(maxsize=1)
def _tiny() -> object:
    from tgc.pipeline import load_campaign
    from tgc.runtime.book import Book

    return Book(load_campaign(TINY))


def warm() -> None:
    """Import every reader and build the save target's campaign once, before forking, so
    that each isolated input costs only its own work."""
    import tgc.bundle.lock
    import tgc.diagnostics.config
    import tgc.explore.explorer
    import tgc.pipeline
    import tgc.playtest.randomplay
    import tgc.playtest.transcript
    import tgc.render  # noqa: F401

    _tiny()


def _save(data: str, tmp: Path) -> str:
    from tgc.runtime.save import SaveError, parse_save

    try:
        parse_save(data, _tiny(), "s.json")  # type: ignore[arg-type]
    except SaveError:
        return "rejected"
    return "ok"


def _transcript(data: str, tmp: Path) -> str:
    from tgc.playtest.transcript import ScriptError, parse_transcript

    try:
        parse_transcript(data, "t.transcript")
    except ScriptError:
        return "rejected"
    return "ok"


def _config(data: str, tmp: Path) -> str:
    from tgc.diagnostics.config import load_config

    (tmp / "tgc.toml").write_text(data, encoding="utf-8", errors="surrogatepass")
    return "rejected" if load_config(tmp)[1] else "ok"


def _lock(data: str, tmp: Path) -> str:
    from tgc.bundle.lock import parse_lock
    from tgc.source import SourceFile

    return "rejected" if parse_lock(SourceFile.from_text("tgc.lock", data))[1] else "ok"


_TARGETS: dict[Kind, Callable[[str, Path], str]] = {
    "check": _check, "runtime": lambda data, tmp: _check(data, tmp, runtime=True), "bundle": _bundle,
    "save": _save, "transcript": _transcript, "config": _config, "lock": _lock,
}


# ---------------------------------------------------------------- isolation


@dataclass(frozen=True)
class Outcome:
    """One input's fate: ``ok``/``rejected``/``clean``, or a failure (``crash``, ``hang``,
    ``memory``) with its detail."""

    kind: str
    detail: str = ""
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return self.kind in ("crash", "hang", "memory")


def _child(kind: Kind, data: str, cpu: int, memory: int, pipe: object) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        result = ("", run_target(kind, data))
    except MemoryError:
        result = ("memory", "MemoryError")
    except Failure as err:
        result = ("crash", str(err))
    except BaseException as err:  # noqa: BLE001 - anything else is exactly what fuzzing looks for
        result = ("crash", f"{type(err).__name__}: {str(err)[:200]}")
    usage = resource.getrusage(resource.RUSAGE_SELF)  # a forked child's own time only
    pipe.send((*result, usage.ru_utime + usage.ru_stime))  # type: ignore[attr-defined]


def run_isolated(kind: Kind, data: str, cpu: int = 10, memory: int = 2 << 30,
                 wall: float | None = None) -> Outcome:
    """Run one input in a forked process limited to ``cpu`` seconds of CPU and ``memory``
    bytes of address space: a hang or a blowup is an outcome, not the end of the run.

    A hang is judged by the child's CPU time, never by the clock, so a long run at low
    priority on a busy machine does not count slow scheduling as hangs; ``wall`` (default
    three times ``cpu`` plus five seconds) only catches an input that blocks without
    computing (a FIFO, a lock)."""
    ctx = get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    start = time.monotonic()
    process = ctx.Process(target=_child, args=(kind, data, cpu, memory, send))
    process.start()
    send.close()
    process.join(cpu * 3 + 5 if wall is None else wall)
    if process.is_alive():
        process.kill()
        process.join()
        return Outcome("hang", "blocked past the wall-clock limit", time.monotonic() - start)
    seconds = time.monotonic() - start
    try:
        failure, detail, used = receive.recv() if receive.poll() else (None, None, 0.0)
    except EOFError:  # the child died before it could say anything
        failure, detail, used = None, None, 0.0
    if detail is not None and used <= cpu:
        return Outcome(failure or detail, detail if failure else "", seconds)
    if detail is not None or process.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
        return Outcome("hang", f"more than {cpu} s of CPU", seconds)
    return Outcome("memory" if process.exitcode == -signal.SIGSEGV else "crash",
                   f"exit {process.exitcode}", seconds)


# ---------------------------------------------------------------- minimising


def minimise(kind: Kind, data: str, still_fails: Callable[[str], bool], budget: int = 200) -> str:
    """The smallest input found (lines first, then characters) that still fails."""
    for unit in ("\n", ""):
        parts = data.split("\n") if unit else list(data)
        chunk = max(1, len(parts) // 2)
        while chunk >= 1 and budget > 0:
            i, shrunk = 0, False
            while i < len(parts) and budget > 0:
                trial = parts[:i] + parts[i + chunk:]
                budget -= 1
                if trial and still_fails((unit or "").join(trial)):
                    parts, shrunk = trial, True
                else:
                    i += chunk
            if not shrunk:
                chunk //= 2
        data = (unit or "").join(parts)
    return data


def write_case(folder: Path, kind: Kind, data: str, outcome: Outcome) -> Path:
    """A minimised failure as a case file (its outcome in a JSON sidecar)."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{kind}-{outcome.kind}-{abs(hash(data)) % 10**8:08d}"
    path = folder / f"{stem}.txt"
    path.write_text(data, encoding="utf-8", errors="surrogatepass")
    (folder / f"{stem}.json").write_text(json.dumps({"kind": kind, "outcome": outcome.kind,
                                                     "detail": outcome.detail}, indent=2) + "\n")
    return path


def environment_note() -> str:
    return f"{os.cpu_count()} cores"
