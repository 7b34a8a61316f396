"""Tainted Grail's campaign layer, the day: a bundle and a party in, the campaign played
one procedure at a time (Start of the Day, the actions of the rounds, End of the Day),
each returning what happened (``Happening``) and queueing the journal readings it causes
(an instant rule on arrival, a menhir's section, a dream), which the caller plays as
explorations through ``next_reading`` and ``finish``.

The procedures are the spec's (shared/rules/tainted-grail-campaign.md §2, §3.12) with
its decided readings; where a rule needs an answer (a guardian die, a fight nobody's
engine plays), ``decide`` is asked, and by default the one seeded generator answers."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tgc.bundle import schema as s
from tgc.rulesets.tainted_grail.campaign import death, roster
from tgc.rulesets.tainted_grail.campaign.events import (
    ChapterCard,
    EventCard,
    Piles,
    cards_of,
    chapter_key,
    chapters_of,
    new_piles,
)
from tgc.rulesets.tainted_grail.campaign.header import Header, header_of, time_dials_of
from tgc.rulesets.tainted_grail.campaign.party import (
    ENERGY,
    CampaignError,
    energy_shares,
    pay_energy,
    pool_pay,
    view,
    write_back,
)
from tgc.rulesets.tainted_grail.campaign.world import (
    DIAL_TOP,
    Guardian,
    Happening,
    Menhir,
    Table,
    World,
    map_of,
)
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.rulesets.tainted_grail.geometry import DELTA, Geometry, step
from tgc.rulesets.tainted_grail.records import ITEM_LIMITED, CombatEncounter
from tgc.runtime import events as ev
from tgc.runtime.book import Book, StoryError
from tgc.runtime.conditions import eval_condition
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import DEFAULT_RULESET, Ruleset
from tgc.runtime.state import Chapter, Character, GameState, declared_member, new_character, new_state
from tgc.runtime.story import InputError, Story

HEALTH, TERROR, FOOD, WEALTH = "health", "terror", "food", "wealth"
# RES-3: what characters on one card may hand each other at the End of the Day.
TRADED = (FOOD, WEALTH)
# A16: the guardian die, one face each (ruleset data, not campaign content).
GUARDIAN_DIE = ("up", "down", "left", "right", "nothing", "discard")
WYRDNESS = 2  # SOD-2, MEN-8: Health lost and Terror gained
LIMITED = frozenset(ITEM_LIMITED)  # SOD-8: one face up per keyword
CAMPAIGN = "campaign"  # a Reading of the @campaign header's own links (mercy ->)


@dataclass(frozen=True, slots=True)
class Question:
    """What the campaign asks when a rule needs an answer: ``kind`` ``guardian-die`` (a
    face of GUARDIAN_DIE) or ``fight`` (an outcome); ``about`` says of what."""

    kind: str
    about: str
    options: tuple[str, ...]


Decide = Callable[[Question], str]


@dataclass(frozen=True, slots=True)
class Reading:
    """A journal reading the campaign owes: ``hook`` of ``card`` read by ``members``; with
    ``event``, the link ``hook`` (``read``, ``success``, ``setup``) of that event, quest or
    chapter card, read on ``card`` (where the first of them stands)."""

    card: int
    hook: str
    members: tuple[str, ...]
    event: str | None = None


class Campaign:
    """One campaign in play: the runtime state (every character), the world on the table
    and the day's procedures. Nothing changes when a procedure raises CampaignError."""

    def __init__(self, book: Book, party: Sequence[str] = (), *, rng: Rng | None = None,
                 ruleset: Ruleset | None = None, decide: Decide | None = None,
                 state: GameState | None = None, world: World | None = None,
                 dice: str = "random") -> None:
        self.book = book
        self.geo: Geometry = map_of(book.bundle)
        tables = _tables_of(book.bundle)
        self.cards: Mapping[str, EventCard] = tables.cards
        self.header = tables.header
        self.time_dials: Mapping[str, s.Target | None] = tables.time_dials
        self.chapters: Mapping[str, ChapterCard] = tables.chapters
        self.rng = rng if rng is not None else Rng(0)
        self.ruleset = ruleset if ruleset is not None else DEFAULT_RULESET
        self.decide: Decide = decide if decide is not None else self._roll
        self.dice = dice  # "ask": a play session answers the dice (tgc.runtime.story)
        self.readings: deque[Reading] = deque()
        self.busy: Story | None = None
        self._moved_from: set[int] | None = None
        if state is not None and world is not None:
            self.state, self.world = state, world
        else:
            self.state, self.world = new_state(book.bundle, party), World()
            self._setup()
        self.table = Table(self.geo, self.state, self.world)

    # ------------------------------------------------------------ setup (SET-5)

    def _setup(self) -> None:
        start = self.geo.start
        self.state.players = len(self.state.party)
        self.state.in_play = {start} if start in self.geo.cells else set()
        self.state.location = None
        for character in self.state.party:
            self.world.positions[character.name] = start
            declared = bundle_rules(self.book.bundle).character(character.name)
            if declared is not None:
                self.world.numbers[character.name] = declared.number
        dials = self.header.starting_dial  # SET-5: by player count (`menhir:`)
        players = min(max(self.state.player_count, 1), len(dials))
        self.world.menhirs.append(Menhir(start, dials[players - 1]))
        self.state.chapter = self.header.chapter
        table = Table(self.geo, self.state, self.world)
        for key in self.geo.cards[start].keys.values():  # all four are in range
            found = self.geo.current(key, self.state.removed)
            if found is not None:
                table.attach(found)
        chapter = self.chapters.get(chapter_key(self.state.chapter))
        if chapter is not None:  # SET-6, EVT-2: the Random pile is shuffled once
            pile = sorted(c.name for c in self.cards.values() if c.random)
            for i in range(len(pile) - 1, 0, -1):
                j = self.rng.pick(range(i + 1))
                pile[i], pile[j] = pile[j], pile[i]
            self.world.events = new_piles(chapter, self.cards, pile)

    # ------------------------------------------------------------ looking up

    def character(self, name: str) -> Character:
        for member in self.state.party:
            if member.name.casefold() == name.casefold():
                return member
        names = ", ".join(m.name for m in self.state.party)
        raise CampaignError(f'no character "{name}" in this campaign (characters: {names})')

    def party(self, names: Sequence[str]) -> list[Character]:
        """The named characters as a party: on one card, not passed, not yet turned this
        round (TRN-1, TRN-4, PTY-1)."""
        if not names:
            raise CampaignError("name the characters who act")
        members = [self.character(n) for n in names]
        if len({m.name for m in members}) != len(members):
            raise CampaignError("a character is named twice in the party")
        cards = {self.world.positions[m.name] for m in members}
        if len(cards) > 1:
            where = ", ".join(f"{m.name} on {self.world.positions[m.name]}" for m in members)
            raise CampaignError(f"a party stands on one card ({where})")
        for m in members:
            if m.name in self.world.passed:
                raise CampaignError(f"{m.name} has passed today and takes no more actions (TRN-4)")
            if m.name in self.world.turned:
                raise CampaignError(f"{m.name} has taken a turn this round; the others act first (TRN-1)")
        return members

    def _not_over(self) -> None:
        if self.world.phase == "over":
            why = "a solo death" if self.world.ending == "death" else "failure"
            raise CampaignError(f"the game has ended in {why}; the mercy may be asked (:mercy)")

    def _during_day(self) -> None:
        self._not_over()
        if self.busy is not None or self.readings:
            raise CampaignError("a journal reading is under way; finish it first (TRN-6)")
        if self.world.phase != "day":
            when = ("the Start of the Day comes first (:sod)" if self.world.phase == "dawn"
                    else "the day is over")
            raise CampaignError(f"no actions now: {when}")

    def _turn(self, members: Sequence[Character]) -> None:
        """A party action is the turn of every member (TRN-3); a round ends once every
        character who has not passed has taken a turn."""
        self.world.turned.update(m.name for m in members)
        if all(n in self.world.turned or n in self.world.passed for n in self.world.positions):
            self.world.turned.clear()

    # ------------------------------------------------------------ Start of the Day

    def start_of_day(self) -> list[Happening]:
        """SOD-0..8 (A1: day 1 too): SOD-5 reveals the Event deck's top card in a campaign
        that declares its chapters (``@chapter``)."""
        self._not_over()
        if self.world.phase != "dawn" or self.busy is not None or self.readings:
            raise CampaignError(f"day {self.state.day} has already started")
        out = [Happening("SOD-0", f"day {self.state.day} begins")]
        out += self._expire_menhirs()
        out += self._wyrdness()
        out += self.afflict()
        out += self._tick_menhirs()
        out += self._tick_time()
        out += self._reveal_event()
        out += self._move_guardians()
        out += self._equipment()
        self.world.passed.clear()
        self.world.turned.clear()
        self.world.bequest.clear()  # DTH-5: the dead's Secrets are shared by now
        self.world.phase = "day"
        return out + self.check_quests()

    def _expire_menhirs(self) -> list[Happening]:
        gone = [m for m in self.world.menhirs if m.dial is None]
        self.world.menhirs = [m for m in self.world.menhirs if m.dial is not None]
        return [Happening("SOD-1", f"the menhir on {m.card} goes dark") for m in gone]

    def _wyrdness(self) -> list[Happening]:
        """SOD-2 (A8, A9, A10) or, with no Active Menhir left, MEN-8 (A11)."""
        if not self.world.menhirs:
            hurt = [Happening("MEN-8", "no menhir is lit: the wyrdness hurts everyone")]
            return hurt + [self._hurt(member) for member in self.state.party]
        gone = [n for n in self.table.placed if not self.table.in_range(self.geo.cells[n])]
        out: list[Happening] = []
        for card in gone:
            out += self.table.discard(card)
        for card in gone:
            names = self.world.on(card)
            if not names:
                continue
            for name in names:
                out.append(self._hurt(self.character(name)))
            dest = self.table.nearest(self.geo.cells[card], self.table.placed)
            if dest is None:
                continue
            out.append(Happening("MEN-9", f"the wyrdness takes {' and '.join(names)} to {dest} "
                                          f"{self.geo.cards[dest].title}"))
            out += self._arrive(names, dest)
        return out

    def _hurt(self, member: Character) -> Happening:
        member.set_track(HEALTH, member.tracks[HEALTH] - WYRDNESS)
        member.set_track(TERROR, member.tracks[TERROR] + WYRDNESS)
        return Happening("SOD-2", f"{member.name} loses {WYRDNESS} Health and gains {WYRDNESS} "
                                  f"Terror (Health {member.tracks[HEALTH]}, Terror {member.tracks[TERROR]})")

    def _tick_menhirs(self) -> list[Happening]:
        out = []
        for menhir in self.world.menhirs:
            assert menhir.dial is not None  # SOD-1 took the dial-less ones away
            if menhir.dial > 1:
                menhir.dial -= 1
                out.append(Happening("SOD-3", f"the menhir on {menhir.card} drops to {menhir.dial}"))
            else:
                menhir.dial = None
                out.append(Happening("SOD-3", f"the menhir on {menhir.card} loses its dial: "
                                              "it goes dark tomorrow"))
        return out

    def _tick_time(self) -> list[Happening]:
        """SOD-4 (EVT-10..12, A7, A12): time dials drop by 1 and are removed at 1 (a
        declared ``@dial NAME time`` then has its ``expired ->`` verse read by everyone);
        quest dials never move; each card with time tokens loses one."""
        out = []
        for name in sorted(n for n in self.time_dials if self.state.dials.get(n, 0) > 0):
            value = self.state.dials[name]
            if value > 1:
                self.state.dials[name] = value - 1
                out.append(Happening("SOD-4", f'the time dial "{name}" drops to {value - 1}'))
                continue
            del self.state.dials[name]
            out.append(Happening("SOD-4", f'the time dial "{name}" runs out and is removed'))
            if self.time_dials[name] is not None:
                self._owe(f"dial {name}", "expired")
        for name in sorted(self.world.time_dials):
            value = self.world.time_dials[name]
            if value > 1:
                self.world.time_dials[name] = value - 1
                out.append(Happening("SOD-4", f'the time dial "{name}" drops to {value - 1}'))
            else:
                del self.world.time_dials[name]
                self.world.holders.pop(name, None)
                out.append(Happening("SOD-4", f'the time dial "{name}" runs out and is removed'))
        for card in sorted(self.world.time_tokens):
            left = self.world.time_tokens[card] - 1
            if left > 0:
                self.world.time_tokens[card] = left
            else:
                del self.world.time_tokens[card]
            out.append(Happening("SOD-4", f"a time token comes off {card} ({left} left)"))
        return out

    # ------------------------------------------------------------ equipment (SOD-8)

    def _equipment(self) -> list[Happening]:
        """SOD-8 (ITM-2, ITM-3): a character keeps one Item face up per limited keyword
        (weapon, armor, shield, companion, relic), the first listed, and the rest wait
        face down; ``equip`` chooses another. Said only for a character who holds two
        Items of one keyword."""
        out = []
        for name in self.world.order():
            up, down = self.face_up(self.character(name))
            if down:
                out.append(Happening("SOD-8", f"{name} keeps {', '.join(up)} face up; "
                                              f"{', '.join(down)} wait(s) face down"))
        return out

    def face_up(self, member: Character) -> tuple[list[str], list[str]]:
        """A member's Items in use and face down: one per limited keyword, the first listed."""
        up: list[str] = []
        down: list[str] = []
        taken: set[str] = set()
        for item in member.items:
            limited = set(self.book.keywords(item)) & LIMITED
            (down if limited & taken else up).append(item)
            if not limited & taken:
                taken |= limited
        return up, down

    def equip(self, name: str, item: str) -> Happening:
        """ITM-3: the character turns ``item`` face up; another Item sharing a limited
        keyword with it turns face down (fights use the first listed, engines/hero.py)."""
        member = self.character(name)
        held = next((i for i in member.items if i.casefold() == item.casefold()), None)
        if held is None:
            raise CampaignError(f"{member.name} holds no Item \"{item}\" (Items: "
                                f"{', '.join(member.items) or 'none'})")
        member.items.remove(held)
        member.items.insert(0, held)
        up, down = self.face_up(member)
        return Happening("ITM-3", f"{member.name} turns {held} face up"
                                  + (f"; {', '.join(down)} wait(s) face down" if down else ""))

    # ------------------------------------------------------------ death and insanity

    def afflict(self) -> list[Happening]:
        """DTH-1, DTH-9 after a moment that moves tracks (death.py)."""
        return death.afflict(self)

    def claim(self, name: str) -> Happening:
        """DTH-3: a dead character's player takes a character still in the box."""
        return death.claim(self, name)

    # ------------------------------------------------------------ the roster between sessions

    def join(self, name: str, beside: str | None = None) -> Happening:
        """SET-9: a new player's character joins beside a veteran (roster.py)."""
        return roster.join(self, name, beside)

    def leave(self, name: str, heir: str | None = None) -> list[Happening]:
        """SET-9: a player leaves; their character's Secrets go to ``heir`` (roster.py)."""
        return roster.leave(self, name, heir)

    def take_item(self, name: str, item: str) -> Happening:
        """DTH-4: a dead character's Item, taken on its card (A43)."""
        if self.busy is not None or self.readings:
            raise CampaignError("a journal reading is under way; finish it first (TRN-6)")
        return death.take_item(self, name, item)

    def share(self, number: int, name: str) -> Happening:
        """DTH-5: a dead character's Secret to a living character, until the next day."""
        return death.share(self, number, name)

    def mercy(self) -> list[Happening]:
        """DTH-7, DTH-8: the All-Mother's mercy, after a solo death or a failure."""
        out = death.mercy(self)
        self.readings.append(Reading(self.geo.start, "mercy", tuple(self.world.order()), CAMPAIGN))
        return out

    # ------------------------------------------------------------ events and quests

    def _reveal_event(self) -> list[Happening]:
        """SOD-5 (EVT-3, EVT-4, A14, A15): yesterday's regular Event ends (a Story Event
        to the deck's discard pile, a Random Event to the bottom of the Random pile); the
        top card is revealed and read by everyone; a quest joins the Active Quests. A
        chapter's setup card is read before its first Event (SET-6)."""
        piles = self.world.events
        if piles is None:
            return []
        out: list[Happening] = []
        if not piles.begun:
            piles.begun = True
            chapter = self.chapters.get(piles.chapter)
            title = chapter.title if chapter is not None else f"Chapter {piles.chapter}"
            out.append(Happening("SET-6", f"{title} begins: its Event deck holds "
                                          f"{len(piles.deck)} card(s)"))
            if chapter is not None and chapter.setup is not None:
                self._owe(f"chapter {piles.chapter}", "setup")
        if piles.today is not None:
            gone, piles.today = piles.today, None
            if self.cards[gone].random:
                piles.random.append(gone)
                out.append(Happening("EVT-4", f'yesterday\'s Event "{gone}" goes to the bottom of '
                                              "the Random pile"))
            else:
                piles.discard.append(gone)
                out.append(Happening("EVT-4", f'yesterday\'s Event "{gone}" goes to the discard pile'))
        if not piles.deck:
            return [*out, Happening("SOD-5", "the Event deck is empty: no Event is revealed (A15)")]
        return out + self._resolve_event(piles.deck.pop(0), "SOD-5")

    def _resolve_event(self, name: str, rule: str) -> list[Happening]:
        """An Event card drawn (or taken from the deck, A46): read now; a quest stays in
        Active Quests (EVT-5), a regular Event is in force until the next SOD-5."""
        piles = self.world.events
        assert piles is not None
        card = self.cards[name]
        if card.part and card.chapter == piles.chapter:
            chapter = self.state.chapter
            self.state.chapter = Chapter(chapter.number, chapter.letter, card.part)
        if card.quest:
            piles.active.append(name)
            text = f'the Event "{name}" is revealed: a quest, kept in the Active Quests (EVT-5)'
        else:
            if piles.today is not None:
                piles.discard.append(piles.today)
            piles.today = name
            text = f'the Event "{name}" is revealed: in force today'
        out = [Happening(rule, text)]
        if "read" in card.links:
            self._owe(name, "read")
        return out

    def _owe(self, event: str, hook: str) -> None:
        """An event's (or a chapter's) reading, for every character, on the card of the
        first of them."""
        names = tuple(self.world.order())
        card = self.world.positions[names[0]] if names else self.geo.start
        self.readings.append(Reading(card, hook, names, event))

    def _target(self, reading: Reading) -> s.Target | None:
        assert reading.event is not None
        if reading.event.startswith("chapter "):
            chapter = self.chapters.get(reading.event.removeprefix("chapter "))
            return chapter.setup if chapter is not None else None
        if reading.event == CAMPAIGN:
            return next((link.target for link in self.book.bundle.campaign.links
                         if link.key == reading.hook), None)
        if reading.event.startswith("dial "):
            return self.time_dials.get(reading.event.removeprefix("dial "))
        card = self.cards.get(reading.event)
        return card.links.get(reading.hook) if card is not None else None

    def events_known(self, state: GameState) -> None:
        """What ``quest "X"`` and ``event "X"`` read: the Active Quests and today's Event."""
        piles = self.world.events
        state.quests = frozenset(piles.active) if piles is not None else frozenset()
        state.event = piles.today if piles is not None else None

    def check_quests(self) -> list[Happening]:
        """EVT-6 with A45: once an exploration, encounter or action is over, every Active
        Quest whose success condition holds succeeds: it leaves the Active Quests and its
        ``success`` verse is read. EVT-8: a quest on a Secret card is active while a
        character holds that secret."""
        piles = self.world.events
        if piles is None or self.busy is not None:
            return []
        out: list[Happening] = []
        for card in self.cards.values():
            if card.secret is None or card.name in piles.done:
                continue
            held = card.secret in self.state.secrets
            if held and card.name not in piles.active:
                piles.active.append(card.name)
                out.append(Happening("EVT-8", f'the quest "{card.name}" on Secret {card.secret} is active'))
            elif not held and card.name in piles.active:
                piles.active.remove(card.name)
                out.append(Happening("EVT-8", f'Secret {card.secret} is gone: the quest "{card.name}" '
                                              "is no longer active"))
        for name in list(piles.active):
            self.events_known(self.state)  # a success condition may read another quest
            card = self.cards[name]
            if card.succeed is None or not eval_condition(card.succeed, self.state, self.book):
                continue
            piles.active.remove(name)
            piles.done.append(name)
            out.append(Happening("EVT-6", f'the quest "{name}" succeeds'))
            if "success" in card.links:
                self._owe(name, "success")
        self.events_known(self.state)
        return out

    def take_event(self, name: str) -> list[Happening]:
        """A46: a named card out of the Event deck, the rest kept in order, resolved now."""
        piles = self._piles()
        if name not in piles.deck:
            raise CampaignError(f'the Event deck holds no card "{name}"')
        piles.deck.remove(name)
        return self._resolve_event(name, "EVT-1")

    def put_random_events(self, numbers: Sequence[int]) -> Happening:
        """A47: the top N cards of the Random pile, as a group in their order, on top of
        the Event deck, so the first taken is revealed first; a shorter pile gives all."""
        piles = self._piles()
        if len(numbers) != 1:
            raise CampaignError("write how many: `put random events on top 2`")
        taken = piles.random[:numbers[0]]
        del piles.random[:numbers[0]]
        piles.deck[:0] = taken
        if not taken:
            return Happening("EVT-2", "the Random pile is empty: no Random Event goes on the Event deck")
        short = f" (the Random pile held {len(taken)})" if len(taken) < numbers[0] else ""
        return Happening("EVT-2", f"{len(taken)} Random Event(s) put on top of the Event deck{short}: "
                                  f"{', '.join(taken)}")

    def remove_event(self, name: str) -> Happening:
        """A card removed from the game, wherever it lies (the deck, a pile, today's)."""
        piles = self._piles()
        for pile in (piles.deck, piles.discard, piles.random, piles.active):
            if name in pile:
                pile.remove(name)
                break
        else:
            if piles.today != name:
                raise CampaignError(f'no Event card "{name}" is in play')
            piles.today = None
        piles.removed.append(name)
        return Happening("CRD-3", f'the Event "{name}" is removed from the game')

    def discard_quest(self, name: str) -> Happening:
        """EVT-7: a quest leaves the Active Quests only when a text says so."""
        piles = self._piles()
        if name not in piles.active:
            raise CampaignError(f'no active quest "{name}"')
        piles.active.remove(name)
        piles.done.append(name)
        piles.discard.append(name)
        return Happening("EVT-7", f'the quest "{name}" is discarded')

    def activate_quest(self, name: str) -> Happening:
        """A quest card gained by a text (EVT-5), out of the deck if it lies there."""
        piles = self._piles()
        card = self.cards.get(name)
        if card is None or not card.quest:
            raise CampaignError(f'the campaign declares no quest "{name}"')
        if name in piles.active:
            raise CampaignError(f'the quest "{name}" is already active')
        if name in piles.deck:
            piles.deck.remove(name)
        piles.active.append(name)
        if name in piles.done:
            piles.done.remove(name)
        return Happening("EVT-5", f'the quest "{name}" joins the Active Quests')

    def _piles(self) -> Piles:
        if self.world.events is None:
            raise CampaignError("this campaign declares no chapter setup (`@chapter`), so it "
                                "has no Event deck")
        return self.world.events

    def _next_chapter(self) -> list[Happening]:
        """SET-6: ``-> end chapter`` moved the campaign on; the new chapter's setup card
        builds its Event deck (the Random pile and the Active Quests carry over)."""
        piles = self.world.events
        key = chapter_key(self.state.chapter)
        if piles is None or key == piles.chapter:
            return []
        chapter = self.chapters.get(key)
        if chapter is None:
            return [Happening("SET-6", f"chapter {key} declares no setup card: its Event deck is empty")]
        fresh = new_piles(chapter, self.cards, piles.random)
        fresh.active, fresh.done, fresh.removed = piles.active, piles.done, piles.removed
        self.world.events = fresh
        return [Happening("SET-6", f"the chapter ends; {chapter.title} is set up at the next "
                                   "Start of the Day")]

    # ------------------------------------------------------------ guardians (GRD-2..7)

    def _move_guardians(self) -> list[Happening]:
        out: list[Happening] = []
        for guardian in list(self.world.guardians):
            if guardian in self.world.guardians:
                out += self._move_guardian(guardian)
        return out

    def _move_guardian(self, guardian: Guardian) -> list[Happening]:
        face = self.decide(Question("guardian-die", f'"{guardian.name}" on {guardian.card}', GUARDIAN_DIE))
        if face not in GUARDIAN_DIE:
            raise CampaignError(f"the guardian die shows {', '.join(GUARDIAN_DIE)}, not '{face}'")
        out = [Happening("SOD-6", f'the guardian die for "{guardian.name}" shows {face}')]
        if face == "discard":
            self.world.guardians.remove(guardian)
            return [*out, Happening("GRD-2", f'"{guardian.name}" goes back to its deck')]
        if face != "nothing":
            target = self.table.card_at(step(self.geo.cells[guardian.card], face))
            if target is None or not self.geo.connected(guardian.card, target):
                options = self.table.connected_placed(guardian.card)
                target = max(options) if options else guardian.card  # GRD-3, A17
                out.append(Happening("GRD-3", f"no connected card lies {face}: it goes to {target}"))
            if target != guardian.card:
                guardian.card = target
                out.append(Happening("GRD-2", f'"{guardian.name}" moves to {target} '
                                              f"{self.geo.cards[target].title}"))
        there = self.world.on(guardian.card)
        if there:  # GRD-4 (it stayed), GRD-5 (it moved in)
            out += self._fight(guardian, there)
        return out

    def _fight(self, guardian: Guardian, names: Sequence[str]) -> list[Happening]:
        """A guardian fight: the campaign's engine plays it, or ``decide`` answers."""
        members = [self.character(n) for n in names]
        encounter = s.Encounter(name=guardian.name)
        outcomes = self.book.outcomes(None, guardian.name)
        fighters = view(self.state, members, self._lying())
        outcome = self.ruleset.resolve_encounter(encounter, outcomes, fighters, self.rng)
        if outcome is None:
            outcome = self.decide(Question("fight", f'"{guardian.name}" against {" and ".join(names)}',
                                           outcomes))
        out = [Happening("ARR-2", f'{_they(names, "fight")} "{guardian.name}": {outcome}')]
        out += self.afflict()
        if outcome == "win":
            self.world.guardians.remove(guardian)
            out.append(Happening("GRD-7", f'"{guardian.name}" is defeated and goes back to its deck'))
        return out

    def place_guardian(self, name: str, card: int) -> Happening:
        """GRD-1: an undefeated guardian's card on the card where it was fought."""
        if name not in self.book.encounter_names:
            raise CampaignError(f'the campaign declares no encounter "{name}"')
        self.world.guardians.append(Guardian(name, card))
        return Happening("GRD-1", f'the guardian "{name}" now roams {card}')

    def _roll(self, question: Question) -> str:
        return self.rng.pick(question.options)

    # ------------------------------------------------------------ the actions

    def travel(self, names: Sequence[str], where: str | int,
               payer: Mapping[str, int] | None = None) -> list[Happening]:
        """ACT-3: to an orthogonally adjacent, connected, placed card (a direction or its
        number), 1 Energy per member, then the arrival (ARR-1..3)."""
        self._during_day()
        members = self.party(names)
        here = self.world.positions[members[0].name]
        dest = self._destination(here, where)
        shares, dropped = energy_shares(members, 1, payer)
        going = [m for m in members if m.name not in dropped]
        if not going:
            raise CampaignError("nobody in the party has the Energy to travel (1 each)")
        pay_energy(going, shares)
        out = [Happening("PTY-4", f"{n} cannot pay 1 Energy and stays behind") for n in dropped]
        out.append(Happening("ACT-3", f"{_they([m.name for m in going], 'travel')} to {dest} "
                                      f"{self.geo.cards[dest].title}"))
        self._turn(members)
        return out + self._arrive([m.name for m in going], dest)

    def _destination(self, here: int, where: str | int) -> int:
        if isinstance(where, str) and where in DELTA:
            cell = step(self.geo.cells[here], where)
            dest = self.table.card_at(cell)
            if dest is None:
                raise CampaignError(f"no card lies {where} of {here}")
        elif isinstance(where, str):  # neither a direction nor a number
            raise CampaignError(f"'{where}' is not a direction (up, down, left, right) nor a card's number")
        else:
            dest = where
            if dest not in self.table.placed:
                raise CampaignError(f"{dest} is not on the table")
        if not self.geo.connected(here, dest):
            raise CampaignError(f"{here} and {dest} are not joined by a key: travel goes "
                                "orthogonally between connected cards (MAP-2)")
        return dest

    def _arrive(self, names: Sequence[str], card: int) -> list[Happening]:
        """ARR-1 reveal, ARR-2 guardians, ARR-3 the instant rule (a reading), in order."""
        for name in names:
            self.world.positions[name] = card
        out = self.table.reveal_around(card)
        for guardian in [g for g in self.world.guardians if g.card == card]:
            out += self._fight(guardian, [n for n in names if self.world.positions[n] == card])
        if self.book.hook(card, "instant") is not None:
            self.readings.append(Reading(card, "instant", tuple(names)))
            out.append(Happening("ARR-3", f"the instant rule of {card} is read"))
        return out

    def explore(self, names: Sequence[str], payer: Mapping[str, int] | None = None) -> Story:
        """ACT-2: 1 Energy per member, then the card's explore section, as a party."""
        self._during_day()
        members = self.party(names)
        card = self.world.positions[members[0].name]
        if self.book.hook(card, "explore") is None:
            raise CampaignError(f"{card} has nothing to explore")
        shares, dropped = energy_shares(members, 1, payer)
        going = [m for m in members if m.name not in dropped]
        if not going:
            raise CampaignError("nobody in the party has the Energy to explore (1 each)")
        pay_energy(going, shares)
        self._turn(members)
        return self._read(Reading(card, "explore", tuple(m.name for m in going)))

    def act(self, names: Sequence[str], action: str) -> Story:
        """ACT-4: the card's action, paid once by the party (pooled), once per day per card
        when the card says so (A22)."""
        self._during_day()
        members = self.party(names)
        card = self.world.positions[members[0].name]
        story = self._story(members)
        story.state.location = card
        self.facts(story.state)
        try:
            story.act(card, action)
        except (InputError, StoryError) as err:
            raise CampaignError(str(err)) from None
        self._turn(members)
        self.busy = story
        return story

    def inspect(self, names: Sequence[str]) -> Story:
        """ACT-6: free; only on a card with the menhir seal: read its menhir section."""
        self._during_day()
        members = self.party(names)
        card = self.world.positions[members[0].name]
        if "menhir" not in self.geo.cards[card].seals or self.book.hook(card, "menhir") is None:
            raise CampaignError(f"{card} has no menhir to inspect (it needs the menhir seal)")
        self._turn(members)
        return self._read(Reading(card, "menhir", tuple(m.name for m in members)))

    def activate_menhir(self, card: int, dial: int | Sequence[int],
                        names: Sequence[str] = (), costs: Sequence[s.Cost] = ()) -> Happening:
        """MEN-5..7: place a model (or set the dial of the one standing there) on a card
        with the menhir seal; ``dial`` is one value or one per player count (A29); the
        ``costs`` are per player (A4), paid by the characters present."""
        if "menhir" not in self.geo.cards[card].seals:
            raise CampaignError(f"{card} has no menhir seal: no menhir can be lit there (MEN-5)")
        dials = (dial,) if isinstance(dial, int) else tuple(dial)
        value = dials[min(self.state.player_count, len(dials)) - 1]
        if not 1 <= value <= DIAL_TOP:
            raise CampaignError(f"a menhir dial shows 1-{DIAL_TOP}, not {value}")
        members = [self.character(n) for n in names]
        for cost in costs:
            need = cost.amount * self.state.player_count
            have = sum(m.get(cost.resource) for m in members)
            if have < need:
                raise CampaignError(f"lighting the menhir costs {need} {cost.resource} "
                                    f"({cost.amount} per player); those present have {have}")
        for cost in costs:
            pool_pay(members, cost.resource, cost.amount * self.state.player_count)
        menhir = self.world.menhir_on(card)
        if menhir is None:
            self.world.menhirs.append(Menhir(card, value))
            return Happening("MEN-5", f"a menhir is lit on {card} with its dial at {value}")
        menhir.dial = value
        return Happening("MEN-7", f"the menhir on {card} is fed: its dial is set to {value}")

    def pass_(self, name: str) -> Happening:
        """TRN-4: free and final for the day."""
        self._during_day()
        member = self.party([name])[0]
        self.world.passed.add(member.name)
        self._turn([member])
        return Happening("TRN-4", f"{member.name} passes")

    # ------------------------------------------------------------ End of the Day

    def day_over(self) -> bool:
        """TRN-5 with A20: everyone has passed or has no Energy left."""
        return all(n in self.world.passed or self.character(n).tracks[ENERGY] == 0
                   for n in self.world.positions)

    def end_of_day(self, eat: Mapping[str, bool] | None = None,
                   give: Sequence[tuple[str, int, str] | tuple[str, int, str, str]] = ()
                   ) -> list[Happening]:
        """EOD-0..2 and 5 for every character: trade Food or Wealth on one card (``give``:
        giver, amount, taker and the resource, Food when left out), eat or fast (by default
        a character eats when they have Food), restore Energy; then the dreams are queued
        as readings (A34)."""
        self._during_day()
        if not self.day_over():
            waiting = [n for n in self.world.order() if n not in self.world.passed
                       and self.character(n).tracks[ENERGY] > 0]
            raise CampaignError(f"the day goes on until everyone has passed: {', '.join(waiting)} "
                                "may still act (TRN-5)")
        out = [self._give(*g) for g in give]
        for name in self.world.order():
            member = self.character(name)
            eats = (eat or {}).get(name, member.resources.get(FOOD, 0) > 0)
            out.append(self._rest(member, eats))
            out.append(self._restore(member))
        out += self.afflict()
        out += death.deaths_at_night(self)
        if self.world.phase == "over":
            return out
        self.world.phase = "dusk"
        self.world.dreamt.clear()
        for card in sorted({self.world.positions[n] for n in self.world.positions}):
            out += self._dreams(card)
        self.world.passed.update(self.world.positions)
        return out

    def _give(self, giver: str, amount: int, taker: str, resource: str = FOOD) -> Happening:
        """RES-3: Food and Wealth change hands between characters on one card (RES-4: Rep,
        Exp and Magic never do)."""
        a, b = self.character(giver), self.character(taker)
        what = resource.capitalize()
        if resource not in TRADED:
            raise CampaignError(f"{what} is never traded: only Food and Wealth change hands (RES-4)")
        if self.world.positions[a.name] != self.world.positions[b.name]:
            raise CampaignError(f"{a.name} and {b.name} are not on one card: no {what} changes hands")
        if a.resources.get(resource, 0) < amount:
            raise CampaignError(f"{a.name} has {a.resources.get(resource, 0)} {what}, not {amount}")
        a.resources[resource] -= amount
        b.resources[resource] = b.resources.get(resource, 0) + amount
        return Happening("RES-3", f"{a.name} gives {amount} {what} to {b.name}")

    def _rest(self, member: Character, eats: bool) -> Happening:
        """EOD-1 (A32): eating 1 Food gives +1 Health and -1 Terror; fasting drops Energy to
        0, or costs 1 Health when it is 0 already."""
        if eats:
            if member.resources.get(FOOD, 0) < 1:
                raise CampaignError(f"{member.name} has no Food to eat")
            member.resources[FOOD] -= 1
            member.set_track(HEALTH, member.tracks[HEALTH] + 1)
            member.set_track(TERROR, member.tracks[TERROR] - 1)
            return Happening("EOD-1", f"{member.name} eats: Health {member.tracks[HEALTH]}, "
                                      f"Terror {member.tracks[TERROR]}")
        if member.tracks[ENERGY] > 0:
            member.set_track(ENERGY, 0)
            return Happening("EOD-1", f"{member.name} goes hungry: Energy drops to 0")
        member.set_track(HEALTH, member.tracks[HEALTH] - 1)
        return Happening("EOD-1", f"{member.name} goes hungry with no Energy: Health {member.tracks[HEALTH]}")

    def _restore(self, member: Character) -> Happening:
        """EOD-2 (A33, A36): back to the starting slot, or +4 when Exhausted (0 or 1),
        never above the starting slot or Health."""
        start = self.starting_energy(member.name)
        energy = member.tracks[ENERGY]
        exhausted = energy <= 1
        member.set_track(ENERGY, min(energy + 4, start) if exhausted else start)
        how = "exhausted, regains up to 4" if exhausted else "back to the starting slot"
        return Happening("EOD-2", f"{member.name}'s Energy is {member.tracks[ENERGY]} ({how})")

    def starting_energy(self, name: str) -> int:
        fresh = new_character(name, declared_member(self.book.bundle, name), self.state.vocabulary)
        return fresh.tracks[ENERGY]

    def insane(self, member: Character) -> bool:
        """TRK-6: Terror in the top two red slots of its track."""
        return member.tracks[TERROR] >= member.limits[TERROR] - 1

    def _dreams(self, card: int) -> list[Happening]:
        """EOD-5 (A34): once per card, the sane there read the Dream, the insane the
        Nightmare, each group as a party."""
        if "dreams" not in self.geo.cards[card].seals:
            return []
        names = self.world.on(card)
        out = []
        for hook, group in (("dream", [n for n in names if not self.insane(self.character(n))]),
                            ("nightmare", [n for n in names if self.insane(self.character(n))])):
            if group and self.book.hook(card, hook) is not None:
                self.readings.append(Reading(card, hook, tuple(group)))
                out.append(Happening("EOD-5", f"{_they(group, 'read')} the {hook} of {card}"))
        self.world.dreamt.append(card)
        return out

    def dawn(self) -> Happening:
        """EOD-6: once the night's readings are done, the next day waits for its start."""
        self._not_over()
        if self.world.phase != "dusk" or self.busy is not None or self.readings:
            raise CampaignError("the night is not over yet")
        self.state.day += 1
        self.world.phase = "dawn"
        return Happening("EOD-6", f"day {self.state.day} dawns")

    # ------------------------------------------------------------ readings (explorations)

    def next_reading(self) -> Story | None:
        """The next journal reading the rules owe (an instant rule, a dream), as a Story
        to play; None when none is owed."""
        if self.busy is not None:
            raise CampaignError("finish the reading under way first")
        if not self.readings:
            return None
        return self._read(self.readings.popleft())

    def _story(self, members: Sequence[Character]) -> Story:
        return Story(self.book, view(self.state, members, self._lying()), self.ruleset, self.rng,
                     dice=self.dice, on_effect=self._before_effect)

    def _lying(self) -> list[str]:
        """The Items of the dead lying on cards (DTH-4): in play, so out of the Item deck."""
        return [item for items in self.world.lying.values() for item in items]

    def _read(self, reading: Reading) -> Story:
        story = self._story([self.character(n) for n in reading.members])
        if reading.event is not None:
            target = self._target(reading)
            if target is None:
                raise CampaignError(f"{reading.event} has no `{reading.hook} ->` to read")
            story.state.location = reading.card
            story.begin(target)
        else:
            story.enter(reading.card, reading.hook)
        self.facts(story.state)
        self.busy = story
        return story

    def facts(self, state: GameState) -> None:
        """The facts a story may compare (Vocabulary.facts), for the card it is on."""
        card = state.location
        menhir = self.world.menhir_on(card) if card is not None else None
        self.events_known(state)
        state.facts.update(menhirs=len(self.world.menhirs), menhir=int(menhir is not None),
                           menhir_dial=menhir.dial or 0 if menhir is not None else 0,
                           time_tokens=self.world.time_tokens.get(card, 0) if card is not None else 0)

    def observe(self, story: Story, event: ev.Event) -> list[Happening]:
        """What an exploration's event does to the world: ``move to`` is a special
        movement (MOV-1: range-limited reveal, guardians; its instant rule the story reads),
        an undefeated guardian stays on the card (GRD-1)."""
        if isinstance(event, ev.EffectApplied) and isinstance(event.effect, s.Phrase | s.TimeToken):
            out = self._play(story, event.effect)
            self.facts(story.state)
            return out
        if isinstance(event, ev.EffectApplied) and isinstance(event.effect, s.LocationChange) \
                and event.effect.kind == "move-to":
            card = event.effect.location
            if self._moved_from is not None:
                story.state.in_play.intersection_update(self._moved_from | {card})
                self._moved_from = None
            names = [m.name for m in story.state.party]
            for name in names:
                self.world.positions[name] = card
            out = [Happening("MOV-1", f"{_they(names, 'move')} to {card}")]
            out += self.table_of(story).reveal_around(card)
            for guardian in [g for g in self.world.guardians if g.card == card]:
                out += self._fight(guardian, names)
            self.facts(story.state)
            return out
        if isinstance(event, ev.EncounterResolved) and event.outcome != "win" and event.encounter.name:
            declared = bundle_rules(self.book.bundle).encounters.get(event.encounter.name)
            if isinstance(declared, CombatEncounter) and declared.guardian and \
                    not any(g.name == event.encounter.name for g in self.world.guardians):
                where = story.state.location
                if where is not None:
                    return [self.place_guardian(event.encounter.name, where)]
        return []

    def _play(self, story: Story, effect: s.Phrase | s.TimeToken) -> list[Happening]:
        """The journal's campaign effects (Vocabulary.phrases), on the story's card unless
        ``at N`` names another; time tokens lie on the story's card (spec 7.4)."""
        card = story.state.location
        if isinstance(effect, s.TimeToken):
            if card is None:
                return []
            left = self.world.time_tokens.get(card, 0) + (1 if effect.kind == "place-time-token" else -1)
            if left > 0:
                self.world.time_tokens[card] = left
            else:
                self.world.time_tokens.pop(card, None)
            return [Happening("EVT-12", f"{card} holds {max(left, 0)} time token(s)")]
        try:
            match effect.phrase:
                case "take event":
                    return self.take_event(effect.name or "")
                case "remove event":
                    return [self.remove_event(effect.name or "")]
                case "discard quest":
                    return [self.discard_quest(effect.name or "")]
                case "activate quest":
                    return [self.activate_quest(effect.name or "")]
                case "put random events on top":
                    return [self.put_random_events(effect.numbers)]
        except CampaignError as err:
            return [Happening("EVT-1", f"`{effect.phrase}` does nothing: {err}")]
        where = effect.at if effect.at is not None else card
        if where is None:
            return [Happening("MEN-5", f"`{effect.phrase}` needs a card: this reading is on none")]
        try:
            match effect.phrase:
                case "activate menhir":
                    return [self.activate_menhir(where, effect.numbers)]
                case "extinguish menhir":
                    return [self.extinguish_menhir(where)]
                case "place guardian":
                    return [self.place_guardian(effect.name or "", where)]
                case "remove guardian":
                    return [self.remove_guardian(effect.name or "", effect.at)]
        except CampaignError as err:
            return [Happening("MEN-5", f"`{effect.phrase}` does nothing: {err}")]
        return []

    def extinguish_menhir(self, card: int) -> Happening:
        """A story's own rule: the menhir on ``card`` goes dark now."""
        menhir = self.world.menhir_on(card)
        if menhir is None:
            raise CampaignError(f"no menhir stands on {card}")
        self.world.menhirs.remove(menhir)
        return Happening("MEN-1", f"the menhir on {card} goes dark")

    def remove_guardian(self, name: str, card: int | None = None) -> Happening:
        """A story's own rule: the first guardian of that name (on ``card``, if given)
        goes back to its deck."""
        for guardian in self.world.guardians:
            if guardian.name == name and (card is None or guardian.card == card):
                self.world.guardians.remove(guardian)
                return Happening("GRD-7", f'"{name}" goes back to its deck')
        raise CampaignError(f'no guardian "{name}" roams the map')

    def table_of(self, story: Story) -> Table:
        return Table(self.geo, story.state, self.world)

    def _before_effect(self, story: Story, effect: s.Effect) -> None:
        if isinstance(effect, s.LocationChange) and effect.kind == "move-to":
            self._moved_from = set(story.state.in_play)

    def run(self, story: Story) -> list[ev.Event | Happening]:
        """Pull a story's events up to its next wait or end, observing each."""
        out: list[ev.Event | Happening] = []
        while (event := story.step()) is not None:
            out.append(event)
            out += self.observe(story, event)
        return out

    def finish(self, story: Story) -> list[Happening]:
        """The exploration is over: its changes to the campaign state go home, and a
        character standing on a card that was replaced stands on its replacement."""
        if story is not self.busy:
            raise CampaignError("that is not the reading under way")
        if not story.finished:
            raise CampaignError("the reading is not over yet")
        write_back(story.state, self.state)
        self.busy = None
        out = self.afflict() + self._next_chapter()
        for name, card in sorted(self.world.positions.items()):
            if card in self.state.replaced:
                new = self.state.replaced[card]
                self.world.positions[name] = new
                out.append(Happening("MAP-6", f"{name} now stands on {new}, which replaced {card}"))
        return out + self.check_quests()



@dataclass(frozen=True, slots=True)
class _Tables:
    """What a campaign reads of its bundle and never changes: the event cards, the header,
    the time dials and the chapters."""

    cards: Mapping[str, EventCard]
    header: Header
    time_dials: Mapping[str, s.Target | None]
    chapters: Mapping[str, ChapterCard]


def _tables_of(bundle: s.Bundle) -> _Tables:
    """The bundle's tables, read once per bundle: a walk over the days makes a campaign
    for every line of play it forks (the last few bundles are kept, as ``map_of`` keeps
    their geometry)."""
    kept = _TABLES.get(id(bundle))
    if kept is not None and kept[0] is bundle:
        return kept[1]
    found = _Tables(cards_of(bundle), header_of(bundle), time_dials_of(bundle), chapters_of(bundle))
    if len(_TABLES) >= 4:
        del _TABLES[next(iter(_TABLES))]
    _TABLES[id(bundle)] = (bundle, found)
    return found


_TABLES: dict[int, tuple[s.Bundle, _Tables]] = {}


def _they(names: Sequence[str], verb: str) -> str:
    """``Ailei and Beor travel``, ``Beor travels``."""
    return f"{' and '.join(names)} {verb}" if len(names) > 1 else f"{names[0]} {verb}s"
