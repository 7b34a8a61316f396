"""Play session, the telling: the story's events in, the Lines a reader sees out (a verse
heading with its printed number, prose, effects, rolls, triggers, prompts, choices,
endings). What is shown depends on who answers: a roll asked of the reader gets a
prompt, one the session rolls itself shows its faces, an outcome the reader settled is
not repeated.
"""

from __future__ import annotations

from dataclasses import dataclass

from tgc.lexicon import tr, trn
from tgc.playtest.output import Line
from tgc.playtest.places import describe_encounter, describe_trigger, verse_label
from tgc.runtime import events as ev
from tgc.runtime.book import Book


@dataclass
class Narrator:
    """Turns events into Lines. ``settled`` is set when the reader settled the encounter
    being resolved."""

    book: Book
    ask_dice: bool = False
    show_locked: bool = False
    settled: bool = False

    def lines(self, event: ev.Event) -> list[Line]:
        match event:
            case ev.VerseEntered(block=None):
                return [Line("heading", *verse_label(self.book, event.verse))]
            case ev.VerseEntered():
                return [Line("block", event.block or "")]
            case ev.Text():
                return [Line("prose", event.text)]
            case ev.EffectApplied():
                return [Line("effect", f"~ {event.text}")]
            case ev.RulesFollowed():
                return [Line("effect", f"~ {line}") for line in event.lines]
            case ev.ChoicesOffered():
                return self._choices(event)
            case ev.AskPosed():
                return [Line("prompt", tr("{question} (yes/no)", question=event.question))]
            case ev.RollRequested():
                return [self._roll_prompt(event)] if self.ask_dice else []
            case ev.RollMade():
                return [Line("event", f"~ {self._roll(event)}")]
            case ev.TossRequested():
                return [Line("prompt", tr("toss the coin: heads or tails?"))] if self.ask_dice else []
            case ev.TossMade():
                return [Line("event", tr("~ toss: {side}", side=event.side))]
            case ev.EncounterStarted(waits=True):
                return [Line("prompt", tr("{encounter}: {outcomes}?", encounter=describe_encounter(
                    event.encounter), outcomes=either(event.outcomes)))]
            case ev.EncounterStarted():
                return [Line("event", f"~ {describe_encounter(event.encounter)}")]
            case ev.EncounterResolved():
                if self.settled:
                    self.settled = False
                    return []
                return [Line("event", f"~ {describe_encounter(event.encounter)}: {event.outcome}")]
            case ev.TriggerFired():
                return [Line("event", f"! {describe_trigger(self.book, event, event.now)}")]
        return [Line("ending", self._ending(event))]

    def _choices(self, offered: ev.ChoicesOffered) -> list[Line]:
        out = [Line("prompt", tr("which item?"))] if offered.purpose == "item" else []
        for offer in offered.choices:
            costs = ", ".join(tr("pay {amount} {resource} per player", amount=c.amount, resource=c.resource)
                              if c.per_player else
                              tr("pay {amount} {resource}", amount=c.amount, resource=c.resource)
                              for c in offer.costs)
            out.append(Line("choice", offer.text, costs, offer.index + 1))
        if self.show_locked:
            out += [Line("locked", locked.text, locked.reason) for locked in offered.locked]
        return out

    def _roll_prompt(self, wanted: ev.RollRequested) -> Line:
        mod = f" ({_terms(wanted.terms, wanted.modifier)})" if wanted.terms else ""
        return Line("prompt", tr("roll {dice}{modifier}: what do the dice show ({low}-{high})?",
                                 dice=dice_name(wanted.dice, wanted.sides), modifier=mod, low=wanted.dice,
                                 high=wanted.dice * wanted.sides))

    def _roll(self, made: ev.RollMade) -> str:
        """The faces when the dice were rolled (``4 + 3 = 7``); the sum alone when the
        reader gave it."""
        rolled = made.total - made.modifier
        shown = " + ".join(map(str, made.faces)) if made.faces else str(rolled)
        shown += f" = {rolled}" if len(made.faces) > 1 else ""
        text = tr("roll {dice}: {shown}", dice=dice_name(made.dice, made.sides), shown=shown)
        return text + (f", {_terms(made.terms, made.modifier)} = {made.total}" if made.terms else "")

    def _ending(self, event: ev.Event) -> str:
        match event:
            case ev.ExplorationEnded():
                return tr("Exploration ends.")
            case ev.ChapterEnded():
                return tr("The chapter ends.")
            case ev.GameOver():
                return tr("Game over.")
            case ev.DeadEnd():
                return tr("Dead end in {verse}: {reason}.", verse=verse_label(self.book, event.verse)[0],
                          reason=event.reason)
            case ev.LoopDetected():
                return trn("Loop in {verse}: {n} line ran with no input.",
                           "Loop in {verse}: {n} lines ran with no input.", event.steps, verse=event.verse)
        return str(event)  # pragma: no cover


def _terms(terms: tuple[tuple[str, int], ...], modifier: int) -> str:
    """The modifier as the writer wrote it, with the values of the day: ``+1 courage -2``."""
    if not terms:
        return f"{modifier:+d}"
    return " ".join(f"{value:+d} {name}".rstrip() for name, value in terms)


def dice_name(dice: int, sides: int) -> str:
    """``d6``, ``2d6``."""
    return f"{dice if dice > 1 else ''}d{sides}"


def either(outcomes: tuple[str, ...]) -> str:
    """``win, lose or avoid``."""
    if len(outcomes) < 2:
        return outcomes[0]
    return tr("{some} or {last}", some=", ".join(outcomes[:-1]), last=outcomes[-1])
