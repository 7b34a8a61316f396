"""What a condition can do, given the facts that can ever hold: conditions in, "may it
hold", "may it fail", what it lacks and which of its parts contradict each other out.

The abstraction treats every status, secret and item as possibly absent (play starts
without them, and nothing forces a reader down the branch that grants them) and as
possibly present only when some reachable line grants it. Everything else (attributes,
resources, tracks, counters, dials, chapters, characters, ``visited`` and ``ask``) may
hold and may fail, except where two of them contradict each other inside one ``and``.
So "cannot hold" is never a false alarm; "may hold" can be too generous.

Example:
    >>> from tgc.source import Span
    >>> from tgc.syntax import ast
    >>> s = Span("a.tgj", 1, 1, 1, 2)
    >>> pair = conflict((ast.Compare("courage", ">=", 3, s), ast.Compare("courage", "<", 2, s)))
    >>> [describe(c) for c in pair]
    ['courage >= 3', 'courage < 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from tgc.semantics.facts import Fact, Vocabulary, selection_fits
from tgc.semantics.model import Campaign
from tgc.syntax import ast

Atom = ast.StatusCond | ast.SecretCond | ast.ItemCond
INVERSE = {">=": "<", "<": ">=", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}


class Held:
    """The facts that can ever hold, growing as the flow finds more reachable grants."""

    def __init__(self, campaign: Campaign, vocabulary: Vocabulary | None = None,
                 obscured: set[tuple[str, str]] | None = None) -> None:
        self.v = vocabulary or Vocabulary(campaign)
        self.facts: set[Fact] = set()
        # What lines that did not parse may have granted: taken to be possible.
        self.obscured = obscured or set()
        self.parts: dict[str, set[int]] = {}
        # id of a conjunction -> (the conjunction, kept alive so the id stays its own; result)
        self._conflicts: dict[int, tuple[object, tuple[ast.Cond, ast.Cond] | None]] = {}

    def add(self, fact: Fact) -> bool:
        """Record a fact; True if it is new."""
        if fact in self.facts:
            return False
        self.facts.add(fact)
        if fact.kind == "part":
            self.parts.setdefault(fact.name, set()).add(fact.number)
        return True

    def __contains__(self, fact: object) -> bool:
        return fact in self.facts or (isinstance(fact, Fact) and self.obscures(fact.key))

    def obscures(self, key: tuple[str, str]) -> bool:
        return key in self.obscured or (key[0], "*") in self.obscured

    # ------------------------------------------------------------ evaluation

    def may_hold_all(self, conds: Sequence[ast.Cond]) -> bool:
        """A guard: every condition may hold, and no two contradict each other."""
        return all(self.may_hold(c) for c in conds) and self.conflict_of(conds) is None

    def may_hold(self, cond: ast.Cond) -> bool:
        if isinstance(cond, (ast.StatusCond, ast.SecretCond, ast.ItemCond)):
            return not self.lacks(cond)
        if isinstance(cond, ast.Not):
            return self.may_fail(cond.operand)
        if isinstance(cond, ast.And):
            return self.may_hold_all(cond.operands)
        if isinstance(cond, ast.Or):
            return any(self.may_hold(c) for c in cond.operands)
        return True

    def may_fail(self, cond: ast.Cond) -> bool:
        if isinstance(cond, ast.Not):
            return self.may_hold(cond.operand)
        if isinstance(cond, ast.And):
            return any(self.may_fail(c) for c in cond.operands)
        if isinstance(cond, ast.Or):
            return all(self.may_fail(c) for c in cond.operands)
        return True

    def lacks(self, atom: Atom) -> tuple[Fact, ...]:
        """The facts an atom needs that can never hold (empty: it may hold)."""
        if isinstance(atom, ast.StatusCond):
            return self.status_lacks(atom)
        fact = (self.v.secret(atom.number) if isinstance(atom, ast.SecretCond)
                else self.v.item(atom.name, atom.keyword))
        return (fact,) if fact is not None and fact not in self else ()

    def status_lacks(self, atom: ast.StatusCond) -> tuple[Fact, ...]:
        status = self.v.status(atom.name)
        sel = atom.parts
        if status is None or not selection_fits(status, sel) or self.obscures(("status", status.name)):
            return ()
        if status.shape != "parts":
            fact = Fact(status.shape, status.name)
            return () if fact in self.facts else (fact,)
        if sel is None or sel.any_count:
            return self.count_lacks(status.name, sel.low if sel is not None else 1)
        return tuple(Fact("part", status.name, p) for p in range(sel.low, sel.high + 1)
                     if Fact("part", status.name, p) not in self.facts)

    def count_lacks(self, name: str, count: int) -> tuple[Fact, ...]:
        have = len(self.parts.get(name, ()))
        return () if have >= count else (Fact("count", name, count),)

    def trigger_lacks(self, status_name: str, trig: ast.Trigger) -> tuple[Fact, ...]:
        """What keeps a trigger from firing (empty: it may fire, or resolve reported it)."""
        status = self.v.status(status_name)
        if status is None or self.obscures(("status", status.name)):
            return ()
        reads = self.v.trigger_reads(status, trig)
        if reads is None:
            return ()
        if status.shape == "parts" and trig.kind == "any":
            return self.count_lacks(status.name, trig.low or 1)
        return tuple(f for f in reads if f not in self.facts)

    # ------------------------------------------------------------ contradictions

    def conflict_of(self, conds: Sequence[ast.Cond]) -> tuple[ast.Cond, ast.Cond] | None:
        """The first pair of literals of one conjunction that cannot hold together
        (computed once per conjunction, since it does not depend on the facts)."""
        if len(conds) == 1 and not isinstance(conds[0], (ast.And, ast.Not)):
            return None  # one literal (or an `or` of them) contradicts nothing
        owner: object = conds[0] if len(conds) == 1 else conds
        cached = self._conflicts.get(id(owner))
        if cached is None:
            cached = (owner, conflict(conds, self.v))
            self._conflicts[id(owner)] = cached
        return cached[1]


# ---------------------------------------------------------------- contradictions


def conflict(conds: Sequence[ast.Cond], vocabulary: Vocabulary | None = None
             ) -> tuple[ast.Cond, ast.Cond] | None:
    """The first two literals of a conjunction that contradict each other, in source order.

    Literals are the conditions joined by ``and`` (and by ``;`` in a guard), seen through
    ``not``: status parts against ``not status``, a secret, item, keyword, ``visited``,
    ``ask`` or ``character`` against its negation, an item against ``not`` one of its
    keywords, and bounds on one attribute, resource, dial or chapter that leave no value.
    """
    booleans: dict[tuple[str, str], dict[bool, ast.Cond]] = {}
    statuses: dict[str, list[tuple[ast.Cond, ast.StatusCond, bool]]] = {}
    bounds: dict[str, _Bounds] = {}
    named_items: list[tuple[ast.Cond, ast.ItemCond]] = []
    for literal, atom, negated in _literals(conds, False):
        if isinstance(atom, ast.StatusCond):
            found = _status_conflict(statuses.setdefault(atom.name, []), literal, atom, negated)
            if found is not None:
                return found
            statuses[atom.name].append((literal, atom, negated))
            continue
        interval = _interval(atom, negated)
        if interval is not None:
            name, op, value = interval
            found = bounds.setdefault(name, _Bounds()).add(literal, op, value)
            if found is not None:
                return found
            continue
        key = _boolean_key(atom)
        if key is None:
            continue
        seen = booleans.setdefault(key, {})
        if (not negated) in seen:
            return seen[not negated], literal
        seen.setdefault(negated, literal)
        if isinstance(atom, ast.ItemCond) and not atom.keyword and not negated:
            named_items.append((literal, atom))
    if vocabulary is not None:
        for literal, item in named_items:
            info = vocabulary.c.items.get(item.name)
            for word in info.keywords if info is not None else ():
                other = booleans.get(("keyword", word), {}).get(True)
                if other is not None:
                    return _ordered(literal, other)
    return None


def _ordered(a: ast.Cond, b: ast.Cond) -> tuple[ast.Cond, ast.Cond]:
    return (a, b) if a.span <= b.span else (b, a)


def _literals(conds: Iterable[ast.Cond], negated: bool, written: ast.Cond | None = None
              ) -> Iterator[tuple[ast.Cond, ast.Cond, bool]]:
    """(the literal as written, the atom under its ``not``s, whether negated). Inside
    ``not (a or b)`` the literal as written is the whole negation."""
    for cond in conds:
        inner, neg = cond, negated
        while isinstance(inner, ast.Not):
            inner, neg = inner.operand, not neg
        if isinstance(inner, ast.And) and not neg:
            yield from _literals(inner.operands, False, written)
        elif isinstance(inner, ast.Or) and neg:
            yield from _literals(inner.operands, True, written or cond)  # De Morgan
        elif not isinstance(inner, (ast.And, ast.Or)):
            yield written or cond, inner, neg


def _boolean_key(atom: ast.Cond) -> tuple[str, str] | None:
    if isinstance(atom, ast.SecretCond):
        return ("secret", str(atom.number))
    if isinstance(atom, ast.ItemCond):
        return ("keyword" if atom.keyword else "item", atom.name)
    if isinstance(atom, ast.VisitedCond):
        return ("visited", str(atom.ref))
    if isinstance(atom, ast.AskCond):
        return ("ask", atom.question)
    if isinstance(atom, ast.CharacterCond):
        return ("character", atom.name)
    return None


def _status_conflict(earlier: list[tuple[ast.Cond, ast.StatusCond, bool]], literal: ast.Cond,
                     atom: ast.StatusCond, negated: bool) -> tuple[ast.Cond, ast.Cond] | None:
    for other_literal, other, other_negated in earlier:
        if other_negated == negated:
            continue
        pos, neg = (other, atom) if negated else (atom, other)
        if _excludes(pos.parts, neg.parts):
            return other_literal, literal
    return None


def _excludes(pos: ast.PartSel | None, neg: ast.PartSel | None) -> bool:
    """Whether ``status X POS`` rules out ``not status X NEG``."""
    if pos is None:
        need, parts = 1, None
    elif pos.any_count:
        need, parts = pos.low, None
    else:
        need, parts = pos.high - pos.low + 1, set(range(pos.low, pos.high + 1))
    if neg is None or neg.any_count:
        return need >= (neg.low if neg is not None else 1)
    return parts is not None and set(range(neg.low, neg.high + 1)) <= parts


def _interval(atom: ast.Cond, negated: bool) -> tuple[str, str, int] | None:
    if isinstance(atom, ast.Compare):
        name, op, value = atom.name, atom.op, atom.value
    elif isinstance(atom, ast.DialCond):
        name, op, value = f'dial "{atom.name}"', atom.op, atom.value
    elif isinstance(atom, ast.ChapterCond):
        if atom.op is None and negated:
            return None  # "not chapter 3A" still allows chapter 3B; "chapter 3" vs "3A" is the ruleset's
        name, op, value = "chapter", atom.op or "==", atom.number
    else:
        return None
    return (name, INVERSE[op] if negated else op, value)


class _Bounds:
    """Integer bounds on one quantity, and which literal set each of them."""

    def __init__(self) -> None:
        self.low: tuple[int, ast.Cond] | None = None
        self.high: tuple[int, ast.Cond] | None = None
        self.unequal: dict[int, ast.Cond] = {}

    def add(self, literal: ast.Cond, op: str, value: int) -> tuple[ast.Cond, ast.Cond] | None:
        if op == "!=":
            self.unequal.setdefault(value, literal)
        if op in (">=", ">", "=="):
            low = value + 1 if op == ">" else value
            if self.low is None or low > self.low[0]:
                self.low = (low, literal)
        if op in ("<=", "<", "=="):
            high = value - 1 if op == "<" else value
            if self.high is None or high < self.high[0]:
                self.high = (high, literal)
        if self.low is not None and self.high is not None:
            if self.low[0] > self.high[0]:
                return _pair(self.low[1], self.high[1], literal)
            if self.low[0] == self.high[0] and self.low[0] in self.unequal:
                other = self.unequal[self.low[0]]
                bound = self.low[1] if self.low[1] is not literal else self.high[1]
                return _pair(other, bound, literal)
        return None


def _pair(a: ast.Cond, b: ast.Cond, latest: ast.Cond) -> tuple[ast.Cond, ast.Cond]:
    """The two literals that clash, the one just added second."""
    if a is latest:
        return b, a
    return a, b


# ---------------------------------------------------------------- text


def describe(cond: ast.Cond) -> str:
    """A condition as a writer would type it (normalised spacing)."""
    if isinstance(cond, ast.StatusCond):
        return f'status "{cond.name}"' + (f" {cond.parts}" if cond.parts else "")
    if isinstance(cond, ast.SecretCond):
        return f"secret {cond.number}"
    if isinstance(cond, ast.ItemCond):
        return f"item {cond.name}" if cond.keyword else f'item "{cond.name}"'
    if isinstance(cond, ast.Compare):
        return f"{cond.name} {cond.op} {cond.value}"
    if isinstance(cond, ast.DialCond):
        return f'dial "{cond.name}" {cond.op} {cond.value}'
    if isinstance(cond, ast.CharacterCond):
        return f'character "{cond.name}"'
    if isinstance(cond, ast.VisitedCond):
        return f"visited {cond.ref}"
    if isinstance(cond, ast.ChapterCond):
        if cond.op is not None:
            return f"chapter {cond.op} {cond.number}"
        return f"chapter {cond.number}{cond.letter or ''}" + (
            f"-{cond.part}" if cond.part is not None else "")
    if isinstance(cond, ast.AskCond):
        return f'ask "{cond.question}"'
    if isinstance(cond, ast.Not):
        inner = describe(cond.operand)
        return f"not ({inner})" if isinstance(cond.operand, (ast.And, ast.Or)) else f"not {inner}"
    joiner = " and " if isinstance(cond, ast.And) else " or "
    return joiner.join(f"({describe(c)})" if isinstance(c, (ast.And, ast.Or)) else describe(c)
                       for c in cond.operands)
