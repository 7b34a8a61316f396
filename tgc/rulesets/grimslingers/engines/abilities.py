"""Grimslingers abilities timed outside the Standoff (GS-6.7): the parts of a many-in-one
passive skill used with the card their owner plays in the Draw phase, and those used the
moment DMG lands on their owner. A duel (or a table between duels), the duelist and the
part in; its cost paid and its FX applied through resolve's FX engine."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from tgc.rulesets.grimslingers.data import Ability, Card, Timing
from tgc.rulesets.grimslingers.engines import resolve
from tgc.rulesets.grimslingers.engines.decisions import Option, UseAbility
from tgc.rulesets.grimslingers.engines.duelist import Duelist, Play, holds
from tgc.rulesets.grimslingers.engines.words import fx_words

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.duel import Duel

COST_WORTH = 0.3  # what a policy's worth of an option takes off per point of cost
SURVIVAL_WORTH = 10.0  # a defeat costs an allowed defeat and every unresolved card


def timed(p: Duelist, timing: Timing) -> Iterator[UseAbility]:
    """The parts with this timing in the player's passive space."""
    for card in p.passive:
        for ability in card.abilities:
            if ability.timing == timing:
                yield UseAbility(card, ability)


def affordable(p: Duelist, ability: Ability) -> bool:
    return all(p.amount(c.resource) >= c.amount for c in ability.costs)


def label(use: UseAbility) -> str:
    """``Resist (Vampyric Abilities, cost 2 blood): prevent 2 dmg``."""
    cost = ", ".join(f"{c.amount} {c.resource}" for c in use.ability.costs) or "free"
    return f"{use.ability.name} ({use.card.name}, cost {cost}): {fx_words(use.ability.fx)}"


def use(duel: Duel, p: Duelist, part: UseAbility, targets: list[Duelist]) -> bool:
    """Pay the part's cost (short: the resource drops to 0 and nothing happens, GS-4.3)
    and apply its FX as its owner's, at ``targets``. True when it was paid."""
    if not holds(p.passive, part.card) or part.ability not in part.card.abilities:
        return False
    if not resolve.pay_costs(duel, p, part.ability.costs, part.card):
        duel.note(f"{p.name} cannot pay for {part.ability.name}")
        return False
    play = Play(part.card, p, targets, p.seat, 0)
    resolve.apply_fx(duel, play, part.ability.fx)
    return True


def in_the_draw(duel: Duel, p: Duelist, card: Card, parts: tuple[UseAbility, ...],
                targets: list[Duelist]) -> None:
    """The Draw-timed parts the player uses with the card played (its targets are theirs):
    each once, before the card's RN is read (``rn -N``) and its NV gathered (``+N nv to
    played card``)."""
    done: list[Ability] = []
    for part in parts:
        if part.ability.timing != "draw" or any(a is part.ability for a in done):
            continue
        done.append(part.ability)
        duel.note(f"{p.name} uses {part.ability.name} ({part.card.name}) with {card.name}")
        use(duel, p, part, targets)


def played(p: Duelist, rn: int) -> tuple[int, int]:
    """The RN and the NV the card played this turn takes from the parts used (and spent)."""
    rn, nv = max(1, rn + p.rn_change), p.played_nv
    p.rn_change = p.played_nv = 0
    return rn, nv


def as_harm_lands(duel: Duel, source: Duelist, target: Duelist, amount: int) -> int:
    """DMG about to reach ``target`` (after the card's reductions): the player may use
    each harm-timed part they can pay, one question each; then the shield (``prevent N
    dmg``) takes what it can. The DMG left to land."""
    if amount <= 0:
        return amount
    for part in [] if target.creature or target.resisting else list(timed(target, "harm")):
        if not affordable(target, part.ability):
            continue
        cost = sum(c.amount for c in part.ability.costs)
        worth = _saves(target, amount, _prevents(part.ability)) - COST_WORTH * cost
        why = f"{amount} DMG lands from {source.name}"
        options = (Option("take it", 0.0), Option(f"use {label(part)}", worth))
        if duel.policy.choose(duel, target, why, options) != 1:
            continue
        duel.note(f"{target.name} uses {part.ability.name} ({part.card.name}) as the DMG lands")
        target.resisting = True
        try:
            use(duel, target, part, [source])
        finally:
            target.resisting = False
    kept = min(target.shield, amount)
    if kept:
        target.shield -= kept
        duel.note(f"{kept} DMG to {target.name} is prevented")
    return amount - kept


def _saves(target: Duelist, amount: int, prevents: int) -> float:
    """What preventing ``prevents`` more of this DMG is worth to its target: the HP it
    keeps (the shield already up takes its share first, and no more HP than the target
    has can be lost), and a life when it turns a defeat into a survival. Nothing when the
    target falls either way or would not have lost the HP anyway."""
    lands = max(0, amount - target.shield)
    after = max(0, lands - prevents)
    if after >= target.hp:
        return 0.0
    kept = min(target.hp, lands) - after
    return kept + (SURVIVAL_WORTH if lands >= target.hp else 0.0)


def _prevents(ability: Ability) -> int:
    return sum(fx.amount.value for fx in ability.fx if fx.kind == "prevent")
