"""Grimslingers duel simulation: one creature duel run N times for a party (character
builds) and a policy; the report gives the win rate with a Wilson 95% interval, turns,
defeats and the HP and EP the party spent. Run ``i`` has its own seed from (seed, i)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tgc.bundle.schema import Bundle
from tgc.rulesets.grimslingers.data import MAIN_ELEMENTS, Card, TallTale
from tgc.rulesets.grimslingers.engines.duel import Duel, DuelResult, DuelSetup, PlayerSetup
from tgc.rulesets.grimslingers.engines.duelist import kept_on_board
from tgc.rulesets.grimslingers.engines.policies import make_policy
from tgc.rulesets.grimslingers.kinds import NAME
from tgc.rulesets.grimslingers.rules import Rules, index
from tgc.runs.batch import Batch, content_hash
from tgc.sim.interval import wilson
from tgc.sim.seam import Progress, SimError, SimRequest, Simulated, refuse, run_chunks

START_HP = START_EP = 5  # a new Tall Tale character (GS-11.3)
HAND, STASH = 5, 3
DUELS_PER_CHUNK = 100  # a duel is about a millisecond


class BuildError(ValueError):
    """A party member or card the rule data does not have; the message names it."""


@dataclass(frozen=True, slots=True)
class Build:
    """A character build: a Grimslinger (or none) and the cards in hand then stash."""

    grimslinger: str | None
    cards: tuple[str, ...] = ()


def player_setup(rules: Rules, build: Build) -> PlayerSetup:
    """The cards a build names, or by default its skills then the six elements (never
    LIGHT or DARK, kept for enemies in a Tall Tale, GS-3.2); a card kept on the board
    goes to the passive space (GS-3.11, GS-6.7), and of the others the first five go in
    the hand, the next three in the stash (GS-11.3)."""
    g = None
    if build.grimslinger is not None:
        g = rules.grimslingers.get(build.grimslinger)
        if g is None:
            raise BuildError(f"no @grimslinger \"{build.grimslinger}\" "
                             f"(known: {', '.join(sorted(rules.grimslingers)) or 'none'})")
    cards: list[Card]
    if build.cards:
        cards = [_card(rules, name, build.grimslinger) for name in build.cards]
    else:
        own = list(rules.character_cards(g.name))[:2] if g else []
        cards = [*own, *(e for e in rules.elements() if e.element in MAIN_ELEMENTS)]
    kept = tuple(c for c in cards if kept_on_board(c))  # never in the hand (GS-6.7)
    cards = [c for c in cards if not kept_on_board(c)]
    return PlayerSetup(g, tuple(cards[:HAND]), tuple(cards[HAND:HAND + STASH]), kept,
                       hp=START_HP, ep=START_EP, max_hp=START_HP, max_ep=START_EP,
                       hand_limit=HAND, stash_limit=STASH)


def _card(rules: Rules, name: str, owner: str | None) -> Card:
    for kind in ("spell", "item", "skill"):
        card = rules.cards.get((kind, name))
        if card is not None and (card.kind != "skill" or card.owner == owner):
            return card
    raise BuildError(f"no card \"{name}\" for {owner or 'this player'}")


def run_seed(seed: int, index: int) -> int:
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def play_duel(rules: Rules, setup: DuelSetup, policy: str, seed: int,
              log: bool = False) -> DuelResult:
    return Duel(rules, setup, make_policy(policy), random.Random(seed), log=log).run()


@dataclass(slots=True)
class DuelReport:
    creature: str
    party: tuple[str, ...]
    policy: str
    seed: int
    outcomes: Counter[str] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    defeats: int = 0
    hp_spent: int = 0
    ep_spent: int = 0

    @property
    def runs(self) -> int:
        return sum(self.outcomes.values())

    def add(self, result: DuelResult) -> None:
        self.outcomes[result.outcome] += 1
        self.turns[result.turns] += 1
        self.defeats += result.defeats
        self.hp_spent += result.hp_spent
        self.ep_spent += result.ep_spent

    def mean(self, total: int) -> float:
        return total / self.runs if self.runs else 0.0

    def to_data(self) -> dict[str, Any]:
        """The counts as JSON data (a chunk's result; turn counts keyed by strings)."""
        return {"outcomes": dict(self.outcomes), "turns": {str(t): n for t, n in self.turns.items()},
                "defeats": self.defeats, "hp_spent": self.hp_spent, "ep_spent": self.ep_spent}

    def merge(self, data: dict[str, Any]) -> None:
        """Add one chunk's counts (the report is the same whatever the order)."""
        self.outcomes.update(data["outcomes"])
        self.turns.update({int(t): n for t, n in data["turns"].items()})
        self.defeats += data["defeats"]
        self.hp_spent += data["hp_spent"]
        self.ep_spent += data["ep_spent"]

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.outcomes["win"], self.runs)
        return {
            "creature": self.creature, "party": list(self.party), "policy": self.policy,
            "seed": self.seed, "runs": self.runs,
            "win_rate": self.outcomes["win"] / self.runs if self.runs else 0.0,
            "win_interval_95": [round(low, 6), round(high, 6)],
            "outcomes": dict(sorted(self.outcomes.items())),
            "mean_turns": round(self.mean(sum(t * n for t, n in self.turns.items())), 4),
            "mean_defeats": round(self.mean(self.defeats), 4),
            "mean_hp_spent": round(self.mean(self.hp_spent), 4),
            "mean_ep_spent": round(self.mean(self.ep_spent), 4),
        }

    def to_text(self) -> str:
        data = self.to_json()
        low, high = data["win_interval_95"]
        return "\n".join([
            f"{self.creature} vs {', '.join(self.party)}: {self.runs} duels, "
            f"policy {self.policy}, seed {self.seed}",
            f"  win rate      {data['win_rate']:6.1%}   (95% interval {low:.1%} - {high:.1%})",
            "  outcomes      " + ", ".join(f"{k} {v}" for k, v in data["outcomes"].items()),
            f"  mean turns    {data['mean_turns']:.2f}",
            f"  mean defeats  {data['mean_defeats']:.2f}",
            f"  spent         {data['mean_hp_spent']:.2f} HP, {data['mean_ep_spent']:.2f} EP "
            "per duel",
        ])


def simulate_duel(rules: Rules, creature: str, party: tuple[Build, ...], runs: int,
                  seed: int = 0, policy: str = "greedy", dispositions: bool = True) -> DuelReport:
    """``runs`` duels; the same arguments always give the same report."""
    found = rules.creatures.get(creature)
    if found is None:
        raise BuildError(f"no @creature \"{creature}\" "
                         f"(known: {', '.join(sorted(rules.creatures)) or 'none'})")
    setup = DuelSetup(found, tuple(player_setup(rules, b) for b in party),
                      dispositions=dispositions)
    report = DuelReport(found.name, tuple(b.grimslinger or "player" for b in party), policy,
                        seed)
    for i in range(runs):
        report.add(play_duel(rules, setup, policy, run_seed(seed, i)))
    return report


_INDEXED: dict[str, Rules] = {}


def duel_chunk(inputs: tuple[TallTale, str, str, tuple[Build, ...], str, int], start: int,
               stop: int) -> dict[str, Any]:
    """The batch task of a duel simulation (tgc/runs/batch.py): duels ``start``..``stop - 1``,
    the Tall Tale indexed once per process and content (``key``)."""
    tale, key, creature, party, policy, seed = inputs
    if key not in _INDEXED:
        _INDEXED[key] = index(tale)
    rules = _INDEXED[key]
    found = rules.creatures[creature]
    setup = DuelSetup(found, tuple(player_setup(rules, b) for b in party))
    report = DuelReport(found.name, (), policy, seed)
    for i in range(start, stop):
        report.add(play_duel(rules, setup, policy, run_seed(seed, i)))
    return report.to_data()


def simulate_request(tale: TallTale, request: SimRequest, party: tuple[Build, ...],
                     progress: Progress | None = None) -> DuelReport:
    """`tgc sim CREATURE` through the executor seam: the duels of :func:`simulate_duel`
    (the same report), in chunks run where ``request`` says and kept in its store."""
    rules = index(tale)
    found = rules.creatures.get(request.target)
    if found is None:
        raise BuildError(f"no @creature \"{request.target}\" "
                         f"(known: {', '.join(sorted(rules.creatures)) or 'none'})")
    for build in party:
        player_setup(rules, build)  # an unknown Grimslinger or card is said here, not in a worker
    key = content_hash(tale.model_dump(mode="json"))
    identity = content_hash([key, found.name, [[b.grimslinger, list(b.cards)] for b in party],
                             request.policy, request.seed])
    batch = Batch(duel_chunk, (tale, key, found.name, party, request.policy, request.seed),
                  identity, request.runs, chunk=DUELS_PER_CHUNK)
    report = DuelReport(found.name, tuple(b.grimslinger or "player" for b in party),
                        request.policy, request.seed)
    for chunk in run_chunks(request, batch, progress):
        report.merge(chunk)
    return report


@dataclass(slots=True)
class VersusReport:
    """Versus duels: how often each seat (or team) won, draws, mean turns."""

    party: tuple[str, ...]
    teams: tuple[int, ...]
    policy: str
    seed: int
    practice: bool = False
    signatures: int = 0
    wins: Counter[int] = field(default_factory=Counter)  # by team
    draws: int = 0
    runs: int = 0
    turns: int = 0

    def to_json(self) -> dict[str, Any]:
        teams = sorted(set(self.teams))
        return {
            "party": list(self.party), "teams": list(self.teams), "policy": self.policy,
            "seed": self.seed, "runs": self.runs, "draws": self.draws,
            **({"practice": True} if self.practice else {}),
            **({"signatures": self.signatures} if self.signatures else {}),
            "mean_turns": round(self.turns / self.runs, 4) if self.runs else 0.0,
            "win_rate": {str(t): self.wins[t] / self.runs if self.runs else 0.0 for t in teams},
            "win_interval_95": {str(t): [round(x, 6) for x in wilson(self.wins[t], self.runs)]
                                for t in teams},
        }

    def to_text(self) -> str:
        data = self.to_json()
        setup = (", practice (no skills, no special resources)" if self.practice else "") \
            + (f", {self.signatures} signature spells each" if self.signatures else "")
        lines = [f"versus {', '.join(self.party)}: {self.runs} duels, policy {self.policy}, "
                 f"seed {self.seed}{setup}"]
        for team in sorted(set(self.teams)):
            members = ", ".join(n for n, t in zip(self.party, self.teams, strict=True)
                                if t == team)
            low, high = data["win_interval_95"][str(team)]
            lines.append(f"  {members:<24} wins {data['win_rate'][str(team)]:6.1%}   "
                         f"(95% interval {low:.1%} - {high:.1%})")
        lines.append(f"  draws {self.draws}, mean turns {data['mean_turns']:.2f}")
        return "\n".join(lines)


def simulate_versus(rules: Rules, party: tuple[Build, ...], runs: int, seed: int = 0,
                    policy: str = "greedy", teams: tuple[int, ...] | None = None,
                    practice: bool = False, signatures: int = 0) -> VersusReport:
    """Versus duels between the builds (free for all unless ``teams``); the first-player
    token starts at a random seat each run (GS-9.2 step 6), then each player is dealt
    ``signatures`` signature spells (GS-A28). ``practice``: the practice duel of GS-9.2,
    no skills and no special resources."""
    from tgc.rulesets.grimslingers.engines.versus import (
        Versus,
        VersusSetup,
        deal_signatures,
        roll_off,
        versus_player,
    )

    if len(party) < 2:
        raise BuildError("a versus duel needs two players or more")
    seats = teams or tuple(range(len(party)))
    players = tuple(versus_player(player_setup(rules, b)) for b in party)
    items = tuple(c for c in rules.cards.values() if c.kind == "item")
    deck = tuple(c for c in rules.cards.values() if "signature" in c.types)
    if signatures * len(players) > len(deck):
        raise BuildError(f"the signature deck has {len(deck)} cards: {signatures} each for "
                         f"{len(players)} players needs {signatures * len(players)}")
    report = VersusReport(tuple(b.grimslinger or "player" for b in party), seats, policy, seed,
                          practice, signatures)
    for i in range(runs):
        rng = random.Random(run_seed(seed, i))
        first = roll_off(len(players), rng)
        dealt = deal_signatures(players, deck, signatures, rng)
        game = Versus(rules, VersusSetup(dealt, seats, first, items, practice),
                      make_policy(policy), rng)
        result = game.run()
        report.runs += 1
        report.turns += result.turns
        if game.winners:
            report.wins[seats[game.winners[0]]] += 1
        else:
            report.draws += 1
    return report


def run(bundle: Bundle, request: SimRequest, progress: Progress | None = None) -> Simulated:
    """`tgc sim` for a Tall Tale (tgc/sim/seam.py): ``target`` is a creature, ``party`` the
    Grimslingers who duel it (default: Kipper), each with a new character's build."""
    refuse(request, NAME)
    tale = bundle.rules
    if not isinstance(tale, TallTale):
        raise SimError("the bundle holds no Tall Tale")
    if request.policy not in ("greedy", "random"):
        raise SimError(f"unknown policy `{request.policy}` (policies: greedy, random)")
    builds = tuple(Build(name) for name in request.party or ("Kipper",))
    try:
        report = simulate_request(tale, request, builds, progress)
    except BuildError as err:
        raise SimError(str(err)) from None
    return Simulated(report)
