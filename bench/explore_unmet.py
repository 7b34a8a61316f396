"""Explorer benchmark, what the search never meets: run `tgc explore`'s search on a campaign
to N states and print what its bound (tgc/explore/bound.py) allows that the search has not
met yet (verses, blocks, choices, status parts, secrets, dead ends, endings), with the CPU
seconds and the peak memory. What is listed is either still to be found or a looseness of
the bound; each needs a look (docs/performance.md, Session 11).

Usage: python bench/explore_unmet.py CAMPAIGN [--max-states 30000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("campaign", type=Path)
    parser.add_argument("--max-states", type=int, default=30_000)
    args = parser.parse_args()
    from tgc.explore.explorer import Explorer
    from tgc.pipeline import load_playable
    from tgc.runtime import Book, new_state

    bundle, _ = load_playable(args.campaign)
    book = Book(bundle)
    cpu = time.process_time()
    explorer = Explorer(book, new_state(book.bundle), max_states=args.max_states)
    found = explorer.run()
    cpu = time.process_time() - cpu
    print(f"states {found.states:,}, CPU {cpu:.1f} s, peak {found.peak >> 20} MiB, "
          f"complete {found.complete}, settled {found.settled}")
    limit = found.bound
    if limit is None:
        limits = explorer.limits()
        if limits is None:
            print("no bound for this search")
            return 1
        limit = limits[0]
    if not limit.sure:
        print(f"the bound is not sure: {limit.why}")
        return 1
    unmet = {
        "verses": sorted(limit.verses - found.reached.keys()),
        "blocks": sorted(limit.blocks - found.blocks.keys()),
        "choices": sorted(limit.choices - found.choices, key=repr),
        "status parts": sorted(limit.parts - found.parts),
        "secrets": sorted(limit.secrets - found.secrets),
        "dead ends": sorted(limit.dead_ends - found.dead_ends.keys()),
        "endings": sorted(e for e in limit.endings if e[1] not in found.endings.get(e[0], {})),
    }
    for what, items in unmet.items():
        print(f"{what} ({len(items)}): {', '.join(map(str, items))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
