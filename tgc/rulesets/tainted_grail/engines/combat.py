"""The combat engine: a party, a ``CombatEncounter``, a policy and a seeded generator in,
an ``Outcome`` out. It follows the rulebook's Combat Turn step by step; choices where the
rulebook is unclear are listed (and tested) in docs/rules.md."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.engines.game import (
    ESCAPE_COST,
    MAX_TURNS,
    EncounterOver,
    Game,
    HeroOut,
    Option,
    Outcome,
    Placed,
)
from tgc.rulesets.tainted_grail.engines.hero import Hero, Member
from tgc.rulesets.tainted_grail.records import ITEM_LIMITED, Affliction, Card, CombatEncounter

LIMITED = frozenset(ITEM_LIMITED)

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.engines.policies import Policy


class CombatGame(Game):
    kind = "combat"
    encounter: CombatEncounter

    def __init__(self, members: list[Member], encounter: CombatEncounter, policy: Policy,
                 rng: random.Random, log: bool = False, shuffle: bool = True,
                 afflictions: Mapping[str, Affliction] | None = None,
                 players: int | None = None) -> None:
        super().__init__(members, encounter, policy, rng, log, shuffle, afflictions, players)
        self.pool = 0
        self.traits = encounter.traits
        self.defensive_debt = 0

    def deck_of(self, member: Member) -> list[Card]:
        return list(member.combat_deck or ())

    # ------------------------------------------------------------ the fight

    def fight(self) -> Outcome:
        """Play the whole combat and report how it ended."""
        try:
            self.say(f"Combat against {self.encounter.name} (value {self.encounter.value})")
            for hero in self.heroes:
                self.equip(hero)
            self.deal()
            while self.turn < MAX_TURNS:
                self.turn += 1
                self.say(f"-- turn {self.turn}, pool {self.pool}")
                while True:
                    waiting = [h for h in self.in_play() if not h.activated]
                    if not waiting:
                        break
                    hero = waiting[0] if len(waiting) == 1 else \
                        self.policy.pick_active(self, waiting)
                    self.activate(hero)
                self.end_turn()
            return self.finish("escape")
        except EncounterOver as over:
            return self.finish(over.outcome)

    def activate(self, hero: Hero) -> None:
        hero.activated = True
        self.active = hero
        self.cards_this_activation = 0
        self.credit = False
        try:
            if self.first_activation:
                self.first_activation = False
                if "ambush" in self.traits and len(hero.hand) > 1:
                    self.say("Ambush: discard down to 1 card")
                    self.discard_hand(hero, len(hero.hand) - 1)
                if "rush" in self.traits:
                    self.say("Rush: 2 damage")
                    self.lose_health(hero, 2)
            self.offer_escape(hero, "start")
            self.delayed(hero)
            self.playing_step(hero)
            played = self.cards_this_activation
            if played == 0:
                self.say("no card played: Opportunity attack")
                self.opportunity(hero)
                self.draw(hero, 1)
            elif played < 2 and "opportunist" in self.traits:
                self.say("Opportunist: fewer than 2 cards played")
                self.opportunity(hero)
            self.victory_check()
            for _ in range(2 if "rage" in self.traits else 1):
                self.enemy_attack(hero)
                self.victory_check()
            self.offer_escape(hero, "attack")
        except HeroOut:
            pass
        self.active = None

    def equip(self, hero: Hero) -> None:
        """001, "Starting Combat": each member uses at most one item per limited keyword
        and may set any aside; the policy picks, keyword by keyword (an item with two
        limited keywords fills both)."""
        owned = hero.items + hero.aside
        if not owned:
            return
        used = [i for i in owned if not i.keywords & LIMITED]
        taken: set[str] = set()
        for keyword in ITEM_LIMITED:
            candidates = [i for i in owned if keyword in i.keywords and i not in used
                          and not i.keywords & taken]
            if keyword in taken or not candidates:
                continue
            index = self.policy.equip(self, hero, keyword, candidates)
            if index >= 0:
                used.append(candidates[index])
                taken |= candidates[index].keywords & LIMITED
            else:
                taken.add(keyword)
        hero.items = used
        hero.aside = [i for i in owned if i not in used]
        hero.cap_items()

    def may_play_more(self, hero: Hero) -> bool:
        return not ("fast" in self.traits and self.cards_this_activation >= 2)

    def resolve_card(self, hero: Hero, placed: object, option: Option) -> None:
        # Defensive: the first card of an activation adds one marker less (all its sources).
        self.defensive_debt = 1 if ("defensive" in self.traits and
                                    self.cards_this_activation == 1) else 0
        super().resolve_card(hero, placed, option)  # type: ignore[arg-type]
        self.defensive_debt = 0

    def apply_keys(self, hero: Hero, option: Option) -> None:
        """Markers only grow on keys, so the card's keys act as one sum."""
        gain = option.gain
        if gain.markers:
            self.markers(hero, gain.markers)
        if gain.draws:
            self.draw(hero, gain.draws)
        for _ in range(gain.discards):
            self.destroy_last()

    def markers(self, hero: Hero, amount: int) -> None:
        if amount == 0:  # "1 marker per connected X" with none connected
            return
        if amount > 0:
            if self.defensive_debt:
                taken = min(amount, self.defensive_debt)
                self.defensive_debt -= taken
                amount -= taken
                self.say("Defensive: one marker less")
            self.pool += amount
            self.say(f"+{amount} marker(s): pool {self.pool}")
            return
        loss = -amount
        covered = min(loss, self.pool)
        self.pool -= covered
        self.say(f"-{covered} marker(s): pool {self.pool}")
        if loss > covered:
            # Negative Combat Pool: one card from hand (then deck) per missing marker.
            self.say(f"{loss - covered} marker(s) missing: discard instead")
            self.discard_hand(hero, loss - covered)

    def value_of(self, name: str, hero: Hero, source: Placed | None = None) -> int:
        if name == "pool":
            return self.pool
        return super().value_of(name, hero, source)

    def victory_check(self) -> None:
        if self.pool >= self.encounter.value:
            self.say(f"pool {self.pool} reaches {self.encounter.value}: victory")
            raise EncounterOver("win")

    def enemy_attack(self, hero: Hero) -> None:
        effects = self.encounter.attack_at(self.pool)
        self.say(f"enemy attack at pool {self.pool}: "
                 + ("; ".join(e.text for e in effects) or "nothing"))
        self.suffer(hero, effects, unpreventable=("damage",) if "feint" in self.traits else ())
        if "horde" in self.traits:
            self.say("Horde: discard 2 cards from the top of the deck")
            self.discard_deck(hero, 2)

    def opportunity(self, hero: Hero) -> None:
        saved, self.prevent = self.prevent, None
        try:
            self.run(self.encounter.opportunity, hero)
        finally:
            self.prevent = saved

    def end_turn(self) -> None:
        self.end_turn_hands(1 if "slow" in self.traits else 0)

    def extra_start_cards(self) -> int:
        return 1 if "slow" in self.traits else 0

    # ------------------------------------------------------------ leaving

    def escape(self, hero: Hero) -> None:
        """Lose 1 Energy, suffer the Opportunity attack, leave the fight. A member still in
        the fight may spend their Energy for the escaping one (000, "Parties"): what the
        escaping member lacks, the one with most Energy pays."""
        if hero.out is not None:
            return
        self.say(f"{hero.name} escapes")
        self.pay_for(hero, ESCAPE_COST[0], ESCAPE_COST[1])
        self.opportunity(hero)
        if hero.out is None:
            self.remove(hero, "escaped")

    def no_cards(self, hero: Hero) -> None:
        self.escape(hero)

    def remove(self, hero: Hero, why: str) -> None:
        hero.out = why
        self.say(f"{hero.name} leaves the combat ({why})")
        if not self.in_play():
            raise EncounterOver("dying" if all(h.out == "dying" for h in self.heroes)
                                else "escape")
        if hero is self.active:
            raise HeroOut()

    def after_health_loss(self) -> None:
        if "robber" in self.traits and all(h.health <= 1 for h in self.heroes):
            for hero in self.heroes:
                hero.res["wealth"] = 0
                hero.items.clear()
                hero.aside.clear()
            self.say("Robber: the party is robbed of wealth and items")
            raise EncounterOver("robbed")

    def finish(self, outcome: str) -> Outcome:
        if "shatter" in self.traits:
            for hero in self.heroes:
                hero.items = [i for i in hero.items if "weapon" not in i.keywords]
        if outcome == "win":
            for hero in self.heroes:
                if hero.out is None:
                    self.settle(self.encounter.reward, hero)
            takers = [h for h in self.heroes if h.out is None]
            for effect in self.encounter.loot if takers else ():
                # Loot is shared (001, "Encounter Card" 9): the party decides who takes what.
                taker = takers[0]
                if len(takers) > 1:
                    taker = self.policy.share(self, effect, takers)
                    self.say(f"{taker.name} takes the loot: {effect.text}")
                self.settle((effect,), taker)
        result = self.outcome(outcome)
        result.guardian_roams = self.encounter.guardian and outcome != "win"
        return result


def fight(members: list[Member], encounter: CombatEncounter, policy: Policy,
          rng: random.Random, log: bool = False) -> Outcome:
    """One combat from the first draw to its end."""
    return CombatGame(members, encounter, policy, rng, log).fight()
