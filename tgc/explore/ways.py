"""Explorer, the ways out: a Book, the bodies some play may enter and the verses that may be
queued in, whether every play there can still end its exploration out: no loop without
input (a cycle of diverts a play could run round with nobody answering) and no trap (a
waiting point from which no answer ever ends the exploration).

Both are read off the verse graph alone, every condition taken either way, so they hold
for any state: an explorer that stopped as soon as its bound was met (bound.py) can still
say there are none, without the whole graph of points the search would have built.

A waiting point is *safe* when some answer leads, whatever the state, only to ends or to
safe waiting points: a choice with no guard and no cost (it is always offered), or every
choice (whichever is offered, or none and the verse dead-ends), every arm of a roll, either
side of a coin, any outcome of an encounter. The safe points are the least fixed point
(a cycle of answers that never ends proves nothing). A run without input that never waits
again ends too: in an ending, a dead end or a detected loop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from tgc.bundle import schema as s
from tgc.runtime.book import Book

Key = tuple[str, str | None]
Pos = tuple[Key, int]  # a line of a body
EITHER = frozenset({True, False})


@dataclass(frozen=True, slots=True)
class Ways:
    """``loop``: a body a run without input may come round to (None: there is none);
    ``trap``: a waiting point not proven safe (None: every one is); ``doubtful``: the points
    left in doubt, the first being ``trap`` (every point not proven safe when the regions
    looked at each, region.py's ``every``; else those from the first on, unexamined)."""

    loop: str | None
    trap: str | None
    doubtful: tuple[Pos, ...] = ()


Decide = Callable[[list[Pos], Callable[[Key], bool]], list[Pos]]


def ways_out(book: Book, bodies: Iterable[Key], queued: Iterable[s.Target],
             truths: Mapping[Pos, frozenset[bool]], decide: Decide | None = None) -> Ways:
    """``truths``: what each ``~ if ->`` line and each choice may take where play meets it
    (bound.py): a line that always holds (a choice always offered) is followed only so.
    ``decide`` (region.py) is handed the points left in doubt, and a test of whether every
    run without input from a body's start meets only safe points; it keeps those it cannot
    prove safe."""
    graph = _Graph(book, [t for t in queued if isinstance(t, s.Goto)], truths)
    return graph.judge(sorted(bodies, key=repr), decide)


class _Graph:
    def __init__(self, book: Book, queued: list[s.Goto], truths: Mapping[Pos, frozenset[bool]]) -> None:
        self.book = book
        self.truths = truths
        self.queued = queued
        self.pops = False  # does ``-> end`` lead on to the queued verses in the analyses?

    def judge(self, bodies: list[Key], decide: Decide | None = None) -> Ways:
        self.pops = _refills(self.book, bodies)
        loop = self._loop(bodies) if self.pops else self._loop(bodies) or self._rereads(bodies)
        waits = sorted({w for key in bodies for w in self._wait_lines(key)}, key=repr)
        safe = self._safe(waits)
        doubtful = [w for w in waits if w not in safe]
        if doubtful and decide is not None:
            kept = decide(doubtful, lambda key: self.waits([(key, 0)]) <= safe)
            # With refills a region's `-> end` may read a queued verse instead of ending,
            # which a region does not follow, so it proves no point safe; its snares still
            # hold (taking `-> end` for an end only leaves fewer classes caught), and a trap
            # is listed only once a stuck play shows it (gen seeds 17, 56, 65 of the
            # brute-force reference: triggers refilled by an `unmark`).
            doubtful = doubtful if self.pops else kept
        return Ways(loop, _label(doubtful[0][0]) if doubtful else None, tuple(doubtful))

    # ------------------------------------------------------------ runs without input

    def _to(self, target: s.Target) -> list[Pos]:
        if isinstance(target, s.Goto):
            return [((target.verse, target.block), 0)]
        if target.kind == "end" and self.pops:
            return [((t.verse, t.block), 0) for t in self.queued]
        return []  # an ending (or, with no refills, the queued verses, read one by one)

    def _silent(self, pos: Pos) -> tuple[list[Pos], bool]:
        """Where the line at ``pos`` goes without input, and whether it waits there."""
        key, i = pos
        ops = self.book.body(*key).ops
        if i >= len(ops):
            return [], False  # the verse dead-ends: an exit
        op = ops[i]
        effect = op.effect if isinstance(op, s.IfEffect) else op
        match op:
            case s.Choice() | s.Roll() | s.Toss() | s.Encounter():
                return [], True
            case s.IfDivert():
                truths = self.truths.get(pos, EITHER)
                return [*(self._to(op.target) if True in truths else []),
                        *([(key, i + 1)] if False in truths else [])], False
            case s.Divert():
                return self._to(op.target), False
        if isinstance(effect, s.ItemChange) and effect.keyword:
            return [], True  # the reader may pick the item
        return [(key, i + 1)], False

    def waits(self, starts: Iterable[Pos]) -> frozenset[Pos]:
        """The waiting points a run without input from ``starts`` may come to."""
        return frozenset(self._walk(starts)[0])

    def _walk(self, starts: Iterable[Pos]) -> tuple[set[Pos], set[Pos], bool]:
        """The waiting points and the lines a run without input from ``starts`` may come to,
        and whether it may come to ``-> end``."""
        out: set[Pos] = set()
        seen: set[Pos] = set()
        ends = False
        todo = list(starts)
        while todo:
            pos = todo.pop()
            if pos in seen:
                continue
            seen.add(pos)
            nexts, waits = self._silent(pos)
            if waits:
                out.add(pos)
            ends = ends or self._ends(pos)
            todo.extend(nexts)
        return out, seen, ends

    def _ends(self, pos: Pos) -> bool:
        key, i = pos
        ops = self.book.body(*key).ops
        op = ops[i] if i < len(ops) else None
        return (isinstance(op, s.Divert | s.IfDivert) and isinstance(op.target, s.End)
                and op.target.kind == "end")

    def _rereads(self, bodies: list[Key]) -> str | None:
        """With no refills every trigger fires at most once in a play, so a queued verse is
        read at most as often as triggers name it; a run without input enters a body once
        from where it began and once per queued verse read on the way. The interpreter
        calls a third entry in one run a loop: a body that may be entered that often."""
        names: dict[Pos, int] = {}
        for status in self.book.bundle.statuses:
            for trigger in status.triggers:
                if isinstance(trigger.target, s.Goto):
                    start = ((trigger.target.verse, trigger.target.block), 0)
                    names[start] = names.get(start, 0) + 1
        entries: dict[Key, int] = {}
        last: set[Key] = set()
        for start, times in names.items():
            _, seen, ends = self._walk([start])
            for key in {pos[0] for pos in seen if pos[1] == 0}:
                if ends:
                    entries[key] = entries.get(key, 0) + times
                else:
                    last.add(key)
        reached = set(bodies)
        often = [key for key in sorted(reached & (set(entries) | last), key=repr)
                 if 1 + entries.get(key, 0) + (key in last) > 2]
        growing = self._growing() if often else set()
        return next((_label(key) for key in often if key not in growing), None)

    def _growing(self) -> set[Key]:
        """The bodies every entry of which leaves the state changed for good, so that the
        interpreter's test (the same state as the last entry) never holds there: a resource
        gained before any line of the body may leave it or wait, where no line a run without
        input reads (an effect, a guarded one included) may lower it. Resources have no cap,
        unlike tracks, so each entry finds more than the one before. A run from a trigger's
        verse (gen 100, seed 2: ``bos.6`` named by two triggers, ``~ gain 2 food`` before
        it ends) may come round to such a body a third time, and that is no loop. A
        ruleset's phrase may do anything, so a book with one keeps the count alone. (The
        explorer plays the journal without a ruleset's rules following each change.)"""
        resources = set(self.book.vocabulary.resources) - set(self.book.vocabulary.tracks)
        lowered: set[str] = set()
        gains: dict[Key, set[str]] = {}
        for key, ops in self._bodies():
            prefix = True
            for i, op in enumerate(ops):
                effect = op.effect if isinstance(op, s.IfEffect) else op
                if isinstance(effect, s.Phrase):
                    return set()
                if isinstance(effect, s.Amount):
                    moved = set(self.book.linked(effect.what)) | {effect.what}
                    lowered |= moved if effect.kind != "gain" else moved - {effect.what}
                    if (prefix and op is effect and effect.kind == "gain" and effect.amount > 0
                            and effect.what in resources):
                        gains.setdefault(key, set()).add(effect.what)
                prefix = prefix and self._silent((key, i)) == ([(key, i + 1)], False)
        return {key for key, gained in gains.items() if gained - lowered}

    def _bodies(self) -> Iterable[tuple[Key, tuple[s.Op, ...]]]:
        for verse in self.book.bundle.verses:
            yield (verse.id, None), verse.ops
            for block in verse.blocks:
                yield (verse.id, block.name), block.ops

    def _loop(self, bodies: list[Key]) -> str | None:
        """A body on a cycle of runs without input (depth first, coloured)."""
        state: dict[Key, int] = {}  # 1: on the path, 2: done
        for root in bodies:
            if root in state:
                continue
            stack: list[tuple[Key, list[Key]]] = [(root, self._next_bodies(root))]
            state[root] = 1
            while stack:
                key, nexts = stack[-1]
                if not nexts:
                    state[key] = 2
                    stack.pop()
                    continue
                after = nexts.pop()
                if state.get(after) == 1:
                    return _label(after)
                if after not in state:
                    state[after] = 1
                    stack.append((after, self._next_bodies(after)))
        return None

    def _next_bodies(self, key: Key) -> list[Key]:
        """The bodies a run without input from the start of ``key`` may go to."""
        out: list[Key] = []
        i = 0
        ops = self.book.body(*key).ops
        while i < len(ops):
            nexts, waits = self._silent((key, i))
            if waits:
                break
            out += [k for k, j in nexts if j == 0]
            if (key, i + 1) not in nexts:
                break
            i += 1
        return out

    # ------------------------------------------------------------ waiting points

    def _wait_lines(self, key: Key) -> list[Pos]:
        ops = self.book.body(*key).ops
        out: list[Pos] = []
        for i, op in enumerate(ops):
            effect = op.effect if isinstance(op, s.IfEffect) else op
            if isinstance(op, s.Choice):
                if i == 0 or not isinstance(ops[i - 1], s.Choice):
                    out.append((key, i))
            elif isinstance(op, s.Roll | s.Toss | s.Encounter) or (
                    isinstance(effect, s.ItemChange) and effect.keyword):
                out.append((key, i))
        return out

    def _answers(self, pos: Pos) -> list[frozenset[Pos]]:
        """The alternatives at a waiting point: any one whose waits are all safe makes it safe."""
        key, i = pos
        ops = self.book.body(*key).ops
        op = ops[i]
        match op:
            case s.Choice():
                choices = [(n, c) for n, c in enumerate(ops[i:], i) if isinstance(c, s.Choice)]
                free = [self.waits(self._to(c.target)) for n, c in choices
                        if self.truths.get((key, n), EITHER) == {True}]  # always offered
                choices = [(n, c) for n, c in choices if True in self.truths.get((key, n), EITHER)]
                every = self.waits([p for _, c in choices for p in self._to(c.target)])
                return [*free, every]
            case s.Roll() if not any(mod.attribute for mod in op.modifiers):
                bonus = sum(mod.sign * mod.value for mod in op.modifiers)
                low, high = op.dice + bonus, op.dice * op.sides + bonus
                arms = [arm for arm in op.arms if arm.low <= high and (arm.high is None or arm.high >= low)]
                covered = {n for arm in arms for n in range(arm.low, (arm.high or high) + 1)}
                if not covered >= set(range(low, high + 1)):
                    return [frozenset()]  # a sum no arm covers dead-ends: an exit the reader can pick
                return [self.waits(self._to(arm.target)) for arm in arms]  # the reader gives the sum
            case s.Roll():  # what the dice need depends on the state: every arm must do
                return [self.waits([p for arm in op.arms for p in self._to(arm.target)])]
            case s.Toss():
                return [self.waits(self._to(arm.target)) if arm else frozenset()
                        for arm in (next((a for a in op.arms if a.side == side), None)
                                    for side in ("heads", "tails"))]
            case s.Encounter():
                through = self.waits([(key, i + 1)])
                outcomes = {a.outcome: a for a in op.arms}
                return [self.waits(self._to(outcomes[o].target)) if o in outcomes else through
                        for o in self.book.outcomes(op.deck, op.name)] or [through]
        return [self.waits([(key, i + 1)])]

    def _safe(self, waits: list[Pos]) -> set[Pos]:
        """The least fixed point: a point is safe once one alternative's waits all are."""
        alternatives: dict[Pos, list[frozenset[Pos]]] = {}
        todo = list(waits)  # and the points a run may come to beyond them
        while todo:
            pos = todo.pop()
            if pos not in alternatives:
                alternatives[pos] = self._answers(pos)
                todo.extend(w for alt in alternatives[pos] for w in alt if w not in alternatives)
        left: dict[tuple[Pos, int], int] = {}
        needed_by: dict[Pos, list[tuple[Pos, int]]] = {}
        safe: set[Pos] = set()
        for w, alts in alternatives.items():
            for n, alt in enumerate(alts):
                left[(w, n)] = len(alt)
                for needed in alt:
                    needed_by.setdefault(needed, []).append((w, n))
                if not alt and w not in safe:
                    safe.add(w)
                    todo.append(w)
        while todo:
            done = todo.pop()
            for w, n in needed_by.get(done, ()):
                left[(w, n)] -= 1
                if left[(w, n)] == 0 and w not in safe:
                    safe.add(w)
                    todo.append(w)
        return safe


def _refills(book: Book, bodies: Iterable[Key]) -> bool:
    """Can the queue fill again and again: a ``move to`` with an ``instant`` hook, or a mark
    on a triggered status that some line unmarks (a trigger fires each time its condition
    becomes true, and the conditions only grow with marks)?"""
    unmarked = {e.status for body in book.bodies.values() for op in body.ops
                if isinstance(e := op.effect if isinstance(op, s.IfEffect) else op, s.Mark)
                and e.kind == "unmark"}
    triggered = {st.name for st in book.bundle.statuses if st.triggers}
    for key in bodies:
        for op in book.body(*key).ops:
            effect = op.effect if isinstance(op, s.IfEffect) else op
            if isinstance(effect, s.Mark) and effect.status in unmarked & triggered:
                return True
            if isinstance(effect, s.LocationChange) and effect.kind == "move-to" and (
                    book.hook(effect.location, "instant") is not None):
                return True
    return False


def _label(key: Key) -> str:
    verse, block = key
    return f"{verse}.{block}" if block else verse
