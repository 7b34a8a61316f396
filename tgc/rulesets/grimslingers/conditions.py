"""Grimslingers prerequisites: the condition text of parts, bounties and guards
(``completed 1.3 and item "Imp Ember"``) read into typed conditions, and evaluated on a
Tall Tale state. ``not`` binds tightest, then ``and``, then ``or``, as in the core."""

from __future__ import annotations

import re
from typing import Protocol

from tgc.limits import MAX_AMOUNT, LimitError, read_int
from tgc.rulesets.grimslingers.data import (
    All,
    Any_,
    BountyIs,
    Completed,
    Condition,
    Counter,
    Defeated,
    HasItem,
    HasMarker,
    InArea,
    IsCharacter,
    Not,
    OnLandmark,
    OnPath,
    OnTile,
)

_TOKEN = re.compile(r'\s*(?:("(?:[^"\\]|\\.)*")|(>=|<=|==|!=|>|<|\(|\))|([^\s()"<>=!]+))')
COUNTERS = ("chapter", "players", "hp", "pp")
OPS = (">=", ">", "<=", "<", "==", "!=")


class ConditionError(ValueError):
    """A prerequisite tgc cannot read; the message says what it expected."""


def parse_condition(text: str) -> Condition:
    tokens = _tokens(text)
    parser = _Parser(tokens)
    cond = parser.or_()
    if parser.pos != len(tokens):
        raise ConditionError(f"unexpected `{tokens[parser.pos]}` in `{text}`")
    return cond


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise ConditionError(f"cannot read `{text[pos:]}`")
        out.append(next(g for g in m.groups() if g is not None))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.pos = 0

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, what: str = "a word") -> str:
        tok = self.peek()
        if tok is None:
            raise ConditionError(f"the condition ends where {what} was expected")
        self.pos += 1
        return tok

    def string(self) -> str:
        tok = self.take("a quoted name")
        if not tok.startswith('"'):
            raise ConditionError(f"expected a quoted name, not `{tok}`")
        return tok[1:-1].replace('\\"', '"')

    def number(self) -> int:
        tok = self.take("a number")
        try:
            return read_int(tok, "a number", high=MAX_AMOUNT)
        except LimitError as err:
            raise ConditionError(f"expected a number, not `{tok}`: {err}") from None

    def or_(self) -> Condition:
        args = [self.and_()]
        while self.peek() == "or":
            self.pos += 1
            args.append(self.and_())
        return args[0] if len(args) == 1 else Any_(args=tuple(args))

    def and_(self) -> Condition:
        args = [self.not_()]
        while self.peek() == "and":
            self.pos += 1
            args.append(self.not_())
        return args[0] if len(args) == 1 else All(args=tuple(args))

    def not_(self) -> Condition:
        if self.peek() == "not":
            self.pos += 1
            return Not(arg=self.not_())
        return self.atom()

    def atom(self) -> Condition:
        word = self.take("a condition")
        match word:
            case "(":
                inner = self.or_()
                if self.take("`)`") != ")":
                    raise ConditionError("a `(` is never closed")
                return inner
            case "completed":
                return Completed(part=self.take("a part id"))
            case "item":
                return HasItem(item=self.string())
            case "items":
                name = self.string()
                op = self.take("`>=`")
                if op != ">=":
                    raise ConditionError(f"`items \"{name}\"` takes `>= N`, not `{op}`")
                return HasItem(item=name, count=self.number())
            case "on":
                where = self.take("`tile` or `landmark`")
                if where == "tile":
                    return OnTile(area=self.number(), tile=self.take("a tile"))
                if where == "landmark":
                    return OnLandmark(landmark=self.number())
                raise ConditionError(f"`on` takes `tile AREA TILE` or `landmark N`, not `{where}`")
            case "in":
                if self.take("`area`") != "area":
                    raise ConditionError("`in` takes `area N`")
                return InArea(area=self.number())
            case "marker":
                return HasMarker(marker=self.string())
            case "path":
                return OnPath(path=self.string())
            case "defeated":
                if self.take("`creature`") != "creature":
                    raise ConditionError("`defeated` takes `creature \"Name\"`")
                return Defeated(creature=self.string())
            case "bounty":
                name = self.string()
                status = self.take("`active` or `done`")
                if status == "active":
                    return BountyIs(bounty=name, status="active")
                if status == "done":
                    return BountyIs(bounty=name, status="done")
                raise ConditionError(f"`bounty \"{name}\"` takes `active` or `done`")
            case "character":
                return IsCharacter(name=self.string())
            case "chapter" | "players" | "hp" | "pp":
                return self.counter(word)
        raise ConditionError(f"`{word}` starts no condition (completed, item, items, on, in, "
                             "marker, path, defeated, bounty, character, chapter, players, "
                             "hp, pp, not)")

    def counter(self, name: str) -> Condition:
        op = self.peek()
        if name == "chapter" and op is not None and op.isdigit():
            return Counter(name="chapter", op="==", value=self.number())
        op = self.take("a comparison")
        value = self.number()
        match (name, op):
            case ("chapter" | "players" | "hp" | "pp" as n, ">=" | ">" | "<=" | "<" | "==" | "!=" as o):
                return Counter(name=n, op=o, value=value)
        raise ConditionError(f"`{name}` takes a comparison ({' '.join(OPS)}), not `{op}`")


class Facts(Protocol):
    """What a condition asks of the Tall Tale state."""

    chapter: int
    completed: set[str]
    markers: set[str]
    path: str | None
    area: int | None
    tile: str | None
    defeated: set[str]
    bounties_done: set[str]
    active_bounty: str | None

    def item_count(self, name: str) -> int: ...
    def landmark(self) -> int | None: ...
    def counter(self, name: str) -> int: ...
    def characters(self) -> set[str]: ...


def holds(cond: Condition | None, facts: Facts) -> bool:
    if cond is None:
        return True
    match cond:
        case Completed(part=part):
            return part in facts.completed
        case HasItem(item=item, count=count):
            return facts.item_count(item) >= count
        case OnTile(area=area, tile=tile):
            return facts.area == area and facts.tile == tile
        case OnLandmark(landmark=n):
            return facts.landmark() == n
        case InArea(area=area):
            return facts.area == area
        case HasMarker(marker=m):
            return m in facts.markers
        case OnPath(path=p):
            return facts.path == p
        case Defeated(creature=c):
            return c in facts.defeated
        case BountyIs(bounty=b, status=status):
            return b in facts.bounties_done if status == "done" else facts.active_bounty == b
        case Counter(name=name, op=op, value=value):
            return _compare(facts.counter(name), op, value)
        case IsCharacter(name=name):
            return name in facts.characters()
        case Not(arg=arg):
            return not holds(arg, facts)
        case All(args=args):
            return all(holds(a, facts) for a in args)
        case Any_(args=args):
            return any(holds(a, facts) for a in args)
    raise AssertionError(cond)


def _compare(left: int, op: str, right: int) -> bool:
    return {">=": left >= right, ">": left > right, "<=": left <= right, "<": left < right,
            "==": left == right, "!=": left != right}[op]
