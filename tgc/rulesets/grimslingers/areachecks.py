"""Grimslingers area checks (spec §19, checks 7-12, 14-16): Fate layouts, landmarks,
walkable tiles, chests and keys, attack tables, event and modifier decks, portals and
bounties. Run by ``checks.Checker``."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tgc.rulesets.grimslingers.checks import area_named, why_never
from tgc.rulesets.grimslingers.data import Area, Tile

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.checks import Checker


def check_areas(c: Checker) -> None:
    for area in c.tale.areas:
        name = str(area.number)
        span = c.span("area", name)
        layout = c.span("area", name, "layout")
        for code, n in Counter(t.card.code for t in area.tiles).items():
            if n > 1:
                c.add("TGC580", layout, detail=f"area {name} lays out {code} {n} times; the "
                      "Fate deck has one")
        _landmarks(c, area)
        _walk(c, area)
        _chests(c, area)
        _attack(c, area)
        _decks(c, area, span)
        _portals(c, area)
    _bounties(c)


def _landmarks(c: Checker, area: Area) -> None:
    for tile in area.tiles:
        entry = c.span("area", str(area.number), tile.card.code)
        if tile.card.face == "K" and tile.landmark is None:
            c.add("TGC581", c.span("area", str(area.number), "layout"),
                  detail=f"the King {tile.card.code} of area {area.number} has no landmark entry",
                  hint=f"add `{tile.card.code}: landmark N`")
        if tile.card.face != "K" and tile.landmark is not None:
            c.add("TGC581", entry, detail=f"{tile.card.code} is no King: only Kings are "
                  "landmarks")
        if tile.card.face != "Q" and tile.kind in ("chest", "key"):
            c.add("TGC581", entry, detail=f"{tile.card.code} is no Queen: chests and keys are "
                  "Queens")
        if tile.card.face != "W" and tile.portal_area is not None:
            c.add("TGC589", entry, tile=tile.card.code, area=area.number,
                  detail="is no Wild: portals are Wilds")


def _neighbours(area: Area, tile: Tile) -> list[Tile]:
    return [t for t in area.tiles if abs(t.row - tile.row) + abs(t.col - tile.col) == 1]


def _walk(c: Checker, area: Area) -> None:
    starts = [t for t in area.tiles if t.card.face == "W"]
    starts += [t for t in area.tiles if t.card.code == area.entry]
    for t in c.tale.areas:
        for tile in t.tiles:
            if tile.portal_area == area.number:
                starts += [x for x in area.tiles if x.card.code == tile.portal_tile]
    layout = c.span("area", str(area.number), "layout")
    if not starts:
        return
    seen = {id(t) for t in starts}
    todo = list(starts)
    while todo:
        for nxt in _neighbours(area, todo.pop()):
            if id(nxt) not in seen:
                seen.add(id(nxt))
                todo.append(nxt)
    for tile in area.tiles:
        if id(tile) not in seen:
            c.add("TGC582", layout, tile=tile.card.code, area=area.number)
        elif len(_neighbours(area, tile)) == 1 and tile.card.face != "W":
            c.add("TGC583", layout, tile=tile.card.code, area=area.number)


def _chests(c: Checker, area: Area) -> None:
    keys = {t.colour for t in area.tiles if t.kind == "key"}
    chests = {t.colour for t in area.tiles if t.kind == "chest"}
    for tile in area.tiles:
        span = c.span("area", str(area.number), tile.card.code)
        if tile.kind == "chest" and tile.colour not in keys:
            c.add("TGC584", span, colour=tile.colour, tile=tile.card.code, area=area.number)
        if tile.kind == "key" and tile.colour not in chests:
            c.add("TGC585", span, colour=tile.colour, tile=tile.card.code, area=area.number)


def _attack(c: Checker, area: Area) -> None:
    if not any(t.kind == "attack" for t in area.tiles) and not area.attack:
        return
    span = c.span("area", str(area.number), "attack")
    covered = Counter(f for arm in area.attack for f in range(arm.low, arm.high + 1))
    missing = [f for f in range(1, 7) if covered[f] == 0]
    twice = sorted(f for f, n in covered.items() if n > 1)
    outside = sorted(f for f in covered if not 1 <= f <= 6)
    if missing or twice or outside:
        parts = [f"misses {', '.join(map(str, missing))}" if missing else "",
                 f"covers {', '.join(map(str, twice))} twice" if twice else "",
                 f"names {', '.join(map(str, outside))}, which a die never rolls"
                 if outside else ""]
        c.add("TGC586", span, area=area.number, detail="; ".join(p for p in parts if p),
              hint="each face 1-6 exactly once")
    for arm in area.attack:
        if arm.creature not in c.g.creatures:
            c.add("TGC586", span, area=area.number,
                  detail=f"names \"{arm.creature}\", which no @creature declares")


def _decks(c: Checker, area: Area, span: object) -> None:
    name = str(area.number)
    if any(t.kind == "event" for t in area.tiles) and not area.events:
        c.add("TGC588", c.span("area", name, "layout"), area=area.number,
              detail="has event tiles (diamond and heart numbers) but no `events`")
    declared = {m.name for m in c.tale.modifiers}
    for modifier in area.modifiers:
        if modifier not in declared:
            c.add("TGC588", c.span("area", name, "modifiers"), area=area.number,
                  detail=f"lists the modifier \"{modifier}\", which no @modifier declares")
    if area.modifiers_drawn > len(area.modifiers):
        c.add("TGC588", c.span("area", name, "modifiers"), area=area.number,
              detail=f"draws {area.modifiers_drawn} modifiers from a deck of "
              f"{len(area.modifiers)}")


def _portals(c: Checker, area: Area) -> None:
    for tile in area.tiles:
        if tile.portal_area is None:
            continue
        span = c.span("area", str(area.number), tile.card.code)
        other = area_named(c.tale, tile.portal_area)
        if other is None:
            c.add("TGC589", span, tile=tile.card.code, area=area.number,
                  detail=f"leads to area {tile.portal_area}, which is not declared")
            continue
        far = next((t for t in other.tiles if t.card.code == tile.portal_tile), None)
        if far is None or far.card.face != "W":
            c.add("TGC589", span, tile=tile.card.code, area=area.number,
                  detail=f"leads to {tile.portal_tile}, which is no Wild of area {other.number}")
            continue
        if far.portal_area != area.number:
            c.add("TGC590", span, tile=tile.card.code, area=area.number)


def _bounties(c: Checker) -> None:
    for bounty in c.tale.bounties:
        span = c.span("bounty", bounty.name)
        if area_named(c.tale, bounty.area) is None:
            c.add("TGC591", span, bounty=bounty.name,
                  detail=f"is listed for area {bounty.area}, which is not declared")
            continue
        reason = why_never(bounty.requires, c.g)
        if reason is not None:
            c.add("TGC591", c.span("bounty", bounty.name, "requires"), bounty=bounty.name,
                  detail=f"can never begin: {reason}")
        if not bounty.actions:
            c.add("TGC591", span, bounty=bounty.name, detail="has no actions to complete")
