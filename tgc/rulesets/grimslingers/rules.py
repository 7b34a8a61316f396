"""Grimslingers rule index: the frozen rule data of a Tall Tale looked up by kind and
name once, so the engines never scan tuples (a name is scoped by its kind, GS-A38)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tgc.rulesets.grimslingers.data import (
    Card,
    CardKind,
    Creature,
    Disposition,
    Element,
    Elements,
    FateCard,
    Grimslinger,
    Modifier,
    TallTale,
)
from tgc.rulesets.grimslingers.fate import fate_deck

DEFAULT_ELEMENTS = Elements(beats=(
    ("fire", "ice"), ("ice", "wind"), ("wind", "fire"),
    ("water", "earth"), ("earth", "lightning"), ("lightning", "water"),
))
"""GS-A1's recommended reading, used only when the data gives no ``@elements``."""


@dataclass(frozen=True, slots=True)
class Rules:
    tale: TallTale
    cards: dict[tuple[CardKind, str], Card] = field(default_factory=dict)
    creature_skills: dict[str, Card] = field(default_factory=dict)
    creatures: dict[str, Creature] = field(default_factory=dict)
    dispositions: tuple[Disposition, ...] = ()
    modifiers: dict[str, Modifier] = field(default_factory=dict)
    grimslingers: dict[str, Grimslinger] = field(default_factory=dict)
    beats: frozenset[tuple[Element, Element]] = frozenset()
    fate: tuple[FateCard, ...] = ()

    @property
    def general_skills(self) -> tuple[Card, ...]:
        return tuple(c for c in self.creature_skills.values() if c.owner is None)

    def creature(self, name: str) -> Creature:
        return self.creatures[name]

    def skills_of(self, creature: Creature) -> tuple[Card, ...]:
        return tuple(self.creature_skills[n] for n in creature.skills)

    def elements(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if "element" in c.types)

    def character_cards(self, name: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if c.kind == "skill" and c.owner == name)


def index(tale: TallTale) -> Rules:
    """Build the index; creature skills live apart from Grimslinger skills."""
    cards: dict[tuple[CardKind, str], Card] = {}
    creature_skills: dict[str, Card] = {}
    creature_names = {c.name for c in tale.creatures}
    for card in tale.cards:
        if card.kind == "skill" and (card.owner in creature_names or card.owner is None):
            creature_skills[card.name] = card
        else:
            cards[(card.kind, card.name)] = card
    creatures: dict[str, Creature] = {}
    for creature in tale.creatures:
        creatures[creature.name] = creature
        for alias in creature.aliases:
            creatures[alias] = creature
    relation = tale.elements or DEFAULT_ELEMENTS
    return Rules(
        tale, cards, creature_skills, creatures, tale.dispositions,
        {m.name: m for m in tale.modifiers}, {g.name: g for g in tale.grimslingers},
        frozenset(relation.beats), fate_deck())
