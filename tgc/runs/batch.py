"""Batches: a long seeded job cut into chunks of fixed seed ranges, run on an executor,
each chunk's result kept on disk as it finishes, so that a job that dies resumes where it
stopped and a job run again costs nothing.

A chunk is ``task(inputs, start, stop)``: a top-level function (worker processes and Dask
workers import it by name) that runs ``start``..``stop - 1``, each run from its own
generator seeded from the job's seed and the run's index, and returns plain JSON data.
The chunks' bounds never depend on the worker count, and every result goes through JSON
whether it was computed or read back, so a batch's results are the same for any executor,
any worker count, and any mix of cached and fresh chunks.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tgc.version import __version__

CHUNK_RUNS = 250
Task = Callable[[Any, int, int], Any]


@dataclass(frozen=True)
class Batch:
    """``runs`` runs of ``task`` on ``inputs`` (sent to every worker). ``identity`` names
    everything the results depend on besides the code: the content the inputs come from
    (a bundle's or a payload's hash), the job's parameters and its seed."""

    task: Task
    inputs: Any
    identity: str
    runs: int
    chunk: int = CHUNK_RUNS

    def ranges(self) -> list[tuple[int, int]]:
        return [(start, min(self.runs, start + self.chunk)) for start in range(0, self.runs, self.chunk)]

    def key(self) -> str:
        name = f"{self.task.__module__}.{self.task.__qualname__}"
        text = "\n".join((code_identity(), name, self.identity))
        return hashlib.sha256(text.encode()).hexdigest()[:32]


@lru_cache(maxsize=1)
def code_identity() -> str:
    """tgc's version and a hash of its own source files: a result computed by other code
    (an upgrade, a local edit) is never served."""
    digest = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parents[1]
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def content_hash(data: Any) -> str:
    """A stable hash of JSON-able data (a payload, a bundle's dump)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class ChunkStore:
    """Chunk results on disk, one JSON file per (batch key, seed range), in a folder only
    its owner may read or write (``$TGC_CACHE_DIR/runs``, else the user's cache)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else default_root()

    def _path(self, key: str, start: int, stop: int) -> Path:
        return self.root / key[:2] / f"{key}-{start}-{stop}.json"

    def get(self, key: str, start: int, stop: int) -> Any | None:
        path = self._path(key, start, stop)
        try:
            if path.stat().st_uid != os.getuid():
                return None
            return json.loads(path.read_text(encoding="utf-8"))["result"]
        except (OSError, ValueError, KeyError, TypeError):
            return None  # missing, or torn by a crash: computed again

    def put(self, key: str, start: int, stop: int, result: Any) -> None:
        path = self._path(key, start, stop)
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump({"result": result}, out, sort_keys=True)
            os.replace(tmp, path)  # whole or not at all
        except OSError:
            pass  # a cache that cannot be written only costs the time to compute again


def default_root() -> Path:
    """``$TGC_CACHE_DIR/runs``, else ``$XDG_CACHE_HOME/tgc/runs``, else ``~/.cache/tgc/runs``
    (the parse cache's folder, tgc/project/parsecache.py)."""
    if os.environ.get("TGC_CACHE_DIR"):
        return Path(os.environ["TGC_CACHE_DIR"]) / "runs"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tgc" / "runs"


def run_batch(batch: Batch, executor: Executor | None = None, store: ChunkStore | None = None,
              progress: Callable[[int], None] | None = None) -> list[Any]:
    """Every chunk's result of one batch, in seed order (see :func:`run_batches`)."""
    return run_batches([batch], executor, store, progress)[0]


def run_batches(batches: list[Batch], executor: Executor | None = None,
                store: ChunkStore | None = None,
                progress: Callable[[int], None] | None = None) -> list[list[Any]]:
    """Every batch's chunk results, in seed order: read from ``store`` when kept there, else
    run (in this process when ``executor`` is None; all batches' chunks at once otherwise)
    and kept as soon as each finishes. ``progress`` hears how many runs each chunk held."""
    keys = [batch.key() for batch in batches]
    results: list[list[Any]] = [[None] * len(batch.ranges()) for batch in batches]
    todo: list[tuple[int, int, int, int]] = []  # (batch, chunk, start, stop)
    for b, batch in enumerate(batches):
        for c, (start, stop) in enumerate(batch.ranges()):
            kept = store.get(keys[b], start, stop) if store is not None else None
            if kept is None:
                todo.append((b, c, start, stop))
                continue
            results[b][c] = kept
            if progress is not None:
                progress(stop - start)
    for (b, c, start, stop), result in _computed(batches, todo, executor):
        results[b][c] = json.loads(json.dumps(result, sort_keys=True))
        if store is not None:
            store.put(keys[b], start, stop, results[b][c])
        if progress is not None:
            progress(stop - start)
    return results


Work = tuple[int, int, int, int]


def _computed(batches: list[Batch], todo: list[Work],
              executor: Executor | None) -> Iterator[tuple[Work, Any]]:
    """(work item, result) as each chunk finishes."""
    if executor is None or len(todo) <= 1:
        for work in todo:
            batch = batches[work[0]]
            yield work, batch.task(batch.inputs, work[2], work[3])
        return
    futures = {executor.submit(batches[w[0]].task, batches[w[0]].inputs, w[2], w[3]): w for w in todo}
    for future in as_completed(futures):
        yield futures[future], future.result()
