"""Explorer, the pace: how a search is going (states, states per second, the frontier still
to run, memory, coverage), measured every few hundred states, and early on its outlook:
whether it can finish within its budgets, and what makes it grow.

A search that cannot finish should say so after seconds, not minutes. The outlook is
taken once, a few seconds in: when the frontier (the plays and points still to run) is
still growing faster than the search works it off, the search is far from its end, and
at this pace it meets its memory budget or ``--max-states`` first. What makes it grow is
read from the map of values the explorations left (explorer.py): the features with the
most values, statuses first, are the ones whose combinations multiply.

Example:
    >>> p = Pace(seconds=5.0, states=4000, frontier=9000, memory=600 * 2**20, reached=80, verses=100)
    >>> look = outlook(p, 100 * 2**20, 2 * 2**30, 500_000, {("status", "Curse"): list(range(40))})
    >>> look.limit, round(look.eta or 0)
    ('the memory budget (2.0 GiB)', 14)
    >>> print(look.lines()[1])
      what multiplies: status "Curse" (40 values seen)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tgc.explore.budget import shown

# How often (in search steps) the pace is taken; measuring memory costs a system call.
CHECK_EVERY = 256
# When the outlook is taken (seconds into the search).
OUTLOOK_AFTER = 5.0
# A frontier at least this share of the states explored: the end is not in sight.
GROWING = 0.5
Feature = tuple[str, object]


@dataclass(frozen=True, slots=True)
class Pace:
    """One measurement of a running search."""

    seconds: float
    states: int
    frontier: int
    memory: int
    reached: int
    verses: int

    @property
    def rate(self) -> float:
        """States per second so far."""
        return self.states / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Outlook:
    """A search that will not finish within its budget at this pace: which limit it meets
    first, about when, and the features whose values multiply."""

    pace: Pace
    limit: str
    eta: float | None
    growing: tuple[tuple[Feature, int], ...]

    def lines(self) -> list[str]:
        """The outlook for people: what is happening, what multiplies, what to do."""
        p = self.pace
        when = f" in about {self.eta:.0f} s" if self.eta is not None else ""
        out = [f"after {p.seconds:.0f} s: {p.states:,} states, {p.frontier:,} still to run, "
               f"{p.reached}/{p.verses} verses reached; at this pace the search meets "
               f"{self.limit}{when}, before it can finish"]
        if self.growing:
            out.append("  what multiplies: " + ", ".join(
                f"{name_of(feature)} ({count} values seen)" for feature, count in self.growing))
        out.append("  to finish: explore from one verse with a saved state (--from VERSE "
                   "--state FILE), explore a party of one, or raise --memory / --max-states")
        return out


def outlook(pace: Pace, start_memory: int, budget: int | None, max_states: int,
            values: Mapping[Feature, Sequence[object]]) -> Outlook | None:
    """The outlook of a search at ``pace``, or None when its end may be near."""
    if pace.frontier < GROWING * pace.states:
        return None
    limits: list[tuple[float | None, str]] = []
    if pace.rate > 0:
        limits.append(((max_states - pace.states) / pace.rate, f"--max-states {max_states:,}"))
    grown = pace.memory - start_memory
    if budget is not None:
        eta = (budget - pace.memory) / (grown / pace.seconds) if grown > 0 and pace.seconds > 0 else None
        limits.append((eta, f"the memory budget ({shown(budget)})"))
    if not limits:
        return None
    eta, limit = min(limits, key=lambda item: float("inf") if item[0] is None else item[0])
    return Outlook(pace, limit, max(0.0, eta) if eta is not None else None, growing(values))


def growing(values: Mapping[Feature, Sequence[object]], count: int = 3) -> tuple[tuple[Feature, int], ...]:
    """The features with the most values seen (four or more), most first; statuses before
    other features with as many."""
    ranked = sorted(((f, len(v)) for f, v in values.items() if len(v) >= 4),
                    key=lambda item: (-item[1], item[0][0] != "status", str(item[0][1])))
    return tuple(ranked[:count])


def name_of(feature: Feature) -> str:
    """A feature as a writer names it."""
    kind, name = feature
    match kind:
        case "status":
            return f'status "{name}"'
        case "item":
            return f'item "{name}"'
        case "dial":
            return f'dial "{name}"'
        case "secret" | "visited":
            return f"{kind} {name}"
        case "loc":
            return f"location {name}"
        case _:
            return str(name)
