"""Language server latency (issue 15): with the server in process, the time from a one-line
edit to published diagnostics (median of 20 edits), and the time of a completion and of a
hover, on generated campaigns (bench/gen_campaign.py).

Two kinds of edit, each a keystroke's worth on one line of one location file: words typed
into a prose line (the server keeps every other file's parse, sees that only prose
changed and reuses the last run's resolution and checks: syntax.shape, Job.previous) and
words typed into a choice's text (a structural line: the model is rebuilt and every check
runs). Both are measured twice in one run: "full", every edit a full analysis as before
the incremental path (Session.incremental False), and "incremental". The time runs from
the new buffer to the converted diagnostics (what `textDocument/publishDiagnostics`
carries); the server's debounce is not counted. A hover right after an edit also builds
the name index; a second hover reads it.

Usage: python bench/lsp.py [--sizes 2000,20000] [--edits 20] [--seed 1] [--out bench/out]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
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


def _prose(lines: list[str], k: int) -> list[str]:
    i = next(i for i, line in enumerate(lines) if line and line[0].isalpha())
    return [*lines[:i], f"{lines[i]} word{k}", *lines[i + 1:]]


def _choice(lines: list[str], k: int) -> list[str]:
    i = next(i for i, line in enumerate(lines) if line.startswith("* ") and " -> " in line)
    text, target = lines[i].rsplit(" -> ", 1)
    return [*lines[:i], f"{text} word{k} -> {target}", *lines[i + 1:]]


EDITS: dict[str, Callable[[list[str], int], list[str]]] = {"prose": _prose, "choice": _choice}


def bench(n: int, edits: int, seed: int, out: Path, incremental: bool) -> dict[str, float]:
    folder = (out / f"lsp-{n}-{seed}").absolute()
    if not (folder / "campaign.tgj").exists():
        generate(n, folder, seed)
    server = _Recorder()
    server.session.incremental = incremental
    target = sorted((folder / "locations").glob("*.tgj"))[0]
    text = target.read_text(encoding="utf-8")
    lines = text.split("\n")
    uri = target.as_uri()
    start = time.perf_counter()
    server.publish(server.session.set_text(target, text), uri)
    result: dict[str, float] = {"first": time.perf_counter() - start}
    for kind, edit in EDITS.items():
        times, hovers_cold, hovers_warm, completions = [], [], [], []
        for k in range(edits):
            start = time.perf_counter()
            server.publish(server.session.set_text(target, "\n".join(edit(lines, k))), uri)
            times.append(time.perf_counter() - start)
            snapshot = server.session.snapshot_of(target)
            assert snapshot is not None and snapshot.result.reused == (incremental and kind == "prose")
            name = snapshot.name_of(target)
            for store in (hovers_cold, hovers_warm):
                start = time.perf_counter()
                occ = next(o for o in snapshot.index.by_file[name] if o.kind == "verse" and not o.definition)
                hovers.describe(snapshot, snapshot.index.at(name, occ.span.line, occ.span.col) or occ)
                store.append(time.perf_counter() - start)
            start = time.perf_counter()
            _completions(snapshot, uri, "* Go on -> ")
            completions.append(time.perf_counter() - start)
        result[f"{kind}"] = statistics.median(times)
        result[f"{kind}_max"] = max(times)
        result[f"{kind}_hover_after_edit"] = statistics.median(hovers_cold)
        result[f"{kind}_hover"] = statistics.median(hovers_warm)
        result[f"{kind}_completion"] = statistics.median(completions)
    mode = "incremental" if incremental else "full"
    print(f"{n:>6} verses, {mode:>11}: first analysis {_ms(result['first'])}; "
          f"edit -> diagnostics median (max): prose {_ms(result['prose'])} ({_ms(result['prose_max'])}), "
          f"choice text {_ms(result['choice'])} ({_ms(result['choice_max'])}); "
          f"hover {_ms(result['prose_hover'])} ({_ms(result['prose_hover_after_edit'])} right after "
          f"a prose edit, with the index); completion {_ms(result['prose_completion'])}", flush=True)
    server.session.tidy()
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,20000")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out")
    args = parser.parse_args(argv)
    for n in (int(s) for s in args.sizes.split(",")):
        for incremental in (False, True):
            bench(n, args.edits, args.seed, args.out, incremental)
            gc.collect()


if __name__ == "__main__":
    main()
