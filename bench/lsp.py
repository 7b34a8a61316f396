"""Language server latency (issue 15): with the server in process, the time from a one-line
edit to published diagnostics (median of 20 edits), and the time of a completion and of a
hover, on generated campaigns (bench/gen_campaign.py).

Seven kinds of edit (``--kinds``), each on one line of one location file: words typed
into a prose line (the server keeps every other file's parse, sees that only prose
changed and reuses the last run's resolution and checks: syntax.shape, Job.previous),
words typed into a choice's text (the same: no check reads a choice's words; the
choice's target moves along the line, so the name index is built again), and five
structural edits, which re-run every check on an analysis carried on from the last one
(semantics.incremental): a choice's target changed to another verse of the file, a verse
header typed (a verse comes) or deleted (one goes), a guard typed on a choice and a
divert line added. Each can be measured twice: "full", every edit a full analysis as
before the incremental path (Session.incremental False), and "incremental" (``--modes``
picks). The time runs from the new buffer to the converted diagnostics (what
`textDocument/publishDiagnostics` carries); the server's debounce is not counted. A
hover right after an edit also builds the name index; a second hover reads it.

Every figure is CPU time of the process unless ``--clock wall`` (the machine is shared).

Usage: python bench/lsp.py [--sizes 2000,20000] [--edits 20] [--seed 1] [--out bench/out]
       [--modes full,incremental] [--stages] [--clock cpu|wall]
       [--kinds prose,choice,target,verse-add,verse-remove,guard,divert] [--lenses]

With ``--lenses`` a code-lens request for the edited file ("N references", "reached by
N entry points") comes first after each edit, and its time is printed on a third line;
the hover right after the edit then finds the name index built.
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
from tgc.editor.server import TgcServer, _completions, code_lens  # noqa: E402


class _Recorder(TgcServer):
    """The server, keeping what it would send to the client."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[types.PublishDiagnosticsParams] = []

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        self.sent.append(params)


# The clock every figure reads (``--clock``): the process's CPU time by default, since the
# machine the bench runs on is shared (a loaded machine multiplies wall times, not CPU
# times; the server in process runs on one thread, so its CPU time is its work); "wall"
# for the time a writer waits on an idle machine.
_CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
_CLOCK = ["cpu"]
_KINDS: list[str] = ["prose", "choice", "target"]  # the kinds of edit measured (``--kinds``)
_LENSES = [False]  # ``--lenses``: a code-lens request for the edited file first, right after the edit


def _clock() -> float:
    return _CLOCKS[_CLOCK[0]]()


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _prose(lines: list[str], k: int) -> list[str]:
    i = next(i for i, line in enumerate(lines) if line and line[0].isalpha())
    return [*lines[:i], f"{lines[i]} word{k}", *lines[i + 1:]]


def _choice(lines: list[str], k: int) -> list[str]:
    i = next(i for i, line in enumerate(lines) if line.startswith("* ") and " -> " in line)
    text, target = lines[i].rsplit(" -> ", 1)
    return [*lines[:i], f"{text} word{k} -> {target}", *lines[i + 1:]]


def _target(lines: list[str], k: int) -> list[str]:
    """The first choice diverts to another verse of the file on every edit."""
    i = next(i for i, line in enumerate(lines) if line.startswith("* ") and " -> " in line)
    verses = [line[3:].split()[0] for line in lines if line.startswith("== ")]
    text, _ = lines[i].rsplit(" -> ", 1)
    return [*lines[:i], f"{text} -> {verses[k % len(verses)]}", *lines[i + 1:]]


def _headers(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith("== ")]


def _verse_add(lines: list[str], k: int) -> list[str]:
    """A new verse header typed before the choices of one verse (they become the new
    verse's): a verse id comes, its body takes lines from another."""
    heads = _headers(lines)
    start = heads[k % len(heads)]
    end = next((h for h in heads if h > start), len(lines))
    i = next((j for j in range(start + 1, end) if lines[j].startswith("* ")), end)
    section = lines[start][3:].split(".")[0]
    return [*lines[:i], f"== {section}.added{k}", *lines[i:]]


def _verse_remove(lines: list[str], k: int) -> list[str]:
    """One verse header deleted (not the file's first): the verse's lines join the verse
    before it, and the references to it no longer resolve (TGC101)."""
    heads = _headers(lines)[1:]
    i = heads[k % len(heads)]
    return [*lines[:i], *lines[i + 1:]]


def _guard(lines: list[str], k: int) -> list[str]:
    """A guard typed on a plain choice (a cost and a condition on a status): the state
    flow changes, no name does."""
    plain = [i for i, line in enumerate(lines) if line.startswith("* ") and not line.startswith("* {")
             and " -> " in line]
    i = plain[k % len(plain)]
    return [*lines[:i], f"* {{pay {1 + k % 3} wealth}} {lines[i][2:]}", *lines[i + 1:]]


def _divert(lines: list[str], k: int) -> list[str]:
    """A divert line added at the end of one verse's body, to another verse of the file."""
    heads = _headers(lines)
    verses = [lines[h][3:].split()[0] for h in heads]
    at = heads[(k + 1) % len(heads)] if (k + 1) % len(heads) else len(lines)
    while at > 0 and not lines[at - 1].strip():
        at -= 1
    return [*lines[:at], f"-> {verses[(k + 7) % len(verses)]}", *lines[at:]]


EDITS: dict[str, Callable[[list[str], int], list[str]]] = {
    "prose": _prose, "choice": _choice, "target": _target, "verse-add": _verse_add,
    "verse-remove": _verse_remove, "guard": _guard, "divert": _divert}
# The edits that take back the last one's before the next (the file as generated comes
# back first, untimed), so that each timed edit adds or removes exactly one thing.
_RESET = {"verse-add", "verse-remove", "divert", "guard"}
# The edits whose next run reuses the last run's checks (prose alone changed).
_REUSED = {"prose", "choice"}


# Where an edit's time goes (``--stages``): the pipeline's stages and the analysis
# structures the checks compute, each timed on its own while an edit is analysed (not
# while a hover or a completion runs). The checks' time includes the structures they read
# first ("checks proper" is what is left); the flow's includes what errors hide.
STAGES = {"tgc.pipeline": ("_files", "_reusable", "_model", "_model_again", "_checks", "with_campaign_hints",
                           "_numbers", "_report"),
          "tgc.semantics.analysis": ("build_graph", "collect_usage", "solve_flow", "solve_flow_again")}
_EDITING = [False]


def _timed_stages() -> dict[str, list[float]]:
    """Wrap every function of STAGES with a timer; the times, by name, per call."""
    import importlib

    found: dict[str, list[float]] = {}
    for module_name, names in STAGES.items():
        module = importlib.import_module(module_name)
        for name in names:
            setattr(module, name, _timer(getattr(module, name), found.setdefault(name, [])))
    return found


def _timer(function: Callable[..., object], times: list[float]) -> Callable[..., object]:
    def timed(*args: object, **kwargs: object) -> object:
        if not _EDITING[0]:
            return function(*args, **kwargs)
        start = _clock()
        try:
            return function(*args, **kwargs)
        finally:
            times.append(_clock() - start)
    return timed


def _stage_line(found: dict[str, list[float]], edits: int) -> str:
    per = {name: sum(times) / edits for name, times in found.items()}
    structures = sum(per.get(n, 0.0) for n in STAGES["tgc.semantics.analysis"])
    parts = [f"{name.strip('_')} {_ms(t)}" for name, t in per.items() if t >= 0.0005]
    return ", ".join(parts) + f"; checks proper {_ms(per.get('_checks', 0.0) - structures)}"


def bench(n: int, edits: int, seed: int, out: Path, incremental: bool,
          stages: dict[str, list[float]] | None = None) -> dict[str, float]:
    folder = (out / f"lsp-{n}-{seed}").absolute()
    if not (folder / "campaign.tgj").exists():
        generate(n, folder, seed)
    server = _Recorder()
    server.session.incremental = incremental
    target = sorted((folder / "locations").glob("*.tgj"))[0]
    text = target.read_text(encoding="utf-8")
    lines = text.split("\n")
    uri = target.as_uri()
    start = _clock()
    server.publish(server.session.set_text(target, text), uri)
    result: dict[str, float] = {"first": _clock() - start}
    for kind, edit in EDITS.items():
        if kind not in _KINDS:
            continue
        times, hovers_cold, hovers_warm, completions, lenses = [], [], [], [], []
        for stage_times in (stages or {}).values():  # (not `times`: the edits' own list)
            stage_times.clear()
        for k in range(edits):
            if kind in _RESET:
                server.publish(server.session.set_text(target, text), uri)
            _EDITING[0] = True
            start = _clock()
            server.publish(server.session.set_text(target, "\n".join(edit(lines, k))), uri)
            times.append(_clock() - start)
            _EDITING[0] = False
            if _LENSES[0]:
                start = _clock()
                code_lens(server, types.CodeLensParams(types.TextDocumentIdentifier(uri)))
                lenses.append(_clock() - start)
            snapshot = server.session.snapshot_of(target)
            assert snapshot is not None and snapshot.result.reused == (incremental and kind in _REUSED)
            name = snapshot.name_of(target)
            for store in (hovers_cold, hovers_warm):
                start = _clock()
                occ = next(o for o in snapshot.index.by_file[name] if o.kind == "verse" and not o.definition)
                hovers.describe(snapshot, snapshot.index.at(name, occ.span.line, occ.span.col) or occ)
                store.append(_clock() - start)
            start = _clock()
            _completions(snapshot, uri, "* Go on -> ")
            completions.append(_clock() - start)
        if stages is not None:
            print(f"{n:>6} verses, {kind} edit, mean per edit: {_stage_line(stages, edits)}", flush=True)
        result[f"{kind}"] = statistics.median(times)
        result[f"{kind}_max"] = max(times)
        result[f"{kind}_hover_after_edit"] = statistics.median(hovers_cold)
        result[f"{kind}_hover"] = statistics.median(hovers_warm)
        result[f"{kind}_completion"] = statistics.median(completions)
        if lenses:
            result[f"{kind}_lenses"] = statistics.median(lenses)
    mode = "incremental" if incremental else "full"
    print(f"{n:>6} verses, {mode:>11}: first analysis {_ms(result['first'])}; edit -> diagnostics "
          "median (max): " + ", ".join(f"{kind} {_ms(result[kind])} ({_ms(result[kind + '_max'])})"
                                       for kind in _KINDS), flush=True)
    print(f"{n:>6} verses, {mode:>11}: hover / hover right after the edit (with the index) / "
          "completion after `->`, medians: " + ", ".join(
              f"{kind} {_ms(result[kind + '_hover'])} / {_ms(result[kind + '_hover_after_edit'])} / "
              f"{_ms(result[kind + '_completion'])}" for kind in _KINDS), flush=True)
    if _LENSES[0]:
        print(f"{n:>6} verses, {mode:>11}: code lenses of the edited file right after the edit, medians: "
              + ", ".join(f"{kind} {_ms(result[kind + '_lenses'])}" for kind in _KINDS), flush=True)
    server.session.tidy()
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,20000")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out")
    parser.add_argument("--modes", default="full,incremental",
                        help="full, incremental or both (comma-separated)")
    parser.add_argument("--clock", choices=sorted(_CLOCKS), default="cpu",
                        help="what the figures measure: CPU time of the process (default) or wall time")
    parser.add_argument("--stages", action="store_true",
                        help="also print where each kind of edit spends its time, by stage")
    parser.add_argument("--kinds", default="prose,choice,target",
                        help="the kinds of edit to measure (comma-separated): " + ", ".join(EDITS))
    parser.add_argument("--lenses", action="store_true",
                        help="also time a code-lens request for the edited file right after each edit "
                        "(before the hovers, which then find the name index built)")
    args = parser.parse_args(argv)
    _LENSES[0] = args.lenses
    _CLOCK[0] = args.clock
    _KINDS[:] = [k for k in args.kinds.split(",") if k in EDITS]
    print(f"clock: {args.clock}", flush=True)
    stages = _timed_stages() if args.stages else None
    modes = args.modes.split(",")
    for n in (int(s) for s in args.sizes.split(",")):
        for incremental in [m == "incremental" for m in ("full", "incremental") if m in modes]:
            bench(n, args.edits, args.seed, args.out, incremental, stages)
            gc.collect()


if __name__ == "__main__":
    main()
