"""What combat and diplomacy share: the Sequence, key connections, the options of the
playing step, card resolution and the effect language's meaning. A party, an encounter,
a policy and one seeded ``random.Random`` in; an ``Outcome`` out (see combat/diplomacy)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from tgc.rulesets.tainted_grail.engines.hero import Hero, HeroResult, Member
from tgc.rulesets.tainted_grail.records import (
    ATTRIBUTES,
    NO_GAIN,
    Ability,
    Affliction,
    Card,
    Cond,
    Effect,
    Effects,
    Gain,
    RightKey,
    affliction_for,
    compile_icons,
)

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.engines.policies import Policy

MAX_TURNS = 100  # a safety net: every turn takes a card from some deck, so fights end anyway
ESCAPE_COST = ("energy", 1)  # the rulebook's icon is missing here: see docs/rules.md


class EncounterOver(Exception):
    """Ends the encounter at once (victory, failure, death, robbery, running away)."""

    def __init__(self, outcome: str) -> None:
        super().__init__(outcome)
        self.outcome = outcome


class HeroOut(Exception):
    """The active hero left the encounter (escaped or dying): their activation stops."""


class Option:
    """One thing the active character may do in the playing step.

    ``kind`` is ``play`` (``hand`` is an index, or -1 for the top of the deck when
    panicking), ``charge`` (use a visible card's charge ability), ``flip`` (flip the item
    ``source`` to use its ability), ``stop`` or ``escape``.
    ``gain`` previews what the card's keys give with the ``magic`` rows paid. (A plain
    slotted class: the engine makes millions of these in a simulation.)"""

    __slots__ = ("kind", "card", "hand", "magic", "charge", "ability", "gain", "links", "stages",
                 "link", "source")

    def __init__(self, kind: str, card: Card | None = None, hand: int = -1,
                 magic: tuple[int, ...] = (), charge: int = -1, ability: Ability | None = None,
                 gain: Gain = NO_GAIN, links: tuple[str, ...] = (),
                 stages: tuple[tuple[str, int], ...] = (), link: Link | None = None,
                 source: str = "") -> None:
        self.kind = kind
        self.card = card
        self.hand = hand
        self.magic = magic
        self.charge = charge
        self.ability = ability
        self.gain = gain
        self.links = links
        self.stages = stages
        self.link = link  # how the card joins: its keys one by one, in the rulebook's order
        self.source = source  # ``flip``: the item flipped

    def key_gains(self) -> tuple[tuple[str | None, Gain], ...]:
        """What each connected key gives, in the rulebook's order: every Bonus Key (with
        the attribute it connects, for the stage rule), the paid Magic Keys, the Free Key."""
        link = self.link
        if link is None:
            return ((None, self.gain),)
        paid = tuple((None, gain) for row, gain in link.magic if row in self.magic)
        return link.keys + paid + ((None, link.free),)

    def __repr__(self) -> str:
        return f"Option({self!s})"

    def __str__(self) -> str:
        if self.kind == "play" and self.card is not None:
            extra = f", paying {len(self.magic)} magic" if self.magic else ""
            via = " (using a charge)" if self.charge != -1 else ""
            return f"play {self.card}{extra}{via}"
        if self.kind == "charge" and self.ability is not None:
            return f"use {self.ability.text}"
        if self.kind == "flip" and self.ability is not None:
            return f"flip {self.source}: {self.ability.text}"
        return self.kind


STOP = Option("stop")
ESCAPE = Option("escape")


class Placed:
    """A card in the Sequence: who played it, its Time Tokens, Charges, and the
    Attribute Keys its left edge connected (for the connected-key count)."""

    __slots__ = ("card", "owner", "tokens", "charges", "links")

    def __init__(self, card: Card, owner: int, links: tuple[str, ...]) -> None:
        self.card = card
        self.owner = owner
        self.tokens = 0
        self.charges = 0
        self.links = links

    def copy(self) -> Placed:
        other = Placed(self.card, self.owner, self.links)
        other.tokens, other.charges = self.tokens, self.charges
        return other


@dataclass(frozen=True, slots=True)
class Link:
    """How a card joins the card before it: what its connected Bonus Keys and Free Key
    give, which Attribute Keys they connect, and the Magic Keys it may pay for."""

    base: Gain
    links: tuple[str, ...]
    stages: tuple[tuple[str, int], ...]
    magic: tuple[tuple[int, Gain], ...]
    keys: tuple[tuple[str | None, Gain], ...] = ()  # connected Bonus Keys, by row
    free: Gain = NO_GAIN


# How each card joins each card (or encounter) for each set of attribute levels; the
# objects are kept beside the link so an id is never mistaken after reuse.
_LINKS: dict[tuple[int, int, tuple[tuple[str, int], ...]], tuple[Any, Card, Link]] = {}


@lru_cache(maxsize=4096)
def free_gain(free_right: tuple[str, ...], free: tuple[str, ...]) -> Gain:
    """The bottom Free Key: the previous card's right half joined to this card's left.
    Play again and discard act on the card being played, so only its own half counts
    for them (the loader rejects them on a right half)."""
    carried = tuple(i for i in free_right if i not in _OWN_HALF)
    return compile_icons(carried + free)


_OWN_HALF = ("again", "discard")


def link_card(right: tuple[RightKey | None, ...], free_right: tuple[str, ...], card: Card,
              levels: dict[str, int]) -> Link:
    free = free_gain(free_right, card.free)
    gain = free
    links: list[str] = []
    stages: list[tuple[str, int]] = []
    magic: list[tuple[int, Gain]] = []
    keys: list[tuple[str | None, Gain]] = []
    for row, key in enumerate(card.left):
        if key is None or row >= len(right):
            continue
        other = right[row]
        if other is None:
            continue
        if key.magic:
            if other.attribute is None:
                magic.append((row, key.gain))
        elif other.attribute is not None and levels.get(other.attribute, 0) >= other.level:
            gain = gain + key.gain
            links.append(other.attribute)
            keys.append((other.attribute, key.gain))
            if key.gain.stage:
                stages.append((other.attribute, key.gain.stage))
    return Link(gain, tuple(links), tuple(stages), tuple(magic), tuple(keys), free)


@dataclass
class Outcome:
    """How an encounter ended: ``outcome`` is win, escape, dying, robbed, run-away,
    failure or avoid; ``arm`` is the verse outcome it follows (win, lose or avoid)."""

    encounter: str
    kind: str
    outcome: str
    turns: int
    heroes: list[HeroResult]
    guardian_roams: bool = False
    story: list[tuple[str, Effect]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def arm(self) -> str:
        return {"win": "win", "avoid": "avoid"}.get(self.outcome, "lose")


class Game(ABC):
    """The shared machinery of an encounter; CombatGame and DiplomacyGame add the rules
    of their turn. Every shuffle, draw and random choice comes from ``rng``."""

    kind = ""

    def __init__(self, members: list[Member], encounter: Any, policy: Policy,
                 rng: random.Random, log: bool = False, shuffle: bool = True,
                 afflictions: Mapping[str, Affliction] | None = None,
                 players: int | None = None) -> None:
        self.encounter = encounter
        self.policy = policy
        self.rng = rng
        self.heroes = [Hero(m, i, self.deck_of(m)) for i, m in enumerate(members)]
        # The campaign's "You Are Dying" / "Going Insane" cards, and the game's number of
        # players, which picks the solo or the co-op card.
        self.cards: Mapping[str, Affliction] = afflictions or {}
        self.players = players if players is not None else len(members)
        for member, hero in zip(members, self.heroes, strict=True):
            if shuffle:
                rng.shuffle(hero.deck)
            if member.afflictions:
                hero.afflictions = [self.cards[n] for n in member.afflictions if n in self.cards]
                hero.cap_items()
        self.seq: list[Placed] = []
        self.linked: dict[str, int] = {}
        self.turn = 0
        self.active: Hero | None = None
        self.first_activation = True
        self.cards_this_activation = 0
        self.credit = False  # "play as connected" paid for the next card
        self.prevent: dict[str, int] | None = None  # set during an attack or response
        self.threat: Effects = ()  # the attack (response) being resolved
        self.story: list[tuple[str, Effect]] = []
        self.logging = log
        self.log: list[str] = []
        self.charged: list[Placed] = []  # cards that ever held a Charge
        self.passives = 0  # passive cards in the Sequence
        self.enc_right: tuple[RightKey | None, ...] = encounter.right

    @abstractmethod
    def deck_of(self, member: Member) -> list[Card]:
        ...

    def say(self, text: str) -> None:
        if self.logging:
            self.log.append(text)

    # ------------------------------------------------------------ who is in

    def in_play(self) -> list[Hero]:
        return [h for h in self.heroes if h.out is None]

    @abstractmethod
    def remove(self, hero: Hero, why: str) -> None:
        ...

    # ------------------------------------------------------------ the Sequence

    def last(self) -> Placed | None:
        return self.seq[-1] if self.seq else None

    def last_card(self) -> Card | None:
        return self.seq[-1].card if self.seq else None

    def visible(self) -> list[tuple[int, Placed]]:
        """Cards whose abilities are active: passive cards, and the last card."""
        if not self.passives:
            return [(len(self.seq) - 1, self.seq[-1])] if self.seq else []
        out = [(i, p) for i, p in enumerate(self.seq[:-1]) if p.card.passive]
        if self.seq:
            out.append((len(self.seq) - 1, self.seq[-1]))
        return out

    def link_for(self, hero: Hero, card: Card) -> Link:
        prev = self.seq[-1].card if self.seq else None
        key = (id(prev) if prev is not None else id(self.encounter), id(card), hero.levels_key)
        found = _LINKS.get(key)
        if found is not None and found[0] is (prev or self.encounter) and found[1] is card:
            return found[2]
        if prev is None:
            link = link_card(self.enc_right, (), card, hero.levels)
        else:
            link = link_card(prev.right, prev.free_right, card, hero.levels)
        if len(_LINKS) > 100_000:
            _LINKS.clear()
        _LINKS[key] = (prev or self.encounter, card, link)
        return link

    def destroy_last(self) -> None:
        if not self.seq:
            return
        placed = self.seq.pop()
        self.passives -= placed.card.passive
        for attribute in placed.links:
            self.linked[attribute] -= 1
        self.heroes[placed.owner].discard.append(placed.card)
        self.say(f"{placed.card} is destroyed")

    # ------------------------------------------------------------ options

    def options(self, hero: Hero) -> list[Option]:
        """Everything the active hero may do now in the playing step."""
        first = self.cards_this_activation == 0
        if first and hero.panicking:
            return self.panic_options(hero)
        out: list[Option] = []
        if self.may_play_more(hero):
            credit = self.credit_source()
            for index, card in enumerate(hero.hand):
                self.card_options(hero, card, index, first, credit, out)
        if self.charged:
            out.extend(self.charge_options())
        if hero.items:
            out.extend(self.flip_options(hero))
        out.append(STOP)
        out.append(ESCAPE)
        return out

    def flip_options(self, hero: Hero) -> list[Option]:
        """The ``flip`` abilities of the member's items in use not yet flipped (000,
        "Flipping cards": face down once used, face up again when the encounter ends)."""
        return [Option("flip", ability=a, source=item.name) for item in hero.items
                if item.abilities and item.name not in hero.flipped
                for a in item.abilities if a.trigger in ("flip", f"{self.kind} flip")]

    def use_flip(self, hero: Hero, option: Option) -> None:
        assert option.ability is not None
        hero.flipped.add(option.source)
        self.say(f"{hero.name} flips {option.source}: {option.ability.text}")
        self.run(option.ability.effects, hero)

    def powers(self, hero: Hero, trigger: str) -> None:
        """The member's Item and Skill abilities on ``trigger`` (``start``, ``attack``)."""
        for name, ability in hero.powers(trigger, self.kind):
            self.say(f"{hero.name}, {name}: {ability.text}")
            self.run(ability.effects, hero)

    def charge_options(self) -> list[Option]:
        """The "pay N charges" abilities of visible cards that can be paid now ("play as
        connected" is offered with the card it lets follow)."""
        out: list[Option] = []
        for seq_index, placed in self.visible():
            for ability in placed.card.abilities:
                if ability.trigger == "charge" and placed.charges >= ability.cost and \
                        not any(e.verb == "play_connected" for e in ability.effects):
                    out.append(Option("charge", placed.card, charge=seq_index, ability=ability))
        return out

    def react(self, hero: Hero, effects: Effects) -> None:
        """Charge abilities may be used at any time unless their text names a moment
        (001 and 002, "Charges"): also while the enemy attacks or the opponent responds
        (``effects``), so a prevention they give counts for that step."""
        self.threat = effects
        while self.charged or hero.items:
            options = self.charge_options() if self.charged else []
            if hero.items:
                options += self.flip_options(hero)
            if not options:
                return
            choice = self.policy.react(self, hero, [*options, STOP])
            if choice.kind == "charge":
                self.use_charge(hero, choice)
            elif choice.kind == "flip":
                self.use_flip(hero, choice)
            else:
                return

    def suffer(self, hero: Hero, effects: Effects, *, unpreventable: tuple[str, ...] = ()) -> None:
        """The enemy's attack and the opponent's response unfold alike (001 and 002): the
        visible cards' attack abilities and the hero's powers first, then the charges and
        flips that answer the threat, then its effects. Preventions gathered on the way
        count for this step only; ``unpreventable`` names what a trait makes unstoppable."""
        self.prevent = {}
        try:
            for _, placed in self.visible():
                for ability in placed.card.on_attack:
                    self.run(ability.effects, hero, placed)
            if hero.skills or hero.items:
                self.powers(hero, "attack")
            self.react(hero, effects)
            for what in unpreventable:
                self.prevent.pop(what, None)
            self.run(effects, hero)
        finally:
            self.prevent = None

    def panic_options(self, hero: Hero) -> list[Option]:
        """Panic: the first card comes from the top of the deck (magic may still be paid)."""
        if not hero.deck:
            return [ESCAPE]
        out: list[Option] = []
        self.card_options(hero, hero.deck[-1], -1, True, -1, out)
        out.append(ESCAPE)
        return out

    def may_play_more(self, hero: Hero) -> bool:
        return True

    def credit_source(self) -> int:
        """The Sequence index of a visible card that can pay for "play as connected"."""
        if self.credit:
            return -2
        if not self.charged:
            return -1
        for seq_index, placed in self.visible():
            for ability in placed.card.abilities:
                if ability.trigger == "charge" and placed.charges >= ability.cost and \
                        any(e.verb == "play_connected" for e in ability.effects):
                    return seq_index
        return -1

    def card_options(self, hero: Hero, card: Card, index: int, first: bool, credit: int,
                     out: list[Option]) -> None:
        link = self.link_for(hero, card)
        rows = link.magic
        if not rows:
            if first or link.base.again:
                out.append(Option("play", card, index, (), -1, None, link.base, link.links,
                                  link.stages, link))
            elif credit != -1:
                out.append(Option("play", card, index, (), credit, None, link.base, link.links,
                                  link.stages, link))
            return
        magic = self.party_magic(hero)
        for size in range(min(len(rows), magic) + 1):
            for paid in combinations(rows, size):
                gain = link.base
                for _, extra in paid:
                    gain = gain + extra
                if first or gain.again:
                    out.append(Option("play", card, index, tuple(r for r, _ in paid), -1,
                                      None, gain, link.links, link.stages, link))
                elif credit != -1:
                    out.append(Option("play", card, index, tuple(r for r, _ in paid), credit,
                                      None, gain, link.links, link.stages, link))

    # ------------------------------------------------------------ playing

    def play(self, hero: Hero, option: Option) -> None:
        card = option.card
        assert card is not None
        if option.hand >= 0:
            hero.hand.pop(option.hand)
        else:
            hero.deck.pop()
        if option.charge >= 0:
            self.pay_credit(option.charge)
        elif option.charge == -2:
            self.credit = False
        if option.magic:
            self.pay_for(hero, "magic", len(option.magic))
        last = self.last()
        if last is not None and not last.card.passive and last.tokens:
            last.tokens = 0  # its Delayed ability is covered: the Time Tokens are lost
        placed = Placed(card, hero.index, option.links)
        self.seq.append(placed)
        self.passives += card.passive
        for attribute in option.links:
            self.linked[attribute] = self.linked.get(attribute, 0) + 1
        self.cards_this_activation += 1
        hero.played += 1
        self.say(f"{hero.name} plays {card}" + (f", paying {len(option.magic)} magic"
                                                 if option.magic else ""))
        self.resolve_card(hero, placed, option)

    def party_magic(self, hero: Hero) -> int:
        """The Magic the active member can spend: their own and, in a party, what the
        others still in the encounter may spend for them (000, "Parties")."""
        return hero.res["magic"] + sum(h.res["magic"] for h in self.in_play() if h is not hero)

    def pay_for(self, hero: Hero, what: str, amount: int) -> None:
        """``hero`` pays ``amount`` Magic or Energy, their own first; a party member still
        in covers the rest (the one with most of it, then the lowest number)."""
        own = min(amount, self.value_of(what, hero))
        self.spend(hero, what, own)
        left = amount - own
        while left > 0:
            others = [h for h in self.in_play() if h is not hero and self.value_of(what, h) > 0]
            if not others:
                return
            payer = max(others, key=lambda h: (self.value_of(what, h), -h.number))
            paid = min(left, self.value_of(what, payer))
            self.say(f"{payer.name} pays {paid} {what} for {hero.name}")
            self.spend(payer, what, paid)
            left -= paid

    def spend(self, hero: Hero, what: str, amount: int) -> None:
        if amount <= 0:
            return
        if what == "magic":
            hero.res["magic"] -= amount
            hero.spent_magic += amount
        else:
            self.change(hero, what, -amount)

    def pay_credit(self, seq_index: int) -> None:
        placed = self.seq[seq_index]
        for ability in placed.card.abilities:
            if ability.trigger == "charge" and any(e.verb == "play_connected" for e in ability.effects):
                placed.charges -= ability.cost
                self.say(f"{placed.card} pays {ability.cost} charge(s) to play as connected")
                return

    def resolve_card(self, hero: Hero, placed: Placed, option: Option) -> None:
        """Keys (attribute, magic, free) then the ability, as the rulebook orders them."""
        self.apply_keys(hero, option)
        card = placed.card
        for ability in card.on_placement:
            if ability.trigger == "placement":
                self.say(f"{card}: {ability.text}")
                self.run(ability.effects, hero, placed)
            elif ability.trigger == "delayed":
                placed.tokens = ability.tokens

    @abstractmethod
    def apply_keys(self, hero: Hero, option: Option) -> None:
        ...

    def use_charge(self, hero: Hero, option: Option) -> None:
        placed = self.seq[option.charge]
        assert option.ability is not None
        placed.charges -= option.ability.cost
        self.say(f"{hero.name} uses {placed.card}: {option.ability.text}")
        self.run(option.ability.effects, hero, placed)

    def delayed(self, hero: Hero) -> None:
        """Step 1 of an activation: one Time Token off every card that has any."""
        for placed in list(self.seq):
            if placed.tokens:
                placed.tokens -= 1
                if placed.tokens == 0:
                    for ability in placed.card.abilities_on("delayed"):
                        self.say(f"{placed.card} (delayed): {ability.text}")
                        self.run(ability.effects, hero, placed)

    def playing_step(self, hero: Hero) -> None:
        """Play cards until the hero stops or nothing more may be played."""
        while True:
            options = self.options(hero)
            choice = self.policy.choose(self, hero, options) if len(options) > 1 else options[0]
            if choice.kind == "stop":
                return
            if choice.kind == "escape":
                self.escape(hero)
                return
            if choice.kind == "charge":
                self.use_charge(hero, choice)
            elif choice.kind == "flip":
                self.use_flip(hero, choice)
            else:
                self.play(hero, choice)

    @abstractmethod
    def escape(self, hero: Hero) -> None:
        ...

    def offer_escape(self, hero: Hero, moment: str) -> None:
        """A member may escape at any point of their activation (001, "Escaping Combat";
        002, "Escaping Diplomacy"): besides the playing step, before the delayed abilities
        resolve (``start``) and after the enemy's attack or the opponent's response
        (``attack``). The policy decides."""
        if hero.out is None and self.policy.escape_now(self, hero, moment):
            self.escape(hero)
            raise HeroOut()

    # ------------------------------------------------------------ hands and decks

    def deal(self) -> None:
        """Starting hands (3, or 2 with four characters), then any redraws."""
        size = 2 if len(self.heroes) >= 4 else 3
        size += self.extra_start_cards()
        for hero in self.heroes:
            self.draw(hero, size)
            while len(hero.hand) > 1 and self.policy.mulligan(self, hero):
                count = len(hero.hand) - 1
                hero.discard.extend(hero.hand)
                hero.hand.clear()
                self.say(f"{hero.name} redraws {count}")
                self.draw(hero, count)
        for hero in self.heroes:
            for card in list(hero.afflictions):
                if card.encounter and hero.out is None:
                    self.say(f"{hero.name}, {card.name}: {describe(card.encounter)}")
                    self.run(card.encounter, hero)
            if hero.out is None and (hero.skills or hero.items):
                self.powers(hero, "start")

    def extra_start_cards(self) -> int:
        return 0

    def draw(self, hero: Hero, count: int) -> None:
        if count <= 0 or hero.out is not None:
            return
        if len(hero.deck) < count:
            self.say(f"{hero.name} has no cards left to draw")
            self.no_cards(hero)
            return
        for _ in range(count):
            hero.hand.append(hero.deck.pop())

    @abstractmethod
    def no_cards(self, hero: Hero) -> None:
        ...

    def discard_hand(self, hero: Hero, count: int) -> None:
        """Discard ``count`` cards the policy picks; from the deck top once the hand is empty."""
        from_hand = min(count, len(hero.hand))
        if from_hand:
            picked = sorted(set(self.policy.discard(self, hero, from_hand)), reverse=True)
            for index in picked[:from_hand]:
                hero.discard.append(hero.hand.pop(index))
        self.discard_deck(hero, count - from_hand)

    def discard_deck(self, hero: Hero, count: int) -> None:
        for _ in range(min(count, len(hero.deck))):
            hero.discard.append(hero.deck.pop())

    def end_turn_hands(self, extra: int) -> None:
        """End of turn: discard down to 3, draw 1 (none when panicking) plus ``extra``."""
        for hero in self.in_play():
            if len(hero.hand) > 3:
                self.discard_hand(hero, len(hero.hand) - 3)
        for hero in self.in_play():
            count = (0 if hero.panicking else 1) + extra
            self.draw(hero, count)
            hero.activated = False

    # ------------------------------------------------------------ effects

    def run(self, effects: Effects, hero: Hero, source: Placed | None = None) -> None:
        for effect in effects:
            if hero.out is not None and effect.verb not in ("gain", "lose", "pay"):
                continue
            if effect.cond is not None and not self.holds(effect.cond, hero, source):
                continue
            amount = effect.amount
            if effect.per is not None:
                amount *= self.linked.get(effect.per, 0)
            _VERBS[effect.verb](self, effect, amount, hero, source)

    def holds(self, cond: Cond, hero: Hero, source: Placed | None = None) -> bool:
        """``source`` is the card whose ability is being read (its Charges)."""
        if cond.kind == "panic":
            result = hero.panicking
        elif cond.kind == "item":
            result = hero.has_item(cond.name)
        elif cond.kind == "affinity":
            result = self.affinity_colour() == cond.name
        else:
            result = _compare(self.value_of(cond.name, hero, source), cond.op, cond.value)
        return result != cond.negate

    def affinity_colour(self) -> str:
        return ""

    def value_of(self, name: str, hero: Hero, source: Placed | None = None) -> int:
        """Every word the effect language compares (effects.COMPARE_NAMES); the loader
        keeps ``pool`` to combat, ``affinity`` to diplomacy and ``charges`` to cards, which
        the engines override or read here. Anything else is a bug, never a silent 0."""
        if name in ("health", "energy", "terror"):
            return int(getattr(hero, name))
        if name in hero.res:
            return hero.res[name]
        if name == "cards":
            return len(hero.hand)
        if name == "charges":
            return source.charges if source is not None else 0  # a card in hand holds none
        if name in ATTRIBUTES:
            return hero.level(name)
        raise ValueError(f"the {self.kind} engine cannot read `{name}` in a condition")

    def lose_health(self, hero: Hero, amount: int) -> None:
        if amount <= 0:
            return
        amount = min(amount, hero.health)
        hero.health -= amount
        hero.lost_health += amount
        self.say(f"{hero.name} loses {amount} health ({hero.health} left)")
        if hero.energy > hero.health:
            hero.energy = hero.health  # Energy never exceeds Health, in a fight too
        # Robber reads the drop before the dying member leaves: reaching 0 is "1 or less".
        self.after_health_loss()
        if hero.health <= 0 and hero.out is None:
            self.attach(hero, "dying")
            self.remove(hero, "dying")

    def attach(self, hero: Hero, attach: str) -> None:
        """Health at 0 attaches the campaign's "You Are Dying" card, Terror in the red its
        "You Are Going Insane" card (000, "Death and insanity"), once; the card's
        ``attached`` rules resolve at once (gains and losses: the loader allows no more)."""
        if not self.cards or hero.attached(attach):
            return
        card = affliction_for(self.cards, attach, self.players)
        if card is None:
            return
        hero.afflictions.append(card)
        self.say(f"{hero.name}: {card.name} is attached")
        hero.cap_items()
        if card.attached:
            self.settle(card.attached, hero)

    def detach(self) -> None:
        """At the encounter's end a card comes off when its own ``remove`` rule holds."""
        for hero in self.heroes:
            for card in list(hero.afflictions):
                if card.remove and all(self.holds(c, hero) for c in card.remove):
                    hero.afflictions.remove(card)
                    self.say(f"{hero.name}: {card.name} comes off")

    def after_health_loss(self) -> None:
        """A hook for the encounter kind's rules after a Health loss (none by default)."""
        return None

    def change(self, hero: Hero, what: str, amount: int) -> None:
        """Gain (``amount`` > 0) or lose a resource or track, within its limits."""
        ch = hero.character
        if what == "health":
            if amount < 0:
                self.lose_health(hero, -amount)
            else:
                hero.health = min(hero.health + amount, ch.health.length)
        elif what == "terror":
            before = hero.terror
            hero.terror = max(0, min(hero.terror + amount, ch.terror.length))
            hero.gained_terror += max(0, hero.terror - before)
            if amount > 0:
                self.say(f"{hero.name} gains {hero.terror - before} terror ({hero.terror})")
                if self.cards and hero.terror > ch.terror.length - ch.terror.red:
                    self.attach(hero, "insane")
        elif what == "energy":
            hero.energy = max(0, min(hero.energy + amount, ch.energy.length, hero.health))
        else:
            hero.res[what] = max(0, hero.res[what] + amount)

    def markers(self, hero: Hero, amount: int) -> None:
        """Add (or, negative, remove) markers; only combat has a pool."""
        return None

    def move_affinity(self, amount: int) -> None:
        """Move the affinity marker; only diplomacy has a track."""
        return None

    def opportunity(self, hero: Hero) -> None:
        """The enemy's Opportunity attack; only combat has one."""
        return None

    # ------------------------------------------------------------ results

    def settle(self, effects: Effects, hero: Hero) -> None:
        """Rewards and penalties once the encounter is over: nothing can end it again."""
        try:
            self.run(effects, hero)
        except (EncounterOver, HeroOut):
            pass

    def outcome(self, outcome: str) -> Outcome:
        if self.cards:
            self.detach()
        return Outcome(self.encounter.name, self.kind, outcome, self.turn,
                       [h.result() for h in self.heroes], False, self.story, self.log)


def describe(effects: Effects) -> str:
    return "; ".join(e.text for e in effects) or "nothing"


def _compare(left: int, op: str, right: int) -> bool:
    if op == ">=":
        return left >= right
    if op == ">":
        return left > right
    if op == "<=":
        return left <= right
    if op == "<":
        return left < right
    if op == "==":
        return left == right
    return left != right


# ---------------------------------------------------------------- the effect verbs


def _gain(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    if e.what == "marker":
        game.markers(hero, n)
    else:
        game.change(hero, e.what, n)


def _lose(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    if e.what == "marker":
        game.markers(hero, -n)
    else:
        game.change(hero, e.what, -n)


def _damage(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    prevent = game.prevent
    if prevent is not None and prevent.get("damage", 0):
        stopped = min(n, prevent["damage"])
        prevent["damage"] -= stopped
        n -= stopped
        if stopped:
            game.say(f"{stopped} damage prevented")
    game.lose_health(hero, n)


def _terror(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    """``gain N terror`` during an attack or response can be prevented."""
    prevent = game.prevent
    if prevent is not None and prevent.get("terror", 0):
        stopped = min(n, prevent["terror"])
        prevent["terror"] -= stopped
        n -= stopped
    game.change(hero, "terror", n)


def _gain_dispatch(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    if e.what == "terror":
        _terror(game, e, n, hero, source)
    else:
        _gain(game, e, n, hero, source)


def _draw(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.draw(hero, n)


def _discard(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.discard_hand(hero, n)


def _discard_deck(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.discard_deck(hero, n)


def _destroy_last(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.destroy_last()


def _move(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    prevent = game.prevent
    if n < 0 and prevent is not None and prevent.get("affinity", 0):
        stopped = min(-n, prevent["affinity"])
        prevent["affinity"] -= stopped
        n += stopped
    game.move_affinity(n)


def _charge(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    if source is not None:
        source.charges += n
        if source not in game.charged:
            game.charged.append(source)
        game.say(f"{source.card} gains {n} charge(s)")


def _prevent(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    if game.prevent is not None:
        game.prevent[e.what] = game.prevent.get(e.what, 0) + n


def _play_connected(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.credit = True


def _run_away(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.say(f"{game.encounter.name} runs away")
    raise EncounterOver("run-away")


def _opportunity(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.opportunity(hero)


def _item(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    if e.verb == "lose_item":
        for item in hero.items:
            if e.what == item.name or e.what in item.keywords:
                hero.items.remove(item)
                game.say(f"{hero.name} loses {item.name}")
                break
    else:
        game.story.append((hero.name, e))


def _story(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    game.story.append((hero.name, e))


def _nothing(game: Game, e: Effect, n: int, hero: Hero, source: Placed | None) -> None:
    pass


_VERBS: dict[str, Any] = {
    "gain": _gain_dispatch, "lose": _lose, "pay": _lose, "damage": _damage, "draw": _draw,
    "discard": _discard, "discard_deck": _discard_deck, "destroy_last": _destroy_last,
    "move": _move, "charge": _charge, "prevent": _prevent, "play_connected": _play_connected,
    "run_away": _run_away, "opportunity": _opportunity, "lose_item": _item,
    "gain_item": _item, "gain_secret": _story, "lose_secret": _story, "nothing": _nothing,
}
