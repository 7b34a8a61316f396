"""Grimslingers Instant items gained outside a duel (GS-3.6, GS-10.8): in a Tall Tale an
item with the Instant type resolves the moment its taker draws it, by the duel's own FX
engine, at a table where the party sits with nobody against it. The party, the card and
the one generator in; the character sheets changed and the words of what happened out."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tgc.rulesets.grimslingers.data import Card, TallTale
from tgc.rulesets.grimslingers.engines import cards
from tgc.rulesets.grimslingers.engines.decisions import Policy
from tgc.rulesets.grimslingers.engines.duel import Duel, Outcome
from tgc.rulesets.grimslingers.engines.duelist import Duelist, holds, take
from tgc.rulesets.grimslingers.engines.policies import make_policy
from tgc.rulesets.grimslingers.engines.sheets import player_of, write_back
from tgc.rulesets.grimslingers.engines.tale import Character, TaleState, place
from tgc.rulesets.grimslingers.rules import Rules, index

_RULES: dict[int, tuple[TallTale, Rules]] = {}


def rules_of(tale: TallTale) -> Rules:
    """The Tall Tale's rule index, built once per Tall Tale (a table is set for every
    Instant item and every player's rest; the tale is kept with it, so its id stays its
    own)."""
    found = _RULES.get(id(tale))
    if found is None or found[0] is not tale:
        found = _RULES[id(tale)] = (tale, index(tale))
    return found[1]


class Table(Duel):
    """The party between duels: every player on one side and no foe. An Instant item's FX
    reach its owner (``self``) and the party standing (``team``, ``all``); what it aims at
    a foe finds nobody. A table lives for one card; its trackers then go back on the
    sheets (``write_back``), a defeat costing an allowed defeat and reviving at once
    (GS-16.4, GS-16.5)."""

    def __init__(self, rules: Rules, state: TaleState, policy: Policy,
                 rng: random.Random) -> None:
        self.rules, self.policy, self.rng = rules, policy, rng
        self.logging, self.log = True, []
        self.turn, self.plays, self.defeats = 0, [], 0
        self.defeats_left, self.game_over = state.defeats_left, False
        self.in_play, self.disposition_deck, self.creature_modifiers = [], [], ()
        self.feast_deck, self.item_discard, self.item_deck, self.field = [], [], [], []
        self.laid_out = state.laid_out()
        self.players = [self._make_player(seat, player_of(rules, c))
                        for seat, c in enumerate(state.party)]
        self.seats = list(self.players)

    def outcome(self) -> Outcome | None:
        return None  # nothing is won or lost at the table

    def player_targets(self, p: Duelist, card: Card) -> list[Duelist]:
        standing = [q for q in self.players if not q.defeated]
        match card.target:
            case "single" | "all_foes":
                return []
            case "self":
                return [p]
            case "team" | "all":
                return standing

    def targets_for(self, owner: Duelist, card: Card) -> list[Duelist]:
        return self.player_targets(owner, card)

    def foes_of(self, d: Duelist) -> list[Duelist]:
        return []


@dataclass(frozen=True, slots=True)
class Arrival:
    """What an Instant item did as it was drawn: the table's notes, said in that order,
    and where the card is now (a pile of its taker's, or the item discard pile)."""

    notes: tuple[str, ...]
    where: str


def resolve_instant(state: TaleState, who: Character, card: Card,
                    rng: random.Random) -> Arrival:
    """``who`` draws ``card`` (GS-3.6): it resolves at once. One with ``instant_fx`` applies
    them and, unless they discard it (Unstable Dynamite going off, GS-10.8), stays its
    taker's, placed as any gained item is (``place``); one without resolves its FX and
    is put away (the item discard pile, or the deactivate pile if it says so). The
    players' choices inside it are ``state.hands``'s (the greedy policy by default)."""
    assert state.tale is not None
    policy = state.hands() if state.hands is not None else make_policy("greedy")
    table = Table(rules_of(state.tale), state, policy, rng)
    seat = next(i for i, c in enumerate(state.party) if c is who)
    d = table.players[seat]
    table.note(f"{who.name} draws {card.name}, an Instant item: it resolves at once")
    before = [(p.hp, p.ep) for p in table.players]
    cards.enter_hand(table, d, card)
    for p, was in zip(table.players, before, strict=True):
        if (p.hp, p.ep) != was:
            table.note(f"{p.name} now {p.hp}/{p.max_hp} HP, {p.ep}/{p.max_ep} EP")
    kept = holds(d.hand, card)
    if kept:
        take(d.hand, card)
    table.finish()
    fallen = [c for c, p in zip(state.party, table.players, strict=True) if p.defeated]
    write_back(state, table)
    for c in fallen:
        table.note(f"{c.name} revives with {c.hp} HP and {c.ep} EP" if not state.game_over
                   else "no allowed defeat is left: the game is over")
    if kept:
        where = place(who, card)
        table.note(f"{card.name} stays, now a card like any other: to the {where}")
    else:
        where = "deactivate pile" if any(c is card for c in who.deactivated) else "item discard pile"
        table.note(f"{card.name} goes to the {where}")
    return Arrival(tuple(table.log), where)
