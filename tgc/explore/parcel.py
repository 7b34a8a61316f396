"""Explorer, the parcel: a Story in, a few hundred bytes out (and back into a Story equal
to a fork of it), for the plays the search keeps waiting.

A search toward its bound (toward.py) leaves the far plays waiting in the frontier, and
every memo point and draw point keeps the play that first met it, to go on from it later:
at 2,000 verses about 13,000 waiting plays for 6,000 states, each a forked story of tens
of kilobytes (a GameState's characters, statuses and sets, the offered choices, the
trigger table; docs/performance.md, Session 12). A parcel keeps what a fork would copy:
the containers of the state (and of the snapshots the loop check holds) pickled with the
plain C pickler and deflated against the pickle of the search's first state (a preset
dictionary: most of a waiting play's state is still the start's, so it costs a few
hundred bytes); what is immutable (the bundle's targets, choices and events, the chapter,
the vocabulary) is kept by reference, as a fork shares it. ``Parcel.open`` rebuilds a
story with the search's hooks that equals a fork of the parcelled one
(tests/test_explore_parcel.py checks field by field).
"""

from __future__ import annotations

import pickle
import zlib
from collections import deque
from dataclasses import fields
from typing import Any

from tgc.runtime.state import Character, GameState
from tgc.runtime.story import Cursor, Story

# The fields of a state and of a character that a copy copies (containers, by their
# declared type); every other field holds an immutable value (a number, a string, a
# frozenset, the chapter, the vocabulary) that a parcel keeps by reference, as
# GameState.copy does.
_CONTAINERS = frozenset({"dict", "list", "set"})
_STATE = tuple((f.name, str(f.type).partition("[")[0] in _CONTAINERS) for f in fields(GameState))
_MEMBER = tuple((f.name, str(f.type).partition("[")[0] in _CONTAINERS) for f in fields(Character))
_LEVEL = 1  # deflate's fastest level: the preset dictionary does the work


class Packer:
    """The search's way of parcelling its stories: the hooks and the book every rebuilt
    story gets, and the preset dictionary (the pickle of the first story's state)."""

    def __init__(self, base: Story, active: bool = False) -> None:
        self.base = base
        self.zdict = pickle.dumps(_flat_state(base.state)[0], pickle.HIGHEST_PROTOCOL)
        # Off until memory runs short (the explorer's pace turns it on): packing and
        # opening every waiting play doubled a search's CPU where memory was plenty.
        self.active = active

    def pack(self, story: Story) -> Parcel:
        """A parcel of ``story`` as it is now (later changes to ``story`` do not reach it)."""
        state, kept = _flat_state(story.state)
        rounds = {key: None if snap is None else _flat_state(snap) for key, snap in story._rounds.items()}
        deflate = zlib.compressobj(_LEVEL, zlib.DEFLATED, 15, 8, zlib.Z_DEFAULT_STRATEGY, self.zdict)
        data = deflate.compress(pickle.dumps((state, rounds, story._truth), pickle.HIGHEST_PROTOCOL))
        cursor = story.cursor  # moved in place as the story steps: the parcel keeps its own
        at = Cursor(cursor.verse, cursor.block, cursor.index) if cursor else None
        refs = (kept, at, tuple(story.queue), story.waiting, story.ending, story.last_choice,
                tuple(story._out), tuple(story._offers), tuple(story._picks), story._steps, story.rng.fork())
        return Parcel(self, data + deflate.flush(), refs)

    def open(self, parcel: Parcel) -> Story:
        """A new story equal to a fork of the parcelled one, with the search's hooks."""
        inflate = zlib.decompressobj(15, self.zdict)
        state, rounds, truth = pickle.loads(inflate.decompress(parcel.data) + inflate.flush())
        (kept, cursor, queue, waiting, ending, last_choice, out, offers, picks, steps,
         rng) = parcel.refs
        base = self.base
        story = Story.__new__(Story)
        story.book, story.ruleset, story.dice = base.book, base.ruleset, base.dice
        story.before_op, story.on_effect, story.before_end = base.before_op, base.on_effect, base.before_end
        story.state = _state(state, kept)
        story.rng = rng.fork()  # the parcel's own copy stays as it was packed
        story.cursor = Cursor(cursor.verse, cursor.block, cursor.index) if cursor else None
        story.queue, story.waiting, story.ending = list(queue), waiting, ending
        story.last_choice = last_choice
        story._out = deque(out)
        story._offers, story._picks, story._steps = list(offers), list(picks), steps
        story._rounds = {key: None if flat is None else _state(*flat) for key, flat in rounds.items()}
        story._truth = truth
        return story


class Parcel:
    """A story kept small: ``data`` (the deflated containers) and ``refs`` (what is shared).
    ``cursor`` and ``queued`` are readable without opening (the frontier ranks by them)."""

    __slots__ = ("packer", "data", "refs")

    def __init__(self, packer: Packer, data: bytes, refs: tuple[Any, ...]) -> None:
        self.packer, self.data, self.refs = packer, data, refs

    @property
    def cursor(self) -> Cursor | None:
        cursor: Cursor | None = self.refs[1]
        return cursor

    @property
    def queued(self) -> bool:
        """Are verses queued for the next ``-> end`` (the frontier ranks by it too)?"""
        return bool(self.refs[2])

    def open(self) -> Story:
        return self.packer.open(self)


Flat = tuple[tuple[Any, ...], tuple[Any, ...]]  # (the containers, what is kept by reference)


def _flat_state(state: GameState) -> Flat:
    """A state split into its containers (a fresh copy when unpickled) and the rest."""
    boxes: list[Any] = []
    kept: list[Any] = []
    for name, box in _STATE:
        value = getattr(state, name)
        if name == "party":
            boxes.append(tuple(_flat_member(member) for member in value))
        else:
            (boxes if box else kept).append(value)
    return tuple(boxes), tuple(kept)


def _flat_member(member: Character) -> Flat:
    boxes = tuple(getattr(member, name) for name, box in _MEMBER if box)
    kept = tuple(getattr(member, name) for name, box in _MEMBER if not box)
    return boxes, kept


def _state(boxes: tuple[Any, ...], kept: tuple[Any, ...]) -> GameState:
    values: dict[str, Any] = {}
    open_boxes, open_kept = iter(boxes), iter(kept)
    for name, box in _STATE:
        if name == "party":
            values[name] = [_member(*flat) for flat in next(open_boxes)]
        else:
            values[name] = next(open_boxes) if box else next(open_kept)
    return GameState(**values)


def _member(boxes: tuple[Any, ...], kept: tuple[Any, ...]) -> Character:
    values: dict[str, Any] = {}
    open_boxes, open_kept = iter(boxes), iter(kept)
    for name, box in _MEMBER:
        values[name] = next(open_boxes) if box else next(open_kept)
    return Character(**values)
