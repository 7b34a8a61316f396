"""Grimslingers adventure turns played by a policy (spec §14.1): move, read the eligible
part (or a bounty), resolve the tile, rest; duels fought by the duel engine with the
party's carried-over trackers and piles. One seeded generator drives it all, so a walk
is a reproducible playthrough of a chapter."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from tgc.rulesets.grimslingers.data import DuelAction, TallTale
from tgc.rulesets.grimslingers.engines.duel import Duel, DuelSetup
from tgc.rulesets.grimslingers.engines.policies import make_policy
from tgc.rulesets.grimslingers.engines.rest import rest_by_policy
from tgc.rulesets.grimslingers.engines.sheets import player_of, write_back
from tgc.rulesets.grimslingers.engines.sim import Build, player_setup
from tgc.rulesets.grimslingers.engines.story import (
    DuelOutcome,
    DuelRunner,
    eligible_parts,
    move,
    moves,
    resolve_part,
    resolve_tile,
    rest,
    run_bounty,
    startable_bounties,
    trade,
    trades,
)
from tgc.rulesets.grimslingers.engines.tale import Character, TaleState, new_state
from tgc.rulesets.grimslingers.rules import Rules, index

WalkEnd = Literal["chapter_over", "game_over", "out_of_turns"]


@dataclass(slots=True)
class Walk:
    state: TaleState
    end: WalkEnd = "out_of_turns"
    turns: int = 0
    log: list[str] = field(default_factory=list)


def new_party(rules: Rules, names: list[str]) -> list[Character]:
    """New characters (GS-11.3) with their default builds' cards."""
    party = []
    for name in names:
        setup = player_setup(rules, Build(name))
        g = setup.grimslinger
        party.append(Character(name, hand=list(setup.hand), stash=list(setup.stash),
                               passive=list(setup.passive),
                               resource=g.start if g else None,
                               belt=10 if g is not None and g.resource == "ammo" else None))
    return party


def fighter(rules: Rules, policy: str, rng: random.Random, log: list[str],
            duel_log: bool = False) -> DuelRunner:
    """Duels of the Tall Tale: the party as it stands, the area's modifiers drawn."""

    def fight(state: TaleState, action: DuelAction) -> DuelOutcome:
        setup = duel_setup(rules, state, action, rng)
        duel = Duel(rules, setup, make_policy(policy), rng, log=duel_log)
        result = duel.run()
        write_back(state, duel)
        modifiers = setup.modifiers
        names = " with " + ", ".join(m.name for m in modifiers) if modifiers else ""
        log.append(f"  duel {action.creature}{names}: {result.outcome} in {result.turns} "
                   f"turns; " + ", ".join(f"{c.name} {c.hp} HP {c.ep} EP" for c in state.party))
        log.extend(f"    {line}" for line in duel.log)
        return result.outcome

    return fight


def duel_setup(rules: Rules, state: TaleState, action: DuelAction,
               rng: random.Random) -> DuelSetup:
    """A Tall Tale duel (GS-15.4): the party as it stands, the area's modifiers drawn."""
    area = state.current_area()
    pool = [rules.modifiers[m] for m in (area.modifiers if area else ()) if m in rules.modifiers]
    modifiers = tuple(rng.sample(pool, min(action.modifiers, len(pool))))
    return DuelSetup(rules.creature(action.creature),
                     tuple(player_of(rules, c) for c in state.party), modifiers,
                     action.dispositions, all_general_skills=not action.dispositions,
                     defeats_left=state.defeats_left, laid_out=tuple(sorted(state.laid_out())))


def walk(tale: TallTale, names: list[str], seed: int = 0, policy: str = "greedy",
         max_turns: int = 60, duel_log: bool = False) -> Walk:
    """Play adventure turns until the chapter ends, the game is over or turns run out.
    Moves prefer tiles not yet seen; the first eligible part is read; a bounty is taken
    when one can begin."""
    rules = index(tale)
    rng = random.Random(seed)
    state = new_state(tale, names)
    state.party = new_party(rules, names)
    state.defeats_left = len(names) + 1
    out = Walk(state)
    state.tell = lambda notes: out.log.append("  " + "; ".join(notes))  # an Instant item
    fight = fighter(rules, policy, rng, out.log, duel_log)
    out.log.append(f"session: {', '.join(names)} at area {state.area} {state.tile}")
    while out.turns < max_turns and out.end == "out_of_turns":
        out.turns += 1
        _turn(state, out, fight, rng)
        if state.game_over:
            out.end = "game_over"
        elif state.chapter_over:
            out.end = "chapter_over"
    out.log.append(f"end: {out.end.replace('_', ' ')} after {out.turns} turns; completed "
                   f"{', '.join(sorted(state.completed)) or 'nothing'}; "
                   f"markers {', '.join(sorted(state.markers)) or 'none'}")
    return out


def _turn(state: TaleState, out: Walk, fight: DuelRunner, rng: random.Random) -> None:
    options = moves(state)
    seen = state.revealed.get(state.area or 0, set())
    fresh = [o for o in options if o not in seen]
    target = rng.choice(sorted(fresh or options))
    move(state, target)
    out.log.append(f"turn {out.turns}: area {state.area} {state.tile}")
    parts = eligible_parts(state.tale or TallTale(title=""), state)
    if parts:
        part = parts[0]
        result = resolve_part(state, part, fight, rng)
        out.log.append(f"  part {part.id} \"{part.title}\": {result.replace('_', ' ')}")
        if state.game_over or state.chapter_over:
            return
    bounties = startable_bounties(state)
    if bounties and not parts:
        result = run_bounty(state, bounties[0], fight, rng)
        out.log.append(f"  bounty \"{bounties[0].name}\": {result}")
    else:
        event = resolve_tile(state, fight, rng)
        out.log.append(f"  tile {event.kind}" + (f": {event.detail}" if event.detail else ""))
    for card in trades(state):  # sets are traded as soon as they are full (GS-10.9)
        out.log.append(f"  trade {card.name}: {trade(state, card, rng) or 'nothing left'}")
    if not (state.game_over or state.chapter_over):
        notes = rest_by_policy(state, rng)  # the Standoff phase and the hand (GS-14.1)
        if notes:
            out.log.append("  rest: " + "; ".join(notes))
    rest(state)
