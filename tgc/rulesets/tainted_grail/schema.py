"""Tainted Grail's rule data in the bundle: the typed records (records.py) of every
``@character``, ``@card`` and ``@encounter``, as the loader built them from the sources.
The engines play from these (``rules()``), so a bundle alone plays the same fights and
nothing at run time reads a property's text again."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, ClassVar, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from tgc.limits import MAX_AMOUNT, MAX_NUMBER
from tgc.rulesets.ruledata import Member, RuleData
from tgc.rulesets.spec import Vocabulary
from tgc.rulesets.tainted_grail.records import (
    ATTRIBUTES,
    RESOURCES,
    TRACKS,
    Affliction,
    Card,
    Character,
    CombatEncounter,
    DiplomacyEncounter,
    ItemRules,
    Rules,
    Skill,
    StoryEncounter,
)

AnyEncounter = Annotated[CombatEncounter | DiplomacyEncounter | StoryEncounter,
                         Field(discriminator="kind")]


# The fields of the records that count what an effect or an ability does.
_AMOUNTS = frozenset({"amount", "tokens", "cost", "markers", "draws", "discards", "up", "down", "stage",
                      "level"})


class TaintedGrailRules(RuleData):
    """Every character (by name), card (combat cards, then diplomacy cards, each in the
    order the campaign declares them) and encounter (by name): with rule data, or settled
    by the reader (``story``)."""

    KINDS: ClassVar[tuple[str, ...]] = ("character", "card", "encounter", "affliction", "skill")
    # Records written only when the campaign declares some, so a bundle without them keeps
    # its bytes.
    OPTIONAL: ClassVar[tuple[str, ...]] = ("afflictions", "items", "skills")
    # A character's fields written only when set, so an older reader still reads a bundle
    # of characters without them (the bundle format stays 3).
    OPTIONAL_CHARACTER: ClassVar[tuple[str, ...]] = ("abilities",)

    ruleset: Literal["tainted-grail"] = "tainted-grail"
    characters: tuple[Character, ...] = ()
    cards: tuple[Card, ...] = ()
    encounters: tuple[AnyEncounter, ...] = ()
    afflictions: tuple[Affliction, ...] = ()
    items: tuple[ItemRules, ...] = ()  # the abilities of the items that have some
    skills: tuple[Skill, ...] = ()  # each side of each Skill card

    @model_serializer(mode="wrap")
    def _without_empty(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        data: dict[str, object] = handler(self)
        for key in self.OPTIONAL:
            if not getattr(self, key):
                data.pop(key, None)
        written = data.get("characters")
        if isinstance(written, list):
            for character, record in zip(self.characters, written, strict=True):
                for key in self.OPTIONAL_CHARACTER:
                    if not getattr(character, key) and isinstance(record, dict):
                        record.pop(key, None)
        return data

    @classmethod
    def of(cls, rules: Rules) -> TaintedGrailRules:
        """The records of loaded rules, sorted as the bundle keeps them."""
        encounters = sorted([*rules.encounters.values(), *rules.story.values()], key=lambda e: e.name)
        return cls(characters=tuple(sorted(rules.characters.values(), key=lambda c: c.name)),
                   cards=(*rules.combat_cards.values(), *rules.diplomacy_cards.values()),
                   encounters=tuple(encounters), afflictions=tuple(rules.afflictions.values()),
                   items=tuple(rules.items.values()), skills=tuple(rules.skills.values()))

    @cached_property
    def rules(self) -> Rules:
        """The records indexed as the engines look them up (built once per bundle)."""
        out = Rules()
        for character in self.characters:
            out.characters[character.name.lower()] = character
        for card in self.cards:
            table = out.combat_cards if card.kind == "combat" else out.diplomacy_cards
            table[card.number] = card
        for encounter in self.encounters:
            if isinstance(encounter, StoryEncounter):
                out.story[encounter.name] = encounter
            else:
                out.encounters[encounter.name] = encounter
        for affliction in self.afflictions:
            out.afflictions[affliction.name] = affliction
        for item in self.items:
            out.items[item.name] = item
        for skill in self.skills:
            out.skills[skill.name] = skill
        return out

    def limit(self, path: str) -> tuple[int, int]:
        """As the loader reads the sources: what an effect gains, draws, marks or costs,
        an ability's tokens and charges, a key's level lie within MAX_AMOUNT (a card that
        draws a billion cards is no card); the rest (track lengths, values, numbers)
        within MAX_NUMBER."""
        if path.rpartition(".")[2] in _AMOUNTS:
            return (-MAX_AMOUNT, MAX_AMOUNT)
        return (-MAX_NUMBER, MAX_NUMBER)

    def members(self) -> tuple[Member, ...]:
        """Each character's starting numbers. An attribute or a resource the declaration
        leaves out is 0 (000, setup IV and V: the starting Attributes and Resources are the
        ones the back of the Character Tile lists; the tray's other slots hold no marker),
        in `tgc play` as in the engines, never the default adventurer's."""
        return tuple(Member(c.name, {t: getattr(c, t).start for t in TRACKS},
                            {t: getattr(c, t).length for t in TRACKS},
                            {a: c.attributes.get(a, 0) for a in ATTRIBUTES},
                            {r: c.resources.get(r, 0) for r in RESOURCES})
                     for c in self.characters)

    def encounter_names(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.encounters)

    def outcomes(self, name: str, vocabulary: Vocabulary) -> tuple[str, ...] | None:
        """Outcomes by the encounter's deck; ``avoid`` too for a diplomacy or a blue one."""
        rules = self.rules
        encounter = rules.encounters.get(name) or rules.story.get(name)
        if encounter is None:
            return None
        if isinstance(encounter, StoryEncounter):
            kind, deck = ("diplomacy" if encounter.diplomacy else None), encounter.deck
        else:
            kind, deck = encounter.kind, encounter.deck
        if vocabulary.avoidable_encounter({"kind": kind, "deck": deck}):
            return (*vocabulary.outcomes, "avoid")
        return vocabulary.decks.get(deck, vocabulary.outcomes) if deck is not None else vocabulary.outcomes


RULE_DATA = TaintedGrailRules  # found by tgc.rulesets.rule_data_models
