"""Explorer, the bound: a Book, its features and entry points in, a sound over-approximation
of everything play can show out (the verses, blocks, choices, status parts, secrets,
endings and dead ends some play may meet), found without enumerating a single state.

Abstract interpretation over the verse graph: at the start of every body each feature
holds the set of values it may have there, independently of the others (non-relational).
A guard is evaluated three-valued over those sets (a leaf that reads one feature: on
each of its values; anything else: either way), a branch keeps only the values that take
it, and an effect maps each value on its own (the explorer's Scratch, so the bound and
the search read one semantics). Between explorations the map is the join of every state
an exploration may end in; a verse a trigger or a ``move to`` queues is read at some
``-> end``, so it begins from any state some ``-> end`` may have.

It is coarser than the search (which keeps the values of one play together), so when the
search has met everything the bound allows, no more can be found: the explorer stops
there, complete. Where the bound cannot follow the interpreter soundly (a line that may
raise, a loop without input, an effect on several features at once) it is not ``sure``
and proves nothing.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from tgc.bundle import schema as s
from tgc.conditions import form as f
from tgc.explore.features import Feature, Features, Scratch, Value
from tgc.runtime.book import StoryError
from tgc.runtime.conditions import cost_amount
from tgc.runtime.state import GameState

State = dict[Feature, frozenset[Value]]
Key = tuple[str, str | None]  # a body: (verse, block)
QUEUE: Feature = ("queue", "")  # True: verses wait to be read at the next ``-> end``
EITHER = frozenset({True, False})
MAX_VALUES = 4_096  # values of one feature beyond which the bound gives up
ROUNDS = 200  # times each body may be walked again (on average) before the bound gives up


class EntryLike(Protocol):
    """A way into an exploration (explorer.Entry)."""

    @property
    def location(self) -> int | None: ...

    @property
    def target(self) -> s.Goto: ...

    @property
    def action(self) -> s.Action | None: ...


@dataclass
class Bound:
    """What some play may show. ``sure`` false: the bound could not follow play (``why``)
    and proves nothing."""

    verses: set[str] = field(default_factory=set)
    bodies: set[Key] = field(default_factory=set)
    blocks: set[str] = field(default_factory=set)
    choices: set[tuple[str, str | None, int]] = field(default_factory=set)
    parts: set[tuple[str, int]] = field(default_factory=set)
    secrets: set[int] = field(default_factory=set)
    endings: set[tuple[str, str]] = field(default_factory=set)  # (kind, where)
    dead_ends: set[str] = field(default_factory=set)
    queued: list[s.Target] = field(default_factory=list)  # verses a trigger or a move may queue
    # For each ``~ if -> `` line and each choice (a body and its line), the truths its
    # condition may take there (for a choice: offered or locked); lines never met are absent.
    truths: dict[tuple[Key, int], frozenset[bool]] = field(default_factory=dict)
    # Each body's values at its start (region.py reads them, then drops them).
    starts: dict[Key, State] = field(default_factory=dict)
    sure: bool = True
    why: str = ""


def bound(features: Features, scratch: Scratch, entries: Sequence[EntryLike],
          start: dict[Feature, list[Value]], state: GameState) -> Bound:
    """The bound of play from the map ``start`` (each relevant feature's values; the
    others as ``state`` holds them)."""
    return _Bounder(features, scratch, entries, start, state).run()


class _Bounder:
    def __init__(self, features: Features, scratch: Scratch, entries: Sequence[EntryLike],
                 start: dict[Feature, list[Value]], state: GameState) -> None:
        self.features, self.scratch, self.entries = features, scratch, entries
        self.book = features.book
        self.map: State = {feature: frozenset(values) for feature, values in start.items()}
        self.map[QUEUE] = frozenset({False})
        for status in _counted(self.book):  # its parts are reported, though nothing reads it
            self.map.setdefault(("status", status), frozenset({features.get(("status", status), state)}))
        self.full = {hand: self.map[hand] for hand in features.clock.facts_of() if hand in self.map}
        self.at: dict[Key, State] = {}
        # Bodies to walk again, first met first (so a round follows the verse graph's order);
        # what the map and the queued verses gain is handed on once a round is over.
        self.todo: list[tuple[int, Key]] = []
        self.order: dict[Key, int] = {}
        self.waiting: set[Key] = set()
        # What grew at each waiting body since its last walk (None: walk it whole), what it
        # sent where on that walk, and the features its lines read or change: a body whose
        # lines do not read what grew passes the new values on along what it sent, unwalked.
        self.dirty: dict[Key, set[Feature] | None] = {}
        self.sent: dict[Key, list[tuple[s.Target, str, frozenset[Value]]]] = {}
        self.reads: dict[Key, frozenset[Feature]] = {}
        self._sending: list[tuple[s.Target, str, frozenset[Value]]] = []
        self.sets: dict[frozenset[Value], frozenset[Value]] = {}
        self.grown = self.ends_grown = False
        self.ends: State = {}  # every state some ``-> end`` with verses queued may have
        self.out = Bound()
        self._costs: dict[int, tuple[s.Cost, s.Amount]] = {}

    def run(self) -> Bound:
        self._enter_all()
        budget = ROUNDS * max(len(self.book.bodies), 1)
        while self.out.sure:
            if not self.todo:
                if not (self.grown or self.ends_grown):
                    break
                if self.ends_grown:
                    self.ends_grown = False
                    for queued in self.out.queued:
                        self._read(queued)
                if self.grown:
                    self.grown = False
                    self._enter_all()
                continue
            budget -= 1
            if budget < 0:
                self._unsure("the bound did not settle within its budget")
                break
            _, key = heapq.heappop(self.todo)
            self.waiting.discard(key)
            grown = self.dirty.pop(key, None)
            if grown is not None and key in self.sent and grown.isdisjoint(self._reads_of(key)):
                self._pass(key, grown)
            else:
                self._walk(key, dict(self.at[key]))
        self.out.starts = self.at
        return self.out

    def _pass(self, key: Key, grown: set[Feature]) -> None:
        """Hand what grew at ``key`` on along what its last walk sent: no line of it reads
        or changes those features, so each of them leaves as it came, along the same ways
        (the walk whole would send the same)."""
        have = self.at[key]
        values = {feature: have[feature] for feature in grown}
        for target, where, queue in self.sent[key]:
            self._transfer({**values, QUEUE: queue}, target, where)

    def _reads_of(self, key: Key) -> frozenset[Feature]:
        """The features a walk of ``key`` reads or changes (its guards, costs, roll
        modifiers, effects and the queue); growth elsewhere cannot change its ways."""
        kept = self.reads.get(key)
        if kept is None:
            ops = self.book.body(*key).ops
            read: set[Feature] = {QUEUE}
            for i, op in enumerate(ops):
                needs, assigns = self.features.touch(op)
                read.update(needs, assigns)
                if isinstance(op, s.Choice):
                    read.update(self.features.tail(ops, i))
                    read.update(("num", cost.resource) for cost in op.costs)
                if isinstance(op, s.Roll):
                    read.update(("num", mod.attribute) for mod in op.modifiers if mod.attribute)
                effect = op.effect if isinstance(op, s.IfEffect) else op
                if isinstance(effect, s.Mark):
                    read.add(("status", effect.status))
                if isinstance(effect, s.Phrase | s.TimeToken | s.LocationChange):
                    read.update(self.full)
            kept = self.reads[key] = frozenset(read)
        return kept

    def _unsure(self, why: str) -> None:
        if self.out.sure:
            self.out.sure, self.out.why = False, why

    # ------------------------------------------------------------ states

    def _join(self, into: State, state: State) -> list[Feature]:
        """Join ``state`` into ``into``; the features that grew. (The items that differ are
        found at C speed: most are the very same sets.)"""
        grew = []
        for feature, values in state.items() - into.items():
            have = into.get(feature)
            if have is None or not values <= have:
                into[feature] = values if have is None else self._one(have | values)
                grew.append(feature)
                if len(into[feature]) > MAX_VALUES:
                    self._unsure(f"{feature[0]} {feature[1]} takes too many values")
        return grew

    def _one(self, values: frozenset[Value]) -> frozenset[Value]:
        """One object for equal sets: the bodies' states share them (a third of the
        bound's memory at 2,000 verses), and a join meets the very same object at once."""
        return self.sets.setdefault(values, values)

    def _enter_all(self) -> None:
        for entry in self.entries:
            state = dict(self.map)
            if entry.location is not None:
                loc = ("loc", entry.location)
                in_play = frozenset(v for v in state.get(loc, ()) if v[0])  # type: ignore[index]
                if not in_play:
                    continue
                state[loc] = in_play
            if entry.action is not None:
                paid = self._pay(state, entry.action.costs)
                if paid is None:
                    continue
                state = paid
            self._goto(state, entry.target)

    def _goto(self, state: State, target: s.Goto) -> None:
        key = (target.verse, target.block)
        if key not in self.book.bodies:
            self._unsure(f"no body {target.verse} {target.block or ''}")
            return
        if target.block is None:
            self.out.verses.add(target.verse)
            visited = ("visited", target.verse)
            if visited in self.features.relevant:
                state = {**state, visited: frozenset({True})}
        else:
            self.out.blocks.add(f"{target.verse}.{target.block}")
        self.out.bodies.add(key)
        have = self.at.get(key)
        if have is None:
            self.at[key] = dict(state)
            self.dirty[key] = None
        else:
            grown = self._join(have, state)
            if not grown:
                return
            dirty = self.dirty.get(key, set()) if key in self.waiting else set()
            if dirty is not None:
                dirty.update(grown)
            self.dirty[key] = dirty
        if key not in self.waiting:
            self.waiting.add(key)
            heapq.heappush(self.todo, (self.order.setdefault(key, len(self.order)), key))

    def _transfer(self, state: State, target: s.Target, where: str) -> None:
        if isinstance(target, s.Goto):
            self._goto(state, target)
        elif target.kind == "end":
            queue = state.get(QUEUE, frozenset({False}))
            if True in queue and self._join(self.ends, {**state, QUEUE: EITHER}):
                self.ends_grown = True
            if False in queue:
                self.out.endings.add(("end", where))
                self._rest(state)
        elif target.kind == "end-chapter":
            self.out.endings.add(("end-chapter", where))
            self._rest(state)
        else:
            self.out.endings.add(("game-over", where))

    def _rest(self, state: State) -> None:
        """An exploration ended in ``state``: it joins the map, and every entry may follow."""
        if self._join(self.map, {**state, QUEUE: frozenset({False})}):
            self.grown = True

    def _queue(self, target: s.Target) -> None:
        if target not in self.out.queued:
            self.out.queued.append(target)
            self._read(target)

    def _read(self, target: s.Target) -> None:
        """A queued verse is read at some ``-> end``: from any state one may have."""
        if self.ends:
            self._transfer(dict(self.ends), target, "")

    # ------------------------------------------------------------ conditions

    def _truth(self, state: State, cond: f.Condition) -> frozenset[bool]:
        match cond:
            case f.Not():
                return frozenset(not b for b in self._truth(state, cond.operand))
            case f.And() | f.Or():
                parts = [self._truth(state, operand) for operand in cond.operands]
                strong = isinstance(cond, f.And)  # And: False wins; Or: True wins
                out = set()
                if any((not strong) in p for p in parts):
                    out.add(not strong)
                if all(strong in p for p in parts):
                    out.add(strong)
                return frozenset(out)
        feature = self._reads(cond)
        if feature is None:
            return EITHER
        return frozenset(self.scratch.test(feature, cond, v) for v in state[feature])

    def _reads(self, leaf: f.Condition) -> Feature | None:
        read = [x for x in self.features.cond_features(leaf) if x in self.features.relevant]
        return read[0] if len(read) == 1 else None

    def _refine(self, state: State, cond: f.Condition, truth: bool) -> State | None:
        """``state`` with only the values that give ``cond`` this truth (None: none do)."""
        if truth not in self._truth(state, cond):
            return None
        match cond:
            case f.Not():
                return self._refine(state, cond.operand, not truth)
            case f.And() | f.Or():
                if truth != isinstance(cond, f.And):
                    return state
                refined = state
                for operand in cond.operands:
                    step = self._refine(refined, operand, truth)
                    if step is None:
                        return None
                    refined = step
                return refined
        feature = self._reads(cond)
        if feature is None:
            return state
        kept = frozenset(v for v in state[feature] if self.scratch.test(feature, cond, v) == truth)
        return {**state, feature: kept} if kept != state[feature] else state

    def _form(self, cond: s.Condition) -> f.Condition:
        return self.book.form(cond)

    # ------------------------------------------------------------ a body, line by line

    def _walk(self, key: Key, state: State) -> None:
        self._sending = self.sent[key] = []
        verse, block = key
        ops = self.book.body(verse, block).ops
        where = f"{verse}.{block}" if block else verse
        i = 0
        while True:
            if i >= len(ops):
                self.out.dead_ends.add(where)
                return
            op = ops[i]
            match op:
                case s.Text():
                    pass
                case s.IfEffect():
                    next_state = self._if_effect(state, op, where)
                    if next_state is None:
                        return
                    state = next_state
                case s.IfDivert():
                    cond = self._form(op.cond)
                    self._note((key, i), self._truth(state, cond))
                    taken = self._refine(state, cond, True)
                    if taken is not None:
                        self._leave(taken, op.target, where)
                    rest = self._refine(state, cond, False)
                    if rest is None:
                        return
                    state = rest
                case s.Divert():
                    self._leave(state, op.target, where)
                    return
                case s.Choice():
                    self._choices(state, key, ops, i, where)
                    return
                case s.Roll():
                    self._roll(state, op, where)
                    return
                case s.Toss():
                    for side in ("heads", "tails"):
                        side_arm = next((a for a in op.arms if a.side == side), None)
                        if side_arm is None:
                            self.out.dead_ends.add(where)
                        else:
                            self._leave(state, side_arm.target, where)
                    return
                case s.Encounter():
                    through = False
                    for outcome in self.book.outcomes(op.deck, op.name):
                        arm = next((a for a in op.arms if a.outcome == outcome), None)
                        if arm is None:
                            through = True
                        else:
                            self._leave(state, arm.target, where)
                    if not through:
                        return
                case _:
                    changed = self._effect(state, op, where)
                    if changed is None:
                        return
                    state = changed
            i += 1

    def _leave(self, state: State, target: s.Target, where: str) -> None:
        """The walk sends ``state`` on to ``target`` (kept, for ``_pass``)."""
        self._sending.append((target, where, state.get(QUEUE, frozenset({False}))))
        self._transfer(state, target, where)

    def _if_effect(self, state: State, op: s.IfEffect, where: str) -> State | None:
        cond = self._form(op.cond)
        applied = self._refine(state, cond, True)
        if applied is not None:
            if op.effect.kind in ("roll", "toss", "encounter"):
                self._unsure(f"'~ if' applies a {op.effect.kind} in {where}")
                return None
            applied = self._effect(applied, op.effect, where)
        skipped = self._refine(state, cond, False)
        if applied is None or skipped is None:
            return applied if skipped is None else skipped
        joined = dict(applied)
        self._join(joined, skipped)
        return joined

    def _choices(self, state: State, key: Key, ops: Sequence[s.Op], first: int, where: str) -> None:
        all_locked = True  # may every choice be locked at once (then the verse dead-ends)?
        for line in range(first, len(ops)):
            choice = ops[line]
            if not isinstance(choice, s.Choice):
                self._unsure(f"a '{choice.kind}' line after a choice in {where}")
                return
            taken: State | None = state
            may_lock = False
            if choice.guard is not None:
                cond = self._form(choice.guard)
                may_lock = False in self._truth(state, cond)
                taken = self._refine(state, cond, True)
            if taken is not None and choice.costs:
                may_lock = may_lock or self._pay(taken, choice.costs, strict=True) is None
                taken = self._pay(taken, choice.costs)
            self._note((key, line), (frozenset({True}) if taken is not None else frozenset())
                       | (frozenset({False}) if may_lock else frozenset()))
            if taken is None:
                continue
            all_locked = all_locked and may_lock
            self.out.choices.add((key[0], key[1], line))
            self._leave(taken, choice.target, where)
        if all_locked:
            self.out.dead_ends.add(where)

    def _note(self, line: tuple[Key, int], truths: frozenset[bool]) -> None:
        have = self.out.truths.get(line)
        self.out.truths[line] = truths if have is None else have | truths

    def _pay(self, state: State, costs: Iterable[s.Cost], strict: bool = False) -> State | None:
        """The party pays ``costs`` (None: no value can; ``strict``: None if some value cannot)."""
        for cost in costs:
            feature = ("num", cost.resource)
            if feature not in state:
                if strict:
                    return None
                continue
            values = state[feature]
            can = frozenset(v for v in values if self.scratch.afford(feature, cost, v))
            if not can or (strict and can != values):
                return None
            effect = self._cost_effect(cost)
            state = {**state, feature: frozenset(self.scratch.apply(feature, effect, v) for v in can)}
        return state

    def _cost_effect(self, cost: s.Cost) -> s.Amount:
        kept = self._costs.get(id(cost))
        if kept is None or kept[0] is not cost:
            amount = cost_amount(cost, self.scratch.state)
            kept = self._costs[id(cost)] = (cost, s.Amount(kind="pay", amount=amount, what=cost.resource,
                                                           party="shared"))
        return kept[1]

    def _roll(self, state: State, op: s.Roll, where: str) -> None:
        low = high = 0
        for mod in op.modifiers:
            if not mod.attribute:
                low, high = low + mod.sign * mod.value, high + mod.sign * mod.value
                continue
            values = state.get(("num", mod.attribute))
            if not values:
                self._unsure(f"a roll's modifier {mod.attribute} in {where} is not followed")
                return
            terms = [mod.sign * sum(v) for v in values]  # type: ignore[call-overload]
            low, high = low + min(terms), high + max(terms)
        low, high = op.dice + low, op.dice * op.sides + high
        covered: set[int] = set()
        for arm in op.arms:
            top = high if arm.high is None else min(arm.high, high)
            if max(arm.low, low) <= top:
                covered.update(range(max(arm.low, low), top + 1))
                self._leave(state, arm.target, where)
        if len(covered) < high - low + 1:
            self.out.dead_ends.add(where)

    # ------------------------------------------------------------ effects

    def _effect(self, state: State, effect: s.Effect, where: str) -> State | None:
        out = self.out
        if isinstance(effect, s.Mark) and effect.kind == "mark" and effect.low is not None:
            high = effect.high if effect.high is not None else effect.low
            out.parts.update((effect.status, p) for p in range(effect.low, high + 1))
        elif isinstance(effect, s.SecretChange) and effect.kind == "gain-secret":
            out.secrets.add(effect.number)
        if isinstance(effect, s.Phrase | s.TimeToken) or (
                isinstance(effect, s.LocationChange) and effect.kind == "move-to"):
            state = {**state, **self.full}  # the campaign layer may set its facts anew
        if isinstance(effect, s.Mark):
            touched: tuple[Feature, ...] = (("status", effect.status),)
            touched = touched if touched[0] in state else ()
        else:
            needs, assigns = self.features.touch(effect)
            touched = tuple(dict.fromkeys((*needs, *assigns)))
        if isinstance(effect, s.ItemChange) and effect.keyword or len(touched) > 1:
            self._unsure(f"an effect in {where} moves several features at once")
            return None
        try:
            for feature in touched:
                before = state[feature]
                state = {**state, feature: frozenset(self.scratch.apply(feature, effect, v) for v in before)}
                if isinstance(effect, s.Mark):
                    if effect.kind == "mark" and effect.low is None:
                        out.parts.update((effect.status, p) for v in state[feature] for p in v)  # type: ignore[attr-defined]
                    fires = self._fires(feature, effect, before)
                    if fires is not None:
                        state = {**state, QUEUE: fires if fires == {True} else state[QUEUE] | {True}}
        except StoryError as err:
            self._unsure(f"{where}: {err}")
            return None
        if isinstance(effect, s.LocationChange) and effect.kind == "move-to":
            instant = self.book.hook(effect.location, "instant")
            if instant is not None:
                state = {**state, QUEUE: frozenset({True})}
                self._queue(instant)
        return state

    def _fires(self, feature: Feature, effect: s.Mark, before: frozenset[Value]) -> frozenset[bool] | None:
        """Does a trigger of the status fire (None: never; {True}: from every value; else
        from some)? Each trigger that may fire queues its verse."""
        status = self.book.statuses.get(effect.status)
        if status is None or not status.triggers:
            return None
        every, some = True, False
        for value in before:
            holds = self.scratch.triggers(feature, effect, value)
            assert isinstance(holds, tuple)
            fired = [i for i in range(len(status.triggers)) if not holds[2 * i] and holds[2 * i + 1]]
            for i in fired:
                self._queue(status.triggers[i].target)
            every, some = every and bool(fired), some or bool(fired)
        if not some:
            return None
        return frozenset({True}) if every else EITHER


def _counted(book: object) -> list[str]:
    """Statuses some ``mark`` without parts names (the parts it marks are its next ones)."""
    out: dict[str, None] = {}
    for body in book.bodies.values():  # type: ignore[attr-defined]
        for op in body.ops:
            effect = op.effect if isinstance(op, s.IfEffect) else op
            if isinstance(effect, s.Mark) and effect.low is None:
                out.setdefault(effect.status)
    return list(out)
