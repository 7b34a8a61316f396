"""Grimslingers character sheets at a duel's edges: a Tall Tale character (``tale.py``)
seated as a duelist, and the duel's end written back on the sheets (trackers, piles,
special resources, the group's defeats and revival). Shared by Tall Tale duels and by an
Instant item resolved between duels (``instant.py``)."""

from __future__ import annotations

from tgc.rulesets.grimslingers.engines.duel import Duel, PlayerSetup
from tgc.rulesets.grimslingers.engines.tale import Character, TaleState, revive_all
from tgc.rulesets.grimslingers.rules import Rules


def player_of(rules: Rules, c: Character) -> PlayerSetup:
    """The character as a duel seats them: trackers, limits, piles and special resource."""
    return PlayerSetup(rules.grimslingers.get(c.name), tuple(c.hand), tuple(c.stash),
                       hp=c.hp, ep=c.ep, max_hp=c.max_hp, max_ep=c.max_ep,
                       hand_limit=c.hand_limit, stash_limit=c.stash_limit, resource=c.resource,
                       belt=c.belt, discard=tuple(c.discard), deactivated=tuple(c.deactivated),
                       passive=tuple(c.passive))


def write_back(state: TaleState, duel: Duel) -> None:
    """The duel's end on the character sheets: trackers, piles, special resources, the
    group's defeats (counted in the duel, GS-16.6), revival unless the game is over."""
    for character, duelist in zip(state.party, duel.players, strict=True):
        character.hp, character.ep = duelist.hp, duelist.ep
        character.hand, character.stash = duelist.hand, duelist.stash
        character.discard, character.deactivated = duelist.discard, duelist.deactivated
        character.passive = duelist.passive
        if duelist.grimslinger is not None:
            resource = duelist.grimslinger.resource
            # Luella's control resets at a duel's end; blood and bullets stay (GS-15.10)
            character.resource = 0 if resource == "control" else duelist.res.get(resource)
            if resource == "ammo":
                character.belt = duelist.belt
    state.item_discard.extend(duel.item_discard)  # items used in the duel (GS-3.7)
    state.defeats_left = max(0, duel.defeats_left)
    state.game_over = state.game_over or duel.game_over
    if not state.game_over:
        revive_all(state)
