"""Runtime stage, save files: a GameState (and where the story is) in, a versioned JSON
file out, and back. Loading validates everything and raises only SaveError, so a corrupt
or mismatched file changes nothing; writing is atomic.

The save format has its own version (``SAVE_FORMAT``), separate from the bundle's: a
bundle can be rebuilt without invalidating saves, and the other way round. A state file
for ``--state`` is a save file whose fields may be left out (they take their defaults).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tgc.bundle.io import json_path, write_atomic
from tgc.bundle.schema import Target
from tgc.bundle.validate import Check, Invalid
from tgc.limits import MAX_AMOUNT, MAX_DAY, LimitError, load_json
from tgc.rulesets.spec import Vocabulary
from tgc.runtime.book import Book
from tgc.runtime.state import (
    DIAL_MAX,
    Chapter,
    Character,
    GameState,
    declared_member,
    new_character,
    new_state,
)
from tgc.runtime.story import Cursor

SAVE_FORMAT = 4
SAVE_KIND = "tgc-save"
# Format 1 kept one item list for the whole party; it is read by giving those items to the
# first member, as a new item is given (GameState.give), so an old save loads unchanged.
# Format 2 had no ``world``: it loads as a save of a campaign not played by its days.
# Formats 1-3 kept one secret list for the whole party; its secrets go to the first member,
# as a new secret does (GameState.gain_secret). Format 4 keeps them with their holder.
OLD_FORMATS = (1, 2, 3)


class SaveError(Exception):
    """A save or state file that cannot be used; the message is meant for the user."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CharacterModel(_Model):
    name: str
    tracks: dict[str, int] = {}
    limits: dict[str, int] = {}
    attributes: dict[str, int] = {}
    resources: dict[str, int] = {}
    items: list[str] = []
    piles: dict[str, list[str]] = {}
    secrets: list[int] = []


class StateModel(_Model):
    party: list[CharacterModel] = []
    statuses: dict[str, list[int]] = {}
    secrets: list[int] = []  # formats 1-3 only: the party's secrets (format 4 keeps them per member)
    items: list[str] = []  # format 1 only: the party's items (a format 2 save keeps them per member)
    visited: list[str] = []
    dials: dict[str, int] = {}
    time_tokens: int = Field(default=0, ge=0)
    day: int = Field(default=1, ge=1)
    chapter: str = "1"
    tasks: list[str] = []
    in_play: list[int] | None = None
    removed: list[int] = []
    replaced: dict[int, int] = {}
    location: int | None = None
    answers: dict[str, bool] = {}
    dropped: list[str] = []
    players: int | None = None
    acted: dict[str, int] = {}


class PositionModel(_Model):
    verse: str
    block: str | None = None
    index: int = Field(default=0, ge=0)
    queue: list[Target] = []


class SaveFile(_Model):
    format: int
    kind: Literal["tgc-save"] = "tgc-save"
    campaign: str | None = None
    seed: int | None = None
    state: StateModel = StateModel()
    position: PositionModel | None = None
    # The table of a campaign played by its days (`tgc play --campaign`): the ruleset's
    # campaign layer gives it its shape and reads it (docs/save.schema.json shows it typed).
    world: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Loaded:
    """What a save file restores: the state, where the story was (None between
    explorations) and the verses queued to read, and the seed it was saved with."""

    state: GameState
    cursor: Cursor | None
    queue: list[Target]
    seed: int | None
    world: dict[str, Any] | None = None


# ---------------------------------------------------------------- writing


def dump_save(state: GameState, *, campaign: str | None = None, seed: int | None = None,
              cursor: Cursor | None = None, queue: list[Target] | None = None,
              world: dict[str, Any] | None = None) -> str:
    """The save file's text: sorted keys, two-space indent (diffable), trailing newline."""
    position = None
    if cursor is not None:
        position = PositionModel(verse=cursor.verse, block=cursor.block, index=cursor.index,
                                 queue=list(queue or []))
    model = SaveFile(format=SAVE_FORMAT, campaign=campaign, seed=seed, state=_to_model(state),
                     position=position, world=world)
    data = model.model_dump(mode="json", exclude={"state": {"items", "secrets"}})
    if world is None:
        del data["world"]  # a save of one exploration at a time has no table
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def write_save(path: Path, state: GameState, **kwargs: object) -> int:
    """Write atomically (a crash never leaves half a save); returns the size in bytes."""
    return write_atomic(path, dump_save(state, **kwargs))  # type: ignore[arg-type]


def _to_model(state: GameState) -> StateModel:
    return StateModel(
        party=[CharacterModel(name=c.name, tracks=c.tracks, limits=c.limits,
                              attributes=c.attributes, resources=c.resources, items=sorted(c.items),
                              piles=dict(sorted(c.piles.items())), secrets=sorted(c.secrets))
               for c in state.party],
        statuses={k: sorted(v) for k, v in sorted(state.statuses.items()) if v},
        visited=sorted(state.visited),
        dials=dict(sorted(state.dials.items())), time_tokens=state.time_tokens, day=state.day,
        chapter=str(state.chapter), tasks=list(state.tasks), in_play=sorted(state.in_play),
        removed=sorted(state.removed), replaced=dict(sorted(state.replaced.items())),
        location=state.location, answers=dict(sorted(state.answers.items())),
        dropped=sorted(state.dropped), players=state.players, acted=dict(sorted(state.acted.items())))


# ---------------------------------------------------------------- reading


def load_save(path: Path, book: Book) -> Loaded:
    """Read, validate and convert a save or state file for the campaign in ``book``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise SaveError(f"{path}: cannot read the save file: {reason}") from None
    return parse_save(text, book, str(path))


def parse_save(text: str, book: Book, name: str = "<save>") -> Loaded:
    try:
        data = load_json(text)
    except json.JSONDecodeError as err:
        raise SaveError(f"{name}: not JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except LimitError as err:
        raise SaveError(f"{name}: not a valid save file: {err}") from None
    old = _check_header(data, name) and isinstance(data, dict)
    fmt = data.get("format") if isinstance(data, dict) else None
    try:
        model = SaveFile.model_validate(data)
    except ValidationError as err:
        problems = err.errors(include_url=False)
        lines = [f"{name}: not a valid save file:"]
        lines += [f"  at {json_path(p['loc'], data)}: {p['msg']}" for p in problems[:5]]
        raise SaveError("\n".join(lines)) from None
    title = book.bundle.campaign.title
    if model.campaign is not None and model.campaign != title:
        raise SaveError(f'{name}: this save belongs to "{model.campaign}", not to "{title}"')
    if fmt != 1 and model.state.items:
        raise SaveError(f"{name}: at state.items: save format {fmt} keeps items with the "
                        'member who carries them ("party": [{"name": ..., "items": [...]}])')
    if not old and model.state.secrets:
        raise SaveError(f"{name}: at state.secrets: save format {SAVE_FORMAT} keeps secrets with the "
                        'member who holds them ("party": [{"name": ..., "secrets": [...]}])')
    try:
        state = _from_model(model.state, book)
        cursor = _cursor(model.position, book)
        _check_references(model, book)
    except ValueError as err:
        raise SaveError(f"{name}: {err}") from None
    return Loaded(state, cursor, list(model.position.queue) if model.position else [], model.seed,
                  model.world)


def _check_header(data: object, name: str) -> bool:
    """Raise SaveError unless the file is a save this tgc reads; True for an older format
    that loads through a migration."""
    if not isinstance(data, dict) or data.get("kind", SAVE_KIND) != SAVE_KIND:
        raise SaveError(f'{name}: not a tgc save file (expected an object with "kind": "{SAVE_KIND}")')
    fmt = data.get("format")
    if type(fmt) is not int:
        raise SaveError(f"{name}: the save has no valid format version (found {json.dumps(fmt)}; "
                        f"this tgc reads save format {SAVE_FORMAT})")
    if fmt in OLD_FORMATS:
        return True
    if fmt != SAVE_FORMAT:
        newer = "newer than this tgc supports; upgrade tgc" if fmt > SAVE_FORMAT else "no longer supported"
        raise SaveError(f"{name}: save format {fmt} is {newer} (this tgc reads save format {SAVE_FORMAT})")
    return False


def _from_model(model: StateModel, book: Book) -> GameState:
    """Check the state against the campaign (names, part numbers, dial range) and build it."""
    state = new_state(book.bundle)
    if model.party:
        players = book.bundle.campaign.players
        if len(model.party) > players.max:
            raise ValueError(f"the party has {len(model.party)} characters; this campaign is "
                             f"for {players.min}-{players.max} players")
        state.party = [_character(c, book, state.vocabulary) for c in model.party]
    for status, parts in model.statuses.items():
        declared = book.statuses.get(status)
        if declared is None:
            raise ValueError(f'the campaign declares no status "{status}"')
        bad = [p for p in parts if not 1 <= p <= declared.size]
        if bad:
            raise ValueError(f'status "{status}" has {declared.size} part(s) or box(es), not {bad[0]}')
        if declared.shape == "boxes" and sorted(parts) != list(range(1, len(parts) + 1)):
            raise ValueError(f'status "{status}" ticks boxes in order: write 1..n, not {sorted(parts)}')
        state.statuses[status] = set(parts)
    for dial, value in model.dials.items():
        if not 0 <= value <= DIAL_MAX:
            raise ValueError(f'dial "{dial}" holds 0..{DIAL_MAX}, not {value}')
    for item in model.items:  # format 1: the party's items go to the first member
        state.give(item, state.party[0])
    holders: dict[int, str] = {}
    for member in state.party:
        for number in member.secrets:
            if number in holders:
                raise ValueError(f"secret {number} is held by {holders[number]} and {member.name}: "
                                 "a secret is one card, held by one character")
            holders[number] = member.name
    for number in model.secrets:  # formats 1-3: the party's secrets go to the first member
        state.gain_secret(number, state.party[0])
    state.visited = set(model.visited)
    state.dials, state.time_tokens, state.day = dict(model.dials), model.time_tokens, model.day
    state.chapter, state.tasks = Chapter.parse(model.chapter), list(model.tasks)
    if model.in_play is not None:
        state.in_play = set(model.in_play)
    state.removed, state.replaced = set(model.removed), dict(model.replaced)
    state.location = model.location if model.location is not None else state.location
    state.answers, state.dropped, state.players = dict(model.answers), set(model.dropped), model.players
    state.acted = dict(model.acted)
    return state


def _check_references(model: SaveFile, book: Book) -> None:
    """What a hand-edited save may name that this campaign does not hold, by its field:
    queued targets, visited verses, locations, and counts beyond their maximum."""
    bundle = book.bundle
    verses = frozenset(v.id for v in bundle.verses)
    check = Check(verses, {v.id: frozenset(b.name for b in v.blocks) for v in bundle.verses},
                  {s.name: s.size for s in bundle.statuses})
    if model.position is not None:
        for i, target in enumerate(model.position.queue):
            check.target(target, f"position.queue[{i}]")
    state = model.state
    for verse in state.visited:
        if verse not in verses:
            raise Invalid(f"state.visited: no verse `{verse}` in this campaign")
    locations = {loc.number for loc in bundle.locations}
    named = [("state.location", [state.location] if state.location is not None else []),
             ("state.in_play", state.in_play or []), ("state.removed", state.removed),
             ("state.replaced", [*state.replaced, *state.replaced.values()])]
    for field, numbers in named:
        for number in numbers:
            if number not in locations:
                raise Invalid(f"{field}: no location {number} in this campaign")
    check.number(state.day, "state.day", 1, MAX_DAY)
    check.number(state.time_tokens, "state.time_tokens", 0, MAX_AMOUNT)
    if state.players is not None:
        players = bundle.campaign.players
        check.number(state.players, "state.players", players.min, players.max)
    for name, member in ((c.name, c) for c in state.party):
        for field in ("tracks", "limits", "attributes", "resources"):
            for key, value in getattr(member, field).items():
                check.number(value, f"state.party.{name}.{field}.{key}", 0, MAX_AMOUNT)


def _character(model: CharacterModel, book: Book, words: Vocabulary) -> Character:
    """A member as the save gives it; what it leaves out comes from the campaign's
    ``@character`` of that name (its tracks, attributes, resources), else the default."""
    character = new_character(model.name, declared_member(book.bundle, model.name), words)
    for field, names, target in (("tracks", words.tracks, character.tracks),
                                 ("limits", words.tracks, character.limits),
                                 ("attributes", words.attributes, character.attributes),
                                 ("resources", words.resources, character.resources)):
        values: dict[str, int] = getattr(model, field)
        for key, value in values.items():
            if key not in names:
                raise ValueError(f"{model.name}: '{key}' is not one of the {field} ({', '.join(names)})")
            if value < 0:
                raise ValueError(f"{model.name}: {key} cannot be negative ({value})")
            target[key] = value
    for track in words.start_limited:
        if track in model.tracks and track not in model.limits:
            character.limits[track] = max(character.limits[track], model.tracks[track])
    for pile, cards in model.piles.items():
        if pile not in words.piles:
            listed = ", ".join(words.piles) or "none in this ruleset"
            raise ValueError(f"{model.name}: '{pile}' is not one of the piles ({listed})")
        character.piles[pile] = list(cards)
    character.items = list(model.items)
    character.secrets = set(model.secrets)
    return character


def _cursor(position: PositionModel | None, book: Book) -> Cursor | None:
    if position is None:
        return None
    body = book.bodies.get((position.verse, position.block))
    if body is None:
        where = f"{position.verse}.{position.block}" if position.block else position.verse
        raise ValueError(f"the saved position {where} is not in this campaign (was it renamed?)")
    if position.index >= len(body.ops):
        raise ValueError(f"the saved position is past the end of {body.label}")
    return Cursor(position.verse, position.block, position.index)
