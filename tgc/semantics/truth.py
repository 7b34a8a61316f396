"""Truth tables over conditions: conditions in, whether one of them holds in every state
out. Used by the dead-end rule ("a run of conditional diverts that together always
hold"); atoms are read from the AST, nothing is evaluated against a real game state.

Atoms that compare a number (``courage >= 3``, ``dial "D" < 2``, ``chapter >= 3``) become
integer variables, evaluated at a few representative values around every threshold, so
``X >= n`` / ``X < n`` (and ``X <= 2`` / ``X > 2`` ...) are found complementary; every
other atom (``status "X" 2``, ``secret 12``, ``ask "Q"`` ...) is a free boolean, equal
only to itself, so ``C`` and ``not C`` are complements.

Example:
    >>> from tgc.source import Span
    >>> s = Span("a.tgj", 1, 1, 1, 2)
    >>> brave = ast.Compare("courage", ">=", 3, s)
    >>> timid = ast.Compare("courage", "<", 3, s)
    >>> always_holds([brave, timid])
    True
    >>> always_holds([brave, ast.Compare("courage", "<", 2, s)])
    False
    >>> ask = ast.AskCond("Is the menhir lit?", s)
    >>> always_holds([ask, ast.Not(ask, s)])
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product

from tgc.semantics.model import DIAL_MAX
from tgc.syntax import ast

# Past this many rows the table is not built and the answer is "unknown" (None).
ROW_LIMIT = 4096
# The smallest value each counted thing can take; dials also have a top (DIAL_MAX).
LOWEST: dict[str, int] = {"players": 1, "day": 1}
AtomKey = tuple[object, ...]
Env = dict[AtomKey, object]

_OPS: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def always_holds(conds: Sequence[ast.Cond], limit: int = ROW_LIMIT) -> bool | None:
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


def atoms(cond: ast.Cond) -> Iterator[ast.Cond]:
    """The atoms of a condition, left to right (``not``, ``and``, ``or`` looked through)."""
    if isinstance(cond, ast.Not):
        yield from atoms(cond.operand)
    elif isinstance(cond, (ast.And, ast.Or)):
        for operand in cond.operands:
            yield from atoms(operand)
    else:
        yield cond


def atom_key(atom: ast.Cond) -> AtomKey:
    """What an atom reads, without its span: equal keys are the same variable."""
    if isinstance(atom, ast.Compare):
        return ("number", atom.name)
    if isinstance(atom, ast.DialCond):
        return ("dial", atom.name)
    if isinstance(atom, ast.ChapterCond) and atom.op is not None:
        return ("chapter",)
    if isinstance(atom, ast.StatusCond):
        parts = atom.parts
        sel = None if parts is None else (parts.low, parts.high, parts.any_count)
        return ("status", atom.name, sel)
    if isinstance(atom, ast.SecretCond):
        return ("secret", atom.number)
    if isinstance(atom, ast.ItemCond):
        return ("item", atom.name, atom.keyword)
    if isinstance(atom, ast.CharacterCond):
        return ("character", atom.name)
    if isinstance(atom, ast.VisitedCond):
        return ("visited", str(atom.ref))
    if isinstance(atom, ast.ChapterCond):
        return ("chapter is", atom.number, atom.letter, atom.part)
    if isinstance(atom, ast.AskCond):
        return ("ask", atom.question)
    raise TypeError(f"not an atom: {type(atom).__name__}")


def evaluate(cond: ast.Cond, env: Env) -> bool:
    """The truth of a condition when every atom's variable has a value in ``env``."""
    if isinstance(cond, ast.Not):
        return not evaluate(cond.operand, env)
    if isinstance(cond, ast.And):
        return all(evaluate(o, env) for o in cond.operands)
    if isinstance(cond, ast.Or):
        return any(evaluate(o, env) for o in cond.operands)
    value = env[atom_key(cond)]
    threshold = _threshold(cond)
    if threshold is None:
        return bool(value)
    op = cond.op if isinstance(cond, (ast.Compare, ast.DialCond, ast.ChapterCond)) else None
    assert isinstance(value, int) and op is not None
    return _OPS[op](value, threshold)


def _threshold(atom: ast.Cond) -> int | None:
    if isinstance(atom, (ast.Compare, ast.DialCond)):
        return atom.value
    if isinstance(atom, ast.ChapterCond) and atom.op is not None:
        return atom.number
    return None


def _bounds(atom: ast.Cond) -> tuple[int, int | None]:
    if isinstance(atom, ast.DialCond):
        return 0, DIAL_MAX
    if isinstance(atom, ast.ChapterCond):
        return 1, None
    assert isinstance(atom, ast.Compare)
    return LOWEST.get(atom.name, 0), None


def _representatives(thresholds: set[int], low: int, high: int | None) -> Iterator[int]:
    """One value in every interval the thresholds cut the domain into."""
    points = {low}
    for t in thresholds:
        points.update((t - 1, t, t + 1))
    for p in sorted(points):
        if p >= low and (high is None or p <= high):
            yield p
