"""`tgc explore` over a Grimslingers Tall Tale (tgc/explore/seam.py): every play the rules
allow, searched breadth first one adventure turn at a time, so the first play found to
reach anything is a shortest one. Each turn branches on the party's choices (the move,
the part read when several are eligible, the tile or a bounty) and on every random
outcome (the attack die, the item and event drawn, a duel won or lost), through the same
story engine `tgc play` runs.

What it does not follow: the cards of a duel. A duel is won or lost; a won duel costs no
defeat, a lost one costs one for each player (everyone is down), and HP, EP and the
special resources are taken as they stand between duels. Progress points are followed
exactly, but two states that differ only above the highest PP a condition asks for are
one state (likewise for an item's count). The Rest phase is searched where it can change
what the story reads (explore_rest.py): then the party is dealt its cards as `tgc play`
deals them, a lost duel leaves everyone revived at 3 HP and 3 EP, and the sheets are part
of the state."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from tgc.bundle.schema import Bundle
from tgc.explore.seam import ExploreError, ExploreRequest
from tgc.rulesets.grimslingers.conditions import holds
from tgc.rulesets.grimslingers.data import (
    All,
    Any_,
    Area,
    Condition,
    Defeated,
    DuelAction,
    HasItem,
    Not,
    TallTale,
)
from tgc.rulesets.grimslingers.data import (
    Counter as CounterCondition,
)
from tgc.rulesets.grimslingers.engines.adventure import new_party
from tgc.rulesets.grimslingers.engines.explore_rest import (
    NO_REST,
    RestScope,
    covers,
    rest_scope,
    rest_sheet,
    take_rest,
)
from tgc.rulesets.grimslingers.engines.instant import rules_of
from tgc.rulesets.grimslingers.engines.session import (
    Texts,
    party_problem,
    read_transcript,
    tale_texts,
)
from tgc.rulesets.grimslingers.engines.story import (
    DuelOutcome,
    eligible_parts,
    move,
    moves,
    resolve_part,
    resolve_tile,
    rest,
    run_bounty,
    startable_bounties,
)
from tgc.rulesets.grimslingers.engines.tale import (
    Character,
    Taking,
    TaleState,
    first_with_room,
    new_state,
    revive_all,
    spend_defeats,
)
from tgc.rulesets.grimslingers.engines.witness import SEEDS, transcript
from tgc.rulesets.grimslingers.engines.words import cond_words, direction

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")
Key = tuple[Any, ...]
CHAPTER_END, GAME_OVER = "chapter end", "game over"


# ---------------------------------------------------------------- branching


@dataclass
class Oracle:
    """The decisions of one turn: those in ``prefix`` are replayed, every later one takes
    its first option and is recorded, so the caller can try the others."""

    prefix: list[int]
    taken: list[int] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    said: list[str] = field(default_factory=list)

    def pick(self, count: int, words: Callable[[int], str]) -> int:
        i = len(self.taken)
        k = self.prefix[i] if i < len(self.prefix) else 0
        self.taken.append(k)
        self.sizes.append(count)
        text = words(k)
        if text:
            self.said.append(text)
        return k

    def others(self) -> Iterator[list[int]]:
        """The prefixes of the plays that differ from this one at a new decision."""
        for j in range(len(self.prefix), len(self.taken)):
            for alt in range(1, self.sizes[j]):
                yield [*self.taken[:j], alt]


class Branching(random.Random):
    """The generator the story engine draws from while exploring: every draw it makes
    is a branch of the search. Draws the story cannot tell apart are one branch: the die's
    faces that give the same creature (``faces``, set for the tile at hand), the cards no
    prerequisite names."""

    def __init__(self, oracle: Oracle, named: frozenset[str]) -> None:
        super().__init__(0)
        self.oracle = oracle
        self.named = named
        self.faces: list[int] | None = None

    def randint(self, a: int, b: int) -> int:
        # ``faces`` are the tile's attack die's alone: a roll after it (an Instant item's
        # in a creature's reward) is a die of its own
        faces, self.faces = self.faces or list(range(a, b + 1)), None
        return faces[self.oracle.pick(len(faces), lambda k: f"roll {faces[k]}")]

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        indexes = range(len(seq))
        names = [str(getattr(seq[i], "name", seq[i])) for i in indexes]  # item cards, events
        kept = [i for i in indexes if names[i] in self.named]
        kept += [i for i in indexes if names[i] not in self.named][:1]
        k = kept[self.oracle.pick(len(kept), lambda k: f"draw {names[kept[k]]}")]
        return seq[k]


def _faces(area: Area) -> list[int]:
    """One face of the die for each creature of the area's attack table (and one for a
    face the table leaves out)."""
    faces, seen = [], set()
    for face in range(1, 7):
        arm = next((a.creature for a in area.attack if a.low <= face <= a.high), None)
        if arm not in seen:
            seen.add(arm)
            faces.append(face)
    return faces


def _duels(oracle: Oracle, revive: bool) -> Callable[[TaleState, DuelAction], DuelOutcome]:
    """Each duel won or lost; a lost one, when the sheets are followed (``revive``),
    leaves everyone at 0 HP and revived as `tgc play` revives them (GS-16.5)."""

    def duel(state: TaleState, action: DuelAction) -> DuelOutcome:
        k = oracle.pick(2, lambda k: f"duel {action.creature} {'won' if k == 0 else 'lost'}")
        if k == 0:
            return "win"
        spend_defeats(state, len(state.party))  # everyone is down (GS-16.4, GS-A30)
        if revive and not state.game_over:
            for c in state.party:
                c.hp = 0
            revive_all(state)
        return "lose"

    return duel


# ---------------------------------------------------------------- one turn


@dataclass
class Seen:
    """What held at some narrative moment, for the reasons of what is never reached."""

    literals: set[tuple[bool, Condition]] = field(default_factory=set)
    pending: set[int] = field(default_factory=set)  # the literals not seen yet, by index
    eligible: set[str] = field(default_factory=set)
    met: set[str] = field(default_factory=set)  # creatures fought


def _turn(tale: TallTale, state: TaleState, oracle: Oracle, seen: Seen, asked: Asked,
          literals: tuple[tuple[bool, Condition], ...], rest: RestScope | None = None,
          first: bool = False) -> bool:
    """One adventure turn as `tgc play` plays it (session.py), the last turn's Rest phase
    first when it is searched (``rest``; `tgc play` offers it with the move from the
    second turn on, so not in the ``first``); False when there is no legal move."""
    options = moves(state)
    area = state.current_area()
    if not options or area is None or state.tile is None:
        return False
    if rest is not None and not first:
        take_rest(state, oracle, rest)
    try:
        _phases(tale, state, oracle, seen, asked, literals, area, options, rest is not None)
    finally:
        if state.area != area.number:
            oracle.said.append(f"now in area {state.area} on {state.tile}")
    return True


def _phases(tale: TallTale, state: TaleState, oracle: Oracle, seen: Seen, asked: Asked,
            literals: tuple[tuple[bool, Condition], ...], area: Area, options: list[str],
            sheets: bool) -> None:
    here = state.tile or ""
    k = oracle.pick(len(options), lambda k: f"{direction(area, here, options[k])} to {options[k]}")
    move(state, options[k])
    rng, duel = Branching(oracle, asked.named), _duels(oracle, sheets)
    for i in [i for i in seen.pending if holds(literals[i][1], state) == literals[i][0]]:
        seen.pending.discard(i)
        seen.literals.add(literals[i])
    parts = eligible_parts(tale, state)
    seen.eligible.update(p.id for p in parts)
    if parts:
        i = oracle.pick(len(parts), lambda i: f"read {parts[i].id} \"{parts[i].title}\"")
        resolve_part(state, parts[i], duel, rng)
        if state.game_over or state.chapter_over:
            return
    bounties = startable_bounties(state)
    active = state.active_bounty
    count = 1 + len(bounties) + (active is not None)
    pick = oracle.pick(count, lambda i: "" if i == 0 else f"begin bounty \"{bounties[i - 1].name}\""
                       if i <= len(bounties) else f"abandon bounty \"{active}\"")
    if 0 < pick <= len(bounties):
        run_bounty(state, bounties[pick - 1], duel, rng)
    else:
        if pick > len(bounties):
            state.active_bounty = None
        tile, now = state.current_tile(), state.current_area()
        if tile is not None and now is not None and tile.kind != "event":
            rng.faces = _faces(now) if tile.kind == "attack" else None
            resolve_tile(state, duel, rng)  # an event changes nothing the story reads
    rest(state)


def _clone(s: TaleState, sheets: bool) -> TaleState:
    """A copy to play one turn on: with every pile when the rest is searched
    (``sheets``), else with the items alone (the duels are the oracle's: of the cards only
    the items matter to the story)."""
    party = [replace(c, hand=list(c.hand), stash=list(c.stash), discard=list(c.discard),
                     deactivated=list(c.deactivated), passive=list(c.passive),
                     bought=list(c.bought), upgrades=list(c.upgrades)) if sheets
             else Character(c.name, hp=c.hp, ep=c.ep, max_hp=c.max_hp, max_ep=c.max_ep,
                            resource=c.resource, belt=c.belt, pp=c.pp, hand=c.items())
             for c in s.party]
    return replace(s, party=party, completed=set(s.completed), markers=set(s.markers),
                   revealed={}, keys={a: set(k) for a, k in s.keys.items()},
                   opened=set(s.opened), specials_done=set(s.specials_done),
                   item_discard=list(s.item_discard), defeated=set(s.defeated),
                   bounties_done=set(s.bounties_done), achievements=set(s.achievements), log=[])


# ---------------------------------------------------------------- the search


@dataclass
class Step:
    """How a state was first reached: from ``parent`` by one turn whose decisions were
    ``taken`` (the oracle's indexes) and are ``said`` in words."""

    parent: Key | None
    said: tuple[str, ...]
    turn: int
    taken: tuple[int, ...] = ()


@dataclass
class Found:
    """The search's answers; ``first`` maps each thing reached to the state that first
    reached it (the end of a shortest play)."""

    tale: TallTale
    party: tuple[str, ...]
    chapter: int = 1
    states: int = 0
    complete: bool = True
    steps: dict[Key, Step] = field(default_factory=dict)
    first: dict[str, Key] = field(default_factory=dict)
    dead_ends: list[Key] = field(default_factory=list)
    seen: Seen = field(default_factory=Seen)
    rest: RestScope = NO_REST
    texts: Texts = field(default_factory=dict)  # what `tgc play` prints of a part

    # ------------------------------------------------------------ ExploreReport

    @property
    def failed(self) -> bool:
        return bool(self.dead_ends) or (self.complete and CHAPTER_END not in self.first)

    def witness(self, name: str) -> str | None:
        """The shortest play reaching ``name``, turn by turn, replayed on the story engine
        from the start (marked NOT CONFIRMED if the replay does not reach it)."""
        target = _target(self.tale, name)
        steps = self._steps(target)
        if steps is None:
            return None
        confirmed = target in _reached(self.replay([s.taken for s in steps]))
        head = (f"A shortest play reaching {name} ({', '.join(self.party)}): {len(steps)} turns"
                + ("" if confirmed else " (NOT CONFIRMED: the replay does not reach it)"))
        return "\n".join([head, *(f"turn {s.turn}: " + "; ".join(s.said) for s in steps),
                          self._in_play(name)]) + "\n"

    def _in_play(self, name: str) -> str:
        """How `tgc play` replays the witness: its seed and answers (``script``)."""
        script = self.script(name)
        if script is None:
            return f"in tgc play: none of the first {SEEDS} seeds draws as the witness does"
        header, answers = read_transcript(script)
        return f"in tgc play --seed {header.seed}: answers {', '.join(answers)}"

    def script(self, name: str) -> str | None:
        """The shortest play reaching ``name`` as a `tgc play` transcript (witness.py):
        its answers, under the first seed whose draws and duels reach it; None when no
        play reaches it or no seed tried does."""
        target = _target(self.tale, name)
        steps = self._steps(target)
        if steps is None:
            return None
        return transcript(self.tale, self.texts, self.party, [list(s.said) for s in steps],
                          lambda state: target in _reached(state))

    def _steps(self, target: str) -> list[Step] | None:
        key = self.first.get(target)
        if key is None:
            return None
        steps: list[Step] = []
        at: Key | None = key
        while at is not None:
            step = self.steps[at]
            if step.parent is not None:
                steps.append(step)
            at = step.parent
        steps.reverse()
        return steps

    def replay(self, turns: list[tuple[int, ...]]) -> TaleState:
        """The state these turns' decisions lead to from the start."""
        state = _start(self.tale, self.party, self.rest)
        asked = _asked(self.tale)
        rest = self.rest if self.rest.searched else None
        for n, taken in enumerate(turns):
            _turn(self.tale, state, Oracle(list(taken)), Seen(), asked, (), rest, n == 0)
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "party": list(self.party), "states": self.states, "complete": self.complete,
            "parts": {p.id: self._part(p.id) for p in self.tale.parts},
            "tiles": {"reached": sorted(k for k in self.first if k.startswith("tile ")),
                      "never": self._never_tiles()},
            "areas": {str(a.number): f"area {a.number}" in self.first for a in self.tale.areas},
            "bounties": {b.name: f"bounty {b.name}" in self.first for b in self.tale.bounties},
            "creatures_defeated": sorted(k[len("defeated "):] for k in self.first
                                         if k.startswith("defeated ")),
            "chapter_end": self._turns(CHAPTER_END), "game_over": self._turns(GAME_OVER),
            "dead_ends": len(self.dead_ends),
            "rest": {"searched": self.rest.searched, "why": self.rest.words()},
        }

    def to_text(self) -> str:
        tale, doc = self.tale, self.to_json()
        done = [p for p in tale.parts if self._part(p.id)["completed"]]
        how = "complete" if self.complete else "incomplete: raise --max-states"
        lines = [f"{tale.title}: every play of {', '.join(self.party)}, {self.states:,} states "
                 f"({how})",
                 f"  parts: {len(done)} of {len(tale.parts)} completed in some play"]
        for p in tale.parts:
            info = self._part(p.id)
            if not info["completed"]:
                lines.append(f"    never: {p.id} \"{p.title}\": {info['why']}")
        areas = doc["areas"]
        lines.append(f"  areas: {sum(areas.values())} of {len(areas)} entered"
                     + "".join(f"; never area {n}" for n, hit in areas.items() if not hit))
        never = doc["tiles"]["never"]
        total = sum(len(a.tiles) for a in tale.areas)
        lines.append(f"  tiles: {total - len(never)} of {total} reached"
                     + (f"; never: {', '.join(never)}" if never else ""))
        bounties = doc["bounties"]
        if bounties:
            lines.append(f"  bounties: {sum(bounties.values())} of {len(bounties)} done in some play"
                         + "".join(f"; never \"{n}\"" for n, hit in bounties.items() if not hit))
        beaten = doc["creatures_defeated"]
        lines.append(f"  creatures: {len(beaten)} of {len(tale.creatures)} defeated in some play")
        for label, name in (("the chapter ends", CHAPTER_END), ("the game is over", GAME_OVER)):
            turns = self._turns(name)
            lines.append(f"  {label}: " + (f"in some play (shortest: {turns} turns)"
                                           if turns is not None else "in no play"))
        lines.append(f"  dead ends (no legal move): {len(self.dead_ends) or 'none'}")
        lines.append(f"  the Rest phase: {self.rest.words()}")
        return "\n".join(lines) + "\n"

    def _turns(self, name: str) -> int | None:
        key = self.first.get(name)
        return None if key is None else self.steps[key].turn

    def _part(self, pid: str) -> dict[str, Any]:
        turns = self._turns(f"part {pid}")
        if turns is not None:
            return {"completed": True, "turns": turns}
        return {"completed": False, "why": self._why(pid)}

    def _why(self, pid: str) -> str:
        part = next(p for p in self.tale.parts if p.id == pid)
        if pid in self.seen.eligible:
            return "eligible in some play, but its actions never ran to their end"
        never = [lit for lit in _literals(part.requires) if lit not in self.seen.literals]
        if part.chapter != self.chapter:
            return f"of chapter {part.chapter}; the search plays chapter {self.chapter}"
        if never:
            return "never eligible: never held: " + ", ".join(
                ("" if positive else "not ") + cond_words(c) for positive, c in never)
        if not self.complete:
            return "not reached before the search stopped"
        return "never eligible: each of its conditions held in some play, never all at once"

    def _never_tiles(self) -> list[str]:
        return [f"area {a.number} {t.card.code}" for a in self.tale.areas for t in a.tiles
                if f"tile {a.number} {t.card.code}" not in self.first]


def _literals(cond: Condition | None, positive: bool = True) -> list[tuple[bool, Condition]]:
    """The leaves of a condition with their sign (``not`` flips it)."""
    match cond:
        case None:
            return []
        case All(args=args) | Any_(args=args):
            return [lit for a in args for lit in _literals(a, positive)]
        case Not(arg=arg):
            return _literals(arg, not positive)
        case _:
            return [(positive, cond)]


@dataclass(frozen=True)
class Asked:
    """What the story's prerequisites ask about: the highest PP and item counts (above
    them, states that differ are the same to the story), the items and creatures named,
    and whether a chest can matter (a legendary card is named)."""

    pp: int
    items: dict[str, int]
    defeated: frozenset[str]
    chests: bool

    @property
    def named(self) -> frozenset[str]:
        return frozenset(self.items)


def _asked(tale: TallTale) -> Asked:
    pp, items, defeated = 0, dict[str, int](), set[str]()
    conds = [p.requires for p in tale.parts] + [b.requires for b in tale.bounties]
    for _, c in (lit for cond in conds for lit in _literals(cond)):
        if isinstance(c, CounterCondition) and c.name == "pp":
            pp = max(pp, c.value + 1)
        if isinstance(c, HasItem):
            items[c.item] = max(items.get(c.item, 1), c.count)
        if isinstance(c, Defeated):
            defeated.add(c.creature)
    legendary = {c.name for c in tale.cards if c.category == "legendary"}
    return Asked(pp, items, frozenset(defeated), bool(legendary & set(items)))


def _key(s: TaleState, asked: Asked, rest: RestScope | None = None) -> Key:
    """The state as the story sees it: what a prerequisite, a move, a key or the
    defeats budget can tell apart. Items, PP and creatures no prerequisite names, the
    achievements, the tiles seen and the special events done are left out, and the keys
    and chests when no prerequisite names a legendary card (a chest gives nothing else).
    When the rest is searched (``rest``), each sheet as a later rest can tell it apart."""
    chests = (frozenset((a, frozenset(k)) for a, k in s.keys.items() if k),
              frozenset(s.opened)) if asked.chests else None
    return (s.chapter, frozenset(s.completed), frozenset(s.markers), s.path, s.area, s.tile,
            s.previous, chests,
            _items(s, asked),
            frozenset(s.defeated & asked.defeated), s.active_bounty, frozenset(s.bounties_done),
            s.defeats_left, min(min((c.pp for c in s.party), default=0), asked.pp),
            s.game_over, s.chapter_over,
            None if rest is None else tuple(rest_sheet(c, rest) for c in s.party))


def _items(s: TaleState, asked: Asked) -> frozenset[tuple[str, int]]:
    """The items a prerequisite names, counted up to what it asks for, whoever holds them."""
    if not asked.items:
        return frozenset()
    held = s.held_items()
    return frozenset((n, min(held[n], cap)) for n, cap in asked.items.items() if held[n])


def _reached(s: TaleState) -> Iterator[str]:
    yield from (f"part {p}" for p in s.completed)
    if s.area is not None:
        yield f"area {s.area}"
        if s.tile is not None:
            yield f"tile {s.area} {s.tile}"
    yield from (f"bounty {b}" for b in s.bounties_done)
    yield from (f"defeated {c}" for c in s.defeated)
    if s.chapter_over:
        yield CHAPTER_END
    if s.game_over:
        yield GAME_OVER


def _start(tale: TallTale, party: tuple[str, ...], scope: RestScope) -> TaleState:
    """A new session; when the rest is searched, the party dealt its cards as `tgc play`
    deals them, an item taken by the first with room for it (Nyunyo's refusal, a
    player's choice, is not searched)."""
    state = new_state(tale, list(party))
    if scope.searched:
        state.party = new_party(rules_of(tale), list(party))
        state.taker = lambda s, card: Taking(first_with_room(s, card).who)
    return state


def search(tale: TallTale, party: tuple[str, ...], max_states: int = 500_000,
           scope: RestScope | None = None) -> Found:
    """Every play of ``party``, breadth first; the Rest phase as far as ``scope`` says
    (by default what ``rest_scope`` finds the story reads)."""
    if scope is None:
        conditions = [p.requires for p in tale.parts] + [b.requires for b in tale.bounties]
        scope = rest_scope(tale, (lit for cond in conditions for lit in _literals(cond)))
    rest = scope if scope.searched else None
    start = _start(tale, party, scope)
    found = Found(tale, party, start.chapter, rest=scope)
    asked = _asked(tale)
    literals = tuple(dict.fromkeys(lit for p in tale.parts for lit in _literals(p.requires)))
    found.seen.pending = set(range(len(literals)))
    first = _key(start, asked, rest)
    found.steps[first] = Step(None, (), 0)
    for name in _reached(start):
        found.first.setdefault(name, first)
    frontier: deque[tuple[TaleState, Key]] = deque([(start, first)])
    at_place: dict[Key, list[Any]] = {first[:-1]: [first[-1]]} if rest is not None else {}
    while frontier:
        state, key = frontier.popleft()
        turn = found.steps[key].turn + 1
        prefixes: list[list[int]] = [[]]
        while prefixes:
            child = _clone(state, rest is not None)
            oracle = Oracle(prefixes.pop())
            if not _turn(tale, child, oracle, found.seen, asked, literals, rest, turn == 1):
                found.dead_ends.append(key)
                break
            prefixes.extend(oracle.others())
            child_key = _key(child, asked, rest)
            if child_key in found.steps:
                continue
            if rest is not None:  # a state whose sheets another's at its place covers
                sheets = at_place.setdefault(child_key[:-1], [])
                if any(covers(other, child_key[-1], rest) for other in sheets):
                    continue
                sheets.append(child_key[-1])
            if len(found.steps) >= max_states:
                found.complete = False
                frontier.clear()
                break
            found.steps[child_key] = Step(key, tuple(oracle.said), turn, tuple(oracle.taken))
            for name in _reached(child):
                found.first.setdefault(name, child_key)
            if not (child.game_over or child.chapter_over):
                frontier.append((child, child_key))
    found.states = len(found.steps)
    return found


def run(bundle: Bundle, request: ExploreRequest) -> Found:
    tale = bundle.rules
    if not isinstance(tale, TallTale) or tale.start_area is None:
        raise ExploreError("the Tall Tale needs an `@area` to start in to be explored")
    party = request.party or tuple(g.name for g in tale.grimslingers[:tale.players[1]])
    problem = party_problem(tale, party)
    if problem is not None or not party:
        raise ExploreError(f"--party: {problem or 'the Tall Tale declares no @grimslinger'}")
    if request.witness is not None and _target(tale, request.witness) not in _targets(tale):
        raise ExploreError(f"--witness: no `{request.witness}` in this Tall Tale (a part's "
                           "id, `area N`, `tile N CODE`, `bounty NAME`, `chapter end` or "
                           "`game over`)")
    found = search(tale, party, request.max_states)
    found.texts = tale_texts(bundle)
    return found


def _target(tale: TallTale, name: str) -> str:
    """A part may be named by its id alone (``1.5`` is ``part 1.5``)."""
    return f"part {name}" if any(p.id == name for p in tale.parts) else name


def _targets(tale: TallTale) -> list[str]:
    """What --witness takes."""
    return ([f"part {p.id}" for p in tale.parts] + [f"area {a.number}" for a in tale.areas]
            + [f"tile {a.number} {t.card.code}" for a in tale.areas for t in a.tiles]
            + [f"bounty {b.name}" for b in tale.bounties] + [CHAPTER_END, GAME_OVER])
