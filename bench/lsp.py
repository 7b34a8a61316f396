"""Language server latency (issue 15): with the server in process, the time from a one-line
edit to published diagnostics (median of 20 edits), and the time of a completion and of a
hover, on generated campaigns (bench/gen_campaign.py).

Each edit changes one prose line of one location file, as typing does; the server keeps
every other file's parse, rebuilds the model and a fresh analysis, runs every check and
converts the diagnostics (what `textDocument/publishDiagnostics` carries). A hover right
after an edit also builds the name index; a second hover reads it.

Usage: python bench/lsp.py [--sizes 2000,20000] [--edits 20] [--seed 1] [--out bench/out]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gen_campaign import generate  # noqa: E402
from lsprotocol import types  # noqa: E402

from tgc.editor import hover as hovers  # noqa: E402
from tgc.editor.server import TgcServer, _completions  # noqa: E402


class _Recorder(TgcServer):
    """The server, keeping what it would send to the client."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[types.PublishDiagnosticsParams] = []

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        self.sent.append(params)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def bench(n: int, edits: int, seed: int, out: Path) -> dict[str, float]:
    folder = out / f"lsp-{n}-{seed}"
    if not (folder / "campaign.tgj").exists():
        generate(n, folder, seed)
    server = _Recorder()
    sent = server.sent
    target = sorted((folder / "locations").glob("*.tgj"))[0]
    text = target.read_text(encoding="utf-8")
    lines = text.split("\n")
    prose = next(i for i, line in enumerate(lines) if line and line[0].isalpha())
    start = time.perf_counter()
    server.publish(server.session.set_text(target, text), target.as_uri())
    first = time.perf_counter() - start
    times, hovers_cold, hovers_warm, completions = [], [], [], []
    uri = target.as_uri()
    for k in range(edits):
        edited = list(lines)
        edited[prose] = f"{lines[prose]} word{k}"
        start = time.perf_counter()
        server.publish(server.session.set_text(target, "\n".join(edited)), uri)
        times.append(time.perf_counter() - start)
        snapshot = server.session.snapshot_of(target)
        assert snapshot is not None
        name = snapshot.name_of(target)
        for store in (hovers_cold, hovers_warm):
            start = time.perf_counter()
            occ = next(o for o in snapshot.index.by_file[name] if o.kind == "verse" and not o.definition)
            hovers.describe(snapshot, snapshot.index.at(name, occ.span.line, occ.span.col) or occ)
            store.append(time.perf_counter() - start)
        start = time.perf_counter()
        _completions(snapshot, uri, "* Go on -> ")
        completions.append(time.perf_counter() - start)
    result = {"first": first, "edit": statistics.median(times), "edit_max": max(times),
              "hover_after_edit": statistics.median(hovers_cold), "hover": statistics.median(hovers_warm),
              "completion": statistics.median(completions), "published": float(len(sent))}
    print(f"{n:>6} verses: first analysis {_ms(first)}; edit -> diagnostics median {_ms(result['edit'])} "
          f"(max {_ms(result['edit_max'])}); hover {_ms(result['hover'])} "
          f"({_ms(result['hover_after_edit'])} right after an edit, with the index); "
          f"completion {_ms(result['completion'])}")
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,20000")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out")
    args = parser.parse_args(argv)
    for n in (int(s) for s in args.sizes.split(",")):
        bench(n, args.edits, args.seed, args.out)


if __name__ == "__main__":
    main()
