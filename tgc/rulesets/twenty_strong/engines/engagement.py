"""20 Strong single engagements: a hero state, enemies, the dial and a commit plan in;
the exact odds of defeating every enemy (odds.py) and the same engagement played by the
engine (the planner policy) out, so ``tgc odds`` can put the two side by side."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tgc.rulesets.twenty_strong.data import Box, Enemy, Hero
from tgc.rulesets.twenty_strong.engines import strategy
from tgc.rulesets.twenty_strong.engines.decisions import Decision
from tgc.rulesets.twenty_strong.engines.game import Game, GameOver
from tgc.rulesets.twenty_strong.engines.policies import PlannerPolicy
from tgc.rulesets.twenty_strong.engines.table import Foe, Table
from tgc.rulesets.twenty_strong.odds import Die, Engagement, Target, odds


class EngagementError(ValueError):
    """A setup that names what the deck does not have; the message is for the user."""


@dataclass(frozen=True)
class Setup:
    """One engagement: the hero (its Strategy gives the passes), the enemies, the dial's
    colour, the rank (5 banishes a die of each colour) and the dice committed in the
    first pass per colour (``None``: every die of the dial's colour)."""

    hero: Hero
    enemies: tuple[Enemy, ...]
    dial: str
    rank: int = 1
    strategy: int | None = None
    commit: dict[str, int] | None = None

    @property
    def passes(self) -> int:
        return self.strategy if self.strategy is not None else self.hero.strategy


def setup(box: Box, hero: str, enemies: Sequence[str], dial: str, rank: int = 1,
          strategy: int | None = None, commit: dict[str, int] | None = None) -> Setup:
    found = box.hero(hero)
    if found is None:
        raise EngagementError(_unknown("hero", hero, [h.name for h in box.heroes]))
    foes = []
    for name in enemies:
        foe = next((e for e in (*box.enemies, *box.bosses) if e.name == name), None)
        if foe is None:
            raise EngagementError(_unknown("enemy", name, [e.name for e in box.enemies]))
        foes.append(foe)
    if dial not in box.dice.dial:
        raise EngagementError(_unknown("dial colour", dial, list(box.dice.dial)))
    pool = _pool(box, rank)
    for colour, count in (commit or {}).items():
        if colour not in pool or not 0 <= count <= pool[colour]:
            raise EngagementError(f"cannot commit {count} {colour} dice: the pool has "
                                  f"{pool.get(colour, 0)}")
    if not foes:
        raise EngagementError("name at least one enemy")
    return Setup(found, tuple(foes), dial, rank, strategy, commit)


def _unknown(what: str, name: str, names: list[str]) -> str:
    from difflib import get_close_matches

    starts = [n for n in names if n.lower().startswith(name.lower())]
    close = starts[:1] if len(starts) == 1 else get_close_matches(name, names, n=1)
    return f"no {what} named {name!r}" + (f"; did you mean {close[0]!r}?" if close else "")


def _pool(box: Box, rank: int) -> dict[str, int]:
    return {c.name: max(0, c.count - (1 if rank >= 5 else 0)) for c in box.dice.colours}


def commits(box: Box, s: Setup) -> dict[str, int]:
    pool = _pool(box, s.rank)
    return dict(s.commit) if s.commit is not None else {s.dial: pool.get(s.dial, 0)}


def exact(box: Box, s: Setup) -> Fraction:
    """The exact chance (TS-15.4), with the best applications and no strike effects."""
    names = [c.name for c in box.dice.colours]
    plan = commits(box, s)
    first = tuple(plan.get(n, 0) for n in names)
    zero = (0,) * len(names)
    targets = tuple(_target(e, names, s.dial) for e in s.enemies)
    dice = tuple(Die(c.hits, box.dice.sides) for c in box.dice.colours)
    return odds(Engagement(dice, targets, (first,) + (zero,) * (max(1, s.passes) - 1)))


def _target(foe: Enemy, names: list[str], dial: str) -> Target:
    from tgc.rulesets.twenty_strong.data import FaceDamage, Forbid

    forbidden = {e.colour for e in foe.during if isinstance(e, Forbid)}
    allowed = frozenset() if None in forbidden or dial in forbidden else frozenset(
        {names.index(dial)})
    own = {e.face: e.amount for e in foe.during if isinstance(e, FaceDamage)}
    return Target(foe.health, own.get("crit", 2), own.get("basic", 1), allowed)


class _PlanCommits:
    """The planner, committing exactly the setup's plan in the first pass and striking
    nothing. It wraps the planner rather than extends it, so that none of the planner's
    fast paths (decisions.py: greedy's commits among them) answer in its place."""

    name = "planner"

    def __init__(self, box: Box, plan: dict[str, int]) -> None:
        self.left = {i: plan.get(c.name, 0) for i, c in enumerate(box.dice.colours)}
        self.planner = PlannerPolicy()

    def choose(self, game: Game, decision: Decision) -> int:
        if decision.kind == "commit":
            for i, c in enumerate(decision.choices):
                if c.act == "colour" and self.left.get(c.a, 0) > 0:
                    self.left[c.a] -= 1
                    return i
            return next(i for i, c in enumerate(decision.choices) if c.act == "none")
        if decision.kind == "strike":
            return 0
        return self.planner.choose(game, decision)


def play(box: Box, s: Setup, seed: int) -> bool:
    """The engagement on the engine: True when every enemy is defeated."""
    game = Game(box, _PlanCommits(box, commits(box, s)), seed)
    colour_of = [i for i, c in enumerate(box.dice.colours) for _ in range(c.count)]
    t = Table(box=box, hero=s.hero, boss=s.enemies[0], rank=s.rank, health=s.hero.health,
              strategy=s.passes, recovery=s.hero.recovery, colour_of=colour_of,
              faces=[0] * len(colour_of), pool=list(range(len(colour_of))))
    game.t = t
    if s.rank >= 5:
        for colour in range(len(box.dice.colours)):
            dice = t.dice_in(t.pool, colour)
            if dice:
                t.pool.remove(dice[0])
    t.dial = box.dice.dial.index(s.dial)
    t.foes = [Foe(e) for e in s.enemies]
    try:
        strategy.engagement(game)
    except GameOver:
        pass
    return not t.undefeated


