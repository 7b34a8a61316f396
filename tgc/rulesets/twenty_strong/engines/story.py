"""20 Strong inside a story: the runtime face (``RulesetSpec.engines``) for the games a verse
starts (``~ twenty-strong hero "..." boss "..." rank 3: win -> ...; lose -> ...``). A game
and the story's generator in, the outcome the story follows out.

`tgc play --fights` says who plays it: a policy (``random``, ``greedy``, ``planner``, or
``auto``: greedy) plays the whole game at once; ``ask`` leaves the outcome to the reader;
``hand`` (the default) leaves it to `tgc play`, which hands the game to the ruleset's
player to be played die by die (engines/play.py, ``play_game``). The game's own seed is
one draw of the story's generator, so a story replayed with its seed plays the same game."""

from __future__ import annotations

from dataclasses import dataclass

from tgc.bundle import schema as s
from tgc.rulesets.twenty_strong.data import RANKS, Box
from tgc.rulesets.twenty_strong.engines.game import Game, Outcome
from tgc.rulesets.twenty_strong.engines.policies import POLICIES
from tgc.rulesets.twenty_strong.kinds import GAME
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.state import GameState

AUTO_POLICY = "greedy"
SEEDS = range(1 << 31)  # a game's seed, drawn from the story's generator


@dataclass(frozen=True)
class Setup:
    """Who plays whom at which rank: a game line's arguments, checked against the deck."""

    hero: str
    boss: str
    rank: int


def setup_of(box: Box, game: s.Game) -> Setup | None:
    """The game a line starts; None when it is not a 20 Strong game or names what the deck
    lacks (`tgc check` reports those lines, TGC566-TGC568, so a built bundle has none)."""
    hero, boss, rank = game.arg("hero"), game.arg("boss"), game.arg("rank")
    if game.phrase != GAME or not isinstance(hero, str) or not isinstance(boss, str) \
            or not isinstance(rank, int) or rank not in RANKS:
        return None
    if box.hero(hero) is None or box.boss(boss) is None:
        return None
    return Setup(hero, boss, rank)


def game_seed(rng: Rng) -> int:
    return rng.pick(SEEDS)


def play_game(box: Box, setup: Setup, policy: str, seed: int) -> Outcome:
    game = Game(box, POLICIES[policy](), seed)
    game.setup(hero=setup.hero, boss=setup.boss, rank=setup.rank)
    return game.play()


class VerseGames:
    """Plays every game a verse starts with one policy; anything else is the reader's."""

    def __init__(self, box: Box, policy: str) -> None:
        self.box, self.policy = box, policy

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        setup = setup_of(self.box, encounter.game) if encounter.game is not None else None
        if setup is None:
            return None
        outcome = play_game(self.box, setup, self.policy, game_seed(rng))
        return outcome.result if outcome.result in outcomes else None


def make_ruleset(book: Book, mode: str) -> VerseGames | None:
    """The registry's entry to this ruleset's runtime face (tgc/rulesets/spec.py): None for
    ``ask`` and ``hand`` (the reader, or `tgc play` with the ruleset's player, settles each
    game) and for a campaign without a deck."""
    box = book.bundle.rules
    if mode in ("ask", "hand") or not isinstance(box, Box) or not box.heroes or not box.bosses:
        return None
    return VerseGames(box, AUTO_POLICY if mode == "auto" else mode)
