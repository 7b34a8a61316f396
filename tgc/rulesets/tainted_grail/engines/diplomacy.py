"""The diplomacy engine: a party, a ``DiplomacyEncounter``, a policy and a seeded
generator in, an ``Outcome`` out. The Affinity track is numbered from 1 (the lowest slot,
failure) to ``top`` (the stage is won); the marker starts on the gray slot."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.engines.game import (
    MAX_TURNS,
    EncounterOver,
    Game,
    HeroOut,
    Option,
    Outcome,
    Placed,
)
from tgc.rulesets.tainted_grail.engines.hero import Hero, Member
from tgc.rulesets.tainted_grail.records import Affliction, Card, DiplomacyEncounter, Stage

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.engines.policies import Policy


SHAREABLE = ("magic", "energy")  # what a party member may spend for another (000, "Parties")


class DiplomacyGame(Game):
    kind = "diplomacy"
    encounter: DiplomacyEncounter

    def __init__(self, members: list[Member], encounter: DiplomacyEncounter, policy: Policy,
                 rng: random.Random, log: bool = False, shuffle: bool = True,
                 afflictions: Mapping[str, Affliction] | None = None,
                 players: int | None = None) -> None:
        super().__init__(members, encounter, policy, rng, log, shuffle, afflictions, players)
        self.slot = encounter.start
        self.stage_index = 0
        self.stages = encounter.stages  # the approach the party takes

    def deck_of(self, member: Member) -> list[Card]:
        return list(member.diplomacy_deck or ())

    @property
    def stage(self) -> Stage:
        return self.stages[self.stage_index]

    # ------------------------------------------------------------ the negotiation

    def negotiate(self) -> Outcome:
        enc = self.encounter
        try:
            self.say(f"Diplomacy with {enc.name}: {len(enc.stages)} stage(s), "
                     f"affinity {self.slot}/{enc.top}"
                     + (f"; or a second approach of {len(enc.second)} stage(s)" if enc.second else ""))
            if self.may_avoid() and self.policy.avoid(self):
                for hero in self.heroes:
                    for amount, what in enc.avoid_costs:
                        if what in SHAREABLE:
                            self.pay_for(hero, what, amount)
                        else:
                            self.change(hero, what, -amount)
                self.say("the party avoids the encounter")
                return self.outcome("avoid")
            if enc.second:
                choice = self.policy.approach(self, enc.approaches)
                self.stages = enc.approaches[choice]
                self.say(f"the party takes the {('first', 'second')[choice]} approach")
            self.deal()
            while self.turn < MAX_TURNS:
                self.turn += 1
                self.say(f"-- turn {self.turn}, stage {self.stage.number}, affinity {self.slot}")
                while True:
                    waiting = [h for h in self.in_play() if not h.activated]
                    if not waiting:
                        break
                    hero = waiting[0] if len(waiting) == 1 else \
                        self.policy.pick_active(self, waiting)
                    self.activate(hero)
                self.end_turn_hands(0)
            return self.finish("failure")
        except EncounterOver as over:
            return self.finish(over.outcome)

    def may_avoid(self) -> bool:
        """Avoid needs the section, every requirement (the party's highest value) and
        every cost from each member; Magic and Energy one member may pay for another
        (000, "Parties"), so the party's total of those must cover everyone's."""
        enc = self.encounter
        if not enc.can_avoid:
            return False
        for cond in enc.avoid_if:
            if not any(self.holds(cond, h) for h in self.heroes):
                return False
        for amount, what in enc.avoid_costs:
            if what in SHAREABLE:
                if sum(self.value_of(what, h) for h in self.heroes) < amount * len(self.heroes):
                    return False
            elif not all(self.value_of(what, h) >= amount for h in self.heroes):
                return False
        return True

    def activate(self, hero: Hero) -> None:
        hero.activated = True
        self.active = hero
        self.cards_this_activation = 0
        self.credit = False
        try:
            self.offer_escape(hero, "start")
            self.delayed(hero)
            self.playing_step(hero)
            if self.affinity_check():
                return  # a new stage began: no Response this activation
            self.respond(hero)
            self.affinity_check()
            self.offer_escape(hero, "attack")
        except HeroOut:
            pass
        finally:
            self.active = None

    def affinity_check(self) -> bool:
        """Failure on the lowest slot; the stage is won on the highest. True when a new
        stage has begun."""
        if self.slot <= 1:
            self.say("the affinity marker reaches the lowest slot: failure")
            raise EncounterOver("failure")
        if self.slot >= self.encounter.top:
            if self.stage_index + 1 >= len(self.stages):
                self.say("the affinity marker reaches the top: success")
                raise EncounterOver("win")
            self.stage_index += 1
            self.slot = self.encounter.start
            self.say(f"stage won: stage {self.stage.number} begins at the gray slot")
            return True
        return False

    def respond(self, hero: Hero) -> None:
        effects = self.stage.response_at(self.slot)
        self.say(f"response at affinity {self.slot}: "
                 + ("; ".join(e.text for e in effects) or "nothing"))
        self.suffer(hero, effects)

    def apply_keys(self, hero: Hero, option: Option) -> None:
        """Key by key in the rulebook's order (002, "Playing Cards": each Bonus Key with
        its stage rule, then the Magic Key, then the Free Key), each move clamped at the
        ends of the track as it happens: a summed move would end elsewhere at the top or
        the bottom of the track."""
        for attribute, gain in option.key_gains():
            if gain.up:
                self.move_affinity(gain.up)
            if gain.down:
                self.move_affinity(-gain.down)
            if attribute is not None and gain.stage:
                rule = self.stage.rules.get(attribute, ())
                for _ in range(gain.stage):
                    self.run(rule, hero)
            if gain.draws:
                self.draw(hero, gain.draws)
            for _ in range(gain.discards):
                self.destroy_last()

    def move_affinity(self, amount: int) -> None:
        self.slot = max(1, min(self.encounter.top, self.slot + amount))
        self.say(f"affinity {'+' if amount >= 0 else ''}{amount}: {self.slot}")

    def affinity_colour(self) -> str:
        return self.encounter.colour_at(self.slot)

    def value_of(self, name: str, hero: Hero, source: Placed | None = None) -> int:
        if name == "affinity":
            return self.slot
        return super().value_of(name, hero, source)

    # ------------------------------------------------------------ leaving

    def escape(self, hero: Hero) -> None:
        self.say(f"{hero.name} escapes: the party takes the failure penalty")
        raise EncounterOver("escape")

    def no_cards(self, hero: Hero) -> None:
        raise EncounterOver("failure")

    def remove(self, hero: Hero, why: str) -> None:
        hero.out = why
        self.say(f"{hero.name} is dying: the encounter ends")
        raise EncounterOver("dying")

    def finish(self, outcome: str) -> Outcome:
        enc = self.encounter
        if outcome in ("failure", "escape"):
            for hero in self.heroes:
                self.settle(enc.failure, hero)
        elif outcome == "win":
            for hero in self.heroes:
                self.settle(enc.reward, hero)
        return self.outcome(outcome)


def negotiate(members: list[Member], encounter: DiplomacyEncounter, policy: Policy,
              rng: random.Random, log: bool = False) -> Outcome:
    """One diplomatic encounter from the avoid decision to its end."""
    return DiplomacyGame(members, encounter, policy, rng, log).negotiate()
