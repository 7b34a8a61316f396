"""20 Strong engine: a deck (``Box``), a policy and a seed in; one whole game played by
the rules of ../shared/rules/twenty-strong.md out, as an ``Outcome``. Every decision of
TS-15.1 goes to the policy; every shuffle and roll comes from the game's one generator.
The Strategy phase is in ``strategy.py``, effects in ``resolve.py``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from tgc.rulesets.twenty_strong.data import (
    MODIFIER_KINDS,
    STAT_MAX,
    STAT_MIN,
    STATS,
    Ability,
    Box,
    CombatCard,
    Effect,
    Enemy,
    Hero,
    Stat,
    threshold,
)
from tgc.rulesets.twenty_strong.engines import resolve, strategy
from tgc.rulesets.twenty_strong.engines.decisions import (
    TAKE_SKIP,
    Choice,
    Decision,
    DecisionKind,
    Policy,
    numbered,
)
from tgc.rulesets.twenty_strong.engines.table import BASIC, CRIT, MISS, Foe, Table, item_use

ROUND_LIMIT = 100  # TS-15.3's safety net
Result = Literal["win", "lose"]
T = TypeVar("T")


@dataclass(frozen=True)
class Outcome:
    """How a game ended (TS-15.3): the round and step, Health (the value reached on a
    loss), the Menhir Stack's size, dice by state and the items held."""

    result: Result
    round: int
    step: str
    health: int
    menhir: int
    dice: tuple[tuple[str, int], ...]
    inventory: tuple[str, ...]
    hero: str
    boss: str
    rank: int


@dataclass(frozen=True)
class DeckIndex:
    """What the engine looks up at every die and step, made once per deck: the ``always``
    modifiers by their source, whether there are any, the (zone, trigger) pairs that
    some combat card or item has (a trigger no card has needs no scan of the hand), the
    face each side of each colour's die shows (TS-1.2: side 0 is the crit, the next
    hits-1 sides basic hits, the rest misses), the one-colour set of open colours
    for each place of the dial (what may be applied when nothing unlocks a colour), for
    each place of the dial the colours by how soon the dial shows them after it (ties by
    colour, colours it never shows last), and what setup deals out: the basic cards,
    each enemy deck's cards in the order they are declared, the upgraded supply."""

    standing_cards: dict[tuple[str, str], tuple[Effect, ...]]
    standing_items: dict[str, tuple[Effect, ...]]
    has_standing: bool
    has_face_standing: bool
    triggers: frozenset[tuple[str, str]]
    sides: tuple[tuple[int, ...], ...]
    dial_open: tuple[frozenset[str], ...]
    soonest: tuple[tuple[int, ...], ...]
    basic: tuple[CombatCard, ...]
    decks: tuple[tuple[str, tuple[Enemy, ...]], ...]
    upgraded: tuple[CombatCard, ...]
    names: tuple[str, ...]
    dial_colours: tuple[tuple[int, ...], ...]
    trigger_zones: dict[str, frozenset[str]]  # ``triggers`` by trigger: the zones it is in
    # each enemy's Health and its Health and Damage, by the card's identity: what greedy's
    # choice of deck reads of the tops (a record's field costs several slots' reads)
    vitals: dict[int, tuple[int, int]]
    lefts: dict[int, frozenset[str]]  # each combat card's left positions, likewise
    # each combat card's right nodes and strikes (positions and effects), likewise
    plays: dict[int, tuple[tuple[str, ...], tuple[tuple[tuple[str, ...], tuple[Effect, ...]], ...]]]
    # each card's standing modifiers in the hand and in play, each enemy's as an item
    hand_mods: dict[int, tuple[Effect, ...]]
    play_mods: dict[int, tuple[Effect, ...]]
    item_mods: dict[int, tuple[Effect, ...]]
    uses: dict[int, str]  # each enemy's item use ("none": no item), likewise
    card_named: dict[str, CombatCard]  # the first card of each name (Box.card)
    colour_of: tuple[int, ...]  # each die's colour, by the die's number (TS-3.1)
    # for each order of colours a policy recovers in, each die's colour's place in it, for
    # the dice of ``colour_of`` (Game.recover_at_once): greedy's orders are the same
    # tuples in every game of the deck, so each is worked out once per deck
    recover_ranks: dict[tuple[int, ...], list[int]]


_INDEXES: dict[int, tuple[Box, DeckIndex]] = {}  # by the deck's identity (it is frozen)


def deck_index(box: Box) -> DeckIndex:
    known = _INDEXES.get(id(box))
    if known is not None and known[0] is box:
        return known[1]

    def mods(abilities: tuple[Ability, ...], zone: str | None = None) -> tuple[Effect, ...]:
        return tuple(e for a in abilities if a.trigger == "always"
                     and (zone is None or a.zone == zone)
                     for e in a.effects if e.kind in MODIFIER_KINDS)

    cards = {(zone, c.name): found for c in box.cards
             for zone in ("hand", "play") if (found := mods(c.abilities, zone))}
    items = {e.name: found for e in (*box.enemies, *box.bosses)
             if e.item is not None and (found := mods(e.item.abilities))}
    heroes = [mods(h.abilities) for h in box.heroes]
    triggers = frozenset((a.zone, a.trigger) for c in box.cards for a in c.abilities) | frozenset(
        ("item", a.trigger) for e in (*box.enemies, *box.bosses) if e.item is not None
        for a in e.item.abilities)
    sides = tuple(tuple(CRIT if side == 0 else BASIC if side < c.hits else MISS
                        for side in range(box.dice.sides)) for c in box.dice.colours)
    index = DeckIndex(cards, items, bool(cards or items or any(heroes)),
                      any(e.kind == "face-damage" for found in (*cards.values(), *items.values(), *heroes)
                          for e in found), triggers, sides,
                      tuple(frozenset((colour,)) for colour in box.dice.dial),
                      tuple(_soonest(box, at) for at in range(len(box.dice.dial))),
                      tuple(c for c in box.cards if c.kind == "basic"),
                      tuple((name, tuple(e for e in box.enemies if e.deck == name))
                            for name in box.decks),
                      tuple(c for c in box.cards if c.kind == "upgraded"),
                      tuple(c.name for c in box.dice.colours),
                      tuple(tuple(i for i, c in enumerate(box.dice.colours) if c.name == colour)
                            for colour in box.dice.dial),
                      {trigger: frozenset(z for z, t in triggers if t == trigger)
                       for _, trigger in triggers},
                      {id(e): (e.health, e.health + e.damage) for e in box.enemies},
                      {id(c): c.left_positions for c in box.cards},
                      {id(c): (c.right, tuple((s.positions, s.effects) for s in c.left))
                       for c in box.cards},
                      {id(c): cards.get(("hand", c.name), ()) for c in box.cards},
                      {id(c): cards.get(("play", c.name), ()) for c in box.cards},
                      {id(e): items.get(e.name, ()) for e in (*box.enemies, *box.bosses)},
                      {id(e): item_use(e) for e in (*box.enemies, *box.bosses)},
                      {c.name: c for c in reversed(box.cards)},
                      tuple(i for i, c in enumerate(box.dice.colours) for _ in range(c.count)),
                      {})
    if len(_INDEXES) > 64:
        _INDEXES.clear()
    _INDEXES[id(box)] = (box, index)
    return index


def _soonest(box: Box, at: int) -> tuple[int, ...]:
    dial, colours = box.dice.dial, box.dice.colours

    def wait(colour: int) -> int:
        name = colours[colour].name
        return ((dial.index(name) - at - 1) % len(dial)) if name in dial else 99

    return tuple(sorted(range(len(colours)), key=lambda c: (wait(c), c)))


def _spans(size: int) -> tuple[tuple[int, int, int], ...]:
    """A shuffle's draws for ``size`` items: for each place ``i`` from the last down to
    the second, ``n = i + 1`` and the bits that hold ``n``, as ``Random.shuffle`` draws."""
    return tuple((n - 1, n, n.bit_length()) for n in range(size, 1, -1))


_SPANS: dict[int, tuple[tuple[int, int, int], ...]] = {}  # by the number of items


class GameOver(Exception):
    def __init__(self, result: Result) -> None:
        super().__init__(result)
        self.result = result


class Game:
    """One game. ``log`` receives a line per event when given (play, transcripts);
    ``roller``, when given, supplies the faces (a person typing physical rolls)."""

    def __init__(self, box: Box, policy: Policy, seed: int = 0,
                 log: Callable[[str], None] | None = None) -> None:
        self.box, self.policy, self.seed, self.log = box, policy, seed, log
        self.rng = random.Random(seed)
        self.t: Table
        self.step = "setup"
        self.outcome: Outcome | None = None
        self.roller: Callable[[Game, int], int] | None = None
        index = deck_index(box)
        self.standing_cards, self.standing_items = index.standing_cards, index.standing_items
        self.has_standing, self.has_face_standing = index.has_standing, index.has_face_standing
        self.index = index
        self.triggers, self.sides, self.dial_open = index.triggers, index.sides, index.dial_open
        self.trigger_zones = index.trigger_zones
        self.soonest = index.soonest
        self.vitals, self.lefts, self.plays = index.vitals, index.lefts, index.plays
        self.hand_mods, self.play_mods, self.item_mods = index.hand_mods, index.play_mods, index.item_mods
        self.uses = index.uses
        self.sides_count, self.dial_len = box.dice.sides, len(box.dice.dial)
        self.colour_names, self.dial_colours = index.names, index.dial_colours
        self.standing_hero: tuple[Effect, ...] = ()
        self.firsts: frozenset[DecisionKind] = getattr(policy, "firsts", frozenset())
        # the policy's answers without the decision (decisions.py), looked up once
        self.fast_strikes = getattr(policy, "strikes", None)
        self.fast_commits = getattr(policy, "commits", None)
        self.fast_apply_runs = getattr(policy, "apply_run", None)
        self.fast_repeats = getattr(policy, "repeats", None)
        self.fast_recovers = getattr(policy, "recovers", None)
        self.fast_decks = getattr(policy, "decks", None)
        # for each order of colours a policy recovers in, each die's colour's place in it
        self.recover_ranks: dict[tuple[int, ...], list[int]] = {}
        self.hero_abilities: tuple[Hero | None, dict[str, tuple[tuple[Ability, Foe | None], ...]]] = (
            None, {})  # the hero's abilities by trigger (resolve.live_abilities)

    # ------------------------------------------------------------ asking and telling

    def ask(self, kind: DecisionKind, choices: Sequence[Choice], subject: str = "") -> Choice:
        """The policy's answer; a decision with one choice, or of a kind the policy always
        answers with the first choice (its ``firsts``), is not asked."""
        if len(choices) == 1 or kind in self.firsts:
            return choices[0]
        options = tuple(choices)
        return options[self.policy.choose(self, Decision(kind, options, subject))]

    def say(self, text: str) -> None:
        """A line of the log, where one is kept. Lines of every round are built only then:
        their callers test ``log`` first, as formatting the line is what it costs."""
        if self.log is not None:
            self.log(text)

    def shuffled(self, items: list[T]) -> list[T]:
        """``items`` shuffled in place as ``Random.shuffle`` shuffles them (the same draws:
        from the last place down, a place below it drawn as ``randrange`` draws), without
        a call per draw."""
        bits = self.rng.getrandbits
        size = len(items)
        spans = _SPANS.get(size)
        if spans is None:
            spans = _SPANS[size] = _spans(size)
        for i, n, k in spans:
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]
        return items

    # ------------------------------------------------------------ setup (TS-3.1)

    def setup(self, hero: str | None = None, boss: str | None = None, rank: int = 1) -> None:
        box = self.box
        chosen_boss = self._pick_boss(boss)
        chosen_hero = self._pick_hero(hero)
        colour_of = list(self.index.colour_of)
        self.t = Table(box=box, hero=chosen_hero, boss=chosen_boss, rank=rank,
                       health=chosen_hero.health, strategy=chosen_hero.strategy,
                       recovery=chosen_hero.recovery, colour_of=colour_of,
                       faces=[MISS] * len(colour_of), pool=list(range(len(colour_of))))
        t = self.t
        self.recover_ranks = self.index.recover_ranks  # the table's dice are the deck's
        self.standing_hero = tuple(e for a in chosen_hero.abilities if a.trigger == "always"
                                   for e in a.effects if e.kind in MODIFIER_KINDS)
        deck = list(self.index.basic)
        own = self.hero_card(chosen_hero)
        if own is not None:
            deck.append(own)
        t.combat_deck = self.shuffled(deck)
        for name, cards in self.index.decks:
            t.enemy_decks[name] = self.shuffled(list(cards))
        t.supply = list(self.index.upgraded)
        self.apply_rank()
        t.dial = 0
        strategy.draw(self, t.strategy)
        self.say(f"Setup: {chosen_hero.name} against {chosen_boss.name}, rank {rank}; "
                 f"Health {t.health}, Strategy {t.strategy}, Recovery {t.recovery}.")

    def _pick_boss(self, name: str | None) -> Enemy:
        if name is not None:
            found = self.box.boss(name)
            if found is None:
                raise ValueError(f"no boss named {name!r}")
            return found
        return self.box.bosses[self.ask("boss", [Choice("name", i)
                                                  for i in range(len(self.box.bosses))]).a]

    def _pick_hero(self, name: str | None) -> Hero:
        if name is not None:
            found = self.box.hero(name)
            if found is None:
                raise ValueError(f"no hero named {name!r}")
            return found
        return self.box.heroes[self.ask("hero", [Choice("name", i)
                                                  for i in range(len(self.box.heroes))]).a]

    def hero_card(self, hero: Hero) -> CombatCard | None:
        """TS-3.1 step 3, TS-13.6: a universal hero from another deck takes this deck's
        Universal card; every other hero its own."""
        if hero.elsewhere:
            return next((c for c in self.box.cards if c.kind == "universal"), None)
        return self.index.card_named.get(hero.card) if hero.card is not None else None

    def apply_rank(self) -> None:
        """TS-4.1 setup modifiers, after the hero and before the hand (TS-A17)."""
        t = self.t
        if t.rank >= 4:
            stats = [i for i, s in enumerate(STATS) if self.stat(s) > STAT_MIN]
            if stats:
                pick = self.ask("rank-stat", [Choice("stat", i) for i in stats])
                self.set_stat(STATS[pick.a], self.stat(STATS[pick.a]) - 1)
                self.say(f"Rank 4: {STATS[pick.a]} lowered to {self.stat(STATS[pick.a])}.")
        if t.rank >= 5:
            for colour in range(len(self.box.dice.colours)):
                dice = t.dice_in(t.pool, colour)
                if dice:
                    t.pool.remove(dice[0])
                    t.banished_dice.append(dice[0])

    # ------------------------------------------------------------ stats (TS-1.5, 1.6)

    def stat(self, stat: Stat) -> int:
        t = self.t
        return t.health if stat == "health" else t.strategy if stat == "strategy" else t.recovery

    def set_stat(self, stat: Stat, value: int) -> None:
        """Bounds of TS-1.6; Health below 1 loses at once (TS-13.1)."""
        t = self.t
        value = min(STAT_MAX, value)
        if stat == "health":
            t.health = value
            if value < 1:
                raise GameOver("lose")
            return
        value = max(STAT_MIN, value)
        if stat == "strategy":
            t.strategy = value
            self.shrink_inventory()
        else:
            t.recovery = value

    def shrink_inventory(self) -> None:
        """TS-12.5: the player discards items down to Strategy at once."""
        t = self.t
        while len(t.inventory) > t.strategy:
            pick = self.ask("item-discard", numbered("item", len(t.inventory)))
            t.enemy_discard.append(t.inventory.pop(pick.a))

    # ------------------------------------------------------------ the game (TS-5)

    def play(self) -> Outcome:
        """Rounds until the game is won or lost; setup must have run."""
        try:
            while self.t.round <= ROUND_LIMIT:
                self.play_round()
                self.t.round += 1
            self.t.round = ROUND_LIMIT
            self.step = "round limit"
            return self.finish("lose")
        except GameOver as over:
            return self.finish(over.result)

    def finish(self, result: Result) -> Outcome:
        t = self.t
        dice = (("ready", len(t.pool)), ("committed", len(t.active) + sum(
            len(f.applied) for f in t.foes)), ("exhausted", len(t.exhausted)),
            ("banished", len(t.banished_dice)))
        self.outcome = Outcome(result, t.round, self.step, t.health, len(t.menhir), dice,
                               tuple(i.name for i in t.inventory), t.hero.name, t.boss.name,
                               t.rank)
        self.say(f"{'Won' if result == 'win' else 'Lost'} in round {t.round} "
                 f"({self.step}), Health {t.health}.")
        return self.outcome

    def play_round(self) -> None:
        t = self.t
        if self.log is not None:
            self.say(f"Round {t.round}: the dial shows {t.dial_colour}; Menhir Stack {len(t.menhir)}.")
        self.step = "activation"
        self.activation()
        strategy.engagement(self)
        self.resolve_phase()

    # ------------------------------------------------------------ activation (TS-5.2)

    def activation(self) -> None:
        t = self.t
        if t.endgame:
            return  # TS-10.3
        if len(t.menhir) >= threshold(t.rank):
            self.begin_endgame()
            return
        self.activate(1)

    def activate(self, count: int) -> None:
        """Activate ``count`` enemies from the decks, each icon one more (TS-5.2, A9)."""
        t = self.t
        pending = count
        while pending > 0:
            pending -= 1
            at = self.pick_deck("activate")
            if at < 0:
                return  # TS-A16
            foe = self.enter(list(t.enemy_decks.values())[at].pop())
            if not t.endgame:
                pending += foe.additional

    def pick_deck(self, kind: Literal["activate", "menhir"]) -> int:
        """The place of the enemy deck the policy takes from (-1: every deck is empty):
        asked among the decks that have a card, or the policy's answer without the
        decision (its ``decks``)."""
        if self.fast_decks is not None:
            return int(self.fast_decks(self, kind))
        decks = self.nonempty_decks()
        return self.ask(kind, decks).a if decks else -1

    def nonempty_decks(self) -> list[Choice]:
        """A choice for each enemy deck that has a card, by the deck's place."""
        decks = self.t.enemy_decks
        offered = numbered("deck", len(decks))
        return [offered[i] for i, cards in enumerate(decks.values()) if cards]

    def enter(self, enemy: Enemy) -> Foe:
        """The enemy (or the boss) becomes active in a row of its own, which is returned."""
        foe = Foe(enemy)
        self.t.foes.append(foe)
        if self.log is not None:
            self.say(f"{enemy.name} is active (Health {enemy.health}, Damage {enemy.damage}, "
                     f"nodes {', '.join(enemy.nodes) or 'none'}).")
        for ability in foe.special:
            if ability.trigger == "activation":
                resolve.ability(self, ability, foe)
        return foe

    def begin_endgame(self) -> None:
        """TS-10.1, 10.2: the boss comes; its icons take cards from the shuffled stack."""
        t = self.t
        t.endgame = True
        self.say(f"The endgame begins: {t.boss.name}.")
        self.enter(t.boss)
        if t.boss.additional:
            self.shuffled(t.menhir)
            for _ in range(min(t.boss.additional, len(t.menhir))):  # TS-A27
                self.enter(t.menhir.pop())

    # ------------------------------------------------------------ winning (TS-13.2)

    def check_defeat(self, foe: Foe) -> None:
        """TS-7.4: after each application or damage, defeat, rewards, the win."""
        if foe.defeated or strategy.damage_on(self, foe) < foe.health:
            return
        t = self.t
        foe.defeated = foe.defeated_now = True
        if self.log is not None:
            self.say(f"{foe.name} is defeated.")
        if foe.boss:
            t.boss_defeated = True
        for reward in foe.rewards:
            if self.ask("reward", TAKE_SKIP, foe.name).act == "take":  # TS-A22
                resolve.effects(self, reward, foe)
        for live, _ in resolve.live_abilities(self, "on-defeat"):
            resolve.ability(self, live, foe)
        for special in foe.special:
            if special.trigger == "on-defeat":
                resolve.ability(self, special, foe)
        self.check_win()

    def check_win(self) -> None:
        t = self.t
        if t.endgame and t.boss_defeated and not t.undefeated:
            raise GameOver("win")  # TS-A19: at once, the Resolve phase is not played

    # ------------------------------------------------------------ resolve phase (TS-5.6)

    def resolve_phase(self) -> None:
        t = self.t
        self.step = "suffer damage"
        strategy.offer_items(self)
        self.suffer_damage()
        self.step = "after effects"
        self.after_effects()
        self.step = "resolve"
        for foe in t.foes:  # TS-9.3, TS-A7
            t.exhausted.extend(foe.applied)
            foe.applied.clear()
            foe.bonus = foe.dealt = 0
        t.exhausted.extend(t.active)
        t.active.clear()
        self.recover(t.recovery)
        self.gain_items()
        self.cleanup()

    def suffer_damage(self) -> None:
        t = self.t
        total = 0
        for foe in t.foes:
            if not foe.defeated:
                total += foe.damage
        for ability, source in resolve.live_abilities(self, "suffer-damage"):
            resolve.ability(self, ability, source)
        for foe in list(t.foes):
            for ability in foe.special:
                if ability.trigger == "suffer-damage":
                    resolve.ability(self, ability, foe)
        taken = max(0, total - t.prevent)
        if taken:
            if self.log is not None:
                self.say(f"You suffer {taken} damage.")
            self.set_stat("health", t.health - taken)

    def after_effects(self) -> None:
        """TS-8.3: every After effect in the active area, in the player's order."""
        t = self.t
        pending: list[tuple[Foe, int]] = []
        for foe in t.foes:
            if foe.after:
                pending.append((foe, -1))
            pending.extend((foe, i) for i, a in enumerate(foe.special)
                           if a.trigger == "after")
        for ability, source in resolve.live_abilities(self, "after"):
            resolve.ability(self, ability, source)
        while pending:
            pick = self.ask("order", numbered("effect", len(pending)))
            foe, which = pending.pop(pick.a)
            if which < 0:
                resolve.effects(self, foe.after, foe)
            else:
                resolve.ability(self, foe.special[which], foe)

    def recover(self, count: int) -> None:
        """TS-9.4: up to ``count`` exhausted dice back to the pool, one colour at a time."""
        t = self.t
        recovers = self.fast_recovers
        if recovers is not None:
            self.recover_at_once(recovers(self), count)
            return
        for _ in range(count):
            colours = sorted({t.colour_of[d] for d in t.exhausted})
            if not colours:
                return
            pick = self.ask("recover", [*(Choice("colour", c) for c in colours), Choice("none")])
            if pick.act == "none":
                return
            die = t.dice_in(t.exhausted, pick.a)[0]
            t.exhausted.remove(die)
            t.pool.append(die)

    def recover_at_once(self, order: Sequence[int], count: int) -> None:
        """What asking die by die gives a policy that recovers the colours in ``order``
        (each colour's dice in the order they were exhausted) until ``count`` are back."""
        if count <= 0 or not self.t.exhausted:
            return
        t = self.t
        colour_of, exhausted = t.colour_of, t.exhausted
        key = tuple(order)  # the same tuple when it is one (greedy's are)
        ranks = self.recover_ranks.get(key)
        if ranks is None:
            place = {colour: i for i, colour in enumerate(order)}
            ranks = self.recover_ranks[key] = [
                place.get(colour, -1) for colour in colour_of]
        # the dice by their colour's place in ``order``, each colour's in exhausted order
        # (a stable sort); a colour outside ``order`` is never recovered
        moved = sorted(exhausted, key=ranks.__getitem__)
        if ranks[moved[0]] < 0:
            moved = [d for d in moved if ranks[d] >= 0]
        del moved[count:]
        if len(moved) == len(exhausted):
            exhausted.clear()
        else:
            for die in moved:
                exhausted.remove(die)
        t.pool += moved

    def gain_items(self) -> None:
        """TS-12.3: items one at a time; room may be made by using or discarding."""
        t = self.t
        for foe in list(t.foes):
            if not (foe.defeated_now and foe.item is not None):
                continue
            if self.ask("item-reward", TAKE_SKIP, foe.name).act == "skip":
                continue
            while len(t.inventory) >= t.strategy:
                room = self.ask("make-room", [Choice("none"),
                                              *(Choice("item", i) for i in range(len(t.inventory)))])
                if room.act == "none":
                    break
                strategy.drop_item(self, room.a, use=True)
            if len(t.inventory) < t.strategy:
                t.foes.remove(foe)
                t.inventory.append(foe.card)
                if self.log is not None:
                    self.say(f"{foe.name} is now an item.")

    def cleanup(self) -> None:
        t = self.t
        self.step = "cleanup"
        kept: list[Foe] = []
        for foe in t.foes:
            t.combat_discard.extend(foe.chain)
            foe.chain = []
            foe.host = foe.nodes
            if t.endgame and not foe.defeated:
                foe.defeated_now = False
                kept.append(foe)  # TS-10.4
            else:
                t.enemy_discard.append(foe.card)
        t.foes = kept
        while len(t.hand) > t.hand_limit():
            pick = self.ask("hand-discard", numbered("hand", len(t.hand)))
            t.combat_discard.append(t.hand.pop(pick.a))
        self.feed_menhir(1)
        t.dial = (t.dial + 1) % self.dial_len
        t.unlocked_round.clear()
        t.face_bonus.clear()
        t.prevent = 0

    def feed_menhir(self, count: int) -> None:
        """TS-5.6 (c): the top card of a deck the player chooses onto the stack."""
        t = self.t
        for _ in range(count):
            at = self.pick_deck("menhir")
            if at < 0:
                return
            t.menhir.append(list(t.enemy_decks.values())[at].pop())
