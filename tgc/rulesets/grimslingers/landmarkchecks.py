"""Grimslingers landmark checks: a ``@landmark N`` entry holds the actions its King tile
runs each time the party enters it (GS-13.2, GS-A35), so an entry no area lays out never
runs, a number laid out on two Kings runs in two places, and an action that names nothing
(or ends a story part where there is none) is a mistake the writer would only meet at the
table. Run by ``checks.Checker``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tgc.rulesets.grimslingers.cardchecks import name_check
from tgc.rulesets.grimslingers.data import Landmark

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.checks import Checker


def check_landmarks(c: Checker) -> None:
    laid = _laid_out(c)
    for number, places in laid.items():
        for area, code in places[1:]:
            first = f"area {places[0][0]} {places[0][1]}"
            c.add("TGC599", c.span("area", str(area), code),
                  detail=f"landmark {number} is laid out twice: on {first} and on area "
                         f"{area} {code}",
                  hint="a landmark stands in one place: give this King its own number")
    items = {card.name for card in c.tale.cards if card.kind == "item"}
    paths = {p.name for p in c.tale.paths}
    for mark in c.tale.landmarks:
        _entry(c, mark, laid, items, paths)


def _laid_out(c: Checker) -> dict[int, list[tuple[int, str]]]:
    """Each landmark number and the tiles (area, card) that lay it out, in order."""
    laid: dict[int, list[tuple[int, str]]] = {}
    for area in c.tale.areas:
        for tile in area.tiles:
            if tile.landmark is not None:
                laid.setdefault(tile.landmark, []).append((area.number, tile.card.code))
    return laid


def _entry(c: Checker, mark: Landmark, laid: dict[int, list[tuple[int, str]]],
           items: set[str], paths: set[str]) -> None:
    name = str(mark.number)
    if mark.number not in laid:
        c.add("TGC599", c.span("landmark", name),
              detail=f"no area lays out landmark {mark.number}, so its actions never run",
              hint=f"give an area's King tile `KS: landmark {mark.number}`, or fix the number")
    span = c.span("landmark", name, "actions")
    for action in mark.actions:
        name_check(c, action, span, items, paths)
        if action.kind == "end" and action.what == "part":
            c.add("TGC599", span, detail=f"landmark {mark.number}'s actions say `end part`, "
                  "but a landmark is no story part",
                  hint="a landmark's actions stop at their end; `end chapter` and "
                       "`game over` also work here")
