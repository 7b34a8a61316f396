"""Grimslingers versus duels (spec §9): 1 v 1, free for all and teams. The same card
resolution as a creature duel (resolve.py) with the versus table: 8 HP and 8 EP (max
10), the first-player token passed clockwise, Standoff actions taken player by player
(GS-A22), Target cards with three or more players and the shared-target penalty, defeat
at 0 HP in the order it happens, the last player or team standing wins (GS-9.8)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tgc.rulesets.grimslingers.data import Card
from tgc.rulesets.grimslingers.engines import abilities, cards, resolve
from tgc.rulesets.grimslingers.engines.decisions import Policy
from tgc.rulesets.grimslingers.engines.duel import Duel, DuelResult, Outcome, PlayerSetup
from tgc.rulesets.grimslingers.engines.duelist import Duelist, Play, kept_on_board, take
from tgc.rulesets.grimslingers.engines.standoff import take_standoff
from tgc.rulesets.grimslingers.rules import Rules

VERSUS_START, VERSUS_MAX, VERSUS_HAND = 8, 10, 8  # GS-5.1, GS-3.9
FIELD = 3  # items face up in the scavenge field (GS-9.2 step 5)


@dataclass(frozen=True, slots=True)
class VersusSetup:
    """Players in seat order (clockwise); ``teams`` gives each seat's team (free for
    all: every seat its own)."""

    players: tuple[PlayerSetup, ...]
    teams: tuple[int, ...] | None = None
    first: int = 0  # the seat holding the first-player token
    items: tuple[Card, ...] = ()  # the general items: the scavenge field's deck (GS-9.2)
    practice: bool = False  # a first duel: skills and special resources left out (GS-9.2)


def roll_off(players: int, rng: random.Random) -> int:
    """GS-9.2 step 6: everyone rolls the die, the highest takes the first-player token,
    and those tied for highest roll again. The seat that won."""
    seats = list(range(players))
    while len(seats) > 1:
        rolls = {seat: rng.randint(1, 6) for seat in seats}
        top = max(rolls.values())
        seats = [seat for seat in seats if rolls[seat] == top]
    return seats[0]


def versus_player(setup: PlayerSetup) -> PlayerSetup:
    """A player as versus starts them (GS-9.2 step 4): 8 HP, 8 EP, and every card they
    bring in the hand up to its versus limit of 8, then the stash (GS-3.9), so a Tall Tale
    build's six elements are all playable (its stash of 3 would otherwise hold three of
    them out of the duel). A card kept on the board goes to the passive space and takes
    no place in the hand (GS-3.11, GS-6.7)."""
    cards = tuple(c for c in (*setup.hand, *setup.stash) if not kept_on_board(c))
    kept = (*setup.passive, *(c for c in (*setup.hand, *setup.stash) if kept_on_board(c)))
    return PlayerSetup(setup.grimslinger, cards[:VERSUS_HAND], cards[VERSUS_HAND:], kept,
                       VERSUS_START, VERSUS_START, VERSUS_MAX, VERSUS_MAX, VERSUS_HAND, 99)


def practice_player(setup: PlayerSetup) -> PlayerSetup:
    """GS-9.2's practice duel (the rulebook's advice for first duels): the Grimslinger's
    skills and special resource stay in the box, and so the Grimslinger ability (Feast)
    cannot be taken; the elements, signature spells, items and the Anima's abilities are
    played. The seat keeps its Grimslinger's name; the cards left fill the hand first."""
    kept = [c for c in (*setup.hand, *setup.stash) if c.kind != "skill"]
    name = setup.grimslinger.name if setup.grimslinger is not None else setup.name
    return replace(setup, grimslinger=None, name=name, resource=None, belt=None,
                   hand=tuple(kept[:setup.hand_limit]), stash=tuple(kept[setup.hand_limit:]),
                   passive=tuple(c for c in setup.passive if c.kind != "skill"))


def deal_signatures(players: tuple[PlayerSetup, ...], deck: tuple[Card, ...], each: int,
                    rng: random.Random) -> tuple[PlayerSetup, ...]:
    """GS-A28: every player takes the same number of signature spells. They are unique
    cards, so they are dealt from the shuffled signature deck, ``each`` to a seat in seat
    order, to the hand while it has room (8, GS-3.9), then the stash. Nothing is drawn
    when ``each`` is 0."""
    if each <= 0:
        return players
    if each * len(players) > len(deck):
        raise ValueError(f"the signature deck has {len(deck)} cards: {each} each for "
                         f"{len(players)} players needs {each * len(players)}")
    shuffled = list(deck)
    rng.shuffle(shuffled)
    dealt = []
    for seat, p in enumerate(players):
        hand, stash = list(p.hand), list(p.stash)
        for card in shuffled[seat * each:(seat + 1) * each]:
            (hand if len(hand) < p.hand_limit else stash).append(card)
        dealt.append(replace(p, hand=tuple(hand), stash=tuple(stash)))
    return tuple(dealt)


class Versus(Duel):
    """A versus duel; ``winners`` holds the seats of the winning team, empty on a draw."""

    def __init__(self, rules: Rules, setup: VersusSetup, policy: Policy, rng: random.Random,
                 log: bool = False) -> None:
        self.rules, self.policy, self.rng = rules, policy, rng
        self.logging, self.log = log, []
        self.turn, self.plays, self.defeats = 0, [], 0
        self.defeats_left, self.game_over = 1 << 30, False
        self.in_play, self.disposition_deck, self.creature_modifiers = [], [], ()
        self.feast_deck, self.laid_out = [], frozenset()  # the whole Fate deck (GS-A25)
        self.item_discard, self.field = [], []
        self.item_deck = [c for c in setup.items if c.category in (None, "general")]
        rng.shuffle(self.item_deck)
        self.refill_field()
        teams = setup.teams or tuple(range(len(setup.players)))
        seated = [practice_player(p) if setup.practice else p for p in setup.players]
        self.players = [self._make_player(i, p) for i, p in enumerate(seated)]
        for p, team in zip(self.players, teams, strict=True):
            p.team = team
        self.seats = list(self.players)
        for p in self.players:
            p.item_pile = self.item_discard
        self.first = setup.first
        self.fallen: list[list[Duelist]] = []  # who fell, Aftermath by Aftermath
        self.winners: tuple[int, ...] = ()
        self.decided = False

    def refill_field(self) -> None:
        """Three items face up; the discard pile is shuffled back only once the deck has
        run out (as GS-16.1 does in a Tall Tale)."""
        while len(self.field) < FIELD:
            if not self.item_deck and self.item_discard:
                self.item_deck, self.item_discard[:] = list(self.item_discard), []
                self.rng.shuffle(self.item_deck)
            if not self.item_deck:
                return
            self.field.append(self.item_deck.pop())

    # the creature's seat does not exist here: every order starts at the token
    def order(self) -> list[Duelist]:
        n = len(self.players)
        return [self.players[(self.first + i) % n] for i in range(n)]

    def standing_teams(self) -> set[int]:
        return {p.team for p in self.players if not p.defeated}

    def outcome(self) -> Outcome | None:
        if not self.decided:
            return None
        return "win" if self.winners else "stalemate"

    def play_turn(self) -> None:
        self.turn += 1
        self.note(f"-- turn {self.turn}: " + ", ".join(
            f"{p.name} {p.hp} HP {p.ep} EP" for p in self.order()))
        for p in self.players:
            p.dmg_taken, p.ep_lost, p.anima_used, p.passed = 0, 0, False, False
            p.hp_lost = p.played_nv = p.rn_change = p.shield = 0
            p.hp_dealt.clear()
        for p in self.order():
            if not p.defeated:
                cards.curse_tick(self, p)
        for p in self.order():
            if not p.defeated:
                self.start_of_standoff(p)
                take_standoff(self, p, self.policy.standoff(self, p))
        self.draw()
        fallen_before = [p for p in self.players if p.defeated]
        self.aftermath()
        self.fallen.append([p for p in self.players if p.defeated and p not in fallen_before])
        self.end_turn()
        self.first = (self.first + 1) % len(self.players)

    def draw(self) -> None:
        """GS-9.4: targets (3+ players), then cards or passes; the shared-target penalty
        is counted once from the Target cards of those who did not pass (GS-A24)."""
        self.plays = []
        rank = {p.seat: i for i, p in enumerate(self.order())}
        aims: dict[int, int] = {}
        for p in self.order():
            if p.defeated:
                continue
            choice = self.policy.play(self, p)
            if choice is None or not self.playable(p, choice):
                p.ep = min(p.ep + 2, p.max_ep, p.cap)
                p.passed = True
                self.note(f"{p.name} passes: +2 EP")
                continue
            target = self.target_of(p, choice.target)
            take(p.hand, choice.card)
            aimed = self.targets(p, choice.card, target)
            abilities.in_the_draw(self, p, choice.card, choice.abilities, aimed)
            rn, nv = abilities.played(p, self.rn_of(choice.card, p))
            main = Play(choice.card, p, aimed, rank[p.seat], rn, nv)
            if choice.card.kind == "spell" and p.next_nv:
                main.nv, p.next_nv = main.nv + p.next_nv, 0
            self.plays.append(main)
            for extra in choice.combined:
                take(p.hand, extra)
                resolve.combine(self, main, extra)
            if target is not None:
                aims[target.seat] = aims.get(target.seat, 0) + 1
            self.note(f"{p.name} plays {choice.card.name}"
                      + (f" at {target.name}" if target is not None else "") + f" (RN {main.rn})")
        if len(self.players) >= 3:
            for play in self.plays:
                single = play.acting.target == "single" and len(play.targets) == 1
                if single and aims.get(play.targets[0].seat, 0) >= 2:
                    play.penalty = 1

    def target_of(self, p: Duelist, seat: int | None) -> Duelist | None:
        foes = self.foes_of(p)
        chosen = next((q for q in foes if q.seat == seat), None)
        if chosen is None and foes:
            chosen = min(foes, key=lambda q: (q.hp, q.seat))
        return chosen

    def targets(self, p: Duelist, card: Card, target: Duelist | None) -> list[Duelist]:
        standing = [q for q in self.order() if not q.defeated]
        match card.target:
            case "single":
                return [target] if target is not None else []
            case "all_foes":
                return [q for q in standing if q.team != p.team]
            case "self":
                return [p]
            case "team":
                return [q for q in standing if q.team == p.team]
            case "all":
                return standing

    def player_targets(self, p: Duelist, card: Card) -> list[Duelist]:
        return self.targets(p, card, self.target_of(p, None))

    def foes_of(self, d: Duelist) -> list[Duelist]:
        return [q for q in self.order() if not q.defeated and q.team != d.team]

    def aftermath(self) -> None:
        for play in resolve.resolution_order(self, self.plays):
            if play.state == "unresolved":
                resolve.resolve_play(self, play)

    def defeat(self, d: Duelist) -> None:
        if d.defeated or resolve.saved(self, d):
            return
        d.defeated = True
        self.note(f"{d.name} is defeated")
        for play in self.plays:
            if play.owner is d and play.state == "unresolved":
                play.state = "deactivated"
                d.put_away(play.card, deactivate=True)
                for extra in play.combined:  # what rides on it goes with it
                    d.put_away(extra, deactivate=True)

    def end_turn(self) -> None:
        """GS-9.7/9.8: Specter's window (a trial turn's end, then those who fell now), then
        one team left wins; none left (the last fell together) is a draw."""
        for p in self.players:
            if p.grimslinger is not None and p.grimslinger.resource == "durability":
                p.manaform = p.dmg_taken >= 3
        self.specters()
        teams = self.standing_teams()
        if len(teams) == 1:
            team = next(iter(teams))
            self.winners = tuple(p.seat for p in self.players if p.team == team)
            self.decided = True
        elif not teams:
            self.decided = True

    def specters(self) -> None:
        """GS-10.6: a player back by Specter who did not take its HP from one target
        drops to 0 as this Aftermath ends, unless their side already won (the opponent
        fell first, GS-9.8); then those who fell in this Aftermath may come back."""
        fell = self.fallen[-1] if self.fallen else []
        trial = [p for p in self.players if p.ghost and not p.defeated]
        if len(self.standing_teams()) > 1:
            for p in trial:
                if not cards.ghost_stays(p):
                    p.hp, p.defeated = 0, True
                    fell.append(p)
                    self.note(f"{p.name} fades back to 0 HP")
        for p in trial:
            p.ghost = 0
        for p in list(fell):
            if p.defeated and p not in trial and cards.come_back(self, p):
                fell.remove(p)

    def run(self, max_turns: int = 60) -> DuelResult:
        while not self.decided and self.turn < max_turns:
            self.play_turn()
        self.finish()
        outcome = self.outcome() or "stalemate"
        return DuelResult(outcome, self.turn, sum(p.defeated for p in self.players),
                          sum(p.spent_hp for p in self.players),
                          sum(p.spent_ep for p in self.players), self.log)
