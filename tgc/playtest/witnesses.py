"""Playtesting, the witness round: an Exploration in; for every goal its report names (each
reached verse, dead end, trap loop, runtime error and chapter ending) a witness planned
(tgc.explore.witness) and replayed exactly as `tgc play --script` replays it, out.

Why a round of its own: after a search, planning and replaying the witnesses is most of
the time on a real campaign (on the sample 2.9 CPU s against the search's 0.6), and each
goal's witness depends on the Exploration alone, never on another goal's. So the goals are
cut into chunks of fixed ranges and run through the executor seam (tgc.runs), on this
process, local worker processes or a Dask cluster, with each chunk's result kept on disk
like a simulation's: the same goals come back the same on any of them. A worker needs the
Exploration: local workers forked after the search inherit it; others unpickle the one
shipped with the chunks, or, when it is too large to send with each, search again from
the bundle and the request (the search is deterministic, checked by the goals it finds).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, assert_never

from tgc.bundle import schema as s
from tgc.explore.explorer import Exploration, explore
from tgc.explore.report import traps
from tgc.explore.witness import Goal, Planner, Witness, meets, reaches_verse, trap_witness, witness
from tgc.playtest.session import Files
from tgc.playtest.transcript import Header, read_script, replay
from tgc.runs.batch import Batch, ChunkStore, content_hash, run_batch
from tgc.runs.executor import ExecutorSpec, opened
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.save import Loaded
from tgc.runtime.state import GameState

AimKind = Literal["verse", "dead-end", "trap-loop", "trap", "error", "end-chapter", "game-over"]
WITNESS_CHUNK = 16  # goals per chunk: fixed, so the chunks never depend on the worker count
Ship = Literal["rebuild", "pickle"]
SHIP_LIMIT = 64 << 20  # bytes of pickled exploration sent with each chunk, at most


class RoundError(Exception):
    """A witness round that cannot run as asked; meant for the user."""


@dataclass(frozen=True, slots=True)
class Aim:
    """One goal of the report: ``kind`` met at ``verse``; ``node`` is the finding's point
    of the search (None for a verse: the plays that first reached it are tried)."""

    kind: AimKind
    verse: str
    node: int | None = None

    @property
    def label(self) -> str:
        """The goal as the script's first line names it (``reaches LABEL``)."""
        match self.kind:
            case "verse":
                return self.verse
            case "dead-end":
                return f"the dead end in {self.verse}"
            case "trap-loop":
                return f"the loop in {self.verse}"
            case "trap":
                return f"the trap at {self.verse} (no play leaves it)"
            case "error":
                return f"the runtime error in {self.verse}"
            case "end-chapter" | "game-over":
                return f"the {self.kind} ending at {self.verse}"
            case _:
                assert_never(self.kind)

    def test(self) -> Goal:
        """The event that meets the goal, as the explorer's report plans it."""
        match self.kind:
            case "verse" | "trap" | "error":
                return reaches_verse(self.verse)
            case "dead-end":
                return meets(ev.DeadEnd, self.verse)
            case "trap-loop":
                return meets(ev.LoopDetected, self.verse)
            case "end-chapter":
                return meets(ev.ChapterEnded, self.verse)
            case "game-over":
                return meets(ev.GameOver, self.verse)
            case _:
                assert_never(self.kind)


def aims(ex: Exploration) -> list[Aim]:
    """Every goal the report names, in the report's order (tgc.explore.report.summary):
    the reached verses, dead ends, trap loops, traps, runtime errors, then the chapter
    endings and game overs by verse."""
    found = [Aim("verse", v.id) for v in ex.book.bundle.verses if v.id in ex.reached]
    found += [Aim("dead-end", f.verse, f.node) for f in ex.dead_ends.values()]
    found += [Aim("trap-loop", f.verse, f.node) for f in ex.loops.values()]
    # as the report: a search cut short proves no trap, a settled one lists those it closed
    found += [Aim("trap", verse, node) for verse, node in traps(ex).items()]
    found += [Aim("error", f.verse, f.node) for f in ex.errors.values()]
    ends: tuple[Literal["end-chapter", "game-over"], ...] = ("end-chapter", "game-over")
    for kind in ends:
        found += [Aim(kind, verse, node) for verse, node in sorted(ex.endings.get(kind, {}).items())]
    return found


def plan(ex: Exploration, aim: Aim) -> Witness | None:
    """The witness of one goal (None: no play reaches the verse), planned as `tgc explore`
    plans it: ``--witness VERSE`` for a verse, the report's planner for a finding."""
    if aim.node is None:
        return witness(ex, aim.verse)
    if aim.kind == "trap":
        return trap_witness(ex, aim.verse, aim.node)
    nodes = [*ex.reached_by.get(aim.verse, []), aim.node]
    return Planner(ex).plan(nodes, aim.test(), aim.label)


# ---------------------------------------------------------------- the round's inputs


@dataclass(frozen=True)
class Round:
    """What every chunk of the round needs: the request the search ran on (to search again
    in a worker), or the pickled search itself (``shipped``); how the scripts' replay line
    names the campaign (``source``) and the state file (``state``, loaded as ``loaded``)."""

    bundle: s.Bundle
    start: GameState
    party: tuple[str, ...]
    start_at: s.Goto | None
    max_states: int
    source: str
    state: str | None
    loaded: Loaded | None
    aims: tuple[Aim, ...]
    states: int  # the search's size, checked by a worker that searches again
    key: str  # the search's identity (the exploration kept per process is found by it)
    shipped: bytes | None = None


def make_round(ex: Exploration, *, party: tuple[str, ...], start_at: s.Goto | None, max_states: int,
               source: str, state: str | None, loaded: Loaded | None,
               where: ExecutorSpec | None = None, ship: Ship | None = None) -> Round:
    """The round for ``ex``, to run on ``where`` (None: this process). ``ship`` None picks
    how a worker gets the exploration (:func:`shipped`)."""
    goals = tuple(aims(ex))
    bundle_digest = hashlib.blake2b(ex.book.bundle.model_dump_json().encode(), digest_size=16).hexdigest()
    start_digest = content_hash(repr(ex.start))
    key = content_hash([bundle_digest, start_digest, list(party), repr(start_at), max_states,
                        ex.states, ex.complete, ex.stopped, [[a.kind, a.verse, a.node] for a in goals]])
    match ship:
        case None:
            blob = shipped(ex, where)
        case "pickle":
            blob = pickle.dumps(ex, protocol=pickle.HIGHEST_PROTOCOL)
        case "rebuild":
            blob = None
        case _:
            assert_never(ship)
    keep(key, ex)  # this process has it already: a round run here searches nothing again
    return Round(ex.book.bundle, ex.start.copy(), party, start_at, max_states, source, state, loaded,
                 goals, ex.states, key, blob)


def shipped(ex: Exploration, where: ExecutorSpec | None) -> bytes | None:
    """The pickled exploration for workers that do not hold it, or None: they search again.

    Measured (docs/performance.md, "Session 11: the witness round"): unpickling costs a
    worker a fraction of searching again (the sample: 0.09 against 0.61 CPU s; 300
    generated verses at 3,000 states: 0.31 against 2.9), but the bytes go with every chunk;
    so they are shipped up to ``SHIP_LIMIT``, and a search stopped at the memory budget
    (another process could stop it elsewhere) always is. Nothing goes to this process or to
    local workers forked from it after the search: they hold it already."""
    if where is None or (where.kind == "local" and (where.workers <= 1 or _forks())):
        return None
    blob = pickle.dumps(ex, protocol=pickle.HIGHEST_PROTOCOL)
    return blob if ex.stopped == "memory" or len(blob) <= SHIP_LIMIT else None


def _forks() -> bool:
    return multiprocessing.get_start_method() == "fork"


_KEPT: dict[str, Exploration] = {}  # the one exploration this process holds, by its key


def keep(key: str, ex: Exploration) -> None:
    _KEPT.clear()
    _KEPT[key] = ex


def exploration(inputs: Round) -> Exploration:
    """The round's exploration in this process: kept, unpickled, or searched again (once per
    process: every later chunk finds it kept)."""
    ex = _KEPT.get(inputs.key)
    if ex is not None:
        return ex
    if inputs.shipped is not None:
        ex = pickle.loads(inputs.shipped)  # noqa: S301 - the round's own bytes, from this run
    else:
        ex = explore(Book(inputs.bundle), inputs.start.copy(), max_states=inputs.max_states,
                     start_at=inputs.start_at)
        if ex.states != inputs.states or tuple(aims(ex)) != inputs.aims:  # pragma: no cover - a bug
            raise RuntimeError("the search run again in a worker found other goals: tgc's search "
                               "is not deterministic (a bug in tgc)")
    keep(inputs.key, ex)
    return ex


# ---------------------------------------------------------------- one chunk


def witness_chunk(inputs: Round, first: int, stop: int) -> list[dict[str, Any]]:
    """The batch task (tgc/runs/batch.py): goals ``first``..``stop - 1``, each planned,
    written as its script and replayed; plain JSON data."""
    ex = exploration(inputs)
    return [_one(ex, inputs, aim) for aim in inputs.aims[first:stop]]


def _one(ex: Exploration, inputs: Round, aim: Aim) -> dict[str, Any]:
    row: dict[str, Any] = {"goal": aim.label, "kind": aim.kind, "verse": aim.verse}
    found = plan(ex, aim)
    if found is None or not found.found:
        why = found.why if found is not None else "no play reaches it"
        return row | {"script": None, "confirmed": False, "why": why}
    text = found.script(inputs.source, inputs.state, inputs.party)
    failed = confirm(ex.book, inputs, aim, text)
    return row | {"script": text, "confirmed": failed is None, "why": failed or ""}


def confirm(book: Book, inputs: Round, aim: Aim, text: str) -> str | None:
    """Replay the script as `tgc play SOURCE --at none --fights ask [--party/--state]
    --script FILE` does (tgc.playtest.transcript.replay, the same header): None when its
    goal is met, else why not."""
    header = Header(start="none", seed=0, party=() if inputs.state else inputs.party,
                    state=inputs.state, fights="ask")
    met = _Watch(aim.test())
    result = replay(book, header, read_script(text), name=aim.label, files=Files(confined=True),
                    loaded=inputs.loaded, observe=met)
    if met.seen:
        return None
    if result.error is not None:
        return f"the replay stopped: {result.error}"
    return f"the replay ran to its end without meeting {aim.label}"


class _Watch:
    """Hears the replay's events; ``seen`` once one meets the goal."""

    def __init__(self, goal: Goal) -> None:
        self.goal, self.seen = goal, False

    def __call__(self, event: ev.Event) -> None:
        self.seen = self.seen or self.goal(event)


# ---------------------------------------------------------------- the round


def run_round(inputs: Round, executor: ExecutorSpec, store: ChunkStore | None = None,
              progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Every goal's row, in the goals' order, for any executor and worker count."""
    batch = Batch(witness_chunk, inputs, content_hash([inputs.key, inputs.source, inputs.state,
                                                       list(inputs.party)]),
                  len(inputs.aims), chunk=WITNESS_CHUNK)
    with opened(executor) as pool:
        return [row for part in run_batch(batch, pool, store, progress) for row in part]
