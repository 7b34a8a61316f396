"""Benchmark runner: generates campaigns of 1k-20k verses, times tgc commands on them, reports.

DESIGN.md asks for speed as time per verse and as a ratio to the baselines named in the
issue, measured by a script rather than asserted by tests. Campaigns are generated once
per size, seed and generator version and cached in the output folder; every command
runs cold (no ``.tgc-cache``) and warm (after a one-word edit of one location file).

Usage: python bench/run.py [--sizes 1000,5000,20000] [--repeat 3] [--out bench/out]
                           [--jobs check,build] [--seed 1] [--tgc PATH] [--timeout 900]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from measure import Run, command_exists, compile_bytecode, measure, measure_json_load
from results import (
    BASELINE_VERSES,
    BASELINES,
    JobResult,
    JsonLoad,
    SizeResult,
    baseline_table,
    ratio_table,
    ratios,
    report_problems,
    results_table,
    write_results,
)
from rich.console import Console

BENCH = Path(__file__).resolve().parent
GENERATOR_FILES = (BENCH / "campaign_plan.py", BENCH / "gen_campaign.py")
CACHE_DIR = ".tgc-cache"
EDIT_WORD = " edited"  # not in the generator's word list, so a leftover is recognisable


def check_argv(tgc: Path, campaign: Path, scratch: Path) -> list[str]:
    return [str(tgc), "check", str(campaign), "--format", "concise"]


def build_argv(tgc: Path, campaign: Path, scratch: Path) -> list[str]:
    return [str(tgc), "build", str(campaign), "-o", str(scratch / "build")]


@dataclass(frozen=True)
class Job:
    """A timed command. To benchmark a new command, add a Job to JOBS; nothing else changes."""

    name: str
    argv: Callable[[Path, Path, Path], list[str]]  # (tgc, campaign dir, scratch dir) -> argv
    probe: tuple[str, ...] = ()  # tgc arguments that exit 0 when the command exists


JOBS = {job.name: job for job in (
    Job("check", check_argv),
    Job("build", build_argv, probe=("build", "--help")),
)}


@dataclass(frozen=True)
class Corpus:
    """One generated campaign on disk and its JSON twin (for the json.load baseline)."""

    verses: int
    root: Path
    json_path: Path
    size_bytes: int
    files: int
    generated_s: float | None


# ---------------------------------------------------------------- campaigns


def generator_digest() -> str:
    """Part of the cache key, so a changed generator never reuses stale campaigns."""
    digest = hashlib.sha256()
    for path in GENERATOR_FILES:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def source_stats(root: Path) -> tuple[int, int]:
    files = [p for p in root.rglob("*.tgj") if CACHE_DIR not in p.parts]
    return sum(p.stat().st_size for p in files), len(files)


def generate(size: int, seed: int, root: Path, json_path: Path) -> float:
    """Generates into a temporary folder and renames it, so an interrupted run leaves no half."""
    tmp_root = root.with_name(root.name + ".tmp")
    tmp_json = json_path.with_name(json_path.name + ".tmp")
    shutil.rmtree(tmp_root, ignore_errors=True)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, str(BENCH / "gen_campaign.py"), str(size),
                           str(tmp_root), "--seed", str(seed), "--json", str(tmp_json)],
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        shutil.rmtree(tmp_root, ignore_errors=True)
        raise SystemExit(f"generating {size} verses failed:\n{proc.stderr}")
    shutil.rmtree(root, ignore_errors=True)
    tmp_root.rename(root)
    tmp_json.replace(json_path)
    return elapsed


def ensure_corpus(out: Path, size: int, seed: int) -> Corpus:
    key = f"campaign-{size}-s{seed}-{generator_digest()}"
    root, json_path = out / key, out / f"{key}.json"
    generated = None
    if not (root / "campaign.tgj").is_file() or not json_path.is_file():
        generated = generate(size, seed, root, json_path)
    else:
        undo_leftover_edit(root)
    size_bytes, files = source_stats(root)
    return Corpus(size, root, json_path, size_bytes, files, generated)


def edit_target(root: Path) -> tuple[Path, int]:
    """The first prose line of a verse in the middle location file: a typical one-line edit."""
    files = sorted((root / "locations").glob("*.tgj"))
    path = files[len(files) // 2]
    in_verse = False
    for index, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
        in_verse = in_verse or line.startswith("== ")
        if in_verse and line[:1].isalpha():
            return path, index
    raise SystemExit(f"no prose line to edit in {path}")


def undo_leftover_edit(root: Path) -> None:
    """A run killed during a warm measurement cannot restore its edit; undo it here instead."""
    path, index = edit_target(root)
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines[index].endswith(EDIT_WORD):
        lines[index] = lines[index].removesuffix(EDIT_WORD)
        path.write_text("\n".join(lines), encoding="utf-8")


@contextmanager
def edited(path: Path, index: int) -> Iterator[None]:
    """Appends one word to one line and always restores the original bytes."""
    original = path.read_bytes()
    lines = original.decode("utf-8").split("\n")
    lines[index] += EDIT_WORD
    path.write_bytes("\n".join(lines).encode("utf-8"))
    try:
        yield
    finally:
        path.write_bytes(original)


# ---------------------------------------------------------------- timing


def reset(root: Path, scratch: Path, parse_cache: Path) -> None:
    """Cold means no checker cache (tgc's signed parse cache, here a private folder
    named by TGC_CACHE_DIR) and no previous build output."""
    shutil.rmtree(root / CACHE_DIR, ignore_errors=True)
    shutil.rmtree(parse_cache, ignore_errors=True)
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()


def time_job(job: Job, tgc: Path, corpus: Corpus, args: argparse.Namespace) -> JobResult:
    cold: list[Run] = []
    warm: list[Run] = []
    path, index = edit_target(corpus.root)
    with tempfile.TemporaryDirectory(prefix="tgc-bench-") as tmp:
        scratch = Path(tmp) / "scratch"
        parse_cache = Path(tmp) / "parse-cache"
        os.environ["TGC_CACHE_DIR"] = str(parse_cache)  # inherited by the measured runs
        argv = job.argv(tgc, corpus.root, scratch)
        for _ in range(args.repeat):
            reset(corpus.root, scratch, parse_cache)
            cold.append(measure(argv, args.timeout))
            if cold[-1].crashed:
                break  # repeating a failing command only repeats its error
            with edited(path, index):
                warm.append(measure(argv, args.timeout))
    shutil.rmtree(corpus.root / CACHE_DIR, ignore_errors=True)
    return summarize(corpus, cold, warm)


def median(runs: list[Run]) -> float | None:
    return statistics.median(r.wall for r in runs) if runs else None


def status_of(runs: list[Run]) -> str:
    if any(r.crashed for r in runs):
        return "failed"
    if any(r.rc != 0 or r.diagnostics for r in runs):
        return "not clean"
    return "ok"


def summarize(corpus: Corpus, cold: list[Run], warm: list[Run]) -> JobResult:
    """Medians and rates; a failed command gets none (its timings measure an error path)."""
    runs = cold + warm
    failed = next((r for r in runs if r.crashed), None)
    cold_s = None if failed else median(cold)
    return JobResult(
        status=status_of(runs),
        cold_s=cold_s,
        warm_s=None if failed else median(warm),
        us_per_verse=cold_s / corpus.verses * 1e6 if cold_s else None,
        mb_per_s=corpus.size_bytes / 1e6 / cold_s if cold_s else None,
        peak_rss_mb=max(r.peak_kb for r in runs) / 1024,
        exit_codes=sorted({r.rc for r in runs}),
        diagnostics=max(r.diagnostics for r in runs),
        sample=runs[0].sample,
        stderr=failed.stderr if failed else runs[0].stderr[-2000:],
        runs={"cold": [r.to_json() for r in cold], "warm": [r.to_json() for r in warm]},
        cold_cpu_s=None if failed else statistics.median(r.cpu for r in cold) if cold else None,
        warm_cpu_s=None if failed else statistics.median(r.cpu for r in warm) if warm else None,
    )


def time_json_load(corpus: Corpus, repeat: int) -> JsonLoad:
    runs = [measure_json_load(corpus.json_path) for _ in range(repeat)]
    good = [r for r in runs if r.rc == 0]
    peak_kb = max((r.peak_kb for r in good), default=0)
    return JsonLoad(file=corpus.json_path.name, bytes=corpus.json_path.stat().st_size,
                    seconds=median(good), peak_rss_mb=peak_kb / 1024,
                    error=next((r.stderr for r in runs if r.rc != 0), ""))


# ---------------------------------------------------------------- the run


def find_tgc(explicit: Path | None) -> Path:
    """The tgc installed beside this Python (the venv's), else the one on PATH."""
    if explicit:
        return explicit
    beside = Path(sys.executable).parent / "tgc"
    if beside.exists():
        return beside
    found = shutil.which("tgc")
    return Path(found) if found else beside


def available_jobs(names: list[str], tgc: Path, console: Console) -> list[Job]:
    jobs: list[Job] = []
    for name in names:
        job = JOBS[name]
        if job.probe and not command_exists([str(tgc), *job.probe]):
            console.print(f"[yellow]skipping {name}:[/] `tgc {' '.join(job.probe)}` failed "
                          "(the command does not exist yet)")
            continue
        jobs.append(job)
    return jobs


def bench_size(size: int, jobs: list[Job], tgc: Path, args: argparse.Namespace,
               console: Console) -> SizeResult:
    console.print(f"[bold]{size} verses[/]: preparing campaign")
    corpus = ensure_corpus(args.out, size, args.seed)
    made = f", generated in {corpus.generated_s:.1f} s" if corpus.generated_s else " (cached)"
    console.print(f"  {corpus.root.name}: {corpus.size_bytes / 1e6:.1f} MB "
                  f"in {corpus.files} files{made}")
    entry = SizeResult(size, corpus.size_bytes, corpus.files, str(corpus.root),
                       corpus.generated_s, time_json_load(corpus, args.repeat))
    for job in jobs:
        console.print(f"  timing {job.name} x{args.repeat} (cold + warm)")
        result = time_job(job, tgc, corpus, args)
        result.ratios = ratios(result, size, entry.json_load.seconds)
        report_problems(job.name, size, result, console)
        entry.jobs[job.name] = result
    return entry


def environment(tgc: Path, bytecode: str) -> dict[str, object]:
    return {"python": platform.python_version(), "platform": platform.platform(),
            "cpus": os.cpu_count(), "tgc": str(tgc), "bytecode": bytecode,
            "date": datetime.now(UTC).isoformat(timespec="seconds")}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000,20000", help="comma-separated verse counts")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--out", type=Path, default=BENCH / "out", help="campaigns and results")
    parser.add_argument("--jobs", default="check", help=f"comma-separated, of: {', '.join(JOBS)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tgc", type=Path, help="tgc executable (default: beside this Python)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per run")
    args = parser.parse_args(argv)
    try:
        args.sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--sizes takes comma-separated integers, not {args.sizes!r}")
    args.jobs = [j.strip() for j in args.jobs.split(",") if j.strip()]
    unknown = [j for j in args.jobs if j not in JOBS]
    if unknown:
        parser.error(f"unknown job(s) {', '.join(unknown)}; known: {', '.join(JOBS)}")
    if args.repeat < 1 or not args.sizes or min(args.sizes) < 2:
        parser.error("--repeat must be at least 1 and every size at least 2")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console()
    args.out.mkdir(parents=True, exist_ok=True)
    tgc = find_tgc(args.tgc)
    bytecode = compile_bytecode(tgc)
    console.print(f"{tgc}: {bytecode}")
    jobs = available_jobs(args.jobs, tgc, console)
    sizes = [bench_size(size, jobs, tgc, args, console) for size in args.sizes]
    data = {"environment": environment(tgc, bytecode), "seed": args.seed, "repeat": args.repeat,
            "baselines": [asdict(b) | {"verses": BASELINE_VERSES} for b in BASELINES],
            "sizes": [asdict(entry) for entry in sizes]}
    path = write_results(args.out, data)
    console.print(results_table(sizes))
    console.print(ratio_table(sizes))
    console.print(baseline_table(sizes))
    console.print(f"results written to {path}")
    failed = any(r.status == "failed" for entry in sizes for r in entry.jobs.values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
