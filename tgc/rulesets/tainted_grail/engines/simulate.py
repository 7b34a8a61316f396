"""Simulation: a campaign's rule data, an encounter, a party and a policy in, a
``SimReport`` out (win, escape, dying, going-insane and exhaustion rates, each with a
Wilson 95% interval, mean turns and costs, a histogram of turns). Run ``i`` draws from
its own generator seeded from (seed, i), so a report depends on the seed only, never on how runs are split
over worker processes."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from tgc.bundle.schema import Bundle
from tgc.rulesets.tainted_grail.engines.bundled import (
    NoRuleData,
    rule_data,
    rules_from_payload,
    rules_payload,
)
from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Outcome
from tgc.rulesets.tainted_grail.engines.hero import ItemInUse, Member
from tgc.rulesets.tainted_grail.engines.policies import POLICIES
from tgc.rulesets.tainted_grail.records import (
    ATTRIBUTES,
    RESOURCES,
    TRACKS,
    CombatEncounter,
    DiplomacyEncounter,
    Rules,
)
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.runs.batch import Batch, ChunkStore, content_hash
from tgc.runs.executor import ExecutorSpec
from tgc.sim.interval import wilson
from tgc.sim.seam import Progress, SimError, SimRequest, Simulated, run_chunks


def run(bundle: Bundle, request: SimRequest, progress: Progress | None = None) -> Simulated:
    """`tgc sim` for a Tainted Grail campaign (tgc/sim/seam.py): ``target`` is a declared
    encounter with rule data, ``party`` the characters who fight it; with ``days``, the
    campaign layer plays that many whole days (campaign/simulate.py)."""
    if request.days is not None:
        return _days(bundle, request, progress)
    setup = load_setup(bundle, request.target, list(request.party), request.state_file)
    notes: tuple[str, ...] = ()
    if request.advance:
        setup, bought = advance_party(setup, request.seed)
        notes = tuple(f"advance: {line}" for line in bought) or ("advance: no Exp to spend",)
    log: tuple[str, ...] = ()
    if request.log:
        outcome = play_one(rules_of_setup(setup), setup, request.policy,
                           run_seed(request.seed, 0), log=True)
        log = (*outcome.log, f"=> {outcome.outcome}", "")
    report = simulate(setup, request.runs, request.seed, request.policy, progress=progress,
                      executor=request.where(), store=request.store)
    return Simulated(report, notes, log)


def _days(bundle: Bundle, request: SimRequest, progress: Progress | None) -> Simulated:
    from tgc.rulesets.tainted_grail.campaign.simulate import DaysError, simulate_days

    if request.state_file is not None or request.advance or request.log:
        raise SimError("--days plays the campaign from its beginning: --state, --advance and "
                       "--log are for one encounter")
    try:
        report = simulate_days(bundle, request.party, request.days or 1, request.runs, request.seed,
                               request.policy, progress, request)
    except DaysError as err:
        raise SimError(str(err)) from None
    return Simulated(report)


@dataclass(frozen=True)
class MemberSpec:
    """A party member as plain data: a character name and the state that overrides its
    starting values (from ``--state``)."""

    name: str
    tracks: dict[str, int] = field(default_factory=dict)
    attributes: dict[str, int] = field(default_factory=dict)
    resources: dict[str, int] = field(default_factory=dict)
    items: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # the decks as the state has them (advanced, rebuilt); None: the starter deck
    combat: tuple[str, ...] | None = None
    diplomacy: tuple[str, ...] | None = None
    afflictions: tuple[str, ...] = ()  # the cards attached (the state's)
    skills: tuple[str, ...] = ()  # the Skills taken (the state's, or bought by --advance)


@dataclass(frozen=True)
class Setup:
    """Everything a worker needs, as plain data. ``payload`` is the rule data as JSON text:
    one string is sent to a worker (a process, a Dask worker) in microseconds, where a
    nested dict of it costs a walk per chunk. ``key`` is its content hash, worked out once
    so that no row, chunk or worker hashes the rule data again."""

    payload: str
    encounter: str
    kind: str
    party: tuple[MemberSpec, ...]
    key: str = ""


# ---------------------------------------------------------------- loading


def load_setup(bundle: Bundle, encounter: str, party: list[str] | None = None,
               state_file: Path | None = None) -> Setup:
    """Pick the encounter and the party (default: the state file's party, else the
    lowest-numbered character) from the rule data of a bundle (the pipeline's, or a
    bundle file)."""
    try:
        data = rule_data(bundle)
    except NoRuleData as err:
        raise SimError(str(err)) from None
    overrides = _state(state_file, bundle)
    # Without --party, a state file's party fights, every member of it, in its order.
    names = party or [spec.name for spec in overrides.values()] or default_party(data.rules)
    return make_setup(data, encounter, names, overrides)


def advance_party(setup: Setup, seed: int = 0) -> tuple[Setup, list[str]]:
    """Every member's Exp spent by advancement's stated rule (`tgc sim --advance`: "Beor
    after chapter 1 with 6 Exp"), the draws from the pool seeded by ``seed``; the setup
    the runs then play, and what each member bought."""
    from tgc.rulesets.tainted_grail.engines import advancement
    from tgc.runtime.state import Character as StateCharacter

    rules = rules_of_setup(setup)
    rng = random.Random(seed)
    members, party, said = [], [], []
    for spec in setup.party:
        character = rules.character(spec.name)
        assert character is not None
        attributes = {a: character.attributes.get(a, 0) for a in ATTRIBUTES} | spec.attributes
        resources = {r: character.resources.get(r, 0) for r in RESOURCES} | spec.resources
        piles = {k: list(v) for k, v in (("combat", spec.combat), ("diplomacy", spec.diplomacy))
                 if v is not None}
        if spec.skills:
            piles["skills"] = list(spec.skills)
        member = StateCharacter(spec.name, {}, {}, attributes, resources, piles=piles)
        members.append((spec, member))
        party.append(member)
    out = []
    for spec, member in members:
        said += advancement.spend(member, rules, rng, party=party)
        out.append(replace(spec, attributes=dict(member.attributes), resources=dict(member.resources),
                           combat=tuple(advancement.pile(member, "combat", rules)),
                           diplomacy=tuple(advancement.pile(member, "diplomacy", rules)),
                           skills=tuple(member.piles.get("skills", ()))))
    return replace(setup, party=tuple(out)), said


def default_party(rules: Rules) -> list[str]:
    """The lowest-numbered character alone (none when the campaign has no characters)."""
    if not rules.characters:
        return []
    return [min(rules.characters.values(), key=lambda c: c.number).name]


def make_setup(data: TaintedGrailRules, encounter: str, party: list[str],
               overrides: dict[str, MemberSpec] | None = None) -> Setup:
    from tgc.diagnostics.codes import did_you_mean

    rules = data.rules
    enc = _find(rules.encounters, encounter)
    if enc is None:
        hint = did_you_mean(encounter, rules.encounters) or \
            "encounters with rule data: " + ", ".join(sorted(rules.encounters))
        raise SimError(f'no encounter "{encounter}" with rule data ({hint})')
    specs = []
    for name in party:
        character = rules.character(name)
        if character is None:
            names = [c.name for c in rules.characters.values()]
            hint = did_you_mean(name, names) or "characters: " + ", ".join(names)
            raise SimError(f'no character "{name}" ({hint})')
        spec = (overrides or {}).get(character.name.lower(), MemberSpec(character.name))
        _check_decks(spec, rules)
        specs.append(spec)
    if not specs:
        raise SimError("the party is empty: name at least one character with --party")
    if len(specs) > 4:
        raise SimError("a party has at most four characters")
    payload, key = _payload(data)
    return Setup(payload, enc.name, enc.kind, tuple(specs), key)


_PAYLOADS: list[tuple[TaintedGrailRules, str, str]] = []


def _payload(data: TaintedGrailRules) -> tuple[str, str]:
    """The rule data as a payload and its key, dumped once per rule data: a balancing sheet
    makes a setup per row from the same records (the entry keeps ``data`` alive, so the
    identity test never meets a recycled object)."""
    for known, payload, key in _PAYLOADS:
        if known is data:
            return payload, key
    payload = json.dumps(rules_payload(data), sort_keys=True)
    key = payload_key(payload)
    _PAYLOADS[:] = [*_PAYLOADS[-3:], (data, payload, key)]
    return payload, key


def payload_key(payload: str) -> str:
    """The content hash of a rule-data payload."""
    return hashlib.blake2b(payload.encode(), digest_size=16).hexdigest()


def _find(table: dict[str, Any], name: str) -> Any:
    if name in table:
        return table[name]
    folded = {k.casefold(): v for k, v in table.items()}
    return folded.get(name.casefold())


def load_overrides(bundle: Bundle, path: Path | str | None) -> dict[str, MemberSpec]:
    """The party of a state file (none without one), by lowercased name."""
    return _state(Path(path) if path is not None else None, bundle)


def _state(path: Path | None, bundle: Bundle) -> dict[str, MemberSpec]:
    """A ``--state`` file (the runtime's save format, every field optional): each party
    member's tracks, attributes and resources, and the party's items."""
    if path is None:
        return {}
    from pydantic import ValidationError

    from tgc.limits import LimitError, load_json
    from tgc.runtime.save import SaveFile

    try:
        data = load_json(path.read_text(encoding="utf-8"))
        model = SaveFile.model_validate(data)
    except (OSError, UnicodeDecodeError) as err:
        raise SimError(f"{path}: cannot read the state file: {err}") from None
    except json.JSONDecodeError as err:
        raise SimError(f"{path}: not JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except LimitError as err:
        raise SimError(f"{path}: not a valid state file: {err}") from None
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SimError(f"{path}: not a valid state file: at {where}: {first['msg']}") from None
    keywords = {item.name: item.keywords for item in bundle.items}
    out = {}
    for index, member in enumerate(model.state.party):
        _check_names(path, member.tracks, TRACKS, "tracks")
        _check_names(path, member.attributes, ATTRIBUTES, "attributes")
        _check_names(path, member.resources, RESOURCES, "resources")
        # each member fights with what they carry (a format 1 file's party items: the first's)
        carried = [*member.items, *(model.state.items if index == 0 else ())]
        items = tuple((name, tuple(sorted(keywords.get(name, ())))) for name in carried)
        decks = {k: tuple(v) for k, v in member.piles.items() if k in ("combat", "diplomacy")}
        out[member.name.lower()] = MemberSpec(member.name, dict(member.tracks),
                                              dict(member.attributes), dict(member.resources),
                                              items, decks.get("combat"), decks.get("diplomacy"),
                                              tuple(member.piles.get("afflictions", ())),
                                              tuple(member.piles.get("skills", ())))
    return out


def _check_decks(spec: MemberSpec, rules: Rules) -> None:
    """A state's deck names only cards the campaign declares."""
    for kind, numbers in (("combat", spec.combat), ("diplomacy", spec.diplomacy)):
        cards = rules.combat_cards if kind == "combat" else rules.diplomacy_cards
        unknown = [n for n in numbers or () if n not in cards]
        if unknown:
            raise SimError(f"{spec.name}'s {kind} deck in the state names no declared card "
                           f"{unknown[0]} (the campaign's {kind} cards: {', '.join(list(cards)[:5])}, ...)")


def _check_names(path: Path, values: dict[str, int], names: tuple[str, ...], what: str) -> None:
    for key in values:
        if key not in names:
            raise SimError(f"{path}: '{key}' is not one of the {what} ({', '.join(names)})")


# ---------------------------------------------------------------- running


@dataclass
class Tally:
    """What a batch of runs added up to (integers only, so merging is exact)."""

    runs: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    turns: dict[str, Counter[int]] = field(default_factory=dict)
    dying: int = 0
    insane: int = 0  # runs in which some member ends going insane (Terror in the red)
    exhausted: int = 0  # runs in which some member ends exhausted (Energy in the red)
    turn_sum: int = 0
    health_lost: int = 0
    terror_gained: int = 0
    magic_spent: int = 0

    def add(self, outcome: Outcome) -> None:
        self.runs += 1
        self.outcomes[outcome.outcome] += 1
        self.turns.setdefault(outcome.outcome, Counter())[outcome.turns] += 1
        self.dying += any(h.dying for h in outcome.heroes)
        self.insane += any(h.insane for h in outcome.heroes)
        self.exhausted += any(h.exhausted for h in outcome.heroes)
        self.turn_sum += outcome.turns
        self.health_lost += sum(h.lost_health for h in outcome.heroes)
        self.terror_gained += sum(h.gained_terror for h in outcome.heroes)
        self.magic_spent += sum(h.spent_magic for h in outcome.heroes)

    def to_data(self) -> dict[str, Any]:
        """As JSON data (a chunk's result; outcome and turn counts keyed by strings)."""
        return {"runs": self.runs, "outcomes": dict(self.outcomes),
                "turns": {k: {str(t): n for t, n in v.items()} for k, v in self.turns.items()},
                "dying": self.dying, "insane": self.insane, "exhausted": self.exhausted,
                "turn_sum": self.turn_sum, "health_lost": self.health_lost,
                "terror_gained": self.terror_gained, "magic_spent": self.magic_spent}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Tally:
        return cls(data["runs"], Counter(data["outcomes"]),
                   {k: Counter({int(t): n for t, n in v.items()}) for k, v in data["turns"].items()},
                   data["dying"], data["insane"], data["exhausted"], data["turn_sum"],
                   data["health_lost"], data["terror_gained"], data["magic_spent"])

    def merge(self, other: Tally) -> None:
        self.runs += other.runs
        self.outcomes.update(other.outcomes)
        for outcome, counts in other.turns.items():
            self.turns.setdefault(outcome, Counter()).update(counts)
        self.dying += other.dying
        self.insane += other.insane
        self.exhausted += other.exhausted
        self.turn_sum += other.turn_sum
        self.health_lost += other.health_lost
        self.terror_gained += other.terror_gained
        self.magic_spent += other.magic_spent


def run_seed(seed: int, index: int) -> int:
    """Run ``index``'s own seed: a hash of the master seed and the index."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


_RULES: dict[str, Rules] = {}


def rules_of_setup(setup: Setup) -> Rules:
    """The setup's rule data, read once per process and content (a worker meets the same
    payload in every chunk); keyed by the payload's hash, never by an object's id."""
    key = setup.key or payload_key(setup.payload)
    if key not in _RULES:
        _RULES[key] = rules_from_payload(json.loads(setup.payload))
    return _RULES[key]


def members_of(rules: Rules, specs: tuple[MemberSpec, ...]) -> list[Member]:
    members = []
    for spec in specs:
        character = rules.character(spec.name)
        assert character is not None
        items = tuple(ItemInUse(name, frozenset(keywords), rules.item_abilities(name))
                      for name, keywords in spec.items)
        combat = (tuple(rules.combat_cards[n] for n in spec.combat) if spec.combat is not None
                  else tuple(rules.deck(character, "combat")))
        diplomacy = (tuple(rules.diplomacy_cards[n] for n in spec.diplomacy)
                     if spec.diplomacy is not None else tuple(rules.deck(character, "diplomacy")))
        members.append(Member(
            character, spec.attributes or None, spec.resources or None,
            spec.tracks.get("health"), spec.tracks.get("energy"), spec.tracks.get("terror"),
            items, combat, diplomacy, spec.afflictions,
            tuple(rules.skills[n] for n in spec.skills if n in rules.skills)))
    return members


def play_one(rules: Rules, setup: Setup, policy: str, seed: int, log: bool = False) -> Outcome:
    """One encounter from its own seed (the sim's runs, and `tgc sim --log`)."""
    encounter = rules.encounters[setup.encounter]
    members = members_of(rules, setup.party)
    rng = random.Random(seed)
    chooser = POLICIES[policy]()
    # The party is the game: one character plays the solo afflictions.
    cards, players = rules.afflictions, len(members)
    if isinstance(encounter, CombatEncounter):
        return CombatGame(members, encounter, chooser, rng, log, True, cards, players).fight()
    assert isinstance(encounter, DiplomacyEncounter)
    return DiplomacyGame(members, encounter, chooser, rng, log, True, cards, players).negotiate()


def run_chunk(job: tuple[Setup, str, int, int, int]) -> Tally:
    """Runs ``start``..``stop - 1``; a top-level function so worker processes can run it."""
    setup, policy, seed, start, stop = job
    rules = rules_of_setup(setup)
    tally = Tally()
    for index in range(start, stop):
        tally.add(play_one(rules, setup, policy, run_seed(seed, index)))
    return tally


def sim_chunk(inputs: tuple[Setup, str, int], start: int, stop: int) -> dict[str, Any]:
    """The batch task of a simulation (tgc/runs/batch.py): runs ``start``..``stop - 1`` of
    ``(setup, policy, seed)``, as plain data."""
    setup, policy, seed = inputs
    return run_chunk((setup, policy, seed, start, stop)).to_data()


def sim_batch(setup: Setup, runs: int, seed: int, policy: str) -> Batch:
    """The simulation as a batch: its identity is the setup's content, the policy and the
    seed, so a kept chunk is served only to the same question."""
    identity = [setup.key or payload_key(setup.payload), setup.encounter, setup.kind,
                [asdict(member) for member in setup.party], policy, seed]
    return Batch(sim_chunk, (setup, policy, seed), content_hash(identity), runs)


def simulate(setup: Setup, runs: int, seed: int = 0, policy: str = "greedy", jobs: int = 1,
             progress: Callable[[int], None] | None = None, executor: ExecutorSpec | None = None,
             store: ChunkStore | None = None) -> SimReport:
    """``runs`` encounters on ``executor`` (default: ``jobs`` local processes), chunks kept in
    ``store`` when given; ``progress`` hears how many runs each finished chunk held."""
    import time

    if policy not in POLICIES:
        raise SimError(f"unknown policy `{policy}` (policies: {', '.join(POLICIES)})")
    started = time.perf_counter()
    request = SimRequest(setup.encounter, runs=runs, seed=seed, policy=policy, jobs=jobs,
                         executor=executor, store=store)
    spec = request.where()
    parts = run_chunks(request, sim_batch(setup, runs, seed, policy), progress)
    total = Tally()
    for part in parts:
        total.merge(Tally.from_data(part))
    elapsed = time.perf_counter() - started
    return SimReport(setup.encounter, setup.kind, tuple(m.name for m in setup.party), policy,
                     seed, spec.workers, total, elapsed)


# ---------------------------------------------------------------- the report


@dataclass
class SimReport:
    encounter: str
    kind: str
    party: tuple[str, ...]
    policy: str
    seed: int
    jobs: int
    tally: Tally
    elapsed: float

    @property
    def runs(self) -> int:
        return self.tally.runs

    def rate(self, *outcomes: str) -> float:
        return sum(self.tally.outcomes[o] for o in outcomes) / self.runs if self.runs else 0.0

    def mean(self, total: int) -> float:
        return total / self.runs if self.runs else 0.0

    def rates(self) -> list[tuple[str, int]]:
        """Each reported rate's name and how many runs it counts (a run counts for dying,
        going insane or exhausted when any member ends so)."""
        t = self.tally
        return [("win", t.outcomes["win"]), ("escape", t.outcomes["escape"]), ("dying", t.dying),
                ("insane", t.insane), ("exhausted", t.exhausted)]

    def histogram(self) -> list[tuple[int, int, int]]:
        """(turns, runs won, runs not won) for every number of turns seen."""
        won = self.tally.turns.get("win", Counter())
        other: Counter[int] = Counter()
        for outcome, counts in self.tally.turns.items():
            if outcome != "win":
                other.update(counts)
        return [(t, won[t], other[t]) for t in sorted(set(won) | set(other))]

    def to_json(self) -> dict[str, Any]:
        t = self.tally
        rates: dict[str, Any] = {}
        for name, count in self.rates():
            rates[f"{name}_rate"] = self.mean(count)
            rates[f"{name}_interval_95"] = list(wilson(count, t.runs))
        return {
            "encounter": self.encounter, "kind": self.kind, "party": list(self.party),
            "policy": self.policy, "seed": self.seed, "runs": t.runs,
            "outcomes": dict(sorted(t.outcomes.items())), **rates,
            "mean_turns": self.mean(t.turn_sum),
            "mean_health_lost": self.mean(t.health_lost),
            "mean_terror_gained": self.mean(t.terror_gained),
            "mean_magic_spent": self.mean(t.magic_spent),
            "histogram": [{"turns": n, "win": w, "other": o} for n, w, o in self.histogram()],
        }

    def to_text(self) -> str:
        t = self.tally
        lines = [
            f"{self.encounter} ({self.kind}) against {', '.join(self.party)}: "
            f"{t.runs} runs, policy {self.policy}, seed {self.seed}",
        ]
        for name, count in self.rates():
            low, high = wilson(count, t.runs)
            label = f"{name} rate"
            lines.append(f"  {label:16s}{self.mean(count):6.1%}   (95% interval {low:.1%} - {high:.1%})")
        lines += [
            "  outcomes        " + ", ".join(f"{k} {v}" for k, v in sorted(t.outcomes.items())),
            f"  mean turns      {self.mean(t.turn_sum):6.2f}",
            f"  mean spent      health {self.mean(t.health_lost):.2f}, terror "
            f"{self.mean(t.terror_gained):.2f}, magic {self.mean(t.magic_spent):.2f}",
            "  turns   won / other",
        ]
        rows = self.histogram()
        peak = max((w + o for _, w, o in rows), default=1) or 1
        for turns, won, other in rows:
            width = 40 * (won + other) / peak
            bar = "#" * round(width * won / max(1, won + other))
            bar += "." * (round(width) - len(bar))
            lines.append(f"  {turns:5d} {won:6d} {other:6d}  {bar}")
        return "\n".join(lines) + "\n"
