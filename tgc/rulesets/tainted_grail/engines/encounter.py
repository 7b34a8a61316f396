"""One encounter, played under the caller's control: a Setup (the encounter and the party,
from ``simulate.load_setup``), a seed, optionally a fixed order for each member's deck and
a decision callback in; the encounter's ``Outcome`` out. `tgc sim` runs many of these with
a policy; the Python API (docs/api.md) runs one."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Game, Option, Outcome
from tgc.rulesets.tainted_grail.engines.hero import Hero, Member
from tgc.rulesets.tainted_grail.engines.policies import POLICIES, Policy
from tgc.rulesets.tainted_grail.engines.simulate import Setup, members_of, rules_of_setup
from tgc.rulesets.tainted_grail.records import Card, CombatEncounter, DiplomacyEncounter, Rules
from tgc.sim.seam import SimError

# Called at every playing step with the game (read it, never change it), the acting hero
# and the legal options; returns one of those options.
Decide = Callable[[Game, Hero, list[Option]], Option]


class Deciding:
    """A policy whose playing-step choices come from a callback; every other decision
    (mulligan, who acts, charges during the enemy's attack, discards, avoiding, ...) is
    the named base policy's, whatever decisions the Policy protocol grows."""

    def __init__(self, decide: Decide, base: Policy) -> None:
        self.decide = decide
        self.base = base
        self.name = f"callback over {base.name}"

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        picked = self.decide(game, hero, options)
        if not any(picked is option for option in options):
            raise SimError(f"the decision callback returned {picked!r}, which is not one of the "
                           f"options it was given ({', '.join(map(str, options))})")
        return picked


def deciding(decide: Decide, base: Policy) -> Policy:
    """``base`` with its playing-step choices made by ``decide``."""
    return cast(Policy, Deciding(decide, base))


def run_encounter(setup: Setup, seed: int = 0, *, policy: str = "greedy",
                  decide: Decide | None = None, decks: Mapping[str, Sequence[str]] | None = None,
                  log: bool = False) -> Outcome:
    """Play ``setup``'s encounter once from ``seed``. With ``decks`` (character name ->
    card numbers, top of the deck first, e.g. ``{"Beor": ["3A", "1A", "2A"]}``) no deck
    is shuffled: a member named there draws in that order, any other in the order its
    character declares its cards. ``decide`` replaces the policy's playing-step choices."""
    if policy not in POLICIES:
        raise SimError(f"unknown policy `{policy}` (policies: {', '.join(POLICIES)})")
    rules = rules_of_setup(setup)
    encounter = rules.encounters[setup.encounter]
    members = members_of(rules, setup.party)
    if decks is not None:
        members = [_ordered(rules, member, decks, setup.kind) for member in members]
    chooser: Policy = POLICIES[policy]()
    if decide is not None:
        chooser = deciding(decide, chooser)
    rng = random.Random(seed)
    shuffle = decks is None
    if isinstance(encounter, CombatEncounter):
        return CombatGame(members, encounter, chooser, rng, log, shuffle).fight()
    assert isinstance(encounter, DiplomacyEncounter)
    return DiplomacyGame(members, encounter, chooser, rng, log, shuffle).negotiate()


def _ordered(rules: Rules, member: Member, decks: Mapping[str, Sequence[str]], kind: str) -> Member:
    """The member with the deck of ``kind`` in the given (or declared) order, top first
    (the engine draws from the end of its list, so the top card goes last)."""
    declared = rules.deck(member.character, kind)
    wanted = {name.casefold(): numbers for name, numbers in decks.items()}.get(
        member.character.name.casefold(), [card.number for card in declared])
    cards = {card.number.casefold(): card for card in declared}
    order: list[Card] = []
    for number in wanted:
        card = cards.get(number.casefold())
        if card is None:
            raise SimError(f'{member.character.name} has no {kind} card "{number}" '
                           f"(their deck: {', '.join(sorted(c.number for c in cards.values()))})")
        order.append(card)
    deck = tuple(reversed(order))
    if kind == "combat":
        return replace(member, combat_deck=deck)
    return replace(member, diplomacy_deck=deck)
