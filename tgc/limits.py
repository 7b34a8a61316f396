"""Limits on every input: the one way tgc reads a number (ASCII digits, a range), the
one nesting limit, and the safe readers of JSON and TOML that enforce both.

Every file tgc reads may be hostile (a mutated campaign, a corrupt bundle, a hand-edited
save), so nothing here trusts its input: a number is ASCII digits only (``²`` and ``١``
are digits to ``str.isdigit`` but not here), it is measured before ``int`` sees it (so
the interpreter's 4,300-digit limit is never met), and a document is measured for depth
before a recursive parser walks it. Failures are :class:`LimitError`, a ``ValueError``
whose message is meant for the user; each reader turns it into its own diagnostic.

Example:
    >>> read_int("42", "a part number", high=99)
    42
    >>> read_int("²", "a part number")
    Traceback (most recent call last):
    ...
    tgc.limits.LimitError: a part number must be written with the digits 0-9, not `²`
    >>> read_int("1" * 5000, "a dice count", high=100)
    Traceback (most recent call last):
    ...
    tgc.limits.LimitError: a dice count must be at most 100 (it has 5000 digits)
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

# The largest number any input may hold: verse and location numbers, counts, amounts.
# Narrower fields (status parts, players, dice) have their own maximum below.
MAX_NUMBER = 999_999_999
# How deeply conditions, JSON documents and TOML tables may nest. Sixty-four levels are
# far beyond anything a writer means, and far below what Python's stack holds.
MAX_NESTING = 64
# The longest structural line (a header, choice, logic line or property) the parser reads.
MAX_LINE = 10_000

# Documented maxima of the counts a campaign declares (docs/language.md, "Limits").
MAX_PARTS = 100  # parts or boxes of one status
MAX_PLAYERS = 16  # the top of `players: 1-N`
MAX_DICE = 100  # dice thrown at once (`~ roll 3d6`)
MAX_SIDES = 1000  # sides of one die
MAX_AMOUNT = 10_000  # one gain, loss, cost or attribute change
MAX_RANGE = 1000  # numbers in one range (a card range, a dice arm range)
MAX_ROLL = MAX_DICE * MAX_SIDES  # the highest total of one roll
MAX_DAY = 10_000  # the campaign's day counter

_ASCII_DIGITS = re.compile(r"[0-9]+")


class LimitError(ValueError):
    """An input beyond a limit, or a number that is no number; the message is for the user."""


def is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes ``²`` and ``①``, which ``int`` refuses).

    >>> is_number("12"), is_number("²"), is_number("١٢"), is_number("")
    (True, False, False, False)
    """
    return _ASCII_DIGITS.fullmatch(text) is not None


def read_int(text: str, what: str, *, low: int = 0, high: int = MAX_NUMBER,
             signed: bool = False) -> int:
    """``text`` as a number in ``low..high``, or :class:`LimitError` saying why not.

    ``signed`` allows one leading ``-``. The length is checked before ``int`` runs, so a
    number of any size costs nothing and never meets the interpreter's digit limit.
    """
    digits = text[1:] if signed and text.startswith("-") else text
    if not is_number(digits):
        raise LimitError(f"{what} must be written with the digits 0-9, not `{_shown(text)}`")
    if len(digits) > len(str(max(abs(low), abs(high)))):
        raise LimitError(f"{what} must be at most {high} (it has {len(digits)} digits)")
    return check_range(int(text), what, low=low, high=high)


def check_range(value: int, what: str, *, low: int = 0, high: int = MAX_NUMBER) -> int:
    """``value`` when it lies in ``low..high``, else :class:`LimitError`."""
    if value > high:
        raise LimitError(f"{what} must be at most {high}, not {_shown(str(value))}")
    if value < low:
        raise LimitError(f"{what} must be at least {low}, not {_shown(str(value))}")
    return value


def _shown(text: str) -> str:
    return text if len(text) <= 20 else text[:8] + "..." + text[-4:]


# ------------------------------------------------------------------ documents

# A JSON string, so that brackets inside strings do not count; linear (no nested repeats).
# An unclosed string runs to the end, so that no quote is ever scanned twice.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NON_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def json_depth(text: str, limit: int = MAX_NESTING) -> int:
    """How deeply the arrays and objects of JSON ``text`` nest (counted up to ``limit + 1``),
    without parsing it: each pass removes the innermost pairs, so it costs ``limit``
    linear passes at most, whatever the text.

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    >>> json_depth("[" * 1000 + "]" * 1000)
    65
    """
    brackets = _NON_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = 0
    while depth <= limit:
        inner = _INNERMOST.sub("", brackets)
        if inner == brackets:
            return depth  # what is left (if anything) is unbalanced: the parser says so
        brackets, depth = inner, depth + 1
    return depth


# Ten digits or more, outside strings: beyond MAX_NUMBER whatever follows.
_LONG_NUMBER = re.compile(r"[0-9]{10,}")


def numbers_within(text: str) -> None:
    """:class:`LimitError` when JSON ``text`` holds a number beyond :data:`MAX_NUMBER`; for
    documents a fast parser read without :func:`load_json` (a bundle), in one linear pass.

    >>> numbers_within('{"size": 3, "title": "12345678901"}')
    >>> numbers_within('{"size": 18446744073709551616}')
    Traceback (most recent call last):
    ...
    tgc.limits.LimitError: a number must be at most 999999999 (it has 20 digits)
    """
    found = _LONG_NUMBER.search(_JSON_STRING.sub('""', text))
    if found is not None:
        raise LimitError(f"a number must be at most {MAX_NUMBER} (it has {len(found[0])} digits)")


def _json_int(text: str) -> int:
    return read_int(text, "a number", low=-MAX_NUMBER, high=MAX_NUMBER, signed=True)


def _json_float(text: str) -> float:
    if len(text) > 40:
        raise LimitError(f"a number must be at most 40 characters long, not {len(text)}")
    return float(text)


def _json_constant(name: str) -> Any:
    raise LimitError(f"`{name}` is not JSON")


def load_json(text: str) -> Any:
    """Parse JSON ``text`` within the limits: nesting at most :data:`MAX_NESTING`, numbers
    in ``-MAX_NUMBER..MAX_NUMBER``, no ``NaN``. Raises ``json.JSONDecodeError`` for bad
    JSON and :class:`LimitError` beyond a limit (both are ``ValueError``)."""
    depth = json_depth(text)
    if depth > MAX_NESTING:
        raise LimitError(f"the JSON nests {depth} levels deep; at most {MAX_NESTING} are allowed")
    return json.loads(text, parse_int=_json_int, parse_float=_json_float,
                      parse_constant=_json_constant)


# A TOML string of any of the four kinds, so brackets inside do not count.
_TOML_STRING = re.compile(r'"""[\s\S]*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)'
                          r'|"(?:[^"\\\n]|\\.)*\\?(?:"|(?=\n)|\Z)|\'[^\'\n]*(?:\'|(?=\n)|\Z)')
_TOML_COMMENT = re.compile(r"#[^\n]*")
# Other tools' tables share pyproject.toml, so only numbers no TOML reader can take fail.
_TOML_DIGITS = re.compile(r"[0-9][0-9_]{4000,}")


def load_toml(text: str) -> dict[str, Any]:
    """Parse TOML ``text`` within the limits (inline nesting, number length). Raises
    ``tomllib.TOMLDecodeError`` for bad TOML and :class:`LimitError` beyond a limit."""
    bare = _TOML_COMMENT.sub("", _TOML_STRING.sub('""', text))
    depth = json_depth(bare)
    if depth > MAX_NESTING:
        raise LimitError(f"the TOML nests {depth} levels deep; at most {MAX_NESTING} are allowed")
    if _TOML_DIGITS.search(bare):
        raise LimitError("a number in the TOML has more than 4000 digits")
    return tomllib.loads(text)


def as_number(text: str, *, low: int = 0, high: int = MAX_NUMBER, signed: bool = False) -> int | None:
    """:func:`read_int`, or None when ``text`` is no number in ``low..high``: for input that
    means something else when it is not a number (a play command, a choice label).

    >>> as_number("3"), as_number("²"), as_number("9" * 5000), as_number("-2", signed=True, low=-9)
    (3, None, None, -2)
    """
    try:
        return read_int(text, "a number", low=low, high=high, signed=signed)
    except LimitError:
        return None
