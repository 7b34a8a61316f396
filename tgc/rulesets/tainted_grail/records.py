"""Tainted Grail rule data: the frozen objects the loader builds from ``@character``,
``@card`` and ``@encounter`` declarations, the bundle carries as typed records
(schema.py) and the engines read. Nothing here changes once built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from tgc.limits import MAX_AMOUNT, as_number

# The vocabulary, re-exported for the loader and the engines that read it with the records.
from tgc.rulesets.tainted_grail.vocabulary import ATTRIBUTES as ATTRIBUTES
from tgc.rulesets.tainted_grail.vocabulary import DECKS as DECKS
from tgc.rulesets.tainted_grail.vocabulary import RESOURCES as RESOURCES
from tgc.rulesets.tainted_grail.vocabulary import TRACKS as TRACKS

COLOURS = {"U": "blue", "G": "green", "B": "brown", "Y": "gray"}
TRAITS = ("ambush", "rush", "defensive", "fast", "feint", "guardian", "horde", "opportunist",
          "rage", "robber", "shatter", "slow")
ITEM_LIMITED = ("weapon", "shield", "armor", "companion", "relic")
AFFINITY_COLOURS = ("red", "gray", "green")
COMBAT_ICONS = ("marker", "draw", "again", "discard")
DIPLOMACY_ICONS = ("up", "down", "stage", "draw", "again", "discard")
MAX_ROWS = 4


# ---------------------------------------------------------------- bonuses and keys


@dataclass(frozen=True, slots=True)
class Gain:
    """What a connected key gives once its multipliers and voids are applied."""

    markers: int = 0
    draws: int = 0
    again: bool = False
    discards: int = 0
    up: int = 0
    down: int = 0
    stage: int = 0

    def __add__(self, other: Gain) -> Gain:
        return Gain(self.markers + other.markers, self.draws + other.draws,
                    self.again or other.again, self.discards + other.discards,
                    self.up + other.up, self.down + other.down, self.stage + other.stage)


NO_GAIN = Gain()


def compile_icons(icons: tuple[str, ...]) -> Gain:
    """Icons read left to right: ``2x`` multiplies the next icon, ``X`` voids it, a
    number counts it; ``again`` never multiplies (the rulebook says so)."""
    markers = draws = discards = up = down = stage = 0
    again = False
    factor, count, void = 1, 1, False
    for icon in icons:
        if icon == "X":
            void = True
            continue
        if icon.endswith("x") and (times := as_number(icon[:-1], high=MAX_AMOUNT)) is not None:
            factor = min(factor * times, MAX_AMOUNT)
            continue
        if (number := as_number(icon, high=MAX_AMOUNT)) is not None:
            count = number
            continue
        n = 0 if void else factor * count
        if icon == "again":
            again = again or not void
        elif icon in ("marker", "markers"):
            markers += n
        elif icon == "draw":
            draws += n
        elif icon == "discard":
            discards += n
        elif icon == "up":
            up += n
        elif icon == "down":
            down += n
        elif icon == "stage":
            stage += n
        factor, count, void = 1, 1, False
    return Gain(markers, draws, again, discards, up, down, stage)


@dataclass(frozen=True, slots=True)
class LeftKey:
    """A key on a card's left edge: a Bonus Key (``magic`` False) that joins an Attribute
    Key, or the left half of a Magic Key; ``gain`` is what it gives when connected."""

    magic: bool
    icons: tuple[str, ...]
    gain: Gain


@dataclass(frozen=True, slots=True)
class RightKey:
    """A key on a right edge: an Attribute Key with its required level, or the right
    half of a Magic Key (``attribute`` None)."""

    attribute: str | None
    level: int = 1

    @property
    def magic(self) -> bool:
        return self.attribute is None


# ---------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class Cond:
    """A condition inside an effect: ``affinity green``, ``pool >= 3``, ``item weapon``,
    ``courage >= 2``, ``panic``; ``negate`` for ``not``."""

    kind: Literal["affinity", "compare", "item", "panic"]
    name: str = ""
    op: str = ""
    value: int = 0
    negate: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of the effect language (docs/language.md, "Rule data")."""

    verb: str
    amount: int = 0
    what: str = ""
    per: str | None = None  # ``per connected ATTRIBUTE``
    cond: Cond | None = None
    text: str = ""


Effects = tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Ability:
    """A card ability: ``placement``, ``delayed`` (``tokens`` Time Tokens), ``attack``
    (on enemy attack / on the opponent's response) or ``charge`` (pay ``cost`` Charges)."""

    trigger: str
    effects: Effects
    tokens: int = 0
    cost: int = 0
    text: str = ""


# Triggers of an Item's or a Skill's ability (each but ``action`` optionally after
# ``combat`` or ``diplomacy``): ``start`` (once the starting hands are dealt), ``attack``
# (on the enemy's attack or the opponent's response, in the owner's activation),
# ``flip`` (an Item only: once per encounter, whenever its owner likes in their
# activation, then face down until the encounter ends) and ``action`` (an Action outside
# encounters: `:use` in `tgc play`).
ITEM_TRIGGERS = ("start", "attack", "flip", "action")
SKILL_TRIGGERS = ("start", "attack", "action")


def fires(ability: Ability, trigger: str, kind: str) -> bool:
    """Whether ``ability`` fires on ``trigger`` in an encounter of ``kind``."""
    return ability.trigger == trigger or ability.trigger == f"{kind} {trigger}"


@dataclass(frozen=True, slots=True)
class ItemRules:
    """An ``@item``'s abilities (its keywords and text are the core's ``Item``)."""

    name: str
    abilities: tuple[Ability, ...]


@dataclass(frozen=True, slots=True)
class Skill:
    """One side of a Skill card (000, "Buying skills": double-sided, the sides mutually
    exclusive, every skill unique): the attribute it gives a point of, its card's number
    and its abilities."""

    name: str
    attribute: str
    card: str
    abilities: tuple[Ability, ...] = ()
    text: str = ""


# ---------------------------------------------------------------- cards and characters


@dataclass(frozen=True, slots=True)
class Card:
    kind: Literal["combat", "diplomacy"]
    number: str  # "7B": number and colour letter
    name: str
    left: tuple[LeftKey | None, ...]
    right: tuple[RightKey | None, ...]
    free: tuple[str, ...] = ()
    free_right: tuple[str, ...] = ()
    passive: bool = False
    abilities: tuple[Ability, ...] = ()
    character: str | None = None
    text: str = ""
    # Abilities by trigger, computed once (the engines ask at every step).
    on_attack: tuple[Ability, ...] = field(init=False, compare=False, repr=False)
    on_placement: tuple[Ability, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "on_attack", self.abilities_on("attack"))
        object.__setattr__(self, "on_placement", tuple(
            a for a in self.abilities if a.trigger in ("placement", "delayed")))

    @property
    def colour(self) -> str:
        return COLOURS.get(self.number[-1:], "")

    def abilities_on(self, trigger: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.trigger == trigger)

    def __str__(self) -> str:
        return f"{self.name} ({self.number})"


@dataclass(frozen=True, slots=True)
class Track:
    """A survival track: values 0..``length``, starting at ``start``; ``red`` slots at the
    dangerous end (Health and Energy: the bottom; Terror: the top)."""

    length: int
    start: int
    red: int


@dataclass(frozen=True, slots=True)
class Character:
    name: str
    number: int
    colour: str
    health: Track
    energy: Track
    terror: Track
    attributes: dict[str, int] = field(default_factory=dict)
    resources: dict[str, int] = field(default_factory=dict)
    combat: tuple[str, ...] = ()
    diplomacy: tuple[str, ...] = ()
    combat_pool: tuple[str, ...] = ()
    diplomacy_pool: tuple[str, ...] = ()
    text: str = ""
    # ACT-5: the Character Action on the tile (``ability: action: EFFECTS``), its
    # ``pay`` effects the fixed cost.
    abilities: tuple[Ability, ...] = ()

    def __hash__(self) -> int:
        return hash((self.name, self.number))


# ---------------------------------------------------------------- afflictions


@dataclass(frozen=True, slots=True)
class Affliction:
    """A "You Are Dying" or "You Are Going Insane" card (000, "Death and insanity"): the
    rulebook says when each is attached (``attach``: ``dying`` when Health drops to 0,
    ``insane`` when Terror reaches the red slots) and that the solo card differs from the
    co-op ones (``mode``); the rest is the campaign's rule data. ``attached`` is resolved
    once when the card is attached, ``encounter`` at the start of every encounter the
    member enters with it, ``item_limit`` caps the Items in use (Secrets never count),
    and the card comes off when every condition of ``remove`` holds."""

    name: str
    mode: Literal["solo", "coop"]
    attach: Literal["dying", "insane"]
    attached: Effects = ()
    encounter: Effects = ()
    item_limit: int | None = None
    remove: tuple[Cond, ...] = ()
    text: str = ""


def affliction_for(cards: Mapping[str, Affliction], attach: str, players: int) -> Affliction | None:
    """The card attached when a member is ``dying`` or ``insane`` in a game of
    ``players``: the solo card in a solo game, a co-op card otherwise (000, "Death": the
    solo card is milder; the first declared of its mode, as the co-op cards read alike)."""
    mode = "solo" if players <= 1 else "coop"
    return next((a for a in cards.values() if a.attach == attach and a.mode == mode), None)


# ---------------------------------------------------------------- encounters


@dataclass(frozen=True, slots=True)
class Row:
    """A table row: effects for a Combat Pool (or affinity slot) from ``low`` to ``high``
    (None: and above)."""

    low: int
    high: int | None
    effects: Effects

    def holds(self, value: int) -> bool:
        return self.low <= value and (self.high is None or value <= self.high)


@dataclass(frozen=True, slots=True)
class CombatEncounter:
    name: str
    deck: str
    level: int
    value: int
    traits: tuple[str, ...]  # sorted, so a bundle's bytes never depend on hash order
    right: tuple[RightKey | None, ...]
    attack: tuple[Row, ...]
    opportunity: Effects = ()
    reward: Effects = ()
    loot: Effects = ()
    kind: Literal["combat"] = "combat"
    text: str = ""

    @property
    def guardian(self) -> bool:
        return "guardian" in self.traits

    def attack_at(self, pool: int) -> Effects:
        for row in self.attack:
            if row.holds(pool):
                return row.effects
        return ()


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of a diplomacy: the stage bonus per attribute and the response table
    by affinity slot (1 = the lowest slot)."""

    number: int
    rules: dict[str, Effects]
    responses: tuple[Row, ...]

    def __hash__(self) -> int:
        return hash(self.number)

    def response_at(self, slot: int) -> Effects:
        for row in self.responses:
            if row.holds(slot):
                return row.effects
        return ()


@dataclass(frozen=True, slots=True)
class DiplomacyEncounter:
    name: str
    deck: str
    level: int
    affinity: tuple[str, ...]  # slot colours, bottom first
    right: tuple[RightKey | None, ...]
    stages: tuple[Stage, ...]
    failure: Effects = ()
    reward: Effects = ()
    avoid_if: tuple[Cond, ...] = ()
    avoid_costs: tuple[tuple[int, str], ...] = ()
    can_avoid: bool = False
    kind: Literal["diplomacy"] = "diplomacy"
    second: tuple[Stage, ...] = ()  # the stages of a second approach (002: "two alternative approaches")
    text: str = ""

    @property
    def approaches(self) -> tuple[tuple[Stage, ...], ...]:
        return (self.stages, self.second) if self.second else (self.stages,)

    @property
    def start(self) -> int:
        """The gray starting slot, 1-based."""
        return self.affinity.index("gray") + 1

    @property
    def top(self) -> int:
        return len(self.affinity)

    def colour_at(self, slot: int) -> str:
        return self.affinity[slot - 1]


Encounter = CombatEncounter | DiplomacyEncounter


@dataclass(frozen=True, slots=True)
class StoryEncounter:
    """An ``@encounter`` with no rule data (only ``deck``, ``level``, ``kind``, ``text``):
    the reader settles it. ``deck`` and ``diplomacy`` (``kind: diplomacy``) are kept as
    written: they decide whether it can be avoided."""

    name: str
    deck: str | None = None
    level: str | None = None
    diplomacy: bool = False
    text: str = ""
    kind: Literal["story"] = "story"


@dataclass(frozen=True)
class Rules:
    """Every character, card and encounter of a campaign, by name or number."""

    characters: dict[str, Character] = field(default_factory=dict)  # by lower-case name
    combat_cards: dict[str, Card] = field(default_factory=dict)
    diplomacy_cards: dict[str, Card] = field(default_factory=dict)
    encounters: dict[str, Encounter] = field(default_factory=dict)
    story: dict[str, StoryEncounter] = field(default_factory=dict)  # settled by the reader
    afflictions: dict[str, Affliction] = field(default_factory=dict)  # by name
    items: dict[str, ItemRules] = field(default_factory=dict)  # items with abilities, by name
    skills: dict[str, Skill] = field(default_factory=dict)  # each side of a card, by name

    def item_abilities(self, name: str) -> tuple[Ability, ...]:
        found = self.items.get(name)
        return found.abilities if found is not None else ()

    def affliction_for(self, attach: str, players: int) -> Affliction | None:
        return affliction_for(self.afflictions, attach, players)

    def character(self, name: str) -> Character | None:
        return self.characters.get(name.lower())

    def deck(self, character: Character, kind: str) -> list[Card]:
        """The character's starter deck of ``kind`` (unknown numbers are skipped; the
        checker reports them)."""
        numbers = character.combat if kind == "combat" else character.diplomacy
        cards = self.combat_cards if kind == "combat" else self.diplomacy_cards
        return [cards[n] for n in numbers if n in cards]

    def in_deck(self, deck: str, level: int | None = None) -> list[Encounter]:
        """Encounters of a deck colour (and level), sorted by name for determinism."""
        return [e for _, e in sorted(self.encounters.items())
                if e.deck == deck and (level is None or e.level == level)]
