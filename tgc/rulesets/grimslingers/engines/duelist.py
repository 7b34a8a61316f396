"""Grimslingers duel state: one duelist (a player's Grimslinger or the creature) with its
trackers, piles and special resource, and the cards played in a turn. The only mutable
objects of the duel engine; rule data stays frozen in ``data``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tgc.rulesets.grimslingers.data import Card, Grimslinger, Resource, StageEffect

CREATURE_CAP = 40  # the creature trackers' top (GS-A16)
PLAYER_CAP = 10  # GS-5.1 / GS-5.2
PlayState = Literal["unresolved", "resolved", "discarded", "deactivated", "held"]


def take(pile: list[Card], card: Card) -> None:
    """Remove this very card (by identity: two FIRE cards are two cards, and comparing
    pydantic models field by field would cost more than the rest of a duel turn)."""
    for i, other in enumerate(pile):
        if other is card:
            del pile[i]
            return
    raise ValueError(f"{card.name} is not in the pile")


def holds(pile: list[Card], card: Card) -> bool:
    return any(other is card for other in pile)


def drawable(card: Card) -> bool:
    """A card the Draw phase may play as its main card: a spell or a Standard card, never
    one that waits in the hand for its owner's defeat (Resurrect, Specter, GS-10.4,
    GS-10.6)."""
    return ((card.kind == "spell" or "standard" in card.types) and card.saves is None
            and card.comeback is None)


def kept_on_board(card: Card) -> bool:
    """A passive card kept in the passive space (GS-3.11): a many-in-one skill such as
    Vampyric Abilities, which "never enters your hand" but stays in front of its owner
    from the moment it is owned (GS-6.7)."""
    return bool(card.abilities)


@dataclass(frozen=True, slots=True)
class Cursed:
    """A card kept face up in its target's space (Scourge, GS-10.5): who owns it and the
    HP it takes at each Standoff's start."""

    card: Card
    owner: Duelist
    amount: int


@dataclass(slots=True, eq=False)
class Duelist:
    """HP, EP, piles and resources. ``seat`` 0 is the first player: the creature in a
    creature duel (GS-15.2), the first-player token's holder in versus."""

    seat: int
    name: str
    hp: int
    ep: int
    max_hp: int
    max_ep: int
    creature: bool = False
    hand: list[Card] = field(default_factory=list)
    stash: list[Card] = field(default_factory=list)
    passive: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    deactivated: list[Card] = field(default_factory=list)
    hand_limit: int = 8
    stash_limit: int = 0
    team: int = 0
    grimslinger: Grimslinger | None = None
    res: dict[Resource, int] = field(default_factory=dict)
    res_max: dict[Resource, int] = field(default_factory=dict)
    belt: int = 0  # Nyunyo's ammo belt (the chamber is the ``ammo`` resource)
    defeated: bool = False
    out: bool = False  # out of the duel (versus), or waiting to revive
    manaform: bool = False
    dmg_taken: int = 0  # HP removed by DMG this turn (GS-A19)
    hp_lost: int = 0  # HP lost this turn, prevented DMG included (Bloodlust, GS-10.1)
    bloodlust: int = 0  # bonus DMG waiting for the next spell that hits a foe
    curses: list[Cursed] = field(default_factory=list)  # cards kept in this space
    ghost: int = 0  # back by Specter: the HP to take from one target this turn to stay
    item_pile: list[Card] | None = None  # the duel's shared item discard pile (GS-3.7)
    hp_dealt: dict[int, int] = field(default_factory=dict)  # by target seat, this turn
    ep_lost: int = 0
    next_nv: int = 0  # Surge and "+N nv to next spell" (GS-5.3)
    played_nv: int = 0  # "+N nv to played card": this turn's Draw card (GS-6.7)
    rn_change: int = 0  # "rn -N": this turn's Draw card resolves earlier (GS-6.7)
    shield: int = 0  # "prevent N dmg": DMG still to be prevented this turn (GS-6.7)
    resisting: bool = False  # a harm part is resolving: it cannot set off another
    anima_used: bool = False
    passed: bool = False
    stage: int = 0  # Luella: 0 in control, 1 conflicted, 2 overtaken
    spent_hp: int = 0
    spent_ep: int = 0
    elements: tuple[Card, ...] = ()  # Magic Mushroom: one of each main element (GS-15.4)
    element_deck: list[Card] = field(default_factory=list)  # face down, drawn from the end

    @property
    def cap(self) -> int:
        return CREATURE_CAP if self.creature else PLAYER_CAP

    def stage_effect(self) -> StageEffect | None:
        g = self.grimslinger
        if g is None or not g.stages or self.stage >= len(g.stages):
            return None
        return g.stages[self.stage]

    def amount(self, resource: Resource) -> int:
        if resource == "hp":
            return self.hp
        if resource == "ep":
            return self.ep
        return self.res.get(resource, 0)

    def has(self, resource: Resource) -> bool:
        return resource in ("hp", "ep") or resource in self.res

    def set_amount(self, resource: Resource, value: int) -> None:
        if resource == "hp":
            self.hp = max(0, min(value, self.max_hp, self.cap))
        elif resource == "ep":
            self.ep = max(0, min(value, self.max_ep, self.cap))
        elif resource in self.res:
            self.res[resource] = max(0, min(value, self.res_max.get(resource, value)))

    def give_back(self, cards: list[Card], pile: list[Card]) -> list[Card]:
        """Return cards from a pile: the hand up to its limit, then the stash (GS-3.10);
        what does not fit stays where it was."""
        moved: list[Card] = []
        for card in cards:
            if len(self.hand) < self.hand_limit:
                self.hand.append(card)
            elif len(self.stash) < self.stash_limit:
                self.stash.append(card)
            else:
                continue
            take(pile, card)
            moved.append(card)
        return moved

    def put_away(self, card: Card, deactivate: bool = False) -> None:
        """After use (GS-3.8, GS-3.5): skills and 'deactivate on use' cards are
        deactivated, 'do not discard' ones go back to the hand, items to the shared item
        discard pile (GS-3.7), the rest to the owner's discard pile."""
        if card.keep and not deactivate:
            self.hand.append(card)
        elif deactivate or card.deactivate_on_use or (card.kind == "skill" and not self.creature):
            self.deactivated.append(card)
        elif card.kind == "item" and self.item_pile is not None:
            self.item_pile.append(card)
        else:
            self.discard.append(card)


@dataclass(slots=True, eq=False)
class Play:
    """A card revealed this turn, its targets and the NV it has gathered."""

    card: Card
    owner: Duelist
    targets: list[Duelist]
    order: int  # the seat order used for ties
    rn: int
    nv: int = 0
    combined: list[Card] = field(default_factory=list)
    state: PlayState = "unresolved"
    copy_of: Card | None = None
    neutral: bool = False  # a rule's FX (a disposition), not a duelist's card
    penalty: int = 0  # versus: less DMG to a single target others aim at too (GS-9.6)
    bonus_dmg: int = 0  # a Bloodlust bonus riding on this spell's first DMG to a foe

    @property
    def acting(self) -> Card:
        return self.copy_of or self.card
