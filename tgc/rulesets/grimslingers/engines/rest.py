"""Grimslingers' Rest phase between duels (GS-14.1 step 4, a decision point of §18): each
player may take a Standoff phase at the party's table (two Standoff actions, as in a
duel) and reorganise hand and stash. The party, the actions (a policy's, or the players'
answers) and the one generator in; the sheets changed and the notes of what happened out.
PP (story.py's ``buy``) and Kipper's durability (story.py's ``rest``) are the phase's
other parts."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Literal

from tgc.rulesets.grimslingers.data import Card, Cost, Fx
from tgc.rulesets.grimslingers.engines.decisions import (
    Feast,
    Load,
    Policy,
    StandoffAction,
    UseAbility,
    UseCard,
)
from tgc.rulesets.grimslingers.engines.duel import Duel
from tgc.rulesets.grimslingers.engines.duelist import Duelist, take
from tgc.rulesets.grimslingers.engines.instant import Table, rules_of
from tgc.rulesets.grimslingers.engines.policies import Greedy, affordable
from tgc.rulesets.grimslingers.engines.sheets import write_back
from tgc.rulesets.grimslingers.engines.standoff import take_standoff
from tgc.rulesets.grimslingers.engines.tale import Character, TaleState
from tgc.rulesets.grimslingers.engines.words import character_words

Actions = Callable[[Duel, Duelist], Iterable[StandoffAction]]
"""What a player does in the Standoff phase: a policy's ``standoff``, or the players'."""
Pile = Literal["hand", "stash"]


def rest_standoff(state: TaleState, who: Character, policy: Policy, rng: random.Random,
                  actions: Actions | None = None) -> tuple[str, ...]:
    """``who`` takes a Standoff phase at the party's table, with nobody against it: the
    actions ``actions`` gives (``policy.standoff`` by default) are taken as in a duel (two
    at most, one Anima ability, Feast taking both, bullets loaded free, GS-9.3) and the
    choices inside them are ``policy``'s. The table's trackers then go back on the sheets.
    Its notes, and what changed on ``who``'s sheet."""
    assert state.tale is not None
    rules = rules_of(state.tale)
    table = Table(rules, state, policy, rng)
    seat = next(i for i, c in enumerate(state.party) if c is who)
    d = table.players[seat]
    g = rules.grimslingers.get(who.name)
    before = character_words(who, g)
    take_standoff(table, d, (actions or policy.standoff)(table, d))
    table.finish()
    write_back(state, table)
    after = character_words(who, g)
    if after != before:
        table.note(f"after the Standoff: {after}")
    return tuple(table.log)


def greedy_rest(duel: Duel, p: Duelist) -> list[StandoffAction]:
    """The policy's Standoff phase at rest spends nothing the next duel needs (no HP, EP
    or spell): it loads bullets (free); a player at half HP or less uses a Standoff card
    or ability that only heals and is paid in the special resource; else La Fleur feasts
    (blood for nothing)."""
    actions: list[StandoffAction] = [Load(2)]
    heal = _heal(p) if 2 * p.hp <= p.max_hp else None
    if heal is not None:
        actions.append(heal)
    elif p.grimslinger is not None and p.grimslinger.feast:
        actions.append(Feast())
    return actions


def _heals_only(fx: tuple[Fx, ...], costs: tuple[Cost, ...]) -> bool:
    return bool(fx) and all(f.kind == "gain" and f.resource == "hp" for f in fx) \
        and all(c.resource not in ("hp", "ep") for c in costs)


def _heal(p: Duelist) -> StandoffAction | None:
    for card in p.hand:
        if "standoff" in card.types and _heals_only(card.fx, card.costs) and affordable(p, card):
            return UseCard(card)
    for card in p.passive:
        for ability in card.abilities:
            if ability.timing == "standoff" and _heals_only(ability.fx, ability.costs) \
                    and all(p.amount(c.resource) >= c.amount for c in ability.costs):
                return UseAbility(card, ability)
    return None


def fill_hand(c: Character, score: Callable[[Card], float] | None = None) -> list[Card]:
    """The policy's reorganisation: the stash's cards fill the hand's free places, the
    strongest first (a card in the stash cannot be played in a duel; GS-3.7). The cards
    moved."""
    worth = score or Greedy().score
    moved = []
    for card in sorted(c.stash, key=worth, reverse=True):
        if len(c.hand) >= c.hand_limit:
            break
        take(c.stash, card)
        c.hand.append(card)
        moved.append(card)
    return moved


def rest_by_policy(state: TaleState, rng: random.Random) -> list[str]:
    """The Rest phase's Standoff and reorganisation as the policy plays them, player by
    player in table order. The notes (none when nothing changed)."""
    notes: list[str] = []
    policy = Greedy()
    for c in state.party:
        said = rest_standoff(state, c, policy, rng, greedy_rest)
        moved = fill_hand(c, policy.score)
        if moved:
            said += (f"{c.name} takes {', '.join(x.name for x in moved)} from the stash "
                     "into the hand",)
        notes.extend(said)
    return notes


def can_reorganise(c: Character) -> bool:
    """Some card can change piles: a stash card, or a hand card with room in the stash."""
    return bool(c.stash) or (bool(c.hand) and len(c.stash) < c.stash_limit)


def shift(c: Character, card: Card, into: Pile, swap: Card | None = None) -> None:
    """Move ``card`` from the other pile into ``into`` (hand or stash); when ``into`` is
    full, ``swap`` (a card of ``into``) goes the other way (GS-14.1 step 4: hand and
    stash reorganised, their limits kept, GS-3.9)."""
    source, target = (c.stash, c.hand) if into == "hand" else (c.hand, c.stash)
    room = (c.hand_limit if into == "hand" else c.stash_limit) > len(target)
    if not room and swap is None:
        raise ValueError(f"{c.name}'s {into} is full: name a card to swap")
    take(source, card)
    if not room:
        assert swap is not None
        take(target, swap)
        source.append(swap)
    target.append(card)
