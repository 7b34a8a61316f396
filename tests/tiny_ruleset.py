"""A deliberately tiny ruleset, defined outside tgc/rulesets/: two attributes, one
resource and one encounter kind settled by a coin flip. tests/test_tiny_ruleset.py
registers it and shows that a ruleset is only its declaration and its engine: the
campaign in tests/cases/rulesets/coin/ checks, builds, plays and explores with no line
of tgc changed for it. This module is both: ``SPEC`` (the low face) and
``make_ruleset`` (the runtime face, loaded by path)."""

from __future__ import annotations

from tgc.bundle import schema as s
from tgc.rulesets.spec import RulesetSpec, Vocabulary
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.state import GameState

SPEC = RulesetSpec(
    name="coin-trials",
    title="Coin Trials",
    vocabulary=Vocabulary(
        attributes=("wit", "grit"),
        resources=("coin",),
        defaults={"coin": 1},
        attribute_default=0,
        decks={"flip": ("win", "lose")},
        icons=frozenset({"coin"}),
        party_rows=("coin",),
        example_effect="gain 1 coin",
        example_condition="wit >= 1",
    ),
    engines=__name__,
    policies=("heads",),
)


class CoinFlip:
    """Every encounter is a coin flip from the story's generator: heads wins."""

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        return "win" if rng.toss() == "heads" else "lose"


def make_ruleset(book: Book, mode: str) -> CoinFlip | None:
    return None if mode == "ask" else CoinFlip()
