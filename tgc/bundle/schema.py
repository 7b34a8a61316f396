"""Bundle stage, the data: the versioned schema of a compiled campaign (pydantic models).

The runtime, a companion app and the printers read only this, so the module imports
nothing from the compiler: ``tgc play build/x.bundle.json`` works without the sources.
Every union is tagged by ``kind``; every model forbids unknown fields and is frozen.
``pytest tests/test_bundle.py --update-goldens`` exports the JSON Schema to
docs/bundle.schema.json.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Any, Final, Literal, Optional, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializeAsAny,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    create_model,
    field_validator,
)
from typing_extensions import TypeAliasType

from tgc import rulesets
from tgc.rulesets.ruledata import RuleData

# Bump on any change a reader of format N cannot read; docs/bundle.md says when.
BUNDLE_FORMAT: Final = 3
BUNDLE_KIND = "tgc-bundle"


Outcome = Literal["win", "lose", "avoid"]  # how an encounter ended
Side = Literal["heads", "tails"]  # a coin's side


class _Model(BaseModel):
    # strict: a bundle is written by a machine, so "3" for 3 is a bug to report, not to fix.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _empty(value: object) -> bool:
    """Fields added after a format was published are written only when set, so bundles
    without them keep their bytes. A field's ``exclude_if`` rather than a wrap serializer:
    a wrapped model's output is walked a second time to serialize what the wrapper
    returned, which for the whole bundle cost as much as serializing it."""
    return value is None or value is False or (isinstance(value, (dict, tuple)) and not value)


# ---------------------------------------------------------------- targets


class Goto(_Model):
    """Go to a verse (canonical id, ``201.forge``), or to one of its inline blocks."""

    kind: Literal["goto"] = "goto"
    verse: str
    block: str | None = None


class End(_Model):
    """A terminal: ``end`` (the exploration), ``end-chapter`` or ``game-over``."""

    kind: Literal["end", "end-chapter", "game-over"]


Target = Annotated[Goto | End, Field(discriminator="kind")]

# ---------------------------------------------------------------- conditions


class StatusCond(_Model):
    """Neither bound set: any part is marked (a flag: marked). ``low``/``high``: every part
    in that range. ``at_least``: that many parts (or boxes) are marked."""

    kind: Literal["status"] = "status"
    status: str
    low: int | None = None
    high: int | None = None
    at_least: int | None = None


class SecretCond(_Model):
    kind: Literal["secret"] = "secret"
    number: int


class ItemCond(_Model):
    """A named item, or (``keyword`` true) any item carrying that keyword."""

    kind: Literal["item"] = "item"
    item: str
    keyword: bool = False


class CompareCond(_Model):
    """An attribute, resource, track or counter (``players``, ``day``) against a number."""

    kind: Literal["compare"] = "compare"
    name: str
    op: Literal[">=", ">", "<=", "<", "==", "!="]
    value: int


class DialCond(_Model):
    kind: Literal["dial"] = "dial"
    dial: str
    op: Literal[">=", ">", "<=", "<", "==", "!="]
    value: int


class CharacterCond(_Model):
    kind: Literal["character"] = "character"
    character: str


class EventCond(_Model):
    """``event "X"``: today's Event is X; ``quest "X"`` (``quest`` true): X is among the
    Active Quests (a campaign layer keeps both)."""

    kind: Literal["event"] = "event"
    event: str
    quest: bool = False


class VisitedCond(_Model):
    kind: Literal["visited"] = "visited"
    verse: str


class ChapterCond(_Model):
    """``op`` None: in chapter ``number``+``letter`` (and ``part``, if set); with ``op``:
    the chapter number compared (``chapter >= 3``)."""

    kind: Literal["chapter"] = "chapter"
    number: int
    letter: str | None = None
    part: int | None = None
    op: Literal[">=", ">", "<=", "<", "==", "!="] | None = None


class AskCond(_Model):
    """The reader answers; the same question is asked once per exploration."""

    kind: Literal["ask"] = "ask"
    question: str


class NotCond(_Model):
    kind: Literal["not"] = "not"
    operand: Condition


class AndCond(_Model):
    kind: Literal["and"] = "and"
    operands: tuple[Condition, ...]


class OrCond(_Model):
    kind: Literal["or"] = "or"
    operands: tuple[Condition, ...]


Condition = Annotated[
    StatusCond | SecretCond | ItemCond | CompareCond | DialCond | CharacterCond | EventCond | VisitedCond
    | ChapterCond | AskCond | NotCond | AndCond | OrCond,
    Field(discriminator="kind"),
]

# ---------------------------------------------------------------- effects


class Cost(_Model):
    """``pay N RESOURCE`` in a guard or an action: must be affordable, paid when chosen.
    ``per_player``: N times the number of players (written only when true, so bundles
    without it keep their bytes)."""

    amount: int
    resource: str
    per_player: bool = Field(default=False, exclude_if=_empty)


class Amount(_Model):
    """Gain, lose or pay a resource or track. ``party`` None leaves the split to the
    ruleset; ``pay`` takes what there is, down to 0."""

    kind: Literal["gain", "lose", "pay"]
    amount: int
    what: str
    party: Literal["each", "shared"] | None = None


class Mark(_Model):
    """Mark or unmark a status: parts ``low``..``high``, or (both None) a flag or the
    next box (``unmark``: the last ticked box)."""

    kind: Literal["mark", "unmark"]
    status: str
    low: int | None = None
    high: int | None = None


class SecretChange(_Model):
    kind: Literal["gain-secret", "lose-secret"]
    number: int


class ItemChange(_Model):
    """A named item, or (``keyword`` true) an item of the reader's choice with that keyword."""

    kind: Literal["gain-item", "lose-item"]
    item: str
    keyword: bool = False


class AttributeChange(_Model):
    kind: Literal["raise", "lower"]
    attribute: str
    amount: int


class Task(_Model):
    kind: Literal["task"] = "task"
    text: str


class Note(_Model):
    """A printed rule the engine does not model; shown to the reader as it is."""

    kind: Literal["note"] = "note"
    text: str


class Phrase(_Model):
    """An effect the campaign's ruleset plays itself (``activate menhir 6, 5, 4, 3``,
    ``place guardian "Mist Hound" at 120``): ``numbers``, ``name`` and ``at`` are its
    arguments. A plain story applies nothing and reports it; the ruleset's layer acts."""

    kind: Literal["phrase"] = "phrase"
    phrase: str
    numbers: tuple[int, ...] = ()
    name: str | None = None
    at: int | None = None


class LocationChange(_Model):
    """``move-to`` is not Travel: it reveals the neighbours and fires the ``instant`` hook."""

    kind: Literal["remove-location", "reveal-location", "move-to"]
    location: int


class ReplaceLocation(_Model):
    kind: Literal["replace-location"] = "replace-location"
    old: int
    new: int


class SetDial(_Model):
    kind: Literal["set-dial"] = "set-dial"
    dial: str
    value: int


class AdvanceDial(_Model):
    kind: Literal["advance-dial"] = "advance-dial"
    dial: str


class TimeToken(_Model):
    kind: Literal["place-time-token", "remove-time-token"]


class OutcomeArm(_Model):
    outcome: Outcome
    target: Target


class GameArg(_Model):
    """One ``KEY VALUE`` of a game a verse starts (``hero "Niamh"``, ``rank 3``)."""

    key: str
    value: str | int


class Game(_Model):
    """A game of the campaign's ruleset, started from a verse (``Vocabulary.games``): the
    phrase and its arguments as written; the ruleset's engines know what they mean."""

    phrase: str
    args: tuple[GameArg, ...] = ()

    def arg(self, key: str) -> str | int | None:
        return next((a.value for a in self.args if a.key == key), None)

    def text(self) -> str:
        """``twenty-strong hero "Niamh" boss "The Hollow King" rank 3``: as written."""
        args = (f'{a.key} "{a.value}"' if isinstance(a.value, str) else f"{a.key} {a.value}"
                for a in self.args)
        return " ".join((self.phrase, *args))


class Encounter(_Model):
    """A deck draw (``deck``, optional ``level``), a declared encounter (``name``) or a game
    of the ruleset's own (``game``; written only when set, so a bundle without games keeps
    its bytes). An outcome without an arm continues after the line."""

    kind: Literal["encounter"] = "encounter"
    deck: str | None = None
    level: int | None = None
    name: str | None = None
    arms: tuple[OutcomeArm, ...] = ()
    game: Game | None = Field(default=None, exclude_if=_empty)


class Modifier(_Model):
    """Adds ``sign`` times the party's ``attribute``, or ``sign`` times ``value``."""

    sign: Literal[1, -1]
    attribute: str | None = None
    value: int = 0


class DiceArm(_Model):
    """Totals ``low``..``high``; ``high`` None is open (``5+``)."""

    low: int
    high: int | None
    target: Target


class Roll(_Model):
    kind: Literal["roll"] = "roll"
    dice: int
    sides: int
    modifiers: tuple[Modifier, ...] = ()
    arms: tuple[DiceArm, ...]


class TossArm(_Model):
    side: Side
    target: Target


class Toss(_Model):
    kind: Literal["toss"] = "toss"
    arms: tuple[TossArm, ...]


Effect = Annotated[
    Amount | Mark | SecretChange | ItemChange | AttributeChange | Task | Note | LocationChange
    | ReplaceLocation | SetDial | AdvanceDial | TimeToken | Encounter | Roll | Toss | Phrase,
    Field(discriminator="kind"),
]

# ---------------------------------------------------------------- operations


class Text(_Model):
    """A paragraph of prose with its inline markup (icons, emphasis, escapes) left raw."""

    kind: Literal["text"] = "text"
    text: str


class IfEffect(_Model):
    """``~ if COND: EFFECT``: applies the effect when the condition holds; goes on either way."""

    kind: Literal["if-effect"] = "if-effect"
    cond: Condition
    effect: Effect


class IfDivert(_Model):
    """``~ if COND -> REF``: leaves the body when the condition holds."""

    kind: Literal["if-divert"] = "if-divert"
    cond: Condition
    target: Target


class Divert(_Model):
    kind: Literal["divert"] = "divert"
    target: Target


class Choice(_Model):
    """Offered when ``guard`` holds and ``costs`` are affordable; choices end a body."""

    kind: Literal["choice"] = "choice"
    text: str
    guard: Condition | None = None
    costs: tuple[Cost, ...] = ()
    target: Target


Op = Annotated[
    Text | Amount | Mark | SecretChange | ItemChange | AttributeChange | Task | Note
    | LocationChange | ReplaceLocation | SetDial | AdvanceDial | TimeToken | Encounter | Roll
    | Toss | Phrase | IfEffect | IfDivert | Divert | Choice,
    Field(discriminator="kind"),
]


class Block(_Model):
    """An inline block: printed as part of its verse, reached only from inside it."""

    name: str
    ops: tuple[Op, ...]


class Verse(_Model):
    """``id`` is canonical (``201.2a``, ``bos.ritual``); ``printed`` is what the book shows."""

    id: str
    section: str
    printed: str
    ops: tuple[Op, ...]
    blocks: tuple[Block, ...] = ()


# ---------------------------------------------------------------- declarations


class Players(_Model):
    min: int
    max: int


class Campaign(_Model):
    """The ``@campaign`` header. ``data`` and ``links`` hold the properties its ruleset
    adds (``Vocabulary.campaign_keys``: Tainted Grail's ``menhir: 8, 7, 6, 5``,
    ``mercy -> bos.500``), written only when there are any."""

    title: str
    ruleset: str
    start: int
    players: Players
    # A campaign whose ruleset adds nothing keeps the bytes it had before.
    data: dict[str, str] = Field(default={}, exclude_if=_empty)
    links: tuple[Link, ...] = Field(default=(), exclude_if=_empty)


class Section(_Model):
    name: str
    title: str
    role: Literal["location", "bos", "named"]


class Action(_Model):
    name: str
    costs: tuple[Cost, ...] = ()
    once_per_day: bool = False
    target: Target


class Location(_Model):
    """A location card. ``keys`` maps a direction to a location number; ``hooks`` maps
    ``explore``/``instant``/``menhir``/``dream``/``nightmare`` to where they lead."""

    number: int
    title: str
    legacy: int | None = None
    seals: tuple[str, ...] = ()
    keys: dict[str, int] = {}
    hooks: dict[str, Target] = {}
    actions: tuple[Action, ...] = ()
    text: str = ""


class Trigger(_Model):
    """``marked`` (a flag), ``full`` (boxes), ``parts`` ``low``..``high`` all marked, or
    ``any`` ``low`` parts or boxes marked."""

    when: Literal["marked", "full", "parts", "any"]
    low: int | None = None
    high: int | None = None
    target: Target


class Status(_Model):
    """``size`` is the number of parts or boxes; 1 for a flag."""

    name: str
    shape: Literal["flag", "parts", "boxes"]
    size: int
    triggers: tuple[Trigger, ...] = ()
    text: str = ""


class Secret(_Model):
    number: int
    title: str
    keywords: tuple[str, ...] = ()
    text: str = ""


class Item(_Model):
    name: str
    keywords: tuple[str, ...] = ()
    text: str = ""


# Property values of the declarations whose keys the rulesets define: text, a list
# (``- item`` lines, or ``a, b`` keywords) or a map (nested ``key: value`` lines).
Data = TypeAliasType("Data", "str | list[Data] | dict[str, Data]")


class Link(_Model):
    """A ``KEY -> REF`` property (``success -> bos.40``): an entry point of the graph."""

    key: str
    target: Target


class Record(_Model):
    """An ``@event``, ``@quest`` or (when the ruleset's rule data does not type it) an
    ``@encounter``: its name (the first header word), every header word in order, its
    links in source order, and its other properties as data. Rule data is never read from
    here: it is in ``Bundle.rules``, typed."""

    name: str
    args: tuple[str | int, ...] = ()
    links: tuple[Link, ...] = ()
    data: dict[str, Data] = {}
    # the ruleset's condition keys, compiled (written only when there are any: a record
    # without them keeps the bytes it had before they existed)
    conditions: dict[str, Condition] = Field(default={}, exclude_if=_empty)


class SourceLoc(_Model):
    """Where a verse or block starts, relative to the campaign folder."""

    file: str
    line: int


class Language(_Model):
    """The edition of a translated bundle (``tgc build --lang``): its language code, the
    printed names of statuses, items and encounters (``status:NAME``, ``item:NAME`` or
    ``encounter:NAME`` -> the name this edition prints; conditions, effects and rule data
    keep the source names) and how many texts were translated or printed in the source
    language instead (docs/localization.md). ``terms`` is the campaign's glossary for
    the edition: a word of the rules (``Secret Verse``, ``Food``) -> the word it prints
    instead of tgc's own translation."""

    code: str
    names: dict[str, str] = {}
    terms: dict[str, str] = {}
    translated: int
    fallback: int


class Bundle(_Model):
    """A compiled campaign. Lists are sorted (verses by section, then number and letter,
    then name), so the same sources always give the same bytes. ``rules`` is the
    campaign's ruleset's typed rule data (its ``ruleset`` names it), when it has any."""

    format: Literal[3]
    kind: Literal["tgc-bundle"] = "tgc-bundle"
    campaign: Campaign
    sections: tuple[Section, ...]
    locations: tuple[Location, ...]
    statuses: tuple[Status, ...] = ()
    secrets: tuple[Secret, ...] = ()
    items: tuple[Item, ...] = ()
    encounters: tuple[Record, ...] = ()
    events: tuple[Record, ...] = ()
    quests: tuple[Record, ...] = ()
    # the ruleset's own declarations (@chapter), by kind; written only when there are any
    records: dict[str, tuple[Record, ...]] = Field(default={}, exclude_if=_empty)
    # Read by the model its ``ruleset`` tag names (``_rule_data``), written by its own.
    rules: SerializeAsAny[RuleData] | None = None
    verses: tuple[Verse, ...]
    source_map: dict[str, SourceLoc] = {}
    # None: the source edition, whose bytes do not change for the key a translated one adds
    language: Language | None = Field(default=None, exclude_if=_empty)

    @field_validator("rules", mode="wrap")
    @classmethod
    def _rule_data(cls, value: object, handler: ValidatorFunctionWrapHandler,
                   info: ValidationInfo) -> object:
        """The rule data, read by the model of the ruleset its ``ruleset`` tag names (a
        built-in folder's or, for a ruleset registered from outside tgc's folders, its own
        ``RulesetSpec.schema``): only that ruleset's models are ever imported. Anything
        that model refuses is judged again by the union of every built-in ruleset's
        models (`rule_data_union`), so an unknown tag or a bad record gets the errors the
        union would give."""
        if value is None:
            return None
        tag = _tag_of(value)
        model = rulesets.registered_rule_data(tag)
        if model is not None:
            return value if isinstance(value, model) else model.model_validate(value)
        model = rulesets.rule_data_model(tag) if tag is not None else None
        if model is not None:
            if isinstance(value, model):
                return value
            if isinstance(value, dict):
                try:
                    return _validate(model, value, info.mode)
                except ValidationError:
                    pass
        return _validate(_union_adapter(), value, info.mode)

    @field_validator("format", mode="before")
    @classmethod
    def _format_is_an_integer(cls, value: object) -> object:
        """A ``Literal`` alone would take what only compares equal (``true`` for 1, ``2.0``)."""
        if type(value) is not int:
            raise ValueError("the format version must be an integer")
        return value


def _tag_of(value: object) -> str | None:
    """The ``ruleset`` a rule-data value names (a model or its JSON object)."""
    tag = value.get("ruleset") if isinstance(value, dict) else getattr(value, "ruleset", None)
    return tag if isinstance(tag, str) else None


for _model in (NotCond, AndCond, OrCond, IfEffect, IfDivert, Choice, Campaign, Record, Bundle):
    _model.model_rebuild()


def rule_data_union() -> Any:
    """Every built-in ruleset's rule-data model, one union tagged by ``ruleset``, or None:
    what the JSON Schema says ``rules`` may hold, and what judges rule data its own
    ruleset's model refuses. The bundle's schema names no ruleset: the folders say which
    there are."""
    models = rulesets.rule_data_models()
    union: Any
    if len(models) > 1:
        union = Annotated[Union[models], Field(discriminator="ruleset")]  # noqa: UP007
    else:
        union = models[0] if models else RuleData
    return Optional[union]  # noqa: UP045


@lru_cache(maxsize=1)
def _union_adapter() -> TypeAdapter[Any]:
    return TypeAdapter(rule_data_union(), config=_Model.model_config)


def _validate(judge: type[BaseModel] | TypeAdapter[Any], value: object, mode: str) -> object:
    """``value`` validated as the bundle around it is: a bundle read from JSON text is
    judged as JSON (where a strict model takes a list for a tuple), so its rule data is
    written back to JSON text for the judge (the few records of one campaign)."""
    validator = judge.__pydantic_validator__ if isinstance(judge, type) else judge.validator
    if mode == "json":
        return validator.validate_json(json.dumps(value))
    return validator.validate_python(value)


@lru_cache(maxsize=1)
def _described() -> type[Bundle]:
    """The bundle as its JSON Schema describes it: ``rules`` is one of every built-in
    ruleset's models (the same name and text, so the same schema as when ``Bundle`` itself
    declared that union)."""
    return create_model("Bundle", __base__=Bundle, __doc__=Bundle.__doc__, __module__=__name__,
                        rules=(rule_data_union(), None))


def json_schema() -> str:
    """The JSON Schema of a bundle: sorted keys, two-space indent, trailing newline."""
    schema = _described().model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
