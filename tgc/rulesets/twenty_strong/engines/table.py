"""20 Strong table state: the zones of TS-2.1 for one game, as mutable runtime state.
Dice are ids with a colour and a last face; active enemies are rows with their chains
and applied dice. The rules that move things between zones live in ``game.py``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tgc.rulesets.twenty_strong.data import Ability, Box, CombatCard, Effect, Enemy, Hero, ItemReward

MISS, BASIC, CRIT = 0, 1, 2
FACE_NAMES = ("miss", "hit", "crit")
PRINTED = (0, 1, 2)  # what each face deals where no rule changes it (TS-1.3)


class Foe:
    """An active enemy (or the boss) in its row; rows are told apart by identity (two rows
    of equal cards are still two enemies).

    The card's fields that the engine reads at every step are copied onto the row when
    it is made (``card`` stays the record): a field of a pydantic record costs about six
    times a slot's read, because pydantic's ``__getattr__`` turns off CPython's attribute
    specialisation, and a game reads them some thousand times. ``forbid`` holds the
    colours its During effects forbid (None: every colour), ``own`` what its During
    effects make each face deal (the first such effect per face). A plain class with
    slots and its own ``__init__``: a game makes a dozen rows, and a dataclass's
    ``__init__`` with its default factories and ``__post_init__`` cost twice as much."""

    __slots__ = ("card", "chain", "applied", "bonus", "defeated", "defeated_now", "dealt",
                 "name", "health", "damage", "boss", "nodes", "during", "after", "special",
                 "rewards", "item", "forbid", "own", "additional", "host")

    card: Enemy
    chain: list[CombatCard]
    applied: list[int]
    bonus: int  # damage dealt by effects this round (it lives as long as applied dice)
    defeated: bool
    defeated_now: bool  # defeated in this round (Gain Item Rewards looks)
    dealt: int  # the printed damage of the applied dice (TS-1.3), kept as they come and go
    name: str
    health: int
    damage: int
    boss: bool
    nodes: tuple[str, ...]
    during: tuple[Effect, ...]
    after: tuple[Effect, ...]
    special: tuple[Ability, ...]
    rewards: tuple[tuple[Effect, ...], ...]
    item: ItemReward | None
    forbid: frozenset[str | None]
    own: Mapping[int, int]
    additional: int
    host: tuple[str, ...]  # the right nodes a card played here must match

    def __init__(self, card: Enemy) -> None:
        self.card, self.chain, self.applied = card, [], []
        self.bonus = self.dealt = 0
        self.defeated = self.defeated_now = False
        (self.name, self.health, self.damage, self.boss, self.nodes, self.during, self.after,
         self.special, self.rewards, self.item, self.forbid, self.own,
         self.additional) = card_fields(card)
        self.host = self.nodes

    @property
    def host_nodes(self) -> tuple[str, ...]:
        """The right nodes the next combat card in this row must match (TS-6.3): its own
        nodes, then the right nodes of the last card played on it (``host``, kept as
        cards are played and the chain is cleared, so a strike reads one slot)."""
        return self.host


CardFields = tuple[str, int, int, bool, tuple[str, ...], tuple[Effect, ...], tuple[Effect, ...],
                   tuple[Ability, ...], tuple[tuple[Effect, ...], ...], ItemReward | None,
                   frozenset[str | None], Mapping[int, int], int]
_FIELDS: dict[int, tuple[Enemy, CardFields]] = {}  # by the card's identity (it is frozen)


def card_fields(card: Enemy) -> CardFields:
    """What ``Foe`` copies from its card, read once per card."""
    known = _FIELDS.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    own: dict[int, int] = {}
    for effect in card.during:
        if effect.kind == "face-damage":
            own.setdefault(CRIT if effect.face == "crit" else BASIC, effect.amount)
    forbid = frozenset(e.colour for e in card.during if e.kind == "forbid")
    found: CardFields = (card.name, card.health, card.damage, card.boss, card.nodes, card.during,
                         card.after, card.special, card.rewards, card.item, forbid, own,
                       card.additional)
    if len(_FIELDS) > 4096:
        _FIELDS.clear()
    _FIELDS[id(card)] = (card, found)
    return found


def item_use(enemy: Enemy) -> str:
    """What kind of item the enemy becomes (TS-12.1), "none" without one."""
    return enemy.item.use if enemy.item is not None else "none"


@dataclass(slots=True)
class Table:
    box: Box
    hero: Hero
    boss: Enemy
    rank: int
    health: int
    strategy: int
    recovery: int
    colour_of: list[int]  # die id -> index in box.dice.colours
    faces: list[int]
    pool: list[int]
    active: list[int] = field(default_factory=list)  # committed, not applied
    exhausted: list[int] = field(default_factory=list)
    banished_dice: list[int] = field(default_factory=list)
    combat_deck: list[CombatCard] = field(default_factory=list)  # top is the end
    hand: list[CombatCard] = field(default_factory=list)
    combat_discard: list[CombatCard] = field(default_factory=list)
    supply: list[CombatCard] = field(default_factory=list)
    banished_cards: list[str] = field(default_factory=list)
    enemy_decks: dict[str, list[Enemy]] = field(default_factory=dict)  # top is the end
    foes: list[Foe] = field(default_factory=list)
    enemy_discard: list[Enemy] = field(default_factory=list)
    menhir: list[Enemy] = field(default_factory=list)  # top is the end
    inventory: list[Enemy] = field(default_factory=list)
    dial: int = 0  # index in box.dice.dial
    round: int = 1
    endgame: bool = False
    boss_defeated: bool = False
    passes: int = 0
    unlocked_round: set[str | None] = field(default_factory=set)  # None: any colour
    unlocked_pass: set[str | None] = field(default_factory=set)
    face_bonus: dict[int, int] = field(default_factory=dict)  # face -> damage this round
    prevent: int = 0
    dial_names: tuple[str, ...] = field(init=False)  # the deck's dial and colours, read once
    colour_names: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        dice = self.box.dice
        self.dial_names, self.colour_names = dice.dial, tuple(c.name for c in dice.colours)

    # ------------------------------------------------------------ reading the table

    @property
    def dial_colour(self) -> str:
        return self.dial_names[self.dial]

    def colour_name(self, die: int) -> str:
        return self.colour_names[self.colour_of[die]]

    def dice_in(self, zone: list[int], colour: int) -> list[int]:
        return [d for d in zone if self.colour_of[d] == colour]

    @property
    def undefeated(self) -> list[Foe]:
        return [f for f in self.foes if not f.defeated]

    def hand_limit(self) -> int:
        """TS-4.3: Strategy, less one per item held from rank 2."""
        if self.rank >= 2:
            return max(0, self.strategy - len(self.inventory))
        return self.strategy

    def ongoing(self) -> list[Enemy]:
        return [i for i in self.inventory if i.item is not None and i.item.use == "ongoing"]
