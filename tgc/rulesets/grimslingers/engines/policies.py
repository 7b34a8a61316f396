"""Grimslingers duel policies: who decides for the party when no one plays by hand.
``greedy`` plays the strongest affordable card and refills its hand when it runs dry;
``random`` picks uniformly among what the rules allow. Both draw from the duel's rng."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tgc.rulesets.grimslingers.data import Card, Fx
from tgc.rulesets.grimslingers.engines import abilities
from tgc.rulesets.grimslingers.engines.decisions import (
    Feast,
    Load,
    MoveCards,
    Option,
    PlayCards,
    Policy,
    Sacrifice,
    StandoffAction,
    UseAbility,
    UseCard,
)
from tgc.rulesets.grimslingers.engines.duelist import Duelist, drawable
from tgc.rulesets.grimslingers.engines.standoff import RELOAD_CARDS, SURGE_CARDS, scavenge_cost

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.duel import Duel


def fx_score(fxs: tuple[Fx, ...]) -> float:
    """A rough worth of an FX against the creature: DMG first, EP loss, then the rest."""
    score = 0.0
    for fx in fxs:
        match fx.kind:
            case "dmg":
                score += fx.amount.value * (1 if fx.who == "target" else -1)
            case "lose":
                score += 0.8 * fx.amount.value if fx.who == "target" else -0.5 * fx.amount.value
            case "gain":
                score += 0.5 * fx.amount.value
            case "deactivate" | "discard":
                score += 0.5 * fx.amount.value if fx.who == "target" else -0.5
            case "nv":
                score += 0.7 * fx.amount.value
            case "reactivate":
                score += 0.3 * fx.amount.value
            case "draw_element":
                score += 2.0  # a main element's worth, on average
            case "roll":
                score += sum(fx_score(a.fx) * (a.high - a.low + 1) for a in fx.arms) / 6
            case "dnc":
                score += sum(fx_score(a.fx) for a in fx.arms) / max(1, len(fx.arms))
            case "rn":
                score += 0.4 * -fx.amount  # earlier is better: it lands before the foe's
            case "prevent":
                score += 0.8 * fx.amount.value
    return score


def affordable(p: Duelist, card: Card) -> bool:
    return all(p.amount(c.resource) >= (1 if p.manaform and c.resource == "durability"
                                        and c.amount else c.amount) for c in card.costs)


def _idle_heal(p: Duelist, fxs: tuple[Fx, ...]) -> bool:
    """FX that only heal, used at full HP, spend their cost for nothing: a card, or a
    Standoff part such as Regenerate."""
    return p.hp >= p.max_hp and bool(fxs) and all(
        fx.kind == "gain" and fx.resource == "hp" for fx in fxs)


class Greedy:
    name = "greedy"

    def __init__(self) -> None:
        self._scores: dict[int, float] = {}

    def score(self, card: Card) -> float:
        key = id(card)
        found = self._scores.get(key)
        if found is None:
            found = self._scores[key] = fx_score(card.fx) - 0.3 * sum(c.amount for c in card.costs)
        return found

    def _best(self, p: Duelist, playable: bool) -> Card | None:
        best, best_score = None, 0.0
        for card in p.hand:
            if playable and not drawable(card):
                continue
            if not affordable(p, card) or _idle_heal(p, card.fx):
                continue
            s = self.score(card)
            if s > best_score:
                best, best_score = card, s
        return best

    def standoff(self, duel: Duel, player: Duelist) -> list[StandoffAction]:
        actions: list[StandoffAction] = [Load(2)]
        spells = [c for c in player.hand if c.kind == "spell"]
        if self._best(player, True) is None:
            back = sorted((c for c in player.discard if c.kind == "spell"), key=self.score,
                          reverse=True)[:RELOAD_CARDS]
            if back and player.ep >= 3:
                actions.append(MoveCards("reload", tuple(back)))
            elif player.deactivated and player.ep >= 3:
                actions.append(MoveCards("reactivate", tuple(player.deactivated[:6])))
            elif player.grimslinger is not None and player.grimslinger.feast:
                actions.append(Feast())
        elif len(spells) > SURGE_CARDS + 1 and player.ep >= 2:
            weakest = sorted(spells, key=self.score)[:SURGE_CARDS]
            actions.append(MoveCards("surge", tuple(weakest)))
        if player.ep <= 1 and player.hp > 3:
            actions.append(Sacrifice(min(2, player.hp - 3)))
        for card in player.hand:
            if "standoff" in card.types and affordable(player, card) and self.score(card) > 0 \
                    and not _idle_heal(player, card.fx):
                actions.append(UseCard(card))
                break
        for card in player.passive:
            for ability in card.abilities:
                if ability.timing == "standoff" and abilities.affordable(player, ability) \
                        and fx_score(ability.fx) > 0 and not _idle_heal(player, ability.fx):
                    actions.append(UseAbility(card, ability))
                    break
        for card in sorted(duel.field, key=self.score, reverse=True)[:1]:
            if self.score(card) > 0 and player.ep > scavenge_cost(card):
                actions.append(UseCard(card, "scavenge"))  # versus: only with an action to spare
        return actions

    def play(self, duel: Duel, player: Duelist) -> PlayCards | None:
        card = self._best(player, True)
        if card is None:
            return None
        extra = tuple(c for c in player.hand if c is not card and "combine" in c.types
                      and c.combines_with in (None, card.kind) and affordable(player, c))[:1]
        return PlayCards(card, extra, abilities=self._draw_parts(player, card))

    def _draw_parts(self, player: Duelist, card: Card) -> tuple[UseAbility, ...]:
        """The Draw-timed parts worth their cost, paid from what the card played leaves
        (a skill paid in blood comes first)."""
        left = {c.resource: player.amount(c.resource) - c.amount for c in card.costs}
        used: list[UseAbility] = []
        for part in abilities.timed(player, "draw"):
            cost = sum(c.amount for c in part.ability.costs)
            if fx_score(part.ability.fx) - abilities.COST_WORTH * cost <= 0:
                continue
            if all(left.get(c.resource, player.amount(c.resource)) >= c.amount
                   for c in part.ability.costs):
                for c in part.ability.costs:
                    left[c.resource] = left.get(c.resource, player.amount(c.resource)) - c.amount
                used.append(part)
        return tuple(used)

    def pick(self, duel: Duel, player: Duelist, cards: list[Card], count: int,
             why: str) -> list[Card]:
        ranked = sorted(cards, key=self.score, reverse=why == "reactivate")
        return ranked[:count]

    def choose(self, duel: Duel, player: Duelist, why: str, options: Sequence[Option]) -> int:
        return max(range(len(options)), key=lambda i: options[i].worth)


class RandomPolicy:
    name = "random"

    def standoff(self, duel: Duel, player: Duelist) -> list[StandoffAction]:
        rng = duel.rng
        options: list[StandoffAction] = []
        if player.hp > 1:
            options.append(Sacrifice(1))
        spells = [c for c in player.discard if c.kind == "spell"]
        if spells and player.ep >= 3:
            options.append(MoveCards("reload", tuple(spells[:RELOAD_CARDS])))
        if player.deactivated and player.ep >= 3:
            options.append(MoveCards("reactivate", tuple(player.deactivated[:6])))
        options += [UseCard(c) for c in player.hand if "standoff" in c.types]
        options += [UseAbility(c, a) for c in player.passive for a in c.abilities
                    if a.timing == "standoff"]
        options += [UseCard(c, "scavenge") for c in duel.field]
        picked: list[StandoffAction] = [Load(rng.randint(0, 2))]
        for _ in range(2):
            if options and rng.random() < 0.5:
                picked.append(rng.choice(options))
        return picked

    def play(self, duel: Duel, player: Duelist) -> PlayCards | None:
        cards = [c for c in player.hand if drawable(c)]
        if not cards or duel.rng.random() < 0.1:
            return None
        card = duel.rng.choice(cards)
        parts = tuple(abilities.timed(player, "draw"))
        return PlayCards(card, abilities=tuple(p for p in parts if duel.rng.random() < 0.5))

    def pick(self, duel: Duel, player: Duelist, cards: list[Card], count: int,
             why: str) -> list[Card]:
        return duel.rng.sample(cards, min(count, len(cards)))

    def choose(self, duel: Duel, player: Duelist, why: str, options: Sequence[Option]) -> int:
        return duel.rng.randrange(len(options))


POLICIES: dict[str, type[Greedy] | type[RandomPolicy]] = {"greedy": Greedy,
                                                           "random": RandomPolicy}


def make_policy(name: str) -> Policy:
    return POLICIES[name]()
