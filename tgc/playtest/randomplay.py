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

from tgc.bundle import schema as s
from tgc.explore.explorer import Entry, entry_points
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


def random_play(book: Book, start: GameState, runs: int, seed: int, *, explorations: int = 25,
                progress: Callable[[int], None] | None = None) -> RandomReport:
    """Play ``runs`` campaigns of up to ``explorations`` explorations each."""
    report = RandomReport(runs, seed)
    entries = entry_points(book)
    began = time.perf_counter()
    for i in range(runs):
        try:
            play_one(book, start, seed + i, explorations, entries, report)
        except StoryError as err:
            report.errors.append((seed + i, str(err)))
        if progress is not None:
            progress(i + 1)
    report.seconds = time.perf_counter() - began
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
