"""20 Strong policies: who answers the engine's decisions in ``tgc sim`` (a ``Game`` and
a ``Decision`` in, the index of a choice out). ``random`` picks uniformly from the
game's generator; ``greedy`` follows simple rules of thumb; ``planner`` is greedy except
in the Apply step, where it plays the exact best line for the engagement (odds.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

from tgc.rulesets.twenty_strong.data import Enemy
from tgc.rulesets.twenty_strong.engines import strategy
from tgc.rulesets.twenty_strong.engines.decisions import (
    DRAW,
    STOP,
    Choice,
    Decision,
    DecisionKind,
    Policy,
    play_choice,
)
from tgc.rulesets.twenty_strong.engines.table import CRIT, MISS, PRINTED, Foe
from tgc.rulesets.twenty_strong.odds import Die, Engagement, Target, best_move

if TYPE_CHECKING:
    from tgc.rulesets.twenty_strong.engines.game import Game


class RandomPolicy:
    name = "random"

    def choose(self, game: Game, decision: Decision) -> int:
        return game.rng.randrange(len(decision.choices))


def _index(decision: Decision, act: str) -> int:
    return next((i for i, c in enumerate(decision.choices) if c.act == act), 0)


def _best(decision: Decision, score: Callable[[Choice], float]) -> int:
    """The first choice with the highest score."""
    best, best_score = 0, float("-inf")
    for i, choice in enumerate(decision.choices):
        value = score(choice)
        if value > best_score:
            best, best_score = i, value
    return best


class GreedyRules:
    """Plays every card it can, commits the dice that may be applied, finishes the
    most dangerous enemy it can, recovers the colours the dial shows next."""

    name = "greedy"
    # The kinds ``choose`` answers with the first choice whatever the table (take rewards
    # and items, say yes, the first order, the first card to banish ...): not asked.
    firsts: frozenset[DecisionKind] = frozenset({
        "hero", "boss", "order", "reward", "item-reward", "make-room", "destination",
        "optional", "item-discard", "pick-upgraded", "banish-card"})

    def choose(self, game: Game, decision: Decision) -> int:
        t = game.t
        match decision.kind:
            case "strike":
                plays = [i for i, c in enumerate(decision.choices) if c.act == "play"]
                if plays:
                    return plays[0]
                return _index(decision, "draw") if len(t.hand) < t.hand_limit() + 1 else 0
            case "commit":
                open_ = strategy.open_colours(game)
                names = game.box.dice.colours
                return _best(decision, lambda c: 0.5 if c.act == "none" else 1 if any(
                    strategy.colour_allowed(names[c.a].name, f, open_) for f in t.undefeated)
                    else 0)
            case "apply":
                return self.apply(game, decision)
            case "repeat":
                return 0 if worth_repeating(game) else 1
            case "recover" | "pick-die":
                return self.pick_colour(game, decision)
            case "activate":
                tops = _tops(game)
                return _best(decision, lambda c: -tops[c.a].health)
            case "menhir":
                tops = _tops(game)
                return _best(decision, lambda c: tops[c.a].health + tops[c.a].damage)
            case "item-use":
                incoming = sum(f.damage for f in t.undefeated) - t.prevent
                return 1 if game.step == "suffer damage" and incoming > 0 else 0
            case "hand-discard" | "discard" | "banish-card":
                return _best(decision, lambda c: -len(t.hand[c.a].left)
                             if decision.kind != "banish-card" else 0)
            case "pick-enemy":
                return _best(decision, lambda c: -_need(game, t.foes[c.a]))
            case "rank-stat":
                return _best(decision, lambda c: c.a)  # recovery, then strategy, then health
            case _:
                return 0  # take rewards and items, say yes, the first order, the hand

    def strikes(self, game: Game) -> Choice:
        """The ``strike`` rule of ``choose`` without the decision: the first card of the
        hand that may be played, on the first row it matches (the first play among
        ``strategy.strike_choices``), else a draw while the hand is at most its limit,
        else stop."""
        t = game.t
        foes = t.foes
        lefts = game.lefts
        for i, card in enumerate(t.hand):
            left = lefts.get(id(card))
            if left is None:  # a card that is not the deck's
                left = card.left_positions
            for j, foe in enumerate(foes):
                if not left.isdisjoint(foe.host):
                    return play_choice(i, j)
        if (t.combat_deck or t.combat_discard) and len(t.hand) < t.hand_limit() + 1:
            return DRAW
        return STOP

    def commits(self, game: Game) -> Sequence[int]:
        """The ``commit`` rule of ``choose`` for a whole Commit step: every die of a colour
        that some undefeated enemy may take (committing changes neither)."""
        return strategy.takers(game)  # a colour with no ready die commits none

    def decks(self, game: Game, kind: Literal["activate", "menhir"]) -> int:
        """The ``activate`` and ``menhir`` rules of ``choose`` without the decision: the
        first deck (with a card) whose top card has the least Health to activate, the most
        Health and Damage to feed the Menhir Stack; -1 when every deck is empty."""
        best, best_score = -1, 0
        vitals = game.vitals  # the deck's enemies' Health, and Health and Damage
        if kind == "activate":
            for i, cards in enumerate(game.t.enemy_decks.values()):
                if cards:
                    top = cards[-1]
                    known = vitals.get(id(top))
                    score = known[0] if known is not None else top.health
                    if best < 0 or score < best_score:
                        best, best_score = i, score
            return best
        for i, cards in enumerate(game.t.enemy_decks.values()):
            if cards:
                top = cards[-1]
                known = vitals.get(id(top))
                score = known[1] if known is not None else top.health + top.damage
                if best < 0 or score > best_score:
                    best, best_score = i, score
        return best

    def recovers(self, game: Game) -> Sequence[int]:
        """The ``recover`` rule of ``pick_colour`` for a whole Recover step: the colours the
        dial reaches soonest first, ties by colour (the dial stands still meanwhile)."""
        return game.soonest[game.t.dial]  # a colour with no exhausted die moves none

    def apply(self, game: Game, decision: Decision) -> int:
        t = game.t
        needs = [_need(game, foe) for foe in t.foes]  # the same for every choice

        def score(c: Choice) -> float:
            if c.act != "die":
                return 0.0
            foe = t.foes[c.b]
            need = needs[c.b]
            if need <= 0:
                return -1.0
            deal = strategy.face_damage(game, t.faces[c.a], foe)
            if deal >= need:
                return 100.0 + foe.damage + 10 * foe.boss - (deal - need)
            return 1.0 + foe.damage / 10 + deal / 100

        scores = [score(c) for c in decision.choices]
        if not any(s > 0 for s in scores):
            return _index(decision, "none")
        return scores.index(max(scores))  # the first of the best, as _best

    def pick_colour(self, game: Game, decision: Decision) -> int:
        """Recover (or keep) the colours the dial reaches soonest; give up the latest."""
        t = game.t
        dial = game.box.dice.dial
        harmful = decision.kind == "pick-die" and decision.subject.split(" ")[0] in (
            "exhaust", "banish")

        def soon(c: Choice) -> float:
            if c.act == "none":
                return -100.0
            colour = t.colour_name(c.a) if c.act == "die" else game.box.dice.colours[c.a].name
            wait = ((dial.index(colour) - t.dial - 1) % len(dial)) if colour in dial else 99
            return float(wait) if harmful else -float(wait)

        return _best(decision, soon)


# The planner searches engagements of at most this many colours and dice that may be
# applied (every engagement of a single dial colour); wider ones (several colours
# unlocked at once) it plays by greedy's rule of thumb.
PLAN_COLOURS, PLAN_DICE = 2, 8


class GreedyPolicy(GreedyRules):
    """Greedy's rules, with the Apply step's fast path too (the planner has its own Apply)."""

    def apply_run(self, game: Game) -> None:
        """The whole Apply step by the ``apply`` rule of ``choose``, without its decisions:
        the first best application among ``strategy.applications`` (``best_application``),
        again and again until it would stop. What an application leaves as it was is not
        worked out again: short of a defeat, applying a die moves it and adds what its face
        deals to its row, so the open colours and every other row's need stay, and the
        row's need falls by what the die dealt. A defeat resolves rewards and abilities
        that may change anything, so after one everything is read afresh."""
        t = game.t
        quiet = game.log is None
        while True:
            foes = t.foes
            needs: list[int | None] = [None] * len(foes)
            opened: list[frozenset[str] | None] = []
            while True:
                found = best_application(game, needs, opened)
                if found is None:
                    return
                die, row, deal, need = found
                if deal < need and quiet:
                    # no defeat (the row's need stays above 0): ``apply_die`` would only
                    # move the die, check_defeat reading the row's damage and returning
                    t.active.remove(die)
                    foe = foes[row]
                    foe.applied.append(die)
                    foe.dealt += PRINTED[t.faces[die]]
                    needs[row] = need - deal
                    continue
                strategy.apply_die(game, die, row)
                if deal >= need:
                    break  # a defeat: rewards and abilities may have changed the table
                needs[row] = need - deal

    def repeats(self, game: Game) -> bool:
        """The ``repeat`` rule of ``choose`` without the decision."""
        return worth_repeating(game)


def best_application(game: Game, needs: list[int | None],
                     opened: list[frozenset[str] | None]) -> tuple[int, int, int, int] | None:
    """The ``apply`` rule of ``GreedyRules.choose`` without the decision: the die and the
    row of the first best application among ``strategy.applications`` (what ``apply``
    picks among the choices made of them), with what the die deals there and the row's
    need before it, or None where it would stop. The same walk as ``applications``,
    written out in one pass over the committed dice: the first hit of each kind (a bit
    per colour and face), its colour if open, then the rows. ``needs`` holds each row's
    need once read and ``opened`` the open colours once read (at the first hit), so a run
    of applications reads them once."""
    t = game.t
    active = t.active
    if not active:
        return None
    faces, colour_of = t.faces, t.colour_of
    foes, names = t.foes, game.colour_names
    open_: frozenset[str] | None = opened[0] if opened else None
    printed = not (t.face_bonus or game.has_face_standing)
    best, best_score = None, 0.0
    seen = 0
    for die in active:
        face = faces[die]
        if face == MISS:
            continue
        colour_index = colour_of[die]
        bit = 1 << (colour_index * 3 + face)
        if seen & bit:
            continue
        seen |= bit
        if not opened:
            open_ = strategy.open_colours(game)
            opened.append(open_)
        colour = names[colour_index]
        if open_ is not None and colour not in open_:
            continue
        for j, foe in enumerate(foes):
            if foe.forbid and not strategy.colour_allowed(colour, foe, open_):
                continue
            need = needs[j]
            if need is None:
                need = needs[j] = foe.health - strategy.damage_on(game, foe)
            if need <= 0:
                continue  # scored -1: never the best while another scores above 0
            deal = PRINTED[face] if printed and not foe.own else \
                strategy.face_damage(game, face, foe)
            score = (100.0 + foe.damage + 10 * foe.boss - (deal - need) if deal >= need
                     else 1.0 + foe.damage / 10 + deal / 100)
            if score > best_score:
                best, best_score = (die, j, deal, need), score
    return best


class PlannerPolicy(GreedyRules):
    """Greedy, but applies dice on an exact best line for the engagement and always
    repeats while it may: with its commits (every applicable die in the first pass) its
    chance of defeating every enemy is the exact odds of odds.py."""

    name = "planner"

    def choose(self, game: Game, decision: Decision) -> int:
        if decision.kind == "apply":
            return self.plan_apply(game, decision)
        if decision.kind == "repeat":
            return 0
        return super().choose(game, decision)

    def plan_apply(self, game: Game, decision: Decision) -> int:
        engagement, needs, rolled, held = engagement_now(game)
        useful = [h for c, h in enumerate(held)
                  if h and any(c in target.colours for target in engagement.targets)]
        if len(useful) > PLAN_COLOURS or sum(useful) > PLAN_DICE:
            return self.apply(game, decision)  # too wide to search: greedy's rule of thumb
        move = best_move(engagement, 0, rolled, held, needs)
        if move is None:
            return _index(decision, "none")
        colour, face, j = move
        foe = [f for f in game.t.foes if not f.defeated][j]
        row = game.t.foes.index(foe)
        for i, c in enumerate(decision.choices):
            if c.act == "die" and c.b == row and game.t.colour_of[c.a] == colour \
                    and game.t.faces[c.a] == face:
                return i
        return _index(decision, "none")


def engagement_now(game: Game) -> tuple[Engagement, tuple[int, ...], tuple[tuple[int, int], ...],
                                         tuple[int, ...]]:
    """The rest of this engagement as odds.py sees it: this pass then the passes left,
    with no further commits."""
    t = game.t
    colours = game.box.dice.colours
    foes = t.undefeated
    targets = tuple(target_of(game, f) for f in foes)
    passes = max(1, t.strategy - t.passes + 1)
    zero = (0,) * len(colours)
    engagement = Engagement(tuple(Die(c.hits, game.box.dice.sides) for c in colours), targets,
                            (zero,) * passes)
    rolled = [[0, 0] for _ in colours]
    held = [0] * len(colours)
    for die in t.active:
        held[t.colour_of[die]] += 1
        face = t.faces[die]
        if face != MISS:
            rolled[t.colour_of[die]][0 if face == CRIT else 1] += 1
    return (engagement, tuple(target.need for target in targets),
            tuple((c, b) for c, b in rolled), tuple(held))


def target_of(game: Game, foe: Foe) -> Target:
    """An undefeated enemy for odds.py: Health left, what faces deal, which colours."""
    t = game.t
    probe = {c: next((d for d in range(len(t.colour_of)) if t.colour_of[d] == c), -1)
             for c in range(len(game.box.dice.colours))}
    allowed = frozenset(c for c, d in probe.items() if d >= 0 and strategy.applicable(game, d, foe))
    return Target(need=max(0, _need(game, foe)), crit=strategy.face_damage(game, CRIT, foe),
                  basic=strategy.face_damage(game, 1, foe), colours=allowed)


def worth_repeating(game: Game) -> bool:
    """Is a committed or ready die of a colour that some undefeated enemy may take?"""
    takers = strategy.takers(game)
    if not takers:
        return False
    t = game.t
    colour = t.colour_of.__getitem__  # the held colours by map: no comprehension's frame
    held = set(map(colour, t.active))
    held.update(map(colour, t.pool))
    return not held.isdisjoint(takers)


def _need(game: Game, foe: Foe) -> int:
    return foe.health - strategy.damage_on(game, foe)


def _tops(game: Game) -> list[Enemy]:
    """The top card of every enemy deck that has one, by the deck's place (a decision
    offers only those)."""
    return [cards[-1] if cards else _NO_TOP for cards in game.t.enemy_decks.values()]


_NO_TOP = Enemy(name="-", health=0, damage=0)  # an empty deck, never offered


POLICIES: dict[str, Callable[[], Policy]] = {
    "random": RandomPolicy, "greedy": GreedyPolicy, "planner": PlannerPolicy}
