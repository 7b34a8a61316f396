"""The "You Are Dying" and "You Are Going Insane" cards outside an encounter: a party
member's state and the campaign's cards in, the member with cards attached or taken off
(and the cards' ``attached`` rules applied) out, with a line for each change.

000, "Death and insanity": Health dropping to 0 at any moment of the game attaches the
Dying card, Terror reaching the red slots the Insane card; a solo game uses the solo
card. The encounter engines attach them during a fight (engines/game.py); this is the
same rule for every other moment (a story's `lose 3 health`, the campaign layer's day),
so whoever changes a member's tracks calls ``update`` afterwards. The cards attached are
the member's ``afflictions`` pile, saved with the member."""

from __future__ import annotations

from collections.abc import Mapping

from tgc.rulesets.tainted_grail.engines.outside import apply, holds
from tgc.rulesets.tainted_grail.records import Affliction, Rules, affliction_for
from tgc.runtime.state import Character

PILE = "afflictions"


def attached(member: Character, rules: Rules) -> list[Affliction]:
    """The campaign's cards attached to the member's tray, in the order attached."""
    return [rules.afflictions[n] for n in member.piles.get(PILE, ()) if n in rules.afflictions]


def update(member: Character, rules: Rules, players: int,
           item_keywords: Mapping[str, tuple[str, ...]] | None = None,
           red_terror: int | None = None) -> list[str]:
    """Attach what the tracks call for (each card once, its ``attached`` rules applied to
    the member), then take off every card whose ``remove`` rule holds. ``red_terror``
    overrides the number of red Terror slots (a declared character's ``red_terror``)."""
    said: list[str] = []
    names = member.piles.get(PILE, [])
    for kind in _due(member, rules, red_terror):
        if any(rules.afflictions[n].attach == kind for n in names if n in rules.afflictions):
            continue
        card = affliction_for(rules.afflictions, kind, players)
        if card is None:
            continue
        member.piles.setdefault(PILE, []).append(card.name)
        names = member.piles[PILE]
        said.append(f"{member.name}: {card.name} is attached")
        said += apply(member, card.attached, item_keywords or {})
    for card in attached(member, rules):
        if card.remove and all(holds(c, member, item_keywords or {}) for c in card.remove):
            member.piles[PILE].remove(card.name)
            said.append(f"{member.name}: {card.name} comes off")
    return said


def _due(member: Character, rules: Rules, red_terror: int | None) -> list[str]:
    """Which cards the member's tracks call for now: ``dying`` at Health 0, ``insane``
    with Terror in the red slots (the declared character's ``red_terror``; 2 otherwise,
    as the rulebook's track has)."""
    if red_terror is None:
        declared = rules.character(member.name)
        red_terror = declared.terror.red if declared is not None else 2
    kinds = ["dying"] if member.tracks.get("health", 1) <= 0 else []
    limit = member.limits.get("terror")
    if limit is not None and member.tracks.get("terror", 0) > limit - red_terror:
        kinds.append("insane")
    return kinds
