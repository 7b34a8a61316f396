"""Condition algebra, truth tables: conditions in, whether one of them holds in every state
out (the dead-end rule's "a run of conditional diverts that together always hold").

Atoms that compare a number (``courage >= 3``, ``dial "D" < 2``, ``chapter >= 3``) become
integer variables, evaluated at a few representative values around every threshold, so
``X >= n`` / ``X < n`` (and ``X <= 2`` / ``X > 2`` ...) are found complementary; every
other atom (``status "X" 2``, ``secret 12``, ``ask "Q"`` ...) is a free boolean, equal
only to itself, so ``C`` and ``not C`` are complements.

Example:
    >>> from tgc.conditions.form import Ask, Compare, Not
    >>> always_holds([Compare("courage", ">=", 3), Compare("courage", "<", 3)])
    True
    >>> always_holds([Compare("courage", ">=", 3), Compare("courage", "<", 2)])
    False
    >>> always_holds([Ask("Is the menhir lit?"), Not(Ask("Is the menhir lit?"))])
    True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import assert_never

from tgc.conditions.evaluate import COMPARE
from tgc.conditions.form import (
    DIAL_MAX,
    And,
    Ask,
    Atom,
    Chapter,
    Character,
    Compare,
    Condition,
    Dial,
    Event,
    Item,
    Not,
    Or,
    Secret,
    Status,
    Visited,
    atoms,
)

# Past this many rows the table is not built and the answer is "unknown" (None).
ROW_LIMIT = 4096
# The smallest value each counted thing can take; dials also have a top (DIAL_MAX).
LOWEST: dict[str, int] = {"players": 1, "day": 1}
AtomKey = tuple[object, ...]
Env = dict[AtomKey, object]


def always_holds(conds: Sequence[Condition], limit: int = ROW_LIMIT) -> bool | None:
    """True when one of ``conds`` holds under every assignment of their atoms, False
    when some assignment makes them all fail, None when the table would be too large."""
    numbers: dict[AtomKey, set[int]] = {}
    bounds: dict[AtomKey, tuple[int, int | None]] = {}
    flags: dict[AtomKey, None] = {}  # ordered set
    for cond in conds:
        for atom in atoms(cond):
            key = atom_key(atom)
            threshold = _threshold(atom)
            if threshold is None:
                flags[key] = None
                continue
            numbers.setdefault(key, set()).add(threshold)
            bounds[key] = _bounds(atom)
    axes: list[tuple[AtomKey, list[object]]] = []
    for key, thresholds in numbers.items():
        axes.append((key, list(_representatives(thresholds, *bounds[key]))))
    axes.extend((key, [False, True]) for key in flags)
    rows = 1
    for _, values in axes:
        rows *= len(values)
        if rows > limit:
            return None
    keys = [key for key, _ in axes]
    for row in product(*(values for _, values in axes)):
        env: Env = dict(zip(keys, row, strict=True))
        if not any(evaluate(cond, env) for cond in conds):
            return False
    return True


def atom_key(atom: Atom) -> AtomKey:
    """What an atom reads: equal keys are the same variable."""
    match atom:
        case Compare():
            return ("number", atom.name)
        case Dial():
            return ("dial", atom.dial)
        case Chapter() if atom.op is not None:
            return ("chapter",)
        case Status():
            sel = None if atom.low is None and atom.at_least is None else (
                (atom.at_least, atom.at_least, True) if atom.at_least is not None
                else (atom.low, atom.high, False))
            return ("status", atom.status, sel)
        case Secret():
            return ("secret", atom.number)
        case Item():
            return ("item", atom.item, atom.keyword)
        case Character():
            return ("character", atom.character)
        case Event():
            return ("quest" if atom.quest else "event", atom.event)
        case Visited():
            return ("visited", atom.verse)
        case Chapter():
            return ("chapter is", atom.number, atom.letter, atom.part)
        case Ask():
            return ("ask", atom.question)
        case _:
            assert_never(atom)


def evaluate(cond: Condition, env: Env) -> bool:
    """The truth of a condition when every atom's variable has a value in ``env``."""
    match cond:
        case Not():
            return not evaluate(cond.operand, env)
        case And():
            return all(evaluate(o, env) for o in cond.operands)
        case Or():
            return any(evaluate(o, env) for o in cond.operands)
        case _:
            value = env[atom_key(cond)]
            threshold = _threshold(cond)
            if threshold is None:
                return bool(value)
            op = cond.op if isinstance(cond, Compare | Dial | Chapter) else None
            assert isinstance(value, int) and op is not None
            return COMPARE[op](value, threshold)


def _threshold(atom: Atom) -> int | None:
    if isinstance(atom, Compare | Dial):
        return atom.value
    if isinstance(atom, Chapter) and atom.op is not None:
        return atom.number
    return None


def _bounds(atom: Atom) -> tuple[int, int | None]:
    if isinstance(atom, Dial):
        return 0, DIAL_MAX
    if isinstance(atom, Chapter):
        return 1, None
    assert isinstance(atom, Compare)
    return LOWEST.get(atom.name, 0), None


def _representatives(thresholds: set[int], low: int, high: int | None) -> Iterator[int]:
    """One value in every interval the thresholds cut the domain into."""
    points = {low}
    for t in thresholds:
        points.update((t - 1, t, t + 1))
    for p in sorted(points):
        if p >= low and (high is None or p <= high):
            yield p
