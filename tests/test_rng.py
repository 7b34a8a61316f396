"""The seeded generator's copies (tgc/runtime/rng.py): a fork, a ``getstate``/``setstate``
round trip and a reseed draw exactly what one ``random.Random`` of the seed draws, however
draws, forks and restores interleave (a walk over the days and the explorer copy the
generator at every branch; a copy that drew differently would replay another game)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tgc.runtime.rng import Rng

Step = tuple[str, int]
steps = st.lists(st.tuples(st.sampled_from(["roll", "toss", "pick", "fork", "save", "restore"]),
                           st.integers(1, 6)), max_size=40)


def draw(rng: Rng | random.Random, kind: str, n: int) -> object:
    if isinstance(rng, random.Random):
        match kind:
            case "roll":
                return tuple(rng.randint(1, 6) for _ in range(n))
            case "toss":
                return "heads" if rng.random() < 0.5 else "tails"
            case _:
                return list(range(n))[rng.randrange(n)]
    match kind:
        case "roll":
            return rng.roll(n, 6)
        case "toss":
            return rng.toss()
        case _:
            return rng.pick(list(range(n)))


@given(st.integers(0, 2**32), steps)
def test_copies_draw_what_one_generator_of_the_seed_draws(seed: int, plan: list[Step]) -> None:
    mine, truth = Rng(seed), random.Random(seed)
    saved: list[tuple[object, object]] = []
    for kind, n in plan:
        match kind:
            case "fork":
                twin = mine.fork()
                assert draw(twin, "roll", n) == draw(_copy(truth), "roll", n)  # it does not move mine
                mine = mine.fork() if n % 2 else mine  # go on with a fork, or the original
            case "save":
                saved.append((mine.getstate(), truth.getstate()))
            case "restore":
                if saved:
                    state, real = saved.pop()
                    mine.setstate(state)
                    truth.setstate(real)  # type: ignore[arg-type]
            case _:
                assert draw(mine, kind, n) == draw(truth, kind, n)
    assert mine.getstate() == truth.getstate()


def _copy(real: random.Random) -> random.Random:
    twin = random.Random(0)
    twin.setstate(real.getstate())
    return twin


def test_a_fork_does_not_move_the_original_and_a_reseed_starts_over() -> None:
    rng = Rng(7)
    first = rng.roll(3, 6)
    twin = rng.fork()
    assert twin.roll(5, 6) == random_after(7, 3, 5)
    assert rng.roll(5, 6) == random_after(7, 3, 5)  # the twin's draws did not move it
    assert twin.fork().getstate() == twin.getstate() == rng.getstate()
    rng.reseed(7)
    assert rng.roll(3, 6) == first


def random_after(seed: int, skip: int, n: int) -> tuple[int, ...]:
    real = random.Random(seed)
    for _ in range(skip):
        real.randint(1, 6)
    return tuple(real.randint(1, 6) for _ in range(n))
