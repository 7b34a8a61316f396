"""The fuzzing harness (issue 18, point 16): mutators for every kind of file tgc reads,
one target per reader, a fork server that runs each input in its own child under a CPU
and memory limit, and a minimiser that shrinks a failing input to a case file.

`tests/test_fuzz.py` runs a small seeded budget in the normal suite; `bench/fuzz.py`
runs a long one (docs/reliability.md). A failure is any outcome a user must never see:
an exception out of a reader (other than the error it documents), TGC999, a write into
the campaign that was read, more than the per-input CPU time, or more than the
per-input memory.

Why a fork server: a new interpreter per input spends most of its time importing tgc,
building the grammar and parsing the eighteen sample files the mutant did not touch.
:func:`warm` does all of that once in this process; each input then runs in a child
forked from it (``os.fork``: the child shares the warm state copy-on-write and costs a
few milliseconds), with ``RLIMIT_CPU`` and ``RLIMIT_AS`` set, so a hang or a blowup ends
the child and never the run. The parse cache on disk, which `tgc check` uses by default,
is kept per runner slot in a private folder: a mutant's check reparses the mutated file
only, as a writer's second run of `tgc check` does.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import io
import json
import os
import random
import resource
import select
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tgc.project.workspace import ParseCache

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "journal_src"
BUNDLE = REPO / "tests" / "cases" / "campaigns" / "sample.bundle.json"
TINY = REPO / "tests" / "cases" / "play" / "tiny"
PLAYTESTS = SAMPLE / "playtests"
# The campaigns a source mutant is made from: one of each ruleset (a name in an input is
# CAMPAIGN/FILE, FILE relative to that campaign's folder).
CAMPAIGNS = {"journal_src": SAMPLE, "twenty_strong": REPO / "examples" / "twenty_strong",
             "grimslingers": REPO / "examples" / "grimslingers"}
LANGUAGE = "pt_BR"  # the sample's translation, l10n/pt_BR.po

# Tokens that broke tgc before (issue 18): deep nesting, huge numbers, digits that are
# not ASCII, unclosed quotes, brackets, control characters, links of the language.
TOKENS = ["not " * 70, "9" * 5000, "²", "①", "١٢", '"', '"a" ' * 20, "[" * 200, "{" * 200,
          "->", " -> end", "\x00", "\x1b[31m", "\n", "\r\n", "\t", "~ if ", "* ", "== 201.", "@status ",
          " parts 10000000000", "1-100000000", "99999999999999999999", "-> .", "//", "\\", ":", "=",
          "2**64", "-1", "0", "1e309", "NaN", "\u202e", "\ufeff"]

Kind = str
# Each reader of tgc: a campaign source (`tgc check`), a campaign that checks clean run
# through compile, render, random play and exploration, a bundle, a save, a transcript
# (`tgc test`), typed play input (the `>` lines of a session), tgc.toml, tgc.lock and a
# translation catalogue (`tgc check --lang`).
KINDS = ("check", "runtime", "bundle", "save", "transcript", "play", "config", "lock", "catalogue")
FORMATS = ("human", "concise", "json", "sarif", "github")


# ---------------------------------------------------------------- mutators


def mutate(data: str, rng: random.Random, steps: int = 3) -> str:
    """A few random edits of ``data``: lines dropped, doubled or swapped, spans cut or
    repeated, characters flipped, and the tokens above inserted anywhere. Inputs of the
    form ``NAME\\0TEXT`` keep their name (a mutation may still rename the file)."""
    name, sep, text = data.partition("\0")
    if not sep or rng.randrange(20) == 0:
        name, sep, text = "", "", data
    for _ in range(rng.randint(1, steps)):
        text = rng.choice(_MUTATIONS)(text, rng)
    return f"{name}{sep}{text}"


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


# How a long run shares its inputs among the kinds: the campaign checker meets most input.
WEIGHTS = {"check": 10, "runtime": 2, "bundle": 2, "save": 2, "transcript": 1, "play": 1, "config": 1,
           "lock": 1, "catalogue": 1}


def plan(seed: int, number: int, kinds: list[str], originals: dict[str, list[str]]) -> tuple[str, str]:
    """Input ``number`` of the run seeded ``seed``: its kind and its text. It depends on
    (seed, number) alone, so a run resumes at any number and ranges add up."""
    rng = random.Random(f"tgc-fuzz:{seed}:{number}")
    kind = rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]
    return kind, mutate(rng.choice(originals[kind]), rng)


def seeds(kind: Kind) -> list[str]:
    """The well-formed inputs each kind's mutants start from."""
    match kind:
        case "check" | "runtime":  # "CAMPAIGN/FILE\0TEXT": the campaign with FILE replaced by TEXT
            return [_named(key, path) for key, folder in CAMPAIGNS.items()
                    for path in sorted(folder.rglob("*.tgj")) if PLAYTESTS not in path.parents]
        case "catalogue":  # the translation and the id lock, read by `tgc check --lang`
            return [_named("journal_src", SAMPLE / "l10n" / f"{LANGUAGE}.po"),
                    _named("journal_src", SAMPLE / "tgc.l10n.lock")]
        case "bundle":
            return [BUNDLE.read_text(encoding="utf-8")]
        case "save":
            return ['{"kind": "tgc-save", "format": 1, "state": {"secrets": [12], "day": 2, '
                    '"statuses": {"Cold Pyre": [1]}, "dials": {"Quest Dial": 2}, "chapter": "1"}, '
                    '"position": {"verse": "101.1", "block": null, "index": 0, "queue": []}}']
        case "transcript":
            return [p.read_text(encoding="utf-8") for p in _transcripts()]
        case "play":  # a transcript's header and its inputs only: mutations land on the inputs
            return [_inputs_only(p.read_text(encoding="utf-8")) for p in _transcripts()]
        case "config":
            return ['[severity]\nTGC119 = "error"\nunknown-icon = "ignore"\n', 'links = "anywhere"\n']
        case "lock":  # each campaign's own tgc.lock, read by the check that numbers its verses
            return ['format = 1\n[201]\nverses.arrival = 1\nverses.forge = 7\nretired = [3, 4]\n'
                    'shuffle = 12\n'] + [_named(key, folder / "tgc.lock") for key, folder in CAMPAIGNS.items()
                                         if (folder / "tgc.lock").exists()]
        case _:
            raise ValueError(kind)


def _named(key: str, path: Path) -> str:
    return f"{key}/{path.relative_to(CAMPAIGNS[key]).as_posix()}\0{path.read_text(encoding='utf-8')}"


def _transcripts() -> list[Path]:
    return sorted(PLAYTESTS.glob("*.transcript"))


def _inputs_only(text: str) -> str:
    lines = text.split("\n")
    end = lines.index("") if "" in lines else len(lines)
    return "\n".join(lines[:end] + [""] + [line for line in lines[end:] if line.startswith(">")]) + "\n"


# ---------------------------------------------------------------- targets


class Failure(Exception):
    """What fuzzing must never see; the message says which rule broke."""


def run_target(kind: Kind, data: str) -> str:
    """Feed ``data`` to the reader of ``kind`` in this process: the outcome's name
    (``"ok"``, ``"rejected"``, ``"clean"``) or :class:`Failure`. Used by the hypothesis
    tests; :func:`run_isolated` runs the same targets in a forked child."""
    with tempfile.TemporaryDirectory(prefix="tgc-fuzz-") as tmp:
        return _TARGETS[kind](data, Path(tmp))


def _place(data: str, campaign: Path) -> _Copy:
    """Lay the mutant's campaign out at ``campaign`` (hard links to its warm copy, so the
    warm parses stand for every file the mutant did not touch) with the mutant
    (``CAMPAIGN/FILE\0TEXT``, else a new ``mutant.tgj`` in the sample) written as a file
    of its own; the warm copy it was laid out from."""
    copy, name, text = _mutant(data)
    for folder in sorted({p.parent for p in copy.files} | {Path(".")}):
        (campaign / folder).mkdir(parents=True, exist_ok=True)
    for path in copy.files:
        if path.as_posix() != name:
            os.link(copy.root / path, campaign / path)
    (campaign / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    return copy


def _mutant(data: str) -> tuple[_Copy, str, str]:
    """The warm campaign a mutant belongs to, the file it is written as, and its text."""
    name, sep, text = data.partition("\0")
    key, _, name = name.partition("/")
    copy = _warm().campaigns.get(key)
    if copy is None or not (sep and _plain(name)) or not (copy.root / name).parent.is_dir():
        return _warm().campaigns["journal_src"], "mutant.tgj", data
    return copy, name, text


def _written(data: str, campaign: Path) -> str:
    """What a run wrote into the campaign it read (it must write nothing): a file other
    than the warm copy's links and the mutant, or a link replaced; empty if nothing."""
    if not campaign.is_dir():
        return ""
    copy, name, _ = _mutant(data)
    expected = {p.as_posix(): copy.stamps[p] for p in copy.files if p.as_posix() != name}
    for path in sorted(campaign.rglob("*")):
        relative = path.relative_to(campaign).as_posix()
        if path.is_dir() or relative == name:
            continue
        info = os.lstat(path)
        if expected.get(relative) != (info.st_mtime_ns, info.st_size, info.st_ino):
            return relative
    return ""


NAME_MAX = 255  # bytes in one name of a path on Linux's file systems


def _plain(name: str) -> bool:
    """A file name a writer's campaign can hold. A mutation that renames the file past
    what the file system allows (a name over ``NAME_MAX`` bytes) is no such file: the
    harness could not even write it, so its text goes into ``mutant.tgj`` instead."""
    parts = name.split("/")
    return (name.endswith((".tgj", ".po")) or parts[-1] in ("tgc.lock", "tgc.l10n.lock")) and \
        all(p and p not in (".", "..") and p.isprintable() and _fits(p) for p in parts)


def _fits(part: str) -> bool:
    return len(part.encode("utf-8", errors="surrogatepass")) <= NAME_MAX


def _check(data: str, tmp: Path) -> str:
    """What `tgc check DIR --format F` does (tgc/cli/check.py: the pipeline, then the
    diagnostics in one of the output formats, chosen by the input's length), with the
    parses of the files the mutant did not touch kept in memory (as `tgc watch` keeps
    them) instead of in the signed cache on disk. A mutated catalogue goes through the
    command itself (`tgc check --lang`), disk cache and last-resort handler included."""
    from tgc.diagnostics.render import FORMATS as RENDER
    from tgc.pipeline import Job, run
    from tgc.project.workspace import WorkspaceError

    campaign = tmp / "campaign"
    copy = _place(data, campaign)
    fmt = FORMATS[len(data) % len(FORMATS)]
    if _mutant(data)[1].endswith((".po", "tgc.l10n.lock")):
        return _command(["check", str(campaign), "--format", fmt, "--lang", LANGUAGE])
    try:
        with contextlib.chdir(campaign):  # file names relative to it, as the warm parses have them
            result = run(Job(campaign, "check", memory=dict(copy.parses)))
    except WorkspaceError:
        return "rejected"  # the command's usage error (exit 2): a folder it cannot read
    if any(d.code == "TGC999" for d in result.diagnostics):
        raise Failure("TGC999: " + next(d.message for d in result.diagnostics if d.code == "TGC999"))
    RENDER[fmt](result.diagnostics, result.sources, color=len(data) // len(FORMATS) % 2 == 1)
    return "rejected" if result.errors else "clean"


def _command(args: list[str]) -> str:
    """Run a tgc command in this process, through its last-resort handler: exit 0 is
    clean, 1 a campaign rejected with diagnostics; 3 (TGC999) or any other is a failure."""
    from tgc.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main(args)
            code: object = 0
        except SystemExit as done:
            code = done.code
    if code not in (0, 1):
        raise Failure(f"tgc {args[0]} exit {code}: {out.getvalue()[-600:]}")
    return "clean" if code == 0 else "rejected"


def _runtime(data: str, tmp: Path) -> str:
    """A mutant that checks clean must survive what the runtime commands do with it:
    compile (one pipeline run checks and compiles), then :func:`_play_bundle`."""
    from tgc.pipeline import Job, run

    campaign = tmp / "campaign"
    copy = _place(data, campaign)
    with contextlib.chdir(campaign):
        result = run(Job(campaign, "bundle", memory=dict(copy.parses)))
    if any(d.code == "TGC999" for d in result.diagnostics):
        raise Failure("TGC999")
    if result.errors or result.bundle is None:
        return "rejected"
    _play_bundle(result.bundle)
    return "clean"


def _play_bundle(bundle: object) -> None:
    """Render the site, play three random games and explore 300 states."""
    from tgc.explore.explorer import explore
    from tgc.playtest.randomplay import random_play
    from tgc.render import render_site
    from tgc.runtime.book import Book
    from tgc.runtime.state import new_state

    book = Book(bundle)  # type: ignore[arg-type]
    render_site(book.bundle)
    random_play(book, new_state(book.bundle), 3, 1)
    explore(book, new_state(book.bundle), max_states=300)


def _bundle(data: str, tmp: Path) -> str:
    """A bundle that loads must play: render, random play and explore read only it."""
    from tgc.bundle.io import BundleError, parse_bundle

    try:
        bundle = parse_bundle(data, "x.json")
    except BundleError:
        return "rejected"
    _play_bundle(bundle)
    return "ok"


def _save(data: str, tmp: Path) -> str:
    """A save that loads must resume: the session starts from it and plays on."""
    from tgc.playtest.randomplay import random_play
    from tgc.playtest.session import Files, Session, SessionError
    from tgc.runtime.book import Book
    from tgc.runtime.save import SaveError, parse_save

    book = _warm().tiny
    assert isinstance(book, Book)
    try:
        loaded = parse_save(data, book, "s.json")
    except SaveError:
        return "rejected"
    session = Session(book, lambda line: None, files=Files(write=tmp, confined=True))
    try:
        session.start(loaded=loaded)
        for answer in ("1", "2", "1"):
            if session.finished:
                break
            if session.waiting is not None:
                with contextlib.suppress(SessionError):
                    session.handle(answer)
    except SessionError:
        return "rejected"
    random_play(book, loaded.state, 1, 1, explorations=3)
    return "ok"


def _transcript(data: str, tmp: Path) -> str:
    """`tgc test` of one transcript: read its header, replay its inputs on the sample."""
    from tgc.playtest.session import Files
    from tgc.playtest.transcript import ScriptError, parse_transcript, replay
    from tgc.runtime.book import Book

    try:
        transcript = parse_transcript(data, "t.transcript")
    except ScriptError:
        return "rejected"
    book = _warm().sample_book
    assert isinstance(book, Book)
    files = Files(write=tmp, read=(PLAYTESTS,), confined=True)
    done = replay(book, transcript.header, transcript.inputs, name="t.transcript", files=files)
    return "ok" if done.error is None else "rejected"


def _config(data: str, tmp: Path) -> str:
    from tgc.diagnostics.config import load_config

    (tmp / "tgc.toml").write_text(data, encoding="utf-8", errors="surrogatepass")
    return "rejected" if load_config(tmp)[1] else "ok"


def _lock(data: str, tmp: Path) -> str:
    """A campaign's own tgc.lock goes through the check that numbers with it; a bare one
    through the reader alone."""
    from tgc.bundle.lock import parse_lock
    from tgc.source import SourceFile

    if "\0" in data:
        return _check(data, tmp)
    return "rejected" if parse_lock(SourceFile.from_text("tgc.lock", data))[1] else "ok"


_TARGETS: dict[Kind, Callable[[str, Path], str]] = {
    "check": _check, "runtime": _runtime, "bundle": _bundle, "save": _save, "transcript": _transcript,
    "play": _transcript, "config": _config, "lock": _lock, "catalogue": _check,
}


# ---------------------------------------------------------------- the warm parent


@dataclass
class _Copy:
    """One campaign's warm copy: its folder, its files (relative to it) with their
    (mtime, size, inode), and their parses by file name and (mtime, size)."""

    source: Path
    root: Path
    files: list[Path]
    stamps: dict[Path, tuple[int, int, int]]
    parses: ParseCache


@dataclass
class _Warm:
    """What :func:`warm` prepares once: a private folder (the campaigns' copies, the parse
    cache, one scratch folder per runner slot), the copies, and the books the save and
    transcript targets play."""

    base: Path
    campaigns: dict[str, _Copy]
    tiny: object
    sample_book: object


_STATE: list[_Warm] = []
_LOCK = threading.Lock()
_SLOTS: list[int] = []


def _warm() -> _Warm:
    if not _STATE:
        warm()
    return _STATE[0]


def warm() -> None:
    """Import every reader, copy the campaigns, and run each target once in this process,
    so that each forked input costs only its own work (and the warm parses hold every
    campaign). Safe to call again."""
    with _LOCK:
        if _STATE:
            return
        from tgc.bundle.io import load_bundle
        from tgc.pipeline import load_campaign
        from tgc.runtime.book import Book

        base = Path(tempfile.mkdtemp(prefix="tgc-fuzz-"))
        atexit.register(shutil.rmtree, base, True)
        copies = {key: _copy(folder, base / key) for key, folder in CAMPAIGNS.items()}
        _STATE.append(_Warm(base, copies, Book(load_campaign(TINY)), Book(load_bundle(BUNDLE))))
    for kind in KINDS:  # the first run of each reader builds its parsers and schemas
        scratch = _scratch(0)
        with _private_cache():
            try:
                run_target_in(kind, seeds(kind)[0], scratch)
            finally:
                _clear(scratch)
    gc.freeze()  # forked children then leave the warm objects' pages shared


def _copy(source: Path, root: Path) -> _Copy:
    from tgc.pipeline import Job, run

    shutil.copytree(source, root, ignore=shutil.ignore_patterns("playtests", "transcripts", "*.transcript"))
    (root / "tgc.toml").write_text("", encoding="utf-8")  # no configuration from above
    files = sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())
    parses: ParseCache = {}
    with contextlib.chdir(root):
        run(Job(root, "check", memory=parses))
    return _Copy(source, root, files, _stamps(root, files), parses)


def _stamps(root: Path, files: list[Path]) -> dict[Path, tuple[int, int, int]]:
    found = {}
    for path in files:
        info = os.lstat(root / path)
        found[path] = (info.st_mtime_ns, info.st_size, info.st_ino)
    return found


def _intact() -> bool:
    """Whether every warm copy is as it was; if not (a run wrote through one of its links:
    a finding), put it back, so the inputs after it are judged on the campaign again."""
    intact = True
    for copy in _warm().campaigns.values():
        for path in copy.files:
            if _stamps(copy.root, [path]) != {path: copy.stamps[path]}:
                intact = False
                original = copy.source / path if (copy.source / path).exists() else Path(os.devnull)
                shutil.copyfile(original, copy.root / path)  # tgc.toml: empty
                mtime = copy.stamps[path][0]
                os.utime(copy.root / path, ns=(mtime, mtime))
    return intact


def _scratch(slot: int) -> Path:
    folder = _warm().base / f"slot-{slot}"
    folder.mkdir(exist_ok=True)
    return folder


def _clear(scratch: Path) -> None:
    for entry in scratch.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


@contextlib.contextmanager
def _private_cache() -> Iterator[None]:
    """The parse cache in the harness's own folder, never the user's."""
    before = os.environ.get("TGC_CACHE_DIR")
    os.environ["TGC_CACHE_DIR"] = str(_warm().base / "cache")
    try:
        yield
    finally:
        if before is None:
            del os.environ["TGC_CACHE_DIR"]
        else:
            os.environ["TGC_CACHE_DIR"] = before


def run_target_in(kind: Kind, data: str, scratch: Path) -> str:
    """Run one target with ``scratch`` as its working folder (the campaign it checks is
    laid out there: the same path each time, so the parse cache applies)."""
    work = scratch / "work"
    work.mkdir()
    return _TARGETS[kind](data, work)


@contextlib.contextmanager
def _slot() -> Iterator[Path]:
    """A scratch folder of its own for one running input (one per thread at a time)."""
    with _LOCK:
        number = _SLOTS.pop() if _SLOTS else _next_slot()
    try:
        yield _scratch(number)
    finally:
        with _LOCK:
            _SLOTS.append(number)


_COUNT = [0]


def _next_slot() -> int:
    _COUNT[0] += 1
    return _COUNT[0]


# ---------------------------------------------------------------- isolation


@dataclass(frozen=True)
class Outcome:
    """One input's fate: ``ok``/``rejected``/``clean``, or a failure (``crash``, ``hang``,
    ``memory``) with its detail; ``seconds`` of wall time, ``cpu`` seconds the child used."""

    kind: str
    detail: str = ""
    seconds: float = 0.0
    cpu: float = 0.0

    @property
    def failed(self) -> bool:
        return self.kind in ("crash", "hang", "memory")


def _child(kind: Kind, data: str, scratch: Path, cpu: int, memory: int, send: int) -> None:
    """In the forked child: limits, quiet output, the target, the verdict down the pipe."""
    try:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        log = os.open(scratch / "output.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.environ["TGC_CACHE_DIR"] = str(_warm().base / "cache")
        try:
            verdict = ["", run_target_in(kind, data, scratch)]
        except MemoryError:
            verdict = ["memory", "MemoryError"]
        except Failure as err:
            verdict = ["crash", str(err)]
        except BaseException as err:  # noqa: BLE001 - anything else is exactly what fuzzing looks for
            verdict = ["crash", f"{type(err).__name__}: {str(err)[:300]}"]
        payload = json.dumps(verdict).encode()
        while payload:
            payload = payload[os.write(send, payload):]
    finally:
        os._exit(0)


def run_isolated(kind: Kind, data: str, cpu: int = 10, memory: int = 2 << 30,
                 wall: float | None = None) -> Outcome:
    """Run one input in a child forked from the warm parent, limited to ``cpu`` seconds of
    CPU (``RLIMIT_CPU``) and ``memory`` bytes of address space (``RLIMIT_AS``): a hang or a
    blowup is an outcome, not the end of the run.

    A hang is judged by the child's own CPU time (``wait4``), never by the clock, so a long
    run at low priority on a busy machine does not count slow scheduling as hangs. Every
    ``wall`` seconds (default three times ``cpu`` plus five) the parent looks at a child
    still running: one that is asleep and used no CPU since the last look blocks without
    computing (a FIFO, a lock) and is a hang too."""
    _warm()
    with _slot() as scratch:
        try:
            return _fork(kind, data, scratch, cpu, memory, cpu * 3 + 5 if wall is None else wall)
        finally:
            _clear(scratch)


def _fork(kind: Kind, data: str, scratch: Path, cpu: int, memory: int, wall: float) -> Outcome:
    receive, send = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(receive)
        _child(kind, data, scratch, cpu, memory, send)
    os.close(send)
    chunks, blocked = _collect(receive, pid, wall)
    os.close(receive)
    _, status, usage = os.wait4(pid, 0)
    seconds, used = time.monotonic() - start, usage.ru_utime + usage.ru_stime
    if blocked:
        return Outcome("hang", f"blocked for {wall:.0f} s without using the CPU", seconds, used)
    verdict = json.loads(b"".join(chunks)) if chunks else None
    if not _intact():
        return Outcome("crash", "the warm campaign's files were written to", seconds, used)
    written = _written(data, scratch / "work" / "campaign")
    if written:
        return Outcome("crash", f"the campaign it read was written to: {written}", seconds, used)
    if verdict is not None and used <= cpu:
        failure, detail = verdict
        return Outcome(failure or detail, detail if failure else "", seconds, used)
    signalled = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    if used >= cpu or signalled == -signal.SIGXCPU:
        return Outcome("hang", f"more than {cpu} s of CPU", seconds, used)
    if signalled in (-signal.SIGKILL, -signal.SIGSEGV):
        return Outcome("memory", f"killed by signal {-signalled} at {used:.1f} s of CPU", seconds, used)
    log = scratch / "output.txt"
    tail = log.read_text(errors="replace")[-600:] if log.exists() else ""
    return Outcome("crash", f"exit {signalled}: {tail}", seconds, used)


def _collect(receive: int, pid: int, wall: float) -> tuple[list[bytes], bool]:
    """The child's verdict; True when it blocked (asleep with no CPU used for ``wall``)."""
    chunks: list[bytes] = []
    last = -1
    while True:
        ready, _, _ = select.select([receive], [], [], wall)
        if ready:
            chunk = os.read(receive, 1 << 16)
            if not chunk:
                return chunks, False
            chunks.append(chunk)
            continue
        state, ticks = _progress(pid)
        if state not in ("R", "") and ticks == last:
            os.kill(pid, signal.SIGKILL)
            return chunks, True
        last = ticks


def _progress(pid: int) -> tuple[str, int]:
    """A running child's scheduler state and CPU ticks (from /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return "", -1
    return fields[0], int(fields[11]) + int(fields[12])


# ---------------------------------------------------------------- minimising


def minimise(kind: Kind, data: str, still_fails: Callable[[str], bool], budget: int = 200) -> str:
    """The smallest input found (lines first, then characters) that still fails; a
    ``NAME\\0TEXT`` input keeps its name."""
    name, sep, text = data.partition("\0")
    if not sep:
        name, text = "", data

    def fails(trial: str) -> bool:
        return still_fails(f"{name}{sep}{trial}")

    for unit in ("\n", ""):
        parts = text.split("\n") if unit else list(text)
        chunk = max(1, len(parts) // 2)
        while chunk >= 1 and budget > 0:
            i, shrunk = 0, False
            while i < len(parts) and budget > 0:
                trial = parts[:i] + parts[i + chunk:]
                budget -= 1
                if trial and fails(unit.join(trial)):
                    parts, shrunk = trial, True
                else:
                    i += chunk
            if not shrunk:
                chunk //= 2
        text = unit.join(parts)
    return f"{name}{sep}{text}"


def write_case(folder: Path, kind: Kind, data: str, outcome: Outcome) -> Path:
    """A minimised failure as a case file (its outcome in a JSON sidecar)."""
    import hashlib

    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    stem = f"{kind}-{outcome.kind}-{digest}"
    path = folder / f"{stem}.txt"
    path.write_text(data, encoding="utf-8", errors="surrogatepass")
    (folder / f"{stem}.json").write_text(json.dumps({"kind": kind, "outcome": outcome.kind,
                                                     "detail": outcome.detail}, indent=2) + "\n")
    return path
