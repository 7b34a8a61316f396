"""Runtime stage, campaign layers: what a play session asks of a ruleset's layer that
plays a campaign by its days (Tainted Grail's map, menhirs and days), and how the
session finds it (``RulesetSpec.campaign`` names the module by path). The session knows
none of the layer's words: it passes the layer's own commands through and plays the
journal readings the layer hands it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tgc import rulesets
from tgc.bundle.schema import Target
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import Ruleset
from tgc.runtime.state import GameState
from tgc.runtime.story import Story


@dataclass(frozen=True, slots=True)
class Summary:
    """What a walk over the days keeps of a campaign between readings: two lines of play
    at the same ``place`` go on as one when one of them has at least as much of every
    ``amounts`` (more is better: what pays for the next actions; a layer keeps in the
    ``place`` what is read where less may help) as the other. It is the
    whole campaign, never a piece of it: a merge by pieces (the characters on each card)
    keeps each piece beside others worse off than here, and loses the lines of play that
    need two pieces this well off at once (docs/campaign.md, "Exploring it")."""

    place: str
    amounts: tuple[int, ...] = ()

    def covers(self, other: Summary) -> bool:
        """At the same place, at least as well off as ``other`` in every amount."""
        return self.place == other.place and all(
            a >= b for a, b in zip(self.amounts, other.amounts, strict=True))


Flag = tuple[str, str | int]  # a feature a reading reads: ("item", "Grey Hound"), ("num", "food")


@dataclass(frozen=True, slots=True)
class Reads:
    """What the campaign's journal reads, for a walk over the days to tell lines of play
    apart by: the numbers (attributes, resources, tracks) that some condition compares,
    some test adds to its roll or some cost pays (``numbers``), and those read where less
    may open a way (``less_may_help``: a ``<`` or ``==`` test, a ``not``, a guard outside a
    choice), so that spending them is a choice of its own; and the rest of what a
    condition reads (``flags``: ``("status", name)``, ``("secret", number)``, ``("item",
    name)``, ``("visited", verse)``, ``("dial", name)``; an Item also when a draw by
    keyword may give it, since what the others hold is out of that deck). What is in none
    of them cannot change what any reading does (tgc/playtest/campaignwalk.py builds it
    from the explorer's features). ``records``: what the records' conditions read (a
    quest's success, checked after every reading with every character in); ``drawn``:
    the Items a draw by keyword may give; ``touches``:
    what a reading from a verse on may read or change (the explorer's liveness, in the
    same features: ``("num", name)`` for a number), so that a layer can tell what is still
    read of a character who takes part only in the readings owed to everyone."""

    numbers: frozenset[str] = frozenset()
    less_may_help: frozenset[str] = frozenset()
    flags: frozenset[Flag] = frozenset()
    records: frozenset[Flag] = frozenset()
    drawn: frozenset[str] = frozenset()
    touches: Callable[[Target], frozenset[Flag]] | None = None


class CampaignLayer(Protocol):
    """A campaign in play. ``command`` raises ValueError (nothing changed) on input that
    does not fit; ``next_story`` is the next journal reading to play (None: none owed);
    ``observe`` is told each event of a reading, ``finish`` that a reading is over. Every
    method returns the lines to show. ``world`` is what a save file keeps beside the state;
    ``moves`` and ``standing`` serve a walk over the days (tgc/playtest/campaignwalk.py)."""

    @property
    def state(self) -> GameState: ...

    def help_rows(self) -> tuple[tuple[str, str], ...]: ...

    def has(self, name: str) -> bool: ...

    def command(self, name: str, args: list[str]) -> list[str]: ...

    def next_story(self) -> Story | None: ...

    def observe(self, story: Story, event: ev.Event) -> list[str]: ...

    def finish(self, story: Story) -> list[str]: ...

    def opening(self) -> list[str]: ...

    def world(self) -> dict[str, Any]: ...

    def moves(self) -> list[str]:
        """The commands a walk tries now, between readings, as a reader types them (none
        when the game is over); a command that turns out not to fit is refused as usual."""
        ...

    def fork(self, rng: Rng) -> CampaignLayer:
        """An independent copy between readings, playing on ``rng`` (a copy of the
        generator this one plays on), so a walk branches without replaying."""
        ...

    def standing(self) -> dict[str, int]:
        """Where each character in play stands (a location card's number)."""
        ...

    def summary(self) -> Summary:
        """The campaign between readings as a walk over the days merges it: where things
        stand on the map and what limits the next actions, leaving out what only the
        journal reads (docs/campaign.md, "Exploring it")."""
        ...

    def watch(self, reads: Reads, last_day: int) -> None:
        """Walked up to ``last_day`` by a walk that tells lines of play apart by ``reads``
        (kept by every fork): the summary keeps what they read, and the moves of a night
        before ``last_day`` include the choices that tell only on a later day and change
        something read (Tainted Grail: the purchases with Exp)."""
        ...

    def readers(self, moves: list[str]) -> list[str | None]:
        """What the readings each of ``moves`` starts read, as one key each: the characters
        it sets going and everything of theirs and of the world a reading may read, but not
        where the others stand; None for a move of the whole campaign. A walk walks the
        readings of one key answer by answer once and replays their ends under the same
        key (tgc/playtest/campaignwalk.py)."""
        ...


def campaign_for(book: Book, party: Sequence[str], *, rng: Rng, ruleset: Ruleset | None,
                 state: GameState | None = None, world: object = None) -> CampaignLayer | None:
    """The campaign layer of the book's ruleset (None: it plays no campaign by its days);
    ``state`` and ``world`` resume a saved one (ValueError when the world does not fit)."""
    module = rulesets.get(book.bundle.campaign.ruleset).load("campaign")
    if module is None:
        return None
    layer: CampaignLayer = module.make_campaign(book, party, rng=rng, ruleset=ruleset, state=state,
                                                world=world)
    return layer
