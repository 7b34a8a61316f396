"""Tainted Grail's campaign layer, the lines of play a walk tries (`tgc explore --campaign`):
the campaign between readings in, the commands that may fit now out, in the words a
reader types (``:travel Ailei,Beor 202 pay Beor=2,Ailei=0``), and the summary by which
the walk merges lines of play.

The next character to act is the first by character number who has not passed nor taken
this round's turn (A21 lets the players pick any order; a fixed one reaches every place
another order reaches, a round later at most). That character acts alone or in a party
with any of the others on the card who may still act this round (PTY-1, TRN-3); a party
with a member short of Energy is tried with the others covering that member's share
(PTY-3, A20), the richest paying first. The night eats by default and buys nothing."""

from __future__ import annotations

import json
from dataclasses import asdict
from itertools import combinations
from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.campaign import actions
from tgc.rulesets.tainted_grail.campaign.party import ENERGY
from tgc.runtime.campaign import Summary

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.campaign.day import Campaign


def moves(campaign: Campaign) -> list[str]:
    """The commands to try now: a Start of the Day at dawn and at night, the End of the
    Day once everyone is done, else the next character's actions, alone and in each party
    it may form (their Character Action among them, pass last)."""
    world = campaign.world
    if world.phase == "over" or campaign.busy is not None or campaign.readings:
        return []
    if world.phase in ("dawn", "dusk"):
        return [":sod"]
    if campaign.day_over():
        return [":eod"]
    name = next(n for n in world.order() if n not in world.passed and n not in world.turned)
    out: list[str] = []
    for party in parties(campaign, name):
        out += _actions(campaign, party)
    if campaign.character(name).tracks[ENERGY] >= 1 and actions.action_of(campaign, name) is not None:
        out.append(f":action {name}")
    return [*out, f":pass {name}"]


def parties(campaign: Campaign, name: str) -> list[tuple[str, ...]]:
    """``name`` alone, then with every group of the others on the card who have neither
    passed nor acted this round, in turn order."""
    world = campaign.world
    card = world.positions[name]
    others = [n for n in world.order() if n != name and world.positions[n] == card
              and n not in world.passed and n not in world.turned]
    groups: list[tuple[str, ...]] = []
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            groups.append(tuple(n for n in world.order() if n == name or n in chosen))
    return groups


def _actions(campaign: Campaign, party: tuple[str, ...]) -> list[str]:
    card = campaign.world.positions[party[0]]
    who = ",".join(party)
    out: list[str] = []
    pay = _payment(campaign, party)
    if pay is not None:
        if campaign.book.hook(card, "explore") is not None:
            out.append(f":explore {who}{pay}")
        out += [f":travel {who} {n}{pay}" for n in sorted(campaign.table.connected_placed(card))]
    location = campaign.book.locations.get(card)
    if any(campaign.character(n).tracks[ENERGY] >= 1 for n in party):
        out += [f":act {who} {a.name}" for a in (location.actions if location is not None else ())]
    if "menhir" in campaign.geo.cards[card].seals and campaign.book.hook(card, "menhir") is not None:
        out.append(f":inspect {who}")
    return out


def _payment(campaign: Campaign, party: tuple[str, ...]) -> str | None:
    """How the party pays 1 Energy a member: each their own ("" ), or, when someone has
    none, the others covering it, the richest first (`` pay A=2,B=0``); None when the
    party cannot pay at all (a member alone without Energy)."""
    energy = {n: campaign.character(n).tracks[ENERGY] for n in party}
    if all(e >= 1 for e in energy.values()):
        return ""
    if len(party) == 1 or sum(energy.values()) < len(party):
        return None
    owed = len(party)
    shares = dict.fromkeys(party, 0)
    for name in sorted(party, key=lambda n: -energy[n]):
        shares[name] = min(energy[name], owed)
        owed -= shares[name]
    return " pay " + ",".join(f"{n}={shares[n]}" for n in party)


def summary(campaign: Campaign) -> Summary:
    """The walk's view (docs/campaign.md, "Exploring it"): the day and its phase, who
    stands where and who may still act, menhirs, guardians, the event cards, dials and
    tokens, the cards removed or replaced, the readings owed, who is dying or going
    insane; then each character's Energy, where more is better. Left out: the cards in
    play (where the party has stood decides them, and keeping them multiplied a day of
    the sample by four for no card or verse more), statuses, Secrets, Items, resources,
    the exact Health and Terror and the verses read, which the journal reads and the
    map does not."""
    world, state = campaign.world, campaign.state
    names = world.order()
    place = [state.day, str(state.chapter), world.phase, sorted(world.positions.items()),
             sorted(world.passed), sorted(world.turned),
             [(m.card, m.dial) for m in world.menhirs], [(g.name, g.card) for g in world.guardians],
             None if world.events is None else asdict(world.events),
             sorted(world.time_dials.items()), sorted(world.time_tokens.items()),
             sorted(world.quest_tokens.items()), sorted(world.kept.items()),
             sorted(state.removed), sorted(state.replaced.items()), world.dead, world.ending,
             [(r.card, r.hook, r.members, r.event) for r in campaign.readings], world.dreamt,
             [(campaign.character(n).tracks["health"] == 0, campaign.insane(campaign.character(n)))
              for n in names]]
    return Summary(json.dumps(place, separators=(",", ":")),
                   tuple(campaign.character(n).tracks[ENERGY] for n in names))
