"""Play session: a Book and the reader's input lines in, the Lines a reader sees out.

One Session drives one Story for ``tgc play``, for ``--script`` replays and for
transcripts alike; nothing here touches a terminal. ``handle(line)`` takes what the reader
typed: an answer (a choice number, ``> TEXT``, ``yes``/``no``, ``roll N``, ``toss heads``,
``win``/``lose``/``avoid``; in a fight played by hand ``N``, ``play N``, ``pass``,
``escape``) or a ``:command``. Bad input raises SessionError and changes nothing. Dice:
the story always asks (``dice="ask"``), and the session answers from the seeded
generator unless the reader (``--ask-dice``) or the script gives the result. Fights with
rule data are played as ``fights`` says (the ruleset's engines, tgc.runtime.engines).
"""

from __future__ import annotations

import copy
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Literal

from tgc.limits import MAX_DAY, MAX_DICE, MAX_NUMBER, MAX_ROLL, as_number, is_number
from tgc.playtest.edit import EditError, edit_state, give_item, set_help, state_rows
from tgc.playtest.narrate import Narrator, dice_name
from tgc.playtest.output import Kind, Line
from tgc.playtest.places import PlaceError, describe_encounter, find_action, find_place, verse_label
from tgc.rulesets.spec import Vocabulary
from tgc.rulesets.tainted_grail.engines.table import (
    FightError,
    HandFight,
    TableRuleset,
    change_lines,
    expected,
    log_lines,
    question_lines,
)
from tgc.runtime import events as ev
from tgc.runtime.book import Book, StoryError
from tgc.runtime.campaign import CampaignLayer, campaign_for
from tgc.runtime.engines import commands_for, ruleset_for
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import CommandError, Ruleset
from tgc.runtime.save import Loaded, SaveError, load_save, write_save
from tgc.runtime.state import DEFAULT_NAME, Chapter, GameState, new_state
from tgc.runtime.story import InputError, Story

Dice = Literal["auto", "ask", "script"]
HISTORY = 200  # how many steps :undo can take back

_HELP = """\
N                 pick choice N            > TEXT        pick the choice whose text starts with TEXT
yes / no          answer a question        roll N        the dice show N (with --ask-dice)
toss heads|tails  the coin (--ask-dice)    win/lose/avoid   settle an encounter
N / play N        a fight's option N       pass / escape    end your turn's plays / leave the fight
:state            show the game state      :goto VERSE   read a verse (201.3, 201.forge, bos.12, 3)
:enter N [HOOK]   explore location N (or its {hooks} hook)
:act N [ACTION]   take location N's action (pays its cost)   :day [N]   the next day (or day N)
:chapter X        the campaign moves on to chapter X (3, 3A, 4-2)
:set ... :unset   change the state (:help set)
:give ITEM to MEMBER   a member hands an item to another (:give ITEM from A to B,
                       :give secret N to B)
:undo             take back the last step  :seed N       reseed the dice
:save FILE        write a save file        :load FILE    resume from a save file
:help             this list                :quit         leave"""


def help_text(words: Vocabulary) -> str:
    """``:help``, naming the hooks of the campaign's ruleset."""
    return _HELP.format(hooks=", ".join(h for h in words.hooks if h != "explore"))


class SessionError(Exception):
    """Input that does not fit; the session is unchanged. The message is for the reader."""


Snapshot = tuple[Story, HandFight | None]


@dataclass
class Files:
    """Where ``:save``, ``:load`` and state files are read and written. ``read`` folders are
    searched in order after ``write``; ``confined`` refuses to write outside ``write`` (a
    transcript under test writes into a scratch folder only)."""

    write: Path = field(default_factory=Path)
    read: tuple[Path, ...] = ()
    confined: bool = False

    def for_reading(self, name: str) -> Path:
        path = Path(name)
        if path.is_absolute():
            return path
        for folder in (self.write, *self.read):
            if (folder / path).exists():
                return folder / path
        return self.write / path

    def for_writing(self, name: str) -> Path:
        path = Path(name)
        if self.confined and (path.is_absolute() or ".." in path.parts or not self._inside(path)):
            raise SessionError(f"{name}: a script writes only in its own folder "
                               "(no absolute path, no '..', no link out of it)")
        return path if path.is_absolute() else self.write / path

    def _inside(self, path: Path) -> bool:
        """Whether ``path`` stays in ``write`` once links are followed."""
        root = self.write.resolve()
        return (root / path).resolve().is_relative_to(root)


class Session:
    """A reader's session over one campaign. ``emit`` receives every Line to show."""

    def __init__(self, book: Book, emit: Callable[[Line], None], *, seed: int = 0,
                 dice: Dice = "auto", show_locked: bool = False, ruleset: Ruleset | None = None,
                 fights: str = "ask", party: tuple[str, ...] = (), files: Files | None = None,
                 campaign: bool = False, observe: Callable[[ev.Event], None] | None = None) -> None:
        self.book = book
        self.emit = emit
        self.observe = observe  # hears every event the story shows (the witness round's check)
        self.seed = seed
        self.dice: Dice = dice
        self.narrator = Narrator(book, ask_dice=dice == "ask", show_locked=show_locked)
        self.files = files or Files()
        self.party = party
        if ruleset is None:
            ruleset = ruleset_for(book, fights)
        self.story = Story(book, new_state(book.bundle, party), ruleset, Rng(seed), dice="ask")
        self.commands = commands_for(book)  # the ruleset's own commands (:help lists them)
        self.hand: HandFight | None = None  # the fight the reader is playing card by card
        self.history: list[Snapshot] = []
        self.done = False
        # A campaign played by its days (--campaign): the ruleset's layer owns the day, and
        # the story is its current journal reading (``reading``) or, between readings, the
        # whole campaign's state.
        self.campaign_mode = campaign
        self.layer: CampaignLayer | None = None
        self.reading = False

    # ------------------------------------------------------------ starting

    def start(self, at: str | None = None, loaded: Loaded | None = None) -> None:
        """Begin at ``at`` (a location number, a verse, or ``none``: between explorations),
        else where ``loaded`` left off, else the campaign's start location. Raises
        SessionError when that cannot be."""
        try:
            self._start(at, loaded)
        except StoryError as err:
            raise SessionError(f"the campaign cannot start there: {err}") from None

    def _start(self, at: str | None, loaded: Loaded | None) -> None:
        if self.campaign_mode:
            self._start_campaign(loaded)
            return
        if loaded is not None:
            if self.party and all(c.name == DEFAULT_NAME for c in loaded.state.party):
                loaded.state.party = new_state(self.book.bundle, self.party).party  # the file named none
            self.story = Story(self.book, loaded.state, self.story.ruleset, self.story.rng, dice="ask")
            self.hand = None
            self.story.restore(loaded.cursor, loaded.queue)
            if at is None and loaded.cursor is not None:
                self._pump()
                return
        if at is not None and at.strip().casefold() == "none":
            return  # a script that begins with :enter, :act, :goto or :day
        self._go(at if at is not None else str(self.book.bundle.campaign.start))

    def _start_campaign(self, loaded: Loaded | None) -> None:
        """The campaign's beginning (or a saved day): its layer, its map, its readings."""
        state = loaded.state if loaded is not None else None
        world = loaded.world if loaded is not None else None
        if loaded is not None and loaded.cursor is not None:
            raise SessionError("this save was written in the middle of an exploration: a campaign "
                               "played by its days resumes from a save made between readings")
        try:
            layer = campaign_for(self.book, self.party, rng=self.story.rng, ruleset=self.story.ruleset,
                                 state=state, world=world)
        except ValueError as err:
            raise SessionError(str(err)) from None
        if layer is None:
            raise SessionError(f"the `{self.book.bundle.campaign.ruleset}` ruleset plays no campaign "
                               "by its days (--campaign)")
        self.layer = layer
        self.story = Story(self.book, layer.state, self.story.ruleset, self.story.rng, dice="ask")
        for text in layer.opening():
            self.emit(Line("map", text))
        self._readings()

    def _readings(self) -> None:
        """Between actions, the readings the campaign owes are played in turn: a finished
        one is handed back to the layer, the next one begins (and waits for the reader)."""
        layer = self.layer
        if layer is None:
            return
        while self.story.cursor is None and self.story.waiting is None:
            if self.reading:
                for text in layer.finish(self.story):
                    self.emit(Line("info", text))
                self.reading = False
                self.story = Story(self.book, layer.state, self.story.ruleset, self.story.rng, dice="ask")
            story = layer.next_story()
            if story is None:
                return
            self.story, self.reading, self.hand = story, True, None
            self._pump()

    def fork(self, emit: Callable[[Line], None]) -> Session:
        """An independent copy of a campaign played by its days, between readings (its
        layer forked, the generator copied), showing its lines to ``emit``: a walk over the
        days (tgc/playtest/campaignwalk.py) branches here instead of replaying."""
        if self.layer is None or self.reading or self.story.waiting is not None or self.hand is not None:
            raise SessionError("a session is forked between the readings of a campaign only")
        other = copy.copy(self)  # the book's tables as they are, not a new party's state
        other.emit, other.history, other.done = emit, [], False
        other.narrator = replace(self.narrator, settled=False)
        rng = Rng(self.seed)
        rng.setstate(self.story.rng.getstate())
        other.layer = self.layer.fork(rng)
        other.story = Story(self.book, other.layer.state, self.story.ruleset, rng, dice="ask")
        return other

    @property
    def waiting(self) -> ev.Wait | None:
        return self.story.waiting

    @property
    def finished(self) -> bool:
        return self.story.finished

    # ------------------------------------------------------------ input

    def handle(self, line: str) -> None:
        """One line the reader typed. Raises SessionError (nothing changed) on bad input."""
        text = line.strip()
        if not text:
            return
        story, hand, history = self.story.fork(), self.hand, len(self.history)
        try:
            if text.startswith(":"):
                self._command(text[1:])
            else:
                self._answer(text)
            self._readings()
        except StoryError as err:  # a bundle that was never checked: say so, go back
            self.story, self.hand, self.history[history:] = story, hand, []
            raise SessionError(f"the campaign cannot go on here: {err}") from None

    def draw(self) -> None:
        """Settle a waiting roll or coin toss from the seeded generator."""
        waiting = self.story.waiting
        if isinstance(waiting, ev.RollRequested):
            self.story.give_roll(self.story.rng.roll(waiting.dice, waiting.sides))
        elif isinstance(waiting, ev.TossRequested):
            self.story.give_toss(self.story.rng.toss())
        self._pump()
        self._readings()  # a campaign's reading that the roll finished is handed back

    def _answer(self, text: str) -> None:
        waiting = self.story.waiting
        word = text.casefold()
        if waiting is None:
            raise SessionError(self._not_waiting(text))
        if self.hand is not None and isinstance(waiting, ev.EncounterStarted):
            self._play(text, waiting)
            return
        snapshot = self._snapshot()
        try:
            if isinstance(waiting, ev.ChoicesOffered):
                self.story.choose(self._pick(waiting, text))
            elif isinstance(waiting, ev.AskPosed) and word in ("yes", "y", "no", "n"):
                self.story.answer(word.startswith("y"))
            elif isinstance(waiting, ev.RollRequested) and (shown := _roll_value(word)) is not None:
                self.story.give_roll(shown)
            elif isinstance(waiting, ev.TossRequested) and word.removeprefix("toss ") in ("heads", "tails"):
                self.story.give_toss(word.removeprefix("toss "))
            elif isinstance(waiting, ev.EncounterStarted) and word in ("win", "lose", "avoid"):
                self.story.resolve(word)
                self.narrator.settled = True
            else:
                raise SessionError(f"{self._expected(waiting)}, not '{text}'")
        except InputError as err:  # the story is unchanged
            raise SessionError(str(err)) from None
        self._remember(snapshot)
        self._pump()

    def _play(self, text: str, started: ev.EncounterStarted) -> None:
        """The reader's answer in a fight played by hand: the fight goes on to the next
        question, or ends and the story follows the arm of its outcome."""
        hand, table = self.hand, self.story.ruleset
        assert hand is not None and isinstance(table, TableRuleset)
        try:
            after = hand.answer(text, table)
        except FightError as err:
            raise SessionError(str(err)) from None
        self._remember(self._snapshot())
        for line in log_lines(after.log[len(hand.log):]):
            self.emit(line)
        self.hand = after
        if after.question is not None:
            for line in question_lines(after.question):
                self.emit(line)
            return
        self._end_fight(started, table)
        self._pump()

    def _end_fight(self, started: ev.EncounterStarted, table: TableRuleset) -> None:
        """Write the fight's outcome back to the state; the story follows its arm."""
        assert self.hand is not None and self.hand.outcome is not None
        before = self.story.state.copy()
        arm = table.conclude(self.hand.outcome, started.outcomes, self.story.state, self.story.rng)
        for line in change_lines(before, self.story.state):
            self.emit(line)
        self.hand = None
        self.story.resolve(arm)

    def _pick(self, offered: ev.ChoicesOffered, text: str) -> int:
        if is_number(text):
            number = as_number(text)
            if number is None or not 1 <= number <= len(offered.choices):
                raise SessionError(f"there is no choice {text[:20]}{self._range(offered)}")
            return number - 1
        if not text.startswith(">"):
            raise SessionError(f"{self._expected(offered)}, not '{text}'")
        wanted = text[1:].strip().casefold()
        if not wanted:
            raise SessionError("write the start of a choice's text after '>'")
        hits = [o.index for o in offered.choices if _starts(o.text, wanted)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            numbers = " and ".join(str(i + 1) for i in hits)
            raise SessionError(f"'{text[1:].strip()}' starts choices {numbers}; write more of the text")
        locked = [lk for lk in offered.locked if _starts(lk.text, wanted)]
        if locked:
            raise SessionError(f"the choice '{locked[0].text}' is locked ({locked[0].reason})")
        raise SessionError(f"no offered choice starts with '{text[1:].strip()}'{self._range(offered)}")

    def _range(self, offered: ev.ChoicesOffered) -> str:
        count = len(offered.choices)
        shown = "choice 1" if count == 1 else f"choices 1-{count}"
        locked = f"; {len(offered.locked)} locked" if offered.locked else ""
        return f" ({shown}{locked})"

    def _expected(self, waiting: ev.Wait) -> str:
        if isinstance(waiting, ev.ChoicesOffered):
            return f"the story waits for a choice{self._range(waiting)}"
        if isinstance(waiting, ev.AskPosed):
            return f'the story asks "{waiting.question}" (yes or no)'
        if isinstance(waiting, ev.RollRequested):
            return f"the story waits for a roll of {dice_name(waiting.dice, waiting.sides)} (roll N)"
        if isinstance(waiting, ev.TossRequested):
            return "the story waits for a coin toss (toss heads or toss tails)"
        if self.hand is not None and self.hand.question is not None:
            return f"the fight waits for {self.hand.question.prompt} ({expected(self.hand.question)})"
        return f"the story waits for the encounter's outcome ({', '.join(waiting.outcomes)})"

    def _not_waiting(self, text: str) -> str:
        return f"the story is not waiting for '{text}': the exploration has ended ({BETWEEN})"

    def _snapshot(self) -> Snapshot:
        return self.story.fork(), self.hand

    def _remember(self, snapshot: Snapshot) -> None:
        self.history.append(snapshot)
        del self.history[:-HISTORY]

    # ------------------------------------------------------------ running the story

    def _pump(self) -> None:
        while True:
            event = self.story.step()
            if event is None:
                waiting = self.story.waiting
                if self.dice == "auto" and isinstance(waiting, ev.RollRequested | ev.TossRequested):
                    self.draw()
                return
            self._show(event)

    def _show(self, event: ev.Event) -> None:
        if self.observe is not None:
            self.observe(event)
        table = self.story.ruleset if isinstance(self.story.ruleset, TableRuleset) else None
        if table is not None and isinstance(event, ev.EncounterStarted) and table.pending is not None:
            self._start_fight(event, table)
            return
        for line in self.narrator.lines(event):
            self.emit(line)
        if self.layer is not None and self.reading:
            for text in self.layer.observe(self.story, event):
                self.emit(Line("info", text))
        if table is not None and isinstance(event, ev.EncounterStarted) and table.report:
            for line in table.report:
                self.emit(line)
            table.report = []

    def _start_fight(self, event: ev.EncounterStarted, table: TableRuleset) -> None:
        """An encounter with rule data, to be played by hand: its first question."""
        assert table.pending is not None
        self.hand = HandFight.start(table.pending, table)
        table.pending = None
        self.emit(Line("event", f"~ {describe_encounter(event.encounter)}"))
        for line in log_lines(self.hand.log):
            self.emit(line)
        if self.hand.question is None:  # nothing to decide: over before it began
            self._end_fight(event, table)
            return
        for line in question_lines(self.hand.question):
            self.emit(line)

    # ------------------------------------------------------------ commands

    def _command(self, text: str) -> None:
        try:
            words = shlex.split(text)
        except ValueError as err:
            raise SessionError(f"cannot read ':{text}': {err}") from None
        if not words:
            raise SessionError("a command follows ':' (:help lists them)")
        name, args = words[0].casefold(), words[1:]
        if self.layer is not None:
            self._campaign_command(name, args)
            return
        handler = _COMMANDS.get(name)
        if handler is None and self.commands is not None and name in self.commands.names:
            self._ruleset_command(name, args)
            return
        if handler is None:
            raise SessionError(f"unknown command ':{words[0]}' (:help lists them)")
        handler(self, args)

    def _ruleset_command(self, name: str, args: list[str]) -> None:
        """One of the ruleset's commands, on a copy of the state: never during a fight."""
        assert self.commands is not None
        if self.hand is not None:
            raise SessionError(f"finish the fight first: :{name} waits until it is over")
        snapshot = self._snapshot()
        state = self.story.state.copy()
        try:
            said = self.commands.run(name, args, state, self.story.rng)
        except CommandError as err:
            raise SessionError(str(err)) from None
        self._remember(snapshot)
        for row in said:
            self.emit(Line("info", row))
        self.story.set_state(state)
        self._pump()

    def _campaign_command(self, name: str, args: list[str]) -> None:
        """In a campaign played by its days, the layer's commands come first; the story's
        own (:enter, :goto, :day ...) would step around the day's rules."""
        layer = self.layer
        assert layer is not None
        if layer.has(name):
            if self.story.cursor is not None or self.story.waiting is not None:
                raise SessionError(f"a reading is under way: answer it before :{name}")
            try:
                lines = layer.command(name, args)
            except ValueError as err:
                raise SessionError(str(err)) from None
            kind: Kind = "map" if name == "map" else "info"
            for text in lines:
                self.emit(Line(kind, text))
            return
        if name in CAMPAIGN_SAFE:
            _COMMANDS[name](self, args)
            return
        if self.commands is not None and name in self.commands.names:
            self._campaign_ruleset_command(name, args)
            return
        raise SessionError(f"':{name}' is not for a campaign played by its days "
                           "(:help lists the campaign's commands)")

    def _campaign_give(self, args: list[str]) -> None:
        """A trade in a campaign played by its days: between readings (never inside an
        action), between characters standing on one card; the layer holds the state object,
        so the trade is made on a copy put back in place."""
        assert self.layer is not None
        if self.reading:
            raise SessionError("a reading is under way: :give waits until it is over")
        state = self.layer.state.copy()
        try:
            said = give_item(state, args, self.book, self.layer.standing())
        except EditError as err:
            raise SessionError(str(err)) from None
        for f in fields(GameState):
            setattr(self.layer.state, f.name, getattr(state, f.name))
        self.emit(Line("info", said))

    def _campaign_ruleset_command(self, name: str, args: list[str]) -> None:
        """A ruleset command (:advance ...) between readings, on a copy of the campaign's
        state put back in place, since the campaign layer holds that object."""
        assert self.commands is not None and self.layer is not None
        if self.reading:
            raise SessionError(f"a reading is under way: :{name} waits until it is over")
        state = self.layer.state.copy()
        try:
            said = self.commands.run(name, args, state, self.story.rng)
        except CommandError as err:
            raise SessionError(str(err)) from None
        for f in fields(GameState):
            setattr(self.layer.state, f.name, getattr(state, f.name))
        for row in said:
            self.emit(Line("info", row))

    def cmd_help(self, args: list[str]) -> None:
        if self.layer is not None and not args:
            for command, says in self.layer.help_rows():
                self.emit(Line("info", f"{command.ljust(38)} {says}"))
            for row in CAMPAIGN_HELP.splitlines():
                self.emit(Line("info", row))
            return
        words = self.book.vocabulary
        text = set_help(words) if args and args[0].lstrip(":") in ("set", "unset") else help_text(words)
        rows = text.splitlines()
        if self.commands is not None and not args:
            rows[-1:-1] = self.commands.help
        for row in rows:
            self.emit(Line("info", row))

    def cmd_quit(self, args: list[str]) -> None:
        self.done = True

    def cmd_state(self, args: list[str]) -> None:
        for label, value in state_rows(self.story.state, self.book):
            self.emit(Line("state", label, value))

    def cmd_set(self, args: list[str], unset: bool = False) -> None:
        state = self.story.state.copy()
        try:
            said = edit_state(state, self.book, args, unset=unset)
        except EditError as err:
            raise SessionError(str(err)) from None
        self._remember(self._snapshot())
        self.emit(Line("info", said))
        self.story.set_state(state)  # what fires is read at the end, or at once between explorations
        self._pump()

    def cmd_unset(self, args: list[str]) -> None:
        self.cmd_set(args, unset=True)

    def cmd_give(self, args: list[str]) -> None:
        """A trade between members: never while a fight is being played (the rulebook
        trades only outside encounters)."""
        if self.hand is not None:
            raise SessionError("items are traded outside encounters: finish the fight first")
        if self.layer is not None:
            self._campaign_give(args)
            return
        state = self.story.state.copy()
        try:
            said = give_item(state, args, self.book)
        except EditError as err:
            raise SessionError(str(err)) from None
        self._remember(self._snapshot())
        self.emit(Line("info", said))
        self.story.set_state(state)
        self._pump()

    def cmd_goto(self, args: list[str]) -> None:
        if len(args) != 1:
            raise SessionError("write ':goto VERSE' (201.3, 201.forge, bos.12, or 3 in this section)")
        snapshot = self._snapshot()
        self._go(args[0])
        self._remember(snapshot)

    def cmd_enter(self, args: list[str]) -> None:
        location = as_number(args[0]) if 1 <= len(args) <= 2 else None
        if location is None:
            raise SessionError("write ':enter LOCATION [HOOK]' (hooks: "
                               + ", ".join(self.book.vocabulary.hooks) + ")")
        hook = args[1].casefold() if len(args) > 1 else "explore"
        snapshot = self._snapshot()
        self._enter(location, hook)
        self._remember(snapshot)

    def cmd_act(self, args: list[str]) -> None:
        location = as_number(args[0]) if args else None
        if location is None:
            raise SessionError("write ':act LOCATION [ACTION]' (the start of the action's name will do)")
        snapshot = self._snapshot()
        self._act(location, " ".join(args[1:]))
        self._remember(snapshot)

    def _act(self, number: int, text: str) -> None:
        try:
            self.story.act(number, find_action(self.book, number, text))
        except (PlaceError, InputError) as err:
            raise SessionError(str(err)) from None
        self.hand = None
        self._pump()

    def cmd_day(self, args: list[str]) -> None:
        day = as_number(args[0], high=MAX_DAY) if len(args) == 1 else None
        if len(args) > 1 or (args and day is None):
            raise SessionError(f"write ':day' (the next day) or ':day N' (N up to {MAX_DAY})")
        self._clock(lambda: self.story.next_day(day))
        self.emit(Line("info", f"day {self.story.state.day} begins"))

    def cmd_chapter(self, args: list[str]) -> None:
        try:
            chapter = Chapter.parse(args[0]) if len(args) == 1 else None
        except ValueError as err:
            raise SessionError(str(err)) from None
        self._clock(lambda: self.story.next_chapter(chapter))
        self.emit(Line("info", f"chapter {self.story.state.chapter} begins"))

    def _clock(self, move: Callable[[], None]) -> None:
        snapshot = self._snapshot()
        try:
            move()
        except InputError as err:
            raise SessionError(str(err)) from None
        self._remember(snapshot)

    def _go(self, where: str) -> None:
        number, _, action = where.partition(" ")
        location = as_number(number)
        if action and location is not None:  # --at "201 Barter": a location's action
            self._act(location, action)
            return
        current = self.story.cursor.verse if self.story.cursor else None
        try:
            place = find_place(self.book, where, current, self.story.state.location)
        except PlaceError as err:
            raise SessionError(str(err)) from None
        if isinstance(place, int):
            self._enter(place, "explore")
            return
        self.hand = None
        self.story.goto(*place)
        self._pump()

    def _enter(self, number: int, hook: str) -> None:
        if number not in self.book.locations:
            raise SessionError(f"the campaign has no location {number}")
        state = self.story.state
        if number in state.removed:
            now = state.replaced.get(number)
            if now is not None:
                raise SessionError(f"location {number} was replaced by {now} (`replace location "
                                   f"{number} with {now}`): :enter {now}, or :goto a verse of "
                                   f"{number} to read it anyway")
            raise SessionError(f"location {number} was removed from the map (`remove location "
                               f"{number}`): :goto a verse of it to read it anyway")
        if self.book.hook(number, hook) is None:
            hooks = [h for h in self.book.vocabulary.hooks if self.book.hook(number, h) is not None]
            raise SessionError(f"location {number} has no {hook} hook (it has: {', '.join(hooks) or 'none'})")
        self.hand = None
        self.story.enter(number, hook)
        self._pump()

    def cmd_undo(self, args: list[str]) -> None:
        if not self.history:
            raise SessionError("nothing to undo")
        self.story, self.hand = self.history.pop()
        cursor = self.story.cursor
        where = f"at {verse_label(self.book, cursor.verse)[0]}" if cursor else "between explorations"
        self.emit(Line("info", f"undone: back {where}"))
        if self.hand is not None and self.hand.question is not None:
            for line in question_lines(self.hand.question):
                self.emit(line)
        elif self.story.waiting is not None:
            self._show(self.story.waiting)

    def cmd_seed(self, args: list[str]) -> None:
        seed = as_number(args[0], low=-MAX_NUMBER, signed=True) if len(args) == 1 else None
        if seed is None:
            raise SessionError(f"write ':seed N' with a whole number (at most {MAX_NUMBER})")
        self.seed = seed
        self.story.rng.reseed(self.seed)
        self.emit(Line("info", f"seed {self.seed}"))

    def cmd_save(self, args: list[str]) -> None:
        if len(args) != 1:
            raise SessionError("write ':save FILE'")
        path = self.files.for_writing(args[0])
        if not path.parent.is_dir():  # a typo in a folder name must not create the folder
            raise SessionError(f"{args[0]}: cannot write the save file: there is no folder "
                               f"{path.parent}")
        self.write_save(path, args[0])
        self.emit(Line("info", f"saved {args[0]}"))

    def write_save(self, path: Path, name: str) -> None:
        """The save file of where the session is (a campaign's world too), atomically."""
        cursor, queue = self.story.position()
        world = None
        if self.layer is not None:
            if self.reading:
                raise SessionError("a campaign is saved between readings: finish this one first")
            world = self.layer.world()
        try:
            write_save(path, self.story.state, campaign=self.book.bundle.campaign.title,
                       seed=self.seed, cursor=cursor, queue=queue, world=world)
        except OSError as err:
            raise SessionError(f"{name}: cannot write the save file: {err.strerror or err}") from None

    def cmd_load(self, args: list[str]) -> None:
        if len(args) != 1:
            raise SessionError("write ':load FILE'")
        try:
            loaded = load_save(self.files.for_reading(args[0]), self.book)
        except SaveError as err:
            raise SessionError(str(err).replace(str(self.files.for_reading(args[0])), args[0])) from None
        snapshot = self._snapshot()
        story = Story(self.book, loaded.state, self.story.ruleset, self.story.rng, dice="ask")
        try:
            story.restore(loaded.cursor, loaded.queue)
        except StoryError as err:
            raise SessionError(f"{args[0]}: {err}") from None
        self._remember(snapshot)
        self.story, self.hand = story, None
        where = verse_label(self.book, loaded.cursor.verse)[0] if loaded.cursor else "between explorations"
        self.emit(Line("info", f"loaded {args[0]}: {where}"))
        self._pump()


# The story's commands a campaign played by its days keeps (the rest would step around
# the day: :enter, :goto, :day, :chapter, :set, :undo, :load).
CAMPAIGN_SAFE = ("help", "quit", "q", "exit", "state", "save", "seed", "give")
CAMPAIGN_HELP = """\
N, > TEXT, yes/no, roll N, win/lose/avoid   answer the journal reading under way
:state                                 the whole campaign's state
:save FILE                             write a save file (between readings)
:give ITEM|secret N to B               a trade between characters on one card (between readings)
:seed N                                reseed the dice            :quit   leave"""

# What a reader may do between explorations (the prompt at the end of one).
BETWEEN = (":enter N, :act N ACTION, :goto VERSE, :day, :load FILE, :undo, :state "
           "or :quit")

_COMMANDS: dict[str, Callable[[Session, list[str]], None]] = {
    "help": Session.cmd_help, "quit": Session.cmd_quit, "q": Session.cmd_quit, "exit": Session.cmd_quit,
    "state": Session.cmd_state, "set": Session.cmd_set, "unset": Session.cmd_unset,
    "give": Session.cmd_give,
    "goto": Session.cmd_goto, "enter": Session.cmd_enter, "undo": Session.cmd_undo,
    "seed": Session.cmd_seed, "save": Session.cmd_save, "load": Session.cmd_load,
    "act": Session.cmd_act, "day": Session.cmd_day, "chapter": Session.cmd_chapter,
}


def _starts(text: str, wanted: str) -> bool:
    from tgc.bundle.markup import plain

    return text.casefold().startswith(wanted) or plain(text).casefold().startswith(wanted)


def _roll_value(word: str) -> int | tuple[int, ...] | None:
    """``roll 7`` (the sum) or ``roll 3 4`` (each die's face); None if neither."""
    numbers = word.removeprefix("roll ").split()
    values = [as_number(n, high=MAX_ROLL) for n in numbers[:MAX_DICE + 1]]
    if not numbers or len(numbers) > MAX_DICE or None in values:
        return None
    faces = [v for v in values if v is not None]
    return faces[0] if len(faces) == 1 else tuple(faces)
