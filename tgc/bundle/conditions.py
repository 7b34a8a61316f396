"""Bundle stage, conditions: the condition algebra's form (tgc.conditions.form) in, the
bundle schema's condition models out, and back.

The two mirror each other field for field, so each way is a rename by kind: the compiler
writes the checker's lowered conditions into the bundle with ``to_schema``, and the
runtime reads them back with ``to_form`` once per condition (runtime.book), so play, the
explorer and the checker evaluate one form. ``to_change`` reads an effect into the
algebra's change form, whose footprint the checker reads too.

Example:
    >>> from tgc.conditions.form import And, Not, Secret, Status
    >>> cond = And((Secret(12), Not(Status("Curse", at_least=2))))
    >>> to_schema(cond).model_dump()["operands"][1]["operand"]["at_least"]
    2
    >>> to_form(to_schema(cond)) == cond
    True
"""

from __future__ import annotations

from typing import Literal, assert_never

from tgc.bundle import schema as s
from tgc.conditions import change as c
from tgc.conditions import form as f

# kind -> (the form's class, the schema's model): the same kinds, the same fields.
PAIRS: dict[str, tuple[type, type]] = {
    "status": (f.Status, s.StatusCond), "secret": (f.Secret, s.SecretCond),
    "item": (f.Item, s.ItemCond), "compare": (f.Compare, s.CompareCond),
    "dial": (f.Dial, s.DialCond), "character": (f.Character, s.CharacterCond),
    "event": (f.Event, s.EventCond),
    "visited": (f.Visited, s.VisitedCond), "chapter": (f.Chapter, s.ChapterCond),
    "ask": (f.Ask, s.AskCond), "not": (f.Not, s.NotCond), "and": (f.And, s.AndCond),
    "or": (f.Or, s.OrCond),
}


def to_schema(cond: f.Condition) -> s.Condition:
    """A form condition as the bundle's model."""
    match cond:
        case f.Status():
            return s.StatusCond(status=cond.status, low=cond.low, high=cond.high, at_least=cond.at_least)
        case f.Secret():
            return s.SecretCond(number=cond.number)
        case f.Item():
            return s.ItemCond(item=cond.item, keyword=cond.keyword)
        case f.Compare():
            return s.CompareCond(name=cond.name, op=cond.op, value=cond.value)
        case f.Dial():
            return s.DialCond(dial=cond.dial, op=cond.op, value=cond.value)
        case f.Character():
            return s.CharacterCond(character=cond.character)
        case f.Event():
            return s.EventCond(event=cond.event, quest=cond.quest)
        case f.Visited():
            return s.VisitedCond(verse=cond.verse)
        case f.Chapter():
            return s.ChapterCond(number=cond.number, letter=cond.letter, part=cond.part, op=cond.op)
        case f.Ask():
            return s.AskCond(question=cond.question)
        case f.Not():
            return s.NotCond(operand=to_schema(cond.operand))
        case f.And():
            return s.AndCond(operands=tuple(to_schema(c) for c in cond.operands))
        case f.Or():
            return s.OrCond(operands=tuple(to_schema(c) for c in cond.operands))
        case _:
            assert_never(cond)


def to_form(cond: s.Condition) -> f.Condition:
    """A bundle condition in the algebra's form."""
    match cond:
        case s.StatusCond():
            return f.Status(cond.status, cond.low, cond.high, cond.at_least)
        case s.SecretCond():
            return f.Secret(cond.number)
        case s.ItemCond():
            return f.Item(cond.item, cond.keyword)
        case s.CompareCond():
            return f.Compare(cond.name, cond.op, cond.value)
        case s.DialCond():
            return f.Dial(cond.dial, cond.op, cond.value)
        case s.CharacterCond():
            return f.Character(cond.character)
        case s.EventCond():
            return f.Event(cond.event, cond.quest)
        case s.VisitedCond():
            return f.Visited(cond.verse)
        case s.ChapterCond():
            return f.Chapter(cond.number, cond.letter, cond.part, cond.op)
        case s.AskCond():
            return f.Ask(cond.question)
        case s.NotCond():
            return f.Not(to_form(cond.operand))
        case s.AndCond():
            return f.And(tuple(to_form(c) for c in cond.operands))
        case s.OrCond():
            return f.Or(tuple(to_form(c) for c in cond.operands))
        case _:
            assert_never(cond)


_LOCATION_VERBS: dict[str, Literal["reveal", "remove", "move"]] = {
    "reveal-location": "reveal", "remove-location": "remove", "move-to": "move"}


def to_change(effect: s.Effect) -> c.Change | None:
    """A bundle effect in the algebra's change form (None for one that moves nothing a
    condition reads), so the explorer reads the footprint the checker reads."""
    match effect:
        case s.Mark():
            return c.Mark(effect.status, effect.low, effect.high, effect.kind == "unmark")
        case s.SecretChange():
            return c.SecretChange(effect.number, effect.kind == "gain-secret")
        case s.ItemChange():
            return c.ItemChange(effect.item, effect.keyword, effect.kind == "gain-item")
        case s.Amount():
            return c.Amount(effect.what)
        case s.AttributeChange():
            return c.AttributeChange(effect.attribute)
        case s.SetDial():
            return c.Dial(effect.dial, effect.value)
        case s.AdvanceDial():
            return c.Dial(effect.dial, None)
        case s.LocationChange():
            return c.Location(_LOCATION_VERBS[effect.kind], effect.location)
        case s.ReplaceLocation():
            return c.Replace(effect.old, effect.new)
        case s.Roll():
            return c.Roll(tuple(m.attribute for m in effect.modifiers if m.attribute))
        case s.Task() | s.Note() | s.TimeToken() | s.Encounter() | s.Toss() | s.Phrase():
            return None
        case _:
            assert_never(effect)
