"""Helpers for the 20 Strong tests: a small deck built in Python, a policy that answers
from a script (falling back to greedy), and dice that show the faces a test names."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from tgc.rulesets.twenty_strong.data import (
    Ability,
    Box,
    CombatCard,
    DiceRules,
    DieColour,
    Enemy,
    Hero,
    ItemReward,
    StrikeEffect,
)
from tgc.rulesets.twenty_strong.effects import EffectParser
from tgc.rulesets.twenty_strong.engines.decisions import Decision
from tgc.rulesets.twenty_strong.engines.game import Game
from tgc.rulesets.twenty_strong.engines.policies import GreedyPolicy
from tgc.rulesets.twenty_strong.engines.table import BASIC, CRIT, MISS, Foe
from tgc.rulesets.twenty_strong.loader import Loader
from tgc.source import SourceFile
from tgc.syntax.parser import parse_source

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "twenty_strong"
COLOURS = ("yellow", "green", "blue", "purple", "red")
HITS = {"yellow": 2, "green": 3, "blue": 4, "purple": 5, "red": 6}
P = EffectParser(COLOURS)

__all__ = ["BASIC", "CRIT", "MISS", "Foe", "Script", "card", "effects", "enemy", "hero",
           "make_box", "make_game", "parse_deck", "pick", "sample_box"]


def effects(text: str) -> tuple:
    return P.effects(text)


def ability(text: str, zone: str = "hero") -> Ability:
    return P.ability(text, zone)


def dice(counts: dict[str, int] | None = None) -> DiceRules:
    counts = counts or {"yellow": 4, "green": 4, "blue": 3, "purple": 3, "red": 3}
    return DiceRules(colours=tuple(DieColour(name=c, count=n, hits=HITS[c])
                                   for c, n in counts.items()))


def hero(name: str = "Hero", health: int = 5, strategy: int = 3, recovery: int = 2,
         card: str | None = "Own", abilities: Iterable[str] = (), **kw: object) -> Hero:
    return Hero(name=name, health=health, strategy=strategy, recovery=recovery, card=card,
                abilities=tuple(ability(a) for a in abilities), **kw)


def card(name: str, kind: str = "basic", left: dict[str, str] | None = None,
         right: str = "top middle bottom", abilities: Iterable[str] = (), **kw: object
         ) -> CombatCard:
    strikes = tuple(StrikeEffect(positions=tuple(k.split()), effects=effects(v), text=v)
                    for k, v in (left or {}).items())
    return CombatCard(name=name, kind=kind, left=strikes,
                      right=tuple(right.split()),
                      abilities=tuple(ability(a, "hand") for a in abilities), **kw)


def enemy(name: str, health: int = 2, damage: int = 1, deck: str | None = "gray",
          nodes: str = "top middle bottom", during: str = "", after: str = "",
          special: Iterable[str] = (), rewards: Iterable[str] = (), item: str | None = None,
          boss: bool = False, additional: int = 0) -> Enemy:
    reward = None
    if item is not None:
        use, _, rest = item.partition(":")
        reward = (ItemReward(use="single-use", effects=effects(rest)) if use == "single-use"
                  else ItemReward(use="ongoing", abilities=(P.timed(rest, "inventory", "always"),)))
    return Enemy(name=name, health=health, damage=damage, deck=None if boss else deck,
                 boss=boss, nodes=tuple(nodes.split()), additional=additional,
                 during=effects(during) if during else (), after=effects(after) if after else (),
                 special=tuple(ability(s, "enemy") for s in special),
                 rewards=tuple(effects(r) for r in rewards), item=reward)


def make_box(enemies: Iterable[Enemy] = (), cards: Iterable[CombatCard] | None = None,
             heroes: Iterable[Hero] | None = None, bosses: Iterable[Enemy] | None = None,
             counts: dict[str, int] | None = None) -> Box:
    cards = list(cards) if cards is not None else [card("Own", "hero", hero="Hero")] + [
        card(f"Basic {i}") for i in range(9)]
    return Box(dice=dice(counts), heroes=tuple(heroes or (hero(),)), cards=tuple(cards),
               enemies=tuple(enemies), bosses=tuple(bosses or (enemy("Boss", 3, 2, boss=True),)))


Answer = Callable[[Game, Decision], int]


def pick(act: str, a: int | None = None) -> Answer:
    """Answer with the first choice doing ``act`` (on ``a``, when given)."""
    def answer(game: Game, decision: Decision) -> int:
        return next(i for i, c in enumerate(decision.choices)
                    if c.act == act and (a is None or c.a == a))
    return answer


class Script:
    """Answers each decision kind from a list (index into the choices, or a callable),
    in order; anything unscripted goes to greedy. ``asked`` records every decision."""

    name = "script"

    def __init__(self, **answers: list[int | Answer] | Answer) -> None:
        self.answers = {k.replace("_", "-"): v for k, v in answers.items()}
        self.greedy = GreedyPolicy()
        self.asked: list[Decision] = []

    def choose(self, game: Game, decision: Decision) -> int:
        self.asked.append(decision)
        answer = self.answers.get(decision.kind)
        if isinstance(answer, list):
            if answer:
                pick = answer.pop(0)
                return pick(game, decision) if callable(pick) else pick
        elif answer is not None:
            return answer(game, decision)
        return self.greedy.choose(game, decision)


def make_game(box: Box, policy: object | None = None, faces: Iterable[int] | None = None,
              seed: int = 0, rank: int = 1, hero_name: str | None = None,
              boss: str | None = None, log: list[str] | None = None) -> Game:
    game = Game(box, policy or Script(), seed,
                log=log.append if log is not None else None)
    if faces is not None:
        queue = list(faces)
        game.roller = lambda g, die: queue.pop(0) if queue else MISS
    game.setup(hero=hero_name or box.heroes[0].name, boss=boss or box.bosses[0].name, rank=rank)
    return game


def parse_deck(text: str, name: str = "deck.tgj") -> Loader:
    """Parse declarations from text and load them; the loader keeps problems and box."""
    file, _ = parse_source(SourceFile.from_text(name, text))
    loader = Loader()
    loader.box = loader.load([i for i in file.items if hasattr(i, "props")])
    return loader


def sample_box() -> Box:
    decls = []
    for path in sorted(SAMPLE.glob("*.tgj")):
        file, diags = parse_source(SourceFile.from_text(str(path), path.read_text()))
        assert not diags, diags
        decls += [i for i in file.items if hasattr(i, "props")]
    loader = Loader()
    box = loader.load(decls)
    assert box is not None and not loader.problems, loader.problems
    return box
