"""Grimslingers record readers: one function per declaration kind, from its header
arguments and ``key: value`` properties to a typed record of ``data``. The keys each kind
takes are listed here once; docs/rules.md shows them with an example."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from tgc.limits import MAX_AMOUNT, LimitError, is_number, read_int
from tgc.rulesets.grimslingers.actions import parse_actions
from tgc.rulesets.grimslingers.conditions import parse_condition
from tgc.rulesets.grimslingers.data import (
    MAIN_ELEMENTS,
    Ability,
    Achievement,
    Area,
    AttackArm,
    Bounty,
    Card,
    Chapter,
    Comeback,
    Creature,
    Disposition,
    Element,
    FeastResult,
    Fx,
    Grimslinger,
    Landmark,
    Modifier,
    Part,
    Path,
    StageEffect,
    Stat,
    Tile,
    Timing,
    Trade,
    Upgrade,
)
from tgc.rulesets.grimslingers.fate import parse_card, tile_kind
from tgc.rulesets.grimslingers.fxtext import RESOURCES, parse_costs, parse_fx
from tgc.source import Span

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.loader import Decl

ELEMENT_NAMES: dict[str, Element] = {e: e for e in (*MAIN_ELEMENTS, "light", "dark")}
TARGETS = {"single": "single", "self": "self", "team": "team", "all": "all",
           "all foes": "all_foes"}
CARD_KEYS = ("types", "rn", "target", "cost", "fx", "element", "owner", "keep",
             "deactivate_on_use", "combines_with", "category", "saves", "pp", "abilities", "text",
             "comeback", "instant_fx", "trade")


class RecordError(ValueError):
    def __init__(self, message: str, span: Span | None = None) -> None:
        super().__init__(message)
        self.span = span


@dataclass(frozen=True, slots=True)
class Record:
    field: str | None  # the TallTale field it fills (None: merged into the top level)
    keys: tuple[str, ...]
    required: tuple[str, ...]
    build: Callable[[Decl], Any]
    unique: bool = True


def _text(decl: Decl, key: str, default: str | None = None) -> str | None:
    found = decl.props.get(key)
    if found is None:
        return default
    value = found[0]
    if not isinstance(value, str):
        raise RecordError(f"`{key}` takes a value on its own line", found[1])
    return value


def _need(decl: Decl, key: str) -> str:
    value = _text(decl, key)
    assert value is not None  # required keys are checked before building
    return value


def _int(decl: Decl, key: str, default: int | None = None) -> int | None:
    value = _text(decl, key)
    if value is None:
        return default
    return _number(value.strip(), f"`{key}`", decl.props[key][1], signed=True)


def _number(text: str, what: str, span: Span | None, *, signed: bool = False) -> int:
    """A number of a record, through tgc's one reader (ASCII digits, bounded): a value
    too large for any rule is a record error, never an overflow later."""
    if signed and text.startswith("+"):
        text = text[1:]
    try:
        return read_int(text, what, low=-MAX_AMOUNT if signed else 0, high=MAX_AMOUNT,
                        signed=signed)
    except LimitError as err:
        raise RecordError(f"{err}", span) from None


def _names(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    return tuple(s.strip().strip('"') for s in text.split(",") if s.strip())


def _arg(decl: Decl, index: int, what: str) -> str:
    if len(decl.args) <= index:
        raise RecordError(f"`@{decl.kind}` needs {what} in its header", decl.span)
    return str(decl.args[index])


def _yes(decl: Decl, key: str) -> bool:
    return (_text(decl, key) or "no").strip().lower() in ("yes", "true")


# ---------------------------------------------------------------- cards


def _card(decl: Decl, kind: str, name: str, owner: str | None, types: tuple[str, ...]) -> Card:
    target = (_text(decl, "target") or "single").strip().lower()
    if target not in TARGETS:
        raise RecordError(f"`target` is one of {', '.join(TARGETS)}, not `{target}`",
                          decl.props["target"][1])
    element = _text(decl, "element")
    if element is None and "element" in types:
        element = name.lower()
    if element is not None and element.lower() not in ELEMENT_NAMES:
        raise RecordError(f"`{element}` is no element ({', '.join(ELEMENT_NAMES)})", decl.span)
    listed = tuple(t.strip() for t in (_text(decl, "types") or "").split(",") if t.strip())
    data: dict[str, Any] = {
        "name": name, "kind": kind, "types": tuple(dict.fromkeys((*types, *listed))),
        "rn": _int(decl, "rn"), "target": TARGETS[target],
        "costs": parse_costs(_need(decl, "cost")) if "cost" in decl.props else (),
        "fx": _fx(decl), "owner": owner, "keep": _yes(decl, "keep"),
        "deactivate_on_use": _yes(decl, "deactivate_on_use"),
        "combines_with": _text(decl, "combines_with"), "category": _text(decl, "category"),
        "saves": _saves(decl), "comeback": _comeback(decl), "pp": _int(decl, "pp"),
        "abilities": _abilities(decl), "instant_fx": _fx(decl, "instant_fx"),
        "trade": _trade(decl),
    }
    if element is not None:
        data["element"] = element.lower()
    return Card.model_validate(data)


_TRADE = re.compile(r'([0-9]+)\s+for\s+(legendary|item)(?:\s+"([^"]+)")?$')


def _trade(decl: Decl) -> Trade | None:
    """``3 for legendary``, ``3 for item``, ``3 for item "Name"``."""
    text = _text(decl, "trade")
    if text is None:
        return None
    span = decl.props["trade"][1]
    m = _TRADE.match(text.strip())
    if m is None:
        raise RecordError('`trade` is `N for legendary`, `N for item` or `N for item "Name"`',
                          span)
    gives: Literal["item", "legendary"] = "legendary" if m.group(2) == "legendary" else "item"
    if gives == "legendary" and m.group(3):
        raise RecordError("`N for legendary` draws a random legendary item: it names none",
                          span)
    return Trade(count=_number(m.group(1), "the set's size", span), gives=gives,
                 item=m.group(3))


def _comeback(decl: Decl) -> Comeback | None:
    """``comeback: 2 ep, 4 hp, 3 dmg``: the cost, the HP, the DMG to deal next turn."""
    text = _text(decl, "comeback")
    if text is None:
        return None
    span = decl.props["comeback"][1]
    parts = [p.strip().lower() for p in text.split(",")]
    if len(parts) != 3 or not parts[1].endswith(" hp") or not parts[2].endswith(" dmg"):
        raise RecordError("`comeback` is `COST, N hp, N dmg` (2 ep, 4 hp, 3 dmg)", span)
    (cost,) = parse_costs(parts[0])
    return Comeback(cost=cost, hp=_number(parts[1][:-3].strip(), "the HP", span),
                    dmg=_number(parts[2][:-4].strip(), "the DMG", span))


def _saves(decl: Decl) -> int | str | None:
    """``saves: N`` (this HP) or ``saves: ep`` (the HP its owner buys with EP)."""
    text = _text(decl, "saves")
    if text is not None and text.strip().lower() == "ep":
        return "ep"
    return _int(decl, "saves")


def _fx(decl: Decl, key: str = "fx") -> tuple[Any, ...]:
    text = _text(decl, key)
    return parse_fx(text) if text else ()


def build_spell(decl: Decl) -> Card:
    """``@spell element "ICE"`` / ``@spell signature "Pierce"``."""
    sort = _arg(decl, 0, "`element` or `signature`")
    if sort not in ("element", "signature"):
        raise RecordError(f"a spell is `element` or `signature`, not `{sort}`", decl.span)
    return _card(decl, "spell", _arg(decl, 1, "the spell's name"), None, (sort,))


def build_skill(decl: Decl) -> Card:
    """``@skill creature "Heckle"`` (its ``owner`` a creature or ``general``) or
    ``@skill Kipper "Catsbane Cleave"``."""
    whose, name = _arg(decl, 0, "`creature` or a Grimslinger"), _arg(decl, 1, "the name")
    owner: str | None = whose
    if whose == "creature":
        owner = (_text(decl, "owner") or "general").strip().strip('"')
        owner = None if owner == "general" else owner
    return _card(decl, "skill", name, owner, ())


def build_item(decl: Decl) -> Card:
    name = _arg(decl, 0, "the item's name")
    return _card(decl, "item", name, None, ())


# ---------------------------------------------------------------- creatures and rules


def _four(decl: Decl, key: str) -> tuple[int, int, int, int]:
    values = [v.strip() for v in _need(decl, key).split(",")]
    if len(values) != 4 or not all(is_number(v) for v in values):
        raise RecordError(f"`{key}` lists four numbers, for 1, 2, 3 and 4 players",
                          decl.props[key][1])
    a, b, c, d = (_number(v, f"`{key}`", decl.props[key][1]) for v in values)
    return (a, b, c, d)


def build_creature(decl: Decl) -> Creature:
    return Creature(
        name=_arg(decl, 0, "the creature's name"), aliases=_names(_text(decl, "aliases")),
        hp=_four(decl, "hp"), ep=_four(decl, "ep"), skills=_names(_text(decl, "skills")),
        reward=parse_actions(_text(decl, "reward") or ""),
        ritual=(_text(decl, "ritual") or "").strip('"') or None,
        achievement=(_text(decl, "achievement") or "").strip('"') or None,
        element_deck=_yes(decl, "element_deck"))


_WHEN = (
    (re.compile(r"creature took ([0-9]+) dmg this turn$"), "creature_dmg"),
    (re.compile(r"creature lost ([0-9]+) ep this turn$"), "creature_ep_lost"),
    (re.compile(r"([0-9]+) players? passed$"), "players_passed"),
    (re.compile(r"(\w+) hit the creature$"), "element_hit"),
)


def build_disposition(decl: Decl) -> Disposition:
    when = _need(decl, "requires").strip().lower()
    for pattern, requirement in _WHEN:
        if m := pattern.match(when):
            if requirement == "element_hit":
                if m.group(1) not in ELEMENT_NAMES:
                    raise RecordError(f"`{m.group(1)}` is no element", decl.props["requires"][1])
                return Disposition.model_validate({
                    "name": _arg(decl, 0, "the name"), "requirement": requirement,
                    "element": m.group(1), "fx": _fx(decl)})
            return Disposition.model_validate({
                "name": _arg(decl, 0, "the name"), "requirement": requirement,
                "amount": _number(m.group(1), "`requires`", decl.props["requires"][1]),
                "fx": _fx(decl)})
    raise RecordError("`requires` is `creature took N dmg this turn`, `creature lost N ep this "
                      "turn`, `N players passed` or `ELEMENT hit the creature`",
                      decl.props["requires"][1])


_RULES = (
    (re.compile(r"creature takes ([0-9]+) less dmg from each card$"), "dmg_reduction"),
    (re.compile(r"creature hp \+([0-9]+)$"), "hp_bonus"),
    (re.compile(r"creature ep \+([0-9]+)$"), "ep_bonus"),
    (re.compile(r"creature cards \+([0-9]+) nv$"), "nv_bonus"),
    (re.compile(r"creature cards \+([0-9]+) rn$"), "rn_bonus"),
)


def build_modifier(decl: Decl) -> Modifier:
    rule = (_text(decl, "rule") or "").strip().lower()
    reward = parse_actions(_text(decl, "reward") or "")
    name = _arg(decl, 0, "the name")
    if not rule:
        return Modifier(name=name, rule="none", reward=reward)
    for pattern, kind in _RULES:
        if m := pattern.match(rule):
            return Modifier.model_validate({"name": name, "rule": kind,
                                            "amount": _number(m.group(1), "`rule`",
                                                                      decl.props["rule"][1]),
                                            "reward": reward})
    raise RecordError("`rule` is `creature takes N less dmg from each card`, `creature hp +N`, "
                      "`creature ep +N`, `creature cards +N nv` or `creature cards +N rn`",
                      decl.props["rule"][1])


def build_elements(decl: Decl) -> dict[str, Any]:
    pairs = []
    for part in re.split(r"[;,]", _need(decl, "beats")):
        if not part.strip():
            continue
        m = re.fullmatch(r"\s*(\w+)\s*>\s*(\w+)\s*", part.lower())
        if m is None or m.group(1) not in ELEMENT_NAMES or m.group(2) not in ELEMENT_NAMES:
            raise RecordError(f"`{part.strip()}` is not `ELEMENT > ELEMENT`",
                              decl.props["beats"][1])
        pairs.append((m.group(1), m.group(2)))
    return {"elements": {"beats": tuple(pairs)}}


def build_numbers(decl: Decl) -> dict[str, Any]:
    """``@numbers`` with ``cards: 1, 1, 2, 3, ...``: the number deck DNC draws from."""
    span = decl.props["cards"][1]
    cards = tuple(_number(n.strip(), "a number card", span)
                  for n in _need(decl, "cards").split(",") if n.strip())
    if not cards:
        raise RecordError("`cards` lists the number deck's cards: `1, 2, 3`", span)
    return {"numbers": cards}


_RESOURCE = re.compile(r"(\w+)\s+([0-9]+)(?:\s+max\s+([0-9]+))?$")
_REST = re.compile(r"gain\s+([0-9]+)\s+\w+(?:\s+unless\s+tile\s+(.+))?$")
_SUITS = {"spade": "S", "spades": "S", "club": "C", "clubs": "C", "diamond": "D",
          "diamonds": "D", "heart": "H", "hearts": "H"}
_STAGES = ("in_control", "conflicted", "overtaken")


def build_grimslinger(decl: Decl) -> Grimslinger:
    m = _RESOURCE.match(_need(decl, "resource").strip().lower())
    if m is None or m.group(1) not in RESOURCES:
        raise RecordError("`resource` is `NAME START [max N]` (durability, blood, ammo, "
                          "control)", decl.props["resource"][1])
    rest_gain, blocked = 0, tuple[str, ...]()
    if (rest := _text(decl, "rest")) is not None:
        r = _REST.match(rest.strip().lower())
        if r is None:
            raise RecordError("`rest` is `gain N RESOURCE [unless tile spade or club]`",
                              decl.props["rest"][1])
        rest_gain = _number(r.group(1), "`rest`", decl.props["rest"][1])
        blocked = tuple(_SUITS[w] for w in re.split(r"\s+or\s+|,\s*", r.group(2) or "")
                        if w in _SUITS)
    data: dict[str, Any] = {
        "name": _arg(decl, 0, "the name"), "resource": RESOURCES[m.group(1)],
        "start": _number(m.group(2), "`resource`", decl.props["resource"][1]),
        "maximum": _number(m.group(3) or m.group(2), "`resource`", decl.props["resource"][1]),
        "rest_gain": rest_gain, "rest_blocked_suits": blocked,
        "skills": _names(_text(decl, "skills")), "feast": _feast(decl),
        "stages": _stages(decl)}
    return Grimslinger.model_validate(data)


def _table(decl: Decl, key: str) -> dict[str, tuple[Any, Span]]:
    found = decl.props.get(key)
    if found is None:
        return {}
    if not isinstance(found[0], dict):
        raise RecordError(f"`{key}` takes nested `KEY: VALUE` lines", found[1])
    return found[0]


def _feast(decl: Decl) -> tuple[FeastResult, ...]:
    """``feast:`` rows ``A: 3 blood; user gains 1 hp`` (a face: A K Q J W N)."""
    rows = []
    for face, (text, span) in _table(decl, "feast").items():
        faces = tuple(f for f in face.split("_") if f)
        if not faces or any(f not in ("A", "K", "Q", "J", "W", "N") for f in faces):
            raise RecordError(f"`{face}` is no Fate face (A, K, Q, J, W, N)", span)
        blood, _, rest = str(text).partition(";")
        b = re.fullmatch(r"\s*([0-9]+)\s+blood\s*", blood)
        if b is None:
            raise RecordError("a feast row starts with `N blood`", span)
        rows.append(FeastResult.model_validate({"faces": faces, "blood": _number(b.group(1), "blood", span),
                                                "fx": parse_fx(rest)}))
    return tuple(rows)


def _abilities(decl: Decl) -> tuple[Ability, ...]:
    """``abilities:`` a list of ``- Night Bite: 3 blood; 2 dmg`` (a name, its cost, then
    its FX), the name followed by its timing when it is not the Standoff's:
    ``- Vampyric Speed (draw): 1 blood; rn -2``, ``- Resist (harm): 2 blood; prevent 2 dmg``
    (GS-6.7: each part says its own)."""
    found = decl.props.get("abilities")
    if found is None:
        return ()
    value, span = found
    if not isinstance(value, list):
        raise RecordError("`abilities` is a list of `- NAME: COST; FX`", span)
    rows = []
    for line in value:
        name, colon, text = str(line).partition(":")
        cost, _, rest = text.partition(";")
        if not colon or not name.strip() or not cost.strip():
            raise RecordError(f"an ability is `- NAME: COST; FX` (`- Regenerate: 2 blood; user "
                              f"gains 2 hp`), not `{line}`", span)
        name, timing = _timing(name.strip(), span)
        fx = parse_fx(rest)
        _check_timed_fx(name, timing, fx, span)
        rows.append(Ability(name=name, timing=timing, costs=parse_costs(cost), fx=fx))
    return tuple(rows)


_TIMINGS: dict[str, Timing] = {"standoff": "standoff", "draw": "draw", "harm": "harm"}


def _timing(name: str, span: Span) -> tuple[str, Timing]:
    """``Vampyric Speed (draw)``: the name and its timing; no parenthesis: the Standoff."""
    if not name.endswith(")") or "(" not in name:
        return name, "standoff"
    head, _, word = name[:-1].rpartition("(")
    timing = _TIMINGS.get(word.strip().lower())
    if timing is None or not head.strip():
        raise RecordError(f"an ability's timing is one of ({', '.join(_TIMINGS)}), not "
                          f"`({word.strip()})`: `- Resist (harm): 2 blood; prevent 2 dmg`", span)
    return head.strip(), timing


def _check_timed_fx(name: str, timing: Timing, fx: tuple[Fx, ...], span: Span) -> None:
    """An RN change needs a card still to be played this turn: a Standoff or Draw part
    (GS-6.7); the Standoff's card is the one its owner plays in the Draw that follows."""
    if timing == "harm" and any(f.kind == "rn" for f in fx):
        raise RecordError(f"`{name}` acts as harm lands, after the Draw: `rn` changes a card "
                          "still to be played; time it `(draw)` or `(standoff)`", span)


def _stages(decl: Decl) -> tuple[StageEffect, ...]:
    """``stages:`` rows ``conflicted: rn +1, nv +1`` and ``overtaken: rn -2, dmg -1``."""
    table = _table(decl, "stages")
    if not table:
        return ()
    out = [StageEffect()]
    for stage in _STAGES[1:]:
        text, span = table.get(stage, ("", decl.span))
        values = {"rn": 0, "nv": 0, "dmg": 0}
        for part in str(text).split(","):
            if not part.strip():
                continue
            m = re.fullmatch(r"\s*(rn|nv|dmg)\s*([+-][0-9]+)\s*", part)
            if m is None:
                raise RecordError(f"`{part.strip()}` is not `rn|nv|dmg +N`", span)
            values[m.group(1)] = _number(m.group(2), f"`{m.group(1)}`", span, signed=True)
        out.append(StageEffect(rn=values["rn"], nv=values["nv"], dmg_taken=-values["dmg"]))
    return tuple(out)


# ---------------------------------------------------------------- the Tall Tale


def build_chapter(decl: Decl) -> Chapter:
    number = _arg(decl, 0, "the chapter number")
    if not is_number(number):
        raise RecordError(f"a chapter number is a whole number, not `{number}`", decl.span)
    return Chapter(number=_number(number, "a chapter number", decl.span),
                   title=str(decl.args[1]) if len(decl.args) > 1 else "")


def build_path(decl: Decl) -> Path:
    return Path(name=_arg(decl, 0, "the path's name"), chapter=_int(decl, "chapter", 1) or 1,
                markers=_names(_text(decl, "markers")))


def _condition(decl: Decl, key: str) -> Any:
    text = _text(decl, key)
    return parse_condition(text) if text else None


def _action_list(decl: Decl) -> tuple[Any, ...]:
    found = decl.props.get("actions")
    if found is None:
        return ()
    value = found[0]
    if isinstance(value, list):
        return tuple(a for line in value for a in parse_actions(line))
    if isinstance(value, str):
        return parse_actions(value)
    raise RecordError("`actions` is a `- ACTION` list or `ACTION; ACTION`", found[1])


def build_part(decl: Decl) -> Part:
    return Part(
        id=_arg(decl, 0, "the part's id"), title=str(decl.args[1]) if len(decl.args) > 1 else "",
        chapter=_int(decl, "chapter", 1) or 1, requires=_condition(decl, "requires"),
        actions=_action_list(decl), read=_text(decl, "read"),
        objective=_text(decl, "objective"), objective_at=_condition(decl, "objective_at"))


def build_bounty(decl: Decl) -> Bounty:
    area = _int(decl, "area")
    assert area is not None
    return Bounty(name=_arg(decl, 0, "the bounty's name"), area=area,
                  requires=_condition(decl, "requires"), actions=_action_list(decl))


def build_landmark(decl: Decl) -> Landmark:
    number = _number(_arg(decl, 0, "the landmark's number"), "a landmark", decl.span)
    return Landmark(number=number, actions=_action_list(decl))


def build_achievement(decl: Decl) -> Achievement:
    return Achievement(name=_arg(decl, 0, "the name"), pp=_int(decl, "pp", 0) or 0,
                       everyone=_yes(decl, "all"))


STATS: dict[str, Stat] = {"max hp": "max_hp", "max ep": "max_ep", "hand": "hand",
                          "stash": "stash", "passive": "passive"}


def build_upgrade(decl: Decl) -> Upgrade:
    """``@upgrade "Tough Hide"`` with ``raises: max hp`` (max hp, max ep, hand, stash,
    passive), ``by: 1`` and ``pp: 4, 6, 8`` (a price for each purchase in turn)."""
    raises = " ".join(_need(decl, "raises").split()).lower()
    if raises not in STATS:
        raise RecordError(f"`raises` is one of {', '.join(STATS)}, not `{raises}`",
                          decl.props["raises"][1])
    span = decl.props["pp"][1]
    prices = [v.strip() for v in _need(decl, "pp").split(",")]
    if not all(is_number(v) for v in prices):
        raise RecordError("`pp` lists the price of each purchase in turn: `4, 6, 8`", span)
    by = _int(decl, "by", 1) or 0
    if by < 1:
        raise RecordError("`by` is a number from 1", decl.props["by"][1])
    return Upgrade(name=_arg(decl, 0, "the name"), raises=STATS[raises], by=by,
                   pp=tuple(_number(v, "`pp`", span) for v in prices))


AREA_KEYS = ("layout", "face_up", "attack", "modifiers", "events", "entry", "text")


def build_area(decl: Decl) -> Area:
    number = _arg(decl, 0, "the area number")
    if not is_number(number):
        raise RecordError(f"an area number is a whole number, not `{number}`", decl.span)
    rows = decl.props["layout"][0]
    if not isinstance(rows, list):
        raise RecordError("`layout` is a list of `- CARD CARD ...` rows",
                          decl.props["layout"][1])
    face_up = set(_names(_text(decl, "face_up")))
    tiles = []
    for r, row in enumerate(rows):
        for c, code in enumerate(str(row).split()):
            if code == ".":
                continue
            card = parse_card(code)
            if card is None:
                raise RecordError(f"`{code}` is no Fate card (A K Q J 2-10 with D H S C, "
                                  "or W1-W4)", decl.props["layout"][1])
            tiles.append(_tile(decl, card, r, c, code in face_up or card.face == "K"))
    attack = []
    for key, (name, span) in _table(decl, "attack").items():
        m = re.fullmatch(r"([0-9])(?:-([0-9]))?", key)
        if m is None:
            raise RecordError(f"an attack roll is `N` or `N-M`, not `{key}`", span)
        attack.append(AttackArm(low=int(m.group(1)), high=int(m.group(2) or m.group(1)),  # one digit each
                                creature=str(name).strip().strip('"')))
    drawn, modifiers = _modifiers(decl)
    return Area(number=_number(number, "an area number", decl.span),
                title=str(decl.args[1]) if len(decl.args) > 1 else "",
                tiles=tuple(tiles), attack=tuple(attack), modifiers_drawn=drawn,
                modifiers=modifiers, events=_names(_text(decl, "events")),
                entry=(_text(decl, "entry") or "").strip() or None)


def _modifiers(decl: Decl) -> tuple[int, tuple[str, ...]]:
    text = _text(decl, "modifiers")
    if not text:
        return 0, ()
    m = re.fullmatch(r"\s*draw\s+([0-9]+)\s+from\s+(.+)", text)
    if m is None:
        raise RecordError("`modifiers` is `draw N from \"A\", \"B\"`", decl.props["modifiers"][1])
    return _number(m.group(1), "`modifiers`", decl.props["modifiers"][1]), _names(m.group(2))


_ENTRY = re.compile(r"(?:landmark\s+([0-9]+)|(chest|key)\s+(black|white)|portal\s+to\s+area\s+"
                    r"([0-9]+)\s+(W[0-9])|special\s+(.+))$")


def _tile(decl: Decl, card: Any, row: int, col: int, up: bool) -> Tile:
    entry = decl.props.get(card.code)
    kind = tile_kind(card)
    data: dict[str, Any] = {"card": card, "row": row, "col": col, "kind": kind, "face_up": up}
    if entry is None:
        return Tile.model_validate(data)
    m = _ENTRY.match(str(entry[0]).strip())
    if m is None:
        raise RecordError(f"`{card.code}:` is `landmark N`, `chest|key black|white`, `portal "
                          "to area N WILD` or `special TEXT`", entry[1])
    if m.group(1):
        data["landmark"] = _number(m.group(1), "a landmark", entry[1])
    elif m.group(2):
        data["kind"], data["colour"] = m.group(2), m.group(3)
    elif m.group(4):
        data["portal_area"] = _number(m.group(4), "a portal's area", entry[1])
        data["portal_tile"] = m.group(5)
    else:
        data["special"] = m.group(6).strip().strip('"')
    return Tile.model_validate(data)


RECORDS: dict[str, Record] = {
    "chapter": Record("chapters", ("text",), (), build_chapter),
    "path": Record("paths", ("chapter", "markers", "text"), (), build_path),
    "part": Record("parts", ("chapter", "requires", "actions", "read", "objective",
                             "objective_at", "text"), (), build_part),
    "area": Record("areas", AREA_KEYS, ("layout",), build_area),
    "landmark": Record("landmarks", ("actions", "text"), ("actions",), build_landmark),
    "bounty": Record("bounties", ("area", "requires", "actions", "text"), ("area",),
                     build_bounty),
    "creature": Record("creatures", ("hp", "ep", "skills", "reward", "ritual", "achievement",
                                     "aliases", "element_deck", "text"), ("hp", "ep", "skills"),
                       build_creature),
    "skill": Record("cards", CARD_KEYS, (), build_skill),
    "spell": Record("cards", CARD_KEYS, (), build_spell),
    "gear": Record("cards", CARD_KEYS, (), build_item),
    "disposition": Record("dispositions", ("requires", "fx", "text"), ("requires", "fx"),
                          build_disposition),
    "modifier": Record("modifiers", ("rule", "reward", "text"), (), build_modifier),
    "grimslinger": Record("grimslingers", ("resource", "rest", "skills", "feast", "stages",
                                           "text"), ("resource",), build_grimslinger),
    "elements": Record(None, ("beats",), ("beats",), build_elements),
    "numbers": Record(None, ("cards",), ("cards",), build_numbers),
    "achievement": Record("achievements", ("pp", "all", "text"), (), build_achievement),
    "upgrade": Record("upgrades", ("raises", "by", "pp", "text"), ("raises", "pp"),
                      build_upgrade),
}
