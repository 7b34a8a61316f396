"""Explorer, the campaign clock: a Bundle's conditions on the day, the chapter and the
campaign layer's facts in, the values of each that those conditions tell apart out (one
representative per class).

A campaign's day only moves on, and any number of days may pass between explorations, so
every day from the first one on can come; chapters likewise move on, and the chapter
setup cards name the ones after ``-> end chapter``. The explorer therefore lets the day
and the chapter range over the classes their conditions distinguish (for ``day >= 5``:
before day 5, and from day 5 on), each written as its earliest value, which is also what a
witness moves the clock to (``:day 5``, ``:chapter 3A``).

A ruleset's facts (``Vocabulary.facts``: Tainted Grail's ``menhir``, ``menhirs``,
``menhir_dial``, ``time_tokens``) are numbers its campaign layer keeps, and no campaign
layer runs during a search. The campaign may hold any value of them when an exploration
begins, and the layer may change them after a line it acts on (a phrase such as ``activate
menhir``, a time token, ``move to``); so each fact is a hand too, whose classes may come in
any order, and a witness sets it (``:set menhir 1``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tgc.conditions import form as f
from tgc.runtime.book import Book
from tgc.runtime.conditions import eval_form
from tgc.runtime.state import Chapter, GameState

Hand = tuple[str, object]  # DAY or CHAPTER
DAY: Hand = ("clock", "day")
CHAPTER: Hand = ("clock", "chapter")


def fact(name: str) -> Hand:
    """The hand of a campaign fact."""
    return ("clock", name)


def _order(value: object) -> tuple[int, str, int]:
    if isinstance(value, Chapter):
        return (value.number, value.letter or "", value.part or 0)
    return (value, "", 0)  # type: ignore[return-value]


@dataclass(slots=True)
class Scale:
    """One hand of the clock: the conditions that read it, the values where their truth may
    change, and the earliest value of each class once settled."""

    conds: list[f.Condition] = field(default_factory=list)
    marks: set[object] = field(default_factory=set)
    reps: dict[tuple[bool, ...], object] = field(default_factory=dict)


class Clock:
    """The day and chapter classes of one bundle. A class is the truth of every condition
    on that hand; values come in campaign order, so the earliest of a class comes first."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.scales: dict[Hand, Scale] = {DAY: Scale(), CHAPTER: Scale()}
        self.facts = frozenset(book.vocabulary.facts)
        self.scales.update((fact(name), Scale()) for name in sorted(self.facts))
        self._scratch = GameState(party=[])
        self._canonical: dict[tuple[Hand, object], object] = {}

    def read(self, cond: f.Condition) -> None:
        """Note a part of a condition, if it reads the day or the chapter."""
        if isinstance(cond, f.Compare) and cond.name == "day":
            scale = self.scales[DAY]
            scale.marks.update(n for n in (cond.value - 1, cond.value, cond.value + 1) if n >= 1)
        elif isinstance(cond, f.Compare) and cond.name in self.facts:
            scale = self.scales[fact(cond.name)]
            scale.marks.update(n for n in (0, cond.value - 1, cond.value, cond.value + 1) if n >= 0)
        elif isinstance(cond, f.Chapter):
            scale = self.scales[CHAPTER]
            numbers = (cond.number,) if cond.op is None else (cond.number - 1, cond.number, cond.number + 1)
            scale.marks.update(Chapter(n) for n in numbers if n >= 1)
            if cond.op is None:
                scale.marks.add(Chapter(cond.number, cond.letter))
                scale.marks.add(Chapter(cond.number, cond.letter, cond.part))
        else:
            return
        scale.conds.append(cond)

    @property
    def hands(self) -> list[Hand]:
        return [hand for hand, scale in self.scales.items() if scale.conds]

    def settle(self, start: GameState) -> dict[Hand, list[object]]:
        """For each hand some condition reads, every class a campaign can come to from
        ``start`` (``start``'s own class first)."""
        out: dict[Hand, list[object]] = {}
        for hand in self.hands:
            scale = self.scales[hand]
            now = self.get(hand, start, raw=True)
            scale.reps = {}
            for value in sorted({now, *(m for m in scale.marks if self.later(hand, m, now))}, key=_order):
                scale.reps.setdefault(self._signature(hand, value), value)
            out[hand] = list(scale.reps.values())
        self._canonical.clear()
        return out

    @staticmethod
    def later(hand: Hand, value: object, now: object) -> bool:
        """Can the clock come from ``now`` to ``value`` (or stay there)? A fact may go
        either way."""
        if hand not in (DAY, CHAPTER):
            return True
        if isinstance(value, Chapter) and isinstance(now, Chapter):
            return value.reachable_from(now)
        return bool(value >= now)  # type: ignore[operator]

    def _signature(self, hand: Hand, value: object) -> tuple[bool, ...]:
        self.put(hand, value, self._scratch)
        return tuple(eval_form(c, self._scratch, self.book) for c in self.scales[hand].conds)

    def get(self, hand: Hand, state: GameState, raw: bool = False) -> object:
        value: object = state.day if hand == DAY else state.chapter if hand == CHAPTER \
            else state.facts.get(str(hand[1]), 0)
        if raw:
            return value
        key = (hand, value)
        found = self._canonical.get(key)
        if found is None:
            found = self._canonical[key] = self.scales[hand].reps.get(self._signature(hand, value), value)
        return found

    @staticmethod
    def put(hand: Hand, value: object, state: GameState) -> None:
        if hand == DAY:
            state.day = int(value)  # type: ignore[call-overload]
        elif hand == CHAPTER:
            assert isinstance(value, Chapter)
            state.chapter = value
        else:
            state.facts[str(hand[1])] = int(value)  # type: ignore[call-overload]

    def script(self, hand: Hand, value: object) -> str:
        """The witness line that moves ``hand`` to ``value``."""
        if hand == DAY:
            return f":day {value}"
        if hand == CHAPTER:
            return f":chapter {value}"
        return f":set {hand[1]} {value}"

    def facts_of(self) -> list[Hand]:
        """The facts' hands some condition reads."""
        return [hand for hand in self.hands if hand not in (DAY, CHAPTER)]
