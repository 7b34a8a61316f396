"""Explorer benchmark: `tgc explore`'s search on generated campaigns (bench/gen_campaign.py,
20 statuses, seed 1) and on the sample with a party of one, two, three and four, side by
side in one run.

Each case runs in a fresh process (so its peak memory is its own): the campaign is loaded,
then ``explore`` is timed alone, in CPU seconds (``time.process_time``: on a shared machine
the figure that compares) and wall seconds. Bytes per state = (peak resident memory -
resident memory before the search) / states. With ``--witnesses`` every reached verse also
gets a witness, replayed on the interpreter (the count that fail is reported).

Usage: python bench/explore.py [--sizes 100,300,1000,2000] [--max-states 2000000]
                               [--memory 4GiB] [--timeout 900] [--witnesses]
                               [--out bench/out/explore.json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The sample's parties, one to four members (issue 11: parties of 2-4 must be practical).
SAMPLE_PARTIES = (("sample, party of one", ""), ("sample, Beor and Ailei", "Beor,Ailei"),
                  ("sample, a party of three", "Beor,Ailei,Arev"),
                  ("sample, a party of four", "Beor,Ailei,Arev,Maggot"))


def one(campaign: str, party: str, max_states: int, memory: int, witnesses: bool) -> dict[str, object]:
    """Runs in the child: load, explore, measure."""
    from tgc.explore.budget import peak, resident
    from tgc.explore.explorer import explore
    from tgc.explore.witness import witness
    from tgc.pipeline import load_playable
    from tgc.runtime import Book, new_state

    bundle, _ = load_playable(Path(campaign))
    book = Book(bundle)
    start = new_state(book.bundle, [p for p in party.split(",") if p])
    before = resident()
    cpu, wall = time.process_time(), time.perf_counter()
    ex = explore(book, start, max_states=max_states, memory=before + memory)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    top = max(peak(), ex.peak)
    out: dict[str, object] = {
        "complete": ex.complete, "settled": ex.settled, "stopped": ex.stopped, "states": ex.states,
        "cpu": round(cpu, 2), "wall": round(wall, 2), "peak_mib": round(top / 2**20, 1),
        "bytes_per_state": (top - before) // max(ex.states, 1),
        "verses": len(book.verses), "reached": len(ex.reached),
    }
    if witnesses:
        failed = [v for v in sorted(ex.reached) if not ((w := witness(ex, v)) and w.found)]
        out["witness_failures"] = failed
    return out


def case(label: str, campaign: Path, party: str, args: argparse.Namespace) -> dict[str, object]:
    cmd = [sys.executable, __file__, "--one", str(campaign), "--party", party,
           "--max-states", str(args.max_states), "--memory", args.memory]
    if args.witnesses:
        cmd.append("--witnesses")
    began = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"case": label, "error": f"timed out after {args.timeout} s"}
    if proc.returncode != 0:
        return {"case": label, "error": proc.stderr.strip().splitlines()[-1:]}
    row: dict[str, object] = {"case": label, **json.loads(proc.stdout.strip().splitlines()[-1])}
    row["process_wall"] = round(time.perf_counter() - began, 1)
    return row


def generated(size: int, out: Path) -> Path:
    where = out / f"explore-campaign-{size}-s1"
    if not where.exists():
        subprocess.run([sys.executable, str(ROOT / "bench" / "gen_campaign.py"), str(size), str(where),
                        "--seed", "1"], check=True, capture_output=True)
    return where


def table(rows: list[dict[str, object]]) -> str:
    head = ("| case | result | states | CPU s | wall s | peak MiB | bytes/state | verses reached |\n"
            "| --- | --- | --- | --- | --- | --- | --- | --- |")
    lines = [head]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['case']} | {row['error']} | | | | | | |")
            continue
        result = "complete" if row["complete"] else f"stopped ({row['stopped']})"
        result += " at its bound" if row.get("settled") else ""
        lines.append(f"| {row['case']} | {result} | {row['states']:,} | {row['cpu']} | {row['wall']} | "
                     f"{row['peak_mib']} | {row['bytes_per_state']:,} | "
                     f"{row['reached']} of {row['verses']} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300,1000,2000")
    parser.add_argument("--max-states", type=int, default=2_000_000)
    parser.add_argument("--memory", default="4GiB", help="the budget above the memory held before the search")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--witnesses", action="store_true")
    parser.add_argument("--no-sample", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "explore.json")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--party", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    from tgc.explore.budget import parse_size

    if args.one:
        memory = parse_size(args.memory)
        assert memory is not None, args.memory
        print(json.dumps(one(args.one, args.party, args.max_states, memory, args.witnesses)))
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rows = []
    for size in (int(s) for s in args.sizes.split(",") if s):
        rows.append(case(f"generated {size:,}", generated(size, args.out.parent), "", args))
        print(table(rows[-1:]).splitlines()[-1], flush=True)
    if not args.no_sample:
        for label, party in SAMPLE_PARTIES:
            rows.append(case(label, ROOT / "journal_src", party, args))
            print(table(rows[-1:]).splitlines()[-1], flush=True)
    print(table(rows))
    args.out.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 1 if any("error" in row for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
