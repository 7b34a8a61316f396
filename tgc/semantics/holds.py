"""What a condition can do, given the facts that can ever hold: conditions in, "may it
hold", "may it fail", what it lacks and which of its parts contradict each other out.

The abstraction treats every status, secret and item as possibly absent (play starts
without them, and nothing forces a reader down the branch that grants them) and as
possibly present only when some reachable line grants it. Everything else (attributes,
resources, tracks, counters, dials, chapters, characters, ``visited`` and ``ask``) may
hold and may fail, except where two of them contradict each other inside one ``and``.
So "cannot hold" is never a false alarm; "may hold" can be too generous.

The meaning of ``not``/``and``/``or`` and of a contradiction is the condition algebra's
(tgc.conditions.abstract), read on the lowered form (semantics.lower); this module
supplies what only the checker knows: which facts can ever hold.

Example:
    >>> from tgc.source import Span
    >>> from tgc.syntax import ast
    >>> s = Span("a.tgj", 1, 1, 1, 2)
    >>> pair = conflict((ast.Compare("courage", ">=", 3, s), ast.Compare("courage", "<", 2, s)))
    >>> [describe(c) for c in pair]
    ['courage >= 3', 'courage < 2']
"""

from __future__ import annotations

from collections.abc import Sequence

from tgc.conditions import abstract
from tgc.conditions import form as f
from tgc.conditions.change import make_fact
from tgc.conditions.text import describe as describe_form
from tgc.semantics.facts import Fact, Vocabulary
from tgc.semantics.lower import lower_atom, lower_form, lower_guard_form, written
from tgc.semantics.model import Campaign, StatusInfo
from tgc.syntax import ast

Atom = ast.StatusCond | ast.SecretCond | ast.ItemCond
INVERSE = abstract.INVERSE


class Held:
    """The facts that can ever hold, growing as the flow finds more reachable grants."""

    def __init__(self, campaign: Campaign, vocabulary: Vocabulary | None = None,
                 obscured: set[tuple[str, str]] | None = None) -> None:
        self.v = vocabulary or Vocabulary(campaign)
        self.facts: set[Fact] = set()
        # What lines that did not parse may have granted: taken to be possible.
        self.obscured = obscured or set()
        self.parts: dict[str, set[int]] = {}
        # id of a condition or guard -> (it, kept alive so the id stays its own; its form)
        self._forms: dict[int, tuple[object, f.Condition]] = {}
        self._conflicts: dict[f.Condition, tuple[f.Path, f.Path] | None] = {}

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
        return abstract.may_hold_guard(self._guard(conds), self._lacks, self._conflict)

    def may_hold(self, cond: ast.Cond) -> bool:
        return abstract.may_hold(self._form(cond), self._lacks, self._conflict)

    def may_fail(self, cond: ast.Cond) -> bool:
        return abstract.may_fail(self._form(cond), self._lacks, self._conflict)

    def _form(self, cond: ast.Cond) -> f.Condition:
        """The lowered form of a condition, lowered once."""
        cached = self._forms.get(id(cond))
        if cached is None:
            cached = self._forms[id(cond)] = (cond, lower_form(cond))
        return cached[1]

    def _guard(self, conds: Sequence[ast.Cond]) -> f.Condition:
        """The lowered form of a guard (its conditions as one), lowered once."""
        if len(conds) == 1:
            return self._form(conds[0])
        cached = self._forms.get(id(conds))
        if cached is None:
            cached = self._forms[id(conds)] = (conds, lower_guard_form(conds))
        return cached[1]

    def _lacks(self, atom: f.Atom) -> bool:
        return bool(self.lacks_form(atom))

    def lacks(self, atom: Atom) -> tuple[Fact, ...]:
        """The facts an atom needs that can never hold (empty: it may hold)."""
        return self.lacks_form(lower_atom(atom))

    def lacks_form(self, atom: f.Atom) -> tuple[Fact, ...]:
        """The facts a lowered atom needs that can never hold (empty: it may hold)."""
        match atom:
            case f.Status():
                return self.status_lacks(atom)
            case f.Secret():
                fact = self.v.secret(atom.number)
            case f.Item():
                fact = self.v.item(atom.item, atom.keyword)
            case _:
                return ()
        return (fact,) if fact is not None and fact not in self else ()

    def status_lacks(self, atom: f.Status) -> tuple[Fact, ...]:
        status = self.v.status(atom.status)
        if status is None or not _fits(status, atom) or self.obscures(("status", status.name)):
            return ()
        if status.shape != "parts":
            fact = make_fact((status.shape, status.name, 0))
            return () if fact in self.facts else (fact,)
        if atom.low is None:
            return self.count_lacks(status.name, atom.at_least or 1)
        high = atom.high if atom.high is not None else atom.low
        facts, name = self.facts, status.name
        return tuple(fact for fact in (make_fact(("part", name, p)) for p in range(atom.low, high + 1))
                     if fact not in facts)

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
        found = self._conflict(self._guard(conds))
        return None if found is None else (written(conds, found[0]), written(conds, found[1]))

    def _conflict(self, cond: f.Condition) -> tuple[f.Path, f.Path] | None:
        if not isinstance(cond, f.And | f.Not):
            return None
        try:  # (one lookup of a form seen before, not two: its hash is a Python call per node)
            return self._conflicts[cond]
        except KeyError:
            found = self._conflicts[cond] = abstract.conflict(cond, self.v.keywords)
            return found


def _fits(status: StatusInfo, atom: f.Status) -> bool:
    """Whether a condition's part selection is one resolve accepted for this status."""
    if atom.at_least is not None:
        return 1 <= atom.at_least <= status.size
    if atom.low is None:
        return True
    high = atom.high if atom.high is not None else atom.low
    return status.shape == "parts" and 1 <= atom.low <= high <= status.size


def conflict(conds: Sequence[ast.Cond], vocabulary: Vocabulary | None = None
             ) -> tuple[ast.Cond, ast.Cond] | None:
    """The first two literals of a conjunction that contradict each other, in source order
    (tgc.conditions.abstract.conflict on the lowered guard)."""
    found = abstract.conflict(lower_guard_form(conds),
                              vocabulary.keywords if vocabulary is not None else None)
    return None if found is None else (written(conds, found[0]), written(conds, found[1]))


def describe(cond: ast.Cond) -> str:
    """A condition as a writer would type it (normalised spacing)."""
    return describe_form(lower_form(cond))
