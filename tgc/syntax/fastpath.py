"""The fast path: the line shapes that make up most of a journal (verse and core
declaration headers, diverts, choices with guards of plain atoms, perhaps negated, joined
by one connective, `~ if` lines, rolls with modifiers, simple effects, status triggers and
plain property values) are recognised by regular expressions and handed to the same
parse callbacks Lark would call, with the same tokens. Anything else, or anything unusual about these lines (a
comment, an escape, a keyword where a name could be), goes to the grammar.

The grammar stays the definition of the language: tests/test_fastpath.py checks that
every line this module accepts gives exactly the AST Lark gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Token

from tgc.limits import MAX_AMOUNT, LimitError, read_int
from tgc.source import Span
from tgc.syntax import ast
from tgc.syntax.build import LineBuilder

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
_VALUE_PROP = re.compile(rf"(?P<key>{_NAME})[ \t]*:(?:[ \t]*(?P<value>\S.*))?\Z")


def _cb(b: LineBuilder, name: str, children: list[Any]) -> Any:
    """Call a parse callback the way Lark does: with the rule's children as one list."""
    return getattr(b, name)(children)


def _tok(kind: str, m: re.Match[str], group: str) -> Token:
    start = m.start(group)
    text = m.group(group)
    return Token(kind, text, start, 1, start + 1, 1, start + len(text) + 1, start + len(text))


def _ref(b: LineBuilder, m: re.Match[str]) -> Any:
    # Built directly, as abs_ref()/rel_ref() would; block references go through block_ref().
    text = m.group("abs")
    if text is not None:
        section, verse = text.split(".", 1)
        return ast.Ref(section, verse, _span(b, m, "abs"))
    for group in ("local", "name"):
        text = m.group(group)
        if text is not None:
            return ast.Ref(None, text, _span(b, m, group))
    return _cb(b, "block_ref", [_tok("NAME", m, "block")])


def _target_ok(m: re.Match[str]) -> bool:
    """A name that is a keyword there (``end``, ``game``) is a mistake or a terminal
    this pattern did not take: leave it to the grammar."""
    return m.group("name") not in _KEYWORD_TARGETS


def _target(b: LineBuilder, m: re.Match[str]) -> Any:
    term = m.group("term")
    if term is None:
        return _ref(b, m)
    words = term.split()
    start, end = m.span("term")
    first = _word("END" if words[0] == "end" else "GAME", words[0], start)
    if len(words) == 1:
        return _cb(b, "end", [first])
    last = _word("KW_CHAPTER" if words[1] == "chapter" else "OVER", words[1], end - len(words[1]))
    return _cb(b, "end_chapter" if words[0] == "end" else "game_over", [first, last])


def _word(kind: str, text: str, start: int) -> Token:
    return Token(kind, text, start, 1, start + 1, 1, start + len(text) + 1, start + len(text))


def _atom(b: LineBuilder, m: re.Match[str]) -> Any:
    """The condition node of a ``_COND_ATOM`` match, or None for a keyword posing as a name."""
    if m.group("gitem") is not None:
        atom = _cb(b, "item_cond", [_cb(b, "item_named", [_tok("STRING", m, "gitem")])])
    elif m.group("gask") is not None:
        atom = _cb(b, "ask_cond", [_tok("STRING", m, "gask")])
    else:
        atom = _guard_item(b, m)
    if atom is None or m.group("gnot") is None:
        return atom
    return _cb(b, "not_cond", [_tok("NOT", m, "gnot"), atom])


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
    return _cb(b, f"{connective}_cond", operands), pos


def _guard_items(b: LineBuilder, body: str, pos: int) -> tuple[Any, int] | None:
    """The guard starting at ``body[pos] == "{"`` and the position after its ``}``."""
    items: list[Any] = []
    pos += 1
    while True:
        m = _COST.match(body, pos)
        if m is not None:
            items.append(_cb(b, "cost", [_tok("INT", m, "gpay"), _tok("NAME", m, "gpaywhat")]))
            pos = m.end()
        else:
            parsed = _condition(b, body, pos)
            if parsed is None:
                return None
            items.append(parsed[0])
            pos = parsed[1]
        sep = _GUARD_SEP.match(body, pos)
        if sep is None:
            return None
        pos = sep.end()
        if sep.group("sep") == "}":
            return _cb(b, "guard", items), pos


def _guard_item(b: LineBuilder, m: re.Match[str]) -> Any:
    if m.group("gs") is not None:
        children: list[Any] = [_tok("STRING", m, "gs")]
        part = m.group("gpart")
        if part is not None:
            if m.group("gany") is not None:
                children.append(_cb(b, "sel_any", [_tok("INT", m, "gpart")]))
            elif "-" in part:
                children.append(_cb(b, "sel_range", [_tok("RANGE", m, "gpart")]))
            else:
                children.append(_cb(b, "sel_one", [_tok("INT", m, "gpart")]))
        return _cb(b, "status_cond", children)
    if m.group("gsecret") is not None:
        return _cb(b, "secret_cond", [_tok("INT", m, "gsecret")])
    if m.group("gcmp") in _GUARD_KEYWORDS:
        return None
    return _cb(b, "compare", [_tok("NAME", m, "gcmp"), _tok("CMP", m, "gop"), _tok("INT", m, "gval")])


# Words that start a condition in the grammar: `item >= 2` is not a comparison there.
_GUARD_KEYWORDS = frozenset({"status", "secret", "item", "dial", "character", "quest", "event", "visited",
                             "chapter", "ask", "not", "pay"})


def _span(b: LineBuilder, m: re.Match[str], group: str) -> Span:
    """The span Lark's token for ``group`` would have (what ``LineBuilder.at`` gives)."""
    return Span(b.file, b.line, m.start(group) + 1 + b.offset, b.line, m.end(group) + 1 + b.offset)


def _verse(b: LineBuilder, body: str) -> Any:
    # The commonest structural line: built directly, as verse_header() would.
    m = _VERSE.match(body)
    if m is None:
        return None
    section, verse = m.group("id").split(".", 1)
    return ast.VerseId(section, verse, _span(b, m, "id"))


def _block(b: LineBuilder, body: str) -> Any:
    m = _BLOCK.match(body)
    return None if m is None else _cb(b, "block_header", [_tok("NAME", m, "id")])


def _divert(b: LineBuilder, body: str) -> Any:
    m = _DIVERT.match(body)
    if m is None or not _target_ok(m):
        return None
    return _cb(b, "divert", [_target(b, m)])


def _choice(b: LineBuilder, body: str) -> Any:
    children: list[Any] = []
    brace = body.find("{")
    if brace != -1 and body[1:brace].strip() == "":
        parsed = _guard_items(b, body, brace)
        if parsed is None:
            return None
        children.append(parsed[0])
        m = _CHOICE_TAIL.match(body, parsed[1])
    else:
        m = _CHOICE.match(body)
    if m is None or not _target_ok(m):
        return None
    if not children and m.group("term") is None:
        # The commonest choice, `* text -> ref`: built directly, as choice() would.
        return ast.Choice(None, m.group("text").rstrip(), _ref(b, m), b.whole())
    children += [_tok("CHOICE_TEXT", m, "text"), _target(b, m)]
    return _cb(b, "choice", children)


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
        return None if effect is None else _cb(b, "cond_effect", [cond, effect])
    if not _target_ok(tail):
        return None
    return _cb(b, "cond_divert", [cond, _target(b, tail)])


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
    (``when full -> bos.3``) and plain values (``kind: combat``)."""
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
    if body[1:].lstrip().startswith("if"):
        return _if(b, body)
    if body[1:].lstrip().startswith("roll"):
        return _roll(b, body)
    tilde = _TILDE.match(body)
    if tilde is None:
        return None
    pos = tilde.end()
    m = _AMOUNT.match(body, pos)
    if m is not None:
        # The commonest effect line: built directly, as gain()/lose()/pay() and effect_line() would.
        amount = _amount(b, m)
        return None if amount is None else ast.EffectLine(amount, None, b.whole())
    effect = _simple_effect(b, body, pos)
    return None if effect is None else _cb(b, "effect_line", [effect])


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
        children = [_tok("STRING", m, "s")]
        if m.group("part") is not None:
            part = m.group("part")
            if "-" in part:
                children.append(_cb(b, "part_range", [_tok("RANGE", m, "part")]))
            else:
                children.append(_cb(b, "part_one", [_tok("INT", m, "part")]))
        return _cb(b, m.group("verb"), children)
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
    """``@location 101 "Farmhold"``, ``@secret 3 "..."``, ``@status "X" parts 4``, ``@item "X"``."""
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
    return None if m is None else _cb(b, "item_header", [_tok("STRING", m, "title")])


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
