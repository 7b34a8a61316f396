"""Bundle stage, printed numbers: the resolved Campaign and the old Lock in, the printed
number of every verse and the new Lock out (docs/language.md, "Verses and references").

Rules, per section:

- a numbered verse (``2``, ``2a``) prints as its own number;
- a named verse prints as the number the lock gives it; a named verse the lock does not
  know takes the next number above everything the section has ever used (its numbered
  verses, the lock's numbers and its retired numbers), in source order;
- a verse the lock knows but the campaign no longer has is retired: its number is kept
  in the lock and never given again. Renaming a verse is removing one and adding one;
- ``shuffle=SEED`` numbers every verse of every section 1..n in an order drawn from
  ``random.Random``, and starts a new lock that lists every verse (a new book).

A numbered verse that prints as a number the lock gives to a named verse is TGC131.

Example:
    >>> from tgc.bundle.lock import Lock, SectionLock
    >>> from tgc.semantics.model import Campaign
    >>> numbering, _ = number_verses(Campaign(()), Lock({"bos": SectionLock({"old": 3})}))
    >>> numbering.lock.sections["bos"].retired
    (3,)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from tgc.bundle.lock import Lock, SectionLock
from tgc.bundle.order import explicit_number, section_key, verse_key
from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic, Label
from tgc.semantics.model import Campaign, VerseInfo
from tgc.source import Span


@dataclass(frozen=True, slots=True)
class Numbering:
    """``printed`` maps every canonical verse id to what the book prints; ``lock`` is what
    tgc.lock must say afterwards."""

    printed: Mapping[str, str]
    lock: Lock


def number_verses(campaign: Campaign, lock: Lock,
                  shuffle: int | None = None) -> tuple[Numbering, list[Diagnostic]]:
    """Give every verse its printed number, keeping the lock's promises."""
    sections = _verses_by_section(campaign)
    if shuffle is not None:
        return _shuffled(sections, shuffle, lock.file), []
    order = {f.name: i for i, f in enumerate(campaign.files)}
    printed: dict[str, str] = {}
    new: dict[str, SectionLock] = {}
    diags: list[Diagnostic] = []
    for name in sorted(set(sections) | set(lock.sections), key=section_key):
        numbers = _SectionNumbers(name, sections.get(name, []), lock.sections.get(name), lock.file)
        new[name] = numbers.run(order)
        printed.update(numbers.printed)
        diags.extend(numbers.diags)
    return Numbering(printed, Lock(new, lock.file)), diags


def _verses_by_section(campaign: Campaign) -> dict[str, list[VerseInfo]]:
    sections: dict[str, list[VerseInfo]] = {}
    for info in campaign.verses.values():
        sections.setdefault(info.section, []).append(info)
    for verses in sections.values():
        verses.sort(key=lambda v: verse_key(_key(v)))
    return sections


def _key(info: VerseInfo) -> str:
    """What the lock calls a verse: its id without the section (``forge``, ``2a``)."""
    return info.id[len(info.section) + 1:]


class _SectionNumbers:
    """The numbers of one section, from its verses and its old lock entry."""

    def __init__(self, name: str, verses: list[VerseInfo], old: SectionLock | None,
                 lock_file: str) -> None:
        self.name = name
        self.verses = verses
        self.old = old or SectionLock()
        self.lock_file = lock_file
        self.printed: dict[str, str] = {}
        self.diags: list[Diagnostic] = []

    def run(self, file_order: Mapping[str, int]) -> SectionLock:
        kept: dict[str, int] = {}
        fresh: list[VerseInfo] = []
        living = {_key(info) for info in self.verses}
        for info in self.verses:
            key = _key(info)
            if key in self.old.verses:
                kept[key] = self.old.verses[key]
                self.printed[info.id] = str(kept[key])
            elif self.old.shuffle is None and explicit_number(key) is not None:
                self.printed[info.id] = key
                self.check_taken(info, key, living)
            else:
                fresh.append(info)
        retired = set(self.old.retired)
        retired.update(n for key, n in self.old.verses.items() if key not in kept)
        top = max([*kept.values(), *retired, *self.explicit_numbers(), 0])
        fresh.sort(key=lambda v: (file_order.get(v.span.file, len(file_order)), v.span.line))
        for number, info in enumerate(fresh, start=top + 1):
            kept[_key(info)] = number
            self.printed[info.id] = str(number)
        return SectionLock(kept, tuple(sorted(retired)), self.old.shuffle)

    def explicit_numbers(self) -> list[int]:
        """Numbered verses count towards "above everything used" only where they print as
        themselves; in a shuffled section their ids are not what the book shows."""
        if self.old.shuffle is not None:
            return []
        return [n for v in self.verses if (n := explicit_number(_key(v))) is not None]

    def check_taken(self, info: VerseInfo, key: str, living: set[str]) -> None:
        """A numbered verse must not print as a number the lock gives to a verse that still
        exists (a removed verse's number may be taken: that is how a writer pins a named
        verse to its number)."""
        for other, number in self.old.verses.items():
            if str(number) == key and other != key and other in living:
                line = self.old.lines.get(other, 1)
                where = Label(Span(self.lock_file, line, 1, line, 2),
                              f"tgc.lock gives {number} to `{self.name}.{other}` here")
                self.diags.append(diag(
                    "TGC131", info.span, id=info.id, number=number, other=f"{self.name}.{other}",
                    labels=(where,),
                    hint=f"give this verse another number, or delete `verses.{other}` from "
                         f"tgc.lock to renumber `{self.name}.{other}` (its printed number changes)"))


def _shuffled(sections: Mapping[str, list[VerseInfo]], seed: int, lock_file: str) -> Numbering:
    """A new book: each section's verses numbered 1..n in a seeded order. Each section has
    its own generator (seeded with the seed and the section's name, which ``random``
    hashes with SHA-512, not ``hash()``), so adding a verse to one section leaves every
    other section's numbers alone."""
    printed: dict[str, str] = {}
    new: dict[str, SectionLock] = {}
    for name in sorted(sections, key=section_key):
        verses = list(sections[name])
        random.Random(f"{seed}:{name}").shuffle(verses)
        numbers = {_key(info): n for n, info in enumerate(verses, start=1)}
        printed.update({info.id: str(numbers[_key(info)]) for info in verses})
        new[name] = SectionLock(numbers, (), seed)
    return Numbering(printed, Lock(new, lock_file))
