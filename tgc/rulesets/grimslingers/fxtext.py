"""Grimslingers FX text: the small written form of a card's FX in the content language
(``2 dmg; target loses 2 ep``) read into typed FX. Numerals are NVs, spelled numbers are
not (GS-2.7), so both are kept apart. Errors come back as plain-words messages."""

from __future__ import annotations

import re

from tgc.limits import MAX_AMOUNT, as_number, is_number
from tgc.rulesets.grimslingers.data import (
    Amount,
    Bloodlust,
    Catalyst,
    Choice,
    CopyCard,
    Cost,
    Curse,
    Deactivate,
    Discard,
    DiscardNamed,
    DiscardSelf,
    Dmg,
    Dnc,
    DrawElement,
    Fx,
    Gain,
    Lose,
    Nv,
    NvScope,
    Pay,
    Prevent,
    Reactivate,
    Redirect,
    Resource,
    Rn,
    Roll,
    RollArm,
    Who,
)

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10}
RESOURCES: dict[str, Resource] = {
    "hp": "hp", "ep": "ep", "durability": "durability", "blood": "blood", "ammo": "ammo",
    "bullet": "ammo", "bullets": "ammo", "control": "control"}
SCOPES: dict[str, NvScope] = {"unresolved foe cards": "unresolved_foes",
                              "combined card": "combined", "next spell": "next_spell",
                              "played card": "played"}
_N = r"([0-9]+|" + "|".join(WORDS) + r")"
_WHO = r"(?:(user|target)\s+)?"
_DMG = re.compile(_WHO + _N + r"\s+dmg(?:\s+to\s+" + _N + r"\s+foes?)?$")
_GAIN = re.compile(_WHO + r"(gains?|loses?|deducts?)\s+" + _N + r"\s+(\w+)$")
_CARDS = re.compile(_WHO + r"(deactivates?|discards?|reactivates?)\s+" + _N + r"\s+cards?$")
_NV = re.compile(r"\+" + _N + r"\s+nv\s+to\s+(.+)$")
_ROLL = re.compile(r"roll\s*\((.*)\)$")
_DNC = re.compile(r"dnc(\s+shared)?\s*\((.*)\)$")
_ARM = re.compile(r"([0-9]+)(?:-([0-9]+))?\s*=\s*(.+)$")
_COST = re.compile(_N + r"\s+(\w+)$")
_CURSE = re.compile(r"target\s+loses\s+" + _N + r"\s+hp\s+each\s+standoff\s+until\s+healed$")
_PAY = re.compile(r"pay\s+" + _N + r"\s+(\w+)$")
_DISCARD_NAMED = re.compile(r"discard\s+([a-z][\w' -]*)$")
_RN = re.compile(r"rn\s*([+-])\s*([0-9]+)$")
_PREVENT = re.compile(r"prevent\s+" + _N + r"\s+dmg$")
_CHOOSE = re.compile(r"choose\s*\((.*)\)$")
_WORDS: dict[str, Fx] = {
    "bloodlust": Bloodlust(), "copy an unresolved card": CopyCard(),
    "redirect unresolved cards": Redirect(), "target's elements resolve against it": Catalyst(),
    "discard this card": DiscardSelf(), "draw element": DrawElement()}


class FxError(ValueError):
    """An FX clause tgc cannot read; the message says what it expected."""


def amount(text: str) -> Amount:
    if is_number(text):
        value = as_number(text, high=MAX_AMOUNT)
        if value is None:
            raise FxError(f"an amount is at most {MAX_AMOUNT}, not {text[:20]}")
        return Amount(value=value)
    return Amount(value=WORDS[text], spelled=True)


def parse_fx(text: str) -> tuple[Fx, ...]:
    """``clause; clause``. Raises FxError naming the clause it could not read."""
    return tuple(_clause(c.strip()) for c in _split(text, ";") if c.strip())


def parse_costs(text: str) -> tuple[Cost, ...]:
    """``3 durability, 1 ep``: printed costs (never NV-changed, GS-4.7)."""
    costs = []
    for part in text.split(","):
        m = _COST.match(part.strip().lower())
        if m is None or m.group(2) not in RESOURCES:
            raise FxError(f"`{part.strip()}` is no cost: write `N RESOURCE` "
                          f"({', '.join(sorted(set(RESOURCES.values())))})")
        costs.append(Cost(resource=RESOURCES[m.group(2)], amount=amount(m.group(1)).value))
    return tuple(costs)


def _split(text: str, sep: str) -> list[str]:
    """Split at ``sep`` outside parentheses (a ROLL table holds its own clauses)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _who(text: str | None) -> Who:
    return "user" if text == "user" else "target"


def _clause(text: str) -> Fx:
    low = text.lower()
    if low in _WORDS:
        return _WORDS[low]
    if m := _CURSE.match(low):
        return Curse(amount=amount(m.group(1)))
    if m := _CHOOSE.match(low):
        inner = text.strip()[m.start(1):m.end(1)]  # the options keep their card names' case
        return Choice(options=tuple(tuple(_clause(c.strip()) for c in _split(o, ","))
                                    for o in _split(inner, "/")))
    if m := _RN.match(low):
        shift = amount(m.group(2)).value
        return Rn(amount=-shift if m.group(1) == "-" else shift)
    if m := _PREVENT.match(low):
        return Prevent(amount=amount(m.group(1)))
    if m := _PAY.match(low):
        if m.group(2) not in RESOURCES:
            raise FxError(f"`{m.group(2)}` is no resource in `{text}`")
        return Pay(resource=RESOURCES[m.group(2)], amount=amount(m.group(1)).value)
    if m := _DMG.match(low):
        foes = amount(m.group(3)) if m.group(3) else None
        return Dmg(amount=amount(m.group(2)), who=_who(m.group(1)), foes=foes)
    if m := _GAIN.match(low):
        res = RESOURCES.get(m.group(4))
        if res is None:
            raise FxError(f"`{m.group(4)}` is no resource in `{text}`")
        if m.group(2).startswith("gain"):
            return Gain(resource=res, amount=amount(m.group(3)), who=_who(m.group(1)))
        return Lose(resource=res, amount=amount(m.group(3)), who=_who(m.group(1)))
    if m := _CARDS.match(low):
        n, who, verb = amount(m.group(3)), _who(m.group(1)), m.group(2)
        if verb.startswith("deactivate"):
            return Deactivate(amount=n, who=who)
        if verb.startswith("discard"):
            return Discard(amount=n, who=who)
        return Reactivate(amount=n, who="user")
    if m := _NV.match(low):
        scope = SCOPES.get(m.group(2).strip())
        if scope is None:
            raise FxError(f"`+N nv to` takes {', '.join(SCOPES)}; not `{m.group(2)}`")
        return Nv(amount=amount(m.group(1)), scope=scope)
    if m := _ROLL.match(low):
        return Roll(arms=tuple(_arm(a.strip()) for a in _split(m.group(1), "/")))
    if m := _DNC.match(low):
        return Dnc(arms=tuple(_arm(a.strip()) for a in _split(m.group(2), "/")),
                   shared=m.group(1) is not None)
    if m := _DISCARD_NAMED.match(text.strip().lower()):
        return DiscardNamed(card=text.strip()[len("discard"):].strip())
    raise FxError(f"cannot read the FX `{text}`: expected `N dmg`, `[user|target] gains N "
                  "RESOURCE`, `loses N RESOURCE`, `deactivates N cards`, `discards N cards`, "
                  "`reactivates N cards`, `+N nv to ...`, `roll(1-3 = FX / 4-6 = FX)`, "
                  "`dnc(1-4 = FX / 5-9 = FX)`, `dnc shared(...)`, "
                  "`choose(FX / FX)`, `pay N RESOURCE`, `discard NAME`, `rn -N`, `prevent N dmg`, "
                  "`target loses N hp each standoff until healed` or one of "
                  + ", ".join(f"`{w}`" for w in _WORDS))


def _arm(text: str) -> RollArm:
    m = _ARM.match(text)
    if m is None:
        raise FxError(f"a roll arm is `LOW-HIGH = FX`, not `{text}`")
    low = int(m.group(1))
    high = int(m.group(2) or low)
    return RollArm(low=low, high=high, fx=tuple(_clause(c.strip())
                                                for c in _split(m.group(3), ",")))
