"""Grimslingers Standoff phase for one player (GS-9.3, GS-15.5 step 4): up to two
Standoff actions, at most one Anima ability, Feast taking both, bullet loading free.
An action the rules forbid is skipped (a policy's mistake never breaks the duel)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, assert_never

from tgc.rulesets.grimslingers.data import Card, FeastResult
from tgc.rulesets.grimslingers.engines import abilities, resolve
from tgc.rulesets.grimslingers.engines.cards import enter_hand
from tgc.rulesets.grimslingers.engines.decisions import (
    Feast,
    Load,
    MoveCards,
    MoveKind,
    Sacrifice,
    StandoffAction,
    UseAbility,
    UseCard,
)
from tgc.rulesets.grimslingers.engines.duelist import Duelist, Play, holds, take

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.duel import Duel

_FEAST_CARD = Card(name="Feast", kind="item")
ACTIONS = 2
CHAMBER = 6  # GS-6.10
LOAD_PER_STANDOFF = 2
RELOAD_COST, RELOAD_CARDS = 3, 4
PURGE_CARDS = 2
SURGE_CARDS = 3
REACTIVATE_COST, REACTIVATE_CARDS = 3, 6


def take_standoff(duel: Duel, p: Duelist, actions: Iterable[StandoffAction]) -> None:
    """The actions in order; a policy by hand yields each one after the last was taken."""
    left = ACTIONS
    loaded = 0
    for action in actions:
        if p.defeated or duel.outcome() is not None:
            return
        if isinstance(action, Load):
            loaded += _load(p, min(action.bullets, LOAD_PER_STANDOFF - loaded))
            continue
        need = ACTIONS if isinstance(action, Feast) else 1
        if left < need or not allowed(p, action):
            continue
        if (isinstance(action, UseCard) and action.kind == "scavenge"
                and not holds(duel.field, action.card)):
            continue
        left -= need
        _take(duel, p, action)


def allowed(p: Duelist, action: StandoffAction) -> bool:
    """Whether the rules let the player take this action now."""
    match action:
        case Sacrifice(amount=n):
            return 0 < n < p.hp  # never down to 0 HP (GS-A23)
        case UseCard(card=card, kind=kind):
            if kind == "scavenge":
                return p.ep >= scavenge_cost(card)
            return holds(p.hand, card) and "standoff" in card.types
        case MoveCards(kind=kind, cards=cards):
            return _may_move(p, kind, cards)
        case Feast():
            return p.grimslinger is not None and bool(p.grimslinger.feast)
        case UseAbility(card=card, ability=ability):
            return (holds(p.passive, card) and ability in card.abilities
                    and ability.timing == "standoff")  # the others' own moments (GS-6.7)
        case Load():
            return True
        case _:
            assert_never(action)


def _may_move(p: Duelist, kind: MoveKind, cards: tuple[Card, ...]) -> bool:
    """The Anima's abilities at most once a turn (GS-5.3), on spells only; Reactivate's
    3 EP a cost (GS-A36)."""
    spells = all(c.kind == "spell" for c in cards)
    match kind:
        case "reload":
            return (not p.anima_used and p.ep >= RELOAD_COST and len(cards) <= RELOAD_CARDS
                    and _all_in(cards, p.discard) and spells)
        case "purge":
            return (not p.anima_used and 0 < len(cards) <= PURGE_CARDS
                    and _all_in(cards, p.hand) and spells)
        case "surge":
            return (not p.anima_used and len(cards) == SURGE_CARDS and _all_in(cards, p.hand)
                    and spells)  # GS-A15
        case "reactivate":
            return (p.ep >= REACTIVATE_COST and len(cards) <= REACTIVATE_CARDS
                    and _all_in(cards, p.deactivated))
        case _:
            assert_never(kind)


def scavenge_cost(card: Card) -> int:
    """A Standard or Passive item costs 1 EP (a cost, GS-A36); a Combine, Standoff or
    Instant one is free (GS-9.3)."""
    if {"combine", "standoff", "instant"} & set(card.types):
        return 0
    return 1 if {"standard", "passive"} & set(card.types) else 0


def _all_in(cards: tuple[Card, ...], pile: list[Card]) -> bool:
    return len({id(c) for c in cards}) == len(cards) and all(holds(pile, c) for c in cards)


def _take(duel: Duel, p: Duelist, action: StandoffAction) -> None:
    match action:
        case Sacrifice(amount=n):
            p.hp -= n
            p.spent_hp += n
            p.hp_lost += n
            p.ep = min(p.ep + n, p.max_ep, p.cap)
            duel.note(f"{p.name} sacrifices {n} HP")
        case UseCard(card=card, kind="card"):
            take(p.hand, card)
            duel.note(f"{p.name} uses {card.name} in the Standoff")
            play = Play(card, p, duel.player_targets(p, card), p.seat, 0)
            resolve.resolve_play(duel, play)
        case MoveCards(kind="reload", cards=cards):
            p.anima_used = True
            p.ep -= RELOAD_COST
            p.spent_ep += RELOAD_COST
            moved = p.give_back(list(cards), p.discard)
            duel.note(f"{p.name} reloads {len(moved)} spells")
        case MoveCards(kind="purge", cards=cards):
            p.anima_used = True
            for card in cards:
                take(p.hand, card)
                p.discard.append(card)
            p.ep = min(p.ep + len(cards), p.max_ep, p.cap)
            duel.note(f"{p.name} purges {len(cards)} spells")
        case MoveCards(kind="surge", cards=cards):
            p.anima_used = True
            for card in cards:
                take(p.hand, card)
                p.deactivated.append(card)
            p.next_nv += 1
            duel.note(f"{p.name} surges")
        case Feast():
            feast(duel, p)
        case MoveCards(kind="reactivate", cards=cards):
            p.ep -= REACTIVATE_COST
            p.spent_ep += REACTIVATE_COST
            moved = p.give_back(list(cards), p.deactivated)
            duel.note(f"{p.name} reactivates {len(moved)} cards")
        case UseAbility(card=card, ability=ability):
            duel.note(f"{p.name} uses {ability.name} ({card.name}) in the Standoff")
            abilities.use(duel, p, action, duel.player_targets(p, card))
        case UseCard(card=card, kind="scavenge"):
            cost = scavenge_cost(card)
            p.ep -= cost
            p.spent_ep += cost
            take(duel.field, card)
            duel.note(f"{p.name} scavenges {card.name}")
            enter_hand(duel, p, card)  # an Instant one resolves before the refill
            duel.refill_field()
        case Load():
            pass


def _load(p: Duelist, bullets: int) -> int:
    if "ammo" not in p.res or bullets <= 0:
        return 0
    n = min(bullets, p.belt, CHAMBER - p.res["ammo"])
    p.belt -= n
    p.res["ammo"] += n
    return n


def feast(duel: Duel, p: Duelist) -> None:
    """Draw a Fate card from those not laid out in the area (GS-A25: the tiles cannot be
    taken off the map; in versus, the whole deck), shuffled afresh once drawn out, and
    apply its Vampyrism row."""
    if not duel.feast_deck:
        duel.feast_deck = [c.code for c in duel.rules.fate if c.code not in duel.laid_out]
        duel.rng.shuffle(duel.feast_deck)
    code = duel.feast_deck.pop()
    card = next(c for c in duel.rules.fate if c.code == code)
    assert p.grimslinger is not None
    row = _feast_row(p.grimslinger.feast, card.face, card.suit)
    duel.note(f"{p.name} feasts: {code}")
    if row is None:
        return
    resolve.gain(p, "blood", row.blood)
    play = Play(_FEAST_CARD, p, duel.foes_of(p), p.seat, 0, neutral=True)
    resolve.apply_fx(duel, play, row.fx)


def _feast_row(rows: tuple[FeastResult, ...], face: str, suit: str | None) -> FeastResult | None:
    for row in rows:
        if face in row.faces and (suit is None or suit in row.suits):
            return row
    return None
