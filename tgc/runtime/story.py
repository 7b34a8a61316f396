"""Runtime stage, the interpreter: a Bundle, a GameState and a Ruleset in, a stream of
typed events out (``story.step()``), pausing whenever the reader must answer.

A body runs as docs/language.md's "How a body runs" says: prose is shown, effects apply, a
``~ if`` that holds leaves the body, choices form its tail. The cursor stays on the line
that asked for input until the answer comes, so a saved position resumes by re-running
that line. Status triggers fire when their condition becomes true; the verses they lead
to (and the ``instant`` hook of a ``move to``) are read, in order, once the current
exploration reaches ``-> end``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar, assert_never, cast

from tgc.bundle import schema as s
from tgc.runtime import events as ev
from tgc.runtime.book import Body, Book, StoryError
from tgc.runtime.conditions import affordable, cost_amount, eval_condition, why_not
from tgc.runtime.effects import apply_effect, item_options
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import DEFAULT_RULESET, Ruleset
from tgc.runtime.state import Chapter, GameState, new_state

MAX_STEPS = 100_000  # lines run without any input before the story reports a loop


class InputError(Exception):
    """An answer that does not fit what the story waits for (no such choice, no roll
    asked); the story is unchanged."""


class _NeedAnswer(Exception):
    def __init__(self, question: str) -> None:
        self.question = question


@dataclass(slots=True)
class Cursor:
    """The line about to run: ``ops[index]`` of a verse or of one of its blocks."""

    verse: str
    block: str | None
    index: int


Hook = Callable[["Story", s.Op], None]
EffectHook = Callable[["Story", s.Effect], None]
EndHook = Callable[["Story"], None]
W = TypeVar("W", ev.ChoicesOffered, ev.AskPosed, ev.RollRequested, ev.TossRequested, ev.EncounterStarted)


class Story:
    """The pull API. Start an exploration with ``enter``/``begin``/``goto``, then call
    ``step()`` until it returns None; ``waiting`` then says what to answer (``choose``,
    ``answer``, ``give_roll``, ``give_toss``, ``resolve``), or ``finished`` is true."""

    def __init__(self, bundle: s.Bundle | Book, state: GameState | None = None,
                 ruleset: Ruleset | None = None, rng: Rng | None = None, *,
                 dice: str = "random", before_op: Hook | None = None,
                 on_effect: EffectHook | None = None, before_end: EndHook | None = None) -> None:
        self.book = bundle if isinstance(bundle, Book) else Book(bundle)
        self.state = state if state is not None else new_state(self.book.bundle)
        self.ruleset: Ruleset = ruleset if ruleset is not None else DEFAULT_RULESET
        self.rng = rng if rng is not None else Rng(0)
        self.dice = dice  # "random": the generator rolls; "ask": the reader gives the sum
        self.before_op = before_op
        self.on_effect = on_effect
        self.before_end = before_end
        self.cursor: Cursor | None = None
        self.queue: list[s.Target] = []
        self.waiting: ev.Wait | None = None
        self.ending: ev.Event | None = None
        self.last_choice: tuple[str, str | None, int] | None = None
        self._out: deque[ev.Event] = deque()
        self._offers: list[tuple[int, s.Choice]] = []
        self._picks: list[str] = []
        self._steps = 0
        self._rounds: dict[tuple[str, str | None], GameState | None] = {}
        self._truth = self._trigger_truth()

    # ------------------------------------------------------------ starting

    def begin(self, target: s.Target) -> None:
        """A new exploration at ``target``: answers are forgotten, dropped members rejoin.
        Trigger verses still waiting to be read (their trigger fired after the last
        exploration reached its end, or in one left unfinished) are read first."""
        self._out.clear()
        self._start()
        self._first(target)

    def _start(self) -> None:
        self.state.begin_exploration()
        self.waiting, self.ending, self._steps = None, None, 0
        self._rounds.clear()

    def _first(self, target: s.Target) -> None:
        if self.queue:
            self.queue.append(target)
            target = self.queue.pop(0)
        self._transfer(target)

    def goto(self, verse: str, block: str | None = None) -> None:
        """A new exploration at a verse (canonical id) or one of its blocks."""
        self.book.body(verse, block)
        self.begin(s.Goto(verse=verse, block=block))

    def enter(self, location: int, hook: str = "explore") -> None:
        """A new exploration through a location hook (explore, instant, menhir, dream ...)."""
        target = self.book.hook(location, hook)
        if target is None:
            raise StoryError(f"location {location} has no '{hook}' hook")
        self.state.location = location
        self.begin(target)

    def act(self, location: int, name: str) -> None:
        """A new exploration through a location's action (``action "Barter" (1 energy,
        once per day) -> 201.barter``, named in any case). An action taken once per day
        that was taken today, or costs the party cannot pay, raise InputError and change
        nothing; otherwise the party pays together (as for a choice's costs) and the
        exploration begins at the action's target."""
        action = self.book.action(location, name)
        key = action_key(location, action.name)
        if action.once_per_day and self.state.acted.get(key) == self.state.day:
            raise InputError(f'"{action.name}" is taken once per day, and was taken on day {self.state.day}')
        short = affordable(action.costs, self.state)
        if short is not None:
            have = self.state.party_total(short.resource)
            raise InputError(f'"{action.name}" costs {cost_amount(short, self.state)} {short.resource} '
                             f'(the party has {have})')
        self._out.clear()
        self.state.location = location
        self._start()
        self.state.acted[key] = self.state.day
        for cost in action.costs:
            self._apply(s.Amount(kind="pay", amount=cost_amount(cost, self.state), what=cost.resource,
                                 party="shared"))
        self._first(action.target)

    # ------------------------------------------------------------ the campaign clock

    def next_day(self, day: int | None = None) -> None:
        """End the day; the next one (or day ``day``, later than today) begins. Explorations
        happen during a day, so the day moves on between them; once-per-day actions may be
        taken again. The rest of the rulebook's day (events, dials, rest, dreams) is the
        campaign's to play."""
        self._between("a day")
        day = self.state.day + 1 if day is None else day
        if day <= self.state.day:
            raise InputError(f"the days only move on: today is day {self.state.day}, not before day {day}")
        self.state.day = day

    def next_chapter(self, chapter: Chapter | None = None) -> None:
        """The campaign moves on to the next chapter (or to ``chapter``: a chapter setup card
        names its letter and where its event deck stands); ``-> end chapter`` does the same."""
        self._between("a chapter")
        chapter = self.state.chapter.next() if chapter is None else chapter
        if chapter == self.state.chapter or not chapter.reachable_from(self.state.chapter):
            raise InputError(f"chapters only move on: chapter {self.state.chapter} "
                             f"cannot come to chapter {chapter}")
        self.state.chapter = chapter

    def _between(self, what: str) -> None:
        if self.cursor is not None or self.waiting is not None:
            raise InputError(f"{what} ends between explorations (this one goes on at {self._label()})")

    # ------------------------------------------------------------ pulling events

    @property
    def finished(self) -> bool:
        return self.cursor is None and self.waiting is None and not self._out

    def step(self) -> ev.Event | None:
        """The next event, or None when the story waits for input or has finished."""
        while not self._out:
            if self.waiting is not None or self.cursor is None:
                return None
            self._advance()
        return self._out.popleft()

    def run(self) -> list[ev.Event]:
        """Every event up to the next wait or the end."""
        out: list[ev.Event] = []
        while (event := self.step()) is not None:
            out.append(event)
        return out

    # ------------------------------------------------------------ answering

    def choose(self, index: int) -> None:
        """Pick ``waiting.choices[index]`` (0-based) of a ChoicesOffered."""
        offered = self._expect(ev.ChoicesOffered, "a choice")
        if not 0 <= index < len(offered.choices):
            raise InputError(f"there is no choice {index + 1} (choices 1-{len(offered.choices)})")
        self._answered()
        cursor = self._at()
        if offered.purpose == "item":
            op = self._body().ops[cursor.index]
            effect = op.effect if isinstance(op, s.IfEffect) else op
            assert isinstance(effect, s.ItemChange)
            self._apply(effect, pick=self._picks[index])
            cursor.index += 1
            return
        line, choice = self._offers[index]
        self.last_choice = (cursor.verse, cursor.block, line)
        for cost in choice.costs:  # the party pays together: members help each other pay
            self._apply(s.Amount(kind="pay", amount=cost_amount(cost, self.state), what=cost.resource,
                                 party="shared"))
        self._transfer(choice.target)

    def answer(self, yes: bool) -> None:
        """Answer an AskPosed; the line that asked runs again with the answer known."""
        posed = self._expect(ev.AskPosed, "an answer to a question")
        self.state.answers[posed.question] = yes
        self._answered()

    def give_roll(self, shown: int | Sequence[int]) -> None:
        """Answer a RollRequested with what the dice show, before modifiers: each die's face
        (the RollMade then carries them) or just their sum (it carries no faces: nobody
        saw them)."""
        wanted = self._expect(ev.RollRequested, "a die roll")
        faces = () if isinstance(shown, int) else tuple(shown)
        if faces and (len(faces) != wanted.dice or not all(1 <= f <= wanted.sides for f in faces)):
            raise InputError(f"{wanted.dice}d{wanted.sides} cannot show the faces "
                             f"{', '.join(map(str, faces))}")
        dice_sum = sum(faces) if faces else cast(int, shown)
        if not wanted.dice <= dice_sum <= wanted.dice * wanted.sides:
            raise InputError(f"{wanted.dice}d{wanted.sides} cannot show {dice_sum} "
                             f"(it shows {wanted.dice}-{wanted.dice * wanted.sides})")
        self._answered()
        op = self._body().ops[self._at().index]
        assert isinstance(op, s.Roll)
        self._finish_roll(op, faces, dice_sum + wanted.modifier, wanted.modifier, wanted.terms)

    def give_toss(self, side: str) -> None:
        self._expect(ev.TossRequested, "a coin toss")
        if side not in ("heads", "tails"):
            raise InputError(f"a toss is heads or tails, not '{side}'")
        self._answered()
        op = self._body().ops[self._at().index]
        assert isinstance(op, s.Toss)
        self._finish_toss(op, side)

    def resolve(self, outcome: str) -> None:
        """Settle an EncounterStarted that waits: ``win``, ``lose`` or ``avoid``."""
        started = self._expect(ev.EncounterStarted, "an encounter outcome")
        if outcome not in started.outcomes:
            raise InputError(f"this encounter ends in {', '.join(started.outcomes)}, not '{outcome}'")
        self._answered()
        self._finish_encounter(started.encounter, outcome)

    def _expect(self, kind: type[W], what: str) -> W:
        if not isinstance(self.waiting, kind):
            now = type(self.waiting).__name__ if self.waiting is not None else "nothing"
            raise InputError(f"the story is not waiting for {what} (it waits for {now})")
        return self.waiting

    def _answered(self) -> None:
        self.waiting = None
        self._steps = 0
        self._rounds.clear()

    # ------------------------------------------------------------ forks, saves, triggers

    def fork(self) -> Story:
        """An independent copy at the same point (state, position, generator)."""
        twin = Story.__new__(Story)
        twin.book, twin.state, twin.ruleset = self.book, self.state.copy(), self.ruleset
        twin.rng, twin.dice, twin.before_op = self.rng.fork(), self.dice, self.before_op
        twin.on_effect, twin.before_end = self.on_effect, self.before_end
        twin.cursor = Cursor(self.cursor.verse, self.cursor.block, self.cursor.index) if self.cursor else None
        twin.queue, twin.waiting, twin.ending = list(self.queue), self.waiting, self.ending
        twin.last_choice, twin._out = self.last_choice, deque(self._out)
        twin._offers, twin._picks, twin._steps = list(self._offers), list(self._picks), self._steps
        twin._rounds = dict(self._rounds)  # the states kept are snapshots, never changed
        twin._truth = dict(self._truth)
        return twin

    def position(self) -> tuple[Cursor | None, list[s.Target]]:
        """Where the story is, for a save file: the cursor and the verses queued to read."""
        cursor = self.cursor
        return (Cursor(cursor.verse, cursor.block, cursor.index) if cursor else None), list(self.queue)

    def restore(self, cursor: Cursor | None, queue: list[s.Target]) -> None:
        """Resume at a saved position: the line there runs again (re-offering its choices)."""
        if cursor is not None:
            self.book.body(cursor.verse, cursor.block)
        self.cursor, self.queue = cursor, list(queue)
        self.waiting, self.ending, self._steps = None, None, 0
        self._rounds.clear()
        self._out.clear()
        self._truth = self._trigger_truth()

    def set_state(self, state: GameState, *, fire: bool = True) -> None:
        """Replace the state (``:set``, ``:load``, an editor). With ``fire``, every trigger
        the new state makes true fires (see ``refresh_triggers``); without, the triggers take
        the state as it is (a loaded save: a trigger already true has fired before)."""
        self.state = state
        if fire:
            self.refresh_triggers()
        else:
            self._truth = self._trigger_truth()

    def again(self) -> None:
        """Run the line that waits again, as after a restore (after the state was changed
        from outside, its choices and their guards are looked at anew)."""
        if self.waiting is not None:
            self.waiting = None
            self._out.clear()

    def refresh_triggers(self) -> None:
        """Fire every trigger whose condition became true since it was last looked at (after
        the state was edited from outside). Mid-exploration the verses wait for ``-> end``;
        between explorations they are read at once: ``step()`` goes on with them."""
        for status in self.book.statuses:
            self._check_triggers(status)
        self._read_queue()

    def reset_triggers(self, status: str | None = None) -> None:
        """Take the triggers' conditions (of one status, or all) as they now are, firing
        none (after the state was replaced from outside: a trigger already true then has
        fired before)."""
        if status is None:
            self._truth = self._trigger_truth()
            return
        declared = self.book.statuses.get(status)
        if declared is None:
            return
        for i, trigger in enumerate(declared.triggers):
            self._truth[(status, i)] = trigger_holds(declared, trigger, self.state)

    def _read_queue(self) -> None:
        """Between explorations, what fired is read at once, as an exploration of its own."""
        if self.cursor is None and self.waiting is None and self.queue:
            self._start()
            self._transfer(self.queue.pop(0))

    def _trigger_truth(self) -> dict[tuple[str, int], bool]:
        truth = {}
        for status in self.book.bundle.statuses:
            for i, trigger in enumerate(status.triggers):
                truth[(status.name, i)] = trigger_holds(status, trigger, self.state)
        return truth

    def _check_triggers(self, name: str) -> None:
        status = self.book.statuses.get(name)
        if status is None:
            return
        for i, trigger in enumerate(status.triggers):
            now = trigger_holds(status, trigger, self.state)
            if now and not self._truth[(name, i)]:
                self.queue.append(trigger.target)
                self._emit(ev.TriggerFired(name, trigger.when, trigger.target, self.cursor is None))
            self._truth[(name, i)] = now

    # ------------------------------------------------------------ running lines

    def _emit(self, event: ev.Event) -> None:
        self._out.append(event)

    def _at(self) -> Cursor:
        assert self.cursor is not None
        return self.cursor

    def _body(self) -> Body:
        cursor = self._at()
        return self.book.body(cursor.verse, cursor.block)

    def _label(self) -> str:
        cursor = self.cursor
        if cursor is None:
            return "?"
        return f"{cursor.verse}.{cursor.block}" if cursor.block else cursor.verse

    def _advance(self) -> None:
        body = self._body()
        cursor = self._at()
        if cursor.index >= len(body.ops):
            self._stop(ev.DeadEnd(self._label(), "the verse ends without a divert or a choice"))
            return
        self._steps += 1
        if self._steps > MAX_STEPS:
            self._stop(ev.LoopDetected(self._label(), MAX_STEPS))
            return
        op = body.ops[cursor.index]
        if self.before_op is not None:
            self.before_op(self, op)
        try:
            self._run(op)
        except _NeedAnswer as need:
            self.waiting = ev.AskPosed(need.question)
            self._emit(self.waiting)

    def _ask(self, question: str) -> bool:
        raise _NeedAnswer(question)

    def _holds(self, cond: s.Condition) -> bool:
        return eval_condition(cond, self.state, self.book, self._ask)

    def _run_text(self, op: s.Text) -> None:
        self._emit(ev.Text(op.text))
        self._at().index += 1

    def _run_effect(self, op: s.Effect) -> None:
        if isinstance(op, s.ItemChange) and op.keyword:
            options = item_options(op, self.state, self.book)
            if len(options) > 1:
                self._picks = options
                self.waiting = ev.ChoicesOffered(
                    tuple(ev.Offer(i, name) for i, name in enumerate(options)), (), "item")
                self._emit(self.waiting)
                return
        self._apply(op)
        self._at().index += 1

    def _apply(self, op: s.Effect, pick: str | None = None) -> None:
        if self.on_effect is not None:
            self.on_effect(self, op)
        text = apply_effect(op, self.state, self.book, pick)
        self._emit(ev.EffectApplied(op, text))
        settle = getattr(self.ruleset, "settle", None)  # a Settling ruleset's rules follow
        if settle is not None:
            followed: list[str] = settle(self.state)
            if followed:
                self._emit(ev.RulesFollowed(tuple(followed)))
        if isinstance(op, s.Mark):
            self._check_triggers(op.status)
        elif isinstance(op, s.LocationChange) and op.kind == "move-to":
            instant = self.book.hook(op.location, "instant")
            if instant is not None:
                self.queue.append(instant)

    def _run_if_effect(self, op: s.IfEffect) -> None:
        if self._holds(op.cond):
            if op.effect.kind in ("roll", "toss", "encounter"):
                raise StoryError(f"in {self._label()}: '~ if' cannot apply a {op.effect.kind}")
            self._run_effect(op.effect)
        else:
            self._at().index += 1

    def _run_if_divert(self, op: s.IfDivert) -> None:
        if self._holds(op.cond):
            self._transfer(op.target)
        else:
            self._at().index += 1

    def _run_divert(self, op: s.Divert) -> None:
        self._transfer(op.target)

    def _run_choices(self, op: s.Choice) -> None:
        cursor = self._at()
        offers: list[tuple[int, s.Choice]] = []
        shown: list[ev.Offer] = []
        locked: list[ev.Locked] = []
        ops = self._body().ops
        for line in range(cursor.index, len(ops)):
            choice = ops[line]
            if not isinstance(choice, s.Choice):
                raise StoryError(f"in {self._label()}: a '{choice.kind}' line after a choice")
            if choice.guard is not None and not self._holds(choice.guard):
                locked.append(ev.Locked(choice.text, why_not(choice.guard, self.state, self.book)))
                continue
            short = affordable(choice.costs, self.state)
            if short is not None:
                have = self.state.party_total(short.resource)
                owed = cost_amount(short, self.state)
                locked.append(ev.Locked(choice.text, f"costs {owed} {short.resource} "
                                                     f"(the party has {have})"))
                continue
            shown.append(ev.Offer(len(offers), choice.text, choice.costs))
            offers.append((line, choice))
        if not offers:
            self._stop(ev.DeadEnd(self._label(), "every choice is locked"))
            return
        self._offers = offers
        self.waiting = ev.ChoicesOffered(tuple(shown), tuple(locked))
        self._emit(self.waiting)

    def _run_roll(self, op: s.Roll) -> None:
        terms = tuple((mod.attribute or "", mod.sign * (self.state.party_value(mod.attribute)
                                                       if mod.attribute else mod.value))
                      for mod in op.modifiers)
        modifier = sum(value for _, value in terms)
        if self.dice == "ask":
            self.waiting = ev.RollRequested(op.dice, op.sides, modifier, terms)
            self._emit(self.waiting)
            return
        faces = self.rng.roll(op.dice, op.sides)
        self._finish_roll(op, faces, sum(faces) + modifier, modifier, terms)

    def _finish_roll(self, op: s.Roll, faces: tuple[int, ...], total: int, modifier: int,
                     terms: tuple[tuple[str, int], ...]) -> None:
        self._emit(ev.RollMade(op.dice, op.sides, faces, modifier, total, terms))
        self._rounds.clear()  # the dice may take the story elsewhere next time round
        for arm in op.arms:
            if total >= arm.low and (arm.high is None or total <= arm.high):
                self._transfer(arm.target)
                return
        self._stop(ev.DeadEnd(self._label(), f"no arm of the roll covers {total}"))

    def _run_toss(self, op: s.Toss) -> None:
        if self.dice == "ask":
            self.waiting = ev.TossRequested()
            self._emit(self.waiting)
            return
        self._finish_toss(op, self.rng.toss())

    def _finish_toss(self, op: s.Toss, side: str) -> None:
        self._emit(ev.TossMade(side))
        self._rounds.clear()
        for arm in op.arms:
            if arm.side == side:
                self._transfer(arm.target)
                return
        self._stop(ev.DeadEnd(self._label(), f"the toss has no {side} arm"))

    def _run_encounter(self, op: s.Encounter) -> None:
        outcomes = self.book.outcomes(op.deck, op.name)
        outcome = self.ruleset.resolve_encounter(op, outcomes, self.state, self.rng)
        started = ev.EncounterStarted(op, outcomes, outcome is None)
        self._emit(started)
        if outcome is None:
            self.waiting = started
        else:
            self._finish_encounter(op, outcome)

    def _finish_encounter(self, op: s.Encounter, outcome: str) -> None:
        self._emit(ev.EncounterResolved(op, outcome))
        self._rounds.clear()  # a ruleset may settle it from the generator
        for arm in op.arms:
            if arm.outcome == outcome:
                self._transfer(arm.target)
                return
        self._at().index += 1

    def _run(self, op: s.Op) -> None:
        match op:
            case s.Text():
                self._run_text(op)
            case s.IfEffect():
                self._run_if_effect(op)
            case s.IfDivert():
                self._run_if_divert(op)
            case s.Divert():
                self._run_divert(op)
            case s.Choice():
                self._run_choices(op)
            case s.Roll():
                self._run_roll(op)
            case s.Toss():
                self._run_toss(op)
            case s.Encounter():
                self._run_encounter(op)
            case (s.Amount() | s.Mark() | s.SecretChange() | s.ItemChange() | s.AttributeChange()
                  | s.Task() | s.Note() | s.LocationChange() | s.ReplaceLocation() | s.SetDial()
                  | s.AdvanceDial() | s.TimeToken() | s.Phrase()):
                self._run_effect(op)
            case _:
                assert_never(op)

    # ------------------------------------------------------------ moving on

    def _transfer(self, target: s.Target) -> None:
        if isinstance(target, s.Goto):
            body = self.book.body(target.verse, target.block)
            if self._came_round(target.verse, target.block):
                where = f"{target.verse}.{target.block}" if target.block else target.verse
                self._stop(ev.LoopDetected(where, self._steps))
                return
            self.cursor = Cursor(target.verse, target.block, 0)
            if target.block is None:
                self.state.visited.add(target.verse)
            verse = body.verse
            self._emit(ev.VerseEntered(verse.id, verse.printed, verse.section, target.block))
            return
        where = self._label()
        if target.kind == "end" and self.queue and self.before_end is not None:
            self.before_end(self)
        if target.kind == "end" and self.queue:
            self._transfer(self.queue.pop(0))
        elif target.kind == "end":
            self._stop(ev.ExplorationEnded(where))
        elif target.kind == "end-chapter":
            self.state.chapter = self.state.chapter.next()
            self._stop(ev.ChapterEnded(where))
        else:
            self._stop(ev.GameOver(where))

    def _came_round(self, verse: str, block: str | None) -> bool:
        """True when the story enters a body a third time since the last input (or the
        last die or coin) with the state it had the second time: nothing can change from
        then on, so it is a loop no play leaves, reported now rather than after MAX_STEPS
        lines (which made every state `tgc explore` reached there cost 100,000 steps).
        A body entered once stores nothing; the state is copied only from the second
        time, so ordinary play pays a dictionary lookup per verse."""
        key = (verse, block)
        if key not in self._rounds:
            self._rounds[key] = None
            return False
        before = self._rounds[key]
        if before is not None and before == self.state:
            return True
        self._rounds[key] = self.state.copy()
        return False

    def _stop(self, ending: ev.Event) -> None:
        self.cursor = None
        self.queue.clear()
        self.ending = ending
        self._emit(ending)


def action_key(location: int, name: str) -> str:
    """How ``GameState.acted`` names a location's action: ``"201/Barter"``."""
    return f"{location}/{name}"


def trigger_holds(status: s.Status, trigger: s.Trigger, state: GameState) -> bool:
    marked = state.marked(status.name)
    if trigger.when == "marked":
        return bool(marked)
    if trigger.when == "full":
        return len(marked) >= status.size
    if trigger.when == "any":
        return len(marked) >= (trigger.low or 1)
    low = trigger.low or 1
    high = trigger.high if trigger.high is not None else low
    return all(part in marked for part in range(low, high + 1))
