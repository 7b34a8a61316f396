"""Explorer, the traps it closed: the search's points (nodes with their children), the points
it may still go on from and the verses whose waiting points the ways out left in doubt in,
the first point per verse that no play leaves, and that nothing left to search can open,
out.

A search settles when it has met its bound (bound.py) and knows there is no trap loop
(ways.py, region.py). Where the ways out leave points in doubt, the doubt is often a real
trap (a loop whose only ways out need what the play lacks), and only a search that finds
it can say so. So a search that has met its bound also settles when each verse in doubt
holds a trap it has closed itself: points from which no child reaches an exit, none of
which the search may still add a child to. Then the whole search's traps are exactly
these verses: every other waiting point is proven to end (ways.py, region.py), and a
closed trap stays closed whatever the search does next.

A point may still gain a child when a play to run or a point that gained values has it as
parent (the frontier), when a play below it drew a feature from the map (new values of the
map are tried from that draw, ``open`` gathers both), and when a play that joins it brings
new values of a symbolic feature that its plays read (``Explorer`` notes those reads and
counts such a point as open as well).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence
from typing import Protocol


class NodeLike(Protocol):
    """A point of the search (explorer.Node)."""

    @property
    def verse(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def children(self) -> list[int]: ...


def trapped(nodes: Sequence[NodeLike], open_: Collection[int]) -> set[int]:
    """The waiting points from which no child reaches an exit or a point in ``open_`` (one
    the search may still go on from)."""
    parents: dict[int, list[int]] = {}
    for i, node in enumerate(nodes):
        for child in node.children:
            parents.setdefault(child, []).append(i)
    alive = {i for i, node in enumerate(nodes) if node.kind == "exit"} | set(open_)
    todo = deque(alive)
    while todo:
        for parent in parents.get(todo.popleft(), ()):
            if parent not in alive:
                alive.add(parent)
                todo.append(parent)
    return {i for i, node in enumerate(nodes) if node.kind == "wait" and i not in alive}


def firsts(nodes: Sequence[NodeLike], points: Collection[int], verses: Collection[str]) -> dict[str, int]:
    """The first of ``points`` in each verse of ``verses`` that has one (the report's order)."""
    out: dict[str, int] = {}
    for i in sorted(points):
        if nodes[i].verse in verses:
            out.setdefault(nodes[i].verse, i)
    return out
