"""Tainted Grail's campaign layer, death and insanity: the "You Are Dying" and "You Are
Going Insane" cards attached and taken off as the day moves the tracks (DTH-1, DTH-9:
the cards are the campaign's ``@affliction`` rule data, engines/afflictions.py), a
character dying at night, what follows in solo and co-op play (DTH-2..6), and the
All-Mother's mercy (DTH-7, DTH-8).

The moment of death is the Dying card's own text, which our copy of the rulebook does
not give (A41). The reading here (docs/rules.md, "The campaign layer"): a character who
is still dying after their End of the Day rest dies; dying is the Dying card attached
(or, in a campaign that declares no such card, Health 0)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.campaign.party import CampaignError
from tgc.rulesets.tainted_grail.campaign.world import Happening
from tgc.rulesets.tainted_grail.engines import afflictions
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.runtime.state import Character, declared_member, new_character

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.campaign.day import Campaign

HEALTH = "health"
SAVED = "Saved by the Goddess"  # DTH-8: the status the mercy marks


def afflict(campaign: Campaign) -> list[Happening]:
    """DTH-1, DTH-9: attach the cards the tracks call for and take off those whose rule
    says so, for every character (after each moment that moves tracks)."""
    rules = bundle_rules(campaign.book.bundle)
    out = []
    for name in campaign.world.order():
        member = campaign.character(name)
        for line in afflictions.update(member, rules, campaign.state.player_count,
                                       campaign.book.item_keywords):
            rule = "DTH-9" if "Insane" in line or "insane" in line else "DTH-1"
            out.append(Happening(rule, line))
    return out


def dying(campaign: Campaign, member: Character) -> bool:
    """The Dying card attached (or Health 0 where the campaign declares no such card)."""
    rules = bundle_rules(campaign.book.bundle)
    if not any(card.attach == "dying" for card in rules.afflictions.values()):
        return member.tracks[HEALTH] <= 0
    return any(card.attach == "dying" for card in afflictions.attached(member, rules))


def deaths_at_night(campaign: Campaign) -> list[Happening]:
    """A41 (our reading): after the rest, a character still dying dies."""
    out: list[Happening] = []
    for name in campaign.world.order():
        if campaign.world.ending is None and dying(campaign, campaign.character(name)):
            out += die(campaign, name)
    return out


def die(campaign: Campaign, name: str) -> list[Happening]:
    """DTH-2..6: the character leaves the game; their Items lie on their card (DTH-4);
    their Secrets are shared among the others (DTH-5, ``bequeath``); a solo death ends the
    game (DTH-2), and in co-op a death with no character left to claim ends it in failure
    for everyone (DTH-6, §4 table G)."""
    world, state = campaign.world, campaign.state
    member = campaign.character(name)
    card = world.positions.pop(member.name)
    world.passed.discard(member.name)
    world.turned.discard(member.name)
    world.dead.append(member.name)
    state.party.remove(member)
    out = [Happening("DTH-3" if state.player_count > 1 else "DTH-2",
                     f"{member.name} dies on {card}")]
    if member.items:
        world.lying.setdefault(card, []).extend(member.items)
        out.append(Happening("DTH-4", f"{member.name}'s Items lie on {card}: {', '.join(member.items)}"))
    out += bequeath(campaign, member)
    if state.player_count <= 1:
        world.ending, world.phase = "death", "over"
        return [*out, Happening("DTH-2", "the game ends with the death (the mercy may be asked, DTH-7)")]
    free = unclaimed(campaign)
    if not free:
        world.ending, world.phase = "failure", "over"
        return [*out, Happening("DTH-6", "every other character is in play or dead: the game ends "
                                         "in failure for everyone (the mercy may be asked, DTH-7)")]
    if not state.party:
        world.ending, world.phase = "failure", "over"
        return [*out, Happening("DTH-6", "nobody is left standing: the game ends in failure")]
    return [*out, Happening("DTH-3", f"{member.name}'s player may claim {', '.join(free)} (:claim)")]


def bequeath(campaign: Campaign, member: Character) -> list[Happening]:
    """DTH-5: a Personal Secret vanishes for good with its holder; the others go to the
    living character first in turn order, and until the next Start of the Day the dead
    character's player may hand each to any living character, wherever they stand
    (``share``: the rulebook lets that player share them as they wish)."""
    book, world, state = campaign.book, campaign.world, campaign.state
    out: list[Happening] = []
    personal = sorted(n for n in member.secrets if book.bound_secret(n))
    if personal:
        out.append(Happening("DTH-5", f"{member.name}'s Personal Secrets vanish for good: "
                                      f"{', '.join(map(str, personal))}"))
    shared = sorted(n for n in member.secrets if n not in personal)
    member.secrets.clear()
    living = [n for n in world.order() if any(m.name == n for m in state.party)]
    if shared and living:
        heir = campaign.character(living[0])
        heir.secrets.update(shared)
        world.bequest.extend(shared)
        out.append(Happening("DTH-5", f"{member.name}'s Secrets go to {heir.name}: "
                                      f"{', '.join(map(str, shared))} (until the next day, "
                                      f":share N to B hands one to any living character)"))
    return out


def share(campaign: Campaign, number: int, name: str) -> Happening:
    """DTH-5: a dead character's Secret handed to a living character, as that character's
    player wishes, until the next Start of the Day (and SET-9: one a departed character
    left, roster.py)."""
    world = campaign.world
    if number not in world.bequest:
        left = ", ".join(map(str, world.bequest)) or "none"
        raise CampaignError(f"secret {number} is not a dead or departed character's to share "
                            f"(to share until the next day: {left}; DTH-5)")
    receiver = campaign.character(name)
    holder = campaign.state.secret_holder(number)
    if holder is not None:
        holder.secrets.discard(number)
    receiver.secrets.add(number)
    return Happening("DTH-5", f"secret {number} goes to {receiver.name}")


def unclaimed(campaign: Campaign) -> list[str]:
    """The declared characters neither in play nor dead (A42: the dead never return)."""
    rules = bundle_rules(campaign.book.bundle)
    taken = {n.casefold() for n in [*campaign.world.positions, *campaign.world.dead]}
    return sorted(c.name for c in rules.characters.values() if c.name.casefold() not in taken)


def claim(campaign: Campaign, name: str) -> Happening:
    """DTH-3 (A42): a player whose character died takes a character still in the box,
    with the standard setup, on the lowest-numbered placed card."""
    if not campaign.world.dead:
        raise CampaignError("nobody has died: there is no player to claim a character (DTH-3)")
    if campaign.world.ending is not None:
        raise CampaignError("the game is over; ask for the mercy (:mercy) or start again")
    free = {n.casefold(): n for n in unclaimed(campaign)}
    chosen = free.get(name.casefold())
    if chosen is None:
        box = ", ".join(free.values()) or "nobody"
        raise CampaignError(f'"{name}" cannot be claimed (in the box: {box})')
    if len(campaign.state.party) >= campaign.state.player_count:
        raise CampaignError("every player has a character")
    fresh = new_character(chosen, declared_member(campaign.book.bundle, chosen), campaign.state.vocabulary)
    campaign.state.party.append(fresh)
    card = min(campaign.table.placed)
    campaign.world.positions[chosen] = card
    declared = bundle_rules(campaign.book.bundle).character(chosen)
    if declared is not None:
        campaign.world.numbers[chosen] = declared.number
    campaign.world.passed.add(chosen)  # they join at the next Start of the Day
    return Happening("DTH-3", f"{chosen} is claimed and stands on {card}, the lowest-numbered placed card")


def take_item(campaign: Campaign, name: str, item: str) -> Happening:
    """DTH-4 (A43): a dead character's Item, taken by a character on that card."""
    member = campaign.character(name)
    card = campaign.world.positions[member.name]
    lying = campaign.world.lying.get(card, [])
    found = next((i for i in lying if i.casefold() == item.casefold()), None)
    if found is None:
        raise CampaignError(f"no Item \"{item}\" lies on {card} (lying there: {', '.join(lying) or 'none'})")
    lying.remove(found)
    if not lying:
        del campaign.world.lying[card]
    member.items.append(found)
    return Happening("DTH-4", f"{member.name} takes {found} from {card}")


def mercy(campaign: Campaign) -> list[Happening]:
    """DTH-7, DTH-8 (A44): after a solo death or a failure, the group may ask for the
    All-Mother's mercy: the status "Saved by the Goddess" is marked, every character who
    played comes back with the standard setup on the start card, and the campaign's
    ``mercy ->`` verse is read (the chapter's restart and its resources are its text;
    the caller queues the reading)."""
    world, state = campaign.world, campaign.state
    if world.ending is None:
        raise CampaignError("the mercy is asked only when the game has ended (DTH-7)")
    target = campaign.header.mercy
    if target is None:
        raise CampaignError("the campaign declares no `mercy ->` verse on @campaign")
    state.statuses.setdefault(SAVED, set()).add(1)
    start = campaign.geo.start
    for name in [*world.dead]:
        if all(m.name != name for m in state.party):
            state.party.append(new_character(name, declared_member(campaign.book.bundle, name),
                                             state.vocabulary))
    for member in state.party:
        world.positions[member.name] = start
    world.dead.clear()
    world.ending, world.phase = None, "dawn"
    world.passed.clear()
    world.turned.clear()
    state.in_play.add(start)
    return [Happening("DTH-8", f'"{SAVED}" is marked: the All-Mother takes the group back to '
                               f"{start}"),
            Happening("DTH-8", "the mercy verse is read")]
