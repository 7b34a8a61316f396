"""Runtime stage, chance: the one seeded generator that every random outcome goes through,
so a run is reproducible from its seed (dice, the dial coin, random play's picks)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """``random.Random(seed)`` behind the few draws the runtime makes.

    Copies are cheap because a walk over the days copies the generator at every branch
    and most copies never draw: a fork or a ``setstate`` only keeps the generator's state
    (an immutable tuple, shared), and a ``random.Random`` is made from it on the first
    draw. Making one per copy (a fresh generator seeded from the system, then its 625
    words set) was a sixth of the walk's time."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._made: random.Random | None = None  # made on first draw
        self._kept: object | None = None  # the state to make it at (None: at ``seed``)

    @property
    def _random(self) -> random.Random:
        made = self._made
        if made is None:
            made = self._made = random.Random(self.seed)
            if self._kept is not None:
                made.setstate(self._kept)  # type: ignore[arg-type]
                self._kept = None
        return made

    def roll(self, dice: int, sides: int) -> tuple[int, ...]:
        """The faces of ``dice`` dice with ``sides`` sides."""
        return tuple(self._random.randint(1, sides) for _ in range(dice))

    def toss(self) -> str:
        return "heads" if self._random.random() < 0.5 else "tails"

    def pick(self, options: Sequence[T]) -> T:
        return options[self._random.randrange(len(options))]

    def reseed(self, seed: int) -> None:
        self.seed = seed
        self._made = self._kept = None

    def getstate(self) -> object:
        if self._made is None and self._kept is not None:
            return self._kept
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._made, self._kept = None, state

    def fork(self) -> Rng:
        """An independent copy at the same point (the explorer forks stories)."""
        twin = Rng(self.seed)
        if self._made is not None:
            twin._kept = self._made.getstate()
        else:
            twin._kept = self._kept
        return twin
