"""Tainted Grail's campaign layer, saved: the World in, the ``world`` object of a save
file out (and back, validated against the campaign), and the save file's JSON Schema
with the world typed (docs/save.schema.json). The runtime's save file holds the world as
data it does not read (tgc/runtime/save.py); this module gives that data its shape."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tgc.rulesets.tainted_grail.campaign.day import Reading
from tgc.rulesets.tainted_grail.campaign.events import Piles, cards_of
from tgc.rulesets.tainted_grail.campaign.world import DIAL_TOP, Guardian, Menhir, World
from tgc.runtime.book import Book


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MenhirModel(_Model):
    card: int
    dial: int | None = Field(default=None, ge=1, le=DIAL_TOP)


class GuardianModel(_Model):
    name: str
    card: int


class ReadingModel(_Model):
    card: int
    hook: str
    members: list[str]
    event: str | None = None  # an event's, quest's or chapter's link (written only when set)


class PilesModel(_Model):
    """The event cards' piles (SAV-4): the Event deck top first, its discard pile, the
    Random pile top first, the Active Quests, today's Event, quests done, cards removed."""

    chapter: str
    begun: bool = False
    deck: list[str] = []
    discard: list[str] = []
    random: list[str] = []
    active: list[str] = []
    today: str | None = None
    done: list[str] = []
    removed: list[str] = []


class WorldModel(_Model):
    """Where everything on the table stands (SAV-4): each character's card and character
    number, the menhirs and guardians in placement order, time dials (value and holder),
    time and quest tokens per card (``kept``: those of discarded cards), who has passed
    and turned, the stage of the day, and the readings still owed."""

    positions: dict[str, int] = {}
    numbers: dict[str, int] = {}
    menhirs: list[MenhirModel] = []
    guardians: list[GuardianModel] = []
    time_dials: dict[str, int] = {}
    holders: dict[str, str] = {}
    time_tokens: dict[int, int] = {}
    quest_tokens: dict[int, int] = {}
    kept: dict[int, int] = {}
    passed: list[str] = []
    turned: list[str] = []
    phase: Literal["dawn", "day", "dusk", "over"] = "dawn"
    readings: list[ReadingModel] = []
    events: PilesModel | None = None  # written only in a campaign with an Event deck
    dead: list[str] = []  # the next four are written only when set
    lying: dict[int, list[str]] = {}
    bequest: list[int] = []  # DTH-5: the dead's Secrets still to share
    ending: Literal["death", "failure"] | None = None


def world_data(world: World, readings: list[Reading]) -> dict[str, Any]:
    """The world as a save file's ``world`` (sorted, so a save diffs cleanly)."""
    model = WorldModel(
        positions=dict(sorted(world.positions.items())), numbers=dict(sorted(world.numbers.items())),
        menhirs=[MenhirModel(card=m.card, dial=m.dial) for m in world.menhirs],
        guardians=[GuardianModel(name=g.name, card=g.card) for g in world.guardians],
        time_dials=dict(sorted(world.time_dials.items())), holders=dict(sorted(world.holders.items())),
        time_tokens=dict(sorted(world.time_tokens.items())),
        quest_tokens=dict(sorted(world.quest_tokens.items())), kept=dict(sorted(world.kept.items())),
        passed=sorted(world.passed), turned=sorted(world.turned), phase=world.phase,
        readings=[ReadingModel(card=r.card, hook=r.hook, members=list(r.members), event=r.event)
                  for r in readings],
        events=None if world.events is None else PilesModel(**asdict(world.events)),
        dead=list(world.dead), lying=dict(sorted(world.lying.items())),
        bequest=sorted(world.bequest), ending=world.ending)
    data: dict[str, Any] = model.model_dump(mode="json")
    for key in ("events", "dead", "lying", "bequest", "ending"):  # unset: the bytes saved before
        if not data[key]:
            del data[key]
    for reading in data["readings"]:
        if reading["event"] is None:
            del reading["event"]
    return data


def world_from_data(data: object, book: Book, names: list[str]) -> tuple[World, list[Reading]]:
    """A saved world, checked against the campaign (its cards, encounters and the party's
    names); raises ValueError with a message for the reader."""
    try:
        model = WorldModel.model_validate(data)
    except ValidationError as err:
        problem = err.errors(include_url=False)[0]
        where = ".".join(str(p) for p in problem["loc"])
        raise ValueError(f"at world.{where}: {problem['msg']}") from None
    cards = set(book.locations)
    for card in [*model.positions.values(), *(m.card for m in model.menhirs),
                 *(g.card for g in model.guardians), *model.time_tokens, *model.quest_tokens]:
        if card not in cards:
            raise ValueError(f"the world names location {card}, which this campaign does not declare")
    for number in model.bequest:
        if not book.has_secret(number):
            raise ValueError(f"the world names secret {number}, which this campaign does not declare")
    for guardian in model.guardians:
        if guardian.name not in book.encounter_names:  # an @encounter or typed rule data
            raise ValueError(f'the world names the guardian "{guardian.name}", which this campaign '
                             "does not declare")
    events = cards_of(book.bundle)
    missing = [n for n in names if n not in model.positions]
    if missing:
        raise ValueError(f"the world does not say where {', '.join(missing)} stands")
    world = World(positions=dict(model.positions), numbers=dict(model.numbers),
                  menhirs=[Menhir(m.card, m.dial) for m in model.menhirs],
                  guardians=[Guardian(g.name, g.card) for g in model.guardians],
                  time_dials=dict(model.time_dials), holders=dict(model.holders),
                  time_tokens=dict(model.time_tokens), quest_tokens=dict(model.quest_tokens),
                  kept=dict(model.kept), passed=set(model.passed), turned=set(model.turned),
                  phase=model.phase,
                  events=None if model.events is None else Piles(**model.events.model_dump()),
                  dead=list(model.dead), lying={c: list(i) for c, i in model.lying.items()},
                  bequest=list(model.bequest), ending=model.ending)
    for name in _event_names(world.events):
        if name not in events:
            raise ValueError(f'the world names the event "{name}", which this campaign does not declare')
    readings = [Reading(r.card, r.hook, tuple(r.members), r.event) for r in model.readings]
    return world, readings


def _event_names(piles: Piles | None) -> Iterator[str]:
    if piles is not None:
        yield from (*piles.deck, *piles.discard, *piles.random, *piles.active, *piles.done,
                    *piles.removed, *([piles.today] if piles.today else []))


def save_schema() -> str:
    """The save file's JSON Schema with the world typed: sorted keys, two-space indent."""
    from tgc.runtime.save import SaveFile

    schema = SaveFile.model_json_schema()
    world = WorldModel.model_json_schema()
    defs = schema.setdefault("$defs", {})
    defs.update(world.pop("$defs", {}))
    defs["WorldModel"] = world
    schema["properties"]["world"] = {"anyOf": [{"$ref": "#/$defs/WorldModel"}, {"type": "null"}],
                                     "default": None,
                                     "description": "the table of a campaign played by its days "
                                                    "(`tgc play --campaign`)"}
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
