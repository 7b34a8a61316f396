"""A deliberately tiny ruleset, defined outside tgc/rulesets/: two attributes, one
resource, one declaration kind (``@troll``, typed rule data in the bundle) and one
encounter kind settled by a coin flip. tests/test_tiny_ruleset.py registers it and shows
that a ruleset is only its declaration, its rule data and its engine: the campaign in
tests/cases/rulesets/coin/ checks, builds, plays and explores with no line of tgc changed
for it. This module is all of it: ``SPEC`` (the low face), ``RULE_DATA`` and
``rule_data`` (what the bundle carries), and ``make_ruleset`` (the runtime face, loaded by
path)."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from tgc.bundle import schema as s
from tgc.limits import read_int
from tgc.rulesets.ruledata import RuleData
from tgc.rulesets.spec import RulesetSpec, Vocabulary
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.state import GameState
from tgc.semantics.model import Campaign
from tgc.syntax import ast

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
        declarations=("troll",),
    ),
    rules=__name__,
    schema=__name__,
    engines=__name__,
    policies=("heads",),
)


class Troll(BaseModel):
    """``@troll "Name"`` with ``flips: N``: he wins unless N coins in a row come up heads."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    flips: int = 1


class CoinRules(RuleData):
    KINDS: ClassVar[tuple[str, ...]] = ("troll",)

    ruleset: Literal["coin-trials"] = "coin-trials"
    trolls: tuple[Troll, ...] = ()


RULE_DATA = CoinRules


def rule_data(campaign: Campaign) -> CoinRules:
    """The campaign's trolls (the bundle compiler calls it)."""
    trolls = []
    for item in (i for file in campaign.files for i in file.items):
        if isinstance(item, ast.Declaration) and item.kind == "troll" and item.args:
            flips = next((p.value for p in item.props if p.key == "flips" and isinstance(p.value, str)), "1")
            trolls.append(Troll(name=str(item.args[0]), flips=read_int(flips, "flips", low=1, high=10)))
    return CoinRules(trolls=tuple(trolls))


class CoinFlip:
    """Every encounter is a coin flip from the story's generator: heads wins, as many in
    a row as the campaign's troll asks (its typed rule data)."""

    def __init__(self, flips: int) -> None:
        self.flips = flips

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        heads = [rng.toss() == "heads" for _ in range(self.flips)]
        return "win" if all(heads) else "lose"


def make_ruleset(book: Book, mode: str) -> CoinFlip | None:
    rules = book.bundle.rules
    assert rules is None or isinstance(rules, CoinRules)
    flips = rules.trolls[0].flips if rules is not None and rules.trolls else 1
    return None if mode == "ask" else CoinFlip(flips)
