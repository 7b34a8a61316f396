"""Grimslingers creature duel engine (spec §15): setup, then turns of Standoff, Draw and
Aftermath until the creature or the party falls. A pure state machine over the duelists;
the party's decisions come from a policy, every random outcome from one ``random.Random``."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from tgc.rulesets.grimslingers.data import (
    MAIN_ELEMENTS,
    Card,
    Creature,
    Disposition,
    Grimslinger,
    Modifier,
)
from tgc.rulesets.grimslingers.engines import abilities, cards, resolve
from tgc.rulesets.grimslingers.engines.decisions import PlayCards, Policy
from tgc.rulesets.grimslingers.engines.duelist import (
    Duelist,
    Play,
    drawable,
    holds,
    kept_on_board,
    take,
)
from tgc.rulesets.grimslingers.engines.standoff import take_standoff
from tgc.rulesets.grimslingers.rules import Rules

Outcome = Literal["win", "lose", "stalemate"]
REVIVE_HP = REVIVE_EP = 3  # GS-16.5


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """One player at the start of a duel: the Tall Tale's character sheet, or versus's."""

    grimslinger: Grimslinger | None
    hand: tuple[Card, ...]
    stash: tuple[Card, ...] = ()
    passive: tuple[Card, ...] = ()
    hp: int = 5
    ep: int = 5
    max_hp: int = 5
    max_ep: int = 5
    hand_limit: int = 5
    stash_limit: int = 3
    resource: int | None = None  # the special resource now (a session carries it over)
    belt: int | None = None
    discard: tuple[Card, ...] = ()  # what earlier duels left discarded (GS-15.9)
    deactivated: tuple[Card, ...] = ()
    name: str | None = None  # the seat's name when it has no Grimslinger's (a practice duel)


@dataclass(frozen=True, slots=True)
class DuelSetup:
    creature: Creature
    players: tuple[PlayerSetup, ...]
    modifiers: tuple[Modifier, ...] = ()
    dispositions: bool = True
    all_general_skills: bool = False  # story duels usually use every general skill
    defeats_left: int | None = None  # the group's allowed defeats; None: players + 1
    laid_out: tuple[str, ...] = ()  # the area's Fate cards: Feast draws the others (GS-A25)


@dataclass(slots=True)
class DuelResult:
    outcome: Outcome
    turns: int
    defeats: int
    hp_spent: int
    ep_spent: int
    log: list[str] = field(default_factory=list)


class Duel:
    """One creature duel. ``seats[0]`` is the creature, the first player (GS-15.2)."""

    def __init__(self, rules: Rules, setup: DuelSetup, policy: Policy, rng: random.Random,
                 log: bool = False) -> None:
        self.rules = rules
        self.setup = setup
        self.policy = policy
        self.rng = rng
        self.logging = log
        self.log: list[str] = []
        self.turn = 0
        self.plays: list[Play] = []
        self.defeats = 0
        self.defeats_left = (setup.defeats_left if setup.defeats_left is not None
                             else len(setup.players) + 1)
        self.game_over = False
        self.in_play: list[Disposition] = []
        self.disposition_deck: list[Disposition] = []
        self.creature_modifiers = setup.modifiers
        self.item_discard: list[Card] = []  # shared by every player (GS-3.7)
        self.item_deck: list[Card] = []
        self.field: list[Card] = []  # versus only: a creature duel has no scavenge field
        self.creature = self._make_creature()
        self.players = [self._make_player(i + 1, p) for i, p in enumerate(setup.players)]
        self.seats: list[Duelist] = [self.creature, *self.players]
        self.feast_deck: list[str] = []
        self.laid_out = frozenset(setup.laid_out)
        self._draw_dispositions()

    # -------------------------------------------------------------- setup (GS-15.4)

    def _make_creature(self) -> Duelist:
        c = self.setup.creature
        n = min(max(len(self.setup.players), 1), 4) - 1
        hp, ep = c.hp[n], c.ep[n]
        for m in self.creature_modifiers:
            hp += m.amount if m.rule == "hp_bonus" else 0
            ep += m.amount if m.rule == "ep_bonus" else 0
        me = Duelist(0, c.name, hp, ep, 40, 40, creature=True)
        general = list(self.rules.general_skills)
        if not self.setup.all_general_skills:
            general = self.rng.sample(general, min(3, len(general)))
        me.hand = [*self.rules.skills_of(c), *general]
        self.rng.shuffle(me.hand)
        if c.element_deck:  # GS-15.4 step 5: one of each main element, no LIGHT or DARK
            me.elements = tuple(e for e in self.rules.elements() if e.element in MAIN_ELEMENTS)
        return me

    def _make_player(self, seat: int, p: PlayerSetup) -> Duelist:
        name = p.name or (p.grimslinger.name if p.grimslinger else f"player {seat}")
        me = Duelist(seat, name, p.hp, p.ep, p.max_hp, p.max_ep, hand=list(p.hand),
                     stash=list(p.stash), passive=list(p.passive), hand_limit=p.hand_limit,
                     stash_limit=p.stash_limit, team=1, grimslinger=p.grimslinger,
                     discard=list(p.discard), deactivated=list(p.deactivated),
                     item_pile=self.item_discard)
        for pile in (me.hand, me.stash):  # kept on the board from the start (GS-3.11, 6.7)
            for card in [c for c in pile if kept_on_board(c)]:
                take(pile, card)
                me.passive.append(card)
        g = p.grimslinger
        if g is not None:
            me.res[g.resource] = g.start if p.resource is None else p.resource
            me.res_max[g.resource] = g.maximum
            if g.resource == "ammo":
                me.belt = 10 if p.belt is None else p.belt
        return me

    def _draw_dispositions(self) -> None:
        if not self.setup.dispositions:
            return
        self.disposition_deck = list(self.rules.dispositions)
        self.rng.shuffle(self.disposition_deck)
        for _ in range(2):
            if self.disposition_deck:
                self.in_play.append(self.disposition_deck.pop())

    def note(self, text: str) -> None:
        if self.logging:
            self.log.append(text)

    # -------------------------------------------------------------- the duel

    def run(self, max_turns: int = 60) -> DuelResult:
        outcome = self.outcome()
        while outcome is None and self.turn < max_turns:
            self.play_turn()
            outcome = self.outcome()
        self.finish()
        spent_hp = sum(p.spent_hp for p in self.players)
        spent_ep = sum(p.spent_ep for p in self.players)
        return DuelResult(outcome or "stalemate", self.turn, self.defeats, spent_hp, spent_ep,
                          self.log)

    def finish(self) -> None:
        """The duel's end: cards kept in a space go back to their owners' discard piles."""
        for d in self.seats:
            cards.lift_curses(d)

    def outcome(self) -> Outcome | None:
        """GS-15.1: the creature falls at 0 HP or 0 EP; the party when all are down or
        the group has no allowed defeat left (GS-16.9)."""
        if self.creature.defeated:
            return "win"
        if self.game_over or all(p.defeated for p in self.players):
            return "lose"
        return None

    def play_turn(self) -> None:
        self.turn += 1
        self.note(f"-- turn {self.turn}: {self.creature.name} {self.creature.hp} HP "
                  f"{self.creature.ep} EP; " + ", ".join(
                      f"{p.name} {p.hp} HP {p.ep} EP" for p in self.players))
        for d in self.seats:
            d.dmg_taken = d.hp_lost = 0
            d.hp_dealt.clear()
            d.ep_lost = 0
            d.anima_used = False
            d.played_nv = d.rn_change = d.shield = 0
            d.passed = False
        self.standoff()
        if self.outcome() is None:
            self.draw()
            self.aftermath()
        self.end_turn()

    # -------------------------------------------------------------- Standoff (GS-15.5)

    def standoff(self) -> None:
        for d in self.seats:  # Scourge first (GS-15.5 step 1)
            if not d.defeated:
                cards.curse_tick(self, d)
        for p in self.players:
            if not p.defeated:
                self.start_of_standoff(p)
        self.creature_reload()
        for p in self.players:
            if not p.defeated:
                take_standoff(self, p, self.policy.standoff(self, p))

    def start_of_standoff(self, p: Duelist) -> None:
        """Luella's overtaken upkeep: 2 EP if she has it, else back in control (GS-A21)."""
        if p.stage == 2:
            if p.ep >= 2:
                p.ep -= 2
                p.spent_ep += 2
            else:
                p.ep = 0
                p.stage = 0
                if "control" in p.res:
                    p.res["control"] = 0
            self.note(f"{p.name} pays the overtaken upkeep")

    def creature_reload(self) -> None:
        c = self.creature
        if c.hand:
            return
        count = min(len(c.discard), c.ep - 1)
        if count <= 0:
            self.note(f"{c.name} passes its Standoff")
            return
        taken = self.rng.sample(c.discard, count)
        for card in taken:
            take(c.discard, card)
        c.ep -= count
        c.hand = [*taken, *c.deactivated]
        c.deactivated = []
        self.rng.shuffle(c.hand)
        self.note(f"{c.name} reloads {count} cards for {count} EP")

    # -------------------------------------------------------------- Draw (GS-15.6)

    def draw(self) -> None:
        self.plays = []
        c = self.creature
        if c.hand:
            card = c.hand.pop()
            self.plays.append(Play(card, c, [], 0, self.rn_of(card, c)))
        else:
            c.ep = min(c.ep + 2, c.cap)
            c.hand, c.deactivated = c.deactivated, []
            self.rng.shuffle(c.hand)
            c.passed = True
            self.note(f"{c.name} passes: +2 EP")
        for p in self.players:
            if not p.defeated:
                self.player_draw(p)
        for play in self.plays:
            if play.owner.creature:
                play.targets = self.creature_targets(play.card)
                self.note(f"{c.name} reveals {play.card.name} (RN {play.rn})")

    def player_draw(self, p: Duelist) -> None:
        choice = self.policy.play(self, p)
        if choice is not None and not self.playable(p, choice):
            choice = None
        if choice is None:
            p.ep = min(p.ep + 2, p.max_ep, p.cap)
            p.passed = True
            self.note(f"{p.name} passes: +2 EP")
            return
        if p.stage == 2:
            choice = self.random_spell(p, choice)
        take(p.hand, choice.card)
        aimed = self.player_targets(p, choice.card)
        abilities.in_the_draw(self, p, choice.card, choice.abilities, aimed)
        rn, nv = abilities.played(p, self.rn_of(choice.card, p))
        main = Play(choice.card, p, aimed, p.seat, rn, nv)
        if choice.card.kind == "spell" and p.next_nv:
            main.nv += p.next_nv
            p.next_nv = 0
        self.plays.append(main)
        for extra in choice.combined:
            take(p.hand, extra)
            resolve.combine(self, main, extra)
        self.note(f"{p.name} plays {choice.card.name}"
                  + "".join(f" + {c.name}" for c in choice.combined) + f" (RN {main.rn})")

    def random_spell(self, p: Duelist, choice: PlayCards) -> PlayCards:
        """Overtaken Luella plays a random spell from her hand (GS-6.9)."""
        spells = [c for c in p.hand if c.kind == "spell"]
        if not spells:
            return choice
        card = self.rng.choice(spells)
        return PlayCards(card, tuple(c for c in choice.combined if c is not card),
                         abilities=choice.abilities)

    def playable(self, p: Duelist, choice: PlayCards) -> bool:
        cards = (choice.card, *choice.combined)
        if not all(holds(p.hand, c) for c in cards) or len(set(map(id, cards))) != len(cards):
            return False
        main = choice.card
        if not drawable(main):
            return False
        return all("combine" in c.types and c.combines_with in (None, main.kind)
                   for c in choice.combined)

    def rn_of(self, card: Card, owner: Duelist) -> int:
        rn = card.rn if card.rn is not None else 10
        stage = owner.stage_effect()
        if stage is not None:
            rn += stage.rn
        if owner.creature:
            rn += sum(m.amount for m in self.creature_modifiers if m.rule == "rn_bonus")
        return max(1, rn)

    def refill_field(self) -> None:
        """A creature duel has no scavenge field (GS-A17); versus refills its own."""

    def targets_for(self, owner: Duelist, card: Card) -> list[Duelist]:
        """Whom this card would target if its owner played it now."""
        return self.creature_targets(card) if owner.creature else self.player_targets(owner, card)

    def creature_targets(self, card: Card) -> list[Duelist]:
        """A creature's Single Target is a random undefeated player (GS-A3)."""
        standing = [p for p in self.players if not p.defeated]
        match card.target:
            case "single":
                return [self.rng.choice(standing)] if standing else []
            case "all_foes":
                return standing
            case "self" | "team":
                return [self.creature]
            case "all":
                return [self.creature, *standing]

    def player_targets(self, p: Duelist, card: Card) -> list[Duelist]:
        standing = [q for q in self.players if not q.defeated]
        match card.target:
            case "single" | "all_foes":
                return [self.creature]
            case "self":
                return [p]
            case "team":
                return standing
            case "all":
                return [self.creature, *standing]

    def foes_of(self, d: Duelist) -> list[Duelist]:
        if d.creature:
            return [p for p in self.players if not p.defeated]
        return [] if self.creature.defeated else [self.creature]

    # -------------------------------------------------------------- Aftermath (GS-15.7)

    def aftermath(self) -> None:
        for play in resolve.resolution_order(self, self.plays):
            if play.state == "unresolved":
                resolve.resolve_play(self, play)

    def defeat(self, d: Duelist) -> None:
        """The moment HP (or a creature's EP) hits 0 (GS-7.4): unresolved cards are
        deactivated, and a player costs one allowed defeat (GS-16.4, GS-A30)."""
        if d.defeated or resolve.saved(self, d):
            return
        d.defeated = True
        self.note(f"{d.name} is defeated")
        for play in self.plays:
            if play.owner is d and play.state == "unresolved":
                play.state = "deactivated"
                d.put_away(play.card, deactivate=True)
                for extra in play.combined:
                    d.put_away(extra, deactivate=True)
        if not d.creature:
            self.defeats += 1
            if self.defeats_left <= 0:
                self.game_over = True
            self.defeats_left -= 1

    # -------------------------------------------------------------- end of turn (GS-15.8)

    def end_turn(self) -> None:
        for p in self.players:
            if p.grimslinger is not None and p.grimslinger.resource == "durability":
                p.manaform = p.dmg_taken >= 3  # GS-6.3
        self.check_dispositions()
        if self.outcome() is not None:
            return
        for p in self.players:
            if p.defeated and not all(q.defeated for q in self.players):
                self.revive(p)

    def check_dispositions(self) -> None:
        if self.creature.defeated:
            return
        for disposition in list(self.in_play):
            if resolve.disposition_met(self, disposition):
                self.note(f"disposition {disposition.name} is met")
                resolve.apply_disposition(self, disposition)
                self.in_play.remove(disposition)
                if self.disposition_deck:
                    self.in_play.append(self.disposition_deck.pop())

    def revive(self, p: Duelist) -> None:
        """GS-16.5/16.6: 3 HP and 3 EP, deactivated cards back (GS-3.10)."""
        p.defeated = False
        p.hp = min(REVIVE_HP, p.max_hp)
        p.ep = min(REVIVE_EP, p.max_ep)
        p.give_back(list(p.deactivated), p.deactivated)
        self.note(f"{p.name} revives with {p.hp} HP and {p.ep} EP")
