"""Tainted Grail's campaign layer, events and quests: the bundle's ``@event``, ``@quest``
and ``@chapter`` records read as cards (chapter, part, quest, random, success condition,
the secret that holds a quest), a chapter's Event deck built from them (SET-6, EVT-1),
and the piles a campaign keeps (the deck, its discard pile, the Random pile, Active
Quests, today's Event). The procedures that move cards between the piles are day.py's.

A campaign has an Event deck only when it declares the chapter's setup card
(``@chapter``): without one its events stay what they are in every ruleset, entry
points a reader opens by hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from tgc.bundle import schema as s
from tgc.limits import as_number
from tgc.runtime.state import Chapter

BY_PART = "by part"


@dataclass(frozen=True, slots=True)
class EventCard:
    """One Event card (``@event``) or a quest printed on a Secret card (``@quest``):
    ``chapter`` as written (``1``, ``3A``; None: no chapter), ``part`` (0 when not given),
    ``quest`` the red padlock (EVT-5: an ``@quest`` always is one), ``random`` a Random
    Event (EVT-2), ``links`` its ``KEY -> REF`` lines (``read``, ``success``),
    ``succeed`` the success condition (EVT-6), ``secret`` the Secret card that holds a
    quest (EVT-8)."""

    name: str
    kind: Literal["event", "quest"]
    chapter: str | None
    part: int
    quest: bool
    random: bool
    links: Mapping[str, s.Target]
    succeed: s.Condition | None = None
    secret: int | None = None


@dataclass(frozen=True, slots=True)
class ChapterCard:
    """A chapter's setup card (``@chapter 1 "Chapter I"``, SET-6): ``deck`` lists the
    Event deck top first (``deck: by part``, the default, orders this chapter's story
    events by part, then by title), ``setup`` is read when the chapter begins."""

    id: str
    title: str
    deck: tuple[str, ...] | None  # None: by part
    setup: s.Target | None


@dataclass(slots=True)
class Piles:
    """Where the event cards are (SAV-4): the Event deck top first, its discard pile,
    the Random pile top first, the Active Quests in the order they came, today's regular
    Event, the quests that succeeded or were discarded, and the cards removed from the
    game. ``chapter`` is the chapter whose deck this is; ``begun`` says its setup card was
    read (at the first Start of the Day of the chapter)."""

    chapter: str
    begun: bool = False
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    random: list[str] = field(default_factory=list)
    active: list[str] = field(default_factory=list)
    today: str | None = None
    done: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def _text(value: s.Data | None) -> str | None:
    return value.strip() if isinstance(value, str) else None


def _card(record: s.Record, kind: Literal["event", "quest"]) -> EventCard:
    data = record.data
    part = as_number(_text(data.get("part")) or "0")
    secret = as_number(_text(data.get("secret")) or "")
    quest = kind == "quest" or (_text(data.get("quest")) or "no").casefold() == "yes"
    return EventCard(name=record.name, kind=kind, chapter=_text(data.get("chapter")),
                     part=part or 0, quest=quest, random="random" in record.args[1:],
                     links={link.key: link.target for link in record.links},
                     succeed=record.conditions.get("succeed"), secret=secret)


def cards_of(bundle: s.Bundle) -> dict[str, EventCard]:
    """Every event and quest card of the campaign, by name."""
    cards = {r.name: _card(r, "event") for r in bundle.events}
    cards.update((r.name, _card(r, "quest")) for r in bundle.quests)
    return cards


def chapters_of(bundle: s.Bundle) -> dict[str, ChapterCard]:
    """Every chapter setup card, by chapter id (``1``, ``3A``)."""
    out = {}
    for record in bundle.records.get("chapter", ()):
        deck = record.data.get("deck")
        listed = deck if isinstance(deck, list) else str(deck).split(",")
        order = (None if deck is None or (isinstance(deck, str) and deck.strip() == BY_PART)
                 else tuple(str(d).strip() for d in listed))
        title = str(record.args[1]) if len(record.args) > 1 else f"Chapter {record.name}"
        setup = next((link.target for link in record.links if link.key == "setup"), None)
        out[record.name] = ChapterCard(record.name, title, order, setup)
    return out


def chapter_key(chapter: Chapter) -> str:
    """The id a ``@chapter`` record and an event's ``chapter:`` use: ``3A`` (no part)."""
    return f"{chapter.number}{chapter.letter or ''}"


def new_piles(chapter: ChapterCard, cards: Mapping[str, EventCard],
              random: list[str]) -> Piles:
    """SET-6, EVT-1: the chapter's Event deck (its listed order, or its story events by
    part and then by title), with the Random pile as given."""
    if chapter.deck is not None:
        deck = [name for name in chapter.deck if name in cards]
    else:
        mine = [c for c in cards.values() if c.kind == "event" and not c.random and c.chapter == chapter.id]
        deck = [c.name for c in sorted(mine, key=lambda c: (c.part, c.name))]
    return Piles(chapter=chapter.id, deck=deck, random=list(random))
