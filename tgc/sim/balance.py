"""The balancing sheet: every encounter x every party x chapter x policy of a campaign,
simulated through the executor seam, as rows of named measures. The generic part lives
here; which encounters, parties and measures a game has, and how one row is simulated,
the campaign's ruleset says (its spec's ``balance`` module, with ``plan_sheet``).

Each row is one batch (tgc/runs/batch.py) seeded from the sheet's seed and the row's own
labels, so a row's numbers never depend on which other rows the sheet holds, on the
executor or on the worker count."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tgc.runs.batch import Batch, ChunkStore, run_batches
from tgc.runs.executor import ExecutorSpec, opened

# The sheet's axes, in the order the issue and a designer read them.
AXES = ("encounter", "kind", "party", "chapter", "policy")


class BalanceError(Exception):
    """A sheet that cannot be planned (an unknown character, a bad state file)."""


@dataclass(frozen=True)
class Chapter:
    """A point of the campaign the party is measured at: a label and the state file of the
    party there (None: the characters as they start)."""

    label: str
    state: str | None = None


@dataclass(frozen=True)
class SheetRow:
    """One cell of the sheet: its labels (``AXES``), the batch that simulates it, and how
    the batch's chunk results become the row's measures."""

    labels: tuple[str, str, str, str, str]
    batch: Batch
    measure: Callable[[list[Any]], dict[str, float | int]]


@dataclass(frozen=True)
class SheetPlan:
    """What the ruleset answers: the measures' names (the columns after the axes) and the rows."""

    measures: tuple[str, ...]
    rows: list[SheetRow]


class Planner(Protocol):
    def __call__(self, bundle: Any, parties: list[list[str]], chapters: list[Chapter],
                 policies: list[str], runs: int, seed: int) -> SheetPlan: ...


def row_seed(seed: int, labels: tuple[str, ...]) -> int:
    """A row's own seed: a hash of the sheet's seed and the row's labels."""
    text = json.dumps([seed, *labels])
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@dataclass
class Sheet:
    measures: tuple[str, ...]
    rows: list[tuple[tuple[str, ...], dict[str, float | int]]] = field(default_factory=list)
    runs: int = 0
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"runs": self.runs, "seed": self.seed, "axes": list(AXES),
                "measures": list(self.measures),
                "rows": [dict(zip(AXES, labels, strict=True)) | values for labels, values in self.rows]}

    def to_text(self) -> str:
        """A plain table (the same on any terminal): axes, then measures; rates as percentages."""
        head = [*AXES, *(name.replace("_", " ") for name in self.measures)]
        body = [[*labels, *(_cell(name, values[name]) for name in self.measures)]
                for labels, values in self.rows]
        widths = [max(len(str(row[i])) for row in [head, *body]) for i in range(len(head))]
        lines = []
        for row in [head, *body]:
            cells = [str(c).ljust(w) if i < len(AXES) else str(c).rjust(w)
                     for i, (c, w) in enumerate(zip(row, widths, strict=True))]
            lines.append("  ".join(cells).rstrip())
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines) + "\n"


def _cell(name: str, value: float | int) -> str:
    if isinstance(value, float):
        return f"{value:.1%}" if name.endswith("rate") or name.endswith(("low", "high")) else f"{value:.2f}"
    return str(value)


def balance(plan: SheetPlan, runs: int, seed: int, executor: ExecutorSpec | None = None,
            store: ChunkStore | None = None, progress: Callable[[int], None] | None = None) -> Sheet:
    """Every row of ``plan`` simulated on ``executor`` (default: this process), all rows'
    chunks at once; ``progress`` hears runs as chunks finish."""
    sheet = Sheet(plan.measures, runs=runs, seed=seed)
    with opened(executor if executor is not None else ExecutorSpec("local")) as pool:
        parts = run_batches([row.batch for row in plan.rows], pool, store, progress)
    for row, chunks in zip(plan.rows, parts, strict=True):
        sheet.rows.append((row.labels, row.measure(chunks)))
    return sheet
