"""Runtime stage, the rules: what the interpreter asks of a game system (its vocabulary
and how an encounter is resolved). The mechanics issue plugs real combat and diplomacy
in; until then the default resolver leaves every outcome to the reader or the script."""

from __future__ import annotations

from typing import Protocol

from tgc.bundle import schema as s
from tgc.runtime.rng import Rng
from tgc.runtime.state import ATTRIBUTES, RESOURCES, TRACKS, GameState


class Ruleset(Protocol):
    """A game system. ``resolve_encounter`` returns one of ``outcomes`` (it may change the
    state: damage, loot), or None to let the reader decide."""

    name: str
    attributes: tuple[str, ...]
    resources: tuple[str, ...]
    tracks: tuple[str, ...]

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None: ...


class AskingRuleset:
    """Tainted Grail's vocabulary; every encounter outcome is the reader's (or script's)."""

    name: str = "tainted-grail"
    attributes: tuple[str, ...] = ATTRIBUTES
    resources: tuple[str, ...] = RESOURCES
    tracks: tuple[str, ...] = TRACKS

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        return None


class RandomRuleset(AskingRuleset):
    """Every outcome equally likely, drawn from the run's generator (random play)."""

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        return rng.pick(outcomes)


DEFAULT_RULESET = AskingRuleset()
