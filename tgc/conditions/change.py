"""Condition algebra, changes: the effects that move what a condition reads, in one typed
form, and what each one grants, removes, needs and overwrites (its footprint).

Two stages ask what an effect does to the state. The checker's usage tables want the
facts a line grants or removes (a status part, a secret, an item and its keywords), to
prove a guard can or cannot hold; the explorer's abstraction wants the features a line
reads before it writes them and those it overwrites whatever they held, to know which
states a line can tell apart. Each used to work it out on its own input (the AST, the
bundle), so they could drift. Now the checker lowers the AST (tgc.semantics.lower) and the
runtime reads the bundle (tgc.bundle.conditions) into this one form, and both ask
``footprint``: a fact the checker counts as granted is always a feature the explorer
counts as changed (tests/test_change_agreement.py, over every case file).

What the campaign declares (a status's shape, which items carry a keyword) comes through
``Declared``, which the checker's model and the runtime's book both answer.

Example:
    >>> class Two:
    ...     def shape(self, status): return {"Cold Pyre": ("parts", 4), "Song": ("flag", 1)}.get(status)
    ...     def watched(self, status): return status == "Song"
    ...     def has_secret(self, number): return number == 12
    ...     def has_item(self, name): return name == "Lantern"
    ...     def has_keyword(self, word): return word == "light"
    ...     def items_with(self, keyword): return ["Lantern"] if keyword == "light" else []
    ...     def keywords(self, item): return ("light",) if item == "Lantern" else ()
    ...     def linked(self, number): return (number,)
    ...     def keys(self, location): return ()
    >>> mark = footprint(Mark("Cold Pyre", 2, 3, unmark=False), Two())
    >>> [str(fact) for fact in mark.facts], mark.needs
    (['part 2 of "Cold Pyre"', 'part 3 of "Cold Pyre"'], (('status', 'Cold Pyre'),))
    >>> song = footprint(Mark("Song", None, None, unmark=False), Two())
    >>> song.needs, song.assigns  # its trigger fires only if "Song" was clear
    ((('status', 'Song'),), ())
    >>> gain = footprint(ItemChange("Lantern", keyword=False, gain=True), Two())
    >>> [str(fact) for fact in gain.facts], gain.removal
    (['item "Lantern"', 'an item with keyword `light`'], False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal, NamedTuple, Protocol, assert_never

Shape = Literal["parts", "boxes", "flag"]
FactKind = Literal["part", "boxes", "flag", "count", "secret", "item", "keyword"]
# A feature of the state, as the explorer keys it: ("status", name), ("secret", number),
# ("item", name), ("num", name), ("dial", name) or ("loc", number).
Key = tuple[str, object]


class Fact(NamedTuple):
    """One thing the save sheet or the party can hold.

    ``kind`` is ``part`` (``number`` is the part), ``boxes`` (any box of a boxes status
    ticked: boxes are unnumbered, so one mark can be repeated up to full), ``flag``,
    ``secret`` (``name`` is the number), ``item`` or ``keyword``. ``count`` is not held
    by itself: it stands for "at least ``number`` parts of a status", which is what
    ``status "X"``, ``any N`` and ``when any N parts`` need.
    (A named tuple: a campaign has tens of thousands, and they are cheaper.)
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


# A fact made in C from (kind, name, number), the number always given: the checks make
# one per part a guard reads or lacks (tens of thousands on a large journal), and a named
# tuple's own constructor is a Python function (tgc.source.make_span says why).
make_fact: Callable[[tuple[str, str, int]], Fact] = partial(tuple.__new__, Fact)

STATUS_KINDS = frozenset({"part", "boxes", "flag", "count"})


@dataclass(frozen=True, slots=True)
class Mark:
    """``mark``/``unmark`` a status; ``low``/``high`` the parts (None for a flag or
    boxes); ``any_count`` when they were written ``any N``, which no mark may take."""

    status: str
    low: int | None
    high: int | None
    unmark: bool
    any_count: bool = False


@dataclass(frozen=True, slots=True)
class SecretChange:
    number: int
    gain: bool


@dataclass(frozen=True, slots=True)
class ItemChange:
    """A named item, or (``keyword``) any item carrying that keyword."""

    item: str
    keyword: bool
    gain: bool


@dataclass(frozen=True, slots=True)
class Amount:
    """``gain``/``lose``/``pay`` of a resource or track (``linked`` ones move with it)."""

    what: str


@dataclass(frozen=True, slots=True)
class AttributeChange:
    attribute: str


@dataclass(frozen=True, slots=True)
class Dial:
    """``set dial`` (``value``) or ``advance dial`` (``value`` None)."""

    dial: str
    value: int | None


@dataclass(frozen=True, slots=True)
class Location:
    """A location card revealed, removed, or the party moved to it."""

    verb: Literal["reveal", "remove", "move"]
    location: int


@dataclass(frozen=True, slots=True)
class Replace:
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class Roll:
    """A dice test: it changes nothing, but its modifiers read attributes."""

    attributes: tuple[str, ...]


Change = Mark | SecretChange | ItemChange | Amount | AttributeChange | Dial | Location | Replace | Roll


class Declared(Protocol):
    """What the campaign declares, as a footprint needs it (the checker's model and the
    runtime's book each answer it)."""

    def shape(self, status: str) -> tuple[Shape, int] | None:
        """A declared status's shape and size (parts or boxes; 1 for a flag)."""

    def watched(self, status: str) -> bool:
        """Does a trigger watch the status (``when marked``, ``when full``, ...)?"""

    def has_secret(self, number: int) -> bool: ...

    def has_item(self, name: str) -> bool: ...

    def has_keyword(self, word: str) -> bool: ...

    def items_with(self, keyword: str) -> Sequence[str]:
        """The declared items carrying ``keyword``, in declaration order."""

    def keywords(self, item: str) -> tuple[str, ...]:
        """A declared item's keywords (none for one not declared)."""

    def linked(self, number: str) -> Sequence[str]:
        """The numbers that move when ``number`` does (itself, or a capping pair)."""

    def keys(self, location: int) -> Sequence[int]:
        """The locations a location's keys lead to."""


class Footprint(NamedTuple):
    """What one change does to the state.

    ``facts`` are what it grants (``removal`` false) or removes: empty where the name or
    the parts do not fit a declaration (resolve reports those; nothing may cascade from
    them). ``needs`` are the features whose old value the result depends on, ``assigns``
    those it overwrites whatever they held."""

    facts: tuple[Fact, ...]
    removal: bool
    needs: tuple[Key, ...]
    assigns: tuple[Key, ...]


def footprint(change: Change, declared: Declared) -> Footprint:
    """The change's facts and features."""
    match change:
        case Mark():
            return _mark(change, declared)
        case SecretChange():
            known = declared.has_secret(change.number)
            facts = (Fact("secret", str(change.number)),) if known else ()
            return Footprint(facts, not change.gain, (), (("secret", change.number),))
        case ItemChange():
            return _item(change, declared)
        case Amount():
            return Footprint((), False, tuple(("num", n) for n in declared.linked(change.what)), ())
        case AttributeChange():
            return Footprint((), False, (("num", change.attribute),), ())
        case Dial():
            feature: Key = ("dial", change.dial)
            if change.value is None:
                return Footprint((), False, (feature,), ())
            return Footprint((), False, (), (feature,))
        case Location():
            here: Key = ("loc", change.location)
            if change.verb == "move":  # arriving reveals what its keys lead to
                return Footprint((), False, tuple(("loc", n) for n in declared.keys(change.location)),
                                 (here,))
            return Footprint((), False, (), (here,))
        case Replace():
            return Footprint((), False, (), (("loc", change.old), ("loc", change.new)))
        case Roll():
            return Footprint((), False, tuple(("num", a) for a in change.attributes), ())
        case _:
            assert_never(change)


def _mark(change: Mark, declared: Declared) -> Footprint:
    feature: Key = ("status", change.status)
    declaration = declared.shape(change.status)
    shape, size = declaration if declaration is not None else ("parts", 0)
    # Parts and boxes add to what is ticked. A flag is set or cleared whatever it held, but
    # a mark's triggers fire only when it finds the flag clear: a flag a trigger watches,
    # marked again, queues nothing, so that mark reads the old value (no overwrite).
    overwrite = shape == "flag" and (change.unmark or not declared.watched(change.status))
    needs, assigns = ((), (feature,)) if overwrite else ((feature,), ())
    facts: tuple[Fact, ...] = ()
    if declaration is None:
        pass
    elif shape == "parts":
        low, high = change.low, change.high
        if low is not None and high is not None and not change.any_count and 1 <= low <= high <= size:
            facts = tuple(make_fact(("part", change.status, p)) for p in range(low, high + 1))
    elif change.low is None:
        facts = (make_fact((shape, change.status, 0)),)
    return Footprint(facts, change.unmark, needs, assigns)


def _item(change: ItemChange, declared: Declared) -> Footprint:
    """Gaining an item also gains its keywords; gaining "an item with keyword K" may give
    any declared item with K, and so any of that item's keywords too (the reader or a deck
    picks which); losing one takes just what it names."""
    name = change.item
    if change.keyword:
        # An item gained by keyword and no name is held as ``[keyword]``.
        needs: tuple[Key, ...] = (*(("item", n) for n in declared.items_with(name)), ("item", f"[{name}]"))
        known = declared.has_keyword(name)
    else:
        needs = (("item", name),)
        known = declared.has_item(name)
    if not known:
        return Footprint((), not change.gain, needs, ())
    fact = Fact("keyword" if change.keyword else "item", name)
    if not change.gain:
        return Footprint((fact,), True, needs, ())
    if change.keyword:
        gained = {fact}
        for item in declared.items_with(name):
            gained.add(Fact("item", item))
            gained.update(Fact("keyword", w) for w in declared.keywords(item))
        return Footprint(tuple(sorted(gained)), False, needs, ())
    return Footprint((fact, *(Fact("keyword", w) for w in declared.keywords(name))), False, needs, ())
