"""Grimslingers played by hand: every question is a numbered list (``? question``, then
``  N. option``), answered by its number or its words; and the duel policy that asks
the person at the terminal for every Standoff action, every card and every pick. The
duel's own notes are shown before each question, so the table is always current."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tgc.limits import as_number, is_number
from tgc.rulesets.grimslingers.data import Card
from tgc.rulesets.grimslingers.engines import abilities
from tgc.rulesets.grimslingers.engines.decisions import (
    Feast,
    Load,
    MoveCards,
    Option,
    PlayCards,
    Sacrifice,
    StandoffAction,
    UseAbility,
    UseCard,
)
from tgc.rulesets.grimslingers.engines.duelist import Duelist, drawable
from tgc.rulesets.grimslingers.engines.standoff import (
    ACTIONS,
    CHAMBER,
    LOAD_PER_STANDOFF,
    PURGE_CARDS,
    REACTIVATE_CARDS,
    RELOAD_CARDS,
    SURGE_CARDS,
    allowed,
    scavenge_cost,
)
from tgc.rulesets.grimslingers.engines.words import card_words, duelist_words

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.duel import Duel

QUIT = ":quit"


class Quit(Exception):
    """The player typed ``:quit``: the session ends where it stands."""


@dataclass
class Asker:
    """Asks and reads. A wrong answer is said and the question asked again (a transcript
    keeps both), so a typo never ends a game."""

    write: Callable[[str], None]
    read: Callable[[str], str]

    def choose(self, question: str, options: Sequence[str]) -> int:
        """The index of the option chosen."""
        self.write(f"? {question}")
        for number, option in enumerate(options, 1):
            self.write(f"  {number}. {option}")
        while True:
            answer = self.read("> ").strip()
            if answer == QUIT:
                raise Quit
            found = _answer(answer, options)
            if found is not None:
                return found
            self.write(f"error: answer with a number from 1 to {len(options)}, or {QUIT}")


def _answer(answer: str, options: Sequence[str]) -> int | None:
    if is_number(answer):
        n = as_number(answer, low=1, high=len(options))
        return None if n is None else n - 1
    lowered = answer.casefold()
    matches = [i for i, o in enumerate(options) if o.casefold() == lowered]
    return matches[0] if len(matches) == 1 else None


@dataclass
class HandPolicy:
    """A duel's decisions asked of the person (the Policy protocol, decisions.py)."""

    asker: Asker
    name: str = "hand"
    shown: int = 0
    duel: Duel | None = field(default=None, repr=False)

    def flush(self, duel: Duel) -> None:
        """Show the duel's notes not yet shown (the duel logs when played by hand)."""
        for line in duel.log[self.shown:]:
            self.asker.write(f"  {line}")
        self.shown = len(duel.log)

    def _table(self, duel: Duel, p: Duelist) -> None:
        self.flush(duel)
        foes = [s for s in duel.seats if s is not p and s.team != p.team and not s.defeated]
        self.asker.write("  " + "; ".join(duelist_words(d) for d in (p, *foes)))
        if p.hand:
            self.asker.write("  hand: " + ", ".join(c.name for c in p.hand))

    def standoff(self, duel: Duel, player: Duelist) -> Iterator[StandoffAction]:
        left, loaded = ACTIONS, 0
        while left > 0:
            self._table(duel, player)
            offered = [a for a in self._actions(duel, player, left, loaded)
                       if allowed(player, a[1])]
            labels = ["end the Standoff", *(label for label, _ in offered)]
            pick = self.asker.choose(f"{player.name}'s Standoff ({left} of {ACTIONS} actions left)",
                                     labels)
            if pick == 0:
                return
            action = self._cards_for(duel, player, offered[pick - 1][1])
            if isinstance(action, Load):
                loaded += action.bullets
            else:
                left -= ACTIONS if isinstance(action, Feast) else 1
            yield action

    def _actions(self, duel: Duel, p: Duelist, left: int,
                 loaded: int) -> list[tuple[str, StandoffAction]]:
        """What the Standoff offers now (GS-9.3, GS-15.5 step 4); the cards of an Anima
        ability are chosen after it is."""
        out: list[tuple[str, StandoffAction]] = []
        if "ammo" in p.res and p.belt and p.res["ammo"] < CHAMBER and loaded < LOAD_PER_STANDOFF:
            n = min(LOAD_PER_STANDOFF - loaded, p.belt, CHAMBER - p.res["ammo"])
            out.append((f"load {n} bullets (free)", Load(n)))
        for n in (1, 2):
            out.append((f"sacrifice {n} HP for {n} EP", Sacrifice(n)))
        for card in p.hand:
            if "standoff" in card.types:
                out.append((f"use {card_words(card)}", UseCard(card)))
        for part in abilities.timed(p, "standoff"):
            out.append((f"use {abilities.label(part)}", part))
        spells_back = tuple(c for c in p.discard if c.kind == "spell")
        spells = tuple(c for c in p.hand if c.kind == "spell")
        if spells_back:
            out.append(("Reload: 3 EP, spells from the discard pile back to the hand",
                        MoveCards("reload", spells_back[:RELOAD_CARDS])))
        if spells:
            out.append(("Purge: discard up to 2 spells, 1 EP each", MoveCards("purge", spells[:PURGE_CARDS])))
        out.append(("Surge: deactivate 3 spells, the next spell +1 NV",
                    MoveCards("surge", spells[:SURGE_CARDS])))
        if left == ACTIONS:
            out.append(("Feast (both actions)", Feast()))
        if p.deactivated:
            out.append(("Reactivate: 3 EP, deactivated cards back to the hand",
                        MoveCards("reactivate", tuple(p.deactivated[:REACTIVATE_CARDS]))))
        for card in duel.field:
            cost = "1 EP" if scavenge_cost(card) else "free"
            out.append((f"scavenge {card_words(card)} ({cost})", UseCard(card, "scavenge")))
        return out

    def _cards_for(self, duel: Duel, p: Duelist, action: StandoffAction) -> StandoffAction:
        match action:
            case MoveCards(kind="reload"):
                back = [c for c in p.discard if c.kind == "spell"]
                return MoveCards("reload", tuple(self.pick(duel, p, back, RELOAD_CARDS, "reload")))
            case MoveCards(kind="purge"):
                spells = [c for c in p.hand if c.kind == "spell"]
                count = 1 + self.asker.choose("How many spells to purge", ["one", "two"]) \
                    if len(spells) > 1 else 1
                return MoveCards("purge", tuple(self.pick(duel, p, spells, count, "purge")))
            case MoveCards(kind="surge"):
                spells = [c for c in p.hand if c.kind == "spell"]
                return MoveCards("surge", tuple(self.pick(duel, p, spells, SURGE_CARDS, "surge")))
            case MoveCards(kind="reactivate"):
                return MoveCards("reactivate", tuple(self.pick(duel, p, list(p.deactivated), REACTIVATE_CARDS,
                                                  "reactivate")))
            case _:
                return action

    def play(self, duel: Duel, player: Duelist) -> PlayCards | None:
        self._table(duel, player)
        cards = [c for c in player.hand if drawable(c)]
        pick = self.asker.choose(f"{player.name} plays",
                                 [*(card_words(c) for c in cards), "pass (+2 EP)"])
        if pick == len(cards):
            return None
        main, combined = cards[pick], list[Card]()
        while True:
            extra = [c for c in player.hand if c is not main and all(c is not x for x in combined)
                     and "combine" in c.types and c.combines_with in (None, main.kind)]
            if not extra:
                break
            more = self.asker.choose(f"Combine with {main.name}",
                                     ["nothing more", *(card_words(c) for c in extra)])
            if more == 0:
                break
            combined.append(extra[more - 1])
        return PlayCards(main, tuple(combined), abilities=self._draw_parts(player, main))

    def _draw_parts(self, player: Duelist, main: Card) -> tuple[UseAbility, ...]:
        """The Draw-timed parts of the passive space used with the card (GS-6.7), asked
        one at a time until the player says nothing more."""
        left, used = list(abilities.timed(player, "draw")), list[UseAbility]()
        while left:
            more = self.asker.choose(f"Use with {main.name}",
                                     ["nothing more", *(abilities.label(u) for u in left)])
            if more == 0:
                break
            used.append(left.pop(more - 1))
        return tuple(used)

    def choose(self, duel: Duel, player: Duelist, why: str, options: Sequence[Option]) -> int:
        self._table(duel, player)
        return self.asker.choose(f"{player.name}: {why}", [o.label for o in options])

    def pick(self, duel: Duel, player: Duelist, cards: list[Card], count: int,
             why: str) -> list[Card]:
        if len(cards) <= count:
            return list(cards)
        left, chosen = list(cards), []
        for n in range(count):
            i = self.asker.choose(f"{player.name}: card {n + 1} of {count} to {why}",
                                  [card_words(c) for c in left])
            chosen.append(left.pop(i))
        return chosen


class TableHands(HandPolicy):
    """The players' choices inside an Instant item drawn between duels (instant.py): what
    it did so far is shown before each question, as a duel's table is."""

    def pick(self, duel: Duel, player: Duelist, cards: list[Card], count: int,
             why: str) -> list[Card]:
        self.flush(duel)
        return super().pick(duel, player, cards, count, why)
