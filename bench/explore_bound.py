"""Explorer benchmark, the bound alone: `tgc explore`'s bound and ways out (tgc/explore/bound.py,
ways.py, region.py) on generated campaigns (bench/gen_campaign.py N --seed 1, 20 statuses),
each in a fresh process, in CPU seconds (``time.process_time``), with the bodies walked and
the memory the bound added (the peak resident set after, less before: ``ru_maxrss``).

``--tree PATH`` measures another checkout of tgc (its ``tgc`` package is imported first),
``--against PATH`` that checkout and this one alternately, size by size, with the load
average beside each row: the side-by-side run of docs/performance.md, Session 11.

Usage: python bench/explore_bound.py [--sizes 100,300,1000,2000] [--against PATH] [--timeout 300]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))


def one(campaign: Path) -> dict[str, object]:
    """In the child: the bound of one campaign, timed alone."""
    import resource
    import time

    import tgc.explore.bound as bound_module
    from tgc.explore.explorer import Explorer
    from tgc.pipeline import load_playable
    from tgc.runtime import Book, new_state

    bundle, _ = load_playable(campaign)
    book = Book(bundle)
    explorer = Explorer(book, new_state(book.bundle), max_states=1)
    walks = [0]
    walk = bound_module._Bounder._walk

    def counted(self: object, *args: object) -> object:
        walks[0] += 1
        return walk(self, *args)  # type: ignore[arg-type]

    bound_module._Bounder._walk = counted  # type: ignore[method-assign,assignment]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cpu = time.process_time()
    limits = explorer.limits()
    cpu = time.process_time() - cpu
    assert limits is not None
    limit, ways = limits
    return {"cpu": round(cpu, 2), "walks": walks[0], "bodies": len(book.bodies),
            "added_mib": round((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024, 1),
            "sure": limit.sure, "verses": len(limit.verses), "of": len(book.verses), "trap": ways.trap}


def measure(tree: Path, campaign: Path, timeout: float) -> str:
    cmd = [sys.executable, __file__, "--one", str(campaign), "--tree", str(tree)]
    load = os.getloadavg()[0]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"| {tree} | {campaign.name} | {load:.1f} | timed out | | | | |"
    if proc.returncode != 0:
        return f"| {tree} | {campaign.name} | {load:.1f} | {proc.stderr.strip().splitlines()[-1:]} | | | | |"
    row = json.loads(proc.stdout.strip().splitlines()[-1])
    return (f"| {tree} | {campaign.name} | {load:.1f} | {row['cpu']} | {row['walks']:,} of {row['bodies']:,} "
            f"bodies | +{row['added_mib']} | {row['verses']:,} of {row['of']:,} | {row['trap'] or 'none'} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300,1000,2000")
    parser.add_argument("--against", type=Path, help="another checkout, measured alternately with this one")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        sys.path.insert(0, str(args.tree))
        print(json.dumps(one(args.one)))
        return 0
    from explore import generated

    args.out.mkdir(parents=True, exist_ok=True)
    print("| tree | campaign | load | CPU s | walks | MiB added | verses in the bound | trap in doubt |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    trees = [args.against.resolve(), ROOT] if args.against else [ROOT]
    for size in (int(s) for s in args.sizes.split(",") if s):
        campaign = generated(size, args.out)
        for tree in trees:
            print(measure(tree, campaign, args.timeout), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
