"""The Tainted Grail ruleset for the interpreter: an ``encounter`` op, the GameState and
the story's generator in; a real fight or negotiation played by a policy, its costs
written back to the state, and the outcome (win, lose or avoid) out."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tgc.bundle import schema as s
from tgc.rulesets.tainted_grail.engines import afflictions
from tgc.rulesets.tainted_grail.engines.advancement import deck
from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Game, Outcome
from tgc.rulesets.tainted_grail.engines.hero import ItemInUse, Member
from tgc.rulesets.tainted_grail.engines.policies import POLICIES, Policy
from tgc.rulesets.tainted_grail.records import (
    TRACKS,
    CombatEncounter,
    Encounter,
    Rules,
)
from tgc.runtime.rng import Rng
from tgc.runtime.state import Character as StateCharacter
from tgc.runtime.state import GameState


@dataclass(frozen=True)
class Fight:
    """An encounter about to be played: its rule data, who takes part, and the seed of the
    fight's own generator (drawn from the story's, so a replay fights the same fight)."""

    encounter: Encounter
    members: tuple[Member, ...]
    seed: int
    players: int | None = None  # the game's players (the solo or co-op afflictions)


def play(game: Game) -> Outcome:
    """A combat or a diplomacy, from the first draw to its end."""
    if isinstance(game, CombatGame):
        return game.fight()
    assert isinstance(game, DiplomacyGame)
    return game.negotiate()


class TaintedGrailRuleset:
    """Plays every encounter that has rule data; leaves the others (and parties with no
    declared character) to the reader, as the default ruleset does."""

    def __init__(self, rules: Rules, policy: str | Policy = "greedy",
                 item_keywords: Mapping[str, tuple[str, ...]] | None = None,
                 log: Callable[[str], None] | None = None) -> None:
        self.rules = rules
        self.policy = POLICIES[policy]() if isinstance(policy, str) else policy
        self.item_keywords = dict(item_keywords or {})
        self.log = log
        self.last: Outcome | None = None

    @classmethod
    def from_bundle(cls, bundle: s.Bundle, payload: Mapping[str, Any] | None = None,
                    **kwargs: Any) -> TaintedGrailRuleset:
        """From a bundle's records, or from a rule payload (see bundled.py) when given."""
        from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules, rules_from_payload

        rules = rules_from_payload(payload) if payload is not None else bundle_rules(bundle)
        keywords = {item.name: item.keywords for item in bundle.items}
        return cls(rules, item_keywords=keywords, **kwargs)

    # ------------------------------------------------------------ the protocol

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        fight = self.prepare(encounter, state, rng)
        if fight is None:
            return None
        outcome = self.play(fight.encounter, list(fight.members), random.Random(fight.seed),
                            players=fight.players)
        return self.conclude(outcome, outcomes, state, rng)

    def settle(self, state: GameState) -> list[str]:
        """The runtime's Settling seam: after every story effect, each member's cards as
        the tracks now call for (000, death and insanity: Health at 0 "at any point of the
        game" attaches the Dying card, Terror in the red the Insane one), with the
        game's player count choosing the solo or co-op card."""
        if not self.rules.afflictions:
            return []
        said: list[str] = []
        for character in state.party:
            said += afflictions.update(character, self.rules, state.player_count, self.item_keywords)
        return said

    def prepare(self, encounter: s.Encounter, state: GameState, rng: Rng) -> Fight | None:
        """The fight an ``encounter`` op starts, drawing the encounter (for a deck) and the
        fight's seed from the story's generator; None when the reader must decide."""
        chosen = self.pick(encounter, rng)
        if chosen is None:
            return None
        members = [m for m in (self.member(c, state) for c in state.active) if m is not None]
        deck = "combat_deck" if isinstance(chosen, CombatEncounter) else "diplomacy_deck"
        if not members or not all(getattr(m, deck) for m in members):
            return None  # nobody (or somebody without cards) to play it: the reader decides
        return Fight(chosen, tuple(members), rng.pick(range(1 << 30)), state.player_count)

    def conclude(self, outcome: Outcome, outcomes: tuple[str, ...], state: GameState,
                 rng: Rng) -> str:
        """Write a played fight back to the state; the verse arm it follows."""
        self.apply(outcome, state, rng)
        self.last = outcome
        if self.log is not None:
            for line in outcome.log:
                self.log(line)
        arm = outcome.arm
        return arm if arm in outcomes else "lose"

    def pick(self, encounter: s.Encounter, rng: Rng) -> Encounter | None:
        """The named encounter, or one drawn from its deck (and level)."""
        if encounter.name is not None:
            return self.rules.encounters.get(encounter.name)
        if encounter.deck is None:
            return None
        deck = self.rules.in_deck(encounter.deck, encounter.level)
        return rng.pick(deck) if deck else None

    def member(self, character: StateCharacter, state: GameState) -> Member | None:
        declared = self.rules.character(character.name)
        if declared is None:
            return None
        items = tuple(ItemInUse(name, frozenset(self.item_keywords.get(name, ())),
                                self.rules.item_abilities(name))
                      for name in character.items)  # each member fights with what they carry
        skills = tuple(self.rules.skills[n] for n in character.piles.get("skills", ())
                       if n in self.rules.skills)
        return Member(declared, dict(character.attributes), dict(character.resources),
                      character.tracks.get("health"), character.tracks.get("energy"),
                      character.tracks.get("terror"), items,
                      tuple(deck(character, "combat", self.rules)),  # as advanced, if it was
                      tuple(deck(character, "diplomacy", self.rules)),
                      tuple(character.piles.get("afflictions", ())), skills)

    def play(self, encounter: Encounter, members: list[Member], rng: random.Random,
             policy: Policy | None = None, log: bool | None = None,
             players: int | None = None) -> Outcome:
        """Play an encounter to its end (``policy`` and ``log`` default to the ruleset's;
        ``players``, the game's, to the members')."""
        return play(self.game(encounter, members, rng, policy, log, players))

    def game(self, encounter: Encounter, members: list[Member], rng: random.Random,
             policy: Policy | None = None, log: bool | None = None,
             players: int | None = None) -> Game:
        chosen = policy if policy is not None else self.policy
        logged = self.log is not None if log is None else log
        cards = self.rules.afflictions
        if isinstance(encounter, CombatEncounter):
            return CombatGame(members, encounter, chosen, rng, logged, True, cards, players)
        return DiplomacyGame(members, encounter, chosen, rng, logged, True, cards, players)

    def apply(self, outcome: Outcome, state: GameState, rng: Rng) -> None:
        """Write the fight's costs and gains back: tracks, resources, items, secrets."""
        by_name = {c.name.casefold(): c for c in state.party}
        for hero in outcome.heroes:
            character = by_name.get(hero.name.casefold())
            if character is None:
                continue
            for track in TRACKS:
                character.set_track(track, getattr(hero, track))
            character.resources.update(hero.resources)
            character.items = _kept(character.items, hero.items)  # lost, broken, robbed
            if list(hero.afflictions) != character.piles.get("afflictions", []):
                character.piles["afflictions"] = list(hero.afflictions)  # attached, or off
        for who, effect in outcome.story:
            if effect.verb == "gain_secret":  # to the member the party gave it to, as loot
                state.gain_secret(effect.amount, by_name.get(who.casefold()))
            elif effect.verb == "lose_secret":
                state.lose_secret(effect.amount)
            elif effect.verb == "gain_item":
                item = self.item_for(effect.what, state, rng)
                if item is not None:  # loot goes to the member the party gave it to
                    state.give(item, by_name.get(who.casefold()))

    def item_for(self, what: str, state: GameState, rng: Rng) -> str | None:
        """An item by name, or one drawn among the campaign's items with that keyword."""
        if what in self.item_keywords:
            return what
        choices = sorted(name for name, keywords in self.item_keywords.items()
                         if what in keywords and name not in state.items and name not in state.out_of_deck)
        return rng.pick(choices) if choices else None


def _kept(carried: list[str], left: tuple[str, ...]) -> list[str]:
    """The member's items that came out of the fight, in the order they were carried."""
    remaining = Counter(left)
    kept = []
    for item in carried:
        if remaining[item] > 0:
            remaining[item] -= 1
            kept.append(item)
    return kept
