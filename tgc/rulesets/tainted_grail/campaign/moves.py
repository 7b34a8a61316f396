"""Tainted Grail's campaign layer, the lines of play a walk tries (`tgc explore --campaign`):
the campaign between readings in, the commands that may fit now out, in the words a
reader types (``:travel Ailei 202``). The next character to act is the first by
character number who has not passed nor taken this round's turn (A21 lets the players
pick any order; one fixed order reaches every state a different order reaches, one
character's turn at a time), and each acts alone: parties, shared payments, location
actions' choices of payer and the night's purchases with Exp are not walked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.campaign import actions
from tgc.rulesets.tainted_grail.campaign.party import ENERGY

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.campaign.day import Campaign


def moves(campaign: Campaign) -> list[str]:
    """The commands to try now: a Start of the Day at dawn and at night, the End of the
    Day once everyone is done, else the next character's actions (their Character Action
    among them, pass last)."""
    world = campaign.world
    if world.phase == "over" or campaign.busy is not None or campaign.readings:
        return []
    if world.phase in ("dawn", "dusk"):
        return [":sod"]
    if campaign.day_over():
        return [":eod"]
    name = next(n for n in world.order() if n not in world.passed and n not in world.turned)
    return [*_actions(campaign, name), f":pass {name}"]


def _actions(campaign: Campaign, name: str) -> list[str]:
    card = campaign.world.positions[name]
    out: list[str] = []
    if campaign.character(name).tracks[ENERGY] >= 1:
        if campaign.book.hook(card, "explore") is not None:
            out.append(f":explore {name}")
        out += [f":travel {name} {n}" for n in sorted(campaign.table.connected_placed(card))]
        location = campaign.book.locations.get(card)
        out += [f":act {name} {a.name}" for a in (location.actions if location is not None else ())]
        if actions.action_of(campaign, name) is not None:
            out.append(f":action {name}")
    if "menhir" in campaign.geo.cards[card].seals and campaign.book.hook(card, "menhir") is not None:
        out.append(f":inspect {name}")
    return out
