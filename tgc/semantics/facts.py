"""Facts: the statuses, secrets and items a campaign declares in, the things play can
hold (a status part, a box, a flag, a secret, an item, an item keyword) out, with which
of them each condition and trigger names. Read by ``semantics.usage``,
``semantics.holds`` and the state checks. What an effect grants or removes is the
condition algebra's footprint (tgc.conditions.change); ``Vocabulary`` answers it what
the campaign declares.

Example:
    >>> from tgc.semantics.facts import Fact
    >>> str(Fact("part", "Cold Pyre", 3)), str(Fact("count", "Cold Pyre", 2))
    ('part 3 of "Cold Pyre"', 'at least 2 parts of "Cold Pyre"')
"""

from __future__ import annotations

from collections.abc import Sequence

from tgc.conditions.change import STATUS_KINDS, Fact, Shape, make_fact
from tgc.semantics.model import Campaign, StatusInfo
from tgc.syntax import ast

__all__ = ["STATUS_KINDS", "Fact", "Vocabulary", "selection_fits", "trigger_fits"]


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
            return tuple(make_fact(("part", status.name, p)) for p in range(low, high + 1))
        return (make_fact((status.shape, status.name, 0)),)

    def secret(self, number: int) -> Fact | None:
        return Fact("secret", str(number)) if self.has_secret(number) else None

    def item(self, name: str, keyword: bool) -> Fact | None:
        if keyword:
            return Fact("keyword", name) if self.has_keyword(name) else None
        return Fact("item", name) if self.has_item(name) else None

    # ---- what the campaign declares, as the algebra's footprint asks (change.Declared)

    def shape(self, status: str) -> tuple[Shape, int] | None:
        info = self.c.statuses.get(status)
        return (info.shape, info.size) if info is not None else None

    def watched(self, status: str) -> bool:
        info = self.c.statuses.get(status)
        return info is not None and bool(info.triggers)

    def has_secret(self, number: int) -> bool:
        return number in self.c.secrets

    def has_item(self, name: str) -> bool:
        return name in self.c.items

    def has_keyword(self, word: str) -> bool:
        return word in self.c.vocabulary.item_keywords or word in self.c.item_keywords

    def items_with(self, keyword: str) -> Sequence[str]:
        return self.by_keyword.get(keyword, ())

    def linked(self, number: str) -> Sequence[str]:
        return self.c.vocabulary.linked(number)

    def keys(self, location: int) -> Sequence[int]:
        info = self.c.locations.get(location)
        return tuple(key.location for key in info.keys) if info is not None else ()

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
