"""Grimslingers Aftermath: resolving one revealed card (GS-7.2) with the element check
(§8), costs (GS-4.3), NV changes (GS-4.4 to 4.7) and its FX in written order; combine
cards (GS-A10) and dispositions (GS-A2). Shared by creature and versus duels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tgc.rulesets.grimslingers.data import (
    Amount,
    Card,
    Cost,
    Disposition,
    Dmg,
    Dnc,
    Fx,
    Nv,
    Pay,
    Resource,
)
from tgc.rulesets.grimslingers.engines import abilities, cards
from tgc.rulesets.grimslingers.engines.decisions import Option
from tgc.rulesets.grimslingers.engines.duelist import Duelist, Play, take

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.engines.duel import Duel


def combine(duel: Duel, main: Play, extra: Card) -> None:
    """A combine card's ``+N nv to combined card`` raises the main card at once; without
    an RN it resolves with the main card, with one it resolves at its own (GS-A10), in its
    owner's place of the tie order (versus: counted from the token, GS-7.1)."""
    for fx in extra.fx:
        if isinstance(fx, Nv) and fx.scope == "combined":
            main.nv += fx.amount.value
    if extra.rn is None:
        main.combined.append(extra)
        return
    duel.plays.append(Play(extra, main.owner, list(main.targets), main.order,
                           duel.rn_of(extra, main.owner)))


def resolution_order(duel: Duel, plays: list[Play]) -> list[Play]:
    """GS-7.1: lowest RN first, ties in seat order from the first player; a player's own
    cards at one RN (a combine card with its main card's RN) in the order that player
    chooses (GS-A37), asked only when there are two or more."""
    ranked = sorted(plays, key=lambda p: (p.rn, p.order))
    out: list[Play] = []
    i = 0
    while i < len(ranked):
        j = i + 1
        while j < len(ranked) and (ranked[j].rn, ranked[j].owner) == (ranked[i].rn, ranked[i].owner):
            j += 1
        tied = ranked[i:j]
        while len(tied) > 1 and not tied[0].owner.creature:
            options = [Option(p.card.name, 0.0) for p in tied]
            why = f"which of your RN {tied[0].rn} cards resolves first"
            out.append(tied.pop(duel.policy.choose(duel, tied[0].owner, why, options)))
        out.extend(tied)
        i = j
    return out


def resolve_play(duel: Duel, play: Play) -> None:
    owner, card = play.owner, play.acting
    if owner.defeated:  # step 1
        _put_away(play, deactivate=True)
        return
    if card.element is not None and not _element_check(duel, play):  # step 2
        duel.note(f"{play.card.name} is weak and discarded")
        return
    if not pay_costs(duel, owner, card.costs, card):  # step 3
        duel.note(f"{owner.name} cannot pay for {card.name}: deactivated")
        _put_away(play, deactivate=True)
        return
    play.state = "resolved"
    cards.lust_for(play)
    apply_fx(duel, play, card.fx)  # step 4
    for extra in play.combined if play.state == "resolved" else ():
        apply_fx(duel, play, tuple(f for f in extra.fx
                                   if not (isinstance(f, Nv) and f.scope == "combined")))
    _put_away(play, deactivate=False)  # step 5


def _put_away(play: Play, deactivate: bool) -> None:
    if play.state not in ("unresolved", "resolved"):
        return
    play.state = "deactivated" if deactivate else "resolved"
    play.owner.put_away(play.card, deactivate)
    for extra in play.combined:
        play.owner.put_away(extra, deactivate)


def deactivate_play(play: Play) -> None:
    """A resolving card whose cost could not be paid goes to the deactivate pile."""
    _put_away(play, deactivate=True)


def discard_play(play: Play) -> None:
    """A weak element (and the combine cards riding on it) goes to the discard pile."""
    play.state = "discarded"
    play.owner.put_away(play.card)
    for extra in play.combined:
        play.owner.put_away(extra)


def _element_check(duel: Duel, play: Play) -> bool:
    """GS-8.2 to 8.5: each target's own unresolved element counts; weak against any
    discards this card, strong discards each beaten element. True: it resolves."""
    mine = play.acting.element
    assert mine is not None
    beaten: list[Play] = []
    for target in play.targets:
        for other in duel.plays:
            theirs = other.acting.element
            if other.owner is not target or other.state != "unresolved" or theirs is None:
                continue
            if other is play:
                continue
            if (theirs, mine) in duel.rules.beats:
                discard_play(play)
                return False
            if (mine, theirs) in duel.rules.beats:
                beaten.append(other)
    for other in beaten:
        duel.note(f"{other.card.name} is beaten by {play.card.name} and discarded")
        discard_play(other)
    return True


def pay_costs(duel: Duel, payer: Duelist, costs: tuple[Cost, ...], card: Card | None) -> bool:
    """Costs are paid in full before any FX; short, the resource drops to 0 (GS-4.3).
    In Manaform Kipper's skills cost exactly 1 durability (GS-6.3)."""
    for cost in costs:
        amount = cost.amount
        if (payer.manaform and card is not None and card.kind == "skill"
                and cost.resource == "durability" and amount > 0):
            amount = 1
        have = payer.amount(cost.resource)
        if have < amount:
            payer.set_amount(cost.resource, 0)
            if payer.creature and cost.resource == "ep":
                duel.defeat(payer)  # GS-A18
            return False
        payer.set_amount(cost.resource, have - amount)
        _spent(payer, cost.resource, amount)
    return True


def _spent(d: Duelist, resource: Resource, amount: int) -> None:
    if resource == "hp":
        d.spent_hp += amount
    elif resource == "ep":
        d.spent_ep += amount


# ---------------------------------------------------------------- FX


def nv_bonus(duel: Duel, play: Play, target: Duelist | None, dmg: bool) -> int:
    """The NV change that applies to one amount of this play against this target."""
    owner, card = play.owner, play.acting
    bonus = play.nv
    if play.neutral:
        return bonus
    if owner.manaform and card.kind == "skill":
        bonus += 1
    stage = owner.stage_effect()
    if stage is not None and owner.stage:
        bonus += stage.nv if (not dmg or owner.stage == 2) else 0
    if owner.creature:
        bonus += sum(m.amount for m in duel.creature_modifiers if m.rule == "nv_bonus")
    if target is not None and target.manaform and target is not owner:
        bonus -= 1  # foe cards applied to Kipper in Manaform
    return bonus


def value(amount: Amount, bonus: int) -> int:
    """Numerals follow NV changes, never below 0 (GS-A13); spelled numbers do not."""
    return amount.value if amount.spelled else max(0, amount.value + bonus)


def apply_fx(duel: Duel, play: Play, fxs: tuple[Fx, ...]) -> None:
    """FX in written order. An FX that brings the user to 0 HP ends the card; a target
    defeated partway does not stop the rest (GS-7.2 step 4). The card is still put away
    (step 5): its own ``discard this card`` is that, so Unstable Dynamite that fells its
    owner is discarded all the same ("take the DMG, then discard it", GS-10.8)."""
    for i, fx in enumerate(fxs):
        if play.owner.defeated:
            if play.state == "resolved" and any(f.kind == "discard_self" for f in fxs[i:]):
                discard_play(play)
            return
        if isinstance(fx, Pay):
            if not _pay_midway(duel, play, fx):
                return
            continue
        _apply_one(duel, play, fx)
        if fx.kind == "copy" and play.copy_of is not None:
            return  # the copy's FX took the place of the rest of this card's


def _pay_midway(duel: Duel, play: Play, fx: Pay) -> bool:
    """GS-A14: a cost written inside the FX (``2 dmg; pay 2 ep; 3 dmg``) is its user's,
    paid when it is reached, never changed by NV; short, the resource drops to 0, the
    card is deactivated and the rest of its FX do not resolve (GS-4.3). True: paid."""
    owner = play.owner
    if pay_costs(duel, owner, (Cost(resource=fx.resource, amount=fx.amount),), play.acting):
        return True
    duel.note(f"{owner.name} cannot pay {fx.amount} {fx.resource} for {play.acting.name}: "
              "deactivated")
    if play.state == "resolved":
        deactivate_play(play)
    return False


def _apply_one(duel: Duel, play: Play, fx: Fx) -> None:
    user = play.owner
    targets = [user] if getattr(fx, "who", "target") == "user" else play.targets
    match fx.kind:
        case "dmg":
            assert isinstance(fx, Dmg)
            hit = _foes_hit(duel, play, fx, targets)
            lust = play.bonus_dmg if fx.who == "target" else 0
            for t in hit:
                amount = value(fx.amount, nv_bonus(duel, play, t, True))
                if fx.who == "target":
                    amount += (lust if t.team != user.team else 0) - play.penalty
                deal_dmg(duel, user, t, amount)
            if lust and any(t.team != user.team for t in hit):
                play.bonus_dmg = 0
        case "gain":
            for t in _standing(targets):
                gain(t, fx.resource, value(fx.amount, nv_bonus(duel, play, t, False)))
        case "lose":
            for t in _standing(targets):
                lose(duel, t, fx.resource, value(fx.amount, nv_bonus(duel, play, t, False)))
        case "deactivate" | "discard":
            for t in _standing(targets):
                n = value(fx.amount, nv_bonus(duel, play, t, False))
                shed(duel, t, n, fx.kind == "deactivate")
        case "reactivate":
            n = value(fx.amount, nv_bonus(duel, play, user, False))
            chosen = duel.policy.pick(duel, user, list(user.deactivated), n, "reactivate") \
                if not user.creature else user.deactivated[:n]
            user.give_back(chosen[:n], user.deactivated)
        case "nv":
            _raise_nv(duel, play, fx)
        case "roll":
            face = duel.rng.randint(1, 6)
            duel.note(f"roll {face}")  # said when no arm holds it too: nothing happens
            for arm in fx.arms:
                if arm.low <= face <= arm.high:
                    apply_fx(duel, play, arm.fx)
                    break
        case "dnc":
            _dnc(duel, play, fx)
        case "draw_element":
            drawn = draw_element(duel, user)
            if drawn is not None:
                apply_fx(duel, play, drawn.fx)
        case "bloodlust":
            cards.remember_hp_lost(play)
        case "copy":
            cards.copy_card(duel, play)
        case "redirect":
            cards.redirect(duel, play)
        case "curse":
            cards.curse(play, value(fx.amount, nv_bonus(duel, play, None, False)))
        case "catalyst":
            cards.catalyst(duel, play)
        case "choice":
            cards.choice(duel, play, fx)
        case "pay":
            pass  # a cost reached in written order (apply_fx, GS-A14)
        case "discard_named":
            for t in _standing(targets):
                cards.discard_named(duel, t, fx)
        case "discard_self":
            if play.state == "resolved":
                discard_play(play)
        case "rn":
            user.rn_change += fx.amount  # no NV (GS-4.4): read when this turn's card is played
        case "prevent":
            user.shield += value(fx.amount, nv_bonus(duel, play, user, False))


def _dnc(duel: Duel, play: Play, fx: Dnc) -> None:
    """GS-2.8: one draw for a card with one target; with several, each target draws in
    turn and its arm applies to it alone, the deck reshuffled before each draw, or dealt
    out from one shuffle when the card shares it (reshuffled only if it runs out)."""
    numbers = duel.rules.tale.numbers
    if not numbers:  # the loader refuses a DNC without a number deck (TGC573)
        return
    targets = _standing(play.targets)
    if len(targets) <= 1:
        _dnc_arm(duel, play, fx, duel.rng.choice(numbers), "")
        return
    deck: list[int] = []
    every = play.targets
    try:
        for t in targets:
            if not fx.shared:
                number = duel.rng.choice(numbers)
            else:
                if not deck:
                    deck = list(numbers)
                    duel.rng.shuffle(deck)
                number = deck.pop()
            play.targets = [t]
            _dnc_arm(duel, play, fx, number, f" for {t.name}")
    finally:
        play.targets = every


def _dnc_arm(duel: Duel, play: Play, fx: Dnc, number: int, who: str) -> None:
    found = next((a for a in fx.arms if a.low <= number <= a.high), None)
    duel.note(f"dnc {number}{who}")
    if found is not None:
        apply_fx(duel, play, found.fx)


def saved(duel: Duel, d: Duelist) -> bool:
    """GS-10.7, GS-10.4: a card that ``saves`` (Revive Juju; Resurrect, whose owner buys
    the HP with any amount of EP), in the hand or the passive space, is played the moment
    its owner reaches 0 HP: the owner is not defeated (no allowed defeat is spent); the
    card goes to the discard pile (Resurrect may be reloaded)."""
    for pile in (d.passive, d.hand):
        card = next((c for c in pile if c.saves is not None
                     and (c.saves != "ep" or d.ep > 0)), None)
        if card is None:
            continue
        take(pile, card)
        d.discard.append(card)
        d.hp = cards.ep_for_hp(duel, d) if card.saves == "ep" else min(int(card.saves or 0),
                                                                         d.max_hp)
        duel.note(f"{d.name} plays {card.name}: not defeated, {d.hp} HP")
        return True
    return False


def draw_element(duel: Duel, d: Duelist) -> Card | None:
    """The top card of the creature's element deck (GS-15.4 step 5), shuffled afresh from
    one of each main element only when it has run out; None for a duelist without one."""
    if not d.elements:
        return None
    if not d.element_deck:
        d.element_deck = list(d.elements)
        duel.rng.shuffle(d.element_deck)
    card = d.element_deck.pop()
    duel.note(f"{d.name} draws {card.name} from its element deck")
    return card


def _standing(targets: list[Duelist]) -> list[Duelist]:
    return [t for t in targets if not t.defeated]


def _foes_hit(duel: Duel, play: Play, fx: Dmg, targets: list[Duelist]) -> list[Duelist]:
    """``N dmg to M foes``: M is an NV when a numeral; the foes are chosen at random
    for a creature, and by the table's order otherwise (GS-7.3)."""
    if fx.foes is None or fx.who == "user":
        return _standing(targets)
    count = value(fx.foes, nv_bonus(duel, play, None, False))
    foes = duel.foes_of(play.owner)
    if play.owner.creature:
        return duel.rng.sample(foes, min(count, len(foes)))
    return foes[:count]


def _raise_nv(duel: Duel, play: Play, fx: Nv) -> None:
    amount = value(fx.amount, nv_bonus(duel, play, None, False))
    match fx.scope:
        case "unresolved_foes":
            for other in duel.plays:
                if other.state == "unresolved" and other.owner.team != play.owner.team:
                    other.nv += amount
        case "next_spell":
            play.owner.next_nv += amount
        case "played":
            play.owner.played_nv += amount
        case "combined":
            pass  # applied when the cards were played together


def deal_dmg(duel: Duel, source: Duelist, target: Duelist, amount: int) -> None:
    """DMG after reductions, then what the target resists as it lands (GS-6.7); what
    reaches HP counts as DMG taken (GS-2.2, GS-A19)."""
    if target.defeated:
        return
    target.hp_lost += max(0, amount)  # before any reduction (Bloodlust, GS-10.1)
    if target.creature:
        amount -= sum(m.amount for m in duel.creature_modifiers if m.rule == "dmg_reduction")
    stage = target.stage_effect()
    if stage is not None and target.stage == 2:
        amount -= stage.dmg_taken
    amount = abilities.as_harm_lands(duel, source, target, max(0, amount))  # GS-6.7
    amount = min(max(0, amount), target.hp)
    target.hp -= amount
    target.dmg_taken += amount
    source.hp_dealt[target.seat] = source.hp_dealt.get(target.seat, 0) + amount
    if not target.creature:
        target.spent_hp += amount
    if target.hp == 0:
        duel.defeat(target)


def gain(d: Duelist, resource: Resource, amount: int) -> None:
    if resource == "hp" and amount > 0 and d.curses:
        cards.lift_curses(d)  # the first HP gain ends a curse (GS-10.5)
    if resource == "control":
        d.stage = min(2, d.stage + amount)  # only her skills move it, always up (GS-6.8)
        if "control" in d.res:
            d.res["control"] = d.stage
        return
    if d.has(resource):
        d.set_amount(resource, d.amount(resource) + amount)


def lose(duel: Duel, d: Duelist, resource: Resource, amount: int) -> None:
    """Lose / deduct, down to 0 (GS-4.2); not DMG. A creature at 0 EP falls (GS-15.1)."""
    if not d.has(resource):
        return
    have = d.amount(resource)
    d.set_amount(resource, have - amount)
    taken = have - d.amount(resource)
    if resource == "ep":
        d.ep_lost += taken
    if resource == "hp":
        d.hp_lost += taken
    if not d.creature:
        _spent(d, resource, taken)
    if resource == "hp" and d.hp == 0 or resource == "ep" and d.creature and d.ep == 0:
        duel.defeat(d)


def shed(duel: Duel, d: Duelist, count: int, deactivate: bool) -> None:
    """Deactivate or discard active cards: a creature's at random (GS-15.3), a player's
    by the player's choice; skills are never discarded (GS-3.5)."""
    if count <= 0 or not d.hand:
        return
    if d.creature:
        chosen = duel.rng.sample(d.hand, min(count, len(d.hand)))
    else:
        why = "deactivate" if deactivate else "discard"
        chosen = duel.policy.pick(duel, d, list(d.hand), min(count, len(d.hand)), why)
    for card in chosen:
        take(d.hand, card)
        if deactivate:
            d.deactivated.append(card)
        else:
            d.put_away(card)


# ---------------------------------------------------------------- dispositions


def disposition_met(duel: Duel, disposition: Disposition) -> bool:
    c = duel.creature
    match disposition.requirement:
        case "creature_dmg":
            return c.dmg_taken >= disposition.amount
        case "creature_ep_lost":
            return c.ep_lost >= disposition.amount
        case "players_passed":
            return sum(p.passed for p in duel.players) >= max(1, disposition.amount)
        case "element_hit":
            return any(p.state == "resolved" and p.acting.element == disposition.element
                       and c in p.targets for p in duel.plays)


def apply_disposition(duel: Duel, disposition: Disposition) -> None:
    """Its FX in order: ``target`` is the creature, ``user`` each standing player."""
    card = Card(name=disposition.name, kind="item")
    standing = [p for p in duel.players if not p.defeated]
    for fx in disposition.fx:
        owners = standing if getattr(fx, "who", "target") == "user" else standing[:1]
        for owner in owners:
            apply_fx(duel, Play(card, owner, [duel.creature], 0, 0, neutral=True), (fx,))
