"""20 Strong simulation: a deck, heroes, bosses, ranks, a policy and a master seed in;
whole games played N times per hero x boss x rank out, with the win rate and its Wilson
95% interval, mean rounds, mean Health left on a win, and where games are lost. Game
``i`` of a cell is seeded from (seed, hero, boss, rank, i) alone, so a report depends on
its seed only."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tgc.bundle.schema import Bundle
from tgc.rulesets.twenty_strong.data import RANKS, Box
from tgc.rulesets.twenty_strong.engines.game import Game, Outcome
from tgc.rulesets.twenty_strong.engines.policies import POLICIES
from tgc.rulesets.twenty_strong.kinds import NAME
from tgc.runs.batch import Batch, content_hash
from tgc.sim.interval import wilson
from tgc.sim.seam import Progress, SimError, SimRequest, Simulated, refuse, run_many

# A whole game is some milliseconds: 50 make a chunk of a fraction of a second.
GAMES_PER_CHUNK = 50


def game_seed(seed: int, *parts: object) -> int:
    """A game's own seed: a hash of the master seed and what names the game."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@dataclass
class Cell:
    hero: str
    boss: str
    rank: int
    games: int = 0
    wins: int = 0
    rounds: int = 0
    health_left: int = 0
    lost_at: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.rounds += outcome.round
        if outcome.result == "win":
            self.wins += 1
            self.health_left += outcome.health
        else:
            where = "endgame" if outcome.menhir >= 7 and outcome.step != "round limit" else (
                f"round {outcome.round}" if outcome.round <= 3 else "rounds 4+")
            self.lost_at[f"{outcome.step}, {where}"] += 1

    def to_data(self) -> dict[str, Any]:
        """The counts as JSON data (a chunk's result); ``lost_at`` as pairs, in the order
        the games first met them, which breaks ties of the most common."""
        return {"games": self.games, "wins": self.wins, "rounds": self.rounds,
                "health_left": self.health_left, "lost_at": [[k, n] for k, n in self.lost_at.items()]}

    def merge(self, data: dict[str, Any]) -> None:
        """Add one chunk's counts (chunks merged in game order give the counts, and the
        order of ``lost_at``, that one pass over the games gives)."""
        self.games += data["games"]
        self.wins += data["wins"]
        self.rounds += data["rounds"]
        self.health_left += data["health_left"]
        for where, n in data["lost_at"]:
            self.lost_at[where] += n

    def to_json(self) -> dict[str, object]:
        low, high = wilson(self.wins, self.games)
        return {"hero": self.hero, "boss": self.boss, "rank": self.rank, "games": self.games,
                "wins": self.wins, "win_rate": self.wins / self.games if self.games else 0.0,
                "interval": [low, high], "mean_rounds": self.rounds / max(1, self.games),
                "mean_health_on_win": self.health_left / self.wins if self.wins else None,
                "lost_at": dict(sorted(self.lost_at.items()))}


@dataclass
class Report:
    policy: str
    seed: int
    cells: list[Cell]

    def to_json(self) -> dict[str, object]:
        return {"policy": self.policy, "seed": self.seed,
                "cells": [c.to_json() for c in self.cells]}

    def to_text(self) -> str:
        lines = [f"{'hero':<26} {'boss':<20} rank  games   win rate (95%)          rounds  "
                 "health on win  lost most at"]
        for c in self.cells:
            low, high = wilson(c.wins, c.games)
            rate = c.wins / c.games if c.games else 0.0
            health = f"{c.health_left / c.wins:.2f}" if c.wins else "-"
            worst = c.lost_at.most_common(1)
            lost = f"{worst[0][0]} ({worst[0][1]})" if worst else "-"
            lines.append(f"{c.hero[:26]:<26} {c.boss[:20]:<20} {c.rank:>4} {c.games:>6}   "
                         f"{rate:6.1%} [{low:6.1%}, {high:6.1%}]  {c.rounds / max(1, c.games):6.2f}  "
                         f"{health:>13}  {lost}")
        return "\n".join(lines) + "\n"


def play_game(box: Box, hero: str, boss: str, rank: int, policy: str, seed: int) -> Outcome:
    game = Game(box, POLICIES[policy](), seed)
    game.setup(hero=hero, boss=boss, rank=rank)
    return game.play()


def cell_chunk(inputs: tuple[Box, str, str, int, str, int], start: int, stop: int) -> dict[str, Any]:
    """The batch task of one cell (tgc/runs/batch.py): games ``start``..``stop - 1``."""
    box, hero, boss, rank, policy, seed = inputs
    cell = Cell(hero, boss, rank)
    for i in range(start, stop):
        cell.add(play_game(box, hero, boss, rank, policy, game_seed(seed, hero, boss, rank, i)))
    return cell.to_data()


def simulate(box: Box, heroes: Sequence[str], bosses: Sequence[str], ranks: Sequence[int],
             runs: int, seed: int = 0, policy: str = "greedy", request: SimRequest | None = None,
             progress: Progress | None = None) -> Report:
    """Every hero x boss x rank cell, ``runs`` games each, through the executor seam:
    where ``request`` says (default: this process, nothing kept)."""
    where = request if request is not None else SimRequest("", jobs=1)
    deck = content_hash(box.model_dump(mode="json"))
    cells = [Cell(hero, boss, rank) for hero in heroes for boss in bosses for rank in ranks]
    batches = [Batch(cell_chunk, (box, c.hero, c.boss, c.rank, policy, seed),
                     content_hash([deck, c.hero, c.boss, c.rank, policy, seed]), runs,
                     chunk=GAMES_PER_CHUNK)
               for c in cells]
    for cell, chunks in zip(cells, run_many(where, batches, progress), strict=True):
        for chunk in chunks:
            cell.merge(chunk)
    return Report(policy, seed, cells)


def run(bundle: Bundle, request: SimRequest, progress: Progress | None = None) -> Simulated:
    """`tgc sim` for a 20 Strong deck (tgc/sim/seam.py): ``target`` is a boss, ``party``
    the heroes who face it (default: every hero), whole games at each rank of ``--rank``
    (``numbers["rank"]``, default 1; ranks are cumulative, TS-3.2)."""
    refuse(request, NAME)
    box = bundle.rules
    if not isinstance(box, Box) or not box.heroes:
        raise SimError("the bundle holds no 20 Strong deck with heroes")
    if box.boss(request.target) is None:
        raise SimError(f'no boss "{request.target}" '
                       f"(bosses: {', '.join(b.name for b in box.bosses) or 'none'})")
    for name in request.party:
        if box.hero(name) is None:
            raise SimError(f'no hero "{name}" (heroes: {", ".join(h.name for h in box.heroes)})')
    if request.policy not in POLICIES:
        raise SimError(f"unknown policy `{request.policy}` (policies: {', '.join(POLICIES)})")
    heroes = request.party or tuple(h.name for h in box.heroes)
    ranks = tuple(dict.fromkeys(request.numbers.get("rank", ()))) or (1,)
    if any(rank not in RANKS for rank in ranks):
        raise SimError(f"ranks are {RANKS[0]} to {RANKS[-1]}")
    return Simulated(simulate(box, heroes, [request.target], ranks, request.runs, request.seed,
                              request.policy, request, progress))
