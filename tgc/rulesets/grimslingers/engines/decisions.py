"""Grimslingers decision points (spec §18): the typed choices a player makes in a duel,
and the policy protocol the engine asks for them. Randomness is not a decision: the
engine draws it from its one generator."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from tgc.rulesets.grimslingers.data import Ability, Card

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.duel import Duel
    from tgc.rulesets.grimslingers.engines.duelist import Duelist


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Lose N HP for N EP; never down to 0 HP (GS-A23)."""

    amount: int
    kind: Literal["sacrifice"] = "sacrifice"


@dataclass(frozen=True, slots=True)
class UseCard:
    """One card: a Standoff card played and resolved (``card``), or an item taken from the
    versus scavenge field (``scavenge``, GS-9.3)."""

    card: Card
    kind: Literal["card", "scavenge"] = "card"


MoveKind = Literal["reload", "purge", "surge", "reactivate"]


@dataclass(frozen=True, slots=True)
class MoveCards:
    """A Standoff action moving cards the player chooses: the Anima's ``reload`` (pay 3
    EP, up to 4 spells from the discard pile to the hand), ``purge`` (up to 2 spells from
    the hand discarded, 1 EP each) and ``surge`` (3 spells from the hand deactivated, the
    next spell this turn +1 NV) (GS-5.3), and ``reactivate`` (3 EP, a cost, GS-A36: up to
    6 deactivated cards back to the hand)."""

    kind: MoveKind
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Feast:
    """La Fleur's own ability: both Standoff actions, one Fate card (GS-6.6)."""

    kind: Literal["feast"] = "feast"


@dataclass(frozen=True, slots=True)
class UseAbility:
    """One part of a passive skill in the passive space (GS-6.7): a Standoff action when
    the part is timed in the Standoff; with the card played (``PlayCards.abilities``)
    when it is timed in the Draw."""

    card: Card
    ability: Ability
    kind: Literal["ability"] = "ability"


@dataclass(frozen=True, slots=True)
class Load:
    """Nyunyo moves up to 2 bullets from belt to chamber; no Standoff action."""

    bullets: int
    kind: Literal["load"] = "load"


StandoffAction = Sacrifice | UseCard | MoveCards | Feast | Load | UseAbility


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a choice inside an FX (Equilibrium's card, Redirect's targets,
    Engulf's option, Resurrect's EP): its words, and the engine's rough worth of it for
    the one choosing, which the greedy policy maximises."""

    label: str
    worth: float


@dataclass(frozen=True, slots=True)
class PlayCards:
    """The Draw phase: one card, the combine cards played with it and the Draw-timed
    parts of passive skills used with it (GS-6.7)."""

    card: Card
    combined: tuple[Card, ...] = ()
    target: int | None = None  # a seat, for versus duels with several foes
    abilities: tuple[UseAbility, ...] = ()


class Policy(Protocol):
    """Makes every player decision of a duel. ``pick`` answers the choices inside FX
    (which cards to deactivate or discard); it must return exactly ``count`` cards
    from ``cards`` when there are that many."""

    name: str

    def standoff(self, duel: Duel, player: Duelist) -> Iterable[StandoffAction]: ...

    def play(self, duel: Duel, player: Duelist) -> PlayCards | None: ...

    def pick(self, duel: Duel, player: Duelist, cards: list[Card], count: int,
             why: str) -> list[Card]: ...

    def choose(self, duel: Duel, player: Duelist, why: str, options: Sequence[Option]) -> int:
        """The index of the option taken."""
        ...
