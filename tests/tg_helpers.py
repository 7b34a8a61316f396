"""Helpers for the Tainted Grail mechanics tests: rule data from inline text, decks in a
fixed order (top card first), and a scripted policy that records the state it sees."""

from __future__ import annotations

import random
from typing import Any

from tgc.rulesets.tainted_grail.checks import raw_from_declaration
from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Game, Option, Outcome
from tgc.rulesets.tainted_grail.engines.hero import Hero, ItemInUse, Member
from tgc.rulesets.tainted_grail.engines.policies import BasePolicy, Policy, ScriptedPolicy
from tgc.rulesets.tainted_grail.loader import Problem, load_rules
from tgc.rulesets.tainted_grail.records import Card, CombatEncounter, DiplomacyEncounter, Rules
from tgc.source import SourceFile
from tgc.syntax import ast
from tgc.syntax.parser import parse_source

FILLER = """
@card {kind} 99{letter} "Idle Word"
  left: -
  right: -
"""


def load_text(text: str, name: str = "rules.tgj") -> tuple[Rules, list[Problem]]:
    """Rule data from one source text, read as the checker reads it."""
    parsed, _ = parse_source(SourceFile.from_text(name, text))
    decls = [item for item in parsed.items if isinstance(item, ast.Declaration)]
    return load_rules([raw_from_declaration(d) for d in decls])


def rules_of(text: str, kind: str = "combat", letter: str = "U") -> Rules:
    rules, problems = load_text(text + FILLER.format(kind=kind, letter=letter))
    assert not problems, problems
    return rules


def deck(rules: Rules, kind: str, names: list[str], fillers: int = 10) -> tuple[Card, ...]:
    """Cards by name, top of the deck first, then ``fillers`` idle cards below them."""
    table = rules.combat_cards if kind == "combat" else rules.diplomacy_cards
    by_name = {c.name: c for c in table.values()}
    cards = [by_name[n] for n in names] + [by_name["Idle Word"]] * fillers
    return tuple(reversed(cards))  # the engine draws from the end of the list


def member(rules: Rules, name: str, kind: str, order: list[str], fillers: int = 10,
           items: tuple[ItemInUse, ...] = (), **state: Any) -> Member:
    ch = rules.character(name)
    assert ch is not None
    cards = deck(rules, kind, order, fillers)
    if kind == "combat":
        return Member(ch, items=items, combat_deck=cards, **state)
    return Member(ch, items=items, diplomacy_deck=cards, **state)


class Recorder(ScriptedPolicy):
    """A scripted policy that snapshots the game before every play decision."""

    def __init__(self, plays: list[str], **kwargs: Any) -> None:
        super().__init__(plays, **kwargs)
        self.seen: list[dict[str, Any]] = []

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        if any(o.kind in ("play", "charge") for o in options):
            self.seen.append(snapshot(game, hero))
        return super().choose(game, hero, options)


def at_turn(policy: Recorder, turn: int) -> dict[str, Any]:
    """The first snapshot taken in ``turn``."""
    return next(shot for shot in policy.seen if shot["turn"] == turn)


def turn_log(game: Game, turn: int) -> list[str]:
    """The log lines of one turn (its header excluded)."""
    lines = game.log
    start = next(i for i, line in enumerate(lines) if line.startswith(f"-- turn {turn},"))
    end = next((i for i, line in enumerate(lines) if line.startswith(f"-- turn {turn + 1},")),
               len(lines))
    return lines[start + 1:end]


def snapshot(game: Game, hero: Hero) -> dict[str, Any]:
    shot: dict[str, Any] = {
        "turn": game.turn, "health": hero.health, "terror": hero.terror,
        "magic": hero.res["magic"], "rep": hero.res["rep"],
        "hand": sorted(c.name for c in hero.hand), "deck": len(hero.deck),
        "sequence": [p.card.name for p in game.seq],
        "tokens": [p.tokens for p in game.seq], "charges": [p.charges for p in game.seq],
    }
    if isinstance(game, CombatGame):
        shot["pool"] = game.pool
    if isinstance(game, DiplomacyGame):
        shot["affinity"] = game.slot
        shot["stage"] = game.stage.number
    return shot


def combat(rules: Rules, encounter: str, members: list[Member], policy: Policy,
           seed: int = 1) -> tuple[CombatGame, Outcome]:
    enc = rules.encounters[encounter]
    assert isinstance(enc, CombatEncounter)
    game = CombatGame(members, enc, policy, random.Random(seed), log=True, shuffle=False)
    return game, game.fight()


def diplomacy(rules: Rules, encounter: str, members: list[Member], policy: Policy,
              seed: int = 1) -> tuple[DiplomacyGame, Outcome]:
    enc = rules.encounters[encounter]
    assert isinstance(enc, DiplomacyEncounter)
    game = DiplomacyGame(members, enc, policy, random.Random(seed), log=True, shuffle=False)
    return game, game.negotiate()


__all__ = ["BasePolicy", "Recorder", "at_turn", "combat", "deck", "diplomacy", "member", "rules_of",
           "turn_log"]
