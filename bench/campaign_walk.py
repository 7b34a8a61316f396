"""One walk over the days (`tgc explore --campaign`) in process, with its CPU seconds, for
comparing trees side by side (docs/performance.md, "Session 11: the walk over the days").

Run it from the tree to measure (that tree's tgc is imported, whatever the venv holds):

    cd TREE && python /path/to/bench/campaign_walk.py sample Ailei,Beor 1 40000
    cd TREE && python /path/to/bench/campaign_walk.py testmap:2 Ailei,Beor 1 20000

WHAT is ``sample`` (journal_src) or ``testmap`` (tests/campaign_helpers.py), optionally
``testmap:E`` with both characters at E Energy. One line out: states, complete or not,
CPU seconds, cards and verses reached (and, on the test map, whether 113.1 was), the
load average."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str]) -> str:
    sys.path.insert(0, os.getcwd())
    from tgc.pipeline import compile_folder
    from tgc.playtest.campaignwalk import walk
    from tgc.runtime import Book

    what, party, days, bound = argv[0], tuple(argv[1].split(",")), int(argv[2]), int(argv[3])
    if what == "sample":
        book = Book(compile_folder(Path("journal_src")))
    else:
        from tests.campaign_helpers import MAP, compile_map
        text = MAP
        if ":" in what:
            energy = what.split(":")[1]
            text = text.replace("  energy: 5\n", f"  energy: {energy}\n").replace(
                "  energy: 6\n", f"  energy: {energy}\n")
        book = compile_map(Path(tempfile.mkdtemp()), text)
    start = time.process_time()
    report = walk(book, party, days, max_states=bound)
    cpu = time.process_time() - start
    found = "" if what == "sample" else (", 113.1 found" if "113.1" in report.verses else ", 113.1 missed")
    return (f"{what} {','.join(party)} {days} day(s): {report.states} states, "
            f"{'complete' if report.complete else 'incomplete'}, {cpu:.1f} CPU s, {len(report.cards)} cards, "
            f"{len(report.verses)} verses{found} (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    print(main(sys.argv[1:]), flush=True)
