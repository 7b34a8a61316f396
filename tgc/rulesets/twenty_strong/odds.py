"""20 Strong exact engagement odds (TS-15.4): enemies' remaining Health, what each face
deals to each of them, which colours each may take, the dice committed per pass in;
the probability of defeating them all within the passes out, as an exact ``Fraction``.

Expectimax over rolls and applications. Two things keep it small: applied dice matter
only through the damage they deal, so a roll's choices are "how many crits and basic
hits of each colour to apply" (the rest are held for the next reroll) and then where
the Health left can end up (only its Pareto-least outcomes); and targets with the same
rules are interchangeable, so their Health left is kept sorted. The best choices are
found in floating point, then the chance of winning with exactly those choices is
summed in fractions: that is the number the planner policy achieves."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb

Counts = tuple[int, ...]
Rolled = tuple[tuple[int, int], ...]  # (crits, basic hits) per colour
Move = tuple[int, int, int]  # (colour, face 2 crit / 1 basic, target index)


@dataclass(frozen=True, slots=True)
class Target:
    """An undefeated enemy: the damage still needed, what a crit and a basic hit deal to
    it, and the colours (indexes) that may be applied to it."""

    need: int
    crit: int
    basic: int
    colours: frozenset[int]


@dataclass(frozen=True, slots=True)
class Die:
    """A colour: its hit sides (one of them the crit) and its sides."""

    hits: int
    sides: int


@dataclass(frozen=True)
class Engagement:
    dice: tuple[Die, ...]
    targets: tuple[Target, ...]
    plan: tuple[Counts, ...]  # dice committed in each pass, per colour

    @property
    def passes(self) -> int:
        return len(self.plan)


def odds(engagement: Engagement, held: Sequence[int] | None = None) -> Fraction:
    """Exact P(every target defeated) from the start of the first pass, with the best
    applications (TS-15.4)."""
    solver = solver_for(engagement)
    start = tuple(held) if held is not None else (0,) * len(engagement.dice)
    return solver.exact(0, start, solver.canon(tuple(t.need for t in engagement.targets)))


def best_move(engagement: Engagement, p: int, rolled: Rolled, held: Counts,
              needs: Counts) -> Move | None:
    """In pass ``p`` with ``rolled`` among the ``held`` unapplied dice and ``needs`` left
    on the targets (in ``engagement.targets`` order): the next application on a best
    line of play, or None to stop applying."""
    s = solver_for(engagement)
    best: tuple[float, Move | None] = (s.value(p + 1, held, s.canon(needs)), None)
    for colour, (crits, basics) in enumerate(rolled):
        for face, count in ((2, crits), (1, basics)):
            if not count:
                continue
            for j, target in enumerate(engagement.targets):
                if needs[j] <= 0 or colour not in target.colours:
                    continue
                left = list(rolled)
                left[colour] = (crits - (face == 2), basics - (face == 1))
                new_needs = list(needs)
                new_needs[j] = max(0, needs[j] - (target.crit if face == 2 else target.basic))
                new_held = list(held)
                new_held[colour] -= 1
                value = s.choose(p, tuple(new_held), tuple(left), s.canon(tuple(new_needs)))[0]
                if value > best[0] + 1e-12:
                    best = (value, (colour, face, j))
    return best[1]


@lru_cache(maxsize=32)
def solver_for(engagement: Engagement) -> Solver:
    return Solver(engagement)


class Solver:
    """Memoised expectimax over one engagement's states (pass, dice held, Health left)."""

    def __init__(self, e: Engagement) -> None:
        self.e = e
        self.targets = e.targets
        # Targets with the same rules form a class; their needs are kept sorted.
        specs = [(t.crit, t.basic, t.colours) for t in e.targets]
        self.classes = tuple(tuple(j for j, s in enumerate(specs) if s == spec)
                             for spec in dict.fromkeys(specs))
        self.useful = tuple(any(c in t.colours for t in e.targets) for c in range(len(e.dice)))
        self.accept = tuple(frozenset(j for j, t in enumerate(e.targets) if c in t.colours)
                            for c in range(len(e.dice)))
        self.crits_first = all(t.crit >= t.basic for t in e.targets)
        self.value = lru_cache(maxsize=None)(self._value)
        self.choose = lru_cache(maxsize=None)(self._choose)
        self.reach = lru_cache(maxsize=None)(self._reach)
        self.exact = lru_cache(maxsize=None)(self._exact)

    def canon(self, needs: Counts) -> Counts:
        out = [max(0, n) for n in needs]
        for members in self.classes:
            if len(members) > 1:
                for j, n in zip(members, sorted(out[j] for j in members), strict=True):
                    out[j] = n
        return tuple(out)

    def _dice(self, p: int, held: Counts) -> Counts:
        return tuple(h + a if u else 0
                     for h, a, u in zip(held, self.e.plan[p], self.useful, strict=True))

    def _value(self, p: int, held: Counts, needs: Counts) -> float:
        if not any(needs):
            return 1.0
        if p >= self.e.passes:
            return 0.0
        dice = self._dice(p, held)
        return sum(chance * self.choose(p, dice, rolled, needs)[0]
                   for rolled, chance, _ in outcomes(dice, self.e.dice))

    def _exact(self, p: int, held: Counts, needs: Counts) -> Fraction:
        if not any(needs):
            return Fraction(1)
        if p >= self.e.passes:
            return Fraction(0)
        dice = self._dice(p, held)
        total = Fraction(0)
        for rolled, _, chance in outcomes(dice, self.e.dice):
            _, next_held, next_needs = self.choose(p, dice, rolled, needs)
            total += chance * self.exact(p + 1, next_held, next_needs)
        return total

    def _choose(self, p: int, held: Counts, rolled: Rolled, needs: Counts
                ) -> tuple[float, Counts, Counts]:
        """The best successor of a roll: (odds, dice held for the reroll, needs left)."""
        best = (self.value(p + 1, held, needs), held, needs)
        if best[0] >= 1.0:
            return best
        for applied in self._applications(rolled):
            kinds: dict[tuple[int, frozenset[int]], int] = {}
            new_held = list(held)
            for colour, (crits, basics) in enumerate(applied):
                new_held[colour] -= crits + basics
                for face, n in ((2, crits), (1, basics)):
                    if n:
                        key = (face, self.accept[colour])
                        kinds[key] = kinds.get(key, 0) + n
            held_t = tuple(new_held)
            for left in self.reach(tuple(sorted(kinds.items(), key=_kind_order)), needs):
                value = self.value(p + 1, held_t, left)
                if value > best[0] + 1e-12:
                    best = (value, held_t, left)
                    if value >= 1.0:
                        return best
        return best

    def _applications(self, rolled: Rolled) -> Iterator[Rolled]:
        """How many crits and basic hits of each colour to apply. A held die is rerolled
        whatever it shows, so when a crit deals at least what a basic hit does to every
        target, applying m dice of a colour means its m best faces."""
        if self.crits_first:
            per_colour = [[(min(m, c), m - min(m, c)) for m in range(c + b + 1)]
                          for c, b in rolled]
        else:
            per_colour = [[(x, y) for x in range(c + 1) for y in range(b + 1)]
                          for c, b in rolled]
        for applied in product(*per_colour):
            if any(c or b for c, b in applied):
                yield applied

    def _reach(self, kinds: tuple[tuple[tuple[int, frozenset[int]], int], ...], needs: Counts
               ) -> tuple[Counts, ...]:
        """The Pareto-least needs that applying these dice can leave."""
        if not kinds or not any(needs):
            return (self.canon(needs),)
        ((face, accept), count), rest = kinds[0], kinds[1:]
        open_ = [j for j in sorted(accept) if needs[j] > 0]
        found: set[Counts] = set()
        for split in _splits(count, [_cap(needs[j], self._deal(j, face)) for j in open_]):
            new_needs = list(needs)
            for j, n in zip(open_, split, strict=True):
                new_needs[j] = max(0, new_needs[j] - n * self._deal(j, face))
            found.update(self.reach(rest, tuple(new_needs)))
        return _pareto(found)

    def _deal(self, j: int, face: int) -> int:
        t = self.targets[j]
        return t.crit if face == 2 else t.basic


def _kind_order(item: tuple[tuple[int, frozenset[int]], int]) -> tuple[int, tuple[int, ...]]:
    (face, accept), _ = item
    return (-face, tuple(sorted(accept)))


def _cap(need: int, deal: int) -> int:
    """More dice than it takes to finish a target are never better than holding them."""
    return need if deal <= 0 else -(-need // deal)


def _splits(count: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to give up to ``count`` dice to the targets, each at most its cap."""
    if not caps:
        yield ()
        return
    for first in range(min(count, caps[0]), -1, -1):
        for rest in _splits(count - first, caps[1:]):
            yield (first, *rest)


def _pareto(found: set[Counts]) -> tuple[Counts, ...]:
    """Needs no other found needs is at most everywhere (fewer is always better)."""
    items = sorted(found)
    return tuple(a for a in items
                 if not any(b != a and all(x <= y for x, y in zip(b, a, strict=True))
                            for b in items))


@cache
def outcomes(dice: Counts, kinds: tuple[Die, ...]) -> tuple[tuple[Rolled, float, Fraction], ...]:
    """Every (crits, basics) per colour with its chance, in floating point and exact."""
    out: list[tuple[Rolled, Fraction]] = [((), Fraction(1))]
    for n, die in zip(dice, kinds, strict=True):
        out = [((*faces, face), chance * p) for faces, chance in out
               for face, p in _colour_outcomes(n, die.hits, die.sides)]
    return tuple((rolled, float(chance), chance) for rolled, chance in out)


@cache
def _colour_outcomes(n: int, hits: int, sides: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    crit, basic, miss = Fraction(1, sides), Fraction(hits - 1, sides), Fraction(sides - hits, sides)
    out = []
    for c in range(n + 1):
        for b in range(n - c + 1):
            chance = comb(n, c) * comb(n - c, b) * crit ** c * basic ** b * miss ** (n - c - b)
            if chance:
                out.append(((c, b), chance))
    return tuple(out)
