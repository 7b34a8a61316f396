"""Parsing, a ruleset's effect phrases: a logic line's text in (``~ activate menhir 6, 5``,
``~ if C: place guardian "Hound" at 120``), where its phrase starts and the phrase's
arguments out. A phrase is whatever a registered ruleset declares
(``Vocabulary.phrases``), so the grammar never holds a ruleset's words: the parser reads
the phrase here and the condition before it with the grammar."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from tgc.limits import MAX_AMOUNT, as_number

_ARG = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<int>[0-9]+)(?![\w])|(?P<comma>,)'
                  r'|(?P<at>at)(?![\w])|(?P<bad>\S+))')


class PhraseError(ValueError):
    """Arguments that do not fit the phrase; ``col`` is their 0-based offset in the text."""

    def __init__(self, message: str, col: int, end: int) -> None:
        super().__init__(message)
        self.col, self.end = col, end


@dataclass(frozen=True, slots=True)
class Args:
    numbers: tuple[int, ...]
    name: str | None
    at: int | None


def find(text: str, phrases: Iterable[str]) -> tuple[int, int, str] | None:
    """In a logic line (starting with ``~``): the offset of the ``:`` that ends an ``if``
    condition (-1 without one), the offset where a declared phrase starts, and the phrase;
    None when the line holds no phrase (the grammar reads it)."""
    ordered, matcher = _matcher(tuple(phrases))
    if matcher is None:
        return None
    start = 1 + len(text[1:]) - len(text[1:].lstrip())
    colon = -1
    if _IF.match(text, start):
        colon = outside_strings(text, ":", start)
        if colon < 0:
            return None
        start = colon + 1 + len(text[colon + 1:]) - len(text[colon + 1:].lstrip())
    match = matcher.match(text, start)
    if match is None or match.lastgroup is None:
        return None
    return colon, start, ordered[int(match.lastgroup[1:])]


_IF = re.compile(r"if(?![\w])")


@lru_cache(maxsize=8)
def _matcher(phrases: tuple[str, ...]) -> tuple[tuple[str, ...], re.Pattern[str] | None]:
    """The phrases longest first and one pattern of them all, compiled once per set of
    phrases (a logic line used to compile one pattern per phrase): alternatives are tried
    in order, so the first that matches is the longest, as before."""
    ordered = tuple(sorted(phrases, key=len, reverse=True))
    if not ordered:
        return ordered, None
    alternatives = (f"(?P<p{i}>" + r"\s+".join(map(re.escape, phrase.split())) + r"(?![\w]))"
                    for i, phrase in enumerate(ordered))
    return ordered, re.compile("|".join(alternatives))


def read_args(text: str, offset: int, shape: str, phrase: str) -> Args:
    """The arguments after a phrase (``text[offset:]``, its comment already stripped)."""
    numbers: list[int] = []
    name: str | None = None
    at: int | None = None
    pos = offset
    expect_number = False
    while pos < len(text) and text[pos:].strip():
        match = _ARG.match(text, pos)
        assert match is not None  # \S+ matches anything left
        col = match.start(match.lastgroup or 0)
        if match.group("bad") is not None or (at is not None):
            raise PhraseError(f"`{phrase}` {_takes(shape)}", col, match.end())
        if match.group("at") is not None:
            at_match = _ARG.match(text, match.end())
            if at_match is None or at_match.group("int") is None:
                raise PhraseError("`at` is followed by a location number", col, match.end())
            at = _number(at_match.group("int"), at_match.start("int"), at_match.end())
            pos = at_match.end()
            continue
        if match.group("str") is not None:
            if shape != "name" or name is not None or numbers:
                raise PhraseError(f"`{phrase}` {_takes(shape)}", col, match.end())
            name = match.group("str")[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        elif match.group("int") is not None:
            if shape != "numbers" or (numbers and not expect_number):
                raise PhraseError(f"`{phrase}` {_takes(shape)}", col, match.end())
            numbers.append(_number(match.group("int"), col, match.end()))
            expect_number = False
        else:  # a comma
            if shape != "numbers" or not numbers or expect_number:
                raise PhraseError(f"`{phrase}` {_takes(shape)}", col, match.end())
            expect_number = True
        pos = match.end()
    if expect_number or (shape == "numbers" and not numbers) or (shape == "name" and name is None):
        raise PhraseError(f"`{phrase}` {_takes(shape)}", len(text.rstrip()) - 1, len(text.rstrip()))
    return Args(tuple(numbers), name, at)


_KEY = re.compile(r'\s*(?:(?P<colon>:)|(?P<key>[a-z][a-z-]*)(?![\w"])|(?P<bad>"(?:[^"\\]|\\.)*"|\S+))')
_VALUE = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<int>[0-9]+)(?![\w])|(?P<bad>[^\s:]+))')


@dataclass(frozen=True, slots=True)
class GameArg:
    """One ``KEY VALUE`` of a game line; ``col``/``end`` are the value's offsets."""

    key: str
    value: str | int
    col: int
    end: int


def read_game(text: str, offset: int, keys: dict[str, str], phrase: str) -> tuple[list[GameArg], int]:
    """A game line's ``KEY VALUE`` arguments after its phrase (``text[offset:]``, its comment
    stripped), each key once and every key given, and the offset of the ``:`` that starts its
    outcome arms (-1 when the line has none)."""
    found: list[GameArg] = []
    pos = offset
    colon = -1
    while pos < len(text) and text[pos:].strip():
        match = _KEY.match(text, pos)
        assert match is not None  # \S+ matches anything left
        if match.group("colon") is not None:
            colon = match.start("colon")
            break
        col = match.start(match.lastgroup or 0)
        key = match.group("key")
        if key is None or key not in keys:
            raise PhraseError(f"`{phrase}` takes {_keys(keys)}, not `{match.group(0).strip()[:20]}`",
                              col, match.end())
        if any(arg.key == key for arg in found):
            raise PhraseError(f"`{key}` is given twice", col, match.end())
        value = _VALUE.match(text, match.end())
        shape = keys[key]
        if value is None or value.group("bad") is not None or value.lastgroup is None \
                or (shape == "name") != (value.group("str") is not None):
            what = 'a name in quotes (`"Name"`)' if shape == "name" else "a number"
            raise PhraseError(f"`{key}` is followed by {what}", col, value.end() if value else match.end())
        vcol = value.start(value.lastgroup)
        if shape == "name":
            raw = value.group("str")[1:-1].replace('\\"', '"').replace("\\\\", "\\")
            found.append(GameArg(key, raw, vcol, value.end()))
        else:
            found.append(GameArg(key, _number(value.group("int"), vcol, value.end()), vcol, value.end()))
        pos = value.end()
    missing = [k for k in keys if all(arg.key != k for arg in found)]
    if missing:
        at = colon if colon >= 0 else len(text.rstrip())
        raise PhraseError(f"`{phrase}` needs {_keys({k: keys[k] for k in missing})}", max(0, at - 1), at)
    return found, colon


def _keys(keys: dict[str, str]) -> str:
    return ", ".join(f'`{k} "..."`' if shape == "name" else f"`{k} N`" for k, shape in keys.items())


def _number(text: str, col: int, end: int) -> int:
    value = as_number(text, high=MAX_AMOUNT)
    if value is None:
        raise PhraseError(f"{text[:12]} is more than {MAX_AMOUNT}", col, end)
    return value


def _takes(shape: str) -> str:
    what = {"none": "takes no arguments",
            "numbers": "takes numbers separated by commas (`4` or `6, 5, 4, 3`)",
            "name": 'takes a name in quotes (`"Mist Hound"`)'}.get(shape, "takes no arguments")
    return what + ", then optionally `at N`"


def outside_strings(text: str, char: str, start: int = 0) -> int:
    """The index of the first ``char`` after ``start`` that is not inside a quoted string
    (``\\"`` escapes a quote); -1 if none."""
    in_string = False
    i = start
    while i < len(text):
        ch = text[i]
        if in_string:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == char:
            return i
        i += 1
    return -1
