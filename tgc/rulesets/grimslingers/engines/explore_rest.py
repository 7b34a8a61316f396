"""The Rest phase in `tgc explore` over a Tall Tale (GS-14.1 step 4, a decision point of
§18): what the rest can change that the story reads (``rest_scope``), and each player's
rest searched through the explorer's decisions, asked with the very questions `tgc play`
asks (``take_rest``). A Tall Tale, the state and the explorer's picks in; the sheets
changed and the words of each decision taken (for the witness) out.

The explorer's duels are won or lost without their cards, so a rest reaches the story
only through what a prerequisite reads: HP (``hp >= N``), the items it names (a Standoff
item is used up) and the defeats budget (a Standoff that could take a player to 0 HP).
A rest decision that can change none of these is pruned, and the reason is said."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, assert_never

from tgc.rulesets.grimslingers.data import (
    Card,
    Choice,
    Condition,
    Cost,
    Dmg,
    Dnc,
    Fx,
    Gain,
    Grimslinger,
    HasItem,
    Lose,
    Roll,
    TallTale,
    TargetKind,
)
from tgc.rulesets.grimslingers.data import Counter as CounterCondition
from tgc.rulesets.grimslingers.engines.decisions import (
    Feast,
    Load,
    MoveCards,
    Sacrifice,
    StandoffAction,
    UseAbility,
    UseCard,
)
from tgc.rulesets.grimslingers.engines.duel import Duel
from tgc.rulesets.grimslingers.engines.duelist import Duelist
from tgc.rulesets.grimslingers.engines.hand import Asker, HandPolicy
from tgc.rulesets.grimslingers.engines.instant import rules_of
from tgc.rulesets.grimslingers.engines.rest import rest_standoff, shift
from tgc.rulesets.grimslingers.engines.standoff import _feast_row
from tgc.rulesets.grimslingers.engines.tale import Character, TaleState

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")
Order = Literal["up", "down", "exact"]


class Picks(Protocol):
    """The explorer's decisions (explore.py's ``Oracle``): an index among ``count``
    options, the words of the one taken said in the witness."""

    def pick(self, count: int, words: Callable[[int], str]) -> int: ...


# ---------------------------------------------------------------- what the rest can reach


@dataclass(frozen=True)
class RestScope:
    """What a Rest phase can change that the story reads (``reads``: "HP", an item's
    name, "the defeats budget"), and the Standoff cards and abilities that can change it
    (``useful``, by name; a Feast when ``feast``). Nothing read: the rest is not
    searched, and ``words`` says why."""

    reads: tuple[str, ...]
    useful: frozenset[str]
    feast: bool
    costs: frozenset[str]  # the resources the useful actions pay
    hp_order: Order = "exact"  # "up": more HP is never worse to the story; "down": less
    exact: frozenset[str] = frozenset()  # whose special resource is told apart exactly

    @property
    def searched(self) -> bool:
        return bool(self.reads)

    def words(self) -> str:
        if self.searched:
            return ("searched (GS-14.1 step 4): each player's Standoff and hand and stash, "
                    f"for what the story reads of them: {', '.join(self.reads)}")
        return ("not searched: no prerequisite reads what a Standoff or a reorganised hand at "
                "rest can change (HP, the Standoff items used up, a player down), and the "
                "explorer's duels are won or lost without their cards")


NO_REST = RestScope((), frozenset(), False, frozenset())
"""The rest not searched."""


def rest_scope(tale: TallTale, literals: Iterable[tuple[bool, Condition]]) -> RestScope:
    """The rest's reach in this Tall Tale, from its prerequisites' literals (each with
    its sign): HP when one reads it, a named item that a Standoff can use up, the defeats
    budget when a Standoff can harm its user."""
    signed = list(literals)
    leaves = [c for _, c in signed]
    hp = any(isinstance(c, CounterCondition) and c.name == "hp" for c in leaves)
    named = {c.item for c in leaves if isinstance(c, HasItem)}
    order = _hp_order(tale, signed)
    options = list(_standoff_options(tale))
    reads: list[str] = ["HP"] if hp else []
    useful: set[str] = set()
    costs: set[str] = set()
    for name, kind, target, fx, paid in options:
        hurts = _may_down(fx, paid, target)
        item = kind == "item" and name in named
        if (hp and order != "down" and _heals(fx)) or item or hurts:
            useful.add(name)
            costs.update(c.resource for c in paid)
        if item:
            reads.append(f'item "{name}"')
        if hurts and "the defeats budget" not in reads:
            reads.append("the defeats budget")
    if useful:
        costs.add("ep")  # Reload's and Reactivate's, which bring a used useful card back
    # a Feast's blood can pay for a useful ability, and a row can heal
    feast = any(g.resource in costs or hp and (_heals(row.fx) or _may_down(row.fx, (), "self"))
                for g in tale.grimslingers for row in g.feast)
    if "the defeats budget" in reads:
        order = "exact"  # a player down is revived at 3 HP: losing HP may raise it
    exact = frozenset(g.name for g in tale.grimslingers if g.resource == "control")
    return RestScope(tuple(dict.fromkeys(reads)), frozenset(useful), feast, frozenset(costs),
                     order, exact)


def _hp_order(tale: TallTale, signed: list[tuple[bool, Condition]]) -> Order:
    """"up" when every literal reading HP holds for more HP whenever it holds for less
    (``hp >= N``, ``not hp < N``), "down" the other way, else "exact"; "exact" too when an
    Instant item can harm the party, since a player down is revived at 3 HP (GS-16.5)."""
    ways = set()
    for positive, c in signed:
        if isinstance(c, CounterCondition) and c.name == "hp":
            up = c.op in (">=", ">")
            ways.add("exact" if c.op in ("==", "!=") else "up" if up == positive else "down")
    harmful = any("instant" in card.types and (_may_down(card.instant_fx, (), card.target)
                                               or _may_down(card.fx, card.costs, card.target))
                  for card in tale.cards)
    if len(ways) != 1 or harmful:
        return "exact"
    return "up" if ways == {"up"} else "down" if ways == {"down"} else "exact"


def covers(this: tuple[Any, ...], that: tuple[Any, ...], scope: RestScope) -> bool:
    """Whether the party's sheets ``this`` (``rest_sheet``s) can do all ``that`` can: the
    same piles, as much EP, special resource and belt (Luella's control exactly), and HP
    as much (``hp_order`` "up"), as little ("down"), or the same. Nothing a rest or the
    story does with less of these is out of reach with more: costs are paid from them,
    gains are capped, and the explorer's duels do not read them."""
    for a, b in zip(this, that, strict=True):
        name, hp, ep, res, belt, piles = a
        _, hp2, ep2, res2, belt2, piles2 = b
        if piles != piles2 or ep < ep2 or (belt or 0) < (belt2 or 0):
            return False
        if (res != res2) if name in scope.exact else (res or 0) < (res2 or 0):
            return False
        match scope.hp_order:
            case "up":
                if hp < hp2:
                    return False
            case "down":
                if hp > hp2:
                    return False
            case "exact":
                if hp != hp2:
                    return False
            case _:
                assert_never(scope.hp_order)
    return True


Option = tuple[str, str, TargetKind, tuple[Fx, ...], tuple[Cost, ...]]


def _standoff_options(tale: TallTale) -> Iterator[Option]:
    """Every card a Standoff may use and every Standoff-timed ability (GS-6.7): its
    name, kind, target, FX and costs."""
    for card in tale.cards:
        if "standoff" in card.types:
            yield card.name, card.kind, card.target, card.fx, card.costs
        for ability in card.abilities:
            if ability.timing == "standoff":
                yield (f"{ability.name} ({card.name})", "ability", card.target, ability.fx,
                       ability.costs)


def _leaves(fx: Iterable[Fx]) -> Iterator[Fx]:
    """Every FX, those inside a roll's, a number draw's and a choice's arms too."""
    for f in fx:
        yield f
        match f:
            case Roll(arms=arms) | Dnc(arms=arms):
                for arm in arms:
                    yield from _leaves(arm.fx)
            case Choice(options=options):
                for option in options:
                    yield from _leaves(option)
            case _:
                pass


def _heals(fx: tuple[Fx, ...]) -> bool:
    return any(isinstance(f, Gain) and f.resource == "hp" for f in _leaves(fx))


def _may_down(fx: tuple[Fx, ...], costs: Iterable[Cost], target: TargetKind) -> bool:
    """A Standoff at the party's table that could take a player to 0 HP: an HP cost, HP
    lost, DMG to its user or to a target of the party's (what it aims at a foe finds
    nobody)."""
    ours = target in ("self", "team", "all")
    return any(c.resource == "hp" for c in costs) or any(
        isinstance(f, Lose) and f.resource == "hp"
        or isinstance(f, Dmg) and (f.who == "user" or ours) for f in _leaves(fx))


# ---------------------------------------------------------------- the questions, asked of the picks


END_STANDOFF = "end the Standoff"  # hand.py's first answer: said by taking nothing


class PickAsker(Asker):
    """``hand.Asker`` for the explorer: a question's answer is a pick, its words the
    option's own (what a player would type into `tgc play`); nothing is written."""

    def __init__(self, picks: Picks, prefix: str) -> None:
        super().__init__(lambda line: None, lambda prompt: "")
        self.picks, self.prefix = picks, prefix

    def choose(self, question: str, options: Sequence[str]) -> int:
        return self.picks.pick(len(options), lambda k: "" if options[k] == END_STANDOFF
                               else f"{self.prefix}{options[k]}")


@dataclass
class RestHands(HandPolicy):
    """A Standoff at rest asked as `tgc play` asks it (``HandPolicy``), with the actions
    that cannot change what the story reads pruned (``pruned`` says why), and Purge at
    full EP (it gains nothing and only loses spells)."""

    scope: RestScope = NO_REST

    def _table(self, duel: Duel, p: Duelist) -> None:
        pass  # nobody reads the table's words

    def _actions(self, duel: Duel, p: Duelist, left: int,
                 loaded: int) -> list[tuple[str, StandoffAction]]:
        return [(label, a) for label, a in super()._actions(duel, p, left, loaded)
                if pruned(a, self.scope) is None and not (a.kind == "purge" and p.ep >= p.max_ep)]


def pruned(action: StandoffAction, scope: RestScope) -> str | None:
    """Why a Standoff action at rest cannot change what the story reads, or None."""
    match action:
        case Sacrifice():
            if "ep" in scope.costs or "HP" in scope.reads and scope.hp_order != "up":
                return None
            return "it only lowers HP for EP, and nothing read wants less HP or pays EP"
        case UseCard(card=card):
            return None if card.name in scope.useful else f"{card.name} changes nothing read"
        case UseAbility(card=card, ability=ability):
            return None if f"{ability.name} ({card.name})" in scope.useful \
                else f"{ability.name} changes nothing read"
        case Feast():
            return None if scope.feast else "no Feast row changes what is read"
        case Load():
            return None if "ammo" in scope.costs else "bullets serve only a duel's cards"
        case MoveCards(kind="surge"):
            return "Surge's +1 NV is for a spell played this turn, and none is at rest"
        case MoveCards(kind="purge"):
            return None if "ep" in scope.costs else "its EP pays for nothing read"
        case MoveCards(kind="reload" | "reactivate"):
            return None if scope.useful else "no card it brings back changes what is read"
        case _:
            return None


class RestDraws(random.Random):
    """The generator of a rest's table: the die, a card chosen at random and a shuffled
    deck's top card (a Feast's Fate card) are the explorer's picks; Fate cards that give
    one Feast row are one pick."""

    def __init__(self, picks: Picks, same: Callable[[Any], object]) -> None:
        super().__init__(0)
        self.picks, self.same = picks, same

    def randint(self, a: int, b: int) -> int:
        faces = list(range(a, b + 1))
        return faces[self.picks.pick(len(faces), lambda k: f"roll {faces[k]}")]

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        return seq[self.picks.pick(len(seq),
                                   lambda k: f"draw {getattr(seq[k], 'name', seq[k])}")]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        kinds = list(dict.fromkeys(self.same(v) for v in x))
        firsts = [next(i for i, v in enumerate(x) if self.same(v) == k) for k in kinds]
        k = self.picks.pick(len(firsts), lambda k: f"top card {x[firsts[k]]}")
        x.append(x.pop(firsts[k]))  # the deck's top card, taken first (``pop``)


def _feast_kind(tale: TallTale, g: Grimslinger | None) -> Callable[[Any], object]:
    """A Fate card as a Feast reads it: the row it falls in (GS-6.6)."""
    fate = {c.code: c for c in rules_of(tale).fate}

    def kind(code: Any) -> object:
        card = fate.get(code)
        if card is None or g is None:
            return code
        row = _feast_row(g.feast, card.face, card.suit)
        return None if row is None else g.feast.index(row)

    return kind


# ---------------------------------------------------------------- one Rest phase


def take_rest(state: TaleState, picks: Picks, scope: RestScope) -> None:
    """The last turn's Rest phase, offered with this turn's move as `tgc play` offers it:
    player by player in table order, the hand and stash reorganised, then a Standoff
    phase. One order is enough: a card moved after the Standoff could be moved at the
    next rest before anything reads it, and a player's Standoff at rest reaches no other
    player but through the party's FX, whoever goes first."""
    tale = state.tale
    assert tale is not None
    for c in state.party:
        reorganise(c, picks, scope)
        hands = RestHands(PickAsker(picks, f"rest: {c.name}'s Standoff: "), scope=scope)
        g = rules_of(tale).grimslingers.get(c.name)
        rest_standoff(state, c, hands, RestDraws(picks, _feast_kind(tale, g)), hands.standoff)


def reorganise(c: Character, picks: Picks, scope: RestScope) -> None:
    """``rest: NAME reorganises hand and stash`` as `tgc play` asks it, only ever bringing
    into the hand a Standoff card that can change what is read: any other card is the same
    to the search in either pile. A full hand gives back its first card no useful action
    takes (every useful one in turn when it holds nothing else)."""
    done: set[str] = set()
    while True:
        moves = _shifts(c, scope, done)
        if not moves:
            return
        words = [f"{card.name} to the hand" + (f" (trades places with {swap.name})" if swap else "")
                 for card, swap in moves]
        said = ["", *(f"rest: {c.name} reorganises hand and stash: {w}" for w in words)]
        k = picks.pick(len(said), said.__getitem__)
        if k == 0:
            return
        card, swap = moves[k - 1]
        shift(c, card, "hand", swap)
        done.add(card.name)


def _shifts(c: Character, scope: RestScope, done: set[str]) -> list[tuple[Card, Card | None]]:
    """The useful cards of the stash not brought in yet, each with what leaves the hand."""
    wanted = list({x.name: x for x in c.stash if x.name in scope.useful - done}.values())
    if len(c.hand) < c.hand_limit:
        return [(card, None) for card in wanted]
    idle = [x for x in c.hand if x.name not in scope.useful]
    swaps = idle[:1] or list({x.name: x for x in c.hand if x.name not in done}.values())
    return [(card, swap) for card in wanted for swap in swaps if swap.name != card.name]


def rest_sheet(c: Character, scope: RestScope) -> tuple[Any, ...]:
    """A character as a later rest and the story can tell them apart: the trackers and
    special resources, and where each useful card lies (the others only counted)."""
    def pile(cards: list[Card]) -> tuple[Any, ...]:
        names = sorted(x.name for x in cards if x.name in scope.useful)
        return (*names, len(cards) - len(names))

    return (c.name, c.hp, c.ep, c.resource, c.belt,
            (pile(c.hand), pile(c.stash), pile(c.discard), pile(c.deactivated), pile(c.passive)))
