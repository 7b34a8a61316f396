"""20 Strong decision points (TS-15.1): what the engine asks its policy, as data. A
``Decision`` is a kind and its choices; a policy answers with the index of one. Labels
are made only when someone reads them (a person, a transcript), so simulation stays fast."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol

if TYPE_CHECKING:
    from tgc.rulesets.twenty_strong.engines.game import Game

DecisionKind = Literal[
    "hero", "boss", "rank-stat", "activate", "order", "strike", "commit", "apply", "repeat",
    "reward", "item-use", "recover", "item-reward", "make-room", "hand-discard", "menhir",
    "destination", "banish-card", "pick-die", "discard", "optional", "item-discard",
    "pick-enemy", "pick-upgraded"]

Act = Literal[
    "none", "draw", "play", "take", "skip", "yes", "no", "colour", "die", "enemy", "card",
    "item", "deck", "stat", "effect", "hand", "top", "discard", "name"]


class Choice(NamedTuple):
    """One answer: ``act`` says what it does, ``a`` and ``b`` are its indexes (a die id,
    a card's place in the hand, an active enemy's row, a colour ...)."""

    act: Act
    a: int = -1
    b: int = -1


class Decision(NamedTuple):
    kind: DecisionKind
    choices: tuple[Choice, ...]
    subject: str = ""  # what the decision is about (an effect text, a card), for people


class Policy(Protocol):
    """Answers decisions; ``name`` is how reports and the CLI call it.

    A policy whose answers to a run of commit or recover decisions do not depend on the
    answers before it (greedy's rules) may also have ``commits(game)``, the colours whose
    every ready die it commits, and ``recovers(game)``, the colours in the order it
    recovers them; the engine then moves the dice at once, exactly as the run of answers
    would, instead of asking die by die. ``apply_run(game)`` plays a whole Apply step
    (every application its rule makes, until it would stop) without the decisions, for a
    policy whose rule needs no list of choices; ``strikes(game)`` likewise answers a Strike decision (the
    choice itself), ``repeats(game)`` a Repeat decision (True: yes), and ``decks(game,
    kind)`` an Activate or Menhir decision (the enemy deck's place, -1 when every deck is
    empty). The engine looks them up once per game. ``firsts`` names the kinds it always
    answers with their first choice (greedy takes every reward, says yes, keeps the
    order), which the engine then does
    not ask. A policy without them, a person's included, is asked every time;
    tests/test_ts_fast_paths.py plays the same games both ways."""

    name: str

    def choose(self, game: Game, decision: Decision) -> int: ...


@cache
def numbered(act: Act, count: int) -> tuple[Choice, ...]:
    """``Choice(act, 0)`` to ``Choice(act, count - 1)``, made once: a game offers the
    same numbered choices (the hand's cards, the decks, the effects to order) many times,
    and a choice is an immutable value."""
    return tuple(Choice(act, i) for i in range(count))


@cache
def play_choice(card: int, row: int) -> Choice:
    """``Choice("play", card, row)``, made once: greedy plays one of a few such choices at
    every strike."""
    return Choice("play", card, row)


STOP = Choice("none")
DRAW = Choice("draw")
YES_NO = (Choice("yes"), Choice("no"))
TAKE_SKIP = (Choice("take"), Choice("skip"))
