"""The long fuzzing run (issue 18, point 16; docs/reliability.md): seeded mutants of every
kind of file tgc reads, each in a child forked from one warm process under a CPU and
memory limit (tests/fuzzing.py), counted by outcome; every failure is logged at once and
minimised into a case file.

    .venv/bin/python bench/fuzz.py --inputs 100000 --seed 1                 # the acceptance run
    .venv/bin/python bench/fuzz.py --kinds check,runtime --inputs 2000
    nice -n 19 .venv/bin/python bench/fuzz.py --inputs 100000 --minutes 120
    nice -n 19 .venv/bin/python bench/fuzz.py --start 40000 --inputs 60000  # the rest of it
    .venv/bin/python bench/fuzz.py --inputs 100000 --every 2 --offset 0 --out bench/out/fuzz-0 &
    .venv/bin/python bench/fuzz.py --inputs 100000 --every 2 --offset 1 --out bench/out/fuzz-1 &
    .venv/bin/python bench/fuzz.py --merge bench/out/fuzz-0 bench/out/fuzz-1 --out bench/out/fuzz

Input N of seed S depends on (S, N) only, never on the inputs before it: ``--start N``
resumes a run that stopped, and runs over disjoint ranges add up to the whole run (their
summaries side by side: ``--out`` per range); ``--every K --offset I`` shares one run among
K processes (one per core: each process is single-threaded, since a child forked from a
threaded parent may inherit a lock another thread held). With ``--minutes`` the run stops
starting inputs when the time is up and says where to resume.

Exit status 0 when no input crashed, hung or blew up, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzzing import KINDS, Outcome, minimise, plan, run_isolated, seeds, warm, write_case  # noqa: E402


class Run:
    """Counts, CPU seconds and failures of one run, written to ``out`` as they come."""

    def __init__(self, args: argparse.Namespace, kinds: list[str]) -> None:
        self.args = args
        self.counts: dict[str, Counter[str]] = {kind: Counter() for kind in kinds}
        self.cpu: dict[str, float] = dict.fromkeys(kinds, 0.0)
        self.slowest: dict[str, float] = dict.fromkeys(kinds, 0.0)
        self.failures: list[dict[str, object]] = []
        self.done = 0
        self.next = args.start + args.offset  # every input of this process below it has run
        self.started = time.monotonic()
        args.out.mkdir(parents=True, exist_ok=True)
        self.findings = args.out / "findings.jsonl"

    def record(self, number: int, kind: str, data: str, outcome: Outcome) -> None:
        self.done += 1
        self.counts[kind][outcome.kind] += 1
        self.cpu[kind] += outcome.cpu
        self.slowest[kind] = max(self.slowest[kind], outcome.cpu)
        self.next = number + self.args.every
        if outcome.failed:
            self.fail(number, kind, data, outcome)
        if self.done % 100 == 0:
            self.write()
            print(f"{self.done} inputs (next {self.next}), {len(self.failures)} failures, "
                  f"{self.done / max(sum(self.cpu.values()), 1e-9):.1f} inputs per CPU second, "
                  f"{time.monotonic() - self.started:.0f} s", file=sys.stderr, flush=True)

    def fail(self, number: int, kind: str, data: str, outcome: Outcome) -> None:
        """Log the failure at once (a run that is stopped keeps it), then minimise it."""
        entry: dict[str, object] = {"number": number, "kind": kind, "outcome": outcome.kind,
                                    "detail": outcome.detail, "cpu": round(outcome.cpu, 2), "input": data}
        with self.findings.open("a", encoding="utf-8", errors="surrogatepass") as log:
            log.write(json.dumps(entry) + "\n")
        print(f"FAILURE at input {number} ({kind}): {outcome.kind}: {outcome.detail[:300]}",
              file=sys.stderr, flush=True)

        def same(text: str) -> bool:
            return run_isolated(kind, text, self.args.cpu, self.args.memory << 20,
                                self.args.wall).kind == outcome.kind

        small = minimise(kind, data, same, budget=self.args.minimise)
        entry["case"] = str(write_case(self.args.out / "cases", kind, small, outcome))
        del entry["input"]
        self.failures.append(entry)

    def write(self) -> dict[str, object]:
        cpu = sum(self.cpu.values())
        summary: dict[str, object] = {
            "seed": self.args.seed, "start": self.args.start, "planned": self.args.inputs,
            "every": self.args.every, "offset": self.args.offset,
            "inputs": self.done, "resume_at": self.next, "seconds": round(time.monotonic() - self.started, 1),
            "cpu_seconds": round(cpu, 1), "inputs_per_cpu_second": round(self.done / cpu, 2) if cpu else None,
            "cpu_limit_s": self.args.cpu, "memory_limit_mb": self.args.memory,
            "outcomes": {kind: dict(sorted(c.items())) for kind, c in self.counts.items()},
            "cpu_s": {kind: round(s, 1) for kind, s in self.cpu.items()},
            "slowest_cpu_s": {kind: round(s, 2) for kind, s in self.slowest.items()},
            "failures": self.failures}
        (self.args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        return summary


_PART = ("start", "planned", "every", "offset", "inputs", "resume_at")  # where each part of a run lies


def merge(parts: list[Path], out: Path) -> int:
    """One summary for the parts of a run (``--every``/``--offset`` processes, or ranges run
    one after another): counts and CPU added up, the costliest input of each kind, every
    failure; the parts must share a seed."""
    summaries = [json.loads((part / "summary.json").read_text(encoding="utf-8")) for part in parts]
    if len({s["seed"] for s in summaries}) != 1:
        raise SystemExit("fuzz: the parts of one run share one --seed")
    outcomes: dict[str, Counter[str]] = {}
    cpu: Counter[str] = Counter()
    slowest: dict[str, float] = {}
    for s in summaries:
        for kind, counts in s["outcomes"].items():
            outcomes.setdefault(kind, Counter()).update(counts)
        for kind, seconds in s["cpu_s"].items():
            cpu[kind] += seconds
        for kind, seconds in s["slowest_cpu_s"].items():
            slowest[kind] = max(slowest.get(kind, 0.0), seconds)
    inputs, total = sum(s["inputs"] for s in summaries), sum(s["cpu_seconds"] for s in summaries)
    merged = {"seed": summaries[0]["seed"], "inputs": inputs, "cpu_seconds": round(total, 1),
              "inputs_per_cpu_second": round(inputs / total, 2) if total else None,
              "parts": [{key: s.get(key) for key in _PART} for s in summaries],
              "outcomes": {kind: dict(sorted(c.items())) for kind, c in outcomes.items()},
              "cpu_s": {kind: round(seconds, 1) for kind, seconds in cpu.items()}, "slowest_cpu_s": slowest,
              "failures": [f for s in summaries for f in s["failures"]]}
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(merged, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(merged, indent=2))
    return 1 if merged["failures"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000, help="inputs to run (default 1000)")
    parser.add_argument("--start", type=int, default=0, help="the number of the first input (default 0)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds to fuzz")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=1,
                        help="run every Nth input only (with --offset: N processes share one run)")
    parser.add_argument("--offset", type=int, default=0, help="with --every: which of every N (0 to N-1)")
    parser.add_argument("--cpu", type=int, default=10, help="CPU seconds per input (a hang past it)")
    parser.add_argument("--memory", type=int, default=2048, help="MB of address space per input")
    parser.add_argument("--wall", type=float, default=None,
                        help="how often (wall seconds) a running input is looked at: asleep with no "
                             "CPU used since the last look is a hang (default 3 x --cpu + 5)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop starting inputs after this many minutes")
    parser.add_argument("--minimise", type=int, default=200, help="runs the minimiser may spend per failure")
    parser.add_argument("--out", type=Path, default=Path("bench/out/fuzz"),
                        help="summary.json, findings.jsonl and the minimised cases/ (default bench/out/fuzz)")
    parser.add_argument("--merge", type=Path, nargs="+", metavar="OUT",
                        help="add up the summaries in these --out folders (the parts of one run) "
                             "into --out instead of running")
    args = parser.parse_args(argv)
    if args.merge:
        return merge(args.merge, args.out)
    kinds = [k for k in args.kinds.split(",") if k]
    warm()
    originals = {kind: seeds(kind) for kind in kinds}
    run = Run(args, kinds)
    deadline = None if args.minutes is None else time.monotonic() + args.minutes * 60
    for number in range(args.start + args.offset, args.start + args.inputs, args.every):
        if deadline is not None and time.monotonic() >= deadline:
            break
        kind, data = plan(args.seed, number, kinds, originals)
        run.record(number, kind, data, run_isolated(kind, data, args.cpu, args.memory << 20, args.wall))
    summary = run.write()
    print(json.dumps(summary, indent=2))
    if run.next < args.start + args.inputs:
        left = args.start + args.inputs - run.next + args.offset
        print(f"stopped early: resume with --seed {args.seed} --start {run.next - args.offset} "
              f"--inputs {left} --every {args.every} --offset {args.offset}", file=sys.stderr)
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
