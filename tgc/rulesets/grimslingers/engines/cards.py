"""Grimslingers named-card FX (spec §10, §16.11): Bloodlust's remembered HP, Equilibrium's
copies, Redirect's new targets, Scourge kept in a target's space, Resurrect's EP turned
into HP, Elemental Catalyst and Engulf's choice. The cards are rule data (the sample deck
writes them); this module is the FX vocabulary they are written in, called by resolve.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tgc.rulesets.grimslingers.data import Card, Choice, DiscardNamed, Fx, Pay, Resource
from tgc.rulesets.grimslingers.engines import resolve
from tgc.rulesets.grimslingers.engines.decisions import Option
from tgc.rulesets.grimslingers.engines.duelist import Cursed, Duelist, Play, holds, take
from tgc.rulesets.grimslingers.engines.words import fx_words

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.duel import Duel


def choose(duel: Duel, chooser: Duelist, why: str, options: list[Option]) -> int:
    """A duelist's answer to a choice inside an FX: a creature's at random (GS-15.3), a
    player's from the policy (an answer out of range takes the first option)."""
    if len(options) <= 1:
        return 0
    if chooser.creature:
        return duel.rng.randrange(len(options))
    pick = duel.policy.choose(duel, chooser, why, options)
    return pick if 0 <= pick < len(options) else 0


def harm(card: Card) -> float:
    """A card's rough harm to whom it targets: its DMG and the EP it takes."""
    return sum(fx.amount.value for fx in card.fx if fx.kind == "dmg" and fx.who == "target") \
        + 0.8 * sum(fx.amount.value for fx in card.fx if fx.kind == "lose" and fx.who == "target")


# ---------------------------------------------------------------- Bloodlust (GS-10.1)


def remember_hp_lost(play: Play) -> None:
    """The HP the user lost this turn so far waits for its next spell that hits a foe."""
    play.owner.bloodlust += play.owner.hp_lost


def lust_for(play: Play) -> None:
    """At a spell's resolution: a pending Bloodlust bonus rides on it if it can deal DMG
    to a foe (Bloodlust's own resolution does not take it)."""
    owner, card = play.owner, play.acting
    if not owner.bloodlust or card.kind != "spell" or card.target in ("self", "team"):
        return
    if any(fx.kind == "dmg" and fx.who == "target" for fx in card.fx):
        play.bonus_dmg, owner.bloodlust = owner.bloodlust, 0


# ---------------------------------------------------------------- Equilibrium (GS-10.2)


def copy_card(duel: Duel, play: Play) -> None:
    """The user picks an unresolved card, never another that copies (two Equilibriums
    would copy each other without end); every unresolved card, and this one, becomes a
    copy with its own owner, keeping its own target where the copy has a single one, and
    paying the copied card's costs (GS-A9): this one now, the others as they resolve.
    With nothing but copiers unresolved, it copies nothing and has no FX."""
    others = [p for p in duel.plays if p is not play and p.state == "unresolved"]
    # another Equilibrium is no card to copy: it would copy again, and again (GS-A9)
    choosable = [p for p in others if not any(fx.kind == "copy" for fx in p.acting.fx)]
    if not choosable:
        return
    mine = play.owner.team
    allies = sum(1 if p.owner.team == mine else -1 for p in (*others, play))
    options = [Option(f"{o.acting.name} ({o.owner.name})", harm(o.acting) * allies)
               for o in choosable]
    chosen = choosable[choose(duel, play.owner, "copy", options)].acting
    duel.note(f"{play.owner.name} copies {chosen.name}")
    for other in (*others, play):
        keep = chosen.target == "single" and other.acting.target == "single" and other.targets
        other.copy_of = chosen
        if not keep:
            other.targets = duel.targets_for(other.owner, chosen)
    if not resolve.pay_costs(duel, play.owner, chosen.costs, chosen):  # each owner (GS-A9)
        duel.note(f"{play.owner.name} cannot pay for {chosen.name}: deactivated")
        resolve.deactivate_play(play)
        return
    resolve.apply_fx(duel, play, chosen.fx)


# ---------------------------------------------------------------- Redirect (GS-10.3)


def redirect(duel: Duel, play: Play) -> None:
    """Every other unresolved single-target card gets a target of the user's choice. The
    shared-target penalty (GS-9.6) belongs to cards aimed at the shared target, so a card
    aimed elsewhere now loses it, and no new one is counted (GS-A24): the rulebook's
    example lands the full 5 DMG of two cards first aimed at one player."""
    standing = [d for d in duel.seats if not d.defeated]
    for other in duel.plays:
        if other is play or other.state != "unresolved" or other.acting.target != "single":
            continue
        sign = harm(other.acting) or 1.0
        options = [Option(d.name, sign if d.team != play.owner.team else -sign)
                   for d in standing]
        new = standing[choose(duel, play.owner, f"redirect {other.acting.name}", options)]
        if other.targets != [new]:
            other.penalty = 0  # the shared-target penalty stays with the old target
        other.targets = [new]
        duel.note(f"{other.acting.name} now targets {other.targets[0].name}")


# ---------------------------------------------------------------- Scourge (GS-10.5)


def curse(play: Play, amount: int) -> None:
    """The card stays in its target's space instead of being put away."""
    target = next((t for t in play.targets if not t.defeated), None)
    if target is None or play.state != "resolved":
        return
    target.curses.append(Cursed(play.card, play.owner, amount))
    play.state = "held"


def curse_tick(duel: Duel, d: Duelist) -> None:
    """At a Standoff's start each curse takes its HP: a loss, never DMG."""
    for c in list(d.curses):
        if not d.defeated:
            duel.note(f"{d.name} loses {c.amount} HP to {c.card.name}")
            resolve.lose(duel, d, "hp", c.amount)


def lift_curses(d: Duelist) -> None:
    """The target's first HP gain (or the duel's end): each curse card goes to its
    owner's discard pile, where it may be reloaded again."""
    for c in d.curses:
        c.owner.discard.append(c.card)
    d.curses.clear()


# ---------------------------------------------------------------- Resurrect (GS-10.4)


def ep_for_hp(duel: Duel, d: Duelist) -> int:
    """The owner spends any amount of EP and comes back with that much HP (none: no
    comeback)."""
    if d.ep <= 0:
        return 0
    options = [Option(f"spend {n} EP for {n} HP", float(min(n, d.max_hp)) - 0.01 * n)
               for n in range(1, d.ep + 1)]
    n = 1 + choose(duel, d, "resurrect", options)
    d.ep -= n
    d.spent_ep += n
    return min(n, d.max_hp)


# ---------------------------------------------------------------- Instant cards


def enter_hand(duel: Duel, d: Duelist, card: Card) -> None:
    """GS-3.6, GS-10.8: a card entering the hand. An Instant one resolves at once: with
    ``instant_fx`` it applies them and stays in the hand, now a card like any other,
    unless they discard it (Unstable Dynamite going off); without, its FX resolve and
    it is put away."""
    d.hand.append(card)
    if "instant" not in card.types:
        return
    if card.instant_fx:
        play = Play(card, d, [d], d.seat, 0, state="resolved")
        resolve.apply_fx(duel, play, card.instant_fx)
        if play.state == "discarded" and holds(d.hand, card):
            take(d.hand, card)
        return
    take(d.hand, card)
    resolve.resolve_play(duel, Play(card, d, duel.targets_for(d, card), d.seat, 0))


# ---------------------------------------------------------------- Specter (GS-10.6)


def come_back(duel: Duel, d: Duelist) -> bool:
    """At the end of the Aftermath in which ``d`` fell: a comeback card in the hand whose
    cost ``d`` can pay brings them back (if they choose) with its HP, for a trial turn."""
    card = next((c for c in d.hand if c.comeback is not None), None)
    if card is None or card.comeback is None:
        return False
    back = card.comeback
    if d.amount(back.cost.resource) < back.cost.amount:
        return False
    options = [Option(f"pay {back.cost.amount} {back.cost.resource} to come back with "
                      f"{back.hp} HP", 1.0), Option("stay down", 0.0)]
    if choose(duel, d, card.name, options) != 0:
        return False
    d.set_amount(back.cost.resource, d.amount(back.cost.resource) - back.cost.amount)
    if back.cost.resource == "ep":
        d.spent_ep += back.cost.amount
    take(d.hand, card)
    d.discard.append(card)
    d.defeated = False
    d.hp = min(back.hp, d.max_hp)
    d.ghost = back.dmg
    duel.note(f"{d.name} plays {card.name}: back with {d.hp} HP for a turn")
    return True


def ghost_stays(d: Duelist) -> bool:
    """The trial turn's test: HP actually removed from one target, in total."""
    return max(d.hp_dealt.values(), default=0) >= d.ghost


# ---------------------------------------------------------------- Elemental Catalyst


def catalyst(duel: Duel, play: Play) -> None:
    """GS-16.11: the target's element spells leave its hand and resolve against it all
    at once; the changes of each quantity are summed, so opposite ones cancel."""
    for t in [t for t in play.targets if not t.defeated]:
        elements = [c for c in t.hand if c.kind == "spell" and c.element is not None]
        for c in elements:
            take(t.hand, c)
            t.discard.append(c)
        dmg, cards = 0, {"deactivate": 0, "discard": 0}
        net: dict[Resource, int] = {}
        for fx in (f for c in elements for f in c.fx):
            match fx.kind:
                case "dmg":
                    dmg += fx.amount.value
                case "gain" | "lose":
                    sign = 1 if fx.kind == "gain" else -1
                    net[fx.resource] = net.get(fx.resource, 0) + sign * fx.amount.value
                case "deactivate" | "discard":
                    cards[fx.kind] += fx.amount.value
        duel.note(f"{t.name}'s {len(elements)} elements resolve against them")
        net["hp"] = net.get("hp", 0) - dmg
        for resource, change in net.items():
            if resource == "hp" and change < 0:
                resolve.deal_dmg(duel, play.owner, t, -change)
            elif change > 0:
                resolve.gain(t, resource, change)
            elif change < 0:
                resolve.lose(duel, t, resource, -change)
        resolve.shed(duel, t, cards["deactivate"], True)
        resolve.shed(duel, t, cards["discard"], False)


# ---------------------------------------------------------------- Engulf's choice


def choice(duel: Duel, play: Play, fx: Choice) -> None:
    """Each standing target picks one option it can take; its FX apply to that target."""
    for t in [t for t in play.targets if not t.defeated]:
        offered = [o for o in fx.options if all(_can(duel, t, f) for f in o)]
        if not offered:
            continue
        options = [Option(fx_words(o), -sum(_cost(f) for f in o)) for o in offered]
        picked = offered[choose(duel, t, f"answer {play.acting.name}", options)]
        duel.note(f"{t.name} chooses: {fx_words(picked)}")
        one = Play(play.card, play.owner, [t], play.order, play.rn, play.nv)
        for part in picked:  # a `pay` option is the chooser's, no cost of the card (GS-A14)
            if isinstance(part, Pay):
                pay(t, part)
            else:
                resolve.apply_fx(duel, one, (part,))


def _can(duel: Duel, t: Duelist, fx: Fx) -> bool:
    match fx.kind:
        case "pay":
            return t.amount(fx.resource) >= fx.amount
        case "discard_named":
            return _named(duel, t, fx) is not None
        case _:
            return True


def _cost(fx: Fx) -> float:
    match fx.kind:
        case "dmg":
            return float(fx.amount.value)
        case "pay":
            return 0.8 * fx.amount
        case "discard_named":
            return 2.0
        case _:
            return 0.0


def pay(t: Duelist, fx: Pay) -> None:
    t.set_amount(fx.resource, t.amount(fx.resource) - fx.amount)
    if fx.resource == "ep":
        t.spent_ep += fx.amount


def _named(duel: Duel, t: Duelist, fx: DiscardNamed) -> Card | Play | None:
    wanted = fx.card.casefold()
    for card in t.hand:
        if card.name.casefold() == wanted:
            return card
    for other in duel.plays:
        if other.owner is t and other.state == "unresolved" and other.card.name.casefold() == wanted:
            return other
    return None


def discard_named(duel: Duel, t: Duelist, fx: DiscardNamed) -> None:
    """From the hand, or the card played this turn, which then never resolves."""
    found = _named(duel, t, fx)
    if isinstance(found, Play):
        resolve.discard_play(found)
    elif found is not None and holds(t.hand, found):
        take(t.hand, found)
        t.put_away(found)
