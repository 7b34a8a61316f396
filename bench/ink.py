"""tgc against the ink compiler on the same story: cold and warm `tgc check` of the
side-by-side story (../shared/bench: gen_story.py + emit_tgj.py) and inkjs compiling its
ink twin, run alternately in one run, CPU seconds (user + system) per command, medians
and ratios. Cold = an empty parse cache; warm = a second run after a one-word edit.

Usage: python bench/ink.py STORY_DIR --ink-compiler PATH/inkjs-compiler.js [--repeat 3]
       [--tgc [LABEL=]PATH]...   (STORY_DIR holds story.ink and tgj/)

Several --tgc (a tree before and after a change, each its own tgc executable) are run in
turn in every round, against the same ink runs, so they compare under the same load. Each
tree's bytecode is compiled first, as run.py does (an installed tgc has it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from measure import Run, compile_bytecode, measure

EDIT = " edited"


def edited_line(root: Path) -> tuple[Path, int]:
    """The first prose line of the middle file: the one-word edit of a warm run."""
    files = sorted(root.glob("*.tgj"))
    path = files[len(files) // 2]
    for index, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
        if line[:1].isalpha():
            return path, index
    raise SystemExit(f"no prose line in {path}")


def tgc_runs(tgc: str, root: Path, cache: Path) -> tuple[Run, Run]:
    shutil.rmtree(cache, ignore_errors=True)
    argv = [tgc, "check", str(root), "--format", "concise"]
    cold = measure(argv, 1800)
    path, index = edited_line(root)
    original = path.read_bytes()
    lines = original.decode("utf-8").split("\n")
    lines[index] += EDIT
    path.write_bytes("\n".join(lines).encode("utf-8"))
    try:
        warm = measure(argv, 1800)
    finally:
        path.write_bytes(original)
    return cold, warm


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("story", type=Path)
    parser.add_argument("--ink-compiler", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tgc", action="append", metavar="[LABEL=]PATH",
                        help="a tgc executable (repeat it to compare trees; default: this venv's)")
    args = parser.parse_args()
    tgcs = [_labelled(text) for text in args.tgc or [str(Path(sys.executable).parent / "tgc")]]
    cold: dict[str, list[Run]] = {label: [] for label, _ in tgcs}
    warm: dict[str, list[Run]] = {label: [] for label, _ in tgcs}
    ink: list[Run] = []
    for label, tgc in tgcs:  # as an installed tgc has it (bench/measure.py)
        print(f"{label}: {compile_bytecode(Path(tgc))}")
    with tempfile.TemporaryDirectory(prefix="tgc-ink-") as tmp:
        os.environ["TGC_CACHE_DIR"] = str(Path(tmp) / "cache")
        for _ in range(args.repeat):
            for label, tgc in tgcs:
                c, w = tgc_runs(tgc, args.story / "tgj", Path(tmp) / "cache")
                cold[label].append(c)
                warm[label].append(w)
            ink.append(measure(["node", str(args.ink_compiler), "-o", str(Path(tmp) / "out.json"),
                                str(args.story / "story.ink")], 1800))
    rows = [(f"{label} cold", cold[label]) for label, _ in tgcs]
    rows += [(f"{label} warm", warm[label]) for label, _ in tgcs]
    for name, runs in [*rows, ("inkjs compile", ink)]:
        bad = [r.rc for r in runs if r.rc not in (0, 1)]
        print(f"{name:16s} cpu {[round(r.cpu, 2) for r in runs]} median "
              f"{statistics.median(r.cpu for r in runs):.2f} s; wall median "
              f"{statistics.median(r.wall for r in runs):.1f} s; peak "
              f"{max(r.peak_kb for r in runs) / 1024:.0f} MB{'; FAILED ' + str(bad) if bad else ''}")
    base = statistics.median(r.cpu for r in ink)
    for label, _ in tgcs:
        print(f"{label}: cold / ink {statistics.median(r.cpu for r in cold[label]) / base:.3f}; "
              f"warm / ink {statistics.median(r.cpu for r in warm[label]) / base:.3f}")
    return 0


def _labelled(text: str) -> tuple[str, str]:
    """``LABEL=PATH`` or ``PATH`` (labelled ``tgc``)."""
    label, sep, path = text.partition("=")
    return (label, path) if sep else ("tgc", text)


if __name__ == "__main__":
    sys.exit(main())
