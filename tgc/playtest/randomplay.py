"""Random play: a Bundle, a starting state and a seed in, N seeded random playthroughs
out (like ChoiceScript's randomtest), with coverage counted by verse, status part, secret
and ending, and every runtime error reported with the seed that replays it.

Playthrough ``i`` uses seed ``seed + i`` for everything random in it (dice, the coin,
choices, answers, encounter outcomes, which entry point comes next), so
``tgc play --random 1 --seed SEED+i`` replays it alone.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tgc.bundle import schema as s
from tgc.explore.explorer import Entry, entry_points
from tgc.runs.batch import Batch, run_batch
from tgc.runs.executor import ExecutorSpec, opened
from tgc.runtime import events as ev
from tgc.runtime.book import Book, StoryError
from tgc.runtime.conditions import affordable
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import RandomRuleset
from tgc.runtime.state import GameState
from tgc.runtime.story import Story


@dataclass
class RandomReport:
    runs: int
    seed: int
    seconds: float = 0.0
    explorations: int = 0
    verses: Counter[str] = field(default_factory=Counter)
    parts: Counter[tuple[str, int]] = field(default_factory=Counter)
    secrets: Counter[int] = field(default_factory=Counter)
    endings: Counter[tuple[str, str]] = field(default_factory=Counter)
    errors: list[tuple[int, str]] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.runs / self.seconds if self.seconds else 0.0

    def to_data(self) -> dict[str, Any]:
        """The counts as JSON data (a chunk's result; tuple keys become lists)."""
        return {"explorations": self.explorations, "verses": dict(self.verses),
                "parts": [[name, part, n] for (name, part), n in self.parts.items()],
                "secrets": [[number, n] for number, n in self.secrets.items()],
                "endings": [[kind, verse, n] for (kind, verse), n in self.endings.items()],
                "errors": [list(error) for error in self.errors]}

    def merge(self, data: dict[str, Any]) -> None:
        """Add one chunk's counts (chunks are merged in seed order, so errors stay in it)."""
        self.explorations += data["explorations"]
        self.verses.update(data["verses"])
        self.parts.update({(name, part): n for name, part, n in data["parts"]})
        self.secrets.update({number: n for number, n in data["secrets"]})
        self.endings.update({(kind, verse): n for kind, verse, n in data["endings"]})
        self.errors += [(seed, message) for seed, message in data["errors"]]


# Playthroughs per chunk: a sample playthrough takes tens of milliseconds, so a chunk is
# about a second of work, enough to pay for sending the bundle to a worker.
RANDOM_CHUNK = 25


def random_play(book: Book, start: GameState, runs: int, seed: int, *, explorations: int = 25,
                progress: Callable[[int], None] | None = None,
                executor: ExecutorSpec | None = None) -> RandomReport:
    """Play ``runs`` campaigns of up to ``explorations`` explorations each, here or, given
    an executor of more than one worker, in chunks of playthroughs on it (the same report:
    playthrough ``i`` depends on ``seed + i`` only). ``progress`` hears the playthroughs
    done so far."""
    began = time.perf_counter()
    if executor is None or (executor.kind == "local" and executor.workers <= 1):
        report = RandomReport(runs, seed)
        _play_range(book, start, seed, explorations, 0, runs, report, progress)
    else:
        report = _spread(book, start, runs, seed, explorations, executor, progress)
    report.seconds = time.perf_counter() - began
    return report


def _play_range(book: Book, start: GameState, seed: int, explorations: int, first: int, stop: int,
                report: RandomReport, progress: Callable[[int], None] | None = None) -> None:
    entries = entry_points(book)
    for i in range(first, stop):
        try:
            play_one(book, start, seed + i, explorations, entries, report)
        except StoryError as err:
            report.errors.append((seed + i, str(err)))
        if progress is not None:
            progress(i + 1)


def random_chunk(inputs: tuple[s.Bundle, GameState, int, int], first: int, stop: int) -> dict[str, Any]:
    """The batch task of random play (tgc/runs/batch.py): playthroughs ``first``..``stop - 1``."""
    bundle, start, seed, explorations = inputs
    report = RandomReport(stop - first, seed)
    _play_range(Book(bundle), start, seed, explorations, first, stop, report)
    return report.to_data()


def _spread(book: Book, start: GameState, runs: int, seed: int, explorations: int,
            executor: ExecutorSpec, progress: Callable[[int], None] | None) -> RandomReport:
    # No chunk store: the identity would have to hash the starting state as well, and a
    # random-play run is minutes at most.
    batch = Batch(random_chunk, (book.bundle, start, seed, explorations), "", runs, chunk=RANDOM_CHUNK)
    done = 0

    def advanced(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done)

    report = RandomReport(runs, seed)
    with opened(executor) as pool:
        for part in run_batch(batch, pool, None, advanced):
            report.merge(part)
    return report


def play_one(book: Book, start: GameState, seed: int, explorations: int,
             entries: list[Entry], report: RandomReport) -> None:
    """One campaign: each exploration on a new day, through an entry whose location is in
    play (and whose action the party can pay for)."""
    rng = Rng(seed)
    story = Story(book, start.copy(), RandomRuleset(), rng)
    for number in range(explorations):
        if number:
            story.next_day()
        state = story.state
        open_entries = [e for e in entries if (e.location is None or e.location in state.in_play)
                        and (e.action is None or affordable(e.action.costs, state) is None)]
        if not open_entries:
            return
        rng.pick(open_entries).begin(story)
        report.explorations += 1
        if _run(story, rng, report):
            return


def _run(story: Story, rng: Rng, report: RandomReport) -> bool:
    """One exploration; True when the campaign is over (chapter end, game over, stuck)."""
    while True:
        for event in story.run():
            _count(event, story, report)
        waiting = story.waiting
        if isinstance(waiting, ev.ChoicesOffered):
            story.choose(rng.pick(range(len(waiting.choices))))
        elif isinstance(waiting, ev.AskPosed):
            story.answer(rng.toss() == "heads")
        elif waiting is None:
            return not isinstance(story.ending, ev.ExplorationEnded)
        else:
            raise StoryError(f"random play cannot answer {type(waiting).__name__}")


def _count(event: ev.Event, story: Story, report: RandomReport) -> None:
    if isinstance(event, ev.VerseEntered) and event.block is None:
        report.verses[event.verse] += 1
    elif isinstance(event, ev.EffectApplied):
        effect = event.effect
        if isinstance(effect, s.Mark) and effect.kind == "mark":
            for part in story.state.marked(effect.status):
                report.parts[(effect.status, part)] += 1
        elif isinstance(effect, s.SecretChange) and effect.kind == "gain-secret":
            report.secrets[effect.number] += 1
    elif isinstance(event, ev.ChapterEnded | ev.GameOver | ev.DeadEnd | ev.LoopDetected):
        kind = {ev.ChapterEnded: "end-chapter", ev.GameOver: "game-over",
                ev.DeadEnd: "dead-end"}.get(type(event), "loop")
        report.endings[(kind, event.verse)] += 1


def summary(report: RandomReport, book: Book) -> dict[str, object]:
    verses = [v.id for v in book.bundle.verses]
    parts = [(st.name, p) for st in book.bundle.statuses for p in range(1, st.size + 1)]
    secrets = [sec.number for sec in book.bundle.secrets]
    return {
        "runs": report.runs, "seed": report.seed, "seconds": round(report.seconds, 3),
        "runs_per_second": round(report.per_second, 1), "explorations": report.explorations,
        "verses": {"total": len(verses), "reached": len([v for v in verses if report.verses[v]]),
                   "never": [v for v in verses if not report.verses[v]],
                   "counts": {v: report.verses[v] for v in verses if report.verses[v]}},
        "status_parts": {"total": len(parts), "marked": len([p for p in parts if report.parts[p]]),
                         "never": [f'"{n}" {p}' for n, p in parts if not report.parts[(n, p)]]},
        "secrets": {"total": len(secrets), "gained": len([n for n in secrets if report.secrets[n]]),
                    "never": [n for n in secrets if not report.secrets[n]]},
        "endings": [{"kind": k, "verse": v, "count": c} for (k, v), c in sorted(report.endings.items())],
        "errors": [{"seed": sd, "error": msg} for sd, msg in report.errors],
    }
