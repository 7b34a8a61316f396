"""Benchmark results: the baselines from the issue, result records, ratios and rich tables.

Kept apart from the runner so that the numbers (results.json) and their presentation
can change without touching how commands are timed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

BASELINE_VERSES = 20_000

@dataclass(frozen=True)
class Baseline:
    """A reference figure from the issue, measured on 20,000 passages (16 MB)."""

    name: str
    what: str
    seconds: float
    peak_mb: float | None = None


BASELINES = (
    Baseline("inkjs", "inkjs 2.4.0 compiler", 15.3, 1160.0),
    Baseline("ChoiceScript", "ChoiceScript quicktest", 22.9),
    Baseline("extwee", "extwee", 2.2),
    Baseline("json.load", "Python json.load of the same graph as 22 MB JSON", 0.45),
)


@dataclass
class JobResult:
    """What one command did on one campaign; ``ratios`` are tgc time / baseline time."""

    status: str  # ok, not clean (diagnostics on a campaign meant to be clean), failed
    cold_s: float | None
    warm_s: float | None
    us_per_verse: float | None
    mb_per_s: float | None
    peak_rss_mb: float
    exit_codes: list[int]
    diagnostics: int
    sample: list[str]
    stderr: str
    runs: dict[str, list[dict[str, object]]]
    ratios: dict[str, float] = field(default_factory=dict)
    cold_cpu_s: float | None = None
    warm_cpu_s: float | None = None


@dataclass
class JsonLoad:
    """The local baseline at one size."""

    file: str
    bytes: int
    seconds: float | None
    peak_rss_mb: float
    error: str


@dataclass
class SizeResult:
    verses: int
    bytes: int
    files: int
    campaign: str
    generated_s: float | None
    json_load: JsonLoad
    jobs: dict[str, JobResult] = field(default_factory=dict)


# ---------------------------------------------------------------- ratios


def ratios(result: JobResult, verses: int, json_load_s: float | None) -> dict[str, float]:
    """tgc time / baseline time at the same verse count (< 1: tgc is faster).

    The issue's baselines were taken at 20,000 passages; other sizes compare per verse
    (linear scaling), and the memory ratio is given at 20,000 only.
    """
    if result.status == "failed" or not result.cold_s:
        return {}
    scaled = result.cold_s * BASELINE_VERSES / verses
    out = {b.name: scaled / b.seconds for b in BASELINES}
    if json_load_s:
        out["json.load (local)"] = result.cold_s / json_load_s
    if verses == BASELINE_VERSES:
        out["inkjs memory"] = result.peak_rss_mb / 1160.0
    return out


def report_problems(name: str, size: int, result: JobResult, console: Console) -> None:
    """A failing command is printed with its stderr; a campaign that is not clean with samples."""
    if result.status == "failed":
        console.print(f"[red]tgc {name} failed on {size} verses "
                      f"(exit {result.exit_codes}); stderr:[/]")
        console.print(result.stderr.rstrip() or "(empty)", markup=False, highlight=False,
                      soft_wrap=True)
    elif result.status == "not clean":
        console.print(f"[yellow]tgc {name} reported {result.diagnostics} diagnostics on "
                      f"{size} verses (a generated campaign should check clean):[/]")
        for line in result.sample:
            console.print(f"    {line}", markup=False, highlight=False, soft_wrap=True)


def write_results(out: Path, data: dict[str, object]) -> Path:
    path = out / "results.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


# ---------------------------------------------------------------- report


def fmt(value: object, spec: str = ".2f") -> str:
    return "-" if value is None else format(value, spec)


def new_table(title: str, columns: tuple[str, ...], caption: str | None = None) -> Table:
    """Borderless columns, so the tables still fit an 80-column terminal or log."""
    table = Table(title=title, caption=caption, caption_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, padding=(0, 1, 0, 0))
    for column in columns:
        left = column in ("job", "status", "what")
        table.add_column(column, justify="left" if left else "right", no_wrap=column != "what")
    return table


def results_table(sizes: list[SizeResult]) -> Table:
    table = new_table("tgc: median wall and CPU time; peak RSS is the max over runs",
                      ("verses", "job", "status", "cold s", "warm s", "cold CPU", "warm CPU", "µs/v",
                       "MB/s", "RSS MB", "exit", "diags"))
    for entry in sizes:
        for name, res in entry.jobs.items():
            table.add_row(
                str(entry.verses), name, res.status, fmt(res.cold_s), fmt(res.warm_s),
                fmt(res.cold_cpu_s), fmt(res.warm_cpu_s),
                fmt(res.us_per_verse, ".0f"), fmt(res.mb_per_s), fmt(res.peak_rss_mb, ".0f"),
                ",".join(map(str, res.exit_codes)), str(res.diagnostics),
            )
    return table


RATIO_COLUMNS = (
    ("inkjs", "inkjs"), ("ChoiceScript", "CS"), ("extwee", "extwee"), ("json.load", "json"),
    ("json.load (local)", "json local"), ("inkjs memory", "ink mem"),
)


def ratio_table(sizes: list[SizeResult]) -> Table:
    table = new_table(
        "ratios: tgc cold time / baseline time, per verse (< 1: faster)",
        ("verses", "job", *(header for _, header in RATIO_COLUMNS)),
        caption="CS = ChoiceScript quicktest; json = the issue's json.load figure; json local "
                "= json.load measured here; ink mem = peak RSS / 1.16 GB (20,000 only)",
    )
    for entry in sizes:
        for name, res in entry.jobs.items():
            cells = (fmt(res.ratios.get(key)) for key, _ in RATIO_COLUMNS)
            table.add_row(str(entry.verses), name, *cells)
    return table


def baseline_table(sizes: list[SizeResult]) -> Table:
    table = new_table("baselines (issue figures at 20,000 passages; local json.load measured)",
                      ("what", "verses", "seconds", "µs/verse", "peak MB"))
    for b in BASELINES:
        table.add_row(b.what, str(BASELINE_VERSES), fmt(b.seconds),
                      fmt(b.seconds / BASELINE_VERSES * 1e6, ".0f"), fmt(b.peak_mb, ".0f"))
    for entry in sizes:
        load = entry.json_load
        per_verse = load.seconds / entry.verses * 1e6 if load.seconds else None
        table.add_row(f"json.load, local ({load.bytes / 1e6:.1f} MB)", str(entry.verses),
                      fmt(load.seconds), fmt(per_verse, ".0f"), fmt(load.peak_rss_mb, ".0f"))
    return table
