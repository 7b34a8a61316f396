"""Tainted Grail's campaign layer, played by hand or by script: the commands a reader
types between explorations (``:sod``, ``:travel``, ``:explore``, ``:act``, ``:inspect``,
``:action``, ``:pass``, ``:eod``, ``:advance``, ``:equip``, ``:claim``, ``:take``, ``:share``,
``:mercy``, ``:guardian``, ``:fight``, ``:map``, ``:world``) in, the lines to show and the
next journal reading out. tgc's play session (tgc/playtest/session.py) finds it through
the ruleset's spec (``campaign``) and knows none of its words."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

from tgc.limits import as_number
from tgc.rulesets.tainted_grail.campaign import actions, advance, moves
from tgc.rulesets.tainted_grail.campaign.day import GUARDIAN_DIE, Campaign, Question, Reading
from tgc.rulesets.tainted_grail.campaign.party import CampaignError
from tgc.rulesets.tainted_grail.campaign.save import world_data, world_from_data
from tgc.rulesets.tainted_grail.campaign.view import map_lines, world_lines
from tgc.rulesets.tainted_grail.campaign.world import Happening, World
from tgc.rulesets.tainted_grail.vocabulary import VOCABULARY
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.campaign import Reads, Summary
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import Ruleset
from tgc.runtime.state import GameState
from tgc.runtime.story import Story

HELP = (
    (":sod", "the Start of the Day (after the night: the next day's)"),
    (":travel A,B DIR|N [pay A=2]",
     "the party travels (up, down, left, right or a card); pay: who covers whose Energy"),
    (":explore A,B [pay A=2]", "the party explores its card"),
    (":act A,B ACTION", "the party takes its card's action"),
    (":inspect A,B", "the party inspects its card's menhir"),
    (":action A [pay A=1,B=1]", "A takes their Character Action (others on the card may pay "
                                "all of its Energy but 1)"),
    (":pass A[,B]", "a character passes for the day"),
    (":eod [eat A,B] [fast C] [give A 1 B] [give A 2 wealth B]",
     "the End of the Day (by default who has Food eats; Food or Wealth changes hands on one card)"),
    (":advance [A] [WHAT]", "at night (after :eod): what A may buy with Exp; WHAT buys one "
                            "(an attribute, combat, diplomacy, keep N) or builds a deck (out N, in N)"),
    (":equip A ITEM", "the character turns an Item face up (one per weapon, armor, shield, "
                      "companion and relic)"),
    (":claim NAME", "after a death in co-op, the dead character's player takes a character "
                    "still in the box"),
    (":join NAME [with A]", "between sessions (after the night, before :sod): a new player's "
                            "character from the box joins beside A, with the standard setup"),
    (":leave A [to B]", "between sessions: A's player leaves; A's Secrets go to B (by default the "
                        "first who stays), :share hands them on until the next :sod"),
    (":take A ITEM", "the character takes a dead character's Item lying on its card"),
    (":share N to B", "until the next :sod, a dead character's Secret N goes to any living B"),
    (":mercy", "after a solo death or a failure, the All-Mother's mercy"),
    (":guardian FACE ...", "the next guardian die rolls (up down left right nothing discard)"),
    (":fight OUTCOME ...", "the next guardian fights' outcomes, when no engine plays them (win, lose)"),
    (":map", "the map"),
    (":world", "menhirs, guardians, tokens, who stands where"),
)


RESOURCES = frozenset(VOCABULARY.resources)


class InputError(ValueError):
    """A command that does not fit (nothing changed); the message is for the reader."""


class CampaignPlay:
    """One campaign under a play session. ``state`` is the whole campaign's state."""

    def __init__(self, book: Book, party: Sequence[str], *, rng: Rng, ruleset: Ruleset | None,
                 state: GameState | None = None, world: World | None = None) -> None:
        self.faces: deque[str] = deque()
        self.outcomes: deque[str] = deque()
        self.rng = rng
        self.campaign = Campaign(book, party, rng=rng, ruleset=ruleset, decide=self._decide,
                                 state=state, world=world, dice="ask")
        self.commands: dict[str, Callable[[list[str]], list[str]]] = {
            "sod": self.cmd_sod, "travel": self.cmd_travel, "explore": self.cmd_explore,
            "act": self.cmd_act, "inspect": self.cmd_inspect, "pass": self.cmd_pass,
            "action": self.cmd_action,
            "eod": self.cmd_eod, "advance": self.cmd_advance, "equip": self.cmd_equip,
            "claim": self.cmd_claim, "take": self.cmd_take, "mercy": self.cmd_mercy,
            "join": self.cmd_join, "leave": self.cmd_leave,
            "share": self.cmd_share,
            "guardian": self.cmd_guardian, "fight": self.cmd_fight,
            "map": self.cmd_map, "world": self.cmd_world,
        }
        self.started: Story | None = None  # a reading an action began (explore, act, inspect)
        self.watching: moves.Watched | None = None  # what a walk over the days tells apart

    @property
    def state(self) -> GameState:
        return self.campaign.state

    @property
    def table(self) -> World:
        return self.campaign.world

    def help_rows(self) -> tuple[tuple[str, str], ...]:
        return HELP

    def has(self, name: str) -> bool:
        return name in self.commands

    def opening(self) -> list[str]:
        """What the reader sees first: the map, and what to type."""
        when = {"dawn": ":sod starts the day", "day": "the day goes on",
                "dusk": "the night's readings are done: :sod starts the next day",
                "over": "the game has ended (:mercy asks for the All-Mother's mercy)"}[self.table.phase]
        return [*map_lines(self.campaign), f"day {self.state.day}: {when} (:help lists the commands)"]

    def world_data(self) -> dict[str, Any]:
        return world_data(self.table, list(self.campaign.readings))

    # ------------------------------------------------------------ what the session calls

    def command(self, name: str, args: list[str]) -> list[str]:
        """Run ``:name args``; raises InputError (nothing changed) when it does not fit."""
        handler = self.commands[name]
        snapshot = self._snapshot()
        try:
            return handler(args)
        except CampaignError as err:
            self._restore(snapshot)
            raise InputError(str(err)) from None

    def next_story(self) -> Story | None:
        """The reading to play next: the one an action began, else the next one the rules
        owe (an instant rule, a dream); None when there is none."""
        if self.started is not None:
            story, self.started = self.started, None
            return story
        return self.campaign.next_reading()

    def observe(self, story: Story, event: ev.Event) -> list[str]:
        return _lines(self.campaign.observe(story, event))

    def finish(self, story: Story) -> list[str]:
        return _lines(self.campaign.finish(story))

    # ------------------------------------------------------------ the commands

    def cmd_sod(self, args: list[str]) -> list[str]:
        _no_args(args, ":sod")
        out: list[Happening] = []
        if self.table.phase == "dusk":
            out.append(self.campaign.dawn())
        out += self.campaign.start_of_day()
        return _lines(out)

    def cmd_travel(self, args: list[str]) -> list[str]:
        if len(args) < 2:
            raise InputError("write ':travel A,B DIRECTION' (up, down, left, right) or ':travel A,B CARD'")
        names, where, payer = _names(args[0]), args[1], _payer(args[2:])
        number = as_number(where)
        return _lines(self.campaign.travel(names, number if number is not None else where.casefold(), payer))

    def cmd_explore(self, args: list[str]) -> list[str]:
        if not args:
            raise InputError("write ':explore A,B'")
        self.started = self.campaign.explore(_names(args[0]), _payer(args[1:]))
        return []

    def cmd_act(self, args: list[str]) -> list[str]:
        if len(args) < 2:
            raise InputError("write ':act A,B ACTION' (the action's name)")
        names = _names(args[0])
        card = self.table.positions.get(self.campaign.character(names[0]).name)
        action = _action(self.campaign.book, card, " ".join(args[1:]))
        self.started = self.campaign.act(names, action)
        return []

    def cmd_inspect(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise InputError("write ':inspect A,B'")
        self.started = self.campaign.inspect(_names(args[0]))
        return []

    def cmd_action(self, args: list[str]) -> list[str]:
        if not args or "," in args[0]:
            raise InputError("write ':action A' (one character: only its owner takes it)")
        return _lines(actions.take(self.campaign, args[0], _payer(args[1:])))

    def cmd_pass(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise InputError("write ':pass A' (or ':pass A,B')")
        return [str(self.campaign.pass_(name)) for name in _names(args[0])]

    def cmd_eod(self, args: list[str]) -> list[str]:
        eat: dict[str, bool] = {}
        give: list[tuple[str, int, str, str]] = []
        rest = list(args)
        while rest:
            word = rest.pop(0).casefold()
            if word in ("eat", "fast") and rest:
                for name in _names(rest.pop(0)):
                    eat[self.campaign.character(name).name] = word == "eat"
            elif word == "give" and len(rest) >= 3 and (amount := as_number(rest[1])) is not None:
                named = len(rest) >= 4 and rest[2].casefold() in RESOURCES  # give A 2 wealth B
                taker = rest[3] if named else rest[2]
                give.append((rest[0], amount, taker, rest[2].casefold() if named else "food"))
                del rest[:4 if named else 3]
            else:
                raise InputError("write ':eod [eat A,B] [fast C] [give A 1 B] [give A 2 wealth B]'")
        return _lines(self.campaign.end_of_day(eat=eat or None, give=give))

    def cmd_advance(self, args: list[str]) -> list[str]:
        return _lines(advance.advance(self.campaign, args))

    def cmd_equip(self, args: list[str]) -> list[str]:
        if len(args) < 2:
            raise InputError("write ':equip A ITEM' (the Item's name)")
        return [str(self.campaign.equip(args[0], " ".join(args[1:])))]

    def cmd_claim(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise InputError("write ':claim NAME' (a character still in the box)")
        return [str(self.campaign.claim(args[0]))]

    def cmd_join(self, args: list[str]) -> list[str]:
        if len(args) not in (1, 3) or (len(args) == 3 and args[1].casefold() != "with"):
            raise InputError("write ':join NAME' or ':join NAME with A' (a character in the box, "
                             "a character in play)")
        return [str(self.campaign.join(args[0], args[2] if len(args) == 3 else None))]

    def cmd_leave(self, args: list[str]) -> list[str]:
        if len(args) not in (1, 3) or (len(args) == 3 and args[1].casefold() != "to"):
            raise InputError("write ':leave A' or ':leave A to B' (who leaves, who takes their Secrets)")
        return _lines(self.campaign.leave(args[0], args[2] if len(args) == 3 else None))

    def cmd_take(self, args: list[str]) -> list[str]:
        if len(args) < 2:
            raise InputError("write ':take A ITEM' (an Item lying on A's card)")
        return [str(self.campaign.take_item(args[0], " ".join(args[1:])))]

    def cmd_share(self, args: list[str]) -> list[str]:
        number = as_number(args[0]) if args else None
        if len(args) != 3 or number is None or args[1].casefold() != "to":
            raise InputError("write ':share N to B' (a dead character's Secret, a living character)")
        return [str(self.campaign.share(number, args[2]))]

    def cmd_mercy(self, args: list[str]) -> list[str]:
        _no_args(args, ":mercy")
        return _lines(self.campaign.mercy())

    def cmd_guardian(self, args: list[str]) -> list[str]:
        faces = [a.casefold() for a in args]
        bad = [f for f in faces if f not in GUARDIAN_DIE]
        if not faces or bad:
            raise InputError(f"the guardian die shows {', '.join(GUARDIAN_DIE)}")
        self.faces.extend(faces)
        return [f"the next guardian roll{'s' if len(faces) > 1 else ''}: {', '.join(faces)}"]

    def cmd_fight(self, args: list[str]) -> list[str]:
        outcomes = [a.casefold() for a in args]
        if not outcomes or any(o not in ("win", "lose", "avoid") for o in outcomes):
            raise InputError("write ':fight win' or ':fight lose' (one per fight to come)")
        self.outcomes.extend(outcomes)
        return [f"the next guardian fight{'s' if len(outcomes) > 1 else ''}: {', '.join(outcomes)}"]

    def cmd_map(self, args: list[str]) -> list[str]:
        return map_lines(self.campaign)

    def world(self) -> dict[str, Any]:
        return self.world_data()

    def moves(self) -> list[str]:
        return moves.moves(self.campaign, self.watching)

    def standing(self) -> dict[str, int]:
        return dict(self.table.positions)

    def summary(self) -> Summary:
        return moves.summary(self.campaign, self.watching)

    def watch(self, reads: Reads, last_day: int) -> None:
        self.watching = moves.watched(self.campaign, reads, last_day)

    def readers(self, lines: list[str]) -> list[str | None]:
        return moves.readers(self.campaign, lines, self.watching)

    def fork(self, rng: Rng) -> CampaignPlay:
        """A copy between readings (the state, the world, the readings owed and the answers
        given ahead), playing on ``rng``."""
        if self.started is not None or self.campaign.busy is not None:
            raise ValueError("a campaign is forked between readings only")
        names = [m.name for m in self.state.party]
        other = CampaignPlay(self.campaign.book, names, rng=rng, ruleset=self.campaign.ruleset,
                             state=self.state.copy(), world=self.table.copy())
        other.campaign.readings.extend(self.campaign.readings)
        other.faces.extend(self.faces)
        other.outcomes.extend(self.outcomes)
        other.watching = self.watching
        return other

    def cmd_world(self, args: list[str]) -> list[str]:
        return world_lines(self.campaign)

    # ------------------------------------------------------------ answers and undo

    def _decide(self, question: Question) -> str:
        """A given answer (``:guardian``, ``:fight``), else the seeded generator's."""
        queue = self.faces if question.kind == "guardian-die" else self.outcomes
        while queue:
            answer = queue.popleft()
            if answer in question.options:
                return answer
        return self.rng.pick(question.options)

    def _snapshot(self) -> Snapshot:
        return (self.state.copy(), self.table.copy(), self.rng.getstate(),
                list(self.campaign.readings), self.started)

    def _restore(self, snapshot: Snapshot) -> None:
        """Put everything back in place (the campaign's tables keep their objects)."""
        state, world, rng, readings, started = snapshot
        for f in fields(GameState):
            setattr(self.campaign.state, f.name, getattr(state, f.name))
        for f in fields(World):
            setattr(self.campaign.world, f.name, getattr(world, f.name))
        self.rng.setstate(rng)
        self.campaign.readings.clear()
        self.campaign.readings.extend(readings)
        self.campaign.busy, self.started = started, started


Snapshot = tuple[GameState, World, object, list[Reading], Story | None]


def _lines(happenings: list[Happening]) -> list[str]:
    return [str(h) for h in happenings]


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise InputError("name the characters, separated by commas (Ailei,Beor)")
    return names


def _payer(args: list[str]) -> dict[str, int] | None:
    if not args:
        return None
    if args[0].casefold() != "pay" or len(args) < 2:
        raise InputError("after the party, write 'pay A=2,B=0': the Energy each member pays in all")
    payer: dict[str, int] = {}
    for part in " ".join(args[1:]).replace(" ", "").split(","):
        name, _, amount = part.partition("=")
        value = as_number(amount)
        if not name or value is None:
            raise InputError(f"'{part}': write NAME=N (the Energy that member pays)")
        payer[name] = payer.get(name, 0) + value
    return payer


def _action(book: Book, card: int | None, text: str) -> str:
    location = book.locations.get(card) if card is not None else None
    actions = location.actions if location is not None else ()
    wanted = text.casefold()
    hits = [a.name for a in actions if a.name.casefold().startswith(wanted)]
    if len(hits) != 1:
        names = ", ".join(a.name for a in actions) or "none"
        raise InputError(f"card {card} has no action '{text}' (its actions: {names})")
    return hits[0]


def _no_args(args: list[str], usage: str) -> None:
    if args:
        raise InputError(f"write '{usage}' alone")


def make_campaign(book: Book, party: Sequence[str], *, rng: Rng, ruleset: Ruleset | None,
                  state: GameState | None = None, world: object = None) -> CampaignPlay:
    """The ruleset spec's ``campaign`` entry point (tgc/runtime/campaign.py): a new
    campaign, or the saved ``state`` and ``world`` resumed (ValueError when they do not
    fit the campaign)."""
    if state is None:
        return CampaignPlay(book, party, rng=rng, ruleset=ruleset)
    if world is None:
        raise ValueError("this save holds no campaign world (it was written by `tgc play` "
                         "without --campaign)")
    table, readings = world_from_data(world, book, [c.name for c in state.party])
    play = CampaignPlay(book, party, rng=rng, ruleset=ruleset, state=state, world=table)
    play.campaign.readings.extend(readings)
    return play
