"""Runtime stage, the index: a Bundle in, lookups by id out (verses, blocks, statuses,
items, locations, encounters), built once so the interpreter never scans a list."""

from __future__ import annotations

from dataclasses import dataclass

from tgc.bundle.conditions import to_form
from tgc.bundle.schema import Action, Bundle, Condition, Location, Op, Record, Status, Target, Verse
from tgc.conditions import form as f
from tgc.conditions.change import Shape
from tgc.rulesets.spec import vocabulary_of


class StoryError(Exception):
    """The bundle asks for something it does not hold (an unknown verse, a status mark
    that does not fit its shape). A checked campaign never raises it; random play and
    the explorer report it with the seed and inputs that led there."""


@dataclass(frozen=True, slots=True)
class Body:
    """The operations of a verse or of one of its inline blocks."""

    verse: Verse
    block: str | None
    ops: tuple[Op, ...]

    @property
    def label(self) -> str:
        return f"{self.verse.id}.{self.block}" if self.block else self.verse.id


class Book:
    """The bundle, indexed."""

    def __init__(self, bundle: Bundle) -> None:
        self.bundle = bundle
        self.vocabulary = vocabulary_of(bundle)
        self.verses: dict[str, Verse] = {v.id: v for v in bundle.verses}
        self.bodies: dict[tuple[str, str | None], Body] = {}
        for verse in bundle.verses:
            self.bodies[(verse.id, None)] = Body(verse, None, verse.ops)
            for block in verse.blocks:
                self.bodies[(verse.id, block.name)] = Body(verse, block.name, block.ops)
        self.statuses: dict[str, Status] = {s.name: s for s in bundle.statuses}
        self.item_keywords: dict[str, tuple[str, ...]] = {i.name: i.keywords for i in bundle.items}
        self.locations: dict[int, Location] = {loc.number: loc for loc in bundle.locations}
        self.encounters: dict[str, Record] = {r.name: r for r in bundle.encounters}
        # Every declared encounter: the generic records and the rule data's typed ones.
        self.encounter_names = frozenset(
            (*self.encounters, *(bundle.rules.encounter_names() if bundle.rules else ())))
        self.secret_numbers = frozenset(s.number for s in bundle.secrets)
        self.secret_keywords: dict[int, tuple[str, ...]] = {s.number: s.keywords for s in bundle.secrets}
        # id of a bundle condition -> (it, kept alive so the id stays its own; its form)
        self._forms: dict[int, tuple[Condition, f.Condition]] = {}

    def form(self, cond: Condition) -> f.Condition:
        """A bundle condition in the condition algebra's form, converted once."""
        found = self._forms.get(id(cond))
        if found is None:
            found = self._forms[id(cond)] = (cond, to_form(cond))
        return found[1]

    def body(self, verse: str, block: str | None = None) -> Body:
        try:
            return self.bodies[(verse, block)]
        except KeyError:
            where = f"block .{block} of verse {verse}" if block else f"verse {verse}"
            raise StoryError(f"the bundle has no {where}") from None

    def status(self, name: str) -> Status:
        try:
            return self.statuses[name]
        except KeyError:
            raise StoryError(f'the bundle declares no status "{name}"') from None

    def keywords(self, item: str) -> tuple[str, ...]:
        """An item's keywords; an unnamed item gained by keyword is held as ``[keyword]``."""
        if item.startswith("[") and item.endswith("]"):
            return (item[1:-1],)
        return self.item_keywords.get(item, ())

    def bound_secret(self, number: int) -> bool:
        """A secret that never changes hands (its keywords hold the ruleset's
        ``bound_secret_keyword``): it cannot be given, and is lost with its holder."""
        word = self.vocabulary.bound_secret_keyword
        return word is not None and any(k.casefold() == word for k in self.secret_keywords.get(number, ()))

    def items_with(self, keyword: str) -> list[str]:
        return [name for name, kws in self.item_keywords.items() if keyword in kws]

    # ---- what the bundle declares, as the algebra's footprint asks (change.Declared)

    def shape(self, status: str) -> tuple[Shape, int] | None:
        declared = self.statuses.get(status)
        return (declared.shape, declared.size) if declared is not None else None

    def watched(self, status: str) -> bool:
        declared = self.statuses.get(status)
        return declared is not None and bool(declared.triggers)

    def has_secret(self, number: int) -> bool:
        return number in self.secret_numbers

    def has_item(self, name: str) -> bool:
        return name in self.item_keywords

    def has_keyword(self, word: str) -> bool:
        return word in self.vocabulary.item_keywords or any(
            word in kws for kws in self.item_keywords.values())

    def linked(self, number: str) -> list[str]:
        return self.vocabulary.linked(number)

    def keys(self, location: int) -> tuple[int, ...]:
        card = self.locations.get(location)
        return tuple(card.keys.values()) if card is not None else ()

    def hook(self, location: int, hook: str) -> Target | None:
        loc = self.locations.get(location)
        return loc.hooks.get(hook) if loc is not None else None

    def action(self, location: int, name: str) -> Action:
        """A location's action by its name (any case)."""
        loc = self.locations.get(location)
        wanted = name.casefold()
        for action in loc.actions if loc is not None else ():
            if action.name.casefold() == wanted:
                return action
        raise StoryError(f'location {location} has no action "{name}"')

    def outcomes(self, deck: str | None, name: str | None) -> tuple[str, ...]:
        """The outcomes the ruleset gives a deck, or a declared encounter (its typed rule
        data says; a generic record gets ``avoid`` too where its properties make it
        avoidable); the plain outcomes otherwise."""
        words = self.vocabulary
        typed = self.bundle.rules.outcomes(name, words) if name is not None and self.bundle.rules else None
        if typed is not None:
            return typed
        if name is not None and name in self.encounters:
            data = self.encounters[name].data
            if words.avoidable_encounter(data):
                return (*words.outcomes, "avoid")
            if deck is None and isinstance(data.get("deck"), str):
                deck = str(data["deck"])
        return words.decks.get(deck, words.outcomes) if deck is not None else words.outcomes
