"""20 Strong effects: one typed ``Effect`` (from a card, an enemy, an item or the hero)
applied to a ``Game``'s table, asking the policy where the effect leaves a choice. The
records are named through their module (``data.Draw``), as Jinja's compiler names
``nodes.Name``: the effect parser (effects.py) and this interpreter both list the same
records, which data.py declares once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, assert_never

from tgc.rulesets.twenty_strong import data
from tgc.rulesets.twenty_strong.engines.decisions import STOP, YES_NO, Choice, numbered
from tgc.rulesets.twenty_strong.engines.table import BASIC, CRIT, PRINTED, Foe, item_use

if TYPE_CHECKING:
    from tgc.rulesets.twenty_strong.engines.game import Game

Source = Foe | None


def live_abilities(game: Game, trigger: data.Trigger) -> tuple[tuple[data.Ability, Source], ...]:
    """The hero's, the hand's, the played cards' and the ongoing items' abilities with
    this trigger, each where its zone says it is live (TS-A12). The hero's are sorted by
    trigger once per hero: every step asks for them, and most have none."""
    t = game.t
    hero, by_trigger = game.hero_abilities
    if hero is not t.hero:
        by_trigger = {name: tuple((a, None) for a in t.hero.abilities if a.trigger == name)
                      for name in data.TRIGGERS}
        game.hero_abilities = (t.hero, by_trigger)
    out: tuple[tuple[data.Ability, Source], ...] = by_trigger[trigger]
    zones = game.trigger_zones.get(trigger)  # the zones some card or item has it in
    if zones is None:
        return out
    if "hand" in zones:
        out += tuple((a, None) for card in t.hand for a in card.abilities
                     if a.zone == "hand" and a.trigger == trigger)
    if "play" in zones:
        out += tuple((a, foe) for foe in t.foes for card in foe.chain for a in card.abilities
                     if a.zone == "play" and a.trigger == trigger)
    if "item" in zones and t.inventory:
        uses = game.uses  # the deck's enemies' item kinds, by identity
        out += tuple((a, None) for item in t.inventory
                     if (uses.get(id(item)) or item_use(item)) == "ongoing" and item.item is not None
                     for a in item.item.abilities if a.trigger == trigger)
    return out


def standing(game: Game) -> tuple[data.Effect, ...]:
    """Modifiers that act while their source is live (``always`` abilities). Most decks
    have few: the deck's index holds each card's and item's by identity, and a source
    that is not the deck's is looked up by name."""
    if not game.has_standing:
        return ()
    t = game.t
    cards, items = game.standing_cards, game.standing_items
    out = game.standing_hero
    if cards:
        hand_mods, play_mods = game.hand_mods, game.play_mods
        for card in t.hand:
            found = hand_mods.get(id(card))
            out += found if found is not None else cards.get(("hand", card.name), ())
        for foe in t.foes:
            for card in foe.chain:
                found = play_mods.get(id(card))
                out += found if found is not None else cards.get(("play", card.name), ())
    if items:
        item_mods = game.item_mods
        for item in t.inventory:
            found = item_mods.get(id(item))
            out += found if found is not None else items.get(item.name, ())
    return out


# Each ability's fields the engine reads as it resolves (whether it stands rather than
# triggers, whether it asks first, its text, its effects), by its identity as above.
_ABILITIES: dict[int, tuple[data.Ability, bool, bool, str, tuple[data.Effect, ...]]] = {}


def ability(game: Game, ab: data.Ability, source: Source) -> int:
    found = _ABILITIES.get(id(ab))
    if found is None:
        if len(_ABILITIES) > 8192:
            _ABILITIES.clear()
        found = _ABILITIES[id(ab)] = (ab, ab.trigger == "always", ab.optional, ab.text, ab.effects)
    _, always, optional, text, items = found
    if always:
        return 0
    if optional and game.ask("optional", YES_NO, text).act == "no":
        return 0
    return effects(game, items, source)


Step = Callable[["Game", Source], int]
Test = Callable[["Game", Source], bool]
# Each effect tuple's steps, by the tuple's identity; the tuple is kept with its steps, so
# its identity cannot be another's while it is here (decks are frozen records).
_PROGRAMS: dict[int, tuple[tuple[data.Effect, ...], tuple[Step, ...]]] = {}


def effects(game: Game, items: tuple[data.Effect, ...], source: Source) -> int:
    """Resolves effects in order; returns how many strikes they grant (TS-6.6). Each
    tuple of effects is lowered once (``lower``) and its steps kept."""
    found = _PROGRAMS.get(id(items))
    if found is None:
        if len(_PROGRAMS) > 8192:
            _PROGRAMS.clear()
        found = _PROGRAMS[id(items)] = (items, tuple(lower(e) for e in items))
    strikes = 0
    for step in found[1]:
        strikes += step(game, source)
    return strikes


def effect(game: Game, e: data.Effect, source: Source) -> int:
    """One effect on the table; returns the strikes it grants."""
    return lower(e)(game, source)


def lower(e: data.Effect) -> Step:
    """One effect record as a step on the table (returning the strikes it grants), its
    fields read once: a field of a record costs several slots' reads, and each class
    pattern that fails an isinstance through pydantic's metaclass, which interpreting
    the record paid at every effect resolved. The cases keep the interpreter's order."""
    match e:
        case data.When(condition=condition, then=then):
            test, act = lower_condition(condition), lower(then)
            return lambda game, source: act(game, source) if test(game, source) else 0
        case data.Draw(count=count):
            from tgc.rulesets.twenty_strong.engines.strategy import draw

            return _done(lambda game, source: draw(game, count))
        case data.GainUpgraded(card=card):
            return _done(lambda game, source: gain_upgraded(game, card))
        case data.StatChange(stat=stat, amount=amount):
            return _done(lambda game, source: game.set_stat(stat, game.stat(stat) + amount))
        case data.Unlock(colour=colour, scope=scope):
            if scope == "round":
                return _done(lambda game, source: game.t.unlocked_round.add(colour))
            return _done(lambda game, source: game.t.unlocked_pass.add(colour))
        case data.MoveDice():
            return _done(lambda game, source: move_dice(game, e))
        case data.StrikeAgain():
            return lambda game, source: 1
        case data.Discard(count=count):
            return _done(lambda game, source: discard(game, count))
        case data.Prevent(amount=amount):
            return _done(lambda game, source: prevent(game, amount))
        case data.DealDamage(amount=amount):
            return _done(lambda game, source: deal_damage(game, source, amount))
        case data.BanishDie():
            return _done(lambda game, source: banish_die(game, e))
        case data.FaceDamage(face=face, amount=amount):
            which = CRIT if face == "crit" else BASIC
            return _done(lambda game, source: game.t.face_bonus.update({which: amount}))
        case data.Activate(count=count):
            return _done(lambda game, source: game.activate(count))
        case data.FeedMenhir(count=count):
            return _done(lambda game, source: game.feed_menhir(count))
        case data.Forbid() | data.Nothing():
            return lambda game, source: 0  # a Forbid acts as a During effect only
        case _:
            assert_never(e)


def _done(act: Callable[[Game, Source], object]) -> Step:
    """A step that does ``act`` and grants no strike."""

    def step(game: Game, source: Source) -> int:
        act(game, source)
        return 0

    return step


def discard(game: Game, count: int) -> None:
    t = game.t
    for _ in range(min(count, len(t.hand))):
        pick = game.ask("discard", numbered("hand", len(t.hand)))
        t.combat_discard.append(t.hand.pop(pick.a))


def prevent(game: Game, amount: int) -> None:
    game.t.prevent += amount


def deal_damage(game: Game, source: Source, amount: int) -> None:
    """Damage on the effect's own enemy, or on one the player picks."""
    target = source if source is not None else pick_enemy(game)
    if target is not None:
        target.bonus += amount
        game.check_defeat(target)


def holds(game: Game, c: data.Condition, source: Source) -> bool:
    return lower_condition(c)(game, source)


def lower_condition(c: data.Condition) -> Test:
    """A condition as a test of the table, its fields read once (as ``lower``)."""
    match c:
        case data.DialIs(colour=colour):
            return lambda game, source: game.t.dial_colour == colour
        case data.Defeated():
            return lambda game, source: source is not None and source.defeated
        case data.HealthAtMost(value=value):
            return lambda game, source: game.t.health <= value
        case data.ItemsAtLeast(value=value):
            return lambda game, source: len(game.t.inventory) >= value
        case data.InEndgame():
            return lambda game, source: game.t.endgame
        case _:
            assert_never(c)


def pick_enemy(game: Game) -> Foe | None:
    foes = game.t.foes
    if not foes:
        return None
    return foes[game.ask("pick-enemy", numbered("enemy", len(foes))).a]


def move_dice(game: Game, e: data.MoveDice) -> None:
    """recover/return/reroll are up to N at the player's choice; exhaust takes N ready
    dice (as many as there are), the player choosing which."""
    t = game.t
    if e.verb == "recover":
        game.recover(e.count)
        return
    for _ in range(e.count):
        zone = t.pool if e.verb == "exhaust" else t.active
        colours = sorted({t.colour_of[d] for d in zone})
        if not colours:
            return
        optional = [STOP] if e.verb != "exhaust" else []
        pick = game.ask("pick-die", [*(Choice("colour", c) for c in colours), *optional],
                        f"{e.verb} a die")
        if pick.act == "none":
            return
        die = t.dice_in(zone, pick.a)[0]
        if e.verb == "reroll":
            from tgc.rulesets.twenty_strong.engines.strategy import roll

            t.faces[die] = roll(game, die)
            continue
        zone.remove(die)
        (t.exhausted if e.verb == "exhaust" else t.pool).append(die)


def banish_die(game: Game, e: data.BanishDie) -> None:
    """TS-13.4: from any zone unless the effect names one; applied dice count as active."""
    t = game.t
    zones: list[list[int]] = []
    if e.zone in ("pool", "any"):
        zones.append(t.pool)
    if e.zone in ("exhausted", "any"):
        zones.append(t.exhausted)
    if e.zone in ("active", "any"):
        zones.append(t.active)
        zones.extend(f.applied for f in t.foes)
    colour, names, colour_of = e.colour, t.colour_names, t.colour_of
    found = [(z, d) for z in zones for d in z if colour is None or names[colour_of[d]] == colour]
    if not found:
        return
    pick = game.ask("pick-die", numbered("die", len(found)), "banish a die")
    zone, die = found[pick.a]
    zone.remove(die)
    for foe in t.foes:
        if zone is foe.applied:
            foe.dealt -= PRINTED[t.faces[die]]
    t.banished_dice.append(die)


def gain_upgraded(game: Game, name: str | None) -> None:
    """TS-6.9, TS-A13: a destination that holds a card, a different card banished there."""
    t = game.t
    if name is None:
        if not t.supply:
            return
        at = game.ask("pick-upgraded", numbered("card", len(t.supply))).a
    else:
        found = next((i for i, c in enumerate(t.supply) if c.name == name), None)
        if found is None:
            return
        at = found
    card = t.supply[at]
    places = [choice for choice, zone in ((Choice("hand"), t.hand), (Choice("top"), t.combat_deck),
                                          (Choice("discard"), t.combat_discard)) if zone]
    if not places:
        return
    where = game.ask("destination", places, card.name).act
    del t.supply[at]  # by place: comparing records field by field is slow
    if where == "top":
        t.banished_cards.append(t.combat_deck.pop().name)
        t.combat_deck.append(card)
        return
    zone = t.hand if where == "hand" else t.combat_discard
    out = game.ask("banish-card", numbered("card", len(zone))).a
    t.banished_cards.append(zone.pop(out).name)
    zone.append(card)
    if game.log is not None:
        game.say(f"{card.name} joins your {'hand' if where == 'hand' else 'discard'}.")
