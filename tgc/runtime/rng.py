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
        self._random = random.Random(seed)

    def roll(self, dice: int, sides: int) -> tuple[int, ...]:
        """The faces of ``dice`` dice with ``sides`` sides."""
        return tuple(self._random.randint(1, sides) for _ in range(dice))

    def toss(self) -> str:
        return "heads" if self._random.random() < 0.5 else "tails"

    def pick(self, options: Sequence[T]) -> T:
        return options[self._random.randrange(len(options))]

    def reseed(self, seed: int) -> None:
        self.seed = seed
        self._random.seed(seed)

    def getstate(self) -> object:
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._random.setstate(state)  # type: ignore[arg-type]

    def fork(self) -> Rng:
        """An independent copy at the same point (the explorer forks stories)."""
        twin = Rng(self.seed)
        twin._random.setstate(self._random.getstate())
        return twin
