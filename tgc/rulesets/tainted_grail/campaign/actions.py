"""Tainted Grail's campaign layer, Character Actions (ACT-5): the action on a character's
tile (``ability: action: EFFECTS`` on ``@character``, rule data) taken as that character's
turn, outside encounters and explorations, by its owner only. Its ``pay`` effects are the
fixed cost: party members on the same card may pay its Energy (PTY-3), but the owner
always pays at least 1 (ACT-5, rb:702, rb:847); the owner pays every other cost. Then its
other effects change the owner's state (engines/outside.py, as an Item's action does)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.campaign.party import ENERGY, CampaignError
from tgc.rulesets.tainted_grail.campaign.world import Happening
from tgc.rulesets.tainted_grail.engines import outside
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.rulesets.tainted_grail.records import Ability, Effect
from tgc.runtime.state import Character

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.campaign.day import Campaign


def action_of(campaign: Campaign, name: str) -> Ability | None:
    """The Character Action of the declared character ``name`` (None: its tile has none)."""
    declared = bundle_rules(campaign.book.bundle).character(name)
    if declared is None:
        return None
    return next((a for a in declared.abilities if a.trigger == "action"), None)


def take(campaign: Campaign, name: str, payer: Mapping[str, int] | None = None) -> list[Happening]:
    """ACT-5: ``name`` takes their Character Action as their turn; ``payer`` (a name -> the
    Energy that character pays) lets others on the card cover all but 1 of its Energy."""
    campaign._during_day()
    owner = campaign.party([name])[0]
    ability = action_of(campaign, owner.name)
    if ability is None:
        raise CampaignError(f"{owner.name}'s tile has no Character Action (`ability: action: ...` "
                            "on their @character)")
    costs = [e for e in ability.effects if e.verb == "pay" and e.cond is None]
    energy = sum(e.amount for e in costs if e.what == ENERGY)
    shares = _shares(campaign, owner, energy, payer)
    for effect in costs:
        if effect.what != ENERGY and owner.get(effect.what) < effect.amount:
            raise CampaignError(f"{owner.name} cannot pay {effect.amount} {effect.what} "
                                f"(has {owner.get(effect.what)})")
    for helper, amount in shares.items():
        member = campaign.character(helper)
        member.set_track(ENERGY, member.tracks[ENERGY] - amount)
    rest: tuple[Effect, ...] = tuple(e for e in ability.effects if e not in costs or e.what != ENERGY)
    said = outside.apply(owner, rest, campaign.book.item_keywords, campaign.state, campaign.rng)
    campaign._turn([owner])
    paid = ", ".join(f"{n} {a}" for n, a in shares.items() if a)
    out = [Happening("ACT-5", f"{owner.name} takes their Character Action"
                              + (f" (Energy paid: {paid})" if paid else "")),
           *(Happening("ACT-5", line) for line in said)]
    return out + campaign.afflict()


def _shares(campaign: Campaign, owner: Character, energy: int,
            payer: Mapping[str, int] | None) -> dict[str, int]:
    """Who pays the action's Energy: the owner alone, or as ``payer`` says, the owner at
    least 1 and the others standing on the owner's card."""
    if payer is None:
        if owner.tracks[ENERGY] < energy:
            raise CampaignError(f"{owner.name} has {owner.tracks[ENERGY]} Energy; the action costs "
                                f"{energy} (others on the card may pay all but 1: pay A=1,B=1)")
        return {owner.name: energy}
    card = campaign.world.positions[owner.name]
    shares: dict[str, int] = {}
    for name, amount in payer.items():
        member = campaign.character(name)
        if campaign.world.positions.get(member.name) != card:
            raise CampaignError(f"{member.name} is not on {card}, so cannot pay {owner.name}'s Energy")
        if amount > member.tracks[ENERGY]:
            raise CampaignError(f"{member.name} has {member.tracks[ENERGY]} Energy, not {amount}")
        shares[member.name] = shares.get(member.name, 0) + amount
    if sum(shares.values()) != energy:
        raise CampaignError(f"the action costs {energy} Energy, and the payers give {sum(shares.values())}")
    if energy >= 1 and shares.get(owner.name, 0) < 1:
        raise CampaignError(f"{owner.name} pays at least 1 Energy of their own Character Action (ACT-5)")
    return shares
