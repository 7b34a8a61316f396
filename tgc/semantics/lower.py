"""Semantics, lowering: an AST condition in, the condition algebra's form out
(tgc.conditions.form) with a span table back to the source; an AST effect in, the
algebra's change out (tgc.conditions.change).

Lowering is structural: every AST node becomes one form node at the same path, so a
path the algebra returns (a contradiction's two literals) leads back to the AST node as
written (``written``). ``visited`` keeps the reference as written unless a resolver is
given (the compiler gives the canonical verse id). A guard's ``;``-joined conditions
lower to one ``and``, as the bundle keeps them.

Example:
    >>> from tgc.source import Span
    >>> s = Span("a.tgj", 3, 4, 3, 15)
    >>> low = lower(ast.Not(ast.SecretCond(12, s), s))
    >>> low.cond, low.spans[(0,)].col
    (Not(operand=Secret(number=12)), 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import assert_never, cast

from tgc.conditions import change as c
from tgc.conditions import form as f
from tgc.source import Span
from tgc.syntax import ast

Resolver = Callable[[ast.Ref], str]


def _as_written(ref: ast.Ref) -> str:
    return str(ref)


def lower(cond: ast.Cond, resolve: Resolver = _as_written) -> f.Lowered:
    """One condition, with the span of each of its parts."""
    spans: dict[f.Path, Span] = {}
    return f.Lowered(_lower(cond, (), spans, resolve), spans)


def lower_guard(conds: Sequence[ast.Cond], resolve: Resolver = _as_written) -> f.Lowered:
    """A guard's conditions as one (``and`` when there are several)."""
    if len(conds) == 1:
        return lower(conds[0], resolve)
    spans: dict[f.Path, Span] = {}
    parts = tuple(_lower(c, (i,), spans, resolve) for i, c in enumerate(conds))
    return f.Lowered(f.And(parts), spans)


def lower_form(cond: ast.Cond, resolve: Resolver = _as_written) -> f.Condition:
    """One condition's form alone, for a reader that never maps a path back (``holds``,
    the endings: 22,000 guards on the 20,000-verse story, each lowered once): ``lower``
    without its span table, which a path tuple and an entry per node would cost."""
    match cond:
        case ast.Not():
            return f.Not(lower_form(cond.operand, resolve))
        case ast.And():
            return f.And(tuple(lower_form(c, resolve) for c in cond.operands))
        case ast.Or():
            return f.Or(tuple(lower_form(c, resolve) for c in cond.operands))
        case _:
            return lower_atom(cond, resolve)


def lower_guard_form(conds: Sequence[ast.Cond], resolve: Resolver = _as_written) -> f.Condition:
    """A guard's form alone (``lower_guard`` without its span table)."""
    if len(conds) == 1:
        return lower_form(conds[0], resolve)
    return f.And(tuple(lower_form(c, resolve) for c in conds))


def written(conds: Sequence[ast.Cond], path: f.Path) -> ast.Cond:
    """The AST node at ``path`` of the guard ``conds`` (as lowered by ``lower_guard``)."""
    if len(conds) == 1:
        node = conds[0]
    else:
        node, path = conds[path[0]], path[1:]
    for index in path:
        if isinstance(node, ast.Not):
            node = node.operand
        else:
            node = cast(ast.And | ast.Or, node).operands[index]
    return node


def _lower(cond: ast.Cond, path: f.Path, spans: dict[f.Path, Span], resolve: Resolver
           ) -> f.Condition:
    spans[path] = cond.span
    match cond:
        case ast.Not():
            return f.Not(_lower(cond.operand, path + (0,), spans, resolve))
        case ast.And():
            return f.And(tuple(_lower(c, path + (i,), spans, resolve)
                               for i, c in enumerate(cond.operands)))
        case ast.Or():
            return f.Or(tuple(_lower(c, path + (i,), spans, resolve)
                              for i, c in enumerate(cond.operands)))
        case _:
            return lower_atom(cond, resolve)


def ast_atoms(cond: ast.Cond) -> Iterator[ast.Cond]:
    """The AST atoms of a condition, left to right: the nodes that lower to form atoms."""
    if isinstance(cond, ast.Not):
        yield from ast_atoms(cond.operand)
    elif isinstance(cond, ast.And | ast.Or):
        for operand in cond.operands:
            yield from ast_atoms(operand)
    else:
        yield cond


def lower_atom(cond: ast.Cond, resolve: Resolver = _as_written) -> f.Atom:
    """One atom (not ``not``/``and``/``or``)."""
    match cond:
        case ast.StatusCond():
            sel = cond.parts
            if sel is None:
                return _status(cond.name, None, None, None)
            if sel.any_count:
                return _status(cond.name, None, None, sel.low)
            return _status(cond.name, sel.low, sel.high, None)
        case ast.SecretCond():
            return f.Secret(cond.number)
        case ast.ItemCond():
            return f.Item(cond.name, cond.keyword)
        case ast.Compare():
            return f.Compare(cond.name, cond.op, cond.value)
        case ast.DialCond():
            return f.Dial(cond.name, cond.op, cond.value)
        case ast.CharacterCond():
            return f.Character(cond.name)
        case ast.EventCond():
            return f.Event(cond.name, cond.quest)
        case ast.VisitedCond():
            return f.Visited(resolve(cond.ref))
        case ast.ChapterCond():
            return f.Chapter(cond.number, cond.letter, cond.part, cond.op)
        case ast.AskCond():
            return f.Ask(cond.question)
    raise TypeError(f"not an atom: {type(cond).__name__}")


@lru_cache(maxsize=4096)
def _status(name: str, low: int | None, high: int | None, at_least: int | None) -> f.Status:
    """One status atom for each distinct reading. A journal names a few statuses in
    thousands of guards, each lowered by the usage tables and by ``holds`` (48,000 atoms
    on the 20,000-verse story), and a frozen dataclass is made field by field through
    ``object.__setattr__``; atoms are immutable values, so sharing one is making it again."""
    return f.Status(name, low, high, at_least)


def lower_effect(effect: ast.Effect) -> c.Change | None:
    """An effect that moves what conditions read, in the algebra's form (None for one
    that moves nothing a condition reads: prose, tasks, time tokens, encounters, tosses,
    a ruleset's phrases)."""
    match effect:
        case ast.Mark():
            sel = effect.parts
            if sel is None:
                return c.Mark(effect.name, None, None, effect.unmark)
            return c.Mark(effect.name, sel.low, sel.high, effect.unmark, sel.any_count)
        case ast.SecretEffect():
            return c.SecretChange(effect.number, effect.gain)
        case ast.ItemEffect():
            return c.ItemChange(effect.name, effect.keyword, effect.gain)
        case ast.Amount():
            return c.Amount(effect.what)
        case ast.AttributeChange():
            return c.AttributeChange(effect.attribute)
        case ast.DialEffect():
            return c.Dial(effect.name, effect.value)
        case ast.LocationEffect():
            match effect.verb:
                case "replace":
                    assert effect.other is not None
                    return c.Replace(effect.number, effect.other)
                case "remove" | "reveal" | "move":
                    return c.Location(effect.verb, effect.number)
                case _:
                    assert_never(effect.verb)
        case ast.Roll():
            return c.Roll(tuple(m.attribute for m in effect.modifiers if m.attribute))
        case ast.Task() | ast.Note() | ast.TimeToken() | ast.Encounter() | ast.Toss() | ast.Phrase():
            return None
        case _:
            assert_never(effect)
