"""Dice: a ``roll`` line in, its possible totals and every problem of its arms out (an
arm that can never come up, a gap, an overlap, an open arm that is not the highest, and
the attribute rules). Read by the bad-roll-arms check and by the runtime's tests.

``MdN`` gives M to M*N; integer modifiers shift that range. An attribute is taken to
range from 0 to 5 here (the values a character's tray shows): adding one lifts the
top, subtracting one lowers the bottom by 5. Skill cards can push an attribute past 5,
which is why docs/language.md asks that a roll with an attribute modifier end in an open
``N+`` arm and start at the lowest possible total.

Example:
    >>> from tgc.source import Span
    >>> s = Span("a.tgj", 1, 1, 1, 2)
    >>> def arm(low, high): return ast.Arm("x", low, high, ast.Terminal("end", s), s)
    >>> roll = ast.Roll(2, 6, (), (arm(2, 6), arm(8, 12)), s)
    >>> totals(roll)
    (2, 12)
    >>> [message for _, message, _ in problems(roll)]
    ['no arm for a total of 7']
"""

from __future__ import annotations

from typing import NamedTuple

from tgc.source import Span
from tgc.syntax import ast

ATTRIBUTE_MAX = 5
Problem = tuple[Span, str, str | None]  # where, what is wrong, a hint


class _Arm(NamedTuple):
    low: int
    high: int | None  # None: open (`N+`)
    span: Span


def totals(roll: ast.Roll) -> tuple[int, int]:
    """The lowest and highest total, with attributes between 0 and ATTRIBUTE_MAX."""
    low, high = roll.dice, roll.dice * roll.sides
    for mod in roll.modifiers:
        if mod.attribute is None:
            low += mod.sign * mod.value
            high += mod.sign * mod.value
        elif mod.sign < 0:
            low -= ATTRIBUTE_MAX
        else:
            high += ATTRIBUTE_MAX
    return low, high


def describe(roll: ast.Roll) -> str:
    """``2d6 + courage - 1`` as written, normalised."""
    text = f"{roll.dice if roll.dice > 1 else ''}d{roll.sides}"
    for mod in roll.modifiers:
        text += f" {'-' if mod.sign < 0 else '+'} {mod.attribute or mod.value}"
    return text


def label(arm: ast.Arm | _Arm) -> str:
    if arm.high is None:
        return f"{arm.low}+"
    return str(arm.low) if arm.low == arm.high else f"{arm.low}-{arm.high}"


def problems(roll: ast.Roll) -> list[Problem]:
    """Every problem of the roll's arms, each with the span to point at."""
    low, high = totals(roll)
    attribute = any(mod.attribute is not None for mod in roll.modifiers)
    top = None if attribute else high  # with an attribute the top is open
    found: list[Problem] = []
    arms: list[_Arm] = []
    for written in roll.arms:
        if written.low is None:
            continue  # not a dice arm (the parser reported it)
        arm = _Arm(written.low, written.high, written.span)
        if arm.high is not None and arm.high < arm.low:
            found.append((arm.span, f"arm `{label(arm)}` is empty",
                          f"write the lower number first: `{arm.high}-{arm.low}`"))
        elif (arm.high is not None and arm.high < low) or (top is not None and arm.low > top):
            found.append((arm.span, f"arm `{label(arm)}` can never come up: `{describe(roll)}` "
                          f"gives {_range(low, top)}", "remove it or fix its numbers"))
        else:
            arms.append(arm)
    if not arms:
        return found
    arms.sort(key=lambda a: (a.low, _end(a)))
    found += _open_arms(arms)
    found += _overlaps(arms)
    found += _coverage(roll, arms, low, top, attribute)
    return found


def _open_arms(arms: list[_Arm]) -> list[Problem]:
    last = arms[-1]
    return [(arm.span, f"`{label(arm)}` must be the highest arm",
             f"an open arm covers every total from {arm.low} up; make it the last arm")
            for arm in arms if arm.high is None and arm is not last]


def _overlaps(arms: list[_Arm]) -> list[Problem]:
    found: list[Problem] = []
    reach = arms[0]
    for arm in arms[1:]:
        end = _end(reach)
        if arm.low <= end and not (reach.high is None and reach is not arms[-1]):
            both = _range(arm.low, min(end, _end(arm)))
            found.append((arm.span, f"arms `{label(reach)}` and `{label(arm)}` both cover {both}",
                          "every total must have exactly one arm"))
        if _end(arm) > end:
            reach = arm
    return found


def _coverage(roll: ast.Roll, arms: list[_Arm], low: int, top: int | None,
              attribute: bool) -> list[Problem]:
    found: list[Problem] = []
    first, last = arms[0], arms[-1]
    start = low
    if attribute and first.low != low:
        hint = f"write `{low}-...` for the first arm"
        if low < 0:  # arms cannot be negative: lift the roll instead
            hint = f"add {1 - low} to the roll (`{describe(roll)} + {1 - low}`) and start at 1"
        found.append((first.span, f"with an attribute modifier the first arm must start at {low}, "
                      f"the lowest total of `{describe(roll)}`", hint))
        start = first.low
    if attribute and last.high is not None:
        found.append((last.span, "with an attribute modifier the last arm must be open",
                      f"write `{last.low}+`: an attribute can raise the total past any number"))
        top = last.high
    covered = start - 1
    for arm in arms:
        if arm.low > covered + 1 and covered + 1 >= start:
            gap_end = arm.low - 1 if top is None else min(arm.low - 1, top)
            if gap_end >= covered + 1:
                found.append(_gap(roll, covered + 1, gap_end))
        covered = max(covered, _end(arm))
    if top is not None and covered < top:
        found.append(_gap(roll, covered + 1, top))
    return found


def _gap(roll: ast.Roll, low: int, high: int) -> Problem:
    what = f"a total of {low}" if low == high else f"totals {low} to {high}"
    return (roll.span, f"no arm for {what}", "every possible total needs exactly one arm")


def _end(arm: _Arm) -> int:
    return arm.high if arm.high is not None else 1 << 30


def _range(low: int, high: int | None) -> str:
    if high is None:
        return f"{low} or more"
    return str(low) if low == high else f"{low} to {high}"
