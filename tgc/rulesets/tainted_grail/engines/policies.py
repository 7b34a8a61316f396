"""Play policies: a game and the options of a decision in, a choice out. ``random``
picks uniformly, ``greedy`` maximises the immediate pool (affinity) gain, ``planner``
searches every card order of the activation and scores the position the enemy's attack
(the opponent's response) will meet. Random choices use the game's own generator."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tgc.rulesets.tainted_grail.engines.game import ESCAPE, STOP, Game, Option, link_card
from tgc.rulesets.tainted_grail.engines.hero import Hero, ItemInUse
from tgc.rulesets.tainted_grail.records import Card, Effect, Effects, Stage

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.engines.combat import CombatGame
    from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame


class Policy(Protocol):
    """The decisions of an encounter; every method may read (never change) the game."""

    name: str

    def mulligan(self, game: Game, hero: Hero) -> bool: ...

    def pick_active(self, game: Game, waiting: list[Hero]) -> Hero: ...

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option: ...

    def discard(self, game: Game, hero: Hero, count: int) -> list[int]: ...

    def avoid(self, game: Game) -> bool: ...

    def react(self, game: Game, hero: Hero, options: list[Option]) -> Option: ...

    def share(self, game: Game, loot: Effect, takers: list[Hero]) -> Hero: ...

    def escape_now(self, game: Game, hero: Hero, moment: str) -> bool: ...

    def equip(self, game: Game, hero: Hero, keyword: str, items: list[ItemInUse]) -> int: ...

    def approach(self, game: Game, approaches: tuple[tuple[Stage, ...], ...]) -> int: ...


def _holding(hero: Hero, loot: Effect) -> int:
    """How much of a loot effect's kind the member already has."""
    if loot.verb == "gain_item":
        return int(hero.has_item(loot.what))
    if loot.what in hero.res:
        return hero.res[loot.what]
    if loot.what in ("health", "energy", "terror"):
        return int(getattr(hero, loot.what))
    return 0


def card_value(card: Card) -> float:
    """A static worth for discarding: what its keys can give, roughly."""
    value = 0.0
    for key in card.left:
        if key is not None:
            g = key.gain
            value += g.markers + g.up + g.stage + 0.5 * g.draws + (0.7 if g.again else 0)
    free = card.free
    value += free.count("marker") + free.count("up") + 0.5 * free.count("draw")
    return value + 0.5 * len(card.abilities)


class BasePolicy(ABC):
    """Defaults every policy shares: keep the starting hand, the lowest character number
    acts first (the rulebook's tie-break), discard the least valuable cards, never avoid."""

    name = "base"

    def mulligan(self, game: Game, hero: Hero) -> bool:
        return False

    def pick_active(self, game: Game, waiting: list[Hero]) -> Hero:
        return min(waiting, key=lambda h: h.number)

    def discard(self, game: Game, hero: Hero, count: int) -> list[int]:
        order = sorted(range(len(hero.hand)), key=lambda i: card_value(hero.hand[i]))
        return order[:count]

    def avoid(self, game: Game) -> bool:
        return False

    @abstractmethod
    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        ...

    def escape_now(self, game: Game, hero: Hero, moment: str) -> bool:
        """Automatic policies escape only in the playing step (the planner, when staying
        would be fatal)."""
        return False

    def equip(self, game: Game, hero: Hero, keyword: str, items: list[ItemInUse]) -> int:
        """The first item listed of each limited keyword (the index; -1 sets all aside)."""
        return 0

    def approach(self, game: Game, approaches: tuple[tuple[Stage, ...], ...]) -> int:
        """The approach with fewer stages; on a tie, the one whose stage bonuses the party
        reaches best (each stage's best rule by the party's highest level), then the first."""
        def fit(stages: tuple[Stage, ...]) -> tuple[int, int]:
            reach = sum(max((max(h.level(a) for h in game.heroes) for a in st.rules), default=0)
                        for st in stages)
            return (-len(stages), reach)

        return max(range(len(approaches)), key=lambda i: (fit(approaches[i]), -i))

    def share(self, game: Game, loot: Effect, takers: list[Hero]) -> Hero:
        """Each piece of loot to whoever has least of it: the fewest of that resource (or
        track), an item to a member without one of its keyword in use, the lowest
        character number on a tie."""
        return min(takers, key=lambda h: (_holding(h, loot), h.number))

    def react(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        """During the enemy's attack (the response): the charge ability that saves or
        gains most, if any does."""
        best, best_score = STOP, 0.0
        for option in options:
            if option.kind in ("charge", "flip"):
                score = reaction_value(game, hero, option)
                if score > best_score:
                    best, best_score = option, score
        return best


class RandomPolicy(BasePolicy):
    """Any legal play or charge, or stopping, with equal chance; never escapes."""

    name = "random"

    def react(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        return options[game.rng.randrange(len(options))]

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        pool = [o for o in options if o.kind != "escape"]
        if not pool:
            return options[0]
        return pool[game.rng.randrange(len(pool))]

    def discard(self, game: Game, hero: Hero, count: int) -> list[int]:
        return game.rng.sample(range(len(hero.hand)), count)


# ---------------------------------------------------------------- previews


def preview_effects(game: Game, hero: Hero, effects: Effects, links: tuple[str, ...] = ()
                    ) -> tuple[int, int, int]:
    """Markers, affinity and health an effect list would change, without playing it."""
    markers = affinity = health = 0
    for e in effects:
        if e.cond is not None and not game.holds(e.cond, hero):
            continue
        n = e.amount
        if e.per is not None:
            n *= game.linked.get(e.per, 0) + links.count(e.per)
        if e.what == "marker":
            markers += n if e.verb == "gain" else -n
        elif e.verb == "move":
            affinity += n
        elif e.what == "health" or e.verb == "damage":
            health += n if e.verb == "gain" else -n
    return markers, affinity, health


def reaction_value(game: Game, hero: Hero, option: Option) -> float:
    """What a charge ability used during the attack (response) gives: what it adds, and
    the damage, Terror or affinity loss of ``game.threat`` it prevents."""
    assert option.ability is not None
    m, a, h = preview_effects(game, hero, option.ability.effects)
    damage, terror, _ = _threat(game.threat)
    down = -min(0, preview_effects(game, hero, game.threat)[1])
    already = game.prevent or {}
    left = {"damage": damage, "terror": terror, "affinity": down}
    saved = 0
    for e in option.ability.effects:
        if e.verb == "prevent":
            saved += min(e.amount, max(0, left[e.what] - already.get(e.what, 0)))
    return m + a + 0.3 * h + saved


def immediate(game: Game, hero: Hero, option: Option) -> float:
    """What a play gives at once: markers (combat) or affinity (diplomacy), with small
    tie-breaks for chaining, drawing, magic and health."""
    if option.kind in ("charge", "flip"):
        assert option.ability is not None
        m, a, h = preview_effects(game, hero, option.ability.effects)
        # A prevention is worth something only during the attack (response): keep it.
        wasted = game.prevent is None and any(e.verb == "prevent" for e in option.ability.effects)
        return m + a + 0.3 * h - wasted
    if option.kind != "play" or option.card is None:
        return 0.0
    g = option.gain
    m, a, h = 0, 0, 0
    for ability in option.card.abilities:
        if ability.trigger == "placement":
            dm, da, dh = preview_effects(game, hero, ability.effects, option.links)
            m, a, h = m + dm, a + da, h + dh
    gain = g.markers + m if game.kind == "combat" else g.up - g.down + a
    if game.kind == "diplomacy":
        dip: DiplomacyGame = game  # type: ignore[assignment]
        for attribute, count in option.stages:
            _, da, _ = preview_effects(game, hero, dip.stage.rules.get(attribute, ()))
            gain += da * count
    return gain + 0.4 * g.again + 0.3 * g.draws - 0.25 * len(option.magic) + 0.3 * h \
        - 0.2 * (option.charge != -1)


class GreedyPolicy(BasePolicy):
    """The play with the largest immediate gain; stops only when nothing helps."""

    name = "greedy"

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        best, best_score = None, 0.0
        for option in options:
            if option.kind in ("play", "charge", "flip"):
                score = immediate(game, hero, option)
                if best is None or score > best_score:
                    best, best_score = option, score
        if best is None:
            return STOP if STOP in options else options[0]
        if best_score < 0 and game.cards_this_activation > 0:
            return STOP
        return best


# ---------------------------------------------------------------- the planner


class PlannerPolicy(GreedyPolicy):
    """A shallow lookahead: every order of the hand's cards this activation (with or
    without each Magic Key), scored by the position after the enemy's attack or the
    opponent's response; escapes a combat when staying would be fatal."""

    name = "planner"

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        plays = [o for o in options if o.kind == "play"]
        if not plays:
            return STOP if STOP in options else options[0]
        best, best_score = STOP, self.score_stop(game, hero)
        for option in plays:
            score = self.search(game, hero, option, depth=4)
            if score > best_score:
                best, best_score = option, score
        if best is STOP and STOP not in options:
            best = plays[0]
        if game.kind == "combat" and ESCAPE in options and best_score < -500:
            return ESCAPE
        return best

    def score_stop(self, game: Game, hero: Hero) -> float:
        if game.cards_this_activation == 0 and game.kind == "combat":
            return -5.0 + self.position(game, hero, 0, 0, 0, hero.res["magic"], None)
        return self.position(game, hero, 0, 0, 0, hero.res["magic"], game.last_card())

    def search(self, game: Game, hero: Hero, first: Option, depth: int) -> float:
        """The best score of any line of play that starts with ``first``."""
        best = -1e9
        stack: list[tuple[Card, int, int, int, int, tuple[int, ...], int]] = []
        m, a, h = self.effect_of(game, hero, first)
        used: tuple[int, ...] = (first.hand,) if first.hand >= 0 else ()
        assert first.card is not None
        stack.append((first.card, m, a, h, hero.res["magic"] - len(first.magic), used,
                      game.cards_this_activation + 1))
        limit = 2 if "fast" in getattr(game, "traits", ()) else 99
        while stack:
            card, m, a, h, magic, used, played = stack.pop()
            best = max(best, self.position(game, hero, m, a, h, magic, card))
            if len(used) >= depth or played >= limit:
                continue
            for index, other in enumerate(hero.hand):
                if index in used:
                    continue
                link = link_card(card.right, card.free_right, other, hero.levels)
                gain, cost = link.base, 0
                if not gain.again:
                    for _, extra in link.magic[:1]:
                        if extra.again and magic > 0:
                            gain, cost = gain + extra, 1
                if not gain.again:
                    continue
                dm = gain.markers
                da = gain.up - gain.down + self.stage_value(game, hero, link.stages)
                stack.append((other, m + dm, a + da, h, magic - cost, used + (index,), played + 1))
        return best

    def effect_of(self, game: Game, hero: Hero, option: Option) -> tuple[int, int, int]:
        assert option.card is not None
        g = option.gain
        m, a, h = g.markers, g.up - g.down, 0
        a += self.stage_value(game, hero, option.stages)
        for ability in option.card.abilities:
            if ability.trigger == "placement":
                dm, da, dh = preview_effects(game, hero, ability.effects, option.links)
                m, a, h = m + dm, a + da, h + dh
        if game.kind == "combat" and game.cards_this_activation == 0 and \
                "defensive" in getattr(game, "traits", ()):
            m = max(0, m - 1)
        return m, a, h

    def stage_value(self, game: Game, hero: Hero, stages: tuple[tuple[str, int], ...]) -> int:
        if game.kind != "diplomacy" or not stages:
            return 0
        dip: DiplomacyGame = game  # type: ignore[assignment]
        total = 0
        for attribute, count in stages:
            total += preview_effects(game, hero, dip.stage.rules.get(attribute, ()))[1] * count
        return total

    def position(self, game: Game, hero: Hero, m: int, a: int, h: int, magic: int,
                 last: Card | None) -> float:
        spent = hero.res["magic"] - magic
        if game.kind == "combat":
            return self.combat_position(game, hero, m, h, spent, last)  # type: ignore[arg-type]
        return self.diplomacy_position(game, hero, a, h, spent, last)  # type: ignore[arg-type]

    def combat_position(self, game: CombatGame, hero: Hero, m: int, h: int, spent: int,
                        last: Card | None) -> float:
        pool = game.pool + m
        value = game.encounter.value
        health = hero.health + h
        if pool >= value:
            return 1000.0 - 3 * spent + health
        damage, terror, loss = _threat(game.encounter.attack_at(pool))
        prevented = _prevention(last, "damage") if "feint" not in game.traits else 0
        damage = max(0, damage - prevented)
        if "rage" in game.traits:
            damage, terror, loss = 2 * damage, 2 * terror, 2 * loss
        after = health - damage
        if after <= 0:
            return -1000.0 + pool
        return 10.0 * (pool - loss) - 6 * damage - 3 * terror - 3 * spent + 2 * h + \
            (2.0 if last is not None and last.abilities_on("delayed") else 0.0)

    def diplomacy_position(self, game: DiplomacyGame, hero: Hero, a: int, h: int, spent: int,
                           last: Card | None) -> float:
        enc = game.encounter
        slot = max(1, min(enc.top, game.slot + a))
        if slot >= enc.top:
            return 1000.0 - 3 * spent + 100 * game.stage_index
        if slot <= 1:
            return -1000.0
        response = game.stage.response_at(slot)
        _, down, _ = preview_effects(game, hero, response)
        down = min(0, down + _prevention(last, "affinity"))
        damage, terror, _ = _threat(response)
        if slot + down <= 1:
            return -800.0
        return 10.0 * (slot + down) - 5 * damage - 3 * terror - 3 * spent + 2 * h


def _threat(effects: Effects) -> tuple[int, int, int]:
    damage = terror = markers = 0
    for e in effects:
        if e.verb == "damage" or (e.verb == "lose" and e.what == "health"):
            damage += e.amount
        elif e.verb == "gain" and e.what == "terror":
            terror += e.amount
        elif e.verb == "lose" and e.what == "marker":
            markers += e.amount
    return damage, terror, markers


def _prevention(card: Card | None, what: str) -> int:
    if card is None:
        return 0
    return sum(e.amount for a in card.abilities_on("attack") for e in a.effects
               if e.verb == "prevent" and e.what == what)


class ScriptedPolicy(BasePolicy):
    """Replays written decisions (tests and worked examples): ``plays`` is a list of card
    names (``"Defend+magic"`` pays every Magic Key, ``"Eye for Detail+charge"`` uses a
    charge, ``"use Bleak Joke"`` uses its charge ability, ``"react Bleak Joke"`` during the
    attack or response), ``"stop"``, ``"escape"`` (in the playing step), ``"escape before"``
    or ``"escape after"``; anything unscripted falls back to stopping."""

    name = "scripted"

    def __init__(self, plays: list[str], mulligans: int = 0, avoid: bool = False,
                 order: Callable[[list[Hero]], Hero] | None = None) -> None:
        self.plays = list(plays)
        self.mulligans = mulligans
        self.avoids = avoid
        self.order = order

    def mulligan(self, game: Game, hero: Hero) -> bool:
        if self.mulligans > 0:
            self.mulligans -= 1
            return True
        return False

    def pick_active(self, game: Game, waiting: list[Hero]) -> Hero:
        return self.order(waiting) if self.order is not None else super().pick_active(game, waiting)

    def avoid(self, game: Game) -> bool:
        return self.avoids

    def escape_now(self, game: Game, hero: Hero, moment: str) -> bool:
        """``"escape before"`` (before the delayed abilities) or ``"escape after"`` (after
        the attack or response) next in the script escapes at that moment."""
        wanted = {"start": "escape before", "attack": "escape after"}[moment]
        if self.plays and self.plays[0] == wanted:
            self.plays.pop(0)
            return True
        return False

    def react(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        """``"react NAME"`` next in the script uses that card's charge ability now."""
        if self.plays and self.plays[0].startswith("react "):
            for option in options:
                if _named(option, self.plays[0][6:]):
                    self.plays.pop(0)
                    return option
        return STOP

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        if not self.plays:
            return STOP if STOP in options else options[0]
        if self.plays[0] not in ("stop", "escape") and \
                all(o.kind in ("stop", "escape") for o in options):
            return STOP  # nothing to play: the stop need not be written down
        want = self.plays.pop(0)
        if want in ("stop", "escape"):
            return STOP if want == "stop" else ESCAPE
        if want.startswith("use "):
            for option in options:
                if _named(option, want[4:]):
                    return option
        name, _, extra = want.partition("+")
        for option in options:
            if option.kind == "play" and option.card is not None and option.card.name == name \
                    and bool(option.magic) == ("magic" in extra) \
                    and (option.charge != -1) == ("charge" in extra):
                return option
        raise AssertionError(f"{want!r} is not a legal play now: "
                             + ", ".join(str(o) for o in options))


def _named(option: Option, name: str) -> bool:
    """A charge ability of the card ``name``, or the flip of the item ``name``."""
    if option.kind == "charge":
        return option.card is not None and option.card.name == name
    return option.kind == "flip" and option.source == name


class HumanPolicy(BasePolicy):
    """A person at the table: every decision goes through ``ask(question, options)``,
    which returns the index of the chosen option (`tgc play` prompts on the terminal).
    ``show`` receives the game's log as it grows, so the player sees every effect."""

    name = "human"

    def __init__(self, ask: Callable[[str, list[str]], int],
                 show: Callable[[str], None] | None = None) -> None:
        self.ask = ask
        self.show = show
        self.shown = 0

    def catch_up(self, game: Game) -> None:
        if self.show is not None:
            for line in game.log[self.shown:]:
                self.show(line)
        self.shown = len(game.log)

    def mulligan(self, game: Game, hero: Hero) -> bool:
        self.catch_up(game)
        hand = ", ".join(str(c) for c in hero.hand)
        return self.ask(f"{hero.name}'s hand: {hand}", ["keep it", f"redraw {len(hero.hand) - 1}"]) == 1

    def pick_active(self, game: Game, waiting: list[Hero]) -> Hero:
        self.catch_up(game)
        return waiting[self.ask("Who acts next?", [h.name for h in waiting])]

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        self.catch_up(game)
        return options[self.ask(describe(game, hero), [str(o) for o in options])]

    def discard(self, game: Game, hero: Hero, count: int) -> list[int]:
        self.catch_up(game)
        left = list(range(len(hero.hand)))
        picked: list[int] = []
        for n in range(count):
            index = self.ask(f"{hero.name} discards ({n + 1} of {count})",
                             [str(hero.hand[i]) for i in left])
            picked.append(left.pop(index))
        return picked

    def avoid(self, game: Game) -> bool:
        self.catch_up(game)
        return self.ask(f"Avoid {game.encounter.name}?", ["face it", "avoid it"]) == 1

    def approach(self, game: Game, approaches: tuple[tuple[Stage, ...], ...]) -> int:
        self.catch_up(game)
        labels = [f"{('first', 'second')[i]} approach: " + "; ".join(
            f"stage {st.number}: " + (", ".join(sorted(st.rules)) or "no bonus") for st in stages)
            for i, stages in enumerate(approaches)]
        return self.ask(f"Which approach to {game.encounter.name}?", labels)

    def equip(self, game: Game, hero: Hero, keyword: str, items: list[ItemInUse]) -> int:
        self.catch_up(game)
        index = self.ask(f"{hero.name} uses which {keyword}?", [i.name for i in items] + ["none"])
        return index if index < len(items) else -1

    def escape_now(self, game: Game, hero: Hero, moment: str) -> bool:
        """Asked only where escaping now differs from escaping at the member's next
        question (see ``escape_matters``)."""
        if not escape_matters(game, hero, moment):
            return False
        self.catch_up(game)
        when = "before the delayed abilities resolve" if moment == "start" else \
            f"after the {'attack' if game.kind == 'combat' else 'response'}"
        return self.ask(f"{hero.name}: escape {when}?", ["stay", "escape"]) == 1

    def share(self, game: Game, loot: Effect, takers: list[Hero]) -> Hero:
        self.catch_up(game)
        return takers[self.ask(f"Who takes the loot ({loot.text})?", [h.name for h in takers])]

    def react(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        self.catch_up(game)
        what = "; ".join(e.text for e in game.threat) or "nothing"
        labels = ["pass" if o.kind == "stop" else str(o) for o in options]
        return options[self.ask(f"{hero.name}: the {_step(game)} ({what}); use a charge?", labels)]


def escape_matters(game: Game, hero: Hero, moment: str) -> bool:
    """Whether escaping at ``moment`` can differ from escaping at the member's next own
    question: before the delayed abilities, when one resolves now; after the attack
    (response), when other members still act this turn before the member is asked again."""
    if moment == "start":
        return any(p.tokens == 1 for p in game.seq)
    return any(not h.activated for h in game.in_play() if h is not hero)


def _step(game: Game) -> str:
    return "enemy attacks" if game.kind == "combat" else "opponent responds"


def describe(game: Game, hero: Hero) -> str:
    """One line of the position for a human: the pool or affinity, the hero, the hand."""
    if game.kind == "combat":
        fight: CombatGame = game  # type: ignore[assignment]
        where = f"pool {fight.pool}/{fight.encounter.value}"
    else:
        talk: DiplomacyGame = game  # type: ignore[assignment]
        where = (f"stage {talk.stage.number}, affinity {talk.slot}/{talk.encounter.top} "
                 f"({talk.affinity_colour()})")
    last = game.last_card()
    return (f"{where}; {hero.name}: health {hero.health}, terror {hero.terror}, magic "
            f"{hero.res['magic']}; last card: {last or 'the encounter'}; "
            f"hand: {', '.join(str(c) for c in hero.hand) or 'empty'}")


POLICIES: dict[str, type[BasePolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "planner": PlannerPolicy,
}
