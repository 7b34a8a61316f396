"""Condition algebra, what may hold: a condition and what its fact atoms lack in, "may it
hold" and "may it fail" out, and the parts of a conjunction that contradict each other.

The abstraction (the checker's, tgc.semantics.holds) treats every status, secret and item
as possibly absent and as possibly present only when ``lacks`` says nothing is missing;
every other atom may hold and may fail, except where two literals of one ``and``
contradict each other. So "cannot hold" is never a false alarm, and the explorer, which
runs the same conditions through evaluate.py, never takes a guard this calls impossible
(tests/test_condition_agreement.py).

Example:
    >>> from tgc.conditions.form import And, Compare, Not, Secret
    >>> conflict(And((Compare("courage", ">=", 3), Compare("courage", "<", 2))))
    ((0,), (1,))
    >>> may_hold(And((Secret(12), Not(Secret(12)))), lambda atom: False)
    False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import assert_never

from tgc.conditions.form import (
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
    Path,
    Secret,
    Status,
    Visited,
)

INVERSE = {">=": "<", "<": ">=", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}
Lacks = Callable[[Atom], bool]  # does a fact atom need something that never holds?
Conflict = Callable[[Condition], "tuple[Path, Path] | None"]
Keywords = Callable[[str], Iterable[str]]  # an item's keywords


def may_hold(cond: Condition, lacks: Lacks, conflict_of: Conflict | None = None) -> bool:
    """Can ``cond`` hold, given which fact atoms lack a fact? ``conflict_of`` finds the
    contradictions of a conjunction (default: ``conflict`` without item keywords)."""
    clash = conflict_of or conflict
    match cond:
        case Status() | Secret() | Item():
            return not lacks(cond)
        case Not():
            return may_fail(cond.operand, lacks, clash)
        case And():
            return all(may_hold(c, lacks, clash) for c in cond.operands) and clash(cond) is None
        case Or():
            return any(may_hold(c, lacks, clash) for c in cond.operands)
        case Compare() | Dial() | Character() | Event() | Visited() | Chapter() | Ask():
            return True
        case _:
            assert_never(cond)


def may_fail(cond: Condition, lacks: Lacks, conflict_of: Conflict | None = None) -> bool:
    """Can ``cond`` fail? Every atom may (play starts without any fact)."""
    clash = conflict_of or conflict
    match cond:
        case Not():
            return may_hold(cond.operand, lacks, clash)
        case And():
            return any(may_fail(c, lacks, clash) for c in cond.operands)
        case Or():
            return all(may_fail(c, lacks, clash) for c in cond.operands)
        case _:
            return True


def may_hold_guard(cond: Condition, lacks: Lacks, conflict_of: Conflict | None = None) -> bool:
    """A whole guard (its ``;``-joined conditions as one): it may hold, and no two of
    its literals contradict each other (seen through a leading ``not`` too)."""
    clash = conflict_of or conflict
    if not may_hold(cond, lacks, clash):
        return False
    return not isinstance(cond, Not) or clash(cond) is None


# ---------------------------------------------------------------- contradictions


def conflict(cond: Condition, keywords: Keywords | None = None) -> tuple[Path, Path] | None:
    """The first two literals of a conjunction that contradict each other, in source order,
    as the paths of the literals as written.

    Literals are the conditions joined by ``and`` (a guard's ``;`` too), seen through
    ``not``: status parts against ``not status``, a secret, item, keyword, ``visited``,
    ``ask`` or ``character`` against its negation, an item against ``not`` one of its
    keywords (when ``keywords`` says an item's keywords), and bounds on one attribute,
    resource, dial or chapter that leave no value.
    """
    if not isinstance(cond, And | Not):
        return None  # one literal (or an `or` of them) contradicts nothing
    booleans: dict[tuple[str, str], dict[bool, Path]] = {}
    statuses: dict[str, list[tuple[Path, Status, bool]]] = {}
    bounds: dict[str, _Bounds] = {}
    named_items: list[tuple[Path, Item]] = []
    for written, atom, negated in literals(cond):
        if isinstance(atom, Status):
            found = _status_conflict(statuses.setdefault(atom.status, []), written, atom, negated)
            if found is not None:
                return found
            statuses[atom.status].append((written, atom, negated))
            continue
        interval = _interval(atom, negated)
        if interval is not None:
            name, op, value = interval
            found = bounds.setdefault(name, _Bounds()).add(written, op, value)
            if found is not None:
                return found
            continue
        key = _boolean_key(atom)
        if key is None:
            continue
        seen = booleans.setdefault(key, {})
        if (not negated) in seen:
            return seen[not negated], written
        seen.setdefault(negated, written)
        if isinstance(atom, Item) and not atom.keyword and not negated:
            named_items.append((written, atom))
    if keywords is not None:
        for written, item in named_items:
            for word in keywords(item.item):
                other = booleans.get(("keyword", word), {}).get(True)
                if other is not None:
                    return (written, other) if written <= other else (other, written)
    return None


def literals(cond: Condition, path: Path = (), negated: bool = False, written: Path | None = None
             ) -> Iterator[tuple[Path, Atom, bool]]:
    """(the path of the literal as written, the atom under its ``not``s, whether negated).
    Inside ``not (a or b)`` the literal as written is the whole negation."""
    inner, neg, where = cond, negated, path
    while isinstance(inner, Not):
        inner, neg, where = inner.operand, not neg, where + (0,)
    if isinstance(inner, And) and not neg:
        for i, operand in enumerate(inner.operands):
            yield from literals(operand, where + (i,), False, written)
    elif isinstance(inner, Or) and neg:
        for i, operand in enumerate(inner.operands):  # De Morgan
            yield from literals(operand, where + (i,), True, written if written is not None else path)
    elif not isinstance(inner, And | Or):
        yield (written if written is not None else path), inner, neg


def _boolean_key(atom: Atom) -> tuple[str, str] | None:
    match atom:
        case Secret():
            return ("secret", str(atom.number))
        case Item():
            return ("keyword" if atom.keyword else "item", atom.item)
        case Visited():
            return ("visited", atom.verse)
        case Ask():
            return ("ask", atom.question)
        case Character():
            return ("character", atom.character)
        case Event():
            return ("quest" if atom.quest else "event", atom.event)
        case _:
            return None


def _status_conflict(earlier: list[tuple[Path, Status, bool]], written: Path, atom: Status,
                     negated: bool) -> tuple[Path, Path] | None:
    for other_written, other, other_negated in earlier:
        if other_negated == negated:
            continue
        pos, neg = (other, atom) if negated else (atom, other)
        if excludes(pos, neg):
            return other_written, written
    return None


def excludes(pos: Status, neg: Status) -> bool:
    """Whether ``status X POS`` rules out ``not status X NEG``."""
    parts: set[int] | None
    if pos.at_least is not None:
        need, parts = pos.at_least, None
    elif pos.low is None:
        need, parts = 1, None
    else:
        high = pos.high if pos.high is not None else pos.low
        need, parts = high - pos.low + 1, set(range(pos.low, high + 1))
    if neg.at_least is not None or neg.low is None:
        return need >= (neg.at_least if neg.at_least is not None else 1)
    high = neg.high if neg.high is not None else neg.low
    return parts is not None and set(range(neg.low, high + 1)) <= parts


def _interval(atom: Atom, negated: bool) -> tuple[str, str, int] | None:
    match atom:
        case Compare():
            name, op, value = atom.name, str(atom.op), atom.value
        case Dial():
            name, op, value = f'dial "{atom.dial}"', str(atom.op), atom.value
        case Chapter():
            if atom.op is None and negated:
                return None  # "not chapter 3A" still allows chapter 3B
            name, op, value = "chapter", atom.op or "==", atom.number
        case _:
            return None
    return (name, INVERSE[op] if negated else op, value)


class _Bounds:
    """Integer bounds on one quantity, and which literal set each of them."""

    def __init__(self) -> None:
        self.low: tuple[int, Path] | None = None
        self.high: tuple[int, Path] | None = None
        self.unequal: dict[int, Path] = {}

    def add(self, written: Path, op: str, value: int) -> tuple[Path, Path] | None:
        if op == "!=":
            self.unequal.setdefault(value, written)
        if op in (">=", ">", "=="):
            low = value + 1 if op == ">" else value
            if self.low is None or low > self.low[0]:
                self.low = (low, written)
        if op in ("<=", "<", "=="):
            high = value - 1 if op == "<" else value
            if self.high is None or high < self.high[0]:
                self.high = (high, written)
        if self.low is not None and self.high is not None:
            if self.low[0] > self.high[0]:
                return _pair(self.low[1], self.high[1], written)
            if self.low[0] == self.high[0] and self.low[0] in self.unequal:
                other = self.unequal[self.low[0]]
                bound = self.low[1] if self.low[1] != written else self.high[1]
                return _pair(other, bound, written)
        return None


def _pair(a: Path, b: Path, latest: Path) -> tuple[Path, Path]:
    """The two literals that clash, the one just added second."""
    return (b, a) if a == latest else (a, b)

