"""Play-session walk of a campaign played by its days (`tgc explore --campaign --days N`):
a bundle, a party and a bound on the days in; every line of play a reader could type, the
better off first, out: which location cards the characters stand on and which verses
they read, by the earliest day found, each with a witness (the inputs that get there, a script
that `tgc play --campaign --script` replays to the same place).

The walk drives the same play session a reader uses (tgc/playtest/session.py), so a
witness is exactly what `tgc play` does with those inputs; the campaign layer of the
ruleset says which commands fit now (``CampaignLayer.moves``), the session's journal
readings branch on every choice, every ask and every outcome of a fight that waits for
one. Dice, the guardian die and everything else random come from the session's seeded
generator, as in `tgc play --seed`. Lines of play between readings are merged by the
layer's summary (``CampaignLayer.summary``): one is dropped when another already walked
stood at the same place with at least as much of every amount (``Summary.covers``);
``exact`` merges only identical save files. Merging makes the walk an
under-approximation: every card and verse it reports is reached by its witness, but one
it does not report may still be reachable by a line of play merged into another.
Branches fork the session between readings (``Session.fork``) and replay only the
answers inside one; a reading is walked answer by answer once per key
(``CampaignLayer.readers``), and its ends are replayed wherever else the key comes up.
The layer is told what the campaign reads (``reads``: the explorer's features of the
bundle, one reckoning for both), so its summary keeps the numbers read and a night
before the last day offers the purchases that change one (``CampaignLayer.watch``)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, assert_never

from tgc.bundle import schema as s
from tgc.conditions.form import leaves
from tgc.explore.features import Features
from tgc.explore.liveness import Liveness
from tgc.limits import as_number
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.campaign import Flag, Reads, Summary
from tgc.runtime.save import dump_save
from tgc.runtime.state import party_problem


@dataclass(frozen=True, slots=True)
class Reach:
    """The earliest day something was reached, and the inputs that reach it then."""

    day: int
    inputs: tuple[str, ...]


@dataclass
class WalkReport:
    """The walk's outcome, on ``seed``: the states met (distinct between readings), whether
    it went through every line of play within the days (else it stopped at
    ``max_states``), the cards stood on and the verses read with the earliest day found
    for each, and the lines of play the campaign could not go on with (the error)."""

    party: tuple[str, ...]
    days: int
    seed: int
    states: int = 0
    complete: bool = True
    cards: dict[int, Reach] = field(default_factory=dict)
    verses: dict[str, Reach] = field(default_factory=dict)
    errors: list[tuple[tuple[str, ...], str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"party": list(self.party), "days": self.days, "seed": self.seed,
                "states": self.states, "complete": self.complete,
                "cards": {str(c): {"day": r.day, "witness": list(r.inputs)}
                          for c, r in sorted(self.cards.items())},
                "verses": {v: {"day": r.day, "witness": list(r.inputs)}
                           for v, r in sorted(self.verses.items())},
                "errors": [{"inputs": list(i), "error": e} for i, e in self.errors]}

    def witness(self, target: str, what: str) -> str | None:
        """A script reaching card or verse ``what`` (its first line says how to replay it);
        None when the walk did not reach it."""
        card = as_number(what)
        found = self.cards.get(card) if card is not None else self.verses.get(what)
        if found is None:
            return None
        party = f" --party {','.join(self.party)}" if self.party else ""
        replay = f"# tgc play {target} --campaign{party} --seed {self.seed} --fights ask --script THIS_FILE"
        return "\n".join([replay, f"# reaches {what} on day {found.day}", *found.inputs]) + "\n"

    def to_text(self, target: str) -> str:
        how = "every line of play walked" if self.complete else "stopped at --max-states: incomplete"
        lines = [f"{self.days} day(s) of the campaign with {', '.join(self.party)}, seed {self.seed}: "
                 f"{self.states} states ({how})",
                 "  cards first stood on, by day:"]
        lines += [f"    day {day}: {', '.join(str(c) for c in cards)}"
                  for day, cards in sorted(self.by_day().items())]
        lines.append(f"  verses read: {len(self.verses)}")
        lines += [f"  error after {' | '.join(i)}: {e}" for i, e in self.errors]
        lines.append(f"  a script that reaches one: tgc explore {target} --campaign --days {self.days} "
                     "--witness CARD|VERSE")
        return "\n".join(lines) + "\n"

    def by_day(self) -> dict[int, list[int]]:
        """The cards first reached on each day."""
        out: dict[int, list[int]] = {}
        for card, reach in sorted(self.cards.items()):
            out.setdefault(reach.day, []).append(card)
        return out


class WalkError(ValueError):
    """A walk that cannot start (no campaign layer, a bad party); meant for the user."""


def walk(book: Book, party: tuple[str, ...], days: int, *, seed: int = 0, max_states: int = 2000,
         exact: bool = False, reuse: bool = True,
         progress: Callable[[int], None] | None = None) -> WalkReport:
    """Every line of play of ``days`` days, one day at a time: from each state the day
    begins in, depth first to the states the next day begins in, up to an even share of
    ``max_states`` a day (so a bound that cuts day 1 short still walks every later day
    from the states it found). ``reuse`` (never with ``exact``): a reading of one key
    (``CampaignLayer.reader``) is walked answer by answer once and its ends replayed
    wherever else the same key comes up."""
    problem = party_problem(book.bundle, party)
    if problem is not None:
        raise WalkError(problem)
    report = WalkReport(party, days, seed)
    root = Session(book, _drop, seed=seed, dice="script", fights="ask", party=party, campaign=True)
    try:
        root.start()
    except SessionError as err:
        raise WalkError(str(err)) from None
    assert root.layer is not None
    root.layer.watch(reads(book, len(party)), days)
    share = max(1, max_states // days)
    day_walk = _Day(_Merge(exact), _Readings(reuse and not exact), report, progress)
    frontier: list[_Node] = [_Node(root, (), ())]
    for day in range(1, days + 1):
        frontier = day_walk.walk(day, frontier, share)
    return report


def reads(book: Book, party: int) -> Reads:
    """What the campaign reads, as the explorer's abstraction reckons it (tgc/explore/
    features.py: every condition, test modifier and cost of the journal, and where less
    of a number may help), and the conditions of its records (a quest's success) and the
    costs of its location actions, through the same reckoning of a condition's parts; the
    statuses, Secrets, Items, verses read and dials among them are the ``flags``, with
    every Item a draw by keyword may give (what one character holds is out of the deck
    another's draw takes from)."""
    features = Features.of(book, party)
    found = list(features.relevant)
    recorded: list[tuple[str, object]] = []
    for records in book.bundle.records.values():
        for record in records:
            for cond in record.conditions.values():
                recorded += [read for leaf in leaves(book.form(cond))
                             for read in features.cond_features(leaf)]
    found += recorded
    drawn = {name for keyword in _drawn(book) for name in book.items_with(keyword)}
    found += [("item", name) for name in drawn]
    numbers = {str(name) for kind, name in found if kind == "num"}
    numbers |= {cost.resource for location in book.bundle.locations for action in location.actions
                for cost in action.costs}
    flags = {(kind, name) for kind, name in found if kind in _FLAGS and isinstance(name, str | int)}
    return Reads(frozenset(numbers), frozenset(features.more_may_hurt), frozenset(flags),
                 _flags(recorded), frozenset(drawn), _Touches(Liveness(features)))


_FLAGS = frozenset({"status", "secret", "item", "visited", "dial"})


def _flags(found: Iterable[tuple[str, object]]) -> frozenset[Flag]:
    return frozenset((kind, name) for kind, name in found if isinstance(name, str | int))


@dataclass(frozen=True, slots=True)
class _Touches:
    """What the rest of a reading from a verse on may read or change, by the explorer's
    backward data-flow over the verse graph (tgc/explore/liveness.py); cached by verse."""

    liveness: Liveness
    cache: dict[tuple[str, str | None], frozenset[Flag]] = field(default_factory=dict)

    def __call__(self, target: s.Target) -> frozenset[Flag]:
        if not isinstance(target, s.Goto):
            return frozenset()
        key = (target.verse, target.block)
        found = self.cache.get(key)
        if found is None:
            mask = self.liveness.of_target(target)
            found = _flags(f for f, bit in self.liveness.bits.items() if mask & bit)
            self.cache[key] = found
        return found


def _drawn(book: Book) -> set[str]:
    """The keywords the journal gains an Item by (``~ gain item weapon``)."""
    out: set[str] = set()
    for body in book.bodies.values():
        for op in body.ops:
            effect = op.effect if isinstance(op, s.IfEffect) else op
            if isinstance(effect, s.ItemChange) and effect.keyword and effect.kind == "gain-item":
                out.add(effect.item)
    return out


class _Day:
    """One day's walk from the states it begins in; the next day's beginnings out. The
    better off first: the lines of play after the state with the largest sum of the
    summary's amounts (Energy left, Food, who may still act) are walked before the
    others, depth first among equals, so a place is most often first met at its best and
    fewer states are walked only to be covered later (docs/performance.md, Session 10)."""

    def __init__(self, merge: _Merge, readings: _Readings, report: WalkReport,
                 progress: Callable[[int], None] | None) -> None:
        self.merge, self.readings, self.report, self.progress = merge, readings, report, progress
        self.heap: list[tuple[int, int, _Node]] = []
        self.count = 0

    def push(self, rank: int, node: _Node) -> None:
        """Later pushes of one rank pop first (depth first among equals)."""
        self.count -= 1
        heapq.heappush(self.heap, (rank, self.count, node))

    def walk(self, day: int, frontier: list[_Node], share: int) -> list[_Node]:
        for node in reversed(frontier):
            self.push(0, node)
        later: list[_Node] = []
        walked = 0
        while self.heap:
            if walked >= share:
                self.report.complete = False
                self.heap.clear()
                break
            rank, _, node = heapq.heappop(self.heap)
            session = node.play(self.report)
            if session is None:
                continue
            assert session.layer is not None
            if session.layer.state.day > day:
                later.append(node)  # the next day's Start: walked tomorrow
                continue
            _record(session, node.inputs, self.report)  # reached by its inputs, merged or not
            between = not session.reading and session.waiting is None
            summary = session.layer.summary() if between else None
            fresh = None if summary is None else self.merge.fresh(session, summary)
            if summary is not None and node.reading is not None:
                for sub in self.readings.end(node.reading, node.tail, summary):
                    self.push(sub.rank, _Node(sub.base, sub.done, node.tail))
            if fresh is False:
                continue
            walked += 1
            self.report.states += 1
            if self.progress is not None:
                self.progress(self.report.states)
            if summary is not None:
                self.branch(session, node.inputs, -sum(summary.amounts))
            else:
                for line in reversed(_next(session)):  # the first line of play is walked first
                    self.push(rank, _Node(node.base, node.done, (*node.tail, line), node.reading))
        return later

    def branch(self, session: Session, inputs: tuple[str, ...], rank: int) -> None:
        """The lines of play from a state between readings: a move whose reading was walked
        under the same key elsewhere replays the ends found there (and those found later)."""
        assert session.layer is not None
        lines = session.layer.moves()
        for line, key in reversed(list(zip(lines, self.readings.keys(session, lines), strict=True))):
            known = None if key is None else self.readings.ask(key, _Asker(session, inputs, rank))
            if known is None:
                self.push(rank, _Node(session, inputs, (line,), key))
            else:
                for tail in reversed(known):
                    self.push(rank, _Node(session, inputs, tail))


@dataclass(frozen=True, slots=True)
class _Node:
    """A line of play: ``base``, a session between readings reached by ``done``, and the
    inputs ``tail`` after it (the answers inside a reading cannot be forked, only replayed).
    ``reading``: the key whose ends this line of play finds (``_Readings``)."""

    base: Session
    done: tuple[str, ...]
    tail: tuple[str, ...]
    reading: str | None = None

    @property
    def inputs(self) -> tuple[str, ...]:
        return (*self.done, *self.tail)

    def play(self, report: WalkReport) -> Session | None:
        """The session at this line of play (the base is never changed); None when an
        input does not fit (a command the rules refuse now is no line of play), recorded
        when the campaign cannot go on."""
        if not self.tail:
            return self.base
        session = self.base.fork(_drop)
        try:
            for line in self.tail:
                session.handle(line)
                while isinstance(session.waiting, ev.RollRequested | ev.TossRequested):
                    session.draw()  # as a script's replay rolls them (tgc/playtest/transcript.py)
        except SessionError as err:
            if "cannot go on here" in str(err):
                report.errors.append((self.inputs, str(err)))
            return None
        return session


@dataclass(frozen=True, slots=True)
class _Asker:
    """A state between readings that wants the ends of a reading walked elsewhere."""

    base: Session
    done: tuple[str, ...]
    rank: int


@dataclass
class _Ends:
    """The ends of one key's readings found so far (a move and its answers each, one per
    distinct summary reached) and the states that replay each end as it is found."""

    tails: list[tuple[str, ...]] = field(default_factory=list)
    reached: set[tuple[str, tuple[int, ...]]] = field(default_factory=set)
    askers: list[_Asker] = field(default_factory=list)


class _Readings:
    """A reading's branches walked once per key (``CampaignLayer.reader``: the characters
    reading with all they hold and the world, not where the others stand): on the sample
    for two, most states were inside readings walked again from every new combination of
    where the two stand (docs/performance.md, Session 10). Its ends (the move and the
    answers up to the next state between readings) are replayed in every other state with
    the key, each a real line of play that the merge then judges."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.ends: dict[str, _Ends] = {}

    def keys(self, session: Session, moves: list[str]) -> list[str | None]:
        if not self.on or session.layer is None:
            return [None] * len(moves)
        return session.layer.readers(moves)

    def ask(self, key: str, asker: _Asker) -> list[tuple[str, ...]] | None:
        """The ends known under ``key``, the asker told of later ones; None for the first
        asker, who walks the readings."""
        ends = self.ends.get(key)
        if ends is None:
            self.ends[key] = _Ends()
            return None
        ends.askers.append(asker)
        return list(ends.tails)

    def end(self, key: str, tail: tuple[str, ...], summary: Summary) -> list[_Asker]:
        """An end found by walking ``key``'s readings: the askers to replay it in, when it
        reaches a summary no earlier end reached."""
        ends = self.ends[key]
        if (summary.place, summary.amounts) in ends.reached:
            return []
        ends.reached.add((summary.place, summary.amounts))
        ends.tails.append(tail)
        return ends.askers


def _drop(line: Line) -> None:
    """The walk shows nothing."""


class _Merge:
    """Which lines of play go on as one. ``exact``: the same save file's text. Otherwise the
    layer's summary (``CampaignLayer.summary``): a line of play goes on only while it
    stands somewhere no walked one stood as well off (``Summary.covers``). The whole
    summary: a merge by pieces of it (the characters on each card) kept each piece beside
    others worse off than here and lost the lines that need both this well off at once
    (docs/campaign.md, "Exploring it")."""

    def __init__(self, exact: bool) -> None:
        self.exact = exact
        self.seen: set[str] = set()
        self.kept: dict[str, list[Summary]] = {}

    def fresh(self, session: Session, summary: Summary) -> bool:
        """Whether a state between readings (``summary`` its layer's) is walked on; the
        answer is remembered, so a state is fresh once."""
        assert session.layer is not None
        if self.exact:
            text = dump_save(session.layer.state, world=session.layer.world())
            if text in self.seen:
                return False
            self.seen.add(text)
            return True
        walked = self.kept.setdefault(summary.place, [])
        if any(other.covers(summary) for other in walked):
            return False
        walked[:] = [other for other in walked if not summary.covers(other)]
        walked.append(summary)
        return True


def _record(session: Session, inputs: tuple[str, ...], report: WalkReport) -> None:
    assert session.layer is not None
    state = session.layer.state
    here = Reach(state.day, inputs)
    for card in session.layer.standing().values():
        if _better(here, report.cards.get(card)):
            report.cards[card] = here
    for verse in state.visited:
        if _better(here, report.verses.get(verse)):
            report.verses[verse] = here


def _better(new: Reach, old: Reach | None) -> bool:
    return old is None or (new.day, len(new.inputs)) < (old.day, len(old.inputs))


def _next(session: Session) -> list[str]:
    """The lines a reader could type now: the answers the reading under way waits for,
    else the campaign's commands."""
    waiting = session.waiting
    if waiting is not None:
        return _answers(waiting)
    assert session.layer is not None
    return session.layer.moves()


def _answers(waiting: ev.Wait) -> list[str]:
    match waiting:
        case ev.ChoicesOffered():
            return [str(i + 1) for i in range(len(waiting.choices))]
        case ev.AskPosed():
            return ["yes", "no"]
        case ev.EncounterStarted():
            return list(waiting.outcomes)
        case ev.RollRequested() | ev.TossRequested():
            return []  # never left waiting: the walk rolls them as a script's replay does
        case _:
            assert_never(waiting)
