"""Tainted Grail's campaign layer, the roster between sessions (SET-9, A5): a player joins
with a character still in the box, who stands beside a veteran with the standard setup,
or a player leaves and their character's Secrets go to a character who stays. The player
count the rules read from then on (menhir dials and costs per player, MEN-6; the solo or
co-op cards) is the new one; dials already set keep their value.

A session is one sitting at the table; in tgc, one ``tgc play --campaign`` run from a
save. The roster changes between days (after the night's readings, before the next Start
of the Day), where a session ends and the next begins (docs/rules.md, SET-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.campaign.death import unclaimed
from tgc.rulesets.tainted_grail.campaign.party import CampaignError
from tgc.rulesets.tainted_grail.campaign.world import Happening
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.runtime.state import declared_member, new_character

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.campaign.day import Campaign


def between_sessions(campaign: Campaign) -> None:
    """Refuse a roster change anywhere but between two days."""
    world = campaign.world
    if world.ending is not None:
        raise CampaignError("the game is over; ask for the mercy (:mercy) or start again")
    if world.phase not in ("dawn", "dusk") or campaign.busy is not None or campaign.readings:
        raise CampaignError("players join or leave between sessions: after the night's readings, "
                            "before the next :sod (SET-9)")


def join(campaign: Campaign, name: str, beside: str | None = None) -> Happening:
    """SET-9: a new player's character, still in the box, joins with the standard setup on
    the card of the veteran ``beside`` (who may be left out while every veteran stands on
    one card)."""
    between_sessions(campaign)
    state, world, bundle = campaign.state, campaign.world, campaign.book.bundle
    free = {n.casefold(): n for n in unclaimed(campaign)}
    chosen = free.get(name.casefold())
    if chosen is None:
        box = ", ".join(free.values()) or "nobody"
        raise CampaignError(f'"{name}" cannot join (in the box: {box})')
    count, most = state.player_count, bundle.campaign.players.max
    if count >= most:
        raise CampaignError(f"the campaign is for at most {most} players (SET-9)")
    veteran = _veteran(campaign, beside)
    card = world.positions[veteran]
    state.party.append(new_character(chosen, declared_member(bundle, chosen), state.vocabulary))
    world.positions[chosen] = card
    declared = bundle_rules(bundle).character(chosen)
    if declared is not None:
        world.numbers[chosen] = declared.number
    state.players = count + 1
    return Happening("SET-9", f"{chosen} joins beside {veteran} on {card} with the standard setup "
                              f"({state.players} players now)")


def _veteran(campaign: Campaign, beside: str | None) -> str:
    standing = campaign.world.order()
    if not standing:
        raise CampaignError("no character is in play for a new one to join (SET-9)")
    if beside is None:
        if len({campaign.world.positions[n] for n in standing}) > 1:
            raise CampaignError("the characters in play stand on different cards: name the one "
                                "to join (:join NAME with A)")
        return standing[0]
    found = next((n for n in standing if n.casefold() == beside.casefold()), None)
    if found is None:
        raise CampaignError(f'"{beside}" is not in play (in play: {", ".join(standing)})')
    return found


def leave(campaign: Campaign, name: str, heir: str | None = None) -> list[Happening]:
    """SET-9: a player leaves with their character, who goes back to the box (and may
    join again, with the standard setup). Every Secret the character held goes to ``heir``
    (by default the first who stays in turn order), Personal ones too: the rulebook keeps
    Secrets in the campaign. Until the next Start of the Day ``:share N to B`` hands each
    but a Personal one on, as after a death (DTH-5). The character's Items go back to the
    Item deck."""
    between_sessions(campaign)
    state, world, book = campaign.state, campaign.world, campaign.book
    member = campaign.character(name)
    count, fewest = state.player_count, max(book.bundle.campaign.players.min, 1)
    if count <= fewest:
        raise CampaignError(f"the campaign needs at least {fewest} player(s) (SET-9)")
    staying = [n for n in world.order() if n != member.name]
    if not staying:
        raise CampaignError(f"nobody would stay to take {member.name}'s Secrets (SET-9)")
    receiver = campaign.character(heir if heir is not None else staying[0])
    if receiver is member:
        raise CampaignError(f"{member.name} is the one leaving: name a character who stays")
    card = world.positions.pop(member.name)
    world.numbers.pop(member.name, None)
    world.passed.discard(member.name)
    world.turned.discard(member.name)
    state.party.remove(member)
    state.players = count - 1
    out = [Happening("SET-9", f"{member.name} leaves the campaign from {card} "
                              f"({state.players} player(s) now)")]
    if member.items:
        out.append(Happening("SET-9", f"{member.name}'s Items go back to the Item deck: "
                                      f"{', '.join(member.items)}"))
    secrets = sorted(member.secrets)
    member.secrets.clear()
    if secrets:
        receiver.secrets.update(secrets)
        shared = [n for n in secrets if not book.bound_secret(n)]
        world.bequest.extend(shared)
        more = " (until the next day, :share N to B hands one on)" if shared else ""
        out.append(Happening("SET-9", f"{member.name}'s Secrets go to {receiver.name}: "
                                      f"{', '.join(map(str, secrets))}{more}"))
    return out
