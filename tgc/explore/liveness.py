"""Explorer, what is still read: a Book and its features in, for every line of every body,
the features that any line run from there to the end of the exploration may read or
change (a backward data-flow over the verse graph, triggers and ``move to`` hooks
included) out, as bit masks.

A feature outside that set cannot change how the rest of the exploration goes, so the
explorer leaves it out of the point it memoizes: plays that differ only there share one
continuation, and the values they carry are handed on when the continuation ends.
"""

from __future__ import annotations

from collections import deque

from tgc.bundle import schema as s
from tgc.explore.features import Feature, Features
from tgc.runtime.story import Story

Position = tuple[str, str | None, int]


class Liveness:
    """``live(story)``: the mask of the features the rest of ``story``'s exploration may
    touch (the line it waits on, what can follow, the verses queued to read)."""

    def __init__(self, features: Features) -> None:
        self.features = features
        self.bits: dict[Feature, int] = {f: 1 << i for i, f in enumerate(sorted(features.relevant, key=repr))}
        self.masks: dict[Position, int] = {}
        self._solve()

    def bit(self, feature: Feature) -> int:
        return self.bits.get(feature, 0)

    def live(self, story: Story) -> int:
        cursor = story.cursor
        mask = self.masks.get((cursor.verse, cursor.block, cursor.index), 0) if cursor else 0
        for target in story.queue:
            mask |= self.of_target(target)
        return mask

    def of_target(self, target: s.Target) -> int:
        if isinstance(target, s.Goto):
            return self.masks.get((target.verse, target.block, 0), 0)
        return 0

    # ------------------------------------------------------------ the data-flow

    def _solve(self) -> None:
        local: dict[Position, int] = {}
        succ: dict[Position, list[Position]] = {}
        for (verse, block), body in self.features.book.bodies.items():
            ops = body.ops
            for i, op in enumerate(ops):
                here = (verse, block, i)
                local[here] = self._mask(self._touched(op, ops, i))
                succ[here] = self._next(op, verse, block, i)
            end = (verse, block, len(ops))
            local[end], succ[end] = 0, []
            if block is None and ops:
                local[(verse, block, 0)] |= self.bit(("visited", verse))
        preds: dict[Position, list[Position]] = {}
        for here, nexts in succ.items():
            for there in nexts:
                preds.setdefault(there, []).append(here)
        masks = dict(local)
        todo = deque(masks)
        waiting = set(todo)
        while todo:
            here = todo.popleft()
            waiting.discard(here)
            mask = local[here]
            for there in succ[here]:
                mask |= masks.get(there, 0)
            if mask != masks[here]:
                masks[here] = mask
                for back in preds.get(here, ()):
                    if back not in waiting:
                        waiting.add(back)
                        todo.append(back)
        self.masks = masks

    def _mask(self, features: tuple[Feature, ...] | list[Feature]) -> int:
        mask = 0
        for feature in features:
            mask |= self.bit(feature)
        return mask

    def _touched(self, op: s.Op, ops: tuple[s.Op, ...], i: int) -> list[Feature]:
        if isinstance(op, s.Choice):
            return list(self.features.tail(ops, i))
        needs, assigns = self.features.touch(op)
        return [*needs, *assigns]

    def _next(self, op: s.Op, verse: str, block: str | None, i: int) -> list[Position]:
        book = self.features.book
        after = [(verse, block, i + 1)]
        targets: list[s.Target] = []
        match op:
            case s.Divert():
                return self._goto([op.target])
            case s.IfDivert():
                return self._goto([op.target]) + after
            case s.Choice():
                tail = [line for line in book.body(verse, block).ops[i:] if isinstance(line, s.Choice)]
                return self._goto([line.target for line in tail])
            case s.Roll() | s.Toss():
                return self._goto([arm.target for arm in op.arms])
            case s.Encounter():
                outcomes = book.outcomes(op.deck, op.name)
                armed = {arm.outcome for arm in op.arms}
                return self._goto([arm.target for arm in op.arms]) + ([] if armed >= set(outcomes) else after)
            case s.IfEffect():
                targets = self._side_targets(op.effect)
            case _:
                targets = self._side_targets(op)
        return self._goto(targets) + after

    def _side_targets(self, effect: s.Op) -> list[s.Target]:
        """Verses an effect may queue: the triggers of a status it marks, the ``instant``
        hook of a ``move to``."""
        book = self.features.book
        if isinstance(effect, s.Mark):
            status = book.statuses.get(effect.status)
            return [t.target for t in status.triggers] if status is not None else []
        if isinstance(effect, s.LocationChange) and effect.kind == "move-to":
            instant = book.hook(effect.location, "instant")
            return [instant] if instant is not None else []
        return []

    @staticmethod
    def _goto(targets: list[s.Target]) -> list[Position]:
        return [(t.verse, t.block, 0) for t in targets if isinstance(t, s.Goto)]
