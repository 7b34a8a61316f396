"""A cold `tgc check` by stage: the CPU time of each stage of one in-process run of the
command line (`tgc check DIR --format concise`, an empty parse cache), the collector off
as the console script keeps it, each stage's time its own (a stage called inside another,
such as the graph a check first reads, is taken out of the caller's).

Usage: python bench/check_stages.py STORY_TGJ_DIR [--profile N [--dump FILE] | --sample N] [--warm]

Why in process: a whole process's CPU time (bench/ink.py) says how much, not where. The
stages are timed by wrapping the functions the pipeline calls (by name, looked up where
the pipeline looks them up), so the same script measures any tree whose pipeline has
these names: run it with each tree's own Python, alternating, to compare two trees.
``imports`` is what importing the command line, the check command and the pipeline
costs; a module a stage imports the first time it runs (Lark when a line needs the
grammar, the checks) is counted in that stage. ``--profile N`` prints the N functions
with the most CPU of their own (cProfile) instead, ``--sample N`` the N functions most often
running and most often on the stack (a SIGPROF sampler: cProfile's own cost distorts
call-heavy code). ``--warm`` times a second run after
a one-word prose edit instead of the cold one.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

# (stage, module, attribute, class or None): each wrapped where the pipeline looks it up.
WRAPPED: list[tuple[str, str, str, str | None]] = [
    ("discover, read", "tgc.project.workspace", "discover", None),
    ("discover, read", "tgc.project.workspace", "read_source", None),
    ("cache: key, get", "tgc.project.parsecache", "get", "ParseStore"),
    ("parse", "tgc.project.workspace", "parse_all", None),
    ("cache: write", "tgc.project.parsecache", "put", "ParseStore"),
    ("cache: write", "tgc.project.parsecache", "put_facts", "ParseStore"),
    ("collect", "tgc.semantics.symbols", "collect", None),
    ("resolve", "tgc.semantics.resolve", "resolve", None),
    ("graph", "tgc.semantics.analysis", "build_graph", None),
    ("usage", "tgc.semantics.analysis", "collect_usage", None),
    ("flow", "tgc.semantics.analysis", "solve_flow", None),
    ("endings", "tgc.semantics.analysis", "find_endings", None),
    ("hidden", "tgc.semantics.analysis", "find_hidden", None),
    ("checks", "tgc.pipeline", "_checks", None),
    ("numbers, report", "tgc.pipeline", "with_campaign_hints", None),
    ("numbers, report", "tgc.pipeline", "_numbers", None),
    ("numbers, report", "tgc.pipeline", "_report", None),
    ("other: cache open", "tgc.project.parsecache", "__init__", "ParseStore"),
    ("other: config", "tgc.diagnostics.config", "load_config", None),
    ("other: load", "tgc.project.workspace", "load", None),
    ("other: facts", "tgc.pipeline", "_keep_facts", None),
    ("other: facts", "tgc.pipeline", "_suppressions", None),
]
STAGES = ["imports", "discover, read", "cache: key, get", "parse", "cache: write", "collect",
          "resolve", "graph", "usage", "flow", "endings", "hidden", "checks", "numbers, report",
          "other: cache open", "other: config", "other: load", "other: facts", "render, other"]

totals: dict[str, float] = {}
stack: list[list[Any]] = []  # [stage, start, time of callees]


def timed(stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` charging its own CPU time (its callees' taken out) to ``stage``."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        stack.append([stage, time.process_time(), 0.0])
        try:
            return fn(*args, **kwargs)
        finally:
            name, begun, inner = stack.pop()
            spent = time.process_time() - begun
            totals[name] = totals.get(name, 0.0) + spent - inner
            if stack:
                stack[-1][2] += spent
    return wrapper


def install() -> None:
    for stage, module_name, attr, cls in WRAPPED:
        module = importlib.import_module(module_name)
        owner = getattr(module, cls) if cls is not None else module
        if hasattr(owner, attr):
            setattr(owner, attr, timed(stage, getattr(owner, attr)))


def edit(root: Path) -> None:
    """One word added to the first prose line of the middle file (as bench/ink.py does)."""
    files = sorted(root.glob("*.tgj"))
    path = files[len(files) // 2]
    lines = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line[:1].isalpha())
    lines[index] += " edited"
    path.write_text("\n".join(lines), encoding="utf-8")


def check(root: Path) -> float:
    """One `tgc check ROOT --format concise`, its output dropped; its CPU time."""
    from tgc.cli.main import _run

    began = time.process_time()
    saved = sys.stdout
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (closed below)
    try:
        _run(["check", str(root), "--format", "concise"])
    except SystemExit:
        pass
    finally:
        sys.stdout.close()
        sys.stdout = saved
    return time.process_time() - began


def sample(root: Path) -> tuple[Counter[str], Counter[str]]:
    """One check sampled by SIGPROF (every 1 ms of CPU, the kernel's tick at most): how
    often each function was running (own) and on the stack (inclusive). Unlike cProfile,
    which makes a call cost several times what it does, it leaves the run as it is."""
    import signal

    stacks: list[list[str]] = []

    def record(signum: int, frame: Any) -> None:
        names = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{code.co_filename.split('/tgc/')[-1].split('site-packages/')[-1]}:{code.co_name}")
            frame = frame.f_back
        stacks.append(names)

    signal.signal(signal.SIGPROF, record)
    signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
    try:
        check(root)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    own: Counter[str] = Counter(names[0] for names in stacks if names)
    inclusive: Counter[str] = Counter(name for names in stacks for name in set(names))
    return own, inclusive


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("story", type=Path, help="a campaign folder (the story's tgj/)")
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="print the N functions most often sampled (SIGPROF) instead")
    parser.add_argument("--dump", type=Path, help="with --profile: also write the profile here")
    parser.add_argument("--warm", action="store_true")
    args = parser.parse_args()
    gc.disable()  # as the console script runs `check` (tgc/cli/process.py)
    with tempfile.TemporaryDirectory(prefix="tgc-stages-") as tmp:
        os.environ["TGC_CACHE_DIR"] = str(Path(tmp) / "cache")
        root = Path(tmp) / "story"
        shutil.copytree(args.story, root)
        began = time.process_time()
        import tgc.cli.check  # noqa: F401
        import tgc.cli.main  # noqa: F401
        import tgc.pipeline  # noqa: F401
        if not args.profile:
            install()  # (it imports the modules it wraps)
        imports = time.process_time() - began
        if args.warm:
            check(root)
            edit(root)
        if args.sample:
            counts = sample(root)
            for title, counter in zip(("own", "inclusive"), counts, strict=True):
                total = sum(counts[0].values())
                print(f"--- {title} (of {total} samples)")
                for frame, n in counter.most_common(args.sample):
                    print(f"{100 * n / total:5.1f}% {frame}")
            return 0
        if args.profile:
            import cProfile
            import pstats

            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            check(root)
            profiler.disable()
            stats = pstats.Stats(profiler)
            if args.dump is not None:
                stats.dump_stats(args.dump)
            stats.sort_stats("tottime").print_stats(args.profile)
            return 0
        total = check(root)
    staged = sum(totals.values())
    totals["imports"] = imports
    totals["render, other"] = total - staged
    for stage in STAGES:
        print(f"{stage:16} {totals.get(stage, 0.0):6.3f}")
    print(f"{'total':16} {imports + total:6.3f}")
    print(f"{'lark imported':16} {'yes' if 'lark' in sys.modules else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
