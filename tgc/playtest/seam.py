"""Play session, the seam for a ruleset that plays its own way: a campaign whose ruleset
is not a story of verses (a 20 Strong deck is one game of dice) names a player
(``RulesetSpec.play``: a module with ``run``), and `tgc play` hands it the bundle, the
request and two callbacks, one that shows a line and one that reads an answer. A
transcript is replayed by handing its text over: the player prints what it gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from tgc import rulesets
from tgc.bundle.schema import Bundle

Write = Callable[[str], None]
Read = Callable[[str], str]


class PlayError(Exception):
    """A request the player cannot start (an unknown name, a bad transcript); meant for
    the user."""


@dataclass(frozen=True)
class PlayRequest:
    """``party`` who plays (the ruleset says what a name is), ``script`` a transcript's
    text to replay instead of asking."""

    party: tuple[str, ...] = ()
    seed: int = 0
    ask_dice: bool = False
    script: str | None = None


class Player(Protocol):
    def run(self, bundle: Bundle, request: PlayRequest, write: Write, read: Read) -> None: ...


def player(bundle: Bundle) -> Player | None:
    """The bundle's ruleset's own player; None for a story of verses (the play session)."""
    module: Player | None = rulesets.get(bundle.campaign.ruleset).load("play")
    return module
