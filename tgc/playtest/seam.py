"""Play session, the seam for a ruleset that plays its own way: a campaign whose ruleset
is not a story of verses (a 20 Strong deck is one game of dice) names a player
(``RulesetSpec.play``: a module with ``run``), and `tgc play` hands it the bundle, the
request and two callbacks, one that shows a line and one that reads an answer. A
transcript is replayed by handing its text over: the player prints what it gives.

A campaign whose verses start games of the ruleset's own (``Vocabulary.games``; an
encounter with ``game`` set) is a story again: the play session reads its verses, and
each game is handed to the player's ``play_game`` to be played by hand when fights are
(`tgc play`'s default); a transcript of the player's own (``is_transcript``) still goes
to ``run``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from tgc import rulesets
from tgc.bundle import schema as s
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


class GamePlayer(Protocol):
    """A player that also plays, by hand, one game a verse starts: its outcome, or None
    for a line it cannot play (the reader settles it); ``is_transcript`` tells its own
    transcripts from a story's."""

    def play_game(self, bundle: Bundle, game: s.Game, seed: int, ask_dice: bool, write: Write,
                  read: Read) -> str | None: ...

    def is_transcript(self, text: str) -> bool: ...


def starts_games(bundle: Bundle) -> bool:
    """Whether a verse of the campaign starts a game of the ruleset's own."""
    return any(isinstance(op, s.Encounter) and op.game is not None for op in _ops(bundle))


def _ops(bundle: Bundle) -> Iterator[object]:
    for verse in bundle.verses:
        for ops in (verse.ops, *(b.ops for b in verse.blocks)):
            yield from ops


def transcript_player(bundle: Bundle, text: str) -> Player | None:
    """The bundle's ruleset's player when ``text`` is one of its transcripts, which `tgc
    test` and `tgc play --script` hand to its ``run``: every transcript of a campaign the
    player plays whole (a ruleset whose whole campaign its player runs), or the ones its
    ``is_transcript`` says are its own (a game by its first line, beside the campaign's
    story transcripts); None for a story's transcript."""
    own = player(bundle)
    if own is None:
        return None
    tells = getattr(own, "is_transcript", None)
    return own if tells is None or tells(text) else None


def game_player(bundle: Bundle) -> GamePlayer | None:
    """The bundle's ruleset's player, if it plays the games verses start."""
    module = rulesets.get(bundle.campaign.ruleset).load("play")
    if module is None or not hasattr(module, "play_game"):
        return None
    found: GamePlayer = module
    return found


def player(bundle: Bundle) -> Player | None:
    """The bundle's ruleset's own player; None for a story of verses (the play session)."""
    module: Player | None = rulesets.get(bundle.campaign.ruleset).load("play")
    return module
