"""The witness round benchmark: `tgc explore CAMPAIGN --witnesses OUT --jobs J` on the sample
and on generated campaigns, one worker and two side by side (alternating, each a fresh
process), with the search alone beside them; then, with ``--replay``, every script written
run through `tgc play --script` in a process of its own and checked to meet its goal.

CPU seconds are the children's user + sys (``resource.getrusage(RUSAGE_CHILDREN)``, so a
round's worker processes count too): on a shared machine the figure that compares; wall
seconds and the 1-minute load average are printed beside them. ``--ship`` measures, in a
fresh process, what a worker pays to get the exploration: searching again from the bundle
and the request, or unpickling a pickled one (plus pickling it once, and its size).

Usage: python bench/witness_round.py [--cases sample,gen300,s4-1000] [--max-states N]
                                     [--memory 4GiB] [--timeout 900] [--replay] [--ship]
                                     [--out bench/out/witness_round.json]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CASES = {"sample": (None, 0), "gen300": (300, 20), "s4-1000": (1000, 4)}  # verses, statuses
TGC = [sys.executable, "-m", "tgc"]


def campaign(name: str, out: Path) -> Path:
    size, statuses = CASES[name]
    if size is None:
        return ROOT / "journal_src"
    where = out / f"witness-campaign-{size}-s1-{statuses}st"
    if not where.exists():
        subprocess.run([sys.executable, str(ROOT / "bench" / "gen_campaign.py"), str(size), str(where),
                        "--seed", "1", "--statuses", str(statuses)], check=True, capture_output=True)
    return where


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(cmd: list[str], timeout: float) -> dict[str, object]:
    """Run ``cmd``; its CPU (with its own children), wall, the load before, its exit code."""
    load = os.getloadavg()[0]
    cpu, wall = children_cpu(), time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout} s", "load": round(load, 1)}
    return {"cpu": round(children_cpu() - cpu, 2), "wall": round(time.perf_counter() - wall, 2),
            "load": round(load, 1), "code": proc.returncode, "stdout": proc.stdout.strip().splitlines()[-1:]}


def rounds(name: str, where: Path, args: argparse.Namespace, scratch: Path) -> list[dict[str, object]]:
    """The search alone, then one worker and two, alternating (``--repeat`` times)."""
    base = ["explore", str(where), "--no-cache", "--max-states", str(args.max_states),
            "--memory", args.memory]
    rows = [{"case": name, "run": "search alone"} | timed([*TGC, *base, "--format", "json"], args.timeout)]
    for n in range(args.repeat):
        for jobs in (1, 2):
            out = scratch / f"{name}-j{jobs}-{n}"
            row = timed([*TGC, *base, "--witnesses", str(out), "--jobs", str(jobs)], args.timeout)
            if (out / "index.json").exists():
                row["summary"] = json.loads((out / "index.json").read_text(encoding="utf-8"))["summary"]
            rows.append({"case": name, "run": f"--jobs {jobs}"} | row)
    first, second = scratch / f"{name}-j1-0", scratch / f"{name}-j2-0"
    rows.append({"case": name, "run": "same folder for --jobs 1 and 2", "same": same(first, second)})
    return rows


def same(one: Path, two: Path) -> bool:
    if not one.is_dir() or not two.is_dir():
        return False
    names = sorted(p.name for p in one.iterdir())
    return names == sorted(p.name for p in two.iterdir()) and all(
        (one / n).read_bytes() == (two / n).read_bytes() for n in names)


# ---------------------------------------------------------------- every script through tgc play


def met_in(book: object, kind: str, verse: str, transcript: str) -> bool:
    """Does a transcript `tgc play --script` printed show the goal met? A verse (a trap, an
    error's verse): its heading; an ending: its line, under the verse's heading."""
    from tgc.playtest.places import verse_label

    label = verse_label(book, verse)[0]  # type: ignore[arg-type]
    lines = transcript.splitlines()
    headings = [i for i, line in enumerate(lines)
                if line == f"== {label}" or line.startswith(f"== {label} (")]
    if kind in ("verse", "trap", "error"):
        return bool(headings)
    ending = {"dead-end": f"Dead end in {label}:", "trap-loop": f"Loop in {verse}:",
              "end-chapter": "The chapter ends.", "game-over": "Game over."}[kind]
    at = [i for i, line in enumerate(lines) if line.startswith(ending)]
    return any(h < i and not any(line.startswith("== ") for line in lines[h + 1:i])
               for i in at for h in headings)


def replay_all(where: Path, folder: Path, timeout: float) -> dict[str, object]:
    """Every script in ``folder`` run as its ``# replay:`` line says; the goals met."""
    from tgc.pipeline import load_playable
    from tgc.runtime import Book

    book = Book(load_playable(where)[0])
    rows = json.loads((folder / "index.json").read_text(encoding="utf-8"))["witnesses"]
    missed: list[str] = []
    cpu, wall = children_cpu(), time.perf_counter()
    for row in rows:
        if row["file"] is None or not row["confirmed"]:
            continue
        script = folder / row["file"]
        lines = script.read_text(encoding="utf-8").splitlines()
        line = next(x for x in lines if x.startswith("# replay: tgc "))
        cmd = line.removeprefix("# replay: tgc ").replace("THIS_FILE", str(script)).split()
        played = subprocess.run([*TGC, *cmd], capture_output=True, text=True, timeout=timeout)
        if not met_in(book, row["kind"], row["verse"], played.stdout):
            missed.append(row["goal"])
    return {"scripts": sum(1 for r in rows if r["file"] and r["confirmed"]), "missed": missed,
            "cpu": round(children_cpu() - cpu, 1), "wall": round(time.perf_counter() - wall, 1)}


# ---------------------------------------------------------------- what a worker pays


def ship_cost(where: str, max_states: int) -> dict[str, object]:
    """Runs in the child: search again (what a worker that rebuilds pays) against pickling
    the exploration once and unpickling it (what a worker that is shipped it pays)."""
    from tgc.explore.explorer import explore
    from tgc.pipeline import load_playable
    from tgc.runtime import Book, new_state

    bundle, _ = load_playable(Path(where))
    began = time.process_time()
    book = Book(bundle)
    ex = explore(book, new_state(book.bundle), max_states=max_states)
    rebuild = time.process_time() - began
    began = time.process_time()
    blob = pickle.dumps(ex, protocol=pickle.HIGHEST_PROTOCOL)
    dumped = time.process_time() - began
    began = time.process_time()
    pickle.loads(blob)
    loaded = time.process_time() - began
    return {"states": ex.states, "complete": ex.complete, "rebuild_cpu": round(rebuild, 2),
            "pickle_cpu": round(dumped, 2), "unpickle_cpu": round(loaded, 2),
            "pickle_mib": round(len(blob) / 2**20, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default="sample,gen300,s4-1000")
    parser.add_argument("--max-states", type=int, default=500_000)
    parser.add_argument("--memory", default="4GiB")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--replay", action="store_true")
    parser.add_argument("--ship", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "witness_round.json")
    parser.add_argument("--ship-one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ship_one:
        print(json.dumps(ship_cost(args.ship_one, args.max_states)))
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="witness-round-"))
    rows: list[dict[str, object]] = []
    try:
        for name in args.cases.split(","):
            begun = len(rows)
            where = campaign(name, args.out.parent)
            rows += rounds(name, where, args, scratch)
            if args.replay and (scratch / f"{name}-j1-0" / "index.json").exists():
                rows.append({"case": name, "run": "every script through tgc play --script"}
                            | replay_all(where, scratch / f"{name}-j1-0", args.timeout))
            if args.ship:
                child = timed([sys.executable, __file__, "--ship-one", str(where), "--max-states",
                               str(args.max_states)], args.timeout)
                rows.append({"case": name, "run": "what a worker pays"} | child)
            for row in rows[begun:]:
                print(json.dumps(row), flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    args.out.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
