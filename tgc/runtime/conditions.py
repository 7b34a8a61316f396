"""Runtime stage, tests: a condition and the game state in, true or false out, exactly as
docs/language.md's "Conditions" says. The meaning is the condition algebra's
(tgc.conditions.evaluate), read on the bundle condition's form; this module makes a
GameState answer its questions. ``ask`` conditions call back to the reader; the answer is
remembered for the rest of the exploration."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from tgc.bundle import schema as s
from tgc.bundle.conditions import to_form
from tgc.conditions import form as f
from tgc.conditions.evaluate import COMPARE as COMPARE
from tgc.conditions.evaluate import holds
from tgc.conditions.text import describe as describe_form
from tgc.runtime.book import Book, StoryError
from tgc.runtime.state import GameState

Ask = Callable[[str], bool]


def no_ask(question: str) -> bool:
    raise StoryError(f'nobody to answer "{question}"')


def eval_condition(cond: s.Condition, state: GameState, book: Book, ask: Ask = no_ask) -> bool:
    """Does ``cond`` hold? The algebra's evaluator (tgc.conditions.evaluate) on the
    bundle condition's form; ``and``/``or`` short-circuit left to right, so a question
    is only asked when its answer matters."""
    return holds(book.form(cond), StateWorld(state, book, ask))


def eval_form(cond: f.Condition, state: GameState, book: Book, ask: Ask = no_ask) -> bool:
    """Does a condition already in the algebra's form hold (the explorer's leaf tests)?"""
    return holds(cond, StateWorld(state, book, ask))


@dataclass(slots=True)
class StateWorld:
    """A game state as the algebra's World: what conditions ask of it."""

    state: GameState
    book: Book
    ask: Ask

    def marked(self, status: str) -> Collection[int]:
        return self.state.marked(status)

    def has_secret(self, number: int) -> bool:
        return number in self.state.secrets

    def has_item(self, item: str) -> bool:
        return item in self.state.items

    def has_keyword(self, keyword: str) -> bool:
        return any(keyword in self.book.keywords(item) for item in self.state.items)

    def value(self, name: str) -> int:
        try:
            return self.state.party_value(name)
        except KeyError:
            raise StoryError(f"unknown quantity '{name}' in a condition") from None

    def dial(self, dial: str) -> int:
        return self.state.dials.get(dial, 0)

    def event_is(self, event: str, quest: bool) -> bool:
        return event in self.state.quests if quest else self.state.event == event

    def has_character(self, character: str) -> bool:
        wanted = character.casefold()
        return any(c.name.casefold() == wanted for c in self.state.active)

    def visited(self, verse: str) -> bool:
        return verse in self.state.visited

    def chapter(self) -> tuple[int, str | None, int | None]:
        now = self.state.chapter
        return (now.number, now.letter, now.part)

    def answer(self, question: str) -> bool:
        """An ``ask`` answer is remembered for the rest of the exploration."""
        if question not in self.state.answers:
            self.state.answers[question] = bool(self.ask(question))
        return self.state.answers[question]


def affordable(costs: tuple[s.Cost, ...], state: GameState) -> s.Cost | None:
    """The first cost the party cannot pay together (members may help each other pay),
    or None when every cost is affordable."""
    for cost in costs:
        if state.party_total(cost.resource) < cost_amount(cost, state):
            return cost
    return None


def cost_amount(cost: s.Cost, state: GameState) -> int:
    """What a cost takes: its amount, times the number of players when it is per player."""
    return cost.amount * state.player_count if cost.per_player else cost.amount


def describe(cond: s.Condition) -> str:
    """The condition as the journal writes it (for locked choices and reports)."""
    return describe_form(to_form(cond), brackets="needed")


def why_not(cond: s.Condition, state: GameState, book: Book) -> str:
    """The part of a failing guard that fails, for ``--show-locked`` and reports; ``ask``
    conditions read only remembered answers."""
    def answered(question: str) -> bool:
        raise _Unanswered(question)

    if isinstance(cond, s.AndCond):
        for part in cond.operands:
            try:
                if not eval_condition(part, state, book, answered):
                    return why_not(part, state, book)
            except _Unanswered:
                continue
    return f"needs {describe(cond)}"


class _Unanswered(Exception):
    pass
