"""20 Strong rule data: the typed, frozen records a deck declares (``@dice``, ``@hero``,
``@card``, ``@enemy``, ``@boss``) and the engine, the checks and the odds read. Every
number printed on a card is here as data; the engine holds none of them."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from tgc.limits import MAX_AMOUNT, MAX_DICE, MAX_SIDES
from tgc.rulesets.ruledata import RuleData
from tgc.rulesets.twenty_strong.kinds import KINDS

Stat = Literal["health", "strategy", "recovery"]
STATS: tuple[Stat, ...] = ("health", "strategy", "recovery")
Face = Literal["crit", "basic"]
Scope = Literal["round", "pass"]
DiceZone = Literal["pool", "exhausted", "active", "any"]
DiceVerb = Literal["recover", "return", "exhaust", "reroll"]
Trigger = Literal["start-of-engagement", "on-defeat", "suffer-damage", "after", "activation",
                  "always"]
TRIGGERS: tuple[Trigger, ...] = ("start-of-engagement", "on-defeat", "suffer-damage", "after",
                                 "activation", "always")
AbilityZone = Literal["hand", "play", "inventory", "hero", "enemy"]
CardKind = Literal["basic", "hero", "universal", "upgraded"]
CARD_KINDS: tuple[CardKind, ...] = ("basic", "hero", "universal", "upgraded")
ItemUse = Literal["single-use", "ongoing"]

STAT_MIN, STAT_MAX = 1, 6
DEFAULT_NODES = ("top", "middle", "bottom")
DEFAULT_DIAL = ("yellow", "green", "blue", "purple", "red")
DEFAULT_SIDES = 6
RANKS = (1, 2, 3, 4, 5)  # the difficulty ranks, cumulative (TS-3.2)
BOX_DICE = 17  # the rulebook's count of unit dice; a deck may differ (a warning)


class Record(BaseModel):
    """Frozen and strict: a record is compared, hashed and written to the bundle as is."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# ------------------------------------------------------------------ conditions


class DialIs(Record):
    kind: Literal["dial"] = "dial"
    colour: str


class Defeated(Record):
    """The enemy the effect belongs to (or the row a card was played on) is defeated."""

    kind: Literal["defeated"] = "defeated"


class HealthAtMost(Record):
    kind: Literal["health-at-most"] = "health-at-most"
    value: int


class ItemsAtLeast(Record):
    kind: Literal["items-at-least"] = "items-at-least"
    value: int


class InEndgame(Record):
    kind: Literal["endgame"] = "endgame"


Condition = Annotated[DialIs | Defeated | HealthAtMost | ItemsAtLeast | InEndgame,
                      Field(discriminator="kind")]


# ------------------------------------------------------------------ effects


class StatChange(Record):
    """``gain|lose N health|strategy|recovery``: ``amount`` is signed."""

    kind: Literal["stat"] = "stat"
    stat: Stat
    amount: int


class Draw(Record):
    kind: Literal["draw"] = "draw"
    count: int


class Discard(Record):
    kind: Literal["discard"] = "discard"
    count: int


class StrikeAgain(Record):
    kind: Literal["strike-again"] = "strike-again"


class Unlock(Record):
    """``apply COLOUR|any this round|this pass``; ``colour`` None is any colour."""

    kind: Literal["unlock"] = "unlock"
    colour: str | None
    scope: Scope


class Forbid(Record):
    """``cannot apply COLOUR|any to this enemy`` (a During effect)."""

    kind: Literal["forbid"] = "forbid"
    colour: str | None


class FaceDamage(Record):
    """``crits deal N`` / ``basic hits deal N``: on an enemy, for dice applied to it; from
    a card, an item or the hero, for every die this round."""

    kind: Literal["face-damage"] = "face-damage"
    face: Face
    amount: int


class MoveDice(Record):
    """``recover|return|exhaust|reroll N dice``."""

    kind: Literal["dice"] = "dice"
    verb: DiceVerb
    count: int


class BanishDie(Record):
    kind: Literal["banish-die"] = "banish-die"
    colour: str | None
    zone: DiceZone


class Prevent(Record):
    kind: Literal["prevent"] = "prevent"
    amount: int


class GainUpgraded(Record):
    """``gain upgraded "Name"`` or ``gain upgraded any`` (``card`` None)."""

    kind: Literal["gain-upgraded"] = "gain-upgraded"
    card: str | None


class Activate(Record):
    kind: Literal["activate"] = "activate"
    count: int


class FeedMenhir(Record):
    kind: Literal["menhir"] = "menhir"
    count: int


class DealDamage(Record):
    kind: Literal["deal"] = "deal"
    amount: int


class Nothing(Record):
    kind: Literal["nothing"] = "nothing"


class When(Record):
    """``if CONDITION: EFFECT``."""

    kind: Literal["if"] = "if"
    condition: Condition
    then: Effect


Effect = Annotated[
    StatChange | Draw | Discard | StrikeAgain | Unlock | Forbid | FaceDamage | MoveDice | BanishDie
    | Prevent | GainUpgraded | Activate | FeedMenhir | DealDamage | Nothing | When,
    Field(discriminator="kind")]
When.model_rebuild()

# Effects that change what may be applied or what a face deals: they act while their
# source is live instead of happening once.
MODIFIER_KINDS = frozenset({"unlock", "forbid", "face-damage"})


class Ability(Record):
    """A triggered (or, with ``always``, standing) effect list. ``optional`` abilities
    ask the player first (``you may``)."""

    trigger: Trigger
    zone: AbilityZone
    effects: tuple[Effect, ...]
    optional: bool = False
    text: str = ""


# ------------------------------------------------------------------ components


class DieColour(Record):
    name: str
    count: int
    hits: int


class DiceRules(Record):
    """``@dice``: sides, the colours with their counts and hit sides, the dial's cycle
    (its first colour is where it starts) and the node labels."""

    sides: int = DEFAULT_SIDES
    colours: tuple[DieColour, ...]
    dial: tuple[str, ...] = DEFAULT_DIAL
    nodes: tuple[str, ...] = DEFAULT_NODES

    def colour(self, name: str) -> DieColour | None:
        return next((c for c in self.colours if c.name == name), None)


class Hero(Record):
    name: str
    health: int
    strategy: int
    recovery: int
    card: str | None
    abilities: tuple[Ability, ...] = ()
    universal: bool = False
    elsewhere: bool = False  # a universal hero from another 20 Strong deck (TS-13.6)


class StrikeEffect(Record):
    """One left-edge effect and the node positions it is aligned with."""

    positions: tuple[str, ...]
    effects: tuple[Effect, ...]
    text: str = ""


class CombatCard(Record):
    name: str
    kind: CardKind
    hero: str | None = None
    left: tuple[StrikeEffect, ...] = ()
    bare_left: tuple[str, ...] = ()  # left nodes that carry no effect
    right: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()

    @cached_property
    def left_positions(self) -> frozenset[str]:
        """Every left position, effect or bare (read at every strike: made once)."""
        return frozenset(self.bare_left).union(*(s.positions for s in self.left))


class ItemReward(Record):
    """An item reward: the enemy card becomes an item. An ongoing item's abilities act
    while it is held; a single-use item's ``use`` is what using it does."""

    use: ItemUse
    abilities: tuple[Ability, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""


class Enemy(Record):
    """An enemy card, or (``boss`` true, no deck) a boss: bosses are enemies (TS-10.8)."""

    name: str
    boss: bool = False
    deck: str | None = None
    health: int
    damage: int
    nodes: tuple[str, ...] = ()
    additional: int = 0
    during: tuple[Effect, ...] = ()
    after: tuple[Effect, ...] = ()
    special: tuple[Ability, ...] = ()
    rewards: tuple[tuple[Effect, ...], ...] = ()  # instant rewards, each taken or not
    item: ItemReward | None = None


_DIE_FIELD = re.compile(r"\$\.rules\.dice\.colours\[[0-9]+\]\.(count|hits)")


class Box(RuleData):
    """Everything a deck declares: the whole game in the box, and the bundle's typed
    rule data of a ``twenty-strong`` campaign (schema.py)."""

    KINDS: ClassVar[tuple[str, ...]] = KINDS

    ruleset: Literal["twenty-strong"] = "twenty-strong"
    dice: DiceRules
    heroes: tuple[Hero, ...] = ()
    cards: tuple[CombatCard, ...] = ()
    enemies: tuple[Enemy, ...] = ()
    bosses: tuple[Enemy, ...] = ()

    def limit(self, path: str) -> tuple[int, int]:
        """As the loader reads a deck: a die has 1 to MAX_SIDES sides, a colour at most
        MAX_DICE dice, and every other number (health, damage, counts of effects) lies
        within MAX_AMOUNT either way."""
        if path == "$.rules.dice.sides":
            return (1, MAX_SIDES)
        found = _DIE_FIELD.fullmatch(path)
        if found is not None:
            return (0, MAX_DICE) if found[1] == "count" else (0, MAX_SIDES)
        return (-MAX_AMOUNT, MAX_AMOUNT)

    def hero(self, name: str) -> Hero | None:
        return next((h for h in self.heroes if h.name == name), None)

    def boss(self, name: str) -> Enemy | None:
        return next((b for b in self.bosses if b.name == name), None)

    def card(self, name: str) -> CombatCard | None:
        return next((c for c in self.cards if c.name == name), None)

    @property
    def decks(self) -> tuple[str, ...]:
        """Enemy deck names in the order they are first declared."""
        return tuple(dict.fromkeys(e.deck for e in self.enemies if e.deck is not None))


def threshold(rank: int) -> int:
    """Cards the Menhir Stack needs before the boss comes (TS-4.2)."""
    return 7 if rank >= 3 else 8
