"""The executor seam and resumable batches (tgc/runs/): an executor is named the one way
(`--executor`, `$TGC_EXECUTOR`), a batch's results are the same for every executor and
worker count, and a batch that died resumes from its kept chunks."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tgc.runs.batch import Batch, ChunkStore, run_batch, run_batches
from tgc.runs.executor import ExecutorError, ExecutorSpec, opened, parse_executor

CALLS: list[tuple[int, int]] = []


def squares(inputs: dict[str, Any], start: int, stop: int) -> dict[str, Any]:
    """A chunk task: a top-level function, so worker processes import it by name."""
    if inputs.get("fail_at") == start:
        raise RuntimeError("the machine went away")
    CALLS.append((start, stop))
    return {"sum": sum(i * i * inputs["k"] for i in range(start, stop)), "first": (start, stop)}


def test_executors_are_named_one_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TGC_EXECUTOR", raising=False)
    assert parse_executor(None, 3) == ExecutorSpec("local", 3)
    assert parse_executor("dask://127.0.0.1:8786") == ExecutorSpec("dask", 1, "tcp://127.0.0.1:8786")
    monkeypatch.setenv("TGC_EXECUTOR", "dask://sched.example:9000")
    assert parse_executor(None).address == "tcp://sched.example:9000"
    assert parse_executor("local", 2).kind == "local"  # the option beats the variable
    for bad, words in (("dask://nowhere", "dask://HOST:PORT"), ("spark://x:1", "unknown executor"),
                       ("dask://h:port", "dask://HOST:PORT")):
        with pytest.raises(ExecutorError, match=words):
            parse_executor(bad)


def test_one_local_worker_runs_in_this_process() -> None:
    with opened(ExecutorSpec("local", 1)) as pool:
        assert pool is None


def test_results_are_the_same_on_any_executor_and_chunking_never_depends_on_it() -> None:
    batch = Batch(squares, {"k": 3}, "squares k=3", runs=1000, chunk=128)
    assert batch.ranges()[:2] == [(0, 128), (128, 256)] and batch.ranges()[-1] == (896, 1000)
    alone = run_batch(batch)
    with ProcessPoolExecutor(max_workers=2) as pool:
        spread = run_batch(batch, pool)
    assert alone == spread
    assert [r["first"] for r in alone] == [list(r) for r in batch.ranges()]  # JSON data, in seed order
    assert sum(r["sum"] for r in alone) == sum(i * i * 3 for i in range(1000))


def test_a_batch_that_died_resumes_from_its_kept_chunks(tmp_path: Path) -> None:
    store = ChunkStore(tmp_path / "runs")
    seen: list[int] = []
    dying = Batch(squares, {"k": 2, "fail_at": 300}, "squares k=2", runs=500, chunk=100)
    with pytest.raises(RuntimeError, match="went away"):
        run_batch(dying, None, store, progress=seen.append)
    assert seen == [100, 100, 100]  # chunks 0-299 finished and were kept
    CALLS.clear()
    healthy = Batch(squares, {"k": 2}, "squares k=2", runs=500, chunk=100)
    resumed = run_batch(healthy, None, store)
    assert CALLS == [(300, 400), (400, 500)]  # only what had not finished
    assert resumed == run_batch(healthy)
    CALLS.clear()
    other = Batch(squares, {"k": 5}, "squares k=5", runs=500, chunk=100)
    run_batch(other, None, store)
    assert len(CALLS) == 5  # another identity shares nothing


def test_a_torn_chunk_file_is_computed_again(tmp_path: Path) -> None:
    store = ChunkStore(tmp_path / "runs")
    batch = Batch(squares, {"k": 1}, "squares k=1", runs=20, chunk=10)
    first = run_batch(batch, None, store)
    for path in (tmp_path / "runs").rglob("*.json"):
        path.write_text('{"result": ', encoding="utf-8")
    CALLS.clear()
    assert run_batch(batch, None, store) == first and len(CALLS) == 2


def test_many_batches_share_one_executor() -> None:
    batches = [Batch(squares, {"k": k}, f"k={k}", runs=30, chunk=10) for k in (1, 2, 3)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        together = run_batches(batches, pool)
    assert together == [run_batch(b) for b in batches]


def test_random_play_reports_the_same_on_any_number_of_workers(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """`tgc play --random` through the seam: the coverage, endings and errors printed do not
    depend on --jobs (only the first line's playthroughs per second does)."""
    import shutil

    from click.testing import CliRunner

    from tests.bundle_helpers import SAMPLE
    from tgc.cli.main import cli

    shutil.copytree(SAMPLE, tmp_path / "src")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TGC_EXECUTOR", raising=False)
    outputs = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(cli, ["play", "src", "--random", "60", "--seed", "7", "--jobs", jobs])
        assert result.exit_code == 0, result.output
        outputs.append(result.output.split("\n", 1))
    assert outputs[0][1] == outputs[1][1] and "verses:" in outputs[0][1]
    assert outputs[0][0].split(":")[0] == outputs[1][0].split(":")[0] == \
        "60 random playthrough(s) from seed 7"
