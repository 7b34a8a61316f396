"""Runtime stage, chance: the one seeded generator that every random outcome goes through,
so a run is reproducible from its seed (dice, the dial coin, random play's picks)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """``random.Random(seed)`` behind the few draws the runtime makes."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._made: random.Random | None = None  # made on first use: forks are cheap

    @property
    def _random(self) -> random.Random:
        if self._made is None:
            self._made = random.Random(self.seed)
        return self._made

    def roll(self, dice: int, sides: int) -> tuple[int, ...]:
        """The faces of ``dice`` dice with ``sides`` sides."""
        return tuple(self._random.randint(1, sides) for _ in range(dice))

    def toss(self) -> str:
        return "heads" if self._random.random() < 0.5 else "tails"

    def pick(self, options: Sequence[T]) -> T:
        return options[self._random.randrange(len(options))]

    def reseed(self, seed: int) -> None:
        self.seed = seed
        self._made = None

    def getstate(self) -> object:
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._random.setstate(state)  # type: ignore[arg-type]

    def fork(self) -> Rng:
        """An independent copy at the same point (the explorer forks stories)."""
        twin = Rng(self.seed)
        if self._made is not None:
            twin._made = random.Random()
            twin._made.setstate(self._made.getstate())
        return twin
