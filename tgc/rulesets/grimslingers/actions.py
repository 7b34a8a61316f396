"""Grimslingers story actions: the written form of what a part, bounty or reward does
(``duel "Cinder Imps" dispositions; gain marker "Tin Star"; end part``) read into typed
actions. Errors come back as plain-words messages."""

from __future__ import annotations

import re

from tgc.limits import MAX_AMOUNT, LimitError, read_int
from tgc.rulesets.grimslingers.data import (
    Action,
    BountyStep,
    ChoosePath,
    DuelAction,
    GainItem,
    GainMarker,
    GainPp,
    MoveTo,
    Restore,
    Terminal,
)

_DUEL = re.compile(r'duel\s+"([^"]+)"((?:\s+dispositions)?)(?:\s+modifiers\s+([0-9]+))?'
                   r'(?:\s+lose\s*:\s*(fail|continue|game over))?$')
_MARKER = re.compile(r'gain\s+marker\s+"([^"]+)"$')
_ITEM = re.compile(r'gain\s+item\s+"([^"]+)"$')
_DRAW = re.compile(r"draw\s+(?:([0-9]+)\s+)?items?$")
_PP = re.compile(r"gain\s+([0-9]+)\s+pp(\s+all)?$")
_RESTORE = re.compile(r"each\s+restore\s+(hp|ep)$")
_PATH = re.compile(r'choose\s+path\s+"([^"]+)"$')
_BOUNTY = re.compile(r'(begin|complete|abandon)\s+bounty\s+"([^"]+)"$')
_MOVE = re.compile(r"move\s+to\s+area\s+([0-9]+)\s+(\S+)$")
_ENDS = {"end part": "part", "end chapter": "chapter", "game over": "game_over"}


class ActionError(ValueError):
    """An action tgc cannot read; the message lists the forms it knows."""


def _number(text: str, what: str) -> int:
    """A number of an action, through tgc's one reader (ASCII digits, bounded)."""
    try:
        return read_int(text, what, high=MAX_AMOUNT)
    except LimitError as err:
        raise ActionError(str(err)) from None


def parse_actions(text: str) -> tuple[Action, ...]:
    return tuple(parse_action(a.strip()) for a in text.split(";") if a.strip())


def parse_action(text: str) -> Action:
    line = " ".join(text.split())
    if m := _DUEL.match(line):
        lose = {"fail": "fail", "continue": "continue", "game over": "game_over",
                None: "fail"}[m.group(4)]
        return DuelAction.model_validate({
            "creature": m.group(1), "dispositions": bool(m.group(2)),
            "modifiers": _number(m.group(3) or "0", "a modifier count"), "on_lose": lose})
    if m := _MARKER.match(line):
        return GainMarker(marker=m.group(1))
    if m := _ITEM.match(line):
        return GainItem(item=m.group(1))
    if m := _DRAW.match(line):
        return GainItem(item=None, count=_number(m.group(1) or "1", "an item count"))
    if m := _PP.match(line):
        return GainPp(amount=_number(m.group(1), "a PP amount"), everyone=bool(m.group(2)))
    if m := _RESTORE.match(line):
        return Restore(resource="hp" if m.group(1) == "hp" else "ep")
    if m := _PATH.match(line):
        return ChoosePath(path=m.group(1))
    if m := _BOUNTY.match(line):
        return BountyStep.model_validate({"bounty": m.group(2), "step": m.group(1)})
    if m := _MOVE.match(line):
        return MoveTo(area=_number(m.group(1), "an area number"), tile=m.group(2))
    if line in _ENDS:
        return Terminal.model_validate({"what": _ENDS[line]})
    raise ActionError(
        f"cannot read the action `{text}`: expected `duel \"C\" [dispositions] [modifiers N] "
        "[lose: fail|continue|game over]`, `gain marker \"M\"`, `gain item \"X\"`, `draw N "
        "items`, `gain N pp [all]`, `each restore hp|ep`, `choose path \"P\"`, `begin|"
        "complete|abandon bounty \"B\"`, `move to area N TILE`, `end part`, `end chapter` "
        "or `game over`")
