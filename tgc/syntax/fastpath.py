"""The fast path: the line shapes that make up most of a journal (verse and core
declaration headers, the campaign's own, diverts, choices with guards of plain atoms,
perhaps negated, joined by one connective, `~ if` lines, rolls with modifiers, simple
effects, status triggers, the numbers of `start:`, `legacy:` and `players:` and plain
property values) are recognised by regular expressions and handed to the same parse
callbacks Lark would call, with the same tokens (tgc.syntax.build.Word, so that Lark is
imported only when a line needs the grammar). Anything else, or anything unusual about
these lines (a comment, an escape, a keyword where a name could be), goes to the grammar.

The grammar stays the definition of the language: tests/test_fastpath.py checks that
every line this module accepts gives exactly the AST Lark gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from tgc.limits import MAX_AMOUNT, MAX_NUMBER, LimitError, read_int
from tgc.source import Span, make_span
from tgc.syntax import ast
from tgc.syntax.build import LineBuilder, NumberOutOfRange, Word, unquote

_NAME = r"[^\W\d]\w*"
_REF = (rf"(?:(?P<abs>(?:[0-9]+|{_NAME})\.(?:[0-9]+[a-z]?|{_NAME}))|(?P<local>[0-9]+[a-z]?)"
        rf"|(?P<name>{_NAME})|\.(?P<block>{_NAME}))")
_KEYWORD_TARGETS = frozenset({"end", "game"})
_TERMINAL = r"(?:(?P<term>end(?:[ \t]+chapter)?|game[ \t]+over)|" + _REF + ")"
_CMP = r">=|<=|==|!=|>|<"
_STRING = r'"(?:[^"\\\n]|\\.)*"'
# One condition atom of the common kinds (a guard item, or the condition of `~ if`),
# perhaps negated; atoms joined by one connective throughout (`and` or `or`, never mixed,
# so no precedence is involved) make a condition.
_ATOM = (rf"status[ \t]+(?P<gs>{_STRING})(?:[ \t]+(?:(?P<gany>any)[ \t]+)?(?P<gpart>[0-9]+(?:-[0-9]+)?))?"
         rf"|secret[ \t]+(?P<gsecret>[0-9]+)|item[ \t]+(?P<gitem>{_STRING})|ask[ \t]+(?P<gask>{_STRING})"
         rf"|(?P<gcmp>{_NAME})[ \t]*(?P<gop>{_CMP})[ \t]*(?P<gval>[0-9]+)")
_COND_ATOM = re.compile(rf"[ \t]*(?:(?P<gnot>not)[ \t]+)?(?:{_ATOM})")
_CONNECTIVE = re.compile(r"[ \t]+(?P<conn>and|or)[ \t]+")
_COST = re.compile(rf"[ \t]*pay[ \t]+(?P<gpay>[0-9]+)[ \t]+(?P<gpaywhat>{_NAME})")
_GUARD_SEP = re.compile(r"[ \t]*(?P<sep>;|\})")
_CHOICE_TAIL = re.compile(rf"[ \t]*(?P<text>[^{{\s\\].*)->[ \t]*{_TERMINAL}[ \t]*\Z")
_IF = re.compile(r"~[ \t]*if[ \t]+")
_IF_TAIL = re.compile(rf"[ \t]*(?:->[ \t]*{_TERMINAL}[ \t]*\Z|(?P<colon>:)[ \t]*)")
_ROLL = re.compile(r"~[ \t]*roll[ \t]+(?P<dice>[0-9]*d[0-9]+)")
_MODIFIER = re.compile(rf"[ \t]*(?P<sign>[+-])[ \t]*(?:(?P<attr>{_NAME})|(?P<num>[0-9]+))")
_ROLL_COLON = re.compile(r"[ \t]*:")
_ARM = re.compile(rf"[ \t]*(?P<label>[0-9]+-[0-9]+|[0-9]+\+|[0-9]+)[ \t]*->[ \t]*{_TERMINAL}"
                  r"[ \t]*(?P<sep>;|\Z)")
_REF_PROP = re.compile(rf"(?P<key>{_NAME})[ \t]*->[ \t]*{_TERMINAL}[ \t]*\Z")
_KEYS_PROP = re.compile(rf"keys[ \t]*:(?P<rest>(?:[ \t]*{_NAME}[ \t]+[0-9]+[ \t]*,)*"
                        rf"[ \t]*{_NAME}[ \t]+[0-9]+)[ \t]*\Z")
_KEY = re.compile(rf"[ \t,]*(?P<dir>{_NAME})[ \t]+(?P<n>[0-9]+)")
_SEALS_PROP = re.compile(rf"seals[ \t]*:(?P<rest>(?:[ \t]*{_NAME}[ \t]*,)*[ \t]*{_NAME})[ \t]*\Z")
_WORD = re.compile(rf"[ \t,]*(?P<w>{_NAME})")
# Keys the grammar gives their own syntax: a `KEY -> REF` line with one of these is not a hook.
_PROP_KEYWORDS = frozenset({"action", "when", "keys", "seals", "keywords", "legacy", "start",
                            "players"})

_VERSE = re.compile(rf"==[ \t]*(?P<id>(?:[0-9]+|{_NAME})\.(?:[0-9]+[a-z]?|{_NAME}))[ \t]*\Z")
_BLOCK = re.compile(rf"=[ \t]*(?P<id>{_NAME})[ \t]*\Z")
_DIVERT = re.compile(rf"->[ \t]*{_TERMINAL}[ \t]*\Z")
_CHOICE = re.compile(rf"\*[ \t]*(?P<text>[^{{\s\\].*)->[ \t]*{_TERMINAL}[ \t]*\Z")
_TILDE = re.compile(r"~[ \t]*")
# Simple effects, after `~ ` or after `~ if COND:`.
_ITEM = re.compile(rf'(?P<verb>gain|lose)[ \t]+item[ \t]+'
                   rf'(?:(?P<s>"(?:[^"\\\n]|\\.)*")|(?P<kw>{_NAME}))[ \t]*\Z')
_AMOUNT = re.compile(rf"(?:(?P<mode>each|shared)[ \t]+)?(?P<verb>gain|lose|pay)[ \t]+"
                     rf"(?P<n>[0-9]+)[ \t]+(?P<what>{_NAME})[ \t]*\Z")
_MARK = re.compile(r'(?P<verb>mark|unmark)[ \t]+(?P<s>"(?:[^"\\\n]|\\.)*")'
                   r"(?:[ \t]+(?P<part>[0-9]+(?:-[0-9]+)?))?[ \t]*\Z")
_SECRET = re.compile(r"(?P<verb>gain|lose)[ \t]+secret[ \t]+(?P<n>[0-9]+)[ \t]*\Z")

# Declaration headers of the core's own kinds (a ruleset's kinds take any words: grammar).
_LOCATION_H = re.compile(rf"@location[ \t]+(?P<n>[0-9]+)(?:[ \t]+(?P<title>{_STRING}))?[ \t]*\Z")
_SECRET_H = re.compile(rf"@secret[ \t]+(?P<n>[0-9]+)[ \t]+(?P<title>{_STRING})[ \t]*\Z")
_STATUS_H = re.compile(rf"@status[ \t]+(?P<title>{_STRING})(?:[ \t]+(?P<shape>parts|boxes)[ \t]+"
                       rf"(?P<size>[0-9]+))?[ \t]*\Z")
_ITEM_H = re.compile(rf"@item[ \t]+(?P<title>{_STRING})[ \t]*\Z")
_WHEN_PROP = re.compile(rf"when[ \t]+(?:(?P<trig>marked|full)|(?P<parts>parts?)[ \t]+"
                        rf"(?P<count>[0-9]+(?:-[0-9]+)?)|any[ \t]+(?P<any>[0-9]+)(?:[ \t]+parts)?)"
                        rf"[ \t]*->[ \t]*{_TERMINAL}[ \t]*\Z")
_CAMPAIGN_H = re.compile(rf"@campaign[ \t]+(?P<title>{_STRING})[ \t]*\Z")
_SECTION_H = re.compile(rf"@section[ \t]+(?P<name>{_NAME})(?:[ \t]+(?P<title>{_STRING}))?[ \t]*\Z")
# `start: 100`, `legacy: 3`, `players: 1-4` (a range only for players: else the grammar's error).
_NUMBER_PROP = re.compile(r"(?P<key>start|legacy|players)[ \t]*:[ \t]*(?P<n>[0-9]+(?P<range>-[0-9]+)?)"
                          r"[ \t]*\Z")
_NUMBER_CALLBACKS = {"start": "start_prop", "legacy": "legacy_prop", "players": "players_one"}
_VALUE_PROP = re.compile(rf"(?P<key>{_NAME})[ \t]*:(?:[ \t]*(?P<value>\S.*))?\Z")


# The commonest nodes made in C from a tuple of every field in order, defaults included
# (a named tuple's own constructor is a Python function; tgc.source.make_span says why).
_new_choice: Callable[[tuple[ast.Guard | None, str, ast.Target, Span]], ast.Choice] = \
    partial(tuple.__new__, ast.Choice)
_new_ref: Callable[[tuple[str | None, str, Span, str | None]], ast.Ref] = partial(tuple.__new__, ast.Ref)
_new_verse_id: Callable[[tuple[str, str, Span]], ast.VerseId] = partial(tuple.__new__, ast.VerseId)
_new_guard: Callable[[tuple[tuple[ast.Cond, ...], tuple[ast.Cost, ...], Span]], ast.Guard] = \
    partial(tuple.__new__, ast.Guard)
_new_status: Callable[[tuple[str, ast.PartSel | None, Span, Span]], ast.StatusCond] = \
    partial(tuple.__new__, ast.StatusCond)
_new_effect_line: Callable[[tuple[ast.Effect, ast.Cond | None, Span]], ast.EffectLine] = \
    partial(tuple.__new__, ast.EffectLine)
_new_mark: Callable[[tuple[bool, str, ast.PartSel | None, Span, Span]], ast.Mark] = \
    partial(tuple.__new__, ast.Mark)


def _cb(b: LineBuilder, name: str, children: list[Any]) -> Any:
    """Call a parse callback the way Lark does: with the rule's children as one list."""
    return getattr(b, name)(children)


def _tok(kind: str, m: re.Match[str], group: str) -> Word:
    """The token the grammar's lexer would give for ``group`` (its columns 1-based)."""
    return Word(kind, m.group(group), m.start(group) + 1)


def _ref(b: LineBuilder, m: re.Match[str]) -> ast.Ref:
    # Built directly, as abs_ref()/rel_ref()/block_ref() would.
    text = m.group("abs")
    if text is not None:
        section, verse = text.split(".", 1)
        return _new_ref((section, verse, _span(b, m, "abs"), None))
    for group in ("local", "name"):
        text = m.group(group)
        if text is not None:
            return _new_ref((None, text, _span(b, m, group), None))
    name = _span(b, m, "block")
    return ast.Ref(None, "", Span(name.file, name.line, name.col - 1, name.line, name.end_col),
                   m.group("block"))


def _target_ok(m: re.Match[str]) -> bool:
    """A name that is a keyword there (``end``, ``game``) is a mistake or a terminal
    this pattern did not take: leave it to the grammar."""
    return m.group("name") not in _KEYWORD_TARGETS


def _target(b: LineBuilder, m: re.Match[str]) -> ast.Target:
    # Built directly, as end()/end_chapter()/game_over() would: the span covers the words.
    term = m.group("term")
    if term is None:
        return _ref(b, m)
    words = term.split()
    kind: ast.TerminalKind = ("end" if len(words) == 1 else
                              "end chapter" if words[0] == "end" else "game over")
    return ast.Terminal(kind, _span(b, m, "term"))


def _int(b: LineBuilder, m: re.Match[str], group: str, what: str = "a number",
         high: int = MAX_NUMBER, text: str | None = None) -> int:
    """``LineBuilder.num`` of the number matched as ``group`` (or of ``text``, a piece of
    it): out of range, the callback's NumberOutOfRange with the token's span."""
    digits = m.group(group) if text is None else text
    if len(digits) < _WIDTH.get(high, 0) and digits.isascii() and digits.isdigit():
        return int(digits)  # fewer digits than the bound has: in range, as read_int says
    try:
        return read_int(digits, what, high=high)
    except LimitError as err:
        raise NumberOutOfRange(str(err), _span(b, m, group)) from None


_WIDTH = {MAX_NUMBER: len(str(MAX_NUMBER)), MAX_AMOUNT: len(str(MAX_AMOUNT))}


def _atom(b: LineBuilder, m: re.Match[str]) -> Any:
    """The condition node of a ``_COND_ATOM`` match, or None for a keyword posing as a name."""
    if m.group("gitem") is not None:
        atom: Any = ast.ItemCond(unquote(m.group("gitem")), False, _span(b, m, "gitem"))
    elif m.group("gask") is not None:
        atom = ast.AskCond(unquote(m.group("gask")), _span(b, m, "gask"))
    else:
        atom = _guard_item(b, m)
    if atom is None or m.group("gnot") is None:
        return atom
    return ast.Not(atom, _span(b, m, "gnot").to(atom.span))


def _condition(b: LineBuilder, body: str, pos: int) -> tuple[Any, int] | None:
    """The condition starting at ``body[pos]`` and the position after it: atoms, each
    perhaps negated, joined by one connective throughout."""
    operands: list[Any] = []
    connective = None
    while True:
        m = _COND_ATOM.match(body, pos)
        if m is None:
            return None
        atom = _atom(b, m)
        if atom is None:
            return None
        operands.append(atom)
        pos = m.end()
        joint = _CONNECTIVE.match(body, pos)
        if joint is None:
            break
        if connective not in (None, joint.group("conn")):
            return None  # `and` binds tighter than `or`: the grammar settles that
        connective = joint.group("conn")
        pos = joint.end()
    if connective is None:
        return operands[0], pos
    joined = ast.And if connective == "and" else ast.Or
    return joined(tuple(operands), operands[0].span.to(operands[-1].span)), pos


def _guard_items(b: LineBuilder, body: str, pos: int) -> tuple[Any, int] | None:
    """The guard starting at ``body[pos] == "{"`` and the position after its ``}``."""
    conds: list[Any] = []
    costs: list[ast.Cost] = []
    first = None
    pos += 1
    while True:
        m = _COST.match(body, pos)
        if m is not None:
            item: Any = ast.Cost(_int(b, m, "gpay", "a cost", MAX_AMOUNT), m.group("gpaywhat"),
                                 _span(b, m, "gpay").to(_span(b, m, "gpaywhat")))
            costs.append(item)
            pos = m.end()
        else:
            parsed = _condition(b, body, pos)
            if parsed is None:
                return None
            item, pos = parsed
            conds.append(item)
        first = first or item.span
        sep = _GUARD_SEP.match(body, pos)
        if sep is None:
            return None
        pos = sep.end()
        if sep.group("sep") == "}":
            return _new_guard((tuple(conds), tuple(costs), first.to(item.span))), pos


def _guard_item(b: LineBuilder, m: re.Match[str]) -> Any:
    # Built directly, as status_cond()/sel_*()/secret_cond()/compare() would.
    if m.group("gs") is not None:
        span = _span(b, m, "gs")
        name = unquote(m.group("gs"))
        part = m.group("gpart")
        if part is None:
            return _new_status((name, None, span, span))
        where = _span(b, m, "gpart")
        if "-" in part:
            low, high = part.split("-")
            sel = ast.PartSel(_int(b, m, "gpart", text=low), _int(b, m, "gpart", text=high), False, where)
        else:
            n = _int(b, m, "gpart")
            sel = ast.PartSel(n, n, m.group("gany") is not None, where)
        return _new_status((name, sel, span.to(where), span))
    if m.group("gsecret") is not None:
        return ast.SecretCond(_int(b, m, "gsecret"), _span(b, m, "gsecret"))
    name = m.group("gcmp")
    if name in _GUARD_KEYWORDS:
        return None
    return ast.Compare(name, ast.compare_op(m.group("gop")), _int(b, m, "gval"),
                       _span(b, m, "gcmp").to(_span(b, m, "gval")))


# Words that start a condition in the grammar: `item >= 2` is not a comparison there.
_GUARD_KEYWORDS = frozenset({"status", "secret", "item", "dial", "character", "quest", "event", "visited",
                             "chapter", "ask", "not", "pay"})


def _span(b: LineBuilder, m: re.Match[str], group: str) -> Span:
    """The span Lark's token for ``group`` would have (what ``LineBuilder.at`` gives)."""
    start, end = m.span(group)
    line, offset = b.line, b.offset + 1
    return make_span((b.file, line, start + offset, line, end + offset))


def _verse(b: LineBuilder, body: str) -> Any:
    # The commonest structural line: built directly, as verse_header() would.
    m = _VERSE.match(body)
    if m is None:
        return None
    section, verse = m.group("id").split(".", 1)
    return _new_verse_id((section, verse, _span(b, m, "id")))


def _block(b: LineBuilder, body: str) -> Any:
    m = _BLOCK.match(body)
    return None if m is None else _cb(b, "block_header", [_tok("NAME", m, "id")])


def _divert(b: LineBuilder, body: str) -> Any:
    m = _DIVERT.match(body)
    if m is None or not _target_ok(m):
        return None
    return ast.Divert(_target(b, m), b.whole())


def _choice(b: LineBuilder, body: str) -> Any:
    guard = None
    brace = body.find("{")
    if brace != -1 and body[1:brace].strip() == "":
        parsed = _guard_items(b, body, brace)
        if parsed is None:
            return None
        guard = parsed[0]
        m = _CHOICE_TAIL.match(body, parsed[1])
    else:
        m = _CHOICE.match(body)
    if m is None or not _target_ok(m):
        return None
    # Built directly, as choice() would (the text cannot start with `\\{` here).
    return _new_choice((guard, m.group("text").rstrip(), _target(b, m), b.whole()))


def _if(b: LineBuilder, body: str) -> Any:
    """``~ if COND -> TARGET`` and ``~ if COND: EFFECT`` (a simple effect of the fast path)."""
    m = _IF.match(body)
    if m is None:
        return None
    parsed = _condition(b, body, m.end())
    if parsed is None:
        return None
    cond, pos = parsed
    tail = _IF_TAIL.match(body, pos)
    if tail is None:
        return None
    if tail.group("colon") is not None:
        effect = _simple_effect(b, body, tail.end())
        return None if effect is None else _new_effect_line((effect, cond, b.whole()))
    if not _target_ok(tail):
        return None
    return ast.CondDivert(cond, _target(b, tail), b.whole())


def _roll(b: LineBuilder, body: str) -> Any:
    """``~ roll 2d6 + courage - 1: 2-6 -> .low; 7+ -> .high``."""
    m = _ROLL.match(body)
    if m is None:
        return None
    children: list[Any] = [_tok("DICE", m, "dice")]
    pos = m.end()
    while (mod := _MODIFIER.match(body, pos)) is not None:
        if mod.group("attr") is not None:
            children.append(_cb(b, "mod_attribute", [_tok("SIGN", mod, "sign"), _tok("NAME", mod, "attr")]))
        else:
            children.append(_cb(b, "mod_number", [_tok("SIGN", mod, "sign"), _tok("INT", mod, "num")]))
        pos = mod.end()
    colon = _ROLL_COLON.match(body, pos)
    if colon is None:
        return None
    pos = colon.end()
    arms = 0
    while pos < len(body):
        arm = _ARM.match(body, pos)
        if arm is None or not _target_ok(arm) or arm.end() == pos:
            return None
        label = arm.group("label")
        kind, callback = (("OPEN_RANGE", "arm_open") if label.endswith("+") else
                          ("RANGE", "arm_range") if "-" in label else ("INT", "arm_one"))
        children.append(_cb(b, callback, [_tok(kind, arm, "label"), _target(b, arm)]))
        arms += 1
        pos = arm.end()
    if arms == 0:
        return None
    return _cb(b, "effect_line", [_cb(b, "roll", children)])


def _prop(b: LineBuilder, body: str) -> Any:
    """Hooks and references (``explore -> 101.1``), ``keys:``, ``seals:``, status triggers
    (``when full -> bos.3``), ``start: 100``, ``legacy: 3``, ``players: 1-4`` and plain
    values (``kind: combat``)."""
    m = _REF_PROP.match(body)
    if m is not None:
        if m.group("key") in _PROP_KEYWORDS or not _target_ok(m):
            return None
        return _cb(b, "ref_prop", [_tok("NAME", m, "key"), _target(b, m)])
    m = _KEYS_PROP.match(body)
    if m is not None:
        entries = [_cb(b, "key_entry", [_tok("NAME", k, "dir"), _tok("INT", k, "n")])
                   for k in _KEY.finditer(body, m.start("rest"), m.end("rest"))]
        return _cb(b, "keys_prop", entries)
    m = _SEALS_PROP.match(body)
    if m is not None:
        words = [_tok("NAME", w, "w") for w in _WORD.finditer(body, m.start("rest"), m.end("rest"))]
        return _cb(b, "seals_prop", words)
    m = _WHEN_PROP.match(body)
    if m is not None:
        trigger = _trigger(b, m)
        return None if trigger is None or not _target_ok(m) else _cb(b, "when_prop", [trigger, _target(b, m)])
    m = _NUMBER_PROP.match(body)
    if m is not None:
        key = m.group("key")
        if m.group("range") is None:
            return _cb(b, _NUMBER_CALLBACKS[key], [_tok("INT", m, "n")])
        return _cb(b, "players_range", [_tok("RANGE", m, "n")]) if key == "players" else None
    m = _VALUE_PROP.match(body)
    if m is not None and m.group("key") not in _PROP_KEYWORDS:
        value = [_tok("VALUE", m, "value")] if m.group("value") is not None else []
        return _cb(b, "value_prop", [_tok("NAME", m, "key"), *value])
    return None


def _trigger(b: LineBuilder, m: re.Match[str]) -> Any:
    """The trigger of a ``when TRIGGER -> REF`` line (None for ``part 1-2``, an error)."""
    if m.group("trig") is not None:
        return _cb(b, "trig_" + m.group("trig"), [])
    if m.group("any") is not None:
        return _cb(b, "trig_any", [_tok("INT", m, "any")])
    if "-" not in m.group("count"):
        return _cb(b, "trig_parts_one", [_tok("INT", m, "count")])
    if m.group("parts") == "part":
        return None
    return _cb(b, "trig_parts_range", [_tok("RANGE", m, "count")])


def _logic(b: LineBuilder, body: str) -> Any:
    tilde = _TILDE.match(body)
    if tilde is None:
        return None
    pos = tilde.end()
    if body.startswith("if", pos):
        return _if(b, body)
    if body.startswith("roll", pos):
        return _roll(b, body)
    effect = _simple_effect(b, body, pos)
    return None if effect is None else _new_effect_line((effect, None, b.whole()))


def _amount(b: LineBuilder, m: re.Match[str]) -> ast.Amount | None:
    try:
        amount = read_int(m.group("n"), "an amount", high=MAX_AMOUNT)
    except LimitError:
        return None  # the grammar's callbacks report it
    return ast.Amount(ast.amount_verb(m.group("verb")), amount, m.group("what"),
                      ast.party_mode(m.group("mode")), b.whole(), _span(b, m, "what"))


def _simple_effect(b: LineBuilder, body: str, pos: int) -> Any:
    """The effect node of ``gain 2 food``, ``mark "X" 1-2``, ``gain item "Rope"`` or
    ``gain secret 3`` starting at ``body[pos]``, up to the end of the line."""
    m = _AMOUNT.match(body, pos)
    if m is not None:
        return _amount(b, m)
    m = _MARK.match(body, pos)
    if m is not None:
        # Built directly, as mark()/unmark() and part_one()/part_range() would.
        part = m.group("part")
        parts = None
        if part is not None:
            where = _span(b, m, "part")
            if "-" in part:
                low, high = part.split("-")
                parts = ast.PartSel(_int(b, m, "part", text=low), _int(b, m, "part", text=high), False,
                                    where)
            else:
                n = _int(b, m, "part")
                parts = ast.PartSel(n, n, False, where)
        return _new_mark((m.group("verb") == "unmark", unquote(m.group("s")), parts, b.whole(),
                          _span(b, m, "s")))
    m = _ITEM.match(body, pos)
    if m is not None:
        name = (_cb(b, "item_named", [_tok("STRING", m, "s")]) if m.group("s") is not None
                else _cb(b, "item_keyword", [_tok("NAME", m, "kw")]))
        return _cb(b, m.group("verb") + "_item", [name])
    m = _SECRET.match(body, pos)
    if m is not None:
        return _cb(b, "gain_secret" if m.group("verb") == "gain" else "lose_secret",
                   [_tok("INT", m, "n")])
    return None


def _header(b: LineBuilder, body: str) -> Any:
    """``@location 101 "Farmhold"``, ``@secret 3 "..."``, ``@status "X" parts 4``, ``@item "X"``,
    ``@campaign "X"`` and ``@section bos "Book of Secrets"``."""
    m = _LOCATION_H.match(body)
    if m is not None:
        title = [_tok("STRING", m, "title")] if m.group("title") is not None else []
        return _cb(b, "location_header", [_tok("INT", m, "n"), *title])
    m = _SECRET_H.match(body)
    if m is not None:
        return _cb(b, "secret_header", [_tok("INT", m, "n"), _tok("STRING", m, "title")])
    m = _STATUS_H.match(body)
    if m is not None:
        shape = ([_cb(b, m.group("shape") + "_shape", [_tok("INT", m, "size")])]
                 if m.group("shape") is not None else [])
        return _cb(b, "status_header", [_tok("STRING", m, "title"), *shape])
    m = _ITEM_H.match(body)
    if m is not None:
        return _cb(b, "item_header", [_tok("STRING", m, "title")])
    m = _CAMPAIGN_H.match(body)
    if m is not None:
        return _cb(b, "campaign_header", [_tok("STRING", m, "title")])
    m = _SECTION_H.match(body)
    if m is None:
        return None
    title = [_tok("STRING", m, "title")] if m.group("title") is not None else []
    return _cb(b, "section_header", [_tok("NAME", m, "name"), *title])


# The parser's driver takes the commonest lines of a verse without its general dispatch.
parse_choice = _choice
parse_logic = _logic
parse_verse_header = _verse

FAST: dict[str, Callable[[LineBuilder, str], Any]] = {
    "verse_header": _verse,
    "block_header": _block,
    "divert": _divert,
    "choice": _choice,
    "logic": _logic,
    "prop": _prop,
    "decl_header": _header,
}


def fast_parse(kind: str, body: str, builder: LineBuilder) -> Any:
    """The AST of a common line, or None to let the grammar parse it. Lines holding
    ``//`` always go to the grammar, which knows where comments start."""
    if "//" in body:
        return None
    handler = FAST.get(kind)
    return None if handler is None else handler(builder, body)
