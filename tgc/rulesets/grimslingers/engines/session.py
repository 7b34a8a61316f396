"""A Tall Tale played by hand (GS-14.1): the area drawn as a grid of Fate cards, the
party's sheets, a move chosen among the legal ones, the eligible part read (the players
choose when several hold, GS-14.5), a bounty or the tile resolved, the Rest phase; each
duel fought by hand card by card or by a policy. Or a duel alone. Every random outcome
comes from one generator seeded by the header, so a transcript (the header line, then
what was printed with the answers on ``> `` lines) replays to the same text."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

from tgc.bundle.markup import plain
from tgc.bundle.schema import Bundle
from tgc.limits import read_int
from tgc.rulesets.grimslingers.data import Area, Card, DuelAction, Part, TallTale, Upgrade
from tgc.rulesets.grimslingers.engines.adventure import duel_setup, new_party
from tgc.rulesets.grimslingers.engines.duel import Duel, DuelSetup
from tgc.rulesets.grimslingers.engines.hand import Asker, HandPolicy, Quit, TableHands
from tgc.rulesets.grimslingers.engines.policies import POLICIES, make_policy
from tgc.rulesets.grimslingers.engines.rest import can_reorganise, rest_standoff, shift
from tgc.rulesets.grimslingers.engines.sheets import write_back
from tgc.rulesets.grimslingers.engines.sim import Build, player_setup
from tgc.rulesets.grimslingers.engines.story import (
    DuelOutcome,
    PartResult,
    buy,
    buy_upgrade,
    eligible_parts,
    for_sale,
    move,
    moves,
    resolve_part,
    resolve_tile,
    rest,
    run_bounty,
    startable_bounties,
    trade,
    trades,
    upgrades_for_sale,
)
from tgc.rulesets.grimslingers.engines.tale import (
    REFUSED_BULLETS,
    Character,
    Taking,
    TaleState,
    continue_session,
    end_session,
    limit,
    new_state,
    remake,
    where_to,
)
from tgc.rulesets.grimslingers.engines.words import (
    STAT_WORDS,
    area_grid,
    card_words,
    character_words,
    direction,
    duelist_words,
    record_words,
    tile_words,
)
from tgc.rulesets.grimslingers.rules import Rules, index

MAGIC = "# tgc Grimslingers transcript: "
FIGHTS = ("by hand", *(f"{name} policy" for name in POLICIES))
FREE_ROAM = "Free Roam (no story booklet, GS-11.1)"
END_SESSION = "end the session here"
SessionEnd = Literal["game over", "chapter over", "nowhere to move", "session ended"]
WIDTH = 88  # a part's text is wrapped to this many columns
PART_ENDS: dict[PartResult, str] = {
    "completed": "The part is completed.",
    "failed": "The part is not completed: it can be read again (GS-A6).",
    "game_over": "The game is over.",
    "chapter_over": "The part is completed, and the chapter is over.",
}
BOUNTY_ENDS: dict[PartResult, str] = {
    "completed": "is done.",
    "failed": "is not done: it stays active and blocks the story (GS-14.7).",
    "game_over": "ends the game.",
    "chapter_over": "is done, and the chapter is over.",
}
Texts = dict[str, tuple[str, ...]]
"""A verse's paragraphs by verse id: what a part's ``read -> VERSE`` prints."""


def tale_texts(bundle: Bundle) -> Texts:
    """Each verse's paragraphs, for the parts that read them."""
    return {v.id: tuple(plain(op.text) for op in v.ops if op.kind == "text")
            for v in bundle.verses}


class NoAnswer(Exception):
    """The answers ran out (a transcript shorter than its game)."""


@dataclass(frozen=True)
class Header:
    """What a transcript's first line fixes: the party (empty: asked) and the seed."""

    party: tuple[str, ...] = ()
    seed: int = 0

    def line(self) -> str:
        fields = ([f"party {', '.join(self.party)}"] if self.party else []) + [f"seed {self.seed}"]
        return MAGIC + "; ".join(fields)


def read_transcript(text: str) -> tuple[Header, list[str]]:
    """The header and the answers (its ``> `` lines) of a transcript; ValueError when
    the first line is not a Grimslingers transcript's."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith(MAGIC):
        raise ValueError(f"a Grimslingers transcript starts with `{MAGIC}party NAME, NAME; "
                         "seed N`")
    party: tuple[str, ...] = ()
    seed = 0
    for item in lines[0][len(MAGIC):].split("; "):
        key, _, value = item.partition(" ")
        match key:
            case "party":
                party = tuple(n.strip() for n in value.split(",") if n.strip())
            case "seed":
                seed = read_int(value, "the transcript's seed")
            case _:
                raise ValueError(f"the transcript's header has `{key}`: it takes party and seed")
    return Header(party, seed), [line[2:] for line in lines[1:] if line.startswith("> ")]


def party_problem(tale: TallTale, party: tuple[str, ...]) -> str | None:
    """Why this party cannot play the Tall Tale, or None."""
    known = [g.name for g in tale.grimslingers]
    unknown = [n for n in party if n not in known]
    if unknown:
        return f'no Grimslinger "{unknown[0]}" (Grimslingers: {", ".join(known)})'
    if len(set(party)) != len(party):
        return "a Grimslinger rides once in a party"
    if len(party) > tale.players[1]:
        return f"the Tall Tale is for {tale.players[0]}-{tale.players[1]} players"
    return None


def replay(tale: TallTale, texts: Texts, header: Header,
           answers: Iterator[str]) -> tuple[str, str | None]:
    """The transcript that these answers give (to compare with the file), and why it
    stopped short when the answers ran out first (the text up to that question)."""
    lines: list[str] = []

    def read(prompt: str) -> str:
        try:
            answer = next(answers)
        except StopIteration:
            raise NoAnswer("the transcript has no answer for this question") from None
        lines.append(f"> {answer}")
        return answer

    try:
        play(tale, texts, header, Asker(lines.append, read))
    except NoAnswer as err:
        return "\n".join(lines) + "\n", str(err)
    return "\n".join(lines) + "\n", None


def play(tale: TallTale, texts: Texts, header: Header, asker: Asker,
         seated: Callable[[Sitting], None] | None = None) -> None:
    """One sitting: the header line, the party, then the Tall Tale or a duel alone.
    ``seated`` is shown the sitting first (an explorer's witness answers by its state)."""
    asker.write(header.line())
    sitting = Sitting(index(tale), texts, asker, random.Random(header.seed))
    if seated is not None:
        seated(sitting)
    try:
        names = list(header.party) or sitting.choose_party()
        creatures = [c.name for c in tale.creatures]
        roam = [FREE_ROAM] if tale.start_area is not None else []
        what = asker.choose("What do you play", ["the Tall Tale",
                                                 *(f"a duel with {c}" for c in creatures),
                                                 *roam])
        if what == 0 or what > len(creatures):
            sitting.tale(names, free_roam=what > 0)
        else:
            sitting.duel_alone(names, creatures[what - 1])
    except Quit:
        asker.write("You leave the table.")


@dataclass
class Sitting:
    rules: Rules
    texts: Texts
    asker: Asker
    rng: random.Random
    turn: int = 0
    ended: bool = False  # the players ended the session in the Movement phase
    hand: HandPolicy | None = None  # asking the players inside an Instant item (told)
    state: TaleState = field(init=False)

    @property
    def write(self) -> Callable[[str], None]:
        return self.asker.write

    def choose_party(self) -> list[str]:
        tale = self.rules.tale
        names: list[str] = []
        while len(names) < tale.players[1]:
            left = [g.name for g in tale.grimslingers if g.name not in names]
            if not left:
                break
            done = len(names) >= tale.players[0]
            options = [*left, *(["ride out"] if done else [])]
            so_far = ", ".join(names) or "nobody yet"
            pick = self.asker.choose(f"Who rides (the party: {so_far})", options)
            if pick == len(left):
                break
            names.append(left[pick])
        return names

    # ---------------------------------------------------------------- the Tall Tale

    def tale(self, names: list[str], free_roam: bool = False) -> None:
        """Sessions one after another (GS-14.4), in one chapter or the next, until the
        players leave the table."""
        self.state = state = new_state(self.rules.tale, names)
        state.party = new_party(self.rules, names)
        state.free_roam = free_roam
        self.seat(state)
        while True:
            end = self.session()
            if not self.what_next(names, end):
                return

    def session(self) -> SessionEnd:
        """Adventure turns until the chapter or the game is over, the party cannot move,
        or the players end the session (GS-16.10)."""
        tale, state = self.rules.tale, self.state
        names = ", ".join(c.name for c in state.party)
        chapter = next((c for c in tale.chapters if c.number == state.chapter), None)
        self.write(f"{tale.title}, " + ("Free Roam" if state.free_roam else
                                        f"chapter {state.chapter}"
                                        + (f" \"{chapter.title}\"" if chapter else ""))
                   + f": {names}; {state.defeats_left} defeats allowed")
        self.turn, self.ended = 0, False
        while not (state.game_over or state.chapter_over):
            if not self.adventure_turn():
                break
        end: SessionEnd = "game over" if state.game_over else "chapter over" \
            if state.chapter_over else "session ended" if self.ended else "nowhere to move"
        self.write("")
        self.write(f"end: {end} after {self.turn} turns; completed "
                   f"{', '.join(sorted(state.completed)) or 'nothing'}; "
                   f"markers {', '.join(sorted(state.markers)) or 'none'}")
        for c in state.party:
            self.write(f"  {character_words(c, self.rules.grimslingers.get(c.name))}")
        return end

    def what_next(self, names: list[str], end: SessionEnd) -> bool:
        """After a session: the next chapter (the same characters, or remade at the
        chapter's start, GS-11.6), or a new session that continues this one (GS-14.4;
        after a game over or a chapter's end the characters may be remade, GS-16.9), or
        leave the table. Asked only when there is something to go on with."""
        state, tale = self.state, self.rules.tale
        following = state.chapter + 1 if end == "chapter over" else state.chapter
        more = any(c.number == following for c in tale.chapters) or state.free_roam
        if end == "nowhere to move" or not more:
            return False
        remade = end != "session ended"
        options: list[tuple[str, Callable[[], None]]] = []
        if end == "chapter over":
            options += [(f"begin chapter {following} with the same characters",
                         lambda: self.next_chapter(following, False)),
                        (f"begin chapter {following}, remaking the characters (GS-11.6)",
                         lambda: self.next_chapter(following, True))]
        options.append(("end the session; a new session continues it (GS-14.4)",
                        lambda: self.next_session(names, following, False)))
        if remade:
            options.append(("end the session; a new session continues it, the characters "
                            "remade (GS-11.6)", lambda: self.next_session(names, following, True)))
        pick = self.asker.choose("What now", ["leave the table", *(o for o, _ in options)])
        if pick == 0:
            return False
        self.write("")
        options[pick - 1][1]()
        return True

    def next_chapter(self, number: int, remade: bool) -> None:
        """The same session goes on into the next chapter; items are kept (GS-16.3)."""
        state = self.state
        state.chapter, state.chapter_over = number, False
        if remade:
            self._remake()

    def next_session(self, names: list[str], chapter: int, remade: bool) -> None:
        """GS-16.10 then GS-14.4: the record is written, every card put away; new
        characters are set up from their Progress Trackers, the area laid out afresh."""
        old = self.state
        record = end_session(old)
        for line in record_words(record):
            self.write(line)
        self.state = state = continue_session(self.rules.tale, record,
                                              new_party(self.rules, names))
        state.chapter, state.free_roam = chapter, old.free_roam
        self.seat(state)
        if remade:
            self._remake()

    def _remake(self) -> None:
        fresh = new_party(self.rules, [c.name for c in self.state.party])
        for c, new in zip(self.state.party, fresh, strict=True):
            remake(c, new)
        self.write("  ~ the characters are remade: every PP earned is there to spend again")

    def seat(self, state: TaleState) -> None:
        """The players decide for the party between duels: who takes an item, and the
        choices inside an Instant item as it resolves, whose notes are written then."""
        state.taker, state.hands, state.tell = self.take_item, self.instant_hands, self.told

    def instant_hands(self) -> HandPolicy:
        self.hand = TableHands(self.asker)
        return self.hand

    def told(self, notes: tuple[str, ...]) -> None:
        """An Instant item's notes; those its questions have shown already are not
        written twice."""
        shown = self.hand.shown if self.hand is not None else 0
        for line in notes[shown:]:
            self.write(f"  {line}")
        self.hand = None

    def take_item(self, state: TaleState, card: Card) -> Taking:
        """GS-16.1: the players decide who takes an item; Nyunyo may refuse it for
        bullets (GS-6.10). Asked only when there is a choice."""
        party = state.party
        refusers = [c for c in party if c.belt is not None]
        options = [f"{c.name} (an Instant item: it resolves at once)" if "instant" in card.types
                   else f"{c.name} (to the {where_to(c, card)})" for c in party]
        options += [f"{c.name} refuses it: +{REFUSED_BULLETS} bullets on the belt"
                    for c in refusers]
        if len(options) == 1:
            return Taking(party[0])
        pick = self.asker.choose(f"Who takes {card.name}", options)
        if pick < len(party):
            return Taking(party[pick])
        return Taking(refusers[pick - len(party)], refused=True)

    def adventure_turn(self) -> bool:
        """GS-14.1's four phases; False when the party cannot move or the players end
        the session instead (in the Movement phase, before a move)."""
        state, area = self.state, self.state.current_area()
        options = moves(state)
        if area is None or state.tile is None or not options:
            return False
        self.turn += 1
        self.write("")
        self.write(f"-- turn {self.turn}: area {area.number} \"{area.title}\", on {state.tile}; "
                   f"{state.defeats_left} defeats allowed")
        for line in area_grid(area, state):
            self.write(line)
        for c in state.party:
            self.write(f"  {character_words(c, self.rules.grimslingers.get(c.name))}")
        rested: set[int] = set()
        while True:
            rests = self.rest_offers(rested) if self.turn > 1 else []
            pick = self.asker.choose("Move", [*(self._move_words(area, code) for code in options),
                                              END_SESSION, *(label for label, _ in rests)])
            if pick <= len(options):
                break
            rests[pick - len(options) - 1][1]()
        if pick == len(options):
            self.ended, self.turn = True, self.turn - 1  # the turn was not played
            return False
        move(state, options[pick])
        tile = state.current_tile()
        assert tile is not None
        self.write(f"You enter {tile.card.code}: {tile_words(tile)}.")
        self.narrative()
        if not (state.game_over or state.chapter_over):
            self.tile_resolution()
            self.spend_pp()
            self.trade_sets()
        rest(state)
        return True

    def rest_offers(self, rested: set[int]) -> list[tuple[str, Callable[[], None]]]:
        """The last turn's Rest phase (GS-14.1 step 4), offered with this turn's move, as
        nothing happens between the two: each player may take a Standoff phase (two
        Standoff actions at the party's table, with nobody against it) once, and
        reorganise hand and stash."""
        offers: list[tuple[str, Callable[[], None]]] = []
        for i, c in enumerate(self.state.party):
            if i not in rested:
                offers.append((f"rest: {c.name} takes a Standoff phase",
                               partial(self.rest_standoff, c, rested, i)))
            if can_reorganise(c):
                offers.append((f"rest: {c.name} reorganises hand and stash",
                               partial(self.reorganise, c)))
        return offers

    def rest_standoff(self, c: Character, rested: set[int], seat: int) -> None:
        rested.add(seat)
        hand = HandPolicy(self.asker)
        notes = rest_standoff(self.state, c, hand, self.rng, hand.standoff)
        for line in notes[hand.shown:]:
            self.write(f"  {line}")

    def reorganise(self, c: Character) -> None:
        """Cards moved one at a time between hand and stash, a full pile swapping."""
        while True:
            self.write(f"  {c.name}'s hand ({len(c.hand)} of {c.hand_limit}): "
                       f"{', '.join(x.name for x in c.hand) or 'empty'}; stash ({len(c.stash)} "
                       f"of {c.stash_limit}): {', '.join(x.name for x in c.stash) or 'empty'}")
            shifts = [(card, "stash") for card in c.hand] + [(card, "hand") for card in c.stash]
            pick = self.asker.choose(f"{c.name} reorganises hand and stash",
                                     ["done", *(f"{card.name} to the {into}" for card, into in shifts)])
            if pick == 0:
                return
            card, into = shifts[pick - 1]
            full = c.hand if into == "hand" else c.stash
            swap = None
            if len(full) >= (c.hand_limit if into == "hand" else c.stash_limit):
                swap = full[self.asker.choose(f"The {into} is full: {card.name} trades places with",
                                              [x.name for x in full])]
            shift(c, card, "hand" if into == "hand" else "stash", swap)

    def spend_pp(self) -> None:
        """The Rest phase on a Landmark: each player may spend PP on cards and on the
        Progress Tracker's other purchases (GS-11.5)."""
        state = self.state
        while True:
            offers: list[tuple[Character, Card | Upgrade, int, str]] = []
            for c in state.party:
                offers += [(c, card, card.pp or 0, card_words(card)) for card in for_sale(state, c)]
                offers += [(c, u, price, f"{u.name} ({STAT_WORDS[u.raises]} "
                            f"{limit(c, u.raises)} to {limit(c, u.raises) + u.by})")
                           for u, price in upgrades_for_sale(state, c)]
            if not offers:
                return
            pick = self.asker.choose(
                f"Rest on landmark {state.landmark()}: spend PP",
                ["nothing more", *(f"{c.name} buys {what} for {price} PP ({c.pp} PP)"
                                   for c, _, price, what in offers)])
            if pick == 0:
                return
            character, bought, _, _ = offers[pick - 1]
            if isinstance(bought, Upgrade):
                now = buy_upgrade(state, character, bought)
                self.write(f"  ~ {character.name} buys {bought.name}: {character.pp} PP left; "
                           f"{STAT_WORDS[bought.raises]} now {now}")
                continue
            where = buy(state, character, bought)
            self.write(f"  ~ {character.name} buys {bought.name}: {character.pp} PP left; "
                       f"the card goes to the {where}")

    def trade_sets(self) -> None:
        """The Rest phase: a full set of Treasure Map Pieces or Hex Fragments may be
        traded in (GS-10.9)."""
        while offers := trades(self.state):
            pick = self.asker.choose("Trade a set in", ["nothing more", *(
                f"{c.trade.count if c.trade else 0} {c.name}" for c in offers)])
            if pick == 0:
                return
            card = offers[pick - 1]
            gained = trade(self.state, card, self.rng)
            self.write(f"  ~ {card.name} traded in: {gained or 'nothing left to gain'}")

    def _move_words(self, area: Area, code: str) -> str:
        here = self.state.tile
        assert here is not None
        seen = code in self.state.revealed.get(area.number, set())
        tile = next(t for t in area.tiles if t.card.code == code)
        return f"{direction(area, here, code)} to {code if seen else 'a face-down tile'}" \
            + (f" ({tile_words(tile)})" if seen else "")

    def narrative(self) -> None:
        """GS-14.5: one eligible part, chosen by the players when several hold."""
        parts = eligible_parts(self.rules.tale, self.state)
        if not parts:
            return
        part = parts[0]
        if len(parts) > 1:
            part = parts[self.asker.choose("Which part do you read",
                                           [f"{p.id} \"{p.title}\"" for p in parts])]
        self.read(part)

    def read(self, part: Part) -> None:
        self.write(f"== part {part.id} \"{part.title}\"")
        for paragraph in self.texts.get(part.read or "", ()):
            for line in textwrap.wrap(paragraph, WIDTH):
                self.write(line)
        if part.objective:
            self.write(f"Objective: {part.objective}")
        with self.changes():
            result = resolve_part(self.state, part, self.fight, self.rng)
        self.write(PART_ENDS[result])

    def tile_resolution(self) -> None:
        """GS-14.8: the tile, or a bounty whose prerequisite holds instead; an active
        bounty may be abandoned (GS-14.7)."""
        state = self.state
        bounties = startable_bounties(state)
        options = ["resolve the tile", *(f"begin the bounty \"{b.name}\"" for b in bounties)]
        if state.active_bounty is not None:
            options.append(f"abandon the bounty \"{state.active_bounty}\"")
        pick = self.asker.choose("Tile resolution", options) if len(options) > 1 else 0
        with self.changes():
            if 0 < pick <= len(bounties):
                result = run_bounty(state, bounties[pick - 1], self.fight, self.rng)
                self.write(f"The bounty \"{bounties[pick - 1].name}\" {BOUNTY_ENDS[result]}")
                return
            if pick > len(bounties):
                self.write(f"You abandon the bounty \"{state.active_bounty}\".")
                state.active_bounty = None
            event = resolve_tile(state, self.fight, self.rng)
            self.write(f"The tile: {event.kind}" + (f", {event.detail}" if event.detail else "") + ".")

    def changes(self) -> _Changes:
        return _Changes(self)

    # ---------------------------------------------------------------- duels

    def fight(self, state: TaleState, action: DuelAction) -> DuelOutcome:
        return self._fight(duel_setup(self.rules, state, action, self.rng), state)

    def duel_alone(self, names: list[str], creature: str) -> None:
        """A creature duel outside the story: new characters (GS-11.3), dispositions."""
        players = tuple(player_setup(self.rules, Build(n)) for n in names)
        self.state = new_state(self.rules.tale, names)
        self.state.party = new_party(self.rules, names)
        outcome = self._fight(DuelSetup(self.rules.creature(creature), players), self.state)
        self.write(f"end: the duel is a {outcome}")

    def _fight(self, setup: DuelSetup, state: TaleState) -> DuelOutcome:
        creature = setup.creature.name
        with_mods = " with " + ", ".join(m.name for m in setup.modifiers) if setup.modifiers else ""
        self.write(f"== duel: {creature}{with_mods}")
        how = self.asker.choose(f"How do you fight {creature}", FIGHTS)
        hand = HandPolicy(self.asker) if how == 0 else None
        policy = hand or make_policy(FIGHTS[how].removesuffix(" policy"))
        duel = Duel(self.rules, setup, policy, self.rng, log=True)
        self.write(f"  {duelist_words(duel.creature)}"
                   + (f"; dispositions: {', '.join(d.name for d in duel.in_play)}"
                      if duel.in_play else ""))
        result = duel.run()
        if hand is not None:
            hand.flush(duel)
        else:
            for line in duel.log:
                self.write(f"  {line}")
        write_back(state, duel)
        self.write(f"The duel is a {result.outcome} after {result.turns} turns: "
                   + ", ".join(f"{c.name} {c.hp} HP {c.ep} EP" for c in state.party) + ".")
        return result.outcome


class _Changes:
    """What a part, a bounty or a tile changed on the party's record, said after it."""

    def __init__(self, sitting: Sitting) -> None:
        self.sitting = sitting

    def __enter__(self) -> None:
        self.before = _record(self.sitting.state)

    def __exit__(self, *exc: object) -> None:
        if exc[0] is not None:
            return
        after = _record(self.sitting.state)
        for key, now in after.items():
            was = self.before.get(key)
            if now != was:
                self.sitting.write(f"  ~ {key}: {now}")


def _record(state: TaleState) -> dict[str, str]:
    items = "; ".join(f"{c.name}: {', '.join(sorted(x.name for x in c.items()))}"
                      for c in state.party if c.items())
    return {
        "path": state.path or "none",
        "markers": ", ".join(sorted(state.markers)) or "none",
        "items": items or "none",
        "PP": ", ".join(f"{c.name} {c.pp}" for c in state.party),
        "achievements": ", ".join(sorted(state.achievements)) or "none",
        "bounty": state.active_bounty or "none",
        "bounties done": ", ".join(sorted(state.bounties_done)) or "none",
        "area": f"{state.area} {state.tile}",
    }
