"""The long fuzzing run (issue 18, point 16; docs/reliability.md): seeded mutants of every
kind of file tgc reads, each in its own process under a CPU and memory limit, counted by
outcome; every failure is minimised into a case file.

    .venv/bin/python bench/fuzz.py --inputs 100000 --jobs 2 --seed 1
    .venv/bin/python bench/fuzz.py --kinds check,runtime --inputs 2000

Exit status 0 when no input crashed, hung or blew up, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzzing import KINDS, Outcome, minimise, mutate, run_isolated, seeds, warm, write_case  # noqa: E402

# How the inputs are shared among the kinds: the campaign checker meets most input.
WEIGHTS = {"check": 10, "runtime": 2, "bundle": 2, "save": 2, "transcript": 1, "config": 1, "lock": 1}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000, help="inputs in all (default 1000)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds to fuzz")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="inputs run at once")
    parser.add_argument("--cpu", type=int, default=10, help="CPU seconds per input (a hang past it)")
    parser.add_argument("--memory", type=int, default=2048, help="MB of address space per input")
    parser.add_argument("--out", type=Path, default=Path("bench/out/fuzz"),
                        help="summary.json and the minimised cases/ (default bench/out/fuzz)")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    rng = random.Random(args.seed)
    plan = rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds], k=args.inputs)
    inputs = [(kind, mutate(rng.choice(seeds(kind)), rng)) for kind in plan]
    warm()
    limits = {"cpu": args.cpu, "memory": args.memory << 20}
    counts: dict[str, Counter[str]] = {kind: Counter() for kind in kinds}
    slowest: dict[str, float] = dict.fromkeys(kinds, 0.0)
    failures: list[tuple[str, str, Outcome]] = []
    start = time.monotonic()

    def one(item: tuple[str, str]) -> tuple[str, str, Outcome]:
        return item[0], item[1], run_isolated(item[0], item[1], **limits)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for done, (kind, data, outcome) in enumerate(pool.map(one, inputs), start=1):
            counts[kind][outcome.kind] += 1
            slowest[kind] = max(slowest[kind], outcome.seconds)
            if outcome.failed:
                failures.append((kind, data, outcome))
            if done % 100 == 0:
                print(f"{done}/{len(inputs)} inputs, {len(failures)} failures", file=sys.stderr)
    elapsed = time.monotonic() - start
    cases = []
    for kind, data, outcome in failures:
        def same(text: str, kind: str = kind, outcome: Outcome = outcome) -> bool:
            return run_isolated(kind, text, **limits).kind == outcome.kind

        small = minimise(kind, data, same)
        cases.append(str(write_case(args.out / "cases", kind, small, outcome)))
    summary = {"inputs": len(inputs), "seed": args.seed, "seconds": round(elapsed, 1),
               "cpu_limit_s": args.cpu, "memory_limit_mb": args.memory,
               "outcomes": {kind: dict(sorted(c.items())) for kind, c in counts.items()},
               "slowest_s": {kind: round(s, 2) for kind, s in slowest.items()},
               "failures": len(failures), "cases": cases}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
