"""Tainted Grail's campaign layer, parties: which characters act together, what they pay
and the view of the campaign state an exploration of that party runs on.

An exploration's Story sees only its party (``GameState.party``) but changes the whole
campaign (statuses, secrets, the map): the view shares every other field with the
campaign's state, and ``write_back`` copies them home when the exploration ends."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, replace

from tgc.runtime.state import Character, GameState

ENERGY = "energy"


class CampaignError(Exception):
    """An action the rules do not allow now (the campaign is unchanged); the message
    says why, in the reader's words."""


def view(state: GameState, members: Sequence[Character], lying: Iterable[str] = ()) -> GameState:
    """The campaign state as the party ``members`` sees it; the Items the others carry and
    those ``lying`` on cards are out of the Item deck its draws take from (ITM-4)."""
    others = [i for m in state.party if all(m is not p for p in members) for i in m.items]
    return replace(state, party=list(members), out_of_deck=frozenset([*others, *lying]))


def write_back(view_state: GameState, state: GameState) -> None:
    """Everything but the party (whose members are the campaign's own objects) goes home.
    A secret is one card: one the party gained while a character elsewhere held it stays
    with that character (the party's view could not see it)."""
    for f in fields(GameState):
        if f.name not in ("party", "vocabulary", "dropped", "answers", "out_of_deck"):
            setattr(state, f.name, getattr(view_state, f.name))
    outside = {n for m in state.party if all(m is not v for v in view_state.party) for n in m.secrets}
    for member in view_state.party:
        member.secrets -= outside


def energy_shares(members: Sequence[Character], per_member: int,
                  payer: Mapping[str, int] | None) -> tuple[dict[str, int], list[str]]:
    """Who pays what of a per-member Energy cost (ACT-2, ACT-3), and who drops out.

    Without ``payer`` each member pays their own share, and a member who cannot drops out
    of the party (PTY-4). With ``payer`` (name -> the Energy that member pays in all) the
    members cover each other's shares (PTY-3): the amounts must add up to the cost of the
    whole party and nobody may pay more than they have."""
    if payer is None:
        paying = [m for m in members if m.tracks[ENERGY] >= per_member]
        dropped = [m.name for m in members if m.tracks[ENERGY] < per_member]
        return {m.name: per_member for m in paying}, dropped
    names = {m.name.casefold(): m for m in members}
    shares: dict[str, int] = {}
    for name, amount in payer.items():
        member = names.get(name.casefold())
        if member is None:
            raise CampaignError(f"{name} is not in this party, so cannot pay its Energy")
        if amount > member.tracks[ENERGY]:
            raise CampaignError(f"{member.name} has {member.tracks[ENERGY]} Energy, not {amount}")
        shares[member.name] = shares.get(member.name, 0) + amount
    total = per_member * len(members)
    if sum(shares.values()) != total:
        raise CampaignError(f"the party owes {total} Energy ({per_member} per member), "
                            f"and the payers give {sum(shares.values())}")
    return shares, []


def pay_energy(members: Sequence[Character], shares: Mapping[str, int]) -> None:
    for member in members:
        member.set_track(ENERGY, member.tracks[ENERGY] - shares.get(member.name, 0))


def pool_pay(members: Sequence[Character], resource: str, amount: int) -> None:
    """A party cost paid together, the richest member first (Magic and Energy may be
    spent for one another, PTY-3)."""
    left = amount
    for member in sorted(members, key=lambda m: -m.get(resource)):
        take = min(left, member.get(resource))
        if resource in member.tracks:
            member.set_track(resource, member.tracks[resource] - take)
        else:
            member.resources[resource] = member.resources.get(resource, 0) - take
        left -= take
