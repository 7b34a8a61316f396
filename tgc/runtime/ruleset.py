"""Runtime stage, the rules: what the interpreter asks of a game system, which is how an
encounter is resolved (its words come from the ruleset's vocabulary, tgc/rulesets/). A
ruleset's engines plug real fights in; the default resolver leaves every outcome to the
reader or the script."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tgc.bundle import schema as s
from tgc.runtime.rng import Rng
from tgc.runtime.state import GameState


class Ruleset(Protocol):
    """A game system. ``resolve_encounter`` returns one of ``outcomes`` (it may change the
    state: damage, loot), or None to let the reader decide."""

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None: ...


@runtime_checkable
class Settling(Protocol):
    """A ruleset whose rules follow every change of the state, whoever made it: the story
    calls ``settle`` after each effect it applies (a story's ``lose 9 health`` is such a
    change as much as a fight's damage). It may change ``state`` and says what it did."""

    def settle(self, state: GameState) -> list[str]: ...


class CommandError(Exception):
    """A ruleset command that does not fit the state; the message is for the reader."""


class SessionCommands(Protocol):
    """A ruleset's own play-session commands (``:NAME ARGS`` in `tgc play`), found through
    its engines' ``make_commands(book)``: ``names`` the commands, ``help`` the lines
    ``:help`` adds. ``run`` changes ``state`` (a copy the session adopts) and says what
    happened, or raises CommandError; random draws come from ``rng``, the story's."""

    names: tuple[str, ...]
    help: tuple[str, ...]

    def run(self, name: str, args: list[str], state: GameState, rng: Rng) -> list[str]: ...


class AskingRuleset:
    """Every encounter outcome is the reader's (or the script's)."""

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        return None


class RandomRuleset(AskingRuleset):
    """Every outcome equally likely, drawn from the run's generator (random play)."""

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        return rng.pick(outcomes)


DEFAULT_RULESET = AskingRuleset()
