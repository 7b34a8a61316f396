"""Render stage, the pages' contents: a Bundle in, plain data for each printed page out
(the journal's and the Book of Secrets' sections and verses, the save sheet, the cards).
Everything is worded here; the templates only lay it out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from tgc.bundle import schema as s
from tgc.lexicon import term, tr
from tgc.render.inline import Inline, join, prose, say, say_n, sentence
from tgc.render.places import JOURNAL, SECRETS, Here, Places, arm_label, block_title
from tgc.render.words import amount, condition, costs, effect
from tgc.rulesets.spec import vocabulary_of

LineKind = Literal["prose", "rule", "note", "branch"]


@dataclass(frozen=True, slots=True)
class Body:
    """The printed lines of a verse or block, then its choices."""

    lines: tuple[Line, ...]
    choices: tuple[Inline, ...] = ()


@dataclass(frozen=True, slots=True)
class Arm:
    """One outcome of a roll, toss or encounter: where it leads, or (``body``) the block
    printed right here under its label."""

    label: str
    leads: Inline = ()
    anchor: str = ""
    body: Body | None = None


@dataclass(frozen=True, slots=True)
class Line:
    kind: LineKind
    text: Inline
    arms: tuple[Arm, ...] = ()


@dataclass(frozen=True, slots=True)
class BlockView:
    anchor: str
    title: str
    body: Body


@dataclass(frozen=True, slots=True)
class VerseView:
    anchor: str
    number: str
    body: Body
    blocks: tuple[BlockView, ...] = ()


@dataclass(frozen=True, slots=True)
class SectionView:
    anchor: str
    heading: str
    title: str
    verses: tuple[VerseView, ...]


def journal(places: Places) -> tuple[SectionView, ...]:
    """The Exploration Journal: every section but the Book of Secrets, in natural order."""
    return _sections(places, JOURNAL)


def secrets(places: Places) -> tuple[SectionView, ...]:
    """The Book of Secrets."""
    return _sections(places, SECRETS)


def _sections(places: Places, page: str) -> tuple[SectionView, ...]:
    by_section: dict[str, list[s.Verse]] = {}
    for verse in places.bundle.verses:
        by_section.setdefault(verse.section, []).append(verse)
    names = [section.name for section in places.bundle.sections]
    names += sorted(set(by_section) - set(names), key=printed_key)  # only in a hand-made bundle
    return tuple(_section(places, name, by_section.get(name, []), page) for name in names
                 if places.page(name) == page)


def _section(places: Places, section: str, verses: list[s.Verse], page: str) -> SectionView:
    info = places.sections.get(section)
    title = info.title if info is not None else section
    if info is None or info.role == "location":
        heading = tr("[[Location]] {number}", number=section)
    else:
        heading, title = title, ""
    ordered = sorted(verses, key=lambda v: printed_key(v.printed))
    return SectionView(f"s-{section}", heading, title,
                       tuple(_verse(places, verse, page) for verse in ordered))


def printed_key(printed: str) -> tuple[int, int, str]:
    """The print order: ``2``, ``2a``, ``10``; anything else (a bundle is data from anywhere)
    after them, by text.

    >>> sorted(["10", "2a", "x", "2"], key=printed_key)
    ['2', '2a', '10', 'x']
    """
    digits = len(printed) - len(printed.lstrip("0123456789"))
    if digits:
        return (0, int(printed[:digits]), printed[digits:])
    return (1, 0, printed)


def _verse(places: Places, verse: s.Verse, page: str) -> VerseView:
    here = Here(page, verse.section, verse.id)
    blocks = {block.name: block for block in verse.blocks}
    apart = places.layouts[verse.id].apart if verse.blocks else ()
    shown = tuple(BlockView(places.anchor(verse.id, name), block_title(name),
                            body(places, blocks[name].ops, Here(page, verse.section, verse.id, name)))
                  for name in apart)
    return VerseView(places.anchor(verse.id), verse.printed, body(places, verse.ops, here), shown)


def body(places: Places, ops: tuple[s.Op, ...], here: Here) -> Body:
    lines = tuple(_line(places, op, here) for op in ops if not isinstance(op, s.Choice))
    choices = tuple(choice(places, op, here) for op in ops if isinstance(op, s.Choice))
    return Body(lines, choices)


def choice(places: Places, op: s.Choice, here: Here) -> Inline:
    """``Bribe the guard (if your Courage is 2 or more; pay 3 Wealth): read Secret Verse 4``."""
    words, goto = prose(op.text), places.goto(op.target, here)
    if op.guard is None:
        if not op.costs:
            return say("{choice}: {goto}", choice=words, goto=goto)
        return say("{choice} ({costs}): {goto}", choice=words, costs=costs(op.costs), goto=goto)
    guard = condition(op.guard, places, here)
    if not op.costs:
        return say("{choice} (if {condition}): {goto}", choice=words, condition=guard, goto=goto)
    return say("{choice} (if {condition}; {costs}): {goto}", choice=words, condition=guard,
               costs=costs(op.costs), goto=goto)


def _line(places: Places, op: s.Op, here: Here) -> Line:
    match op:
        case s.Text():
            return Line("prose", prose(op.text))
        case s.Note():
            return Line("note", prose(op.text))
        case s.Divert():
            return Line("rule", sentence(places.goto(op.target, here), "."))
        case s.IfDivert():
            return Line("rule", sentence(say("if {condition}, {then}", condition=condition(
                op.cond, places, here), then=places.goto(op.target, here)), "."))
        case s.IfEffect():
            words = say("if {condition}, {then}", condition=condition(op.cond, places, here),
                        then=effect(op.effect, places, here))
            return _effect_line(places, op.effect, words, here)
        case s.Choice():  # pragma: no cover - choices are printed apart
            raise AssertionError("choices are printed apart")
    return _effect_line(places, op, effect(op, places, here), here)


def _effect_line(places: Places, op: s.Effect, words: Inline, here: Here) -> Line:
    arms = op.arms if isinstance(op, s.Roll | s.Toss | s.Encounter) else ()
    if not arms:
        return Line("rule", sentence(words, "."))
    return Line("branch", sentence(words, ":"), tuple(_arm(places, arm, here) for arm in arms))


def _arm(places: Places, arm: s.DiceArm | s.TossArm | s.OutcomeArm, here: Here) -> Arm:
    label = arm_label(arm)
    shown = label if isinstance(arm, s.DiceArm) else term(label)
    goto = arm.target
    if isinstance(goto, s.Goto) and goto.block is not None and goto.verse == here.verse:
        layout = places.layouts.get(goto.verse)
        if layout is not None and layout.inline.get(goto.block) == label:
            block = next(b for b in places.verses[goto.verse].blocks if b.name == goto.block)
            return Arm(shown, (), places.anchor(goto.verse, goto.block), body(places, block.ops, here))
    return Arm(shown, sentence(places.goto(goto, here), "."))


# ---------------------------------------------------------------- save sheet


@dataclass(frozen=True, slots=True)
class StatusView:
    name: str
    shape: str
    boxes: tuple[str, ...]  # the label of each box ("" for an unnumbered box)
    triggers: tuple[Inline, ...]
    text: Inline


def statuses(places: Places, page: str) -> tuple[StatusView, ...]:
    here = Here(page)
    out = []
    for status in places.bundle.statuses:
        numbered = status.shape == "parts"
        boxes = tuple(str(n) if numbered else "" for n in range(1, max(status.size, 1) + 1))
        triggers = tuple(sentence(say("{when}, {then}", when=_trigger(trigger, status),
                                      then=places.goto(trigger.target, here)), ".")
                         for trigger in status.triggers)
        out.append(StatusView(places.printed_name("status", status.name), status.shape, boxes, triggers,
                              prose(status.text)))
    return tuple(out)


def _trigger(trigger: s.Trigger, status: s.Status) -> Inline:
    match trigger.when:
        case "marked":
            return say("when this status is marked")
        case "full":
            return say("when every box is marked")
        case "parts":
            return say("when you have parts {low}-{high} of this status", low=trigger.low or 0,
                       high=trigger.high or 0)
    low = trigger.low or 0
    if status.shape == "boxes":
        return say_n("when {n} box is marked", "when {n} boxes are marked", low)
    return say_n("when you have any {n} part of this status",
                 "when you have any {n} parts of this status", low)


def dials(bundle: s.Bundle) -> tuple[str, ...]:
    """Every dial the campaign sets, advances or checks, by name."""
    found: set[str] = set()
    for verse in bundle.verses:
        for ops in (verse.ops, *(block.ops for block in verse.blocks)):
            for op in ops:
                found.update(_dials_of(op))
    return tuple(sorted(found))


def _dials_of(op: s.Op | s.Effect) -> Iterator[str]:
    if isinstance(op, s.SetDial | s.AdvanceDial):
        yield op.dial
    elif isinstance(op, s.IfEffect):
        yield from _cond_dials(op.cond)
        yield from _dials_of(op.effect)
    elif isinstance(op, s.IfDivert):
        yield from _cond_dials(op.cond)
    elif isinstance(op, s.Choice) and op.guard is not None:
        yield from _cond_dials(op.guard)


def _cond_dials(cond: s.Condition) -> Iterator[str]:
    if isinstance(cond, s.DialCond):
        yield cond.dial
    elif isinstance(cond, s.NotCond):
        yield from _cond_dials(cond.operand)
    elif isinstance(cond, s.AndCond | s.OrCond):
        for operand in cond.operands:
            yield from _cond_dials(operand)


# ---------------------------------------------------------------- cards

EDGES = ("up", "left", "right", "down")


@dataclass(frozen=True, slots=True)
class ActionView:
    """``terms``: the costs and "once per day", as the card prints them in brackets."""

    name: Inline
    terms: Inline
    leads: Inline


@dataclass(frozen=True, slots=True)
class CardView:
    anchor: str
    number: int
    title: str
    legacy: int | None
    seals: tuple[str, ...]
    edges: dict[str, int | None]  # up, left, right, down: the Direction Key on that edge
    other_keys: tuple[tuple[str, int], ...]
    hooks: tuple[tuple[str, Inline], ...]
    actions: tuple[ActionView, ...]
    text: Inline


def cards(places: Places, page: str) -> tuple[CardView, ...]:
    return tuple(_card(places, location, page) for location in places.bundle.locations)


def _card(places: Places, loc: s.Location, page: str) -> CardView:
    here = Here(page, str(loc.number))
    words = vocabulary_of(places.bundle)
    order = [*words.hooks, *sorted(set(loc.hooks) - set(words.hooks))]
    hooks = tuple((term(words.label(hook)), places.goto(loc.hooks[hook], here))
                  for hook in order if hook in loc.hooks)
    actions = tuple(ActionView(prose(action.name), _terms(action), places.goto(action.target, here))
                    for action in loc.actions)
    others = tuple(sorted((d, n) for d, n in loc.keys.items() if d not in EDGES))
    return CardView(f"card-{loc.number}", loc.number, loc.title, loc.legacy,
                    tuple(term(words.label(seal)) for seal in loc.seals),
                    {edge: loc.keys.get(edge) for edge in EDGES}, others, hooks, actions, prose(loc.text))


def _terms(action: s.Action) -> Inline:
    """``1 Energy, 2 Wealth, once per day``."""
    terms: list[Inline] = [amount(cost.amount, cost.resource) for cost in action.costs]
    if action.once_per_day:
        terms.append(say("once per day"))
    return join(terms, tr(", "), tr(", ")) if terms else ()


@dataclass(frozen=True, slots=True)
class CardText:
    """A secret card (with its ``number``) or an item card."""

    title: str
    keywords: tuple[str, ...]
    text: Inline
    number: int | None = None


def secret_cards(bundle: s.Bundle) -> tuple[CardText, ...]:
    return tuple(CardText(secret.title, secret.keywords, prose(secret.text), secret.number)
                 for secret in bundle.secrets)


def item_cards(bundle: s.Bundle) -> tuple[CardText, ...]:
    names = bundle.language.names if bundle.language is not None else {}
    return tuple(CardText(names.get(f"item:{item.name}", item.name), item.keywords, prose(item.text))
                 for item in bundle.items)
