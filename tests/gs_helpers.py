"""Grimslingers test data: a tiny rule set of our own (not printed cards) and helpers
that build duels with fixed hands and a scripted policy."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tgc.rulesets.grimslingers.data import (
    Card,
    CardKind,
    CardType,
    Creature,
    Disposition,
    Grimslinger,
    Modifier,
    StageEffect,
    TallTale,
    TargetKind,
)
from tgc.rulesets.grimslingers.engines.decisions import Option, PlayCards, StandoffAction
from tgc.rulesets.grimslingers.engines.duel import Duel, DuelSetup, PlayerSetup
from tgc.rulesets.grimslingers.engines.duelist import Duelist
from tgc.rulesets.grimslingers.fxtext import parse_costs, parse_fx
from tgc.rulesets.grimslingers.rules import Rules, index


def card(name: str, kind: CardKind = "spell", fx: str = "", rn: int | None = 9,
         types: tuple[CardType, ...] = (), element: str | None = None,
         target: TargetKind = "single", cost: str = "", owner: str | None = None,
         **extra: object) -> Card:
    data: dict[str, object] = dict(name=name, kind=kind, types=types, rn=rn, target=target,
                                   fx=parse_fx(fx), costs=parse_costs(cost) if cost else (),
                                   owner=owner, **extra)
    if element:
        data["element"] = element
    return Card.model_validate(data)


ELEMENTS = {
    "fire": card("FIRE", fx="3 dmg", element="fire", types=("element",)),
    "water": card("WATER", fx="1 dmg; user gains 2 ep", element="water", types=("element",)),
    "earth": card("EARTH", fx="2 dmg; user gains 2 hp", element="earth", types=("element",)),
    "wind": card("WIND", fx="1 dmg; target deactivates 1 card", element="wind",
                 types=("element",)),
    "ice": card("ICE", fx="2 dmg; target loses 2 ep", element="ice", types=("element",)),
    "lightning": card("LIGHTNING", fx="3 dmg", element="lightning", types=("element",)),
}
GENERAL = (card("Snarl", "skill", "2 dmg", rn=6), card("Lunge", "skill", "1 dmg", rn=3),
           card("Howl", "skill", "+1 nv to unresolved foe cards", rn=2, target="self"),
           card("Bite", "skill", "2 dmg", rn=7))
RUSTLER_SKILLS = (card("Pistol Whip", "skill", "2 dmg", rn=5, owner="Dust Rustlers"),
                  card("Jeer", "skill", "+1 nv to unresolved foe cards", rn=4, target="self",
                       owner="Dust Rustlers"),
                  card("Pilfer", "skill", "target discards 1 card", rn=8,
                       owner="Dust Rustlers"))
RUSTLERS = Creature(name="Dust Rustlers", hp=(6, 9, 12, 15), ep=(6, 8, 10, 12),
                    skills=tuple(c.name for c in RUSTLER_SKILLS))
KIPPER = Grimslinger(name="Kipper", resource="durability", start=10, maximum=10,
                     rest_gain=3, rest_blocked_suits=("S", "C"))
LUELLA = Grimslinger(name="Luella", resource="control", start=0, maximum=2,
                     stages=(StageEffect(), StageEffect(rn=1, nv=1),
                             StageEffect(rn=-2, nv=1, dmg_taken=1)))
NYUNYO = Grimslinger(name="Nyunyo", resource="ammo", start=0, maximum=6)
SKITTISH = Disposition(name="Skittish", requirement="creature_dmg", amount=4,
                       fx=parse_fx("target loses 3 ep"))
THICK = Modifier(name="Thick Hide", rule="dmg_reduction", amount=1)


def tale(**extra: object) -> TallTale:
    cards = (*ELEMENTS.values(), *GENERAL, *RUSTLER_SKILLS)
    data: dict[str, object] = dict(title="test", cards=cards, creatures=(RUSTLERS,),
                                   dispositions=(SKITTISH,), modifiers=(THICK,),
                                   grimslingers=(KIPPER, LUELLA, NYUNYO))
    data.update(extra)
    return TallTale.model_validate(data)


RULES = index(tale())


class Script:
    """A policy that plays what the test says: per seat, a list of turns, each a
    (standoff actions, card name or None) pair; ``pick`` takes the first cards."""

    name = "script"

    def __init__(self, turns: dict[int, list[tuple[list[StandoffAction], str | None]]],
                 choices: dict[int, list[str]] | None = None):
        self.turns = turns
        self.choices = choices or {}  # per seat, the labels of the options to choose

    def _now(self, duel: Duel, p: Duelist) -> tuple[list[StandoffAction], str | None]:
        plan = self.turns.get(p.seat, [])
        return plan[duel.turn - 1] if duel.turn - 1 < len(plan) else ([], None)

    def standoff(self, duel: Duel, player: Duelist) -> list[StandoffAction]:
        return self._now(duel, player)[0]

    def play(self, duel: Duel, player: Duelist) -> PlayCards | None:
        name = self._now(duel, player)[1]
        if name is None:
            return None
        names = name.split("+")
        main = next(c for c in player.hand if c.name == names[0])
        extra = tuple(next(c for c in player.hand if c.name == n) for n in names[1:])
        return PlayCards(main, extra)

    def pick(self, duel: Duel, player: Duelist, cards: list[Card], count: int,
             why: str) -> list[Card]:
        return cards[:count]

    def choose(self, duel: Duel, player: Duelist, why: str, options: Sequence[Option]) -> int:
        wanted = self.choices.get(player.seat, [])
        if not wanted:
            return 0
        label = wanted.pop(0)
        return next(i for i, o in enumerate(options) if o.label == label)


def player(hand: tuple[Card, ...], g: Grimslinger | None = None, **extra: Any) -> PlayerSetup:
    return PlayerSetup(grimslinger=g, hand=hand, **extra)


def duel(players: tuple[PlayerSetup, ...], script: Script, creature: Creature = RUSTLERS,
         rules: Rules = RULES, seed: int = 1, **extra: Any) -> Duel:
    setup = DuelSetup(creature=creature, players=players, **extra)
    return Duel(rules, setup, script, random.Random(seed), log=True)


def creature_hand(d: Duel, *names: str) -> None:
    """Fix the creature's face-down deck (the top card is the last name)."""
    by_name = {c.name: c for c in (*RULES.creature_skills.values(),)}
    d.creature.hand = [by_name[n] for n in reversed(names)]


SAMPLE_TALE = Path(__file__).resolve().parents[1] / "examples" / "grimslingers"


def sample_with(tmp_path: Path, extra: str, into: str) -> Path:
    """A copy of the sample Tall Tale in ``tmp_path / "tale"`` with ``extra`` appended to
    its file ``into``: a test adds the records it needs without touching the sample."""
    root = tmp_path / "tale"
    root.mkdir()
    for f in SAMPLE_TALE.glob("*.tgj"):
        (root / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "tgc.toml").write_text("", encoding="utf-8")
    with (root / into).open("a", encoding="utf-8") as out:
        out.write(extra)
    return root
