"""Parse callbacks: Lark calls these while it parses a line and they build AST nodes
directly (no parse tree). Input: tokens of one line; output: ``tgc.syntax.ast`` nodes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Union, cast

from tgc.limits import (
    MAX_AMOUNT,
    MAX_DICE,
    MAX_NUMBER,
    MAX_PARTS,
    MAX_PLAYERS,
    MAX_SIDES,
    LimitError,
    is_number,
    read_int,
)
from tgc.source import Span, make_span
from tgc.syntax import ast

if TYPE_CHECKING:
    from lark import Token


class Word(str):
    """A token of the fast path (tgc.syntax.fastpath): its text, with the terminal's name
    and the columns the callbacks below read, as a Lark ``Token`` carries them. Why not
    Lark's own: a campaign whose every line takes the fast path then never imports Lark
    nor loads the grammar (about a tenth of a second of every cold check's start)."""

    __slots__ = ("type", "column", "end_column")

    type: str
    column: int
    end_column: int

    def __new__(cls, kind: str, text: str, column: int) -> Word:
        word = str.__new__(cls, text)
        word.type = kind
        word.column = column
        word.end_column = column + len(text)
        return word


# What a parse callback is given: Lark's token, or the fast path's word for it.
Tok = Union["Token", Word]

_STRING_ESCAPES = {'\\"': '"', "\\\\": "\\"}


def unquote(text: str) -> str:
    """The value of a ``"..."`` string: only ``\\"`` and ``\\\\`` are escapes."""
    body = text[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    i = 0
    while i < len(body):
        pair = body[i : i + 2]
        if pair in _STRING_ESCAPES:
            out.append(_STRING_ESCAPES[pair])
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


class NumberOutOfRange(Exception):
    """A number of the line is beyond its limit: the parser drops the line with TGC011.
    (Raised from a parse callback: Lark's LALR parser passes it through unwrapped.)"""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


class LineBuilder:
    """Builds AST nodes for one line at a time.

    The parser sets ``file``, ``line`` and ``offset`` (columns stripped before the
    parse) before each line, so token columns become file positions without a
    second walk over the tree.
    """

    def __init__(self) -> None:
        self.file = ""
        self.line = 1
        self.offset = 0
        self.line_end = 1

    # ------------------------------------------------------------- spans

    def at(self, tok: Tok) -> Span:
        col = (tok.column or 1) + self.offset
        end = (tok.end_column or col) + self.offset
        return make_span((self.file, self.line, col, self.line, end))

    def num(self, text: str, what: str = "a number", high: int = MAX_NUMBER,
            tok: Tok | None = None, low: int = 0) -> int:
        """The number ``text`` (a token, or a piece of ``tok``) in ``low..high``, read the one
        way every input is read (:func:`tgc.limits.read_int`)."""
        try:
            return read_int(text, what, low=low, high=high)
        except LimitError as err:
            if tok is not None:
                span = self.at(tok)
            elif type(text) is not str:  # a token itself (Lark's, or a Word), not a piece of one
                span = self.at(cast(Tok, text))
            else:
                span = self.whole()
            raise NumberOutOfRange(str(err), span) from None

    def whole(self) -> Span:
        return make_span((self.file, self.line, self.offset + 1, self.line, self.line_end))

    @staticmethod
    def join(first: Span, last: Span) -> Span:
        return first.to(last)

    # ------------------------------------------------------------- headers

    def campaign_header(self, title: Tok) -> tuple[str, tuple[Any, ...]]:
        return ("campaign", (unquote(title),))

    def section_header(self, name: Tok, title: Tok | None = None) -> tuple[str, tuple[Any, ...]]:
        return ("section", (str(name),) + ((unquote(title),) if title is not None else ()))

    def status_header(
        self, name: Tok, shape: tuple[str, int] | None = None
    ) -> tuple[str, tuple[Any, ...]]:
        return ("status", (unquote(name),) + (shape if shape is not None else ()))

    def parts_shape(self, n: Tok) -> tuple[str, int]:
        return ("parts", self.num(n, "the number of parts", MAX_PARTS))

    def boxes_shape(self, n: Tok) -> tuple[str, int]:
        return ("boxes", self.num(n, "the number of boxes", MAX_PARTS))

    def secret_header(self, number: Tok, title: Tok) -> tuple[str, tuple[Any, ...]]:
        return ("secret", (self.num(number), unquote(title)))

    def item_header(self, name: Tok) -> tuple[str, tuple[Any, ...]]:
        return ("item", (unquote(name),))

    def location_header(self, number: Tok, title: Tok | None = None) -> tuple[str, tuple[Any, ...]]:
        return ("location", (self.num(number),) + ((unquote(title),) if title is not None else ()))

    def generic_header(self, kind: Tok, *args: str | int) -> tuple[str, tuple[Any, ...]]:
        return (str(kind)[1:], args)

    def header_arg(self, tok: Tok) -> str | int:
        if tok.type == "STRING":
            return unquote(tok)
        return self.num(tok) if is_number(tok) else str(tok)

    def verse_header(self, tok: Tok) -> ast.VerseId:
        section, verse = str(tok).split(".", 1)
        return ast.VerseId(section, verse, self.at(tok))

    def block_header(self, name: Tok) -> tuple[str, Span]:
        return (str(name), self.at(name))

    # ------------------------------------------------------------- references

    def abs_ref(self, tok: Tok) -> ast.Ref:
        section, verse = str(tok).split(".", 1)
        return ast.Ref(section, verse, self.at(tok))

    def rel_ref(self, tok: Tok) -> ast.Ref:
        return ast.Ref(None, str(tok), self.at(tok))

    def block_ref(self, name: Tok) -> ast.Ref:
        span = self.at(name)
        return ast.Ref(None, "", Span(span.file, span.line, span.col - 1, span.line, span.end_col), str(name))

    def target(self, ref: ast.Ref) -> ast.Ref:
        return ref

    def end(self, word: Tok) -> ast.Terminal:
        return ast.Terminal("end", self.at(word))

    def end_chapter(self, first: Tok, last: Tok) -> ast.Terminal:
        return ast.Terminal("end chapter", self.join(self.at(first), self.at(last)))

    def game_over(self, first: Tok, last: Tok) -> ast.Terminal:
        return ast.Terminal("game over", self.join(self.at(first), self.at(last)))

    # ------------------------------------------------------------- story lines

    def divert(self, target: ast.Target) -> ast.Divert:
        return ast.Divert(target, self.whole())

    def choice(self, *children: Any) -> ast.Choice:
        guard = children[0] if len(children) == 3 else None
        text_tok, target = children[-2], children[-1]
        text = str(text_tok).rstrip()
        if text.startswith("\\{"):
            text = text[1:]
        return ast.Choice(guard, text, target, self.whole())

    def guard(self, *items: Any) -> ast.Guard:
        conds = tuple(i for i in items if not isinstance(i, ast.Cost))
        costs = tuple(i for i in items if isinstance(i, ast.Cost))
        first, last = _span_of(items[0]), _span_of(items[-1])
        return ast.Guard(conds, costs, self.join(first, last))

    def otherwise_guard(self, word: Tok) -> ast.Guard:
        # The only empty guard: the assembler gives it the negation of its siblings' guards.
        return ast.Guard((), (), self.at(word))

    def cost(self, amount: Tok, resource: Tok) -> ast.Cost:
        return ast.Cost(self.num(amount, "a cost", MAX_AMOUNT), str(resource),
                        self.join(self.at(amount), self.at(resource)))

    def cost_per_player(self, amount: Tok, resource: Tok) -> ast.Cost:
        return ast.Cost(self.num(amount, "a cost", MAX_AMOUNT), str(resource),
                        self.join(self.at(amount), self.at(resource)), True)

    def cond_divert(self, cond: ast.Cond, target: ast.Target) -> ast.CondDivert:
        return ast.CondDivert(cond, target, self.whole())

    def cond_effect(self, cond: ast.Cond, effect: ast.Effect) -> ast.EffectLine:
        return ast.EffectLine(effect, cond, self.whole())

    def effect_line(self, effect: ast.Effect) -> ast.EffectLine:
        return ast.EffectLine(effect, None, self.whole())

    # ------------------------------------------------------------- effects

    def _amount(self, verb: ast.AmountVerb, children: tuple[Any, ...]) -> ast.Amount:
        mode = ast.party_mode(children[0]) if len(children) == 3 else None
        amount, what = children[-2], children[-1]
        return ast.Amount(verb, self.num(amount, "an amount", MAX_AMOUNT), str(what), mode,
                          self.whole(), self.at(what))

    def gain(self, *children: Any) -> ast.Amount:
        return self._amount("gain", children)

    def lose(self, *children: Any) -> ast.Amount:
        return self._amount("lose", children)

    def pay(self, *children: Any) -> ast.Amount:
        return self._amount("pay", children)

    def each(self) -> str:
        return "each"

    def shared(self) -> str:
        return "shared"

    def gain_secret(self, n: Tok) -> ast.SecretEffect:
        return ast.SecretEffect(True, self.num(n), self.at(n))

    def lose_secret(self, n: Tok) -> ast.SecretEffect:
        return ast.SecretEffect(False, self.num(n), self.at(n))

    def gain_item(self, item: tuple[str, bool, Span]) -> ast.ItemEffect:
        return ast.ItemEffect(True, item[0], item[1], item[2])

    def lose_item(self, item: tuple[str, bool, Span]) -> ast.ItemEffect:
        return ast.ItemEffect(False, item[0], item[1], item[2])

    def item_named(self, tok: Tok) -> tuple[str, bool, Span]:
        return (unquote(tok), False, self.at(tok))

    def item_keyword(self, tok: Tok) -> tuple[str, bool, Span]:
        return (str(tok), True, self.at(tok))

    def mark(self, name: Tok, parts: ast.PartSel | None = None) -> ast.Mark:
        return ast.Mark(False, unquote(name), parts, self.whole(), self.at(name))

    def unmark(self, name: Tok, parts: ast.PartSel | None = None) -> ast.Mark:
        return ast.Mark(True, unquote(name), parts, self.whole(), self.at(name))

    def part_one(self, n: Tok) -> ast.PartSel:
        return ast.PartSel(self.num(n), self.num(n), False, self.at(n))

    def part_range(self, r: Tok) -> ast.PartSel:
        low, high = str(r).split("-")
        return ast.PartSel(self.num(low, tok=r), self.num(high, tok=r), False, self.at(r))

    def raise_attr(self, name: Tok, n: Tok) -> ast.AttributeChange:
        return ast.AttributeChange(True, str(name), self.num(n, "an amount", MAX_AMOUNT), self.whole(),
                                   self.at(name))

    def lower_attr(self, name: Tok, n: Tok) -> ast.AttributeChange:
        return ast.AttributeChange(False, str(name), self.num(n, "an amount", MAX_AMOUNT), self.whole(),
                                   self.at(name))

    def task(self, text: Tok) -> ast.Task:
        return ast.Task(unquote(text), self.whole())

    def replace_location(self, a: Tok, b: Tok) -> ast.LocationEffect:
        return ast.LocationEffect("replace", self.num(a), self.num(b), self.join(self.at(a), self.at(b)))

    def remove_location(self, n: Tok) -> ast.LocationEffect:
        return ast.LocationEffect("remove", self.num(n), None, self.at(n))

    def reveal_location(self, n: Tok) -> ast.LocationEffect:
        return ast.LocationEffect("reveal", self.num(n), None, self.at(n))

    def move_to(self, n: Tok) -> ast.LocationEffect:
        return ast.LocationEffect("move", self.num(n), None, self.at(n))

    def set_dial(self, name: Tok, value: Tok) -> ast.DialEffect:
        return ast.DialEffect(unquote(name), self.num(value), self.join(self.at(name), self.at(value)))

    def advance_dial(self, name: Tok) -> ast.DialEffect:
        return ast.DialEffect(unquote(name), None, self.at(name))

    def place_token(self) -> ast.TimeToken:
        return ast.TimeToken(True, self.whole())

    def remove_token(self) -> ast.TimeToken:
        return ast.TimeToken(False, self.whole())

    def note(self, text: Tok) -> ast.Note:
        return ast.Note(unquote(text), self.whole())

    def encounter(self, target: tuple[Any, ...]) -> ast.Encounter:
        deck, level, name, span = target
        return ast.Encounter(deck, level, name, (), self.whole(), span)

    def encounter_arms(self, target: tuple[Any, ...], *arms: ast.Arm) -> ast.Encounter:
        deck, level, name, span = target
        return ast.Encounter(deck, level, name, arms, self.whole(), span)

    def enc_deck(self, deck: Tok, level: Tok | None = None) -> tuple[Any, ...]:
        span = self.at(deck) if level is None else self.join(self.at(deck), self.at(level))
        return (str(deck), self.num(level) if level is not None else None, None, span)

    def enc_named(self, name: Tok) -> tuple[Any, ...]:
        return (None, None, unquote(name), self.at(name))

    def enc_arm(self, outcome: Tok, target: ast.Target) -> ast.Arm:
        return ast.Arm(str(outcome), None, None, target, self.join(self.at(outcome), _span_of(target)))

    def roll(self, dice: Tok, *rest: Any) -> ast.Roll:
        count_text, sides = str(dice).split("d")
        mods = tuple(r for r in rest if isinstance(r, ast.Modifier))
        arms = tuple(r for r in rest if isinstance(r, ast.Arm))
        count = self.num(count_text or "1", "the number of dice", MAX_DICE, dice)
        return ast.Roll(count, self.num(sides, "the sides of a die", MAX_SIDES, dice), mods, arms,
                        self.whole())

    def mod_attribute(self, sign: Tok, name: Tok) -> ast.Modifier:
        return ast.Modifier(1 if sign == "+" else -1, str(name), 0, self.join(self.at(sign), self.at(name)))

    def mod_number(self, sign: Tok, n: Tok) -> ast.Modifier:
        return ast.Modifier(1 if sign == "+" else -1, None, self.num(n), self.join(self.at(sign), self.at(n)))

    def arm_one(self, n: Tok, target: ast.Target) -> ast.Arm:
        return ast.Arm(str(n), self.num(n), self.num(n), target, self.join(self.at(n), _span_of(target)))

    def arm_range(self, r: Tok, target: ast.Target) -> ast.Arm:
        low, high = str(r).split("-")
        return ast.Arm(str(r), self.num(low, tok=r), self.num(high, tok=r), target,
                       self.join(self.at(r), _span_of(target)))

    def arm_open(self, r: Tok, target: ast.Target) -> ast.Arm:
        return ast.Arm(str(r), self.num(str(r)[:-1], tok=r), None, target, self.join(self.at(r),
                       _span_of(target)))

    def toss(self, *arms: ast.Arm) -> ast.Toss:
        return ast.Toss(arms, self.whole())

    def toss_arm(self, side: Tok, target: ast.Target) -> ast.Arm:
        return ast.Arm(str(side), None, None, target, self.join(self.at(side), _span_of(target)))

    # ------------------------------------------------------------- conditions

    def or_cond(self, *operands: ast.Cond) -> ast.Or:
        return ast.Or(operands, self.join(_span_of(operands[0]), _span_of(operands[-1])))

    def and_cond(self, *operands: ast.Cond) -> ast.And:
        return ast.And(operands, self.join(_span_of(operands[0]), _span_of(operands[-1])))

    def not_cond(self, word: Tok, operand: ast.Cond) -> ast.Not:
        return ast.Not(operand, self.join(self.at(word), _span_of(operand)))

    def status_cond(self, name: Tok, sel: ast.PartSel | None = None) -> ast.StatusCond:
        span = self.at(name)
        return ast.StatusCond(unquote(name), sel, span if sel is None else span.to(sel.span), span)

    def sel_one(self, n: Tok) -> ast.PartSel:
        return ast.PartSel(self.num(n), self.num(n), False, self.at(n))

    def sel_range(self, r: Tok) -> ast.PartSel:
        low, high = str(r).split("-")
        return ast.PartSel(self.num(low, tok=r), self.num(high, tok=r), False, self.at(r))

    def sel_any(self, n: Tok) -> ast.PartSel:
        return ast.PartSel(self.num(n), self.num(n), True, self.at(n))

    def secret_cond(self, n: Tok) -> ast.SecretCond:
        return ast.SecretCond(self.num(n), self.at(n))

    def item_cond(self, item: tuple[str, bool, Span]) -> ast.ItemCond:
        return ast.ItemCond(item[0], item[1], item[2])

    def compare(self, name: Tok, op: Tok, value: Tok) -> ast.Compare:
        return ast.Compare(str(name), ast.compare_op(op), self.num(value),
                           self.join(self.at(name), self.at(value)))

    def dial_cond(self, name: Tok, op: Tok, value: Tok) -> ast.DialCond:
        return ast.DialCond(unquote(name), ast.compare_op(op), self.num(value),
                            self.join(self.at(name), self.at(value)))

    def character_cond(self, name: Tok) -> ast.CharacterCond:
        return ast.CharacterCond(unquote(name), self.at(name))

    def quest_cond(self, name: Tok) -> ast.EventCond:
        return ast.EventCond(unquote(name), True, self.at(name))

    def event_cond(self, name: Tok) -> ast.EventCond:
        return ast.EventCond(unquote(name), False, self.at(name))

    def visited_cond(self, ref: ast.Ref) -> ast.VisitedCond:
        return ast.VisitedCond(ref, ref.span)

    def chapter_cond(self, tok: Tok) -> ast.ChapterCond:
        text = str(tok)
        head, _, part = text.partition("-")
        letter = head[-1] if head[-1].isalpha() else None
        number = self.num(head[:-1] if letter else head, tok=tok)
        return ast.ChapterCond(number, letter, self.num(part, tok=tok) if part else None, None, self.at(tok))

    def chapter_cmp(self, op: Tok, value: Tok) -> ast.ChapterCond:
        return ast.ChapterCond(self.num(value), None, None, ast.compare_op(op),
                               self.join(self.at(op), self.at(value)))

    def ask_cond(self, question: Tok) -> ast.AskCond:
        return ast.AskCond(unquote(question), self.at(question))

    # ------------------------------------------------------------- properties

    def keys_prop(self, *entries: ast.Key) -> ast.ListProp:
        return ast.ListProp("keys", (), entries, self.whole())

    def key_entry(self, direction: Tok, number: Tok) -> ast.Key:
        return ast.Key(str(direction), self.num(number), self.join(self.at(direction), self.at(number)))

    def seals_prop(self, *names: Tok) -> ast.ListProp:
        return ast.ListProp("seals", tuple(str(n) for n in names), (), self.whole())

    def keywords_prop(self, *names: Tok) -> ast.ListProp:
        return ast.ListProp("keywords", tuple(str(n) for n in names), (), self.whole())

    def legacy_prop(self, n: Tok) -> ast.NumberProp:
        return ast.NumberProp("legacy", self.num(n), self.num(n), self.at(n))

    def start_prop(self, n: Tok) -> ast.NumberProp:
        return ast.NumberProp("start", self.num(n), self.num(n), self.at(n))

    def players_one(self, n: Tok) -> ast.NumberProp:
        players = self.num(n, "the number of players", MAX_PLAYERS)
        return ast.NumberProp("players", players, players, self.at(n))

    def players_range(self, r: Tok) -> ast.NumberProp:
        low, high = str(r).split("-")
        return ast.NumberProp("players", self.num(low, "the number of players", MAX_PLAYERS, r),
                              self.num(high, "the number of players", MAX_PLAYERS, r), self.at(r))

    def action_prop(self, name: Tok, *rest: Any) -> ast.Action:
        target = rest[-1]
        costs: tuple[ast.Cost, ...] = ()
        once = False
        if len(rest) == 2:
            costs, once = rest[0]
        return ast.Action(unquote(name), costs, once, target, self.whole())

    def action_costs(self, *items: Any) -> tuple[tuple[ast.Cost, ...], bool]:
        costs = tuple(i for i in items if isinstance(i, ast.Cost))
        return costs, any(i == "once" for i in items)

    def action_cost(self, amount: Tok, resource: Tok) -> ast.Cost:
        return ast.Cost(self.num(amount, "a cost", MAX_AMOUNT), str(resource),
                        self.join(self.at(amount), self.at(resource)))

    def once_per_day(self) -> str:
        return "once"

    def when_prop(self, trigger: tuple[ast.TriggerKind, int | None, int | None],
                  target: ast.Target) -> ast.Trigger:
        kind, low, high = trigger
        return ast.Trigger(kind, low, high, target, self.whole())

    def trig_marked(self) -> tuple[ast.TriggerKind, None, None]:
        return ("marked", None, None)

    def trig_full(self) -> tuple[ast.TriggerKind, None, None]:
        return ("full", None, None)

    def trig_parts_one(self, n: Tok) -> tuple[ast.TriggerKind, int, int]:
        return ("parts", self.num(n), self.num(n))

    def trig_parts_range(self, r: Tok) -> tuple[ast.TriggerKind, int, int]:
        low, high = str(r).split("-")
        return ("parts", self.num(low, tok=r), self.num(high, tok=r))

    def trig_any(self, n: Tok) -> tuple[ast.TriggerKind, int, None]:
        return ("any", self.num(n), None)

    def ref_prop(self, key: Tok, target: ast.Target) -> ast.RefProp:
        return ast.RefProp(str(key), target, self.whole())

    def value_prop(self, key: Tok, value: Tok | None = None) -> ast.Prop:
        return ast.Prop(str(key), str(value).rstrip() if value is not None else "", self.whole())


def _inline(func: Callable[..., Any]) -> Callable[[Any, list[Any]], Any]:
    """Lark passes a rule's children as one list; the callbacks read better with them
    as arguments. (Lark's own ``v_args`` re-wraps the method on every call, which
    costs a fifth of the parse.)"""

    def callback(self: Any, children: list[Any]) -> Any:
        return func(self, *children)

    callback.__name__ = func.__name__
    callback.__doc__ = func.__doc__
    return callback


_HELPERS = frozenset({"at", "whole", "join", "num"})
for _name, _func in list(vars(LineBuilder).items()):
    if callable(_func) and not _name.startswith("_") and _name not in _HELPERS:
        setattr(LineBuilder, _name, _inline(_func))


def _span_of(node: Any) -> Span:
    span: Span = node.span
    return span
