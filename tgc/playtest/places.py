"""Play session, names of places: what the reader types for a verse (``201.3``, ``201.forge``,
the printed ``201.9``, ``bos.12``, ``3`` in the current section, ``201.forge.smith`` for a
block, ``202`` for a location, ``Barter`` for one of its actions) resolved against a Book,
and verses, encounters and triggers written back the way a reader of the printed book
knows them.

A verse heading shows the printed number and, for a named verse, its name:
``201.9 (forge)``.
"""

from __future__ import annotations

from difflib import get_close_matches

from tgc.bundle import schema as s
from tgc.lexicon import tr
from tgc.limits import as_number
from tgc.runtime import events as ev
from tgc.runtime.book import Book


class PlaceError(Exception):
    """No verse or location by that name; the message is for the reader."""


def verse_label(book: Book, verse_id: str) -> tuple[str, str]:
    """``(printed label, name)`` of a verse: ``("201.9", "forge")``, ``("201.3", "")``.
    A block label (``201.forge.smith``) keeps its block: ``("201.9.smith", "forge")``."""
    block = ""
    verse = book.verses.get(verse_id)
    if verse is None and "." in verse_id:
        head, _, block = verse_id.rpartition(".")
        verse = book.verses.get(head)
    if verse is None:
        return verse_id, ""
    name = verse.id.partition(".")[2]
    printed = f"{verse.section}.{verse.printed}" + (f".{block}" if block else "")
    return printed, "" if name == verse.printed else name


def target_label(book: Book, target: s.Target) -> str:
    if isinstance(target, s.End):
        return {"end": tr("end"), "end-chapter": tr("end chapter")}.get(target.kind, tr("game over"))
    printed, name = verse_label(book, target.verse)
    text = printed + (f" ({name})" if name else "")
    return text + (f" .{target.block}" if target.block else "")


Place = tuple[str, str | None] | int  # (verse id, block), or a location number


def find_place(book: Book, text: str, current: str | None, location: int | None) -> Place:
    """A location number (``202``) or ``(verse id, block)``; ``current`` is the verse being
    read (for ``3`` or ``forge`` in its section), ``location`` where the party is."""
    text = text.strip()
    number = as_number(text)
    if number is not None and number in book.locations:
        return number
    section, _, rest = text.partition(".")
    sections = _sections(book)
    if rest and section in sections:
        found = _in_section(book, section, rest)
        if found is None:
            wanted = f"{section}.{rest}"
            raise PlaceError(f"the campaign has no verse {wanted}{_did_you_mean(book, wanted)}")
        return found
    here = current.partition(".")[0] if current else (str(location) if location is not None else None)
    if here is None:
        raise PlaceError(f"no verse '{text}': write SECTION.VERSE, such as 201.3 or bos.12")
    found = _in_section(book, here, text)
    if found is not None:
        return found
    if rest:  # 999.1: a section that does not exist, not a verse "999.1" of this one
        close = get_close_matches(section, sorted(sections), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}.{rest}?)" if close else ""
        raise PlaceError(f"the campaign has no section {section}, so no verse {text}{hint}")
    if text.isdigit():
        raise PlaceError(f"{text} is neither a location nor a verse of section {here}"
                         f"{_did_you_mean(book, f'{here}.{text}')}")
    wanted = f"{here}.{text}"
    raise PlaceError(f"the campaign has no verse {wanted}{_did_you_mean(book, wanted)}")


def find_action(book: Book, location: int, text: str) -> str:
    """The name of location ``location``'s action whose name is ``text`` or starts with it
    (any case); with no text, the location's only action."""
    loc = book.locations.get(location)
    if loc is None:
        raise PlaceError(f"the campaign has no location {location}")
    names = [a.name for a in loc.actions]
    if not names:
        raise PlaceError(f"location {location} has no action")
    wanted = text.strip().casefold()
    hits = [n for n in names if n.casefold() == wanted]
    hits = hits or [n for n in names if n.casefold().startswith(wanted)]
    if len(hits) == 1:
        return hits[0]
    listed = ", ".join(f'"{n}"' for n in names)
    if not hits:
        raise PlaceError(f"location {location} has no action '{text}' (it has {listed})")
    raise PlaceError(f"write more of the action's name: location {location} has {listed}")


def _sections(book: Book) -> set[str]:
    return {v.section for v in book.bundle.verses}


def _in_section(book: Book, section: str, rest: str) -> tuple[str, str | None] | None:
    printed = {v.printed: v.id for v in book.bundle.verses if v.section == section}
    candidates: list[tuple[str, str | None]] = [(rest, None)]
    if "." in rest:
        verse_part, block_part = rest.rsplit(".", 1)
        candidates.append((verse_part, block_part))
    for head, block in candidates:
        verse: str | None = f"{section}.{head}"
        if verse not in book.verses:
            verse = printed.get(head)
        if verse is not None and (verse, block) in book.bodies:
            return verse, block
    return None


def _did_you_mean(book: Book, text: str) -> str:
    close = get_close_matches(text, list(book.verses), n=1, cutoff=0.7)
    return f" (did you mean {close[0]}?)" if close else ""


def describe_encounter(encounter: s.Encounter) -> str:
    if encounter.game is not None:
        return encounter.game.text()
    if encounter.name is not None:
        return tr('encounter "{name}"', name=encounter.name)
    if encounter.level is not None:
        return tr("encounter {deck} level {level}", deck=encounter.deck, level=encounter.level)
    return tr("encounter {deck}", deck=encounter.deck)


def describe_trigger(book: Book, fired: ev.TriggerFired, now: bool = False) -> str:
    """``"Pale Tide" parts 1-8 marked: bos.42 (tide) is read when the exploration ends``
    (``now``: between explorations, where it is read at once)."""
    when = {"marked": tr("marked"), "full": tr("full")}.get(fired.when)
    if when is None:
        status = book.statuses.get(fired.status)
        trigger = next((t for t in status.triggers
                        if t.when == fired.when and t.target == fired.target), None) if status else None
        low = trigger.low if trigger and trigger.low is not None else 1
        high = trigger.high if trigger and trigger.high is not None else low
        if fired.when == "any":
            when = tr("any {n} marked", n=low)
        elif high != low:
            when = tr("parts {low}-{high} marked", low=low, high=high)
        else:
            when = tr("part {part} marked", part=low)
    where = target_label(book, fired.target)
    if now:
        return tr('"{status}" {when}: {target} is read now', status=fired.status, when=when, target=where)
    return tr('"{status}" {when}: {target} is read when the exploration ends', status=fired.status,
              when=when, target=where)
