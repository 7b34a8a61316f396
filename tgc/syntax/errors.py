"""Syntax errors in plain words: turns Lark's UnexpectedInput for one line into the
message and hint of a TGC001 diagnostic."""

from __future__ import annotations

import re
from difflib import get_close_matches

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from tgc import rulesets

_WORDS = {
    "STRING": 'a string in quotes ("...")',
    "INT": "a number",
    "NAME": "a name",
    "VERSE_ID": "a verse id such as `101.1`",
    "RANGE": "a range such as `1-3`",
    "OPEN_RANGE": "an open range such as `4+`",
    "CHAPTER": "a chapter id such as `3A`",
    "DICE": "dice such as `d6` or `2d6`",
    "LOCAL": "a verse number",
    "CHOICE_TEXT": "the choice text",
    "VALUE": "a value",
    "CMP": "a comparison (`>=`, `>`, `<=`, `<`, `==`, `!=`)",
    "OUTCOME": "an outcome (`win`, `lose` or `avoid`)",
    "TOSS_SIDE": "`heads` or `tails`",
    "SIGN": "`+` or `-`",
    "GENERIC_DECL": "a declaration keyword",
    "WORD": "a word",
    "$END": "the end of the line",
}

# Keywords that open an effect, a condition or a reference: when Lark expects all of
# them, one phrase reads better than twenty alternatives.
_EFFECT = {"gain", "lose", "pay", "mark", "unmark", "raise", "lower", "task", "replace",
           "remove", "reveal", "move", "set", "advance", "place", "encounter", "note"}
_CONDITION = {"status", "secret", "item", "dial", "character", "quest", "event", "visited", "chapter",
              "ask"}
_TARGET = {"end", "game", "VERSE_ID", "LOCAL"}

# `~ if COND: roll ...`: an effect with arms is not allowed after `if COND:`.
_CONDITIONAL_ARMS = re.compile(r"\s*~\s*if\b.*:\s*(?:roll\b|toss\b|encounter\b[^:]*:)")
_EMPTY_GUARD = re.compile(r"\s*\*\s*\{\s*\}")
# A verse id that parsed, followed by more: the writer added a title.
_VERSE_HEAD = re.compile(r"==[ \t]*(?:[0-9]+|[^\W\d]\w*)\.(?:[0-9]+[a-z]?|[^\W\d]\w*)[ \t]+\S")

_LINE_KIND = {
    "decl_header": "declaration header",
    "verse_header": "verse header",
    "block_header": "inline block header",
    "choice": "choice",
    "divert": "divert",
    "logic": "logic line",
    "prop": "property",
}


def _names(parser: Lark, expected: set[str]) -> list[str]:
    """Terminal names as the words a writer typed: keywords as themselves."""
    words: list[str] = []
    for name in expected:
        if name in _WORDS:
            words.append(name)
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            words.append(name)
            continue
        words.append(pattern.value if pattern.type == "str" else name)
    return words


# Syntax errors come before the campaign's ruleset is known: examples use the default's words.
_VOCABULARY = rulesets.default().vocabulary


def _phrase(parser: Lark, expected: set[str]) -> str:
    """Join expected terminals into plain words, grouping effects/conditions/targets."""
    names = set(_names(parser, expected))
    parts: list[str] = []
    if len(names & _EFFECT) >= 8:
        names -= _EFFECT | {"each", "shared", "roll", "toss", "if"}
        parts.append(f"an effect (such as `{_VOCABULARY.example_effect}`, `mark \"Status\" 1` "
                     "or `roll d6: ...`)")
    if len(names & _CONDITION) >= 6:
        names -= _CONDITION | {"not", "(", "NAME"}
        parts.append("a condition (such as `status \"X\" 2`, `secret 12` or "
                     f"`{_VOCABULARY.example_condition}`)")
    if _TARGET <= names:
        names -= _TARGET | {"NAME", "INT", ".", "LOCAL"}
        parts.append("a verse reference or `end`")
    for name in sorted(names):
        parts.append(_WORDS.get(name, f"`{name}`"))
    if not parts:
        return "something else"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


# Terminals that run to the end of the line: Lark re-lexes an unexpected token with
# them, so "found `gian 2 food`" shows only its first word, as a writer would point.
_GREEDY = frozenset({"VALUE", "CHOICE_TEXT", "WORD"})


def _shown(token: Token) -> str:
    text = str(token)
    if token.type in _GREEDY:
        words = text.split()
        return words[0] if words else text
    return text.strip()


def _found(err: UnexpectedInput, line: str) -> str:
    if isinstance(err, UnexpectedToken):
        if err.token.type == "$END":
            return "the line ends"
        return f"found `{_shown(err.token)}`"
    if isinstance(err, UnexpectedCharacters):
        rest = line[err.pos_in_stream :].split()
        return f"found `{rest[0]}`" if rest else "the line ends"
    return "the line ends"


def explain(err: UnexpectedInput, parser: Lark, kind: str, line: str) -> tuple[str, str | None, int, int]:
    """Message, hint and the 1-based column range (within ``line``) of a syntax error."""
    special = _special_case(kind, line, err)
    if isinstance(err, UnexpectedToken):
        expected = set(err.accepts or err.expected)
        col = err.token.column or len(line) + 1
        end = err.token.end_column or col + 1
        if err.token.type in _GREEDY:
            end = col + len(_shown(err.token))
        if err.token.type == "$END":
            col, end = len(line.rstrip()) + 1, len(line.rstrip()) + 2
    elif isinstance(err, UnexpectedCharacters):
        expected = set(err.allowed or ())
        col = err.column
        rest = line[err.pos_in_stream :].split()
        end = col + (len(rest[0]) if rest else 1)
    elif isinstance(err, UnexpectedEOF):
        expected = {str(t) for t in err.expected}
        col = end = len(line.rstrip()) + 1
        end += 1
    else:  # pragma: no cover - Lark raises only the three kinds above
        expected, col, end = set(), 1, 2
    if special is not None:
        if special[0].startswith("expected `->`"):
            # Nothing is wrong with the text: the arrow is missing after it.
            col = len(line.split(" //", 1)[0].rstrip()) + 1
            end = col + 1
        return special[0], special[1], col, end
    what = _LINE_KIND.get(kind, "line")
    message = f"in this {what}: expected {_phrase(parser, expected)}, but {_found(err, line)}"
    return message, _hint(kind, line.split(" //", 1)[0], line[col - 1:end - 1]), col, end


# Past this length a line gets no hint (the patterns below are linear, but a hint is
# worth nothing on a line no writer typed).
_HINT_LIMIT = 400
# The words that may open a logic line after `~`.
_OPENERS = sorted(_EFFECT | {"if", "roll", "toss", "each", "shared"})
# Two or more bare words after `item`, `mark` or `status`: a name with spaces, unquoted.
_UNQUOTED = re.compile(r"\b(item|mark|unmark|status)\s+([^\W\d]\w*(?:\s+[^\W\d]\w*)+?)"
                       r"(?=\s+(?:\d|any\b|and\b|or\b)|\s*[;}:]|\s*->|\s*$)")
_STATUS_COMPARE = re.compile(r'\bstatus\s+("(?:[^"\\]|\\.)*")\s*(>=|>)\s*(\d+)')
_SECRET_NAME = re.compile(r'\bsecret\s+"')


def _hint(kind: str, body: str, found: str) -> str | None:
    """What to write instead, for the mistakes a sentence can name; None otherwise."""
    if len(body) > _HINT_LIMIT:
        return None  # no writer types such a line; it must cost no more than its parse
    words = body.lstrip("~* \t").split()
    if kind == "logic" and words and words[0] in ("else", "otherwise", "elif"):
        return ("there is no `else`: the lines after `~ if CONDITION -> REF` run when the "
                "condition fails; for choices, write `* {otherwise} text -> REF`")
    if kind == "logic" and words and found.strip() == words[0] and words[0] not in _OPENERS:
        close = get_close_matches(words[0], _OPENERS, n=1, cutoff=0.6)
        if close:
            return f"did you mean `{close[0]}`?"
    compare = _STATUS_COMPARE.search(body)
    if compare is not None:
        name, op, count = compare.groups()
        least = int(count) + (1 if op == ">" else 0)
        return f"to test how many parts are marked, write `status {name} any {least}`"
    if _SECRET_NAME.search(body):
        return "secrets go by number, as on their cards: write `secret 12`, not its title"
    unquoted = _UNQUOTED.search(body)
    if unquoted is not None:
        verb, name = unquoted.groups()
        return f'quote names with spaces: `{verb} "{name}"`'
    return None


def _special_case(kind: str, line: str, err: UnexpectedInput) -> tuple[str, str | None] | None:
    """The mistakes writers make most, named the way a writer thinks of them."""
    body = line.split(" //", 1)[0]
    if kind == "choice" and "->" not in body:
        return ("expected `->` and a verse reference after the choice text",
                "a choice is `* text -> 12`; write `* {guard} text -> REF` for a guarded one")
    if kind == "choice" and body.lstrip()[1:].strip().startswith("->"):
        return ("a choice needs text before `->`", "write `* Leave -> end`")
    if kind == "choice" and body.lstrip()[1:].strip().startswith("{") and "}" not in body:
        return ("the guard is not closed: expected `}`", None)
    if kind == "choice" and _EMPTY_GUARD.match(body):
        return ("a guard is never empty", "remove the `{}`, or write `\\{` if the text starts with `{`")
    if kind == "logic" and _CONDITIONAL_ARMS.match(body):
        return ("a conditional effect cannot roll, toss or resolve an encounter with arms",
                "divert instead and put it there: `~ if secret 12 -> .test`, and the roll "
                "under `= test`")
    if kind == "verse_header" and _VERSE_HEAD.match(body):
        return ("a verse header carries only the verse id (`== 101.1`); no title",
                "put the text of the verse on the lines below the header")
    if kind == "verse_header":
        return ("expected a verse id such as `101.1`, `101.2a`, `101.forge` or `bos.12` after `==`",
                None)
    if kind == "block_header":
        return ("an inline block header is `= NAME` (a single name)", None)
    return None
