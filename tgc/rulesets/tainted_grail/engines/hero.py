"""A party member during an encounter: a ``Member`` (character plus campaign state) in,
a mutable ``Hero`` (tracks, resources, deck, hand) during play, a ``HeroResult`` out."""

from __future__ import annotations

from dataclasses import dataclass, field

from tgc.rulesets.tainted_grail.records import (
    ITEM_LIMITED,
    RESOURCES,
    Ability,
    Affliction,
    Card,
    Character,
    Skill,
    fires,
)


@dataclass(frozen=True)
class ItemInUse:
    name: str
    keywords: frozenset[str]
    abilities: tuple[Ability, ...] = ()  # the @item's rule data


@dataclass(frozen=True)
class Member:
    """Who enters an encounter: a character and, optionally, its current campaign state
    (anything left out takes the character's starting value)."""

    character: Character
    attributes: dict[str, int] | None = None
    resources: dict[str, int] | None = None
    health: int | None = None
    energy: int | None = None
    terror: int | None = None
    items: tuple[ItemInUse, ...] = ()
    combat_deck: tuple[Card, ...] | None = None
    diplomacy_deck: tuple[Card, ...] | None = None
    afflictions: tuple[str, ...] = ()  # the cards attached to the tray, by name
    skills: tuple[Skill, ...] = ()  # the sides of Skill cards taken


def items_in_use(items: tuple[ItemInUse, ...]) -> tuple[list[ItemInUse], list[ItemInUse]]:
    """At most one item per limited keyword is used (the first listed); the rest wait."""
    used: list[ItemInUse] = []
    aside: list[ItemInUse] = []
    taken: set[str] = set()
    for item in items:
        limited = item.keywords & set(ITEM_LIMITED)
        if limited & taken:
            aside.append(item)
            continue
        taken |= limited
        used.append(item)
    return used, aside


class Hero:
    """The mutable state of one party member inside an encounter."""

    __slots__ = ("character", "index", "number", "levels", "res", "health", "energy",
                 "terror", "deck", "hand", "discard", "out", "activated", "items", "aside",
                 "spent_magic", "lost_health", "gained_terror", "played", "start_health",
                 "start_terror", "levels_key", "afflictions", "skills", "flipped")

    def __init__(self, member: Member, index: int, deck: list[Card]) -> None:
        ch = member.character
        self.character = ch
        self.index = index
        self.number = ch.number
        levels = dict(ch.attributes)
        if member.attributes is not None:
            levels.update(member.attributes)
        self.levels = levels
        self.levels_key = tuple(sorted(levels.items()))
        res = {r: 0 for r in RESOURCES}
        res.update(ch.resources)
        if member.resources is not None:
            res.update(member.resources)
        self.res = res
        self.health = ch.health.start if member.health is None else member.health
        energy = ch.energy.start if member.energy is None else member.energy
        self.energy = min(energy, self.health)  # Energy never exceeds Health
        self.terror = ch.terror.start if member.terror is None else member.terror
        self.start_health = self.health
        self.start_terror = self.terror
        self.deck = deck
        self.hand: list[Card] = []
        self.discard: list[Card] = []
        self.out: str | None = None  # "escaped" | "dying" once the hero has left
        self.activated = False
        self.items, self.aside = items_in_use(member.items)
        self.afflictions: list[Affliction] = []  # attached cards (Game fills them in)
        self.skills = member.skills
        self.flipped: set[str] = set()  # items flipped face down this encounter
        self.spent_magic = 0
        self.lost_health = 0
        self.gained_terror = 0
        self.played = 0

    @property
    def name(self) -> str:
        return self.character.name

    @property
    def panicking(self) -> bool:
        """Terror above Health: the first card comes from the deck, no end-of-turn draw."""
        return self.terror > self.health

    @property
    def magic(self) -> int:
        return self.res["magic"]

    def level(self, attribute: str) -> int:
        return self.levels.get(attribute, 0)

    def has_item(self, what: str) -> bool:
        return any(what == i.name or what in i.keywords for i in self.items)

    def copy(self) -> Hero:
        other = Hero.__new__(Hero)
        for slot in Hero.__slots__:
            setattr(other, slot, getattr(self, slot))
        other.res = dict(self.res)
        other.deck = list(self.deck)
        other.hand = list(self.hand)
        other.discard = list(self.discard)
        other.items = list(self.items)
        other.aside = list(self.aside)
        other.afflictions = list(self.afflictions)
        other.flipped = set(self.flipped)
        return other

    def powers(self, trigger: str, kind: str) -> list[tuple[str, Ability]]:
        """The abilities of the member's items in use and Skills that fire on ``trigger``
        in an encounter of ``kind``, each with its source's name."""
        out = [(item.name, a) for item in self.items for a in item.abilities
               if fires(a, trigger, kind)]
        out += [(skill.name, a) for skill in self.skills for a in skill.abilities
                if fires(a, trigger, kind)]
        return out

    def attached(self, attach: str) -> bool:
        return any(a.attach == attach for a in self.afflictions)

    def cap_items(self) -> None:
        """An attached card's item limit (the "You Are Dying" card's, 000, "Secrets"): the
        items in use beyond it wait face down, the first in use kept."""
        limits = [a.item_limit for a in self.afflictions if a.item_limit is not None]
        if limits and len(self.items) > min(limits):
            keep = min(limits)
            self.aside = self.items[keep:] + self.aside
            self.items = self.items[:keep]

    def result(self) -> HeroResult:
        ch = self.character
        return HeroResult(
            name=self.name, health=self.health, energy=self.energy, terror=self.terror,
            resources=dict(self.res), items=tuple(i.name for i in self.items + self.aside),
            dying=self.out == "dying" or self.health <= 0,
            insane=self.terror > ch.terror.length - ch.terror.red,
            exhausted=self.energy < ch.energy.red,
            escaped=self.out == "escaped", spent_magic=self.spent_magic,
            lost_health=self.lost_health, gained_terror=self.gained_terror,
            afflictions=tuple(a.name for a in self.afflictions))


@dataclass(frozen=True)
class HeroResult:
    """A member's state when the encounter ends, and what it cost them."""

    name: str
    health: int
    energy: int
    terror: int
    resources: dict[str, int] = field(default_factory=dict)
    items: tuple[str, ...] = ()
    dying: bool = False
    insane: bool = False
    exhausted: bool = False
    escaped: bool = False
    spent_magic: int = 0
    lost_health: int = 0
    gained_terror: int = 0
    afflictions: tuple[str, ...] = ()  # the cards attached when the encounter ends
