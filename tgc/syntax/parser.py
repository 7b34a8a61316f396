"""Parsing: a SourceFile in, an ``ast.File`` and its syntax diagnostics out.

Lines are classified by their first characters exactly as docs/language.md's table
"Files and lines" says; each structural line is parsed alone with the grammar's
start rule for its class (so an error costs that line only), and prose lines
never meet the grammar. This module then assembles lines into verses, blocks and
declarations.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Literal

from tgc import rulesets
from tgc.diagnostics.codes import diag, did_you_mean
from tgc.diagnostics.model import Diagnostic
from tgc.limits import MAX_LINE, MAX_NESTING
from tgc.source import SourceFile, Span, make_span
from tgc.syntax import ast, phrases
from tgc.syntax.build import LineBuilder, NumberOutOfRange
from tgc.syntax.fastpath import fast_parse, parse_choice, parse_logic, parse_verse_header
from tgc.syntax.grammar_file import grammar_text

if TYPE_CHECKING:
    from lark import Lark

START_RULES = ["decl_header", "verse_header", "block_header", "choice", "divert", "logic", "prop"]
CORE_KINDS = ("campaign", "section", "status", "secret", "item", "location", "event", "quest",
              "encounter")


def declaration_kinds() -> tuple[str, ...]:
    """The core's kinds, then every registered ruleset's (the generic ones from the 7th on).
    Every ruleset's kinds parse in any campaign; the symbols stage tells a kind of another
    ruleset apart, so a file parses the same whatever campaign it is in."""
    return (*CORE_KINDS, *rulesets.declaration_kinds())


RESERVED = frozenset({"end", "game"})

_TYPED_KEY = re.compile(r"[ \t]*(keys|seals|keywords|legacy|start|players)[ \t]*:")
_SUPPRESS = re.compile(r"(?:^|\s)//\s*tgc:\s*ignore\[([^\]]*)\]")
_ICON = re.compile(r"(?<!\\):([A-Za-z_]\w*):")
_DECL_WORD = re.compile(r"@(\w*)")
_BLOCK_NAME = re.compile(r"=\s*([^\W\d]\w*)")
# What every property line starts with; an indented line that does not is no property.
_PROP_SHAPE = re.compile(r"(?:[^\W\d]\w*[ \t]*(?::|->)|action\b|when\b)")
_VERSE_ID = re.compile(r"==\s*((?:[0-9]+|[^\W\d]\w*)\.(?:[0-9]+[a-z]?|[^\W\d]\w*))")


# The parse callbacks, shared by the fast path and the grammar (one line at a time).
_BUILDER = LineBuilder()


@lru_cache(maxsize=1)
def _parser() -> tuple[Lark, LineBuilder]:
    """The grammar, built once per process, the first time a line needs it (Lark is
    imported only then: most campaigns have no such line); ``cache=True`` stores the
    LALR tables."""
    from lark import Lark

    parser = Lark(grammar_text(), parser="lalr", lexer="contextual", start=START_RULES,
                  transformer=_BUILDER, cache=True, maybe_placeholders=False)
    return parser, _BUILDER


def _syntax_error() -> type[Exception]:
    """Lark's error for a line the grammar rejects. Named in an ``except`` clause, it is
    looked up only when an exception is on its way, so a parse that raises nothing (or
    only an earlier clause's exception) never imports Lark."""
    from lark.exceptions import UnexpectedInput

    return UnexpectedInput


def grammar_parser(strict: bool = False) -> Lark:
    """A tree-building parser over the same grammar (tests build it with ``strict``)."""
    from lark import Lark

    grammar = grammar_text()
    return Lark(grammar, parser="lalr", lexer="contextual", start=START_RULES, strict=strict)


# ------------------------------------------------------------------ assembly state

# A paragraph and a verse made in C (as tgc.source.make_span makes spans): one for every
# run of prose, one for every verse.
_new_paragraph: Callable[[tuple[str, Span]], ast.Paragraph] = partial(tuple.__new__, ast.Paragraph)
_new_verse: Callable[[tuple[ast.VerseId, tuple[ast.Stmt, ...], tuple[ast.Block, ...], Span]], ast.Verse] = \
    partial(tuple.__new__, ast.Verse)


@dataclass
class _Body:
    """Statements of a verse body or block being assembled."""

    file: str
    stmts: list[ast.Stmt] = field(default_factory=list)
    para: list[str] = field(default_factory=list)
    # where the open paragraph starts and ends: (line, col) and (line, end_col)
    para_start: tuple[int, int] = (0, 0)
    para_end: tuple[int, int] = (0, 0)
    choices_started: bool = False

    def add_prose(self, number: int, col: int, content: str) -> None:
        if not self.para:
            self.para_start = (number, col)
        self.para_end = (number, col + len(content))
        self.para.append(content)

    def flush(self) -> None:
        if self.para:
            (line, col), (end_line, end_col) = self.para_start, self.para_end
            span = make_span((self.file, line, col, end_line, end_col))
            self.stmts.append(_new_paragraph((" ".join(self.para), span)))
            self.para = []


@dataclass
class _VerseState:
    id: ast.VerseId
    span: Span
    body: _Body
    blocks: list[tuple[str, Span, _Body]] = field(default_factory=list)
    end: tuple[int, int] = (0, 0)  # line and end column of the verse's last line

    def current(self) -> _Body:
        return self.blocks[-1][2] if self.blocks else self.body


@dataclass
class _PropNode:
    """A property with possible nested lines, before it is frozen."""

    indent: int
    prop: Any  # an ast property node
    children: list[_PropNode] = field(default_factory=list)
    continuation: list[str] = field(default_factory=list)
    end: Span | None = None


@dataclass
class _DeclState:
    kind: str
    args: tuple[str | int, ...]
    header_span: Span
    props: list[_PropNode] = field(default_factory=list)
    stack: list[_PropNode] = field(default_factory=list)
    end: Span | None = None


class _FileParser:
    """Walks the lines of one file once, keeping at most one verse or declaration open."""

    def __init__(self, source: SourceFile, fast: bool = True) -> None:
        self.fast = fast
        self.source = source
        self.name = source.name
        self.items: list[ast.Item] = []
        self.diags: list[Diagnostic] = []
        self.suppressions: list[ast.Suppression] = []
        self.dropped: list[ast.Dropped] = []
        self.verse: _VerseState | None = None
        self.decl: _DeclState | None = None
        self.pending_suppressions: list[tuple[tuple[str, ...], Span]] = []
        self.builder = _BUILDER
        # (a tuple: phrases.find makes one of what it is given, and a tuple makes itself)
        self.phrase_shapes = tuple(rulesets.phrases())

    @property
    def lark(self) -> Lark:
        """The grammar's parser, built when a line first needs it."""
        return _parser()[0]

    # -------------------------------------------------------------- driver

    def run(self) -> ast.File:
        line = self.line
        fast = self.fast
        for number, raw in enumerate(self.source.lines, start=1):
            text = raw.rstrip()
            if self.pending_suppressions:  # a comment line above holds one: `line` applies it
                line(number, text)
                continue
            # The commonest lines take a short way when nothing about them is unusual; each
            # ends as `line` would end it (tests/test_fastpath.py compares whole files).
            if not text:
                if self.verse is not None:
                    self.verse.current().flush()
                continue
            first = text[0]
            verse = self.verse
            if verse is not None:
                if first.isalpha():  # prose: most of any journal
                    body = verse.current()
                    if not body.choices_started:
                        body.add_prose(number, 1, text)
                        verse.end = (number, len(text) + 1)
                        if ":" in text:
                            self.check_icons(number, text, 0)
                        if first in _LOGIC_INITIALS and text.split(" ", 1)[0] in _LOGIC_WORDS:
                            self.missing_tilde(number, text, 0)
                        continue
                elif fast and (first == "*" and self.short_choice(verse, number, text)
                               or first == "~" and self.short_logic(verse, number, text)):
                    continue
            if first == "=" and text.startswith("==") and "tgc:" not in text:
                self.verse_header(number, text)
                continue
            line(number, text)
        self.settle_suppressions()
        self.close()
        return ast.File(self.name, tuple(self.items), tuple(self.suppressions), tuple(self.dropped))

    def short_choice(self, verse: _VerseState, number: int, text: str) -> bool:
        """A choice that the fast path reads and nothing unusual about it (no comment, no
        suppression, not `**` prose): added as `story_line` adds it. False: nothing done."""
        if text.startswith("**") or "//" in text or "tgc:" in text or len(text) > MAX_LINE:
            return False
        node = self.short_parse(parse_choice, number, text)
        if node is None:
            return False
        body = verse.blocks[-1][2] if verse.blocks else verse.body  # (verse.current(), inline)
        verse.end = (number, len(text) + 1)
        if body.para:  # (only the first choice after prose ends a paragraph)
            body.flush()
        body.choices_started = True
        body.stmts.append(node)
        if ":" in text:  # only the text holds icons
            self.check_icons(number, text, node.guard.span.end_col - 1 if node.guard is not None else 0)
        return True

    def short_logic(self, verse: _VerseState, number: int, text: str) -> bool:
        """A logic line above a verse's choices that the fast path reads and that holds no
        ruleset phrase, comment or suppression: added as `story_line` adds it."""
        body = verse.current()
        if (body.choices_started or "//" in text or "tgc:" in text or len(text) > MAX_LINE
                or phrases.find(text, self.phrase_shapes) is not None):
            return False
        node = self.short_parse(parse_logic, number, text)
        if node is None:
            return False
        verse.end = (number, len(text) + 1)
        body.flush()
        body.stmts.append(node)
        return True

    def short_parse(self, reader: Callable[[LineBuilder, str], Any], number: int, text: str) -> Any:
        """The fast path's node of an unindented line without a comment, or None where
        ``parse`` would do more (the grammar, a diagnostic, a nesting to measure)."""
        builder = self.builder
        builder.file, builder.line, builder.offset, builder.line_end = self.name, number, 0, len(text) + 1
        try:
            node = reader(builder, text)
        except NumberOutOfRange:
            return None
        if node is None or text.count("not") + text.count("(") > MAX_NESTING:
            return None
        return node

    def line(self, number: int, text: str) -> None:
        stripped = text.lstrip()
        if not stripped:
            self.blank()
            return
        indent = len(text) - len(stripped)
        if stripped.startswith("//"):
            self.comment_only(number, text, indent)
            return
        if indent == 0 and text.startswith("@"):
            self.suppressions_on(number, text, structural=True)
            self.decl_header(number, text)
        elif indent == 0 and text.startswith("=="):
            self.suppressions_on(number, text, structural=True)
            self.verse_header(number, text)
        elif self.decl is not None and (text.startswith("\t") or indent >= 2):
            self.suppressions_on(number, text, structural=True)
            self.property_line(number, text, indent)
        else:
            self.story_line(number, text, stripped, indent)

    # -------------------------------------------------------------- shared helpers

    def span(self, number: int, col: int, end_col: int) -> Span:
        return make_span((self.name, number, col, number, end_col))

    def parse(self, kind: str, number: int, text: str, indent: int, code: str = "TGC001") -> Any:
        """Parse one structural line; on error report ``code`` and return None."""
        builder = self.builder
        builder.file = self.name
        builder.line = number
        builder.offset = indent
        body = text[indent:]
        builder.line_end = indent + len(_strip_comment(body)) + 1
        if len(body) > MAX_LINE:
            # No writer means a structural line this long, and a bound on it bounds what every
            # pattern of the grammar may cost (prose lines never meet the grammar).
            self.drop(number, text, indent)
            self.diags.append(diag(code, self.span(number, indent + 1, indent + 2),
                                   hint="split it, or continue a property on indented lines",
                                   detail=f"this line is longer than {MAX_LINE} characters"))
            return None
        if kind == "logic" and (found := phrases.find(body, self.phrase_shapes)) is not None:
            return self.phrase_line(number, text, indent, found)
        try:
            node = fast_parse(kind, body, builder) if self.fast else None
            if node is None:
                node = self.lark.parse(body, start=kind)
        except NumberOutOfRange as err:  # (first: the fast path raises it without Lark)
            self.drop(number, text, indent)
            self.diags.append(diag("TGC011", err.span, detail=err.message))
            return None
        except _syntax_error() as err:
            from tgc.syntax.errors import explain

            message, hint, col, end = explain(err, self.lark, kind, body)  # type: ignore[arg-type]
            self.drop(number, text, indent)
            self.diags.append(diag(code, self.span(number, col + indent, end + indent),
                                   hint=hint, detail=message))
            return None
        # Only a line with many `not`s or brackets can nest deeply: measure just those.
        if body.count("not") + body.count("(") > MAX_NESTING and nesting(node) > MAX_NESTING:
            self.drop(number, text, indent)
            self.diags.append(diag("TGC012", self.span(number, indent + 1, builder.line_end),
                                   limit=MAX_NESTING))
            return None
        return node

    def phrase_line(self, number: int, text: str, indent: int,
                    found: tuple[int, int, str]) -> ast.EffectLine | None:
        """``~ PHRASE ARGS`` or ``~ if COND: PHRASE ARGS``: the phrase read by
        tgc.syntax.phrases, the condition by the grammar (the line parsed with a plain
        effect in the phrase's place, so its spans and errors are the grammar's)."""
        colon, start, phrase = found
        body = _strip_comment(text[indent:])
        spelt = re.match(r"\S+(?:\s+\S+){" + str(len(phrase.split()) - 1) + "}", body[start:])
        assert spelt is not None  # phrases.find matched the phrase's words there
        words = len(spelt[0])
        if rulesets.phrases()[phrase] == "game":
            return self.game_line(number, text, indent, colon, start, start + words, phrase)
        try:
            args = phrases.read_args(body, start + words, rulesets.phrases()[phrase], phrase)
        except phrases.PhraseError as err:
            self.drop(number, text, indent)
            self.diags.append(diag("TGC001", self.span(number, indent + err.col + 1, indent + err.end + 1),
                                   hint=f"write `{phrase}` as docs/language.md shows", detail=str(err)))
            return None
        span = self.span(number, indent + start + 1, indent + len(body) + 1)
        effect = ast.Phrase(" ".join(phrase.split()), args.numbers, args.name, args.at, span)
        whole = self.span(number, indent + 1, indent + len(body) + 1)
        if colon < 0:
            return ast.EffectLine(effect, None, whole)
        parsed = self.parse("logic", number, text[:indent + colon + 1] + ' note ""', indent)
        if parsed is None:
            return None
        return ast.EffectLine(effect, parsed.cond, whole)

    def game_line(self, number: int, text: str, indent: int, colon: int, start: int, after: int,
                  phrase: str) -> ast.EffectLine | None:
        """``~ GAME KEY VALUE ...: OUTCOME -> TARGET; ...``: a game of a ruleset's own,
        started from the verse. The arguments are read by tgc.syntax.phrases; the arms by the
        grammar, from the line with ``encounter ""`` written over the phrase and its
        arguments (padded to the same width, so the arms' spans are the grammar's)."""
        body = _strip_comment(text[indent:])
        if colon >= 0:
            self.drop(number, text, indent)
            self.diags.append(diag("TGC001", self.span(number, indent + 1, indent + start + 1),
                                   hint=f"start `{phrase}` on a line of its own, then branch on its outcome",
                                   detail=f"`{phrase}` starts a game: it takes no `if`"))
            return None
        try:
            args, arms_at = phrases.read_game(body, after, rulesets.game_keys(phrase), phrase)
        except phrases.PhraseError as err:
            self.drop(number, text, indent)
            self.diags.append(diag("TGC001", self.span(number, indent + err.col + 1, indent + err.end + 1),
                                   hint=f"write `{phrase}` as docs/language.md shows", detail=str(err)))
            return None
        head_end = arms_at if arms_at >= 0 else len(body)
        phrase_end = indent + start + len(body[start:head_end].rstrip()) + 1
        phrase_span = self.span(number, indent + start + 1, phrase_end)
        keys = tuple(ast.GameArg(a.key, a.value, self.span(number, indent + a.col + 1, indent + a.end + 1))
                     for a in args)
        game = ast.Game(" ".join(phrase.split()), keys, phrase_span)
        whole = self.span(number, indent + 1, indent + len(body) + 1)
        arms: tuple[ast.Arm, ...] = ()
        if arms_at >= 0:
            stand_in = 'encounter ""'.ljust(arms_at - start)
            line = text[:indent] + body[:start] + stand_in + body[arms_at:]
            parsed = self.parse("logic", number, line, indent)
            if parsed is None:
                return None
            arms = parsed.effect.arms
        return ast.EffectLine(ast.Encounter(None, None, None, arms, whole, phrase_span, game), None, whole)

    def drop(self, number: int, text: str, indent: int) -> None:
        """Remember a line whose content is lost, so later passes do not cascade."""
        if self.dropped and self.dropped[-1].span.line == number:
            return
        body = _strip_comment(text[indent:])
        self.dropped.append(ast.Dropped(body, self.span(number, indent + 1, indent + len(body) + 1)))

    def suppressions_on(self, number: int, text: str, structural: bool) -> None:
        """Collect ``// tgc: ignore[...]`` on this line, and apply pending ones to it."""
        for codes, span in self.pending_suppressions:
            # The comment sits on the line above; it applies to this one.
            self.suppressions.append(ast.Suppression(codes, span, number))
        self.pending_suppressions = []
        if not structural or "tgc:" not in text:
            return
        for m in _SUPPRESS.finditer(text):
            codes = tuple(c.strip() for c in m.group(1).split(",") if c.strip())
            start = m.start() + (1 if text[m.start()].isspace() else 0)
            span = self.span(number, start + 1, len(text) + 1)
            self.suppressions.append(ast.Suppression(codes, span, number))

    def comment_only(self, number: int, text: str, indent: int) -> None:
        """Comment lines are invisible; one holding a suppression covers the next line."""
        if "tgc:" in text:
            for m in _SUPPRESS.finditer(text):
                codes = tuple(c.strip() for c in m.group(1).split(",") if c.strip())
                self.pending_suppressions.append((codes, self.span(number, indent + 1, len(text) + 1)))

    def blank(self) -> None:
        # A suppression on a comment line covers the next line, not one after a gap.
        self.settle_suppressions()
        if self.verse is not None:
            self.verse.current().flush()

    def settle_suppressions(self) -> None:
        """Pending suppressions that reach no line cover their own (comment) line, where
        they silence nothing and are reported as unused."""
        for codes, span in self.pending_suppressions:
            self.suppressions.append(ast.Suppression(codes, span, span.line))
        self.pending_suppressions = []

    # -------------------------------------------------------------- headers

    def decl_header(self, number: int, text: str) -> None:
        self.close()
        word = _DECL_WORD.match(text)
        kind = word.group(1) if word else ""
        kinds = declaration_kinds()
        if kind not in kinds:
            hint = did_you_mean(kind, kinds) if kind else None
            hint = hint or "prose that starts with `@` is written `\\@`"
            end = len(kind) + 2
            self.diags.append(diag("TGC002", self.span(number, 1, end), hint=hint, kind=kind))
            self.drop(number, text, 0)
            self.decl = _DeclState("", (), self.span(number, 1, end))
            return
        parsed = self.parse("decl_header", number, text, 0)
        header = self.span(number, 1, len(_strip_comment(text)) + 1)
        if parsed is None:
            # Keep the declaration open so its property lines are still checked.
            self.decl = _DeclState("", (), header)
            return
        kind, args = parsed
        self.decl = _DeclState(kind, args, header, end=header)

    def verse_header(self, number: int, text: str) -> None:
        self.close()
        parsed = None
        if self.fast and "//" not in text and len(text) <= MAX_LINE:
            parsed = self.short_parse(parse_verse_header, number, text)
        if parsed is None:
            parsed = self.parse("verse_header", number, text, 0)
        if parsed is None:
            m = _VERSE_ID.match(text)
            if m is None:
                self.verse = None
                self.orphan = True
                return
            section, verse = m.group(1).split(".", 1)
            parsed = ast.VerseId(section, verse, self.span(number, m.start(1) + 1, m.end(1) + 1))
        vid: ast.VerseId = parsed
        if vid.section in RESERVED or vid.verse in RESERVED:
            for part, what in ((vid.section, "a section"), (vid.verse, "a verse")):
                if part in RESERVED:
                    self.diags.append(diag("TGC008", vid.span, name=part, what=what))
        header = self.span(number, 1, len(_strip_comment(text)) + 1)
        self.verse = _VerseState(vid, header, _Body(self.name), end=(number, header.end_col))
        self.orphan = False

    orphan = False

    # -------------------------------------------------------------- declarations

    def property_line(self, number: int, text: str, indent: int) -> None:
        decl = self.decl
        assert decl is not None
        width = _width(text[:indent])
        span = self.span(number, indent + 1, len(_strip_comment(text)) + 1)
        if not decl.kind:
            self.drop(number, text, indent)  # its declaration's header was dropped
        while decl.stack and decl.stack[-1].indent >= width:
            decl.stack.pop()
        if decl.stack:
            for ancestor in decl.stack[:-1]:
                ancestor.end = span
            self.nested_property(decl.stack[-1], number, text, indent, width, span)
            decl.end = span
            return
        if not _PROP_SHAPE.match(text, indent):
            decl.end = span
            self.drop(number, text, indent)
            self.diags.append(diag(
                "TGC010", span, detail="this indented line is not a property",
                hint="a property is `key: value`, `hook -> REF`, `action \"Name\" -> REF` or "
                "`when TRIGGER -> REF`; a line of prose belongs in a verse"))
            return
        parsed = self.generic_typed_prop(decl.kind, number, text, indent)
        if parsed is None:
            parsed = self.parse("prop", number, text, indent)
        decl.end = span
        # A property that failed to parse still owns its deeper lines: they are not
        # reported again (a syntax error costs its own line only).
        node = _PropNode(width, parsed, end=span)
        if parsed is None:
            decl.stack.append(node)
            return
        decl.props.append(node)
        decl.stack.append(node)

    def generic_typed_prop(self, kind: str, number: int, text: str, indent: int) -> ast.Prop | None:
        """In the declarations whose keys the mechanics define (`@event`, `@card` ...),
        `keys:`, `start:` and the other typed keys of the core are plain values: a
        quest's `start: at dawn` is not a location number."""
        if kind not in declaration_kinds()[6:]:
            return None
        m = _TYPED_KEY.match(text, indent)
        if m is None:
            return None
        body = _strip_comment(text)
        span = self.span(number, indent + 1, len(body) + 1)
        return ast.Prop(m.group(1), body[m.end():].strip(), span)

    def nested_property(self, parent: _PropNode, number: int, text: str, indent: int,
                        width: int, span: Span) -> None:
        """A deeper line continues its parent's value or nests a list item / map entry."""
        body = _strip_comment(text[indent:])
        parent.end = span
        if parent.prop is None:
            self.drop(number, text, indent)
            return
        if isinstance(parent.prop, ast.Prop) and parent.prop.value and not parent.children:
            parent.continuation.append(body)
            return
        if isinstance(parent.prop, ast.Prop) and parent.prop.value == "" and not parent.continuation:
            if body.startswith("- ") or body == "-":
                child = _PropNode(width, ast.Prop("-", body[1:].strip(), span), end=span)
            else:
                key, sep, value = body.partition(":")
                if not sep or not key.strip() or " " in key.strip():
                    self.diags.append(diag(
                        "TGC010", span, detail="a nested line is a `- item` or a `key: value` entry",
                        hint="indent continuation text under a property that has a value"))
                    return
                child = _PropNode(width, ast.Prop(key.strip(), value.strip(), span), end=span)
            parent.children.append(child)
            self.decl_stack_push(child)
            return
        self.diags.append(diag(
            "TGC010", span, detail="this line is indented deeper than the property above, "
            "which takes no continuation", hint="indent it like the other properties"))

    def decl_stack_push(self, node: _PropNode) -> None:
        assert self.decl is not None
        self.decl.stack.append(node)

    # -------------------------------------------------------------- story lines

    def story_line(self, number: int, text: str, stripped: str, indent: int) -> None:
        verse = self.verse
        if stripped.startswith("@") or stripped.startswith("=="):
            self.suppressions_on(number, text, structural=True)
            what = "a declaration header" if stripped.startswith("@") else "a verse header"
            self.diags.append(diag("TGC003", self.span(number, indent + 1, len(text) + 1),
                                   hint="remove the indentation, or start the line with `\\` "
                                   "if it is prose", what=what))
            return
        kind = classify(stripped)
        self.suppressions_on(number, text, structural=kind != "prose")
        if verse is None:
            self.outside_verse(number, text, indent, kind)
            return
        if kind == "block_header":
            self.block_header(number, text, indent)
            return
        body = verse.current()
        verse.end = (number, len(_strip_comment(text)) + 1)
        if kind == "prose":
            self.prose(body, number, text, indent)
            return
        body.flush()
        if body.choices_started and kind != "choice":
            hint = ("the choices end the body: remove the divert, or offer it as a choice "
                    "(`* Go on -> REF`)" if kind == "divert" else "move it above the first choice")
            self.diags.append(diag("TGC009", self.span(number, indent + 1, len(_strip_comment(text)) + 1),
                                   hint=hint, what=_KIND_WORDS[kind]))
        parsed = self.parse(kind, number, text, indent)
        if kind == "choice":
            body.choices_started = True
        if parsed is not None:
            body.stmts.append(parsed)
            if kind == "choice":
                # Only the text holds icons: not the guard's strings, not a comment.
                start = parsed.guard.span.end_col - 1 if parsed.guard is not None else indent
                self.check_icons(number, text, start, len(_strip_comment(text)))

    def outside_verse(self, number: int, text: str, indent: int, kind: str) -> None:
        if self.orphan:
            self.drop(number, text, indent)
            return  # the broken verse header above was already reported
        span = self.span(number, indent + 1, len(text) + 1)
        if kind == "block_header":
            self.diags.append(diag("TGC005", span, detail="an inline block must be inside a verse",
                                   hint="put a `== SECTION.VERSE` header above it"))
            return
        what = {"prose": "prose", "choice": "a choice", "logic": "a logic line",
                "divert": "a divert"}[kind]
        hint = ("a property line is indented by two or more spaces or a tab"
                if self.decl is not None else "start a verse with `== SECTION.VERSE` above it")
        self.diags.append(diag("TGC004", span, hint=hint, what=what))

    def block_header(self, number: int, text: str, indent: int) -> None:
        verse = self.verse
        assert verse is not None
        verse.current().flush()
        parsed = self.parse("block_header", number, text, indent, code="TGC005")
        verse.end = (number, len(_strip_comment(text)) + 1)
        if parsed is None:
            m = _BLOCK_NAME.match(text, indent)
            parsed = (m.group(1), self.span(number, m.start(1) + 1, m.end(1) + 1)) if m else (
                "", self.span(number, indent + 1, len(text) + 1))
        name, span = parsed
        if name in RESERVED:
            self.diags.append(diag("TGC008", span, name=name, what="an inline block"))
        verse.blocks.append((name, span, _Body(self.name)))

    def prose(self, body: _Body, number: int, text: str, indent: int) -> None:
        if body.choices_started:
            self.diags.append(diag("TGC009", self.span(number, indent + 1, len(text) + 1),
                                   hint="move it above the first choice", what="prose"))
            return
        content = text[indent:]
        col = indent + 1
        if content.startswith("\\"):
            content = content[1:]
            col += 1
        self.check_icons(number, text, indent)
        body.add_prose(number, col, content)
        if col == indent + 1 and content.split(" ", 1)[0] in _LOGIC_WORDS:
            self.missing_tilde(number, text, indent)

    def missing_tilde(self, number: int, text: str, indent: int) -> None:
        """TGC020 when a prose line, given a `~`, would be a logic line (the writer's
        effect would otherwise be printed as words and never happen)."""
        builder = self.builder
        builder.file, builder.line, builder.offset = self.name, number, indent - 2
        content = text[indent:]
        builder.line_end = indent + len(content) + 1
        try:
            node = self.lark.parse("~ " + content, start="logic")
        except _syntax_error():
            return
        what = "a conditional divert" if isinstance(node, ast.CondDivert) else "an effect"
        self.diags.append(diag("TGC020", self.span(number, indent + 1, indent + len(content) + 1),
                               hint=f"write `~ {content}`; to keep it as prose, start it "
                               "with `\\`", what=what))

    def check_icons(self, number: int, text: str, start: int, end: int | None = None) -> None:
        if ":" not in text:
            return
        for m in _ICON.finditer(text, start, len(text) if end is None else end):
            icons = rulesets.icons()
            if m.group(1) not in icons:
                synonym = rulesets.icon_synonyms().get(m.group(1).casefold())
                close = [synonym] if synonym else get_close_matches(m.group(1), icons, n=1, cutoff=0.6)
                hint = f"did you mean `:{close[0]}:`?" if close else "write `\\:` for a literal colon"
                self.diags.append(diag("TGC007", self.span(number, m.start() + 1, m.end() + 1),
                                       hint=hint, name=m.group(1)))

    # -------------------------------------------------------------- closing

    def close(self) -> None:
        if self.verse is not None:
            self.items.append(_freeze_verse(self.verse))
            self.verse = None
        if self.decl is not None:
            if self.decl.kind:
                self.items.append(_freeze_decl(self.decl))
            self.decl = None
        self.orphan = False


# First words of a logic line after its `~`: a prose line that starts with one may have
# lost its `~` (TGC020).
_LOGIC_WORDS = frozenset({
    "gain", "lose", "pay", "mark", "unmark", "raise", "lower", "each", "shared", "if",
    "task", "note", "replace", "remove", "reveal", "move", "set", "advance", "place",
    "encounter", "roll", "toss",
})

_LOGIC_INITIALS = frozenset(word[0] for word in _LOGIC_WORDS)

_KIND_WORDS = {"logic": "a logic line", "divert": "a divert", "block_header": "a block header"}


def nesting(node: object) -> int:
    """How deeply ``node`` nests (tuples and AST nodes), counted with a stack of its own so
    that no depth of input can exhaust Python's; it stops once past the limit."""
    deepest = 0
    stack: list[tuple[object, int]] = [(node, 0)]
    while stack and deepest <= MAX_NESTING:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, tuple):
            grown = depth + 1 if hasattr(item, "_fields") else depth
            stack.extend((child, grown) for child in item)
    return deepest


LineClass = Literal["prose", "choice", "logic", "divert", "block_header"]


def classify(stripped: str) -> LineClass:
    """The class of a non-blank, non-comment line inside a verse (docs/language.md table):
    ``prose``, ``choice``, ``logic``, ``divert`` or ``block_header``. `tgc fmt` lays lines
    out by the same classes (syntax/format.py)."""
    first = stripped[0]
    if first == "*":
        return "prose" if stripped.startswith("**") else "choice"
    if first == "~":
        return "logic"
    if first == "-":
        return "divert" if stripped.startswith("->") else "prose"
    if first == "=":
        return "block_header"
    return "prose"


def _strip_comment(text: str) -> str:
    """The line without a trailing ``//`` comment (outside strings), right-stripped."""
    at = comment_at(text)
    return (text[:at] if at >= 0 else text).rstrip()


def comment_at(text: str) -> int:
    """Where a ``//`` comment starts in a line (outside strings, at the start or after
    whitespace), or -1. `tgc fmt` keeps comments where the parser finds them."""
    if "//" not in text:
        return -1
    in_string = False
    i = 0
    while i < len(text):
        ch = text[i]
        if in_string:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "/" and text.startswith("//", i) and (i == 0 or text[i - 1].isspace()):
            return i
        i += 1
    return -1


def _width(indent: str) -> int:
    """Indentation width; a tab counts as a tab stop of 8, as editors show it."""
    width = 0
    for ch in indent:
        width = (width // 8 + 1) * 8 if ch == "\t" else width + 1
    return width


def _freeze_body(body: _Body) -> tuple[ast.Stmt, ...]:
    body.flush()
    return _lower_otherwise(tuple(body.stmts))


def _lower_otherwise(stmts: tuple[ast.Stmt, ...]) -> tuple[ast.Stmt, ...]:
    """Give each ``{otherwise}`` choice the guard it stands for: that no other guard of
    the body's choices holds (their costs aside). Lowered here, once, so that the
    checker, the bundle, the runtime and the explorer read one ordinary guard."""
    for stmt in stmts:  # (_is_otherwise inline: this loop sees every line of every body)
        if type(stmt) is ast.Choice and (guard := stmt.guard) is not None \
                and not guard.conditions and not guard.costs:
            break
    else:
        return stmts
    choices = [s for s in stmts if type(s) is ast.Choice]
    others: list[ast.Cond] = []
    for c in choices:
        if c.guard is not None and c.guard.conditions:
            conds = c.guard.conditions
            others.append(conds[0] if len(conds) == 1 else ast.And(conds, c.guard.span))
    lowered: list[ast.Stmt] = []
    for stmt in stmts:
        if type(stmt) is ast.Choice and _is_otherwise(stmt):
            assert stmt.guard is not None
            span = stmt.guard.span
            guard = None
            if others:
                either = others[0] if len(others) == 1 else ast.Or(tuple(others), span)
                guard = ast.Guard((ast.Not(either, span),), (), span)
            stmt = stmt._replace(guard=guard)
        lowered.append(stmt)
    return tuple(lowered)


def _is_otherwise(choice: ast.Choice) -> bool:
    guard = choice.guard
    return guard is not None and not guard.conditions and not guard.costs


def _freeze_verse(state: _VerseState) -> ast.Verse:
    blocks = (tuple(ast.Block(name, _freeze_body(b), span) for name, span, b in state.blocks)
              if state.blocks else ())
    line, end_col = state.end
    span = make_span((state.span.file, state.span.line, 1, line, end_col))
    return _new_verse((state.id, _freeze_body(state.body), blocks, span))


def _freeze_prop(node: _PropNode) -> ast.Property:
    prop = node.prop
    if isinstance(prop, ast.Prop):
        if node.children:
            children = tuple(_freeze_nested(c) for c in node.children)
            return ast.Prop(prop.key, children, prop.span.to(node.end or prop.span))
        if node.continuation:
            value = " ".join([str(prop.value), *node.continuation])
            return ast.Prop(prop.key, value, prop.span.to(node.end or prop.span))
    result: ast.Property = prop
    return result


def _freeze_nested(node: _PropNode) -> ast.Prop:
    frozen = _freeze_prop(node)
    assert isinstance(frozen, ast.Prop)
    return frozen


def _freeze_decl(state: _DeclState) -> ast.Declaration:
    props = tuple(_freeze_prop(p) for p in state.props)
    end = state.end or state.header_span
    return ast.Declaration(state.kind, state.args, props, state.header_span.to(end), state.header_span)


def parse_source(source: SourceFile, fast: bool = True) -> tuple[ast.File, list[Diagnostic]]:
    """Parse one file. Never raises for bad input: every mistake is a diagnostic.
    ``fast=False`` sends every line through the grammar (tests compare both)."""
    parser = _FileParser(source, fast)
    tree = parser.run()
    return tree, parser.diags


def parse_condition(text: str, span: Span) -> ast.Cond | str:
    """A property's value read as a condition (``succeed: secret 11``, a key a ruleset
    declares in ``Vocabulary.condition_keys``): the condition, with spans inside ``span``'s
    line from its column on, or the reader's message when the text is no condition."""
    lark, builder = _parser()
    builder.file, builder.line = span.file, span.line
    builder.offset = span.col - 1 - len("~ if ")
    builder.line_end = span.col + len(text)
    try:
        node = lark.parse(f"~ if {text} -> end", start="logic")
    except (NumberOutOfRange, _syntax_error()) as err:
        del err
        return f"`{text}` is not a condition (see docs/language.md, Conditions)"
    if not isinstance(node, ast.CondDivert):
        return f"`{text}` is not a condition (see docs/language.md, Conditions)"
    return node.cond


def condition_value(prop: ast.Prop) -> ast.Cond | str:
    """A ``key: CONDITION`` property's value as a condition (see ``parse_condition``)."""
    if not isinstance(prop.value, str) or not prop.value.strip():
        return f"`{prop.key}:` takes a condition on its line (`{prop.key}: secret 11`)"
    col = prop.span.col + len(prop.key) + 2
    return parse_condition(prop.value, prop.span._replace(col=col))
