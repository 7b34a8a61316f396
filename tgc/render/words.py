"""Render stage, the rules in words: a bundle's conditions, effects and costs in, printed
phrases out ("you have status Cold Pyre part 3", "gain 2 Food", "mark Cold Pyre part 3").
Phrases start in lower case; ``inline.sentence`` capitalises the ones that start a line.
A ``not`` is pushed inwards (``not (a or b)`` prints as "not a and not b"), so the book
never prints a bare "not".
"""

from __future__ import annotations

from tgc.bundle import schema as s
from tgc.render.inline import Inline, join, name, prose, ref, text, thing
from tgc.render.places import Here, Places

CARDS = "cards.html"
COMPARE = {">=": "{} or more", ">": "more than {}", "<=": "{} or less", "<": "less than {}",
           "==": "exactly {}", "!=": "not {}"}
OPPOSITE = {">=": "<", "<": ">=", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}
COUNTERS = {"players": "the number of players", "day": "the day"}
LOCATION_VERBS = {"reveal-location": "reveal ", "remove-location": "remove ", "move-to": "move to "}


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def location(number: int, here: Here) -> Inline:
    """``Location 102``, linked to its card."""
    page = "" if here.page == CARDS else CARDS
    return (ref(f"Location {number}", f"{page}#card-{number}"),)


# ---------------------------------------------------------------- conditions


def condition(cond: s.Condition, places: Places, here: Here, negate: bool = False) -> Inline:
    """A condition as the clause after "If"; ``negate`` words its opposite."""
    match cond:
        case s.NotCond():
            return condition(cond.operand, places, here, not negate)
        case s.AndCond() | s.OrCond():
            both = isinstance(cond, s.AndCond) != negate
            parts = [_operand(c, both, places, here, negate) for c in cond.operands]
            return join(parts, " and " if both else " or ")
    return _simple(cond, places, here, negate)


def _operand(cond: s.Condition, both: bool, places: Places, here: Here, negate: bool) -> Inline:
    """One operand of an ``and``/``or``; bracketed when it joins the other way."""
    inner, flipped = cond, negate
    while isinstance(inner, s.NotCond):
        inner, flipped = inner.operand, not flipped
    words = condition(cond, places, here, negate)
    if isinstance(inner, s.AndCond | s.OrCond) and (isinstance(inner, s.AndCond) != flipped) != both:
        return (text("("), *words, text(")"))
    return words


def _simple(cond: s.Condition, places: Places, here: Here, negate: bool) -> Inline:
    have = "do not have" if negate else "have"
    yes = "no" if negate else "yes"
    match cond:
        case s.StatusCond():
            return _status(cond, places, negate)
        case s.SecretCond():
            return (text(f"you {have} "), name(f"Secret {cond.number}"))
        case s.ItemCond() if cond.keyword:
            return (text(f"you {have} {article(cond.item)} {cond.item} Item"),)
        case s.ItemCond():
            return (text(f"you {have} the Item "), name(places.printed_name("item", cond.item)))
        case s.CompareCond():
            subject = (text(COUNTERS[cond.name]),) if cond.name in COUNTERS else (text("your "),
                                                                                  thing(cond.name))
            return (*subject, text(" is " + _compare(cond.op, cond.value, negate)))
        case s.DialCond():
            shows = " shows " + _compare(cond.op, cond.value, negate)
            return (text("the dial "), name(cond.dial), text(shows))
        case s.CharacterCond():
            return (name(cond.character), text(" is not in the Party" if negate else " is in the Party"))
        case s.VisitedCond():
            read = "you have not read " if negate else "you have read "
            return (text(read), *places.place(cond.verse, here))
        case s.ChapterCond() if cond.op is not None:
            return (text("the Chapter number is " + _compare(cond.op, cond.number, negate)),)
        case s.ChapterCond():
            chapter = f"Chapter {cond.number}{cond.letter or ''}"
            chapter += f", part {cond.part}" if cond.part is not None else ""
            return (text(("it is not " if negate else "it is ") + chapter),)
        case s.AskCond():
            return (text("the answer to “"), *prose(cond.question), text(f"” is {yes}"))
    raise AssertionError(f"unknown condition {cond!r}")  # pragma: no cover


def _status(cond: s.StatusCond, places: Places, negate: bool) -> Inline:
    shape = places.shape(cond.status)
    status = name(places.printed_name("status", cond.status))
    if cond.at_least is not None:
        if shape == "boxes":
            many = "fewer than" if negate else "at least"
            return (text(f"{many} {cond.at_least} boxes of status "), status, text(" are marked"))
        many = "fewer than" if negate else "any"
        return (text(f"you have {many} {cond.at_least} parts of status "), status)
    if cond.low is None or cond.high is None:
        return (text("you do not have status " if negate else "you have status "), status)
    if cond.low == cond.high:
        return (text("you do not have status " if negate else "you have status "), status,
                text(f" part {cond.low}"))
    have = "you do not have all of status " if negate else "you have status "
    return (text(have), status, text(f" parts {cond.low}-{cond.high}"))


def _compare(op: str, value: int, negate: bool) -> str:
    return COMPARE[OPPOSITE[op] if negate else op].format(value)


# ---------------------------------------------------------------- effects


def costs(paid: tuple[s.Cost, ...]) -> Inline:
    """``pay 1 Energy and 2 Wealth``."""
    return (text("pay "), *join([(text(f"{c.amount} "), thing(c.resource)) for c in paid]))


def effect(op: s.Effect, places: Places, here: Here) -> Inline:
    """An effect as a phrase: ``gain 2 Food``, ``mark Cold Pyre part 3``, ``roll a die``."""
    match op:
        case s.Amount():
            return _amount(op)
        case s.Mark():
            return _mark(op, places)
        case s.SecretChange():
            return (text(op.kind.partition("-")[0] + " "), name(f"Secret {op.number}"))
        case s.ItemChange():
            verb = op.kind.partition("-")[0]
            if op.keyword:
                return (text(f"{verb} {article(op.item)} {op.item} Item of your choice"),)
            return (text(f"{verb} the Item "), name(places.printed_name("item", op.item)))
        case s.AttributeChange():
            return (text(f"{op.kind} "), thing(op.attribute), text(f" by {op.amount}"))
        case s.Task():
            return (text("new Task: "), *prose(op.text))
        case s.Note():
            return prose(op.text)
        case s.LocationChange():
            return (text(LOCATION_VERBS[op.kind]), *location(op.location, here))
        case s.ReplaceLocation():
            return (text("replace "), *location(op.old, here), text(" with "), *location(op.new, here))
        case s.SetDial():
            return (text("set the dial "), name(op.dial), text(f" to {op.value}"))
        case s.AdvanceDial():
            return (text("advance the dial "), name(op.dial), text(" by 1"))
        case s.TimeToken():
            words = "place a Time Token on" if op.kind == "place-time-token" else "remove a Time Token from"
            return (text(f"{words} this Location"),)
        case s.Encounter():
            return _encounter(op, places)
        case s.Roll():
            return _roll(op)
        case s.Toss():
            return (text("toss a coin"),)
    raise AssertionError(f"unknown effect {op!r}")  # pragma: no cover


def _amount(op: s.Amount) -> Inline:
    what = (text(f" {op.amount} "), thing(op.what))
    if op.party == "each":
        return (text(f"each Party member {op.kind}s"), *what)
    shared = (text(" to share among the Party"),) if op.party == "shared" else ()
    return (text(op.kind), *what, *shared)


def _mark(op: s.Mark, places: Places) -> Inline:
    status = name(places.printed_name("status", op.status))
    if op.low is not None and op.high is not None:
        parts = f" part {op.low}" if op.low == op.high else f" parts {op.low}-{op.high}"
        return (text(f"{op.kind} "), status, text(parts))
    if places.shape(op.status) == "boxes":
        return (text(f"{op.kind} one box of "), status)
    return (text(f"{op.kind} "), status)


def _encounter(op: s.Encounter, places: Places) -> Inline:
    if op.name is not None:
        return (text("resolve the Encounter "), name(places.printed_name("encounter", op.name)))
    level = f" of level {op.level}" if op.level is not None else ""
    deck = op.deck or "random"
    return (text(f"draw {article(deck)} {deck} Encounter{level}"),)


def _roll(op: s.Roll) -> Inline:
    if op.sides == 6:
        dice = "a die" if op.dice == 1 else f"{op.dice} dice"
    else:
        dice = f"a d{op.sides}" if op.dice == 1 else f"{op.dice}d{op.sides}"
    steps: list[Inline] = []
    for mod in op.modifiers:
        verb = "add" if mod.sign > 0 else "subtract"
        steps.append((text(f"{verb} your "), thing(mod.attribute)) if mod.attribute is not None
                     else (text(f"{verb} {mod.value}"),))
    if not steps:
        return (text(f"roll {dice}"),)
    return (text(f"roll {dice}, "), *join(steps))
