"""The long fuzzing run (issue 18, point 16; docs/reliability.md): seeded mutants of every
kind of file tgc reads, each in its own process under a CPU and memory limit, counted by
outcome; every failure is minimised into a case file.

    .venv/bin/python bench/fuzz.py --inputs 100000 --jobs 2 --seed 1
    .venv/bin/python bench/fuzz.py --kinds check,runtime --inputs 2000
    nice -n 19 .venv/bin/python bench/fuzz.py --inputs 100000 --jobs 1 --minutes 120

With ``--minutes`` the run stops starting inputs when the time is up and reports the
inputs it ran: the prefix of the same seeded sequence, so a longer budget only adds.

Exit status 0 when no input crashed, hung or blew up, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
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
    parser.add_argument("--wall", type=float, default=None,
                        help="wall seconds before an input that blocks counts as a hang "
                             "(default 3 x --cpu + 5; raise it at low priority)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop starting inputs after this many minutes")
    parser.add_argument("--out", type=Path, default=Path("bench/out/fuzz"),
                        help="summary.json and the minimised cases/ (default bench/out/fuzz)")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    rng = random.Random(args.seed)
    plan = rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds], k=args.inputs)
    warm()
    memory = args.memory << 20
    counts: dict[str, Counter[str]] = {kind: Counter() for kind in kinds}
    slowest: dict[str, float] = dict.fromkeys(kinds, 0.0)
    failures: list[tuple[int, str, str, Outcome]] = []
    start = time.monotonic()
    deadline = None if args.minutes is None else start + args.minutes * 60

    originals = {kind: seeds(kind) for kind in kinds}

    def inputs() -> Iterator[tuple[int, str, str]]:
        """Mutants made one at a time: 100,000 whole campaign files do not fit in memory."""
        for number, kind in enumerate(plan):
            yield number, kind, mutate(rng.choice(originals[kind]), rng)

    done = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        running: dict[Future[Outcome], tuple[int, str, str]] = {}
        source = inputs()
        while True:
            while len(running) < args.jobs and (deadline is None or time.monotonic() < deadline):
                item = next(source, None)
                if item is None:
                    break
                running[pool.submit(run_isolated, item[1], item[2], args.cpu, memory, args.wall)] = item
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                number, kind, data = running.pop(future)
                outcome = future.result()
                done += 1
                counts[kind][outcome.kind] += 1
                slowest[kind] = max(slowest[kind], outcome.seconds)
                if outcome.failed:
                    failures.append((number, kind, data, outcome))
                if done % 100 == 0:
                    print(f"{done}/{len(plan)} inputs, {len(failures)} failures", file=sys.stderr)
    elapsed = time.monotonic() - start
    cases = []
    for _, kind, data, outcome in sorted(failures, key=lambda failure: failure[0]):
        def same(text: str, kind: str = kind, outcome: Outcome = outcome) -> bool:
            return run_isolated(kind, text, args.cpu, memory, args.wall).kind == outcome.kind

        small = minimise(kind, data, same)
        cases.append(str(write_case(args.out / "cases", kind, small, outcome)))
    summary = {"inputs": done, "planned": len(plan), "seed": args.seed, "seconds": round(elapsed, 1),
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
