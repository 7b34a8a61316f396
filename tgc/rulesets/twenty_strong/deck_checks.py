"""20 Strong static checks (§16 of ../shared/rules/twenty-strong.md): a loaded deck and
where its declarations are written in, ``Problem``s out. Each check is a function named
for what it finds; they read only the typed records, never the sources."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from tgc.rulesets.twenty_strong.data import (
    BOX_DICE,
    Ability,
    Box,
    DealDamage,
    Effect,
    Enemy,
    FaceDamage,
    Forbid,
    GainUpgraded,
    Unlock,
    When,
    threshold,
)
from tgc.rulesets.twenty_strong.loader import Problem
from tgc.rulesets.twenty_strong.odds import Die, Engagement, Target, odds
from tgc.source import Span

LOW_ODDS = Fraction(5, 100)  # TGC552's floor
Spans = dict[str, Span]


def check_box(box: Box, spans: Spans, props: Spans) -> list[Problem]:
    out: list[Problem] = []
    for check in CHECKS:
        out.extend(check(box, spans, props))
    return out


# ---------------------------------------------------------------- walking effects


def _flat(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    for e in effects:
        yield e
        if isinstance(e, When):
            yield from _flat((e.then,))


def _ability_effects(abilities: tuple[Ability, ...]) -> Iterator[Effect]:
    for a in abilities:
        yield from _flat(a.effects)


def player_effects(box: Box) -> Iterator[Effect]:
    """Effects the player can bring to bear: cards, hero abilities, rewards and items."""
    for c in box.cards:
        for s in c.left:
            yield from _flat(s.effects)
        yield from _ability_effects(c.abilities)
    for h in box.heroes:
        yield from _ability_effects(h.abilities)
    for e in (*box.enemies, *box.bosses):
        for r in e.rewards:
            yield from _flat(r)
        if e.item is not None:
            yield from _flat(e.item.effects)
            yield from _ability_effects(e.item.abilities)


# ---------------------------------------------------------------- 1, 2 beatable


def _pool(box: Box, rank: int) -> dict[str, int]:
    return {c.name: max(0, c.count - (1 if rank >= 5 else 0)) for c in box.dice.colours}


def _best_round(box: Box, foe: Enemy, dial: str, pool: dict[str, int]) -> int:
    """The most damage one round can deal to ``foe`` with the dial on ``dial`` (§16 #1)."""
    effects = list(player_effects(box))
    unlocked = {e.colour for e in effects if isinstance(e, Unlock)}
    colours = set(pool) if None in unlocked else {dial} | {c for c in unlocked if c}
    forbidden = {e.colour for e in foe.during if isinstance(e, Forbid)}
    if None in forbidden:
        colours = set()
    colours -= {c for c in forbidden if c}
    own = {e.face: e.amount for e in foe.during if isinstance(e, FaceDamage)}
    crit = own.get("crit", max([2, *(e.amount for e in effects
                                     if isinstance(e, FaceDamage) and e.face == "crit")]))
    basic = own.get("basic", max([1, *(e.amount for e in effects
                                       if isinstance(e, FaceDamage) and e.face == "basic")]))
    dealt = sum(e.amount for e in effects if isinstance(e, DealDamage))
    return max(crit, basic) * sum(pool[c] for c in colours) + dealt


def _count(box: Box, colour: str) -> int:
    found = box.dice.colour(colour)
    return found.count if found is not None else 0


def check_unbeatable(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    for foe in (*box.bosses, *box.enemies):
        span = spans.get(f"{'boss' if foe.boss else 'enemy'}:{foe.name}")
        what = f"{'boss' if foe.boss else 'enemy'} \"{foe.name}\""
        low = [c for c in box.dice.dial
               if _best_round(box, foe, c, _pool(box, 1)) < foe.health]
        # A colour with at most one die is TGC554's finding; rank 5 leaves it empty.
        low5 = [c for c in box.dice.dial if c not in low and _count(box, c) > 1
                and _best_round(box, foe, c, _pool(box, 5)) < foe.health]
        if foe.boss and len(low) == len(box.dice.dial):
            yield Problem("TGC550", span, f"{what} has Health {foe.health}, more than any "
                          "round can deal whatever the dial shows",
                          "lower its Health, or give the deck cards that unlock colours or "
                          "raise damage")
            continue
        if low or low5:
            parts = []
            if low:
                parts.append(f"while the dial shows {', '.join(low)}")
            if low5:
                parts.append(f"at rank 5 also {', '.join(low5)}")
            yield Problem("TGC551", span, f"{what} (Health {foe.health}) cannot be defeated in "
                          f"one engagement {'; '.join(parts)}",
                          "this is a warning: the enemy simply cannot fall in those rounds")


def check_low_odds(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    """§16 #2: the enemy alone, every die of the dial's colour committed in the first
    pass, the best applications, the lowest Strategy of the heroes, the best colour."""
    if not box.heroes:
        return
    passes = min(h.strategy for h in box.heroes)
    dice = tuple(Die(c.hits, box.dice.sides) for c in box.dice.colours)
    names = [c.name for c in box.dice.colours]
    for foe in box.enemies:
        best = Fraction(0)
        for dial in box.dice.dial:
            target = _target(foe, names, dial)
            if target is None:
                continue
            plan = tuple(box.dice.colours[i].count if n == dial else 0
                         for i, n in enumerate(names))
            zero = (0,) * len(names)
            chance = odds(Engagement(dice, (target,), (plan,) + (zero,) * (passes - 1)))
            best = max(best, chance)
            if best >= LOW_ODDS:
                break
        if best < LOW_ODDS:
            yield Problem("TGC552", spans.get(f"enemy:{foe.name}"),
                          f"enemy \"{foe.name}\" alone falls in one engagement at best "
                          f"{float(best):.1%} of the time (Strategy {passes})",
                          "information: `tgc odds` shows the exact figures")


def _target(foe: Enemy, names: list[str], dial: str) -> Target | None:
    forbidden = {e.colour for e in foe.during if isinstance(e, Forbid)}
    if None in forbidden or dial in forbidden or dial not in names:
        return None
    own = {e.face: e.amount for e in foe.during if isinstance(e, FaceDamage)}
    return Target(foe.health, own.get("crit", 2), own.get("basic", 1),
                  frozenset({names.index(dial)}))


# ---------------------------------------------------------------- 3, 4, 12, 13 counts


def check_menhir(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    need = 2 * threshold(1)
    if len(box.enemies) < need:
        yield Problem("TGC553", spans.get("dice:"),
                      f"the enemy decks hold {len(box.enemies)} cards: the Menhir Stack needs "
                      f"{threshold(1)} and every round activates one more, so at least {need}",
                      "declare more `@enemy` cards")


def check_dice(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    total = sum(c.count for c in box.dice.colours)
    span = spans.get("dice:")
    if total != BOX_DICE:
        yield Problem("TGC554", span, f"the unit dice add up to {total}, not {BOX_DICE}",
                      "the rulebook's game has 17 unit dice (a warning: a variant may differ)")
    for colour in box.dice.dial:
        found = box.dice.colour(colour)
        if found is not None and found.count <= 1:
            yield Problem("TGC554", span, f"the dial shows {colour}, which has "
                          f"{found.count} {'die' if found.count == 1 else 'dice'}: none are "
                          "left at rank 5", "give that colour at least two dice")


def check_drain(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    t = threshold(1)
    icons = sum(e.additional for e in box.enemies)
    if icons and 2 * t + icons > len(box.enemies) >= 2 * t:
        yield Problem("TGC563", spans.get("dice:"),
                      f"in the worst order the {icons} additional-enemy icons and {2 * t} cards "
                      f"of {t} rounds could take all {len(box.enemies)} enemy cards before "
                      "the boss comes", "information: the Menhir Stack may never fill")


def check_boss_icons(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    for boss in box.bosses:
        if boss.additional > threshold(3):
            yield Problem("TGC564", props.get(f"boss:{boss.name}/additional"),
                          f"boss \"{boss.name}\" calls {boss.additional} enemies, more than the "
                          f"{threshold(3)} the Menhir Stack holds from rank 3",
                          "lower `additional`")


# ---------------------------------------------------------------- 5, 6, 11 nodes


def _right_nodes(box: Box) -> set[str]:
    out = {n for e in (*box.enemies, *box.bosses) for n in e.nodes}
    return out | {n for c in box.cards for n in c.right}


def check_playable(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    right = _right_nodes(box)
    for card in box.cards:
        where = f"card:{card.name}"
        if card.left_positions.isdisjoint(right):
            yield Problem("TGC555", spans.get(where), f"combat card \"{card.name}\" can never "
                          "be played: no enemy, boss or card has a right node at "
                          f"{', '.join(sorted(card.left_positions)) or 'any of its left positions'}",
                          "give it a left position that some right node matches")
            continue
        for strike in card.left:
            if right.isdisjoint(strike.positions):
                yield Problem("TGC556", props.get(f"{where}/left", spans.get(where)),
                              f"\"{strike.text}\" on \"{card.name}\" sits at "
                              f"{', '.join(strike.positions)}, which no right node reaches",
                              "move it to a position some right node matches")


def check_nodes(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    known = set(box.dice.nodes)
    for foe in (*box.enemies, *box.bosses):
        kind = "boss" if foe.boss else "enemy"
        for node in foe.nodes:
            if node not in known:
                yield _unknown_node(node, known, props.get(f"{kind}:{foe.name}/nodes",
                                                           spans.get(f"{kind}:{foe.name}")))
    for card in box.cards:
        for node in (*card.left_positions, *card.right):
            if node not in known:
                key = "right" if node in card.right else "left"
                yield _unknown_node(node, known, props.get(f"card:{card.name}/{key}",
                                                           spans.get(f"card:{card.name}")))


def _unknown_node(node: str, known: set[str], span: Span | None) -> Problem:
    from difflib import get_close_matches

    close = get_close_matches(node, sorted(known), n=1)
    return Problem("TGC562", span, f"node `{node}` is not declared in `@dice nodes`",
                   f"did you mean `{close[0]}`?" if close else
                   f"nodes are {', '.join(sorted(known))}")


# ---------------------------------------------------------------- 7, 8, 10 heroes and cards


def check_heroes(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    for hero in box.heroes:
        span = spans.get(f"hero:{hero.name}")
        stats = {"health": hero.health, "strategy": hero.strategy, "recovery": hero.recovery}
        for stat, value in stats.items():
            if not 1 <= value <= 6:
                yield Problem("TGC557", props.get(f"hero:{hero.name}/{stat}", span),
                              f"hero \"{hero.name}\" has {stat} {value}; stats are 1 to 6",
                              "a stat die shows 1 to 6")
        card = box.card(hero.card) if hero.card is not None else None
        if hero.elsewhere:
            if not any(c.kind == "universal" for c in box.cards):
                yield Problem("TGC558", span, f"hero \"{hero.name}\" comes from another deck but "
                              "this deck has no Universal card", "declare `@card universal`")
        elif card is None:
            yield Problem("TGC558", props.get(f"hero:{hero.name}/card", span),
                          f"hero \"{hero.name}\" has no hero combat card"
                          + (f" (\"{hero.card}\" is not declared)" if hero.card else ""),
                          "declare its `@card hero` and name it in `card:`")
        if set(stats.values()) == {1}:
            yield Problem("TGC558", span, f"hero \"{hero.name}\" has every stat at 1: rank 4 "
                          "cannot lower one", "raise one stat")


def check_rewards(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    upgraded = {c.name for c in box.cards if c.kind == "upgraded"}
    for foe in (*box.enemies, *box.bosses):
        kind = "boss" if foe.boss else "enemy"
        span = props.get(f"{kind}:{foe.name}/reward", spans.get(f"{kind}:{foe.name}"))
        for reward in foe.rewards:
            for e in _flat(reward):
                if not isinstance(e, GainUpgraded):
                    continue
                if e.card is None and not upgraded:
                    yield Problem("TGC559", span, f"\"{foe.name}\" rewards an upgraded card, "
                                  "but the deck declares none", "declare `@card upgraded` cards")
                elif e.card is not None and e.card not in upgraded:
                    found = box.card(e.card)
                    detail = (f"is a {found.kind} card" if found is not None
                              else "is not declared")
                    yield Problem("TGC559", span, f"\"{foe.name}\" rewards upgraded "
                                  f"\"{e.card}\", which {detail}",
                                  "name an `@card upgraded` card, or write `gain upgraded any`")


def check_combat_deck(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    basics = [c for c in box.cards if c.kind == "basic"]
    heroes = {h.name for h in box.heroes}
    if box.cards and len(basics) != 9:
        first = next(iter(box.cards))
        yield Problem("TGC561", spans.get(f"card:{first.name}"),
                      f"the deck has {len(basics)} basic combat cards; setup shuffles nine "
                      "with the hero's card", "a warning: a variant may differ")
    for card in box.cards:
        if card.kind == "hero" and card.hero not in heroes:
            yield Problem("TGC561", props.get(f"card:{card.name}/hero", spans.get(f"card:{card.name}")),
                          f"hero card \"{card.name}\" belongs to "
                          + (f"\"{card.hero}\", who is not declared" if card.hero else "no hero"),
                          "name a declared hero in `hero:`")


# ---------------------------------------------------------------- 15 abilities


def _dead_trigger(ability: Ability, owner: str) -> str | None:
    if owner == "card":
        if ability.zone == "inventory":
            return "combat cards are never items"
        if ability.zone == "play" and ability.trigger == "start-of-engagement":
            return "cards are played after the start of Engagement"
    if ability.trigger == "activation" and owner != "enemy":
        return "only enemies are activated"
    if ability.trigger == "always" and owner == "enemy":
        return "an enemy's standing effects are written as `during:`"
    return None


def check_abilities(box: Box, spans: Spans, props: Spans) -> Iterator[Problem]:
    owners: list[tuple[str, str, tuple[Ability, ...], str]] = []
    owners += [("card", c.name, c.abilities, "ability") for c in box.cards]
    owners += [("hero", h.name, h.abilities, "ability") for h in box.heroes]
    owners += [("boss" if e.boss else "enemy", e.name, e.special, "special")
               for e in (*box.enemies, *box.bosses)]
    owners += [("item", e.name, e.item.abilities, "item") for e in box.enemies
               if e.item is not None]
    for owner, name, abilities, key in owners:
        decl = "enemy" if owner in ("item", "enemy") else owner
        span = props.get(f"{decl}:{name}/{key}", spans.get(f"{decl}:{name}"))
        for ability in abilities:
            why = _dead_trigger(ability, "enemy" if owner == "boss" else owner)
            if why is not None:
                yield Problem("TGC565", span, f"\"{ability.text}\" on \"{name}\" can never "
                              f"trigger: {why}", "change its trigger or its zone")


CHECKS: tuple[Callable[[Box, Spans, Spans], Iterator[Problem]], ...] = (
    check_heroes, check_combat_deck, check_nodes, check_playable, check_rewards,
    check_abilities, check_dice, check_menhir, check_drain, check_boss_icons,
    check_unbeatable, check_low_odds,
)
