"""Render stage, the rules in words: a bundle's conditions, effects and costs in, printed
phrases out ("you have status Cold Pyre part 3", "gain 2 Food", "mark Cold Pyre part 3").
Phrases start in lower case; ``inline.sentence`` capitalises the ones that start a line.
A ``not`` is pushed inwards (``not (a or b)`` prints as "not a and not b"), so the book
never prints a bare "not".

Every phrase is a whole template of tgc's catalogue (``say``), in the edition's language
(tgc/lexicon): one template per kind and sign, never an English verb glued to its
object, so a translator can order each sentence as the language needs.
"""

from __future__ import annotations

from tgc.bundle import schema as s
from tgc.lexicon import tr
from tgc.render.inline import Inline, join, name, prose, ref, say, say_n, text, thing
from tgc.render.places import Here, Places

CARDS = "cards.html"
OPPOSITE = {">=": "<", "<": ">=", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def location(number: int, here: Here) -> Inline:
    """``Location 102``, linked to its card."""
    page = "" if here.page == CARDS else CARDS
    return (ref(tr("[[Location]] {number}", number=number), f"{page}#card-{number}"),)


def and_(parts: list[Inline]) -> Inline:
    """``a, b and c`` in the edition's language."""
    return join(parts, tr(" and "), tr(", "))


def or_(parts: list[Inline]) -> Inline:
    return join(parts, tr(" or "), tr(", "))


# ---------------------------------------------------------------- conditions


def condition(cond: s.Condition, places: Places, here: Here, negate: bool = False) -> Inline:
    """A condition as the clause after "If"; ``negate`` words its opposite."""
    match cond:
        case s.NotCond():
            return condition(cond.operand, places, here, not negate)
        case s.AndCond() | s.OrCond():
            both = isinstance(cond, s.AndCond) != negate
            parts = [_operand(c, both, places, here, negate) for c in cond.operands]
            return and_(parts) if both else or_(parts)
    return _simple(cond, places, here, negate)


def _operand(cond: s.Condition, both: bool, places: Places, here: Here, negate: bool) -> Inline:
    """One operand of an ``and``/``or``; bracketed when it joins the other way."""
    inner, flipped = cond, negate
    while isinstance(inner, s.NotCond):
        inner, flipped = inner.operand, not flipped
    words = condition(cond, places, here, negate)
    if isinstance(inner, s.AndCond | s.OrCond) and (isinstance(inner, s.AndCond) != flipped) != both:
        return say("({words})", words=words)
    return words


def _simple(cond: s.Condition, places: Places, here: Here, negate: bool) -> Inline:
    match cond:
        case s.StatusCond():
            return _status(cond, places, negate)
        case s.SecretCond():
            secret = name(tr("[[Secret]] {number}", number=cond.number))
            if negate:
                return say("you do not have {secret}", secret=secret)
            return say("you have {secret}", secret=secret)
        case s.ItemCond() if cond.keyword:
            return _keyword_item(cond.item, negate)
        case s.ItemCond():
            item = name(places.printed_name("item", cond.item))
            if negate:
                return say("you do not have the [[Item]] {item}", item=item)
            return say("you have the [[Item]] {item}", item=item)
        case s.CompareCond():
            value = _compare(cond.op, cond.value, negate)
            match cond.name:
                case "players":
                    return say("the number of players is {value}", value=value)
                case "day":
                    return say("the day is {value}", value=value)
            return say("your {counter} is {value}", counter=thing(cond.name), value=value)
        case s.DialCond():
            return say("the dial {dial} shows {value}", dial=name(cond.dial),
                       value=_compare(cond.op, cond.value, negate))
        case s.CharacterCond():
            if negate:
                return say("{character} is not in the [[Party]]", character=name(cond.character))
            return say("{character} is in the [[Party]]", character=name(cond.character))
        case s.EventCond() if cond.quest:
            if negate:
                return say("the quest {quest} is not active", quest=name(cond.event))
            return say("the quest {quest} is active", quest=name(cond.event))
        case s.EventCond():
            if negate:
                return say("today's event is not {event}", event=name(cond.event))
            return say("today's event is {event}", event=name(cond.event))
        case s.VisitedCond():
            if negate:
                return say("you have not read {place}", place=places.place(cond.verse, here))
            return say("you have read {place}", place=places.place(cond.verse, here))
        case s.ChapterCond() if cond.op is not None:
            return say("the [[Chapter]] number is {value}", value=_compare(cond.op, cond.number, negate))
        case s.ChapterCond():
            return _chapter(cond, negate)
        case s.AskCond():
            if negate:
                return say("the answer to “{question}” is no", question=prose(cond.question))
            return say("the answer to “{question}” is yes", question=prose(cond.question))
    raise AssertionError(f"unknown condition {cond!r}")  # pragma: no cover


def _keyword_item(keyword: str, negate: bool) -> Inline:
    """``you have a Weapon Item``: English picks the article by the keyword's sound."""
    match (negate, article(keyword)):
        case (False, "a"):
            return say("you have a {keyword} [[Item]]", keyword=keyword)
        case (False, _):
            return say("you have an {keyword} [[Item]]", keyword=keyword)
        case (True, "a"):
            return say("you do not have a {keyword} [[Item]]", keyword=keyword)
    return say("you do not have an {keyword} [[Item]]", keyword=keyword)


def _chapter(cond: s.ChapterCond, negate: bool) -> Inline:
    number = f"{cond.number}{cond.letter or ''}"
    match (negate, cond.part is None):
        case (False, True):
            return say("it is [[Chapter]] {number}", number=number)
        case (True, True):
            return say("it is not [[Chapter]] {number}", number=number)
        case (False, False):
            return say("it is [[Chapter]] {number}, part {part}", number=number, part=cond.part or 0)
    return say("it is not [[Chapter]] {number}, part {part}", number=number, part=cond.part or 0)


def _status(cond: s.StatusCond, places: Places, negate: bool) -> Inline:
    shape = places.shape(cond.status)
    status = name(places.printed_name("status", cond.status))
    n = cond.at_least
    if n is not None:
        match (shape == "boxes", negate):
            case (True, False):
                return say_n("at least {n} box of status {status} is marked",
                             "at least {n} boxes of status {status} are marked", n, status=status)
            case (True, True):
                return say_n("fewer than {n} box of status {status} is marked",
                             "fewer than {n} boxes of status {status} are marked", n, status=status)
            case (False, False):
                return say_n("you have any {n} part of status {status}",
                             "you have any {n} parts of status {status}", n, status=status)
        return say_n("you have fewer than {n} part of status {status}",
                     "you have fewer than {n} parts of status {status}", n, status=status)
    if cond.low is None or cond.high is None:
        if negate:
            return say("you do not have status {status}", status=status)
        return say("you have status {status}", status=status)
    if cond.low == cond.high:
        if negate:
            return say("you do not have status {status} part {part}", status=status, part=cond.low)
        return say("you have status {status} part {part}", status=status, part=cond.low)
    if negate:
        return say("you do not have all of status {status} parts {low}-{high}", status=status,
                   low=cond.low, high=cond.high)
    return say("you have status {status} parts {low}-{high}", status=status, low=cond.low, high=cond.high)


def _compare(op: str, value: int, negate: bool) -> str:
    match OPPOSITE[op] if negate else op:
        case ">=":
            return tr("{value} or more", value=value)
        case ">":
            return tr("more than {value}", value=value)
        case "<=":
            return tr("{value} or less", value=value)
        case "<":
            return tr("less than {value}", value=value)
        case "==":
            return tr("exactly {value}", value=value)
    return tr("not {value}", value=value)


# ---------------------------------------------------------------- effects


def costs(paid: tuple[s.Cost, ...]) -> Inline:
    """``pay 1 Energy and 2 Wealth``."""
    return say("pay {costs}", costs=and_([amount(c.amount, c.resource, c.per_player) for c in paid]))


def amount(count: int, resource: str, per_player: bool = False) -> Inline:
    """``2 Wealth``; ``1 Magic per player``."""
    if per_player:
        return say("{amount} {resource} per player", amount=count, resource=thing(resource))
    return say("{amount} {resource}", amount=count, resource=thing(resource))


def effect(op: s.Effect, places: Places, here: Here) -> Inline:
    """An effect as a phrase: ``gain 2 Food``, ``mark Cold Pyre part 3``, ``roll a die``."""
    match op:
        case s.Amount():
            return _amount(op)
        case s.Mark():
            return _mark(op, places)
        case s.SecretChange():
            secret = name(tr("[[Secret]] {number}", number=op.number))
            if op.kind == "gain-secret":
                return say("gain {secret}", secret=secret)
            return say("lose {secret}", secret=secret)
        case s.ItemChange() if op.keyword:
            return _keyword_change(op)
        case s.ItemChange():
            item = name(places.printed_name("item", op.item))
            if op.kind == "gain-item":
                return say("gain the [[Item]] {item}", item=item)
            return say("lose the [[Item]] {item}", item=item)
        case s.AttributeChange():
            if op.kind == "raise":
                return say("raise {attribute} by {amount}", attribute=thing(op.attribute), amount=op.amount)
            return say("lower {attribute} by {amount}", attribute=thing(op.attribute), amount=op.amount)
        case s.Task():
            return say("new [[Task]]: {text}", text=prose(op.text))
        case s.Note():
            return prose(op.text)
        case s.LocationChange():
            return _location_change(op, here)
        case s.ReplaceLocation():
            return say("replace {old} with {new}", old=location(op.old, here), new=location(op.new, here))
        case s.SetDial():
            return say("set the dial {dial} to {value}", dial=name(op.dial), value=op.value)
        case s.AdvanceDial():
            return say("advance the dial {dial} by 1", dial=name(op.dial))
        case s.TimeToken():
            if op.kind == "place-time-token":
                return say("place a [[Time Token]] on this [[Location]]")
            return say("remove a [[Time Token]] from this [[Location]]")
        case s.Encounter():
            return _encounter(op, places)
        case s.Roll():
            return _roll(op)
        case s.Toss():
            return say("toss a coin")
        case s.Phrase():
            return (text(phrase_text(op)),)  # the ruleset's own words, as the journal writes them
    raise AssertionError(f"unknown effect {op!r}")  # pragma: no cover


def _location_change(op: s.LocationChange, here: Here) -> Inline:
    where = location(op.location, here)
    match op.kind:
        case "reveal-location":
            return say("reveal {location}", location=where)
        case "remove-location":
            return say("remove {location}", location=where)
    return say("move to {location}", location=where)


def _keyword_change(op: s.ItemChange) -> Inline:
    match (op.kind, article(op.item)):
        case ("gain-item", "a"):
            return say("gain a {keyword} [[Item]] of your choice", keyword=op.item)
        case ("gain-item", _):
            return say("gain an {keyword} [[Item]] of your choice", keyword=op.item)
        case (_, "a"):
            return say("lose a {keyword} [[Item]] of your choice", keyword=op.item)
    return say("lose an {keyword} [[Item]] of your choice", keyword=op.item)


def phrase_text(op: s.Phrase) -> str:
    """``activate menhir 6, 5, 4, 3``, ``place guardian "Mist Hound" at 120``: as written."""
    words = [op.phrase]
    if op.numbers:
        words.append(", ".join(map(str, op.numbers)))
    if op.name is not None:
        words.append(f'"{op.name}"')
    if op.at is not None:
        words.append(f"at {op.at}")
    return " ".join(words)


def _amount(op: s.Amount) -> Inline:
    n, what = op.amount, thing(op.what)
    match (op.party, op.kind):
        case ("each", "gain"):
            return say("each [[Party]] member gains {n} {what}", n=n, what=what)
        case ("each", "lose"):
            return say("each [[Party]] member loses {n} {what}", n=n, what=what)
        case ("each", _):
            return say("each [[Party]] member pays {n} {what}", n=n, what=what)
        case ("shared", "gain"):
            return say("gain {n} {what} to share among the [[Party]]", n=n, what=what)
        case ("shared", "lose"):
            return say("lose {n} {what} to share among the [[Party]]", n=n, what=what)
        case ("shared", _):
            return say("pay {n} {what} to share among the [[Party]]", n=n, what=what)
        case (_, "gain"):
            return say("gain {n} {what}", n=n, what=what)
        case (_, "lose"):
            return say("lose {n} {what}", n=n, what=what)
    return say("pay {n} {what}", n=n, what=what)


def _mark(op: s.Mark, places: Places) -> Inline:
    status = name(places.printed_name("status", op.status))
    mark = op.kind == "mark"
    if op.low is not None and op.high is not None:
        if op.low == op.high:
            return (say("mark {status} part {part}", status=status, part=op.low) if mark
                    else say("unmark {status} part {part}", status=status, part=op.low))
        return (say("mark {status} parts {low}-{high}", status=status, low=op.low, high=op.high) if mark
                else say("unmark {status} parts {low}-{high}", status=status, low=op.low, high=op.high))
    if places.shape(op.status) == "boxes":
        return (say("mark one box of {status}", status=status) if mark
                else say("unmark one box of {status}", status=status))
    return say("mark {status}", status=status) if mark else say("unmark {status}", status=status)


def _encounter(op: s.Encounter, places: Places) -> Inline:
    if op.game is not None:
        return (text(op.game.text()),)  # the ruleset's own words, as the journal writes them
    if op.name is not None:
        return say("resolve the [[Encounter]] {name}", name=name(places.printed_name("encounter", op.name)))
    level = op.level
    match (op.deck, level is None):
        case (None, True):
            return say("draw a random [[Encounter]]")
        case (None, False):
            return say("draw a random [[Encounter]] of level {level}", level=level or 0)
    deck = op.deck or ""
    match (article(deck), level is None):
        case ("a", True):
            return say("draw a {deck} [[Encounter]]", deck=deck)
        case ("a", False):
            return say("draw a {deck} [[Encounter]] of level {level}", deck=deck, level=level or 0)
        case (_, True):
            return say("draw an {deck} [[Encounter]]", deck=deck)
    return say("draw an {deck} [[Encounter]] of level {level}", deck=deck, level=level or 0)


def _roll(op: s.Roll) -> Inline:
    if op.sides == 6:
        dice = tr("a die") if op.dice == 1 else tr("{n} dice", n=op.dice)
    else:
        dice = tr("a d{sides}", sides=op.sides) if op.dice == 1 else f"{op.dice}d{op.sides}"
    steps: list[Inline] = []
    for mod in op.modifiers:
        add = mod.sign > 0
        if mod.attribute is not None:
            attribute = thing(mod.attribute)
            steps.append(say("add your {attribute}", attribute=attribute) if add
                         else say("subtract your {attribute}", attribute=attribute))
        else:
            steps.append(say("add {value}", value=mod.value) if add
                         else say("subtract {value}", value=mod.value))
    if not steps:
        return say("roll {dice}", dice=dice)
    return say("roll {dice}, {steps}", dice=dice, steps=and_(steps))
