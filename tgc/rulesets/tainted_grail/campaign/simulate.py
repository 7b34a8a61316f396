"""Tainted Grail's campaign layer, simulated: `tgc sim --days N` plays whole days of the
campaign RUNS times with a policy and reports survival, menhirs lit, locations reached
and quests finished, with 95% intervals. Every answer a day needs (an action, a
journal choice, a die, a fight nobody's engine plays) comes from the run's own seeded
generator, so the same seed gives the same numbers.

The policies choose each character's action in turn: ``random`` any legal one
(travel, explore, a location action, the Character Action, inspecting a menhir, passing); ``greedy`` travels
to the card visited least (ties to the lowest number), explores a card not explored yet
today, inspects a menhir not lit, and passes otherwise. At night each character spends their
Exp by the stated rule (engines/advancement.py ``spend``, EOD-3). Journal choices and asks are
picked by the generator under both; fights are the engines' (``greedy`` plays them by
the greedy policy, ``random`` by the random one).

The runs go through the executor seam (tgc/sim/seam.py) like every other simulation: cut
into chunks of seed ranges, run on local processes or a Dask cluster, each chunk kept as
it finishes. Run ``i`` depends on its own seed only, so the report is the same for any
executor and any number of workers."""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tgc.bundle.schema import Bundle
from tgc.rulesets.tainted_grail.campaign import actions as character_actions
from tgc.rulesets.tainted_grail.campaign import advance
from tgc.rulesets.tainted_grail.campaign.day import Campaign, Question
from tgc.rulesets.tainted_grail.campaign.party import CampaignError
from tgc.rulesets.tainted_grail.engines.simulate import run_seed
from tgc.rulesets.tainted_grail.engines.table import table_ruleset
from tgc.runs.batch import Batch, content_hash
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import Ruleset
from tgc.runtime.story import Story
from tgc.sim.interval import wilson

if TYPE_CHECKING:
    from tgc.sim.seam import SimRequest

POLICIES = ("random", "greedy")
ENERGY = "energy"
MAX_STEPS = 400  # a run's readings' waits answered before the run is called stuck
# Runs per chunk: a run of a few days of the sample is about a tenth of a second, so a
# chunk is a few seconds of work, enough to pay for sending the bundle to a worker.
DAYS_CHUNK = 25


@dataclass(frozen=True, slots=True)
class Run:
    """One run's outcome: how many days were played, whether everyone lived, why the
    game ended early (a solo death, a failure; None: it did not), the menhirs lit at
    the end, the cards ever stood on, the quests that succeeded, the purchases made with
Exp at night (EOD-3)."""

    days: int
    survived: bool
    ending: str | None
    menhirs: int
    reached: frozenset[int]
    quests: tuple[str, ...]
    advances: int = 0

    def to_data(self) -> dict[str, Any]:
        """The run as JSON data (a chunk's result travels and is kept as JSON)."""
        return {"days": self.days, "survived": self.survived, "ending": self.ending,
                "menhirs": self.menhirs, "reached": sorted(self.reached),
                "quests": list(self.quests), "advances": self.advances}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Run:
        return cls(data["days"], data["survived"], data["ending"], data["menhirs"],
                   frozenset(data["reached"]), tuple(data["quests"]), data["advances"])


@dataclass
class DaysReport:
    """RUNS runs of DAYS days: the rates with 95% Wilson intervals, by location and quest."""

    party: tuple[str, ...]
    days: int
    policy: str
    seed: int
    runs: list[Run] = field(default_factory=list)
    elapsed: float = 0.0

    def _rate(self, count: int) -> dict[str, float]:
        low, high = wilson(count, len(self.runs))
        return {"rate": count / len(self.runs), "low": low, "high": high}

    def to_json(self) -> dict[str, Any]:
        n = len(self.runs)
        reached: Counter[int] = Counter(c for r in self.runs for c in r.reached)
        quests: Counter[str] = Counter(q for r in self.runs for q in r.quests)
        return {
            "party": list(self.party), "days": self.days, "policy": self.policy, "seed": self.seed,
            "runs": n,
            "survival": self._rate(sum(r.survived for r in self.runs)),
            "ended": dict(sorted(Counter(r.ending for r in self.runs if r.ending).items())),
            "mean_days": sum(r.days for r in self.runs) / n,
            "mean_menhirs": sum(r.menhirs for r in self.runs) / n,
            "mean_advances": sum(r.advances for r in self.runs) / n,
            "reached": {str(c): self._rate(k) for c, k in sorted(reached.items())},
            "quests": {q: self._rate(k) for q, k in sorted(quests.items())},
        }

    def to_text(self) -> str:
        data = self.to_json()
        s = data["survival"]
        lines = [f"{self.days} day(s) of the campaign with {', '.join(self.party)}: {data['runs']} "
                 f"runs, policy {self.policy}, seed {self.seed}",
                 f"  survival        {s['rate']:6.1%}   (95% interval {s['low']:.1%} - {s['high']:.1%})",
                 f"  ended early     {', '.join(f'{k} {v}' for k, v in data['ended'].items()) or 'none'}",
                 f"  mean days       {data['mean_days']:6.2f}",
                 f"  menhirs lit     {data['mean_menhirs']:6.2f} at the end (mean)",
                 f"  Exp purchases   {data['mean_advances']:6.2f} at night (mean)",
                 "  locations reached:"]
        lines += [f"    {card:>6}    {r['rate']:6.1%}   ({r['low']:.1%} - {r['high']:.1%})"
                  for card, r in data["reached"].items()]
        lines.append("  quests finished:" + ("" if data["quests"] else " none"))
        lines += [f"    {q}    {r['rate']:6.1%}   ({r['low']:.1%} - {r['high']:.1%})"
                  for q, r in data["quests"].items()]
        return "\n".join(lines) + "\n"


class DaysError(ValueError):
    """A request the days' simulator cannot run; meant for the user."""


def simulate_days(bundle: Bundle, party: tuple[str, ...], days: int, runs: int, seed: int,
                  policy: str, progress: Callable[[int], None] | None = None,
                  request: SimRequest | None = None) -> DaysReport:
    """RUNS runs of DAYS days each, run ``i`` on its own seed (``run_seed``), on the
    executor ``request`` names (None: here, in this process) and kept in its chunk store."""
    from tgc.sim.seam import SimRequest, run_chunks

    if policy not in POLICIES:
        raise DaysError(f"the campaign's days play with {' or '.join(POLICIES)}, not {policy}")
    names = party or _default_party(Book(bundle))
    report = DaysReport(tuple(names), days, policy, seed)
    began = time.perf_counter()
    where = request if request is not None else SimRequest("", runs=runs, seed=seed)
    for part in run_chunks(where, days_batch(bundle, tuple(names), days, runs, seed, policy), progress):
        report.runs += [Run.from_data(run) for run in part]
    report.elapsed = time.perf_counter() - began
    return report


def days_batch(bundle: Bundle, party: tuple[str, ...], days: int, runs: int, seed: int,
               policy: str) -> Batch:
    """The days' simulation as a batch: its identity is the bundle's content, the party,
    the days, the policy and the seed, so a kept chunk is served only to the same question."""
    digest = hashlib.blake2b(bundle.model_dump_json().encode(), digest_size=16).hexdigest()
    identity = content_hash([digest, list(party), days, policy, seed])
    return Batch(days_chunk, (bundle, party, days, policy, seed), identity, runs, chunk=DAYS_CHUNK)


def days_chunk(inputs: tuple[Bundle, tuple[str, ...], int, str, int], first: int,
               stop: int) -> list[dict[str, Any]]:
    """The batch task (tgc/runs/batch.py): runs ``first``..``stop - 1``."""
    bundle, party, days, policy, seed = inputs
    book = Book(bundle)
    fights = table_ruleset(book, policy)
    return [play_days(book, party, days, Rng(run_seed(seed, i)), policy, fights).to_data()
            for i in range(first, stop)]


def _default_party(book: Book) -> tuple[str, ...]:
    from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules

    characters = sorted(bundle_rules(book.bundle).characters.values(), key=lambda c: c.number)
    if not characters:
        raise DaysError("the campaign declares no @character to play its days")
    return (characters[0].name,)


def play_days(book: Book, party: tuple[str, ...], days: int, rng: Rng, policy: str,
              fights: Ruleset | None) -> Run:
    """One run: DAYS days played by the policy, or until the game ends."""
    campaign = Campaign(book, list(party), rng=rng, ruleset=fights, decide=lambda q: _decide(q, rng))
    player = _Player(campaign, rng, policy)
    played = advances = 0
    try:
        for day in range(days):
            if campaign.world.phase == "dusk":
                campaign.dawn()
            player.settle(campaign.start_of_day())
            played = day + 1
            while campaign.world.phase == "day" and not campaign.day_over():
                player.turn()
            if campaign.world.phase == "day":
                player.settle(campaign.end_of_day())
            if campaign.world.phase == "dusk":  # EOD-3 after the night's readings
                advances += len(advance.spend(campaign))
            if campaign.world.phase == "over":
                break
    except _Stuck:
        pass
    piles = campaign.world.events
    reached = frozenset(player.visited) | frozenset(campaign.world.positions.values())
    return Run(played, not campaign.world.dead, campaign.world.ending, len(campaign.world.menhirs),
               reached, tuple(sorted(piles.done)) if piles is not None else (), advances)


def _decide(question: Question, rng: Rng) -> str:
    return rng.pick(question.options)


class _Stuck(Exception):
    """A reading that cannot go on (no answer fits); the run ends there."""


class _Player:
    """The policy at the table: one action per character per round, readings played."""

    def __init__(self, campaign: Campaign, rng: Rng, policy: str) -> None:
        self.c, self.rng, self.policy = campaign, rng, policy
        self.visited: Counter[int] = Counter(campaign.world.positions.values())
        self.explored: set[tuple[int, int]] = set()
        self.inspected: set[tuple[int, int]] = set()

    def turn(self) -> None:
        world = self.c.world
        for name in world.order():
            if world.phase != "day" or name not in world.positions:
                return
            if name in world.passed or name in world.turned:
                continue
            self._act(name)

    def _act(self, name: str) -> None:
        options = self._options(name)
        choice = self.rng.pick(options) if self.policy == "random" else options[0]
        kind, arg = choice
        try:
            match kind:
                case "travel":
                    self.settle(self.c.travel([name], int(arg)))
                case "explore":
                    self.explored.add((self.c.state.day, self.c.world.positions[name]))
                    self.play(self.c.explore([name]))
                case "act":
                    self.play(self.c.act([name], str(arg)))
                case "action":
                    self.settle(character_actions.take(self.c, name))
                case "inspect":
                    self.inspected.add((self.c.state.day, self.c.world.positions[name]))
                    self.play(self.c.inspect([name]))
                case _:
                    self.c.pass_(name)
        except CampaignError:
            self.c.pass_(name)  # the chosen action turned out not to fit: the character passes
        if name in self.c.world.positions:
            self.visited[self.c.world.positions[name]] += 1

    def _options(self, name: str) -> list[tuple[str, int | str]]:
        """The legal actions, the greedy policy's order first."""
        c = self.c
        card = c.world.positions[name]
        member = c.character(name)
        energy = member.tracks[ENERGY]
        out: list[tuple[str, int | str]] = []
        if energy >= 1:
            targets = sorted(c.table.connected_placed(card), key=lambda n: (self.visited[n], n))
            travel = [("travel", n) for n in targets if c.geo.connected(card, n)]
            explore = [("explore", card)] if c.book.hook(card, "explore") is not None else []
            fresh = (c.state.day, card) not in self.explored
            location = c.book.locations.get(card)
            actions = location.actions if location is not None else ()
            acts: list[tuple[str, int | str]] = [("act", a.name) for a in actions]
            out += (explore + travel) if fresh else (travel + explore)
            out += acts
            if character_actions.action_of(c, name) is not None:
                out.append(("action", name))
        if "menhir" in c.geo.cards[card].seals and c.book.hook(card, "menhir") is not None \
                and c.world.menhir_on(card) is None and (c.state.day, card) not in self.inspected:
            out.insert(0, ("inspect", card))
        out.append(("pass", ""))
        return out

    def settle(self, _: object) -> None:
        """Play every reading the rules owe."""
        while (story := self.c.next_reading()) is not None:
            self.play(story)

    def play(self, story: Story) -> None:
        for _ in range(MAX_STEPS):
            self.c.run(story)
            waiting = story.waiting
            if waiting is None:
                break
            if isinstance(waiting, ev.ChoicesOffered):
                if not waiting.choices:
                    raise _Stuck
                story.choose(self.rng.pick(range(len(waiting.choices))))
            elif isinstance(waiting, ev.AskPosed):
                story.answer(self.rng.toss() == "heads")
            elif isinstance(waiting, ev.RollRequested):
                story.give_roll(sum(self.rng.roll(waiting.dice, waiting.sides)))
            elif isinstance(waiting, ev.TossRequested):
                story.give_toss(self.rng.toss())
            elif isinstance(waiting, ev.EncounterStarted):
                story.resolve(self.rng.pick(waiting.outcomes))
        else:
            raise _Stuck
        if not story.finished:
            raise _Stuck
        self.c.finish(story)
        self.settle(None)
