"""Simulation, the seam: what `tgc sim` asks of the campaign's ruleset. A request (what to
simulate, who plays it, how many runs, the seed and the policy) and the bundle go in; the
ruleset's own simulator (``RulesetSpec.sim``: a module with ``run``) plays it and hands
back a report that prints as text or JSON. Where the runs go (local processes, a Dask
cluster) and where finished chunks are kept travel in the request too: a simulator cuts
its runs into a batch (tgc/runs/batch.py) and hands it to :func:`run_chunks`, so every
ruleset's runs go through the one executor seam and resume after a crash. Nothing here
knows a ruleset's rules: an encounter of one game is a boss of another and a creature of
a third."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tgc import rulesets
from tgc.bundle.schema import Bundle
from tgc.runs.batch import Batch, ChunkStore, run_batches
from tgc.runs.executor import ExecutorSpec, opened

Progress = Callable[[int], None]  # told how many runs each finished batch held


class SimError(Exception):
    """A request the simulator cannot run (an unknown name, a bad state file); meant for
    the user."""


@dataclass(frozen=True)
class SimRequest:
    """``target`` is what is played (an encounter, a boss, a creature: the ruleset says),
    ``party`` who plays it (empty: the ruleset's default). ``advance`` spends what the
    party has earned before playing. ``days`` asks the ruleset's campaign layer to play
    that many whole days instead (``target`` is then empty). ``state_file``, ``advance``
    and ``log`` are refused by a simulator that has no use for them. ``numbers`` are the
    ruleset's own numbers (``RulesetSpec.sim_numbers``: 20 Strong's ``rank``), each with the
    values to play; a number the campaign's ruleset does not declare is refused before its
    simulator runs. ``executor`` is where the runs go (None: ``jobs`` local processes, 0
    meaning one per core); ``store`` keeps finished chunks (None: nothing kept). Neither
    changes a number of the report."""

    target: str
    party: tuple[str, ...] = ()
    runs: int = 1000
    seed: int = 0
    policy: str = "greedy"
    jobs: int = 1
    state_file: Path | None = None
    advance: bool = False
    log: bool = False
    days: int | None = None  # play whole days of the campaign layer instead (no target)
    numbers: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    executor: ExecutorSpec | None = None
    store: ChunkStore | None = None

    def where(self) -> ExecutorSpec:
        """The executor the runs go to."""
        if self.executor is not None:
            return self.executor
        return ExecutorSpec("local", self.jobs or os.cpu_count() or 1)


class SimReport(Protocol):
    def to_text(self) -> str: ...

    def to_json(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Simulated:
    """The report; ``notes``, what was done before playing (one line each: Exp spent);
    ``log``, when the request asked for it, the first run's play-by-play."""

    report: SimReport
    notes: tuple[str, ...] = ()
    log: tuple[str, ...] = ()


class Simulator(Protocol):
    def run(self, bundle: Bundle, request: SimRequest,
            progress: Progress | None = None) -> Simulated: ...


def simulator(bundle: Bundle) -> Simulator:
    """The simulator of the bundle's ruleset; SimError when it brings none."""
    spec = rulesets.get(bundle.campaign.ruleset)
    module: Simulator | None = spec.load("sim")
    if module is None:
        raise SimError(f"the ruleset `{spec.name}` brings no simulator")
    return module


def simulate(bundle: Bundle, request: SimRequest, progress: Progress | None = None) -> Simulated:
    """Run ``request`` with the bundle's ruleset's simulator."""
    spec = rulesets.get(bundle.campaign.ruleset)
    known = {n.name: n for n in spec.sim_numbers}
    for name, values in request.numbers.items():
        number = known.get(name)
        if number is None:
            if values:
                raise SimError(f"--{name} is not a number of a `{spec.name}` simulation")
            continue
        for value in values:
            if not number.low <= value <= number.high:
                raise SimError(f"--{name} is {number.low} to {number.high}, not {value}")
    return simulator(bundle).run(bundle, request, progress)


def run_chunks(request: SimRequest, batch: Batch, progress: Progress | None = None) -> list[Any]:
    """Every chunk result of ``batch``, in seed order, run where ``request`` says and kept
    in its store: what a ruleset's simulator calls instead of looping over its runs."""
    return run_many(request, [batch], progress)[0]


def run_many(request: SimRequest, batches: list[Batch],
             progress: Progress | None = None) -> list[list[Any]]:
    """:func:`run_chunks` for several batches at once (a report of many cells): every
    batch's chunks share the executor, and each batch's results come back in seed order."""
    with opened(request.where()) as pool:
        return run_batches(batches, pool, request.store, progress)


def refuse(request: SimRequest, ruleset: str) -> None:
    """A simulator without a state file or a play-by-play says so instead of ignoring it."""
    if request.state_file is not None:
        raise SimError(f"--state is not read for a `{ruleset}` campaign")
    if request.advance:
        raise SimError(f"--advance has no meaning for a `{ruleset}` campaign")
    if request.log:
        raise SimError(f"--log is not written for a `{ruleset}` campaign")
