"""Explorer, the abstraction: a Bundle in, the state features that conditions actually read
out, with what each line of a body reads or overwrites and how to get and set a feature
in a GameState.

A feature is a small hashable key: ``("status", name)``, ``("secret", n)``, ``("item",
name)``, ``("num", name)`` (an attribute, resource or track for every member, as a tuple),
``("dial", name)``, ``("visited", verse)``, ``("loc", n)`` or ``("clock", "day" |
"chapter")`` (clock.py). Anything no condition, cost, roll modifier or trigger reads (Exp
when nothing tests it, tasks, time tokens) is not a feature: it cannot change what any
play does. Numbers are capped just above the largest constant they are compared with, so
a party that farms Food forever gives finitely many abstract states (a value above the
cap is treated as the cap).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import cast

from tgc.bundle import schema as s
from tgc.bundle.conditions import to_change
from tgc.conditions import form as f
from tgc.conditions.change import footprint
from tgc.conditions.form import leaves
from tgc.explore.clock import Clock
from tgc.runtime.book import Book
from tgc.runtime.conditions import cost_amount, eval_form
from tgc.runtime.effects import apply_effect
from tgc.runtime.state import Character, GameState
from tgc.runtime.story import trigger_holds

Feature = tuple[str, object]
Value = object
# Features whose values may be carried as a set (split only where a test tells them apart).
# Numbers too: a test reads the tuple of the members' values as one value (on a scratch
# state with the same members out of the exploration as the play it stands for).
SYMBOLIC = frozenset({"status", "secret", "dial", "visited", "item", "num"})


@dataclass(slots=True)
class Features:
    """The relevant features of one bundle and the caps of its numbers."""

    book: Book
    relevant: set[Feature] = field(default_factory=set)
    symbolic: frozenset[str] = SYMBOLIC
    caps: dict[str, int] = field(default_factory=dict)
    # Numbers some line reads in a way where more can hurt (a `~ if` on it, a `<` or `==`
    # test, a `not`): for them, having more than a witness needs is not having it.
    more_may_hurt: set[str] = field(default_factory=set)
    # Status parts read so (``(status, None)``: any part or a count read so): a part marked beyond
    # what a witness needs may change its way only if it is one of these.
    parts_may_hurt: set[tuple[str, int | None]] = field(default_factory=set)
    party: int = 1  # members at the start
    clock: Clock = field(init=False)
    _tails: dict[tuple[int, int], tuple[Feature, ...]] = field(default_factory=dict)
    # By id: the op itself is kept beside what it touches (a choice's cost is paid through a
    # new effect each time; a freed one's id could be another's).
    _touch: dict[int, tuple[object, tuple[Feature, ...], tuple[Feature, ...]]] = field(default_factory=dict)

    @classmethod
    def of(cls, book: Book, party_size: int = 1) -> Features:
        features = cls(book)
        features.clock = Clock(book)
        features.party = party_size
        features._collect()
        return features

    # ------------------------------------------------------------ what is read

    def _collect(self) -> None:
        decrements: dict[str, int] = {}
        for body in self.book.bodies.values():
            for op in body.ops:
                for cond in self._conditions(op):
                    self._note_bounds(op, self.book.form(cond))
                    for leaf in leaves(self.book.form(cond)):
                        self.clock.read(leaf)
                        self.relevant.update(self.cond_features(leaf, all_items=True))
                        clocked = ("players", "day", *self.clock.facts)
                        if isinstance(leaf, f.Compare) and leaf.name not in clocked:
                            self._cap(leaf.name, leaf.value)
                self._collect_op(op, decrements)
        for status in self.book.bundle.statuses:
            if status.triggers:
                self.relevant.add(("status", status.name))
        for location in self.book.bundle.locations:
            self.relevant.add(("loc", location.number))
        for name, amount in decrements.items():
            self.caps[name] = self.caps.get(name, 0) + amount
        for name in list(self.caps):
            self.caps[name] += 1

    def _collect_op(self, op: s.Op, decrements: dict[str, int]) -> None:
        effect = op.effect if isinstance(op, s.IfEffect) else op
        if isinstance(op, s.Choice):
            for cost in op.costs:
                self.relevant.add(("num", cost.resource))
                players = self.book.bundle.campaign.players.max if cost.per_player else 1
                self._cap(cost.resource, cost.amount * players)
        elif isinstance(effect, s.Roll):
            for mod in effect.modifiers:
                if mod.attribute:
                    self.relevant.add(("num", mod.attribute))
                    self._cap(mod.attribute, max(a.low for a in effect.arms))
        elif isinstance(effect, s.Amount) and effect.kind != "gain":
            decrements[effect.what] = max(decrements.get(effect.what, 0), effect.amount)
            if effect.party == "each" and effect.kind == "pay":
                self.relevant.add(("num", effect.what))
            if self.party > 1 and _drops(effect, self.book):  # who is short drops out: more may hurt
                self.more_may_hurt.add(effect.what)
        elif isinstance(effect, s.AttributeChange) and effect.kind == "lower":
            decrements[effect.attribute] = max(decrements.get(effect.attribute, 0), effect.amount)

    def _note_bounds(self, op: s.Op, cond: f.Condition) -> None:
        """Which numbers this condition reads where more could close a way: anywhere but a
        choice's guard, or there under a ``not`` or with anything but ``>=``/``>``."""
        todo: list[tuple[f.Condition, bool]] = [(cond, False)]
        while todo:
            part, negated = todo.pop()
            match part:
                case f.Not():
                    todo.append((part.operand, not negated))
                case f.And() | f.Or():
                    todo.extend((operand, negated) for operand in part.operands)
                case f.Compare() if not isinstance(op, s.Choice) or negated or part.op not in (">=", ">"):
                    self.more_may_hurt.add(part.name)
                case f.Status() if not isinstance(op, s.Choice) or negated:
                    if part.low is None or part.at_least is not None:
                        self.parts_may_hurt.add((part.status, None))
                    else:
                        high = part.low if part.high is None else part.high
                        self.parts_may_hurt.update((part.status, n) for n in range(part.low, high + 1))
                case _:
                    pass

    def _cap(self, name: str, value: int) -> None:
        self.caps[name] = max(self.caps.get(name, 0), value)

    @staticmethod
    def _conditions(op: s.Op) -> Iterable[s.Condition]:
        if isinstance(op, s.IfEffect | s.IfDivert):
            return (op.cond,)
        if isinstance(op, s.Choice) and op.guard is not None:
            return (op.guard,)
        return ()

    def cond_features(self, cond: f.Condition, all_items: bool = False) -> list[Feature]:
        """The features one part of a condition reads (not its operands)."""
        match cond:
            case f.Status():
                return [("status", cond.status)]
            case f.Secret():
                return [("secret", cond.number)]
            case f.Item() if cond.keyword:
                return [("item", name) for name in self.keyword_items(cond.item)]
            case f.Item():
                return [("item", cond.item)]
            case f.Compare() if cond.name == "day" or cond.name in self.clock.facts:
                return [("clock", cond.name)]
            case f.Compare() if cond.name != "players":
                return [("num", cond.name)]
            case f.Chapter():
                return [("clock", "chapter")]
            case f.Dial():
                return [("dial", cond.dial)]
            case f.Visited():
                return [("visited", cond.verse)]
        return []

    def keyword_items(self, keyword: str) -> list[str]:
        return [*self.book.items_with(keyword), f"[{keyword}]"]

    # ------------------------------------------------------------ what a line touches

    def touch(self, op: s.Op) -> tuple[tuple[Feature, ...], tuple[Feature, ...]]:
        """``(needs, assigns)``: the relevant features a line reads or changes from their
        old value, and those it overwrites whatever they held."""
        cached = self._touch.get(id(op))
        if cached is None or cached[0] is not op:  # the op is kept: its id is never reused
            needs, assigns = self._touch_op(op)
            cached = (op, tuple(f for f in dict.fromkeys(needs) if f in self.relevant),
                      tuple(f for f in dict.fromkeys(assigns) if f in self.relevant))
            self._touch[id(op)] = cached
        return cached[1], cached[2]

    def _touch_op(self, op: s.Op) -> tuple[list[Feature], list[Feature]]:
        if isinstance(op, s.IfEffect):
            needs, assigns = self._touch_op(op.effect)
            return self._reads(op.cond) + needs + assigns, []
        if isinstance(op, s.IfDivert):
            return self._reads(op.cond), []
        if isinstance(op, s.Choice):
            return [], []  # the explorer touches the whole tail at once
        return self._touch_effect(op)

    def tail(self, ops: tuple[s.Op, ...], start: int) -> tuple[Feature, ...]:
        cached = self._tails.get((id(ops), start))
        if cached is None:
            needs: list[Feature] = []
            for op in ops[start:]:
                if isinstance(op, s.Choice):
                    needs += self._reads(op.guard) + [("num", c.resource) for c in op.costs]
            cached = tuple(f for f in dict.fromkeys(needs) if f in self.relevant)
            self._tails[(id(ops), start)] = cached  # bodies live as long as the book
        return cached

    def _reads(self, cond: s.Condition | None) -> list[Feature]:
        form = self.book.form(cond) if cond is not None else None
        return [read for leaf in leaves(form) for read in self.cond_features(leaf)]

    def _touch_effect(self, op: s.Op) -> tuple[list[Feature], list[Feature]]:
        """What the condition algebra's footprint says the effect needs and overwrites
        (the checker's usage tables read the same footprint)."""
        if isinstance(op, s.Text | s.Divert | s.IfEffect | s.IfDivert | s.Choice):
            return [], []
        change = to_change(op)
        if change is None:
            return [], []
        found = footprint(change, self.book)
        return list(found.needs), list(found.assigns)

    # ------------------------------------------------------------ reading and writing

    def get(self, feature: Feature, state: GameState) -> Value:
        kind, name = feature
        if kind == "status":
            return frozenset(state.statuses.get(str(name), ()))
        if kind == "secret":
            return name in state.secrets
        if kind == "item":
            return min(state.items.count(str(name)), 2)
        if kind == "num":
            cap = self.caps.get(str(name), 1 << 30)
            return tuple(min(_number(m, str(name)), cap) for m in state.party)
        if kind == "dial":
            return state.dials.get(str(name), 0)
        if kind == "visited":
            return name in state.visited
        if kind == "clock":
            return self.clock.get(feature, state)
        return (name in state.in_play, name in state.removed)

    def reader(self, features: Iterable[Feature]) -> Callable[[GameState], tuple[Value, ...]]:
        """``state -> tuple(self.get(f, state) for f in features)``, the same values, for a
        caller that keys many states by the same features (the witness planner keys every
        play it runs by all of them): each of the party's sets and lists is gathered once
        per state, not once per feature (``state.secrets`` and ``state.items`` are built
        anew on every read)."""
        order = list(features)
        by_kind: dict[str, list[tuple[int, object]]] = {}
        for i, (kind, name) in enumerate(order):
            by_kind.setdefault(kind, []).append((i, name))
        statuses = [(i, str(n)) for i, n in by_kind.pop("status", [])]
        secrets = by_kind.pop("secret", [])
        items = [(i, str(n)) for i, n in by_kind.pop("item", [])]
        nums = [(i, str(n), self.caps.get(str(n), 1 << 30)) for i, n in by_kind.pop("num", [])]
        dials = [(i, str(n)) for i, n in by_kind.pop("dial", [])]
        visits = by_kind.pop("visited", [])
        cards = by_kind.pop("loc", [])
        rest = [(i, order[i]) for pairs in by_kind.values() for i, _ in pairs]
        get, size = self.get, len(order)

        def read(state: GameState) -> tuple[Value, ...]:
            out: list[Value] = [None] * size
            held = state.statuses
            for i, name in statuses:
                out[i] = frozenset(held.get(name, ()))
            if secrets:
                gained = state.secrets
                for i, number in secrets:
                    out[i] = number in gained
            if items:
                carried = state.items
                for i, name in items:
                    out[i] = min(carried.count(name), 2)
            if nums:
                party = state.party
                for i, name, cap in nums:
                    out[i] = tuple(min(_number(m, name), cap) for m in party)
            turned = state.dials
            for i, name in dials:
                out[i] = turned.get(name, 0)
            seen = state.visited
            for i, verse in visits:
                out[i] = verse in seen
            in_play, removed = state.in_play, state.removed
            for i, card in cards:
                out[i] = (card in in_play, card in removed)
            for i, feature in rest:
                out[i] = get(feature, state)
            return tuple(out)

        return read

    def put(self, feature: Feature, value: Value, state: GameState) -> None:
        kind, name = feature
        if kind == "status":
            state.statuses[str(name)] = set(value)  # type: ignore[call-overload]
        elif kind == "secret":
            if value:
                state.gain_secret(cast(int, name), state.party[0] if state.party else None)
            else:
                state.lose_secret(cast(int, name))
        elif kind == "item":  # the party's count: who carries it is not part of the abstraction
            for member in state.party:
                member.items = [i for i in member.items if i != name]
            for _ in range(int(value)):  # type: ignore[call-overload]
                state.give(str(name), state.party[0])
        elif kind == "num":
            for member, number in zip(state.party, value, strict=True):  # type: ignore[call-overload]
                _set_number(member, str(name), number)
        elif kind == "dial":
            state.dials[str(name)] = int(value)  # type: ignore[call-overload]
        elif kind == "visited":
            _flag(state.visited, name, bool(value))
        elif kind == "clock":
            self.clock.put(feature, value, state)
        else:
            in_play, removed = cast(tuple[bool, bool], value)
            _flag(state.in_play, name, in_play)
            _flag(state.removed, name, removed)


def _flag(bucket: set, key: object, present: bool) -> None:  # type: ignore[type-arg]
    if present:
        bucket.add(key)
    else:
        bucket.discard(key)


def _number(member: Character, name: str) -> int:
    if name in member.tracks:
        return member.tracks[name]
    if name in member.vocabulary.attributes:
        return member.attributes.get(name, 0)
    return member.resources.get(name, 0) if name in member.vocabulary.resources else 0


def _set_number(member: Character, name: str, value: int) -> None:
    if name in member.tracks:
        member.tracks[name] = value
    elif name in member.vocabulary.attributes:
        member.attributes[name] = value
    else:
        member.resources[name] = value


# ---------------------------------------------------------------- symbolic features

Test = Callable[[Value], object]


class Scratch:
    """Evaluates a condition on one value of a feature, or applies an effect to it, on a
    scratch state (every such test reads or writes that one feature only); cached."""

    def __init__(self, features: Features, start: GameState) -> None:
        self.features = features
        self.state = start.copy()
        self._cache: dict[tuple[object, ...], object] = {}
        # The members out of the exploration in the play being looked at (the explorer sets
        # it): a party test and a party effect read only the others.
        self.dropped: frozenset[str] = frozenset()
        self._kept: list[object] = []  # effects and costs cached by id, kept so no id is reused

    def _ready(self, feature: Feature, value: Value) -> None:
        self.features.put(feature, value, self.state)
        if self.state.dropped != self.dropped:
            self.state.dropped = set(self.dropped)

    def test(self, feature: Feature, cond: f.Condition, value: Value) -> bool:
        key = ("t", cond, feature, value, self.dropped)
        if key not in self._cache:
            self._ready(feature, value)
            self._cache[key] = eval_form(cond, self.state, self.features.book)
        return bool(self._cache[key])

    def apply(self, feature: Feature, effect: s.Effect, value: Value) -> Value:
        key = ("a", id(effect), feature, value, self.dropped)
        if key not in self._cache:
            self._kept.append(effect)
            self._ready(feature, value)
            apply_effect(effect, self.state, self.features.book, told=False)
            self._cache[key] = self.features.get(feature, self.state)
        return self._cache[key]

    def triggers(self, feature: Feature, effect: s.Mark, value: Value) -> object:
        key = ("g", id(effect), feature, value)  # marks are the book's: their ids stay theirs
        if key in self._cache:
            return self._cache[key]
        status = self.features.book.statuses.get(effect.status)
        if status is None or not status.triggers:
            return None
        after = self.apply(feature, effect, value)
        holds = []
        for trigger in status.triggers:
            for v in (value, after):
                self.features.put(feature, v, self.state)
                holds.append(trigger_holds(status, trigger, self.state))
        self._cache[key] = result = tuple(holds)
        return result

    def drops(self, feature: Feature, effect: s.Amount, value: Value) -> object:
        """The members out of the exploration after ``effect``, from ``value``."""
        key = ("d", id(effect), feature, value, self.dropped)
        if key not in self._cache:
            self._kept.append(effect)
            self._ready(feature, value)
            apply_effect(effect, self.state, self.features.book, told=False)
            self._cache[key] = frozenset(self.state.dropped)
        return self._cache[key]

    def afford(self, feature: Feature, cost: s.Cost, value: Value) -> bool:
        key = ("f", id(cost), feature, value, self.dropped)
        if key not in self._cache:
            self._kept.append(cost)
            self._ready(feature, value)
            self._cache[key] = self.state.party_total(cost.resource) >= cost_amount(cost, self.state)
        return bool(self._cache[key])


def leaf_tests(features: Features, scratch: Scratch, op: s.Op,
               tail: tuple[s.Op, ...] = ()) -> tuple[dict[Feature, list[Test]], set[Feature]]:
    """For a line (or a choice tail), the tests each single feature's value goes through,
    and the features it reads in ways that need a concrete value (keyword items, numbers,
    locations)."""
    tests: dict[Feature, list[Test]] = {}
    concrete: set[Feature] = set()
    conds: list[f.Condition] = []
    book = features.book
    for line in tail or (op,):
        if isinstance(line, s.Choice):
            conds += [book.form(line.guard)] if line.guard is not None else []
            for cost in line.costs:
                feature = ("num", cost.resource)
                if feature[0] in features.symbolic:
                    tests.setdefault(feature, []).append(partial(scratch.afford, feature, cost))
                else:
                    concrete.add(feature)
        elif isinstance(line, s.IfEffect | s.IfDivert):
            conds.append(book.form(line.cond))
    for cond in conds:
        for leaf in leaves(cond):
            read = [f for f in features.cond_features(leaf) if f in features.relevant]
            if len(read) == 1 and read[0][0] in features.symbolic:
                tests.setdefault(read[0], []).append(partial(scratch.test, read[0], leaf))
            else:
                concrete.update(read)
    effect = op.effect if isinstance(op, s.IfEffect) else op
    if isinstance(effect, s.Mark):
        feature = ("status", effect.status)
        if feature in features.relevant:
            tests.setdefault(feature, []).append(partial(scratch.triggers, feature, effect))
    elif isinstance(effect, s.ItemChange | s.Amount | s.AttributeChange | s.LocationChange
                    | s.ReplaceLocation | s.Roll):
        needs, _ = features.touch(effect)
        several = isinstance(effect, s.Amount) and len(needs) > 1  # health and energy move together
        if isinstance(effect, s.Amount) and features.party > 1 and _drops(effect, book) and not several:
            for paid in needs:  # who drops out is the play's: values split by it
                tests.setdefault(paid, []).append(partial(scratch.drops, paid, effect))
        concrete.update(f for f in needs if f[0] not in features.symbolic or several
                        or isinstance(effect, s.Roll)
                        or isinstance(effect, s.ItemChange) and effect.keyword)
    return tests, concrete


def _drops(effect: s.Amount, book: Book) -> bool:
    """Can this effect leave a member out of the exploration (a member short of a ``pay``
    each)? Then who drops out depends on the value: values that drop different members
    take different branches."""
    mode = effect.party or ("each" if effect.what in book.vocabulary.tracks else "shared")
    return effect.kind == "pay" and mode == "each"
