"""20 Strong rule-data loader: ``@dice``, ``@hero``, ``@card``, ``@enemy`` and ``@boss``
declarations in (any objects of the parser's declaration shape), a ``Box`` plus the
``Problem``s found on the way out. It never raises on bad data: a declaration it cannot
read is reported and left out."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Protocol, TypeVar, cast

from pydantic import ValidationError

from tgc.limits import MAX_AMOUNT, MAX_DICE, MAX_SIDES, as_number
from tgc.rulesets.twenty_strong.data import (
    CARD_KINDS,
    DEFAULT_DIAL,
    DEFAULT_NODES,
    DEFAULT_SIDES,
    Ability,
    AbilityZone,
    Box,
    CardKind,
    CombatCard,
    DiceRules,
    DieColour,
    Effect,
    Enemy,
    Hero,
    ItemReward,
    StrikeEffect,
)
from tgc.rulesets.twenty_strong.effects import EffectError, EffectParser
from tgc.rulesets.twenty_strong.kinds import KINDS
from tgc.source import Span

REPEATABLE = frozenset({"ability", "reward", "special"})
DICE_KEYS = ("sides", "dial", "nodes")
HERO_KEYS = ("health", "strategy", "recovery", "card", "ability", "universal", "text")
CARD_KEYS = ("hero", "left", "right", "ability", "text")
FOE_KEYS = ("health", "damage", "nodes", "additional", "during", "after", "special", "text")
ENEMY_KEYS = ("deck", *FOE_KEYS, "reward", "item")
T = TypeVar("T")
_COLOUR = re.compile(r"([0-9]+) dice?, hits ([0-9]+)")


class PropLike(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def value(self) -> str | Sequence[PropLike]: ...
    @property
    def span(self) -> Span: ...


class DeclLike(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def args(self) -> tuple[str | int, ...]: ...
    @property
    def props(self) -> Sequence[object]: ...
    @property
    def header_span(self) -> Span: ...


@dataclass(frozen=True)
class Problem:
    """A mistake in a deck: ``code`` is a catalogue code of rules.py."""

    code: str
    span: Span | None
    message: str
    hint: str | None = None


class _Bad(Exception):
    def __init__(self, code: str, span: Span | None, message: str, hint: str | None = None):
        super().__init__(message)
        self.problem = Problem(code, span, message, hint)


def _text(value: str | Sequence[PropLike]) -> str:
    return value.strip() if isinstance(value, str) else ""


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text


def _labels(text: str) -> tuple[str, ...]:
    """``top, middle`` or ``top middle``; ``-`` is none."""
    words = tuple(w for w in re.split(r"[,\s]+", text.strip()) if w)
    return () if words in ((), ("-",)) else words


class _Decl:
    """One declaration's properties by key, for the loader's readers."""

    def __init__(self, decl: DeclLike, keys: Sequence[str], loader: Loader,
                 free_keys: bool = False) -> None:
        self.decl, self.loader = decl, loader
        self.props: dict[str, list[PropLike]] = {}
        for raw in decl.props:
            if not isinstance(getattr(raw, "key", None), str):
                loader.report(Problem("TGC540", getattr(raw, "span", decl.header_span),
                                      "this line is not a `key: value` property here",
                                      "20 Strong declarations take `key: value` lines only"))
                continue
            prop = cast(PropLike, raw)
            if prop.key not in keys and not free_keys:
                close = get_close_matches(prop.key, list(keys), n=1)
                loader.report(Problem(
                    "TGC540", prop.span, f"`@{decl.kind}` has no key `{prop.key}`",
                    f"did you mean `{close[0]}`?" if close else f"keys: {', '.join(keys)}"))
                continue
            seen = self.props.setdefault(prop.key, [])
            if seen and prop.key not in REPEATABLE:
                loader.report(Problem("TGC540", prop.span, f"`{prop.key}` is given twice",
                                      "write the key once; the first one counts"))
                continue
            seen.append(prop)

    def get(self, key: str) -> PropLike | None:
        found = self.props.get(key)
        return found[0] if found else None

    def all(self, key: str) -> list[PropLike]:
        return self.props.get(key, [])

    def need(self, key: str) -> PropLike:
        prop = self.get(key)
        if prop is None:
            raise _Bad("TGC541", self.decl.header_span,
                       f"`{key}` is missing from `@{self.decl.kind}`",
                       f"add a `{key}:` line to this declaration")
        return prop

    def int(self, key: str, default: int | None = None, low: int = 0,
            high: int = MAX_AMOUNT) -> int:
        prop = self.get(key) if default is not None else self.need(key)
        if prop is None:
            assert default is not None
            return default
        value = as_number(_text(prop.value), low=low, high=high)
        if value is None:
            raise _Bad("TGC542", prop.span, f"`{key}` must be a whole number"
                       + (f" of at least {low}" if low else "") + f" and at most {high}",
                       f"write `{key}: 3`")
        return value

    def name(self) -> str:
        args = [a for a in self.decl.args if isinstance(a, str)]
        if not args:
            raise _Bad("TGC541", self.decl.header_span, f"`@{self.decl.kind}` needs a name",
                       f'write `@{self.decl.kind} "Name"`')
        return args[-1]


class Loader:
    """Builds a ``Box`` from declarations; ``problems`` collects what could not be read."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.box: Box | None = None
        self.spans: dict[str, Span] = {}  # "hero:Name", "card:Name", "enemy:Name" -> header
        self.prop_spans: dict[str, Span] = {}  # "enemy:Name/reward" -> its first line

    def report(self, problem: Problem) -> None:
        self.problems.append(problem)

    def load(self, decls: Iterable[DeclLike]) -> Box | None:
        """The deck, or None when it has no usable ``@dice`` (nothing can be played)."""
        mine = [d for d in decls if d.kind in KINDS]
        dice_decls = [d for d in mine if d.kind == "dice"]
        dice = self._guard(lambda: self.load_dice(dice_decls[0])) if dice_decls else None
        if dice_decls:
            self.spans["dice:"] = dice_decls[0].header_span
        for extra in dice_decls[1:]:
            self.report(Problem("TGC544", extra.header_span, "`@dice` is declared twice",
                                "a deck has one `@dice` declaration"))
        if dice is None:
            if not dice_decls and mine:
                self.report(Problem("TGC541", mine[0].header_span,
                                    "the deck has no `@dice` declaration",
                                    "declare the unit dice, the dial and the nodes in `@dice`"))
            return None
        self.effects = EffectParser([c.name for c in dice.colours])
        heroes: list[Hero] = []
        cards: list[CombatCard] = []
        enemies: list[Enemy] = []
        bosses: list[Enemy] = []
        for decl in mine:
            self._load_one(decl, heroes, cards, enemies, bosses)
        return Box(dice=dice, heroes=tuple(heroes), cards=tuple(cards), enemies=tuple(enemies),
                   bosses=tuple(bosses))

    def _guard(self, build: Callable[[], T]) -> T | None:
        try:
            return build()
        except _Bad as bad:
            self.report(bad.problem)
        except EffectError as bad:  # pragma: no cover - every reader wraps its effects
            self.report(Problem("TGC543", None, bad.message, bad.hint))
        except ValidationError as bad:
            self.report(Problem("TGC542", None, str(bad.errors()[0]["msg"])))
        return None

    def _load_one(self, decl: DeclLike, heroes: list[Hero], cards: list[CombatCard],
                  enemies: list[Enemy], bosses: list[Enemy]) -> None:
        match decl.kind:
            case "hero":
                self._add(heroes, "hero", decl, lambda: self.load_hero(decl))
            case "card":
                self._add(cards, "card", decl, lambda: self.load_card(decl))
            case "enemy":
                self._add(enemies, "enemy", decl, lambda: self.load_foe(decl, False))
            case "boss":
                self._add(bosses, "boss", decl, lambda: self.load_foe(decl, True))

    def _add(self, into: list[T], what: str, decl: DeclLike, build: Callable[[], T]) -> None:
        record = self._guard(build)
        if record is None:
            return
        name = getattr(record, "name", "")
        key = f"{what}:{name}"
        if key in self.spans:
            first = self.spans[key]
            self.report(Problem("TGC544", decl.header_span, f"{what} \"{name}\" is declared twice",
                                f"the first is at line {first.line}; rename one of them"))
            return
        self.spans[key] = decl.header_span
        for raw in decl.props:
            prop_key, span = getattr(raw, "key", None), getattr(raw, "span", None)
            if isinstance(prop_key, str) and isinstance(span, Span):
                self.prop_spans.setdefault(f"{key}/{prop_key}", span)
        into.append(record)

    # ------------------------------------------------------------ readers

    def load_dice(self, decl: DeclLike) -> DiceRules:
        d = _Decl(decl, DICE_KEYS, self, free_keys=True)
        colours: list[DieColour] = []
        sides = d.int("sides", DEFAULT_SIDES, low=1, high=MAX_SIDES)
        for key, props in d.props.items():
            if key in DICE_KEYS:
                continue
            prop = props[0]
            m = _COLOUR.fullmatch(_text(prop.value))
            if m is None:
                self.report(Problem("TGC542", prop.span, f"`{key}` must read `N dice, hits H`",
                                    f"write `{key}: 4 dice, hits 3`"))
                continue
            hits, count = as_number(m[2], high=MAX_SIDES), as_number(m[1], high=MAX_DICE)
            if count is None:
                self.report(Problem("TGC542", prop.span, f"`{key}` has more than {MAX_DICE} dice",
                                    f"write `{key}: 4 dice, hits 3`"))
                continue
            if hits is None or not 1 <= hits <= sides:
                self.report(Problem("TGC542", prop.span,
                                    f"`{key}` has {hits} hit sides on a {sides}-sided die",
                                    "a die has one crit, so at least 1 hit side, and no more "
                                    "hit sides than sides"))
                continue
            colours.append(DieColour(name=key, count=count, hits=hits))
        if not colours:
            raise _Bad("TGC541", decl.header_span, "`@dice` declares no colour",
                       "add lines such as `yellow: 4 dice, hits 2`")
        names = [c.name for c in colours]
        dial: tuple[str, ...] = DEFAULT_DIAL
        if (dial_prop := d.get("dial")) is not None:
            dial = _labels(_text(dial_prop.value))
            for word in dial:
                if word not in names:
                    raise _Bad("TGC543", dial_prop.span, f"the dial names `{word}`, not a dice colour",
                               _hint(word, names))
        elif any(c not in names for c in dial):
            dial = tuple(names)  # a deck of other colours turns through its own
        if not dial:
            raise _Bad("TGC542", decl.header_span, "the dial needs at least one colour")
        nodes: tuple[str, ...] = DEFAULT_NODES
        if (nodes_prop := d.get("nodes")) is not None:
            nodes = _labels(_text(nodes_prop.value))
        return DiceRules(sides=sides, colours=tuple(colours), dial=dial, nodes=nodes)

    def load_hero(self, decl: DeclLike) -> Hero:
        d = _Decl(decl, HERO_KEYS, self)
        card = d.get("card")
        mark = d.get("universal")
        universal = _text(mark.value) if mark is not None else "no"
        if mark is not None and universal not in ("yes", "no", "other deck"):
            raise _Bad("TGC542", mark.span, "`universal` is `yes`, `no` or `other deck`")
        return Hero(name=d.name(), health=d.int("health"), strategy=d.int("strategy"),
                    recovery=d.int("recovery"),
                    card=_unquote(_text(card.value)) if card is not None else None,
                    abilities=tuple(self._ability(p, "hero") for p in d.all("ability")),
                    universal=universal != "no", elsewhere=universal == "other deck")

    def load_card(self, decl: DeclLike) -> CombatCard:
        d = _Decl(decl, CARD_KEYS, self)
        kind = next((a for a in decl.args if isinstance(a, str) and a in CARD_KINDS), None)
        if kind is None or len(decl.args) != 2:
            raise _Bad("TGC542", decl.header_span, "a combat card is "
                       "`@card basic|hero|universal|upgraded \"Name\"`",
                       _hint(str(decl.args[0]), CARD_KINDS) if decl.args else None)
        left, bare = self._left(d)
        right = d.get("right")
        hero = d.get("hero")
        return CombatCard(
            name=d.name(), kind=_card_kind(kind), left=left, bare_left=bare,
            hero=_unquote(_text(hero.value)) if hero is not None else None,
            right=_labels(_text(right.value)) if right is not None else (),
            abilities=tuple(self._ability(p, "hand") for p in d.all("ability")))

    def _left(self, d: _Decl) -> tuple[tuple[StrikeEffect, ...], tuple[str, ...]]:
        prop = d.get("left")
        if prop is None:
            return (), ()
        if isinstance(prop.value, str):
            if prop.value.strip():
                return (), _labels(prop.value)  # only bare nodes, written inline
            return (), ()
        strikes: list[StrikeEffect] = []
        bare: list[str] = []
        for entry in prop.value:
            text = _text(entry.value)
            if entry.key == "-":
                where, colon, effect = text.partition(":")
            else:
                where, colon, effect = entry.key, ":", text
            positions = _labels(where)
            if not colon or effect.strip() in ("", "-"):
                bare.extend(positions)
                continue
            strikes.append(StrikeEffect(positions=positions, effects=self._effects(
                effect, entry.span), text=effect.strip()))
        return tuple(strikes), tuple(bare)

    def load_foe(self, decl: DeclLike, boss: bool) -> Enemy:
        d = _Decl(decl, FOE_KEYS if boss else ENEMY_KEYS, self)
        deck = None if boss else _text(d.need("deck").value)
        nodes = d.get("nodes")
        item = d.get("item")
        return Enemy(
            name=d.name(), boss=boss, deck=deck, health=d.int("health", low=1),
            damage=d.int("damage"), nodes=_labels(_text(nodes.value)) if nodes else (),
            additional=d.int("additional", 0),
            during=self._effects_of(d.get("during")), after=self._effects_of(d.get("after")),
            special=tuple(self._ability(p, "enemy") for p in d.all("special")),
            rewards=tuple(self._effects_of(p) for p in d.all("reward")),
            item=self._item(item) if item is not None else None)

    def _item(self, prop: PropLike) -> ItemReward:
        use, colon, rest = _text(prop.value).partition(":")
        use = use.strip()
        if use not in ("single-use", "ongoing") or not colon:
            raise _Bad("TGC560", prop.span, "an item reward must say `single-use` or `ongoing`",
                       "write `item: single-use: gain 2 health` or `item: ongoing: TRIGGER: EFFECT`")
        if use == "single-use":
            return ItemReward(use="single-use", effects=self._effects(rest, prop.span),
                              text=rest.strip())
        try:
            ability = self.effects.timed(rest, "inventory", "always")
        except EffectError as bad:
            raise _Bad("TGC543", prop.span, bad.message, bad.hint) from None
        return ItemReward(use="ongoing", abilities=(ability,), text=rest.strip())

    # ------------------------------------------------------------ effects

    def _effects_of(self, prop: PropLike | None) -> tuple[Effect, ...]:
        return () if prop is None else self._effects(_text(prop.value), prop.span)

    def _effects(self, text: str, span: Span) -> tuple[Effect, ...]:
        try:
            return self.effects.effects(text)
        except EffectError as bad:
            raise _Bad("TGC543", span, bad.message, bad.hint) from None

    def _ability(self, prop: PropLike, zone: AbilityZone) -> Ability:
        try:
            return self.effects.ability(_text(prop.value), zone)
        except EffectError as bad:
            raise _Bad("TGC543", prop.span, bad.message, bad.hint) from None


def _hint(word: str, words: Sequence[str]) -> str | None:
    close = get_close_matches(word, list(words), n=1)
    return f"did you mean `{close[0]}`?" if close else None


def _card_kind(word: str) -> CardKind:
    for kind in CARD_KINDS:
        if kind == word:
            return kind
    raise AssertionError(word)
