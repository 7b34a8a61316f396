"""Facts: the statuses, secrets and items a campaign declares in, the things play can
hold (a status part, a box, a flag, a secret, an item, an item keyword) out, with which
of them each condition, mark, grant and trigger names. Read by ``semantics.usage``,
``semantics.holds`` and the state checks.

Example:
    >>> from tgc.semantics.facts import Fact
    >>> str(Fact("part", "Cold Pyre", 3)), str(Fact("count", "Cold Pyre", 2))
    ('part 3 of "Cold Pyre"', 'at least 2 parts of "Cold Pyre"')
"""

from __future__ import annotations

from typing import NamedTuple

from tgc.semantics.model import Campaign, StatusInfo
from tgc.syntax import ast


class Fact(NamedTuple):
    """One thing the save sheet or the party can hold.

    ``kind`` is ``part`` (``number`` is the part), ``boxes`` (any box of a boxes status
    ticked: boxes are unnumbered, so one mark can be repeated up to full), ``flag``,
    ``secret`` (``name`` is the number), ``item`` or ``keyword``. ``count`` is not held
    by itself: it stands for "at least ``number`` parts of a status", which is what
    ``status "X"``, ``any N`` and ``when any N parts`` need.
    """

    kind: str
    name: str
    number: int = 0

    @property
    def key(self) -> tuple[str, str]:
        """What the fact is about: a status, a secret, an item or a keyword."""
        if self.kind in STATUS_KINDS:
            return ("status", self.name)
        return (self.kind, self.name)

    def __str__(self) -> str:
        if self.kind == "part":
            return f'part {self.number} of "{self.name}"'
        if self.kind == "count":
            if self.number == 1:
                return f'a part of "{self.name}"'
            return f'at least {self.number} parts of "{self.name}"'
        if self.kind == "boxes":
            return f'a box of "{self.name}"'
        if self.kind == "flag":
            return f'"{self.name}"'
        if self.kind == "secret":
            return f"secret {self.name}"
        if self.kind == "item":
            return f'item "{self.name}"'
        return f"an item with keyword `{self.name}`"


STATUS_KINDS = frozenset({"part", "boxes", "flag", "count"})


class Vocabulary:
    """Which facts a condition, effect or trigger names; None where resolve already
    reported the name or the shape (so nothing here can cascade from it)."""

    def __init__(self, campaign: Campaign) -> None:
        self.c = campaign
        self.by_keyword: dict[str, list[str]] = {}
        for name, item in campaign.items.items():
            for word in item.keywords:
                self.by_keyword.setdefault(word, []).append(name)

    def status(self, name: str) -> StatusInfo | None:
        return self.c.statuses.get(name)

    def keywords(self, item: str) -> tuple[str, ...]:
        """An item's keywords (none for an item not declared)."""
        info = self.c.items.get(item)
        return tuple(info.keywords) if info is not None else ()

    def status_reads(self, cond: ast.StatusCond) -> tuple[Fact, ...] | None:
        """The facts ``status "X" SEL`` looks at."""
        status = self.c.statuses.get(cond.name)
        if status is None or not selection_fits(status, cond.parts):
            return None
        sel = cond.parts
        if status.shape == "parts":
            low, high = (1, status.size) if sel is None or sel.any_count else (sel.low, sel.high)
            return tuple(Fact("part", status.name, p) for p in range(low, high + 1))
        return (Fact(status.shape, status.name),)

    def mark_facts(self, mark: ast.Mark) -> tuple[Fact, ...]:
        status = self.c.statuses.get(mark.name)
        if status is None:
            return ()
        if status.shape == "parts":
            sel = mark.parts
            if sel is None or sel.any_count or not 1 <= sel.low <= sel.high <= status.size:
                return ()
            return tuple(Fact("part", status.name, p) for p in range(sel.low, sel.high + 1))
        if mark.parts is not None:
            return ()
        return (Fact(status.shape, status.name),)

    def secret(self, number: int) -> Fact | None:
        return Fact("secret", str(number)) if number in self.c.secrets else None

    def item(self, name: str, keyword: bool) -> Fact | None:
        if keyword:
            known = name in self.c.vocabulary.item_keywords or name in self.c.item_keywords
            return Fact("keyword", name) if known else None
        return Fact("item", name) if name in self.c.items else None

    def item_gains(self, name: str, keyword: bool) -> tuple[Fact, ...]:
        """Gaining an item also gains its keywords; gaining "an item with keyword K" may
        give any declared item with K, and so any of that item's keywords too (the reader
        or a deck picks which)."""
        fact = self.item(name, keyword)
        if fact is None:
            return ()
        if keyword:
            facts = {fact}
            for item in self.by_keyword.get(name, ()):
                facts.add(Fact("item", item))
                facts.update(Fact("keyword", w) for w in self.c.items[item].keywords)
            return tuple(sorted(facts))
        return (fact, *(Fact("keyword", w) for w in self.c.items[name].keywords))

    def trigger_reads(self, status: StatusInfo, trig: ast.Trigger) -> tuple[Fact, ...] | None:
        if not trigger_fits(status, trig):
            return None
        if status.shape != "parts":
            return (Fact(status.shape, status.name),)
        low, high = ((1, status.size) if trig.kind == "any"
                     else (trig.low or 1, trig.high or trig.low or 1))
        return tuple(Fact("part", status.name, p) for p in range(low, high + 1))


def selection_fits(status: StatusInfo, sel: ast.PartSel | None) -> bool:
    """Whether a condition's part selection is one resolve accepted for this status."""
    if sel is None:
        return True
    if sel.any_count:
        return 1 <= sel.low <= status.size
    return status.shape == "parts" and 1 <= sel.low <= sel.high <= status.size


def trigger_fits(status: StatusInfo, trig: ast.Trigger) -> bool:
    fits = {"flag": ("marked",), "boxes": ("full", "any"), "parts": ("parts", "any")}
    if trig.kind not in fits.get(status.shape, ()):
        return False
    top = max(trig.low or 0, trig.high or 0)
    return top <= status.size and (trig.low is None or trig.low >= 1)
