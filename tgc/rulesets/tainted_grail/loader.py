"""The rule-data loader: ``@character``, ``@card`` and ``@encounter`` declarations in
(as ``RawDecl``: from the AST with spans, or from bundle records without), frozen
``Rules`` plus a list of ``Problem`` out. It never raises on bad data."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import lru_cache
from typing import Any, Literal

from tgc.limits import MAX_AMOUNT, MAX_NUMBER, MAX_PARTS, MAX_RANGE, as_number
from tgc.rulesets.tainted_grail.effects import (
    EffectError,
    misplaced_cond,
    misplaced_word,
    parse_cond,
    parse_effects,
)
from tgc.rulesets.tainted_grail.records import (
    AFFINITY_COLOURS,
    ATTRIBUTES,
    COLOURS,
    COMBAT_ICONS,
    DECKS,
    DIPLOMACY_ICONS,
    ITEM_TRIGGERS,
    MAX_ROWS,
    RESOURCES,
    SKILL_TRIGGERS,
    TRACKS,
    TRAITS,
    Ability,
    Affliction,
    Card,
    Character,
    CombatEncounter,
    Cond,
    DiplomacyEncounter,
    Effects,
    ItemRules,
    LeftKey,
    RightKey,
    Row,
    Rules,
    Skill,
    Stage,
    StoryEncounter,
    Track,
    compile_icons,
)
from tgc.source import Span

Data = Any  # str | list[Data] | dict[str, Data], as in the bundle's records

CARD_KEYS = ("left", "right", "free", "free_right", "passive", "ability", "character", "text")
CHARACTER_KEYS = ("number", "colour", *TRACKS, *(f"max_{t}" for t in TRACKS),
                  *(f"red_{t}" for t in TRACKS), *ATTRIBUTES, *RESOURCES, "combat", "diplomacy",
                  "combat_pool", "diplomacy_pool", "text", "ability")
ENCOUNTER_COMMON = ("deck", "level", "kind", "right", "reward", "text")
COMBAT_KEYS = ENCOUNTER_COMMON + ("value", "traits", "attack", "opportunity", "loot")
DIPLOMACY_KEYS = ENCOUNTER_COMMON + ("affinity", "avoid", "failure", "stage1", "stage2",
                                     "stage3", "stage4", "approach2_stage1", "approach2_stage2",
                                     "approach2_stage3", "approach2_stage4")
ENCOUNTER_KEYS = tuple(dict.fromkeys(COMBAT_KEYS + DIPLOMACY_KEYS))
ITEM_KEYS = ("keywords", "text", "ability")  # the core's keys and the ruleset's
CHARACTER_TRIGGERS = ("action",)  # ACT-5: a Character Action, taken outside encounters
SKILL_KEYS = ("front", "back", "front_ability", "back_ability", "text")
AFFLICTION_KEYS = ("attach", "attached", "encounter", "item_limit", "remove", "text")
STORY_ONLY = frozenset({"deck", "level", "kind", "text"})
TRACK_RED = {"health": 1, "energy": 2, "terror": 2}
TRACK_DEFAULTS = {"health": (8, 8), "energy": (6, 8), "terror": (0, 10)}  # the runtime's
# What applies outside an encounter (effects on the state alone) and the condition words
# that mean nothing there.
OUTSIDE_VERBS = frozenset({"gain", "lose", "pay", "gain_item", "lose_item", "gain_secret",
                           "lose_secret", "nothing"})
OUTSIDE_NOT = frozenset({"pool", "affinity", "cards", "charges"})
_NUMBER = re.compile(r"^([0-9]{1,9})([UGBY])$")
_RANGE = re.compile(r"^([0-9]{1,9})(?:-([0-9]{1,9})|(\+))?$")
_MODIFIER = re.compile(r"^([0-9]{1,4}x|X|[0-9]{1,4})$")


@dataclass(frozen=True)
class RawDecl:
    """A declaration as plain data: ``data`` maps each key to text, a list or a map
    (the first of a repeated key wins, as in the bundle); ``spans`` maps ``key`` and
    ``key/sub`` to where they are written, when the sources are at hand."""

    kind: str
    args: tuple[str | int, ...]
    data: dict[str, Data]
    header: Span | None = None
    spans: dict[str, Span] = field(default_factory=dict)
    repeated: tuple[tuple[str, Span], ...] = ()

    def span(self, key: str = "") -> Span | None:
        while key:
            if key in self.spans:
                return self.spans[key]
            key = key.rpartition("/")[0]
        return self.header


@dataclass(frozen=True)
class Problem:
    """A mistake in rule data: ``code`` is its TGC5xx catalogue code."""

    code: str
    span: Span | None
    args: dict[str, object]
    hint: str | None = None


class _Bad(Exception):
    def __init__(self, code: str, where: str, hint: str | None = None, **args: object) -> None:
        super().__init__(code)
        self.code, self.where, self.hint, self.fields = code, where, hint, args


def _bad_value(where: str, detail: str, hint: str | None = None) -> _Bad:
    return _Bad("TGC503", where, hint, key=where.split("/")[0], detail=detail)


class Loader:
    """Builds Rules from raw declarations; ``problems`` collects what could not be read."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.rules = Rules()
        self.decl_of: dict[str, RawDecl] = {}

    def load(self, decls: Iterable[RawDecl]) -> Rules:
        decls = list(decls)
        for decl in decls:
            for key, span in decl.repeated:
                self.report(decl, _Bad("TGC501", key, "write the key once",
                                       detail=f"`{key}` is given twice; the first one counts"),
                            span)
            handler = getattr(self, f"load_{decl.kind}", None)
            if handler is not None:
                handler(decl)
        self.check_decks()
        return self.rules

    def report(self, decl: RawDecl, bad: _Bad, span: Span | None = None) -> None:
        self.problems.append(Problem(bad.code, span or decl.span(bad.where), bad.fields, bad.hint))

    def unknown_keys(self, decl: RawDecl, known: tuple[str, ...], what: str) -> None:
        for key in decl.data:
            if key not in known:
                close = get_close_matches(key, known, n=1, cutoff=0.6)
                self.report(decl, _Bad("TGC501", key, f"did you mean `{close[0]}`?" if close else
                                       "see docs/language.md, \"Rule data\"",
                                       detail=f"`{key}` is not a key of {what}"))

    def field(self, decl: RawDecl, key: str, parse: Any, default: Any = None) -> Any:
        """Parse one key, reporting (and falling back to ``default``) on a mistake."""
        if key not in decl.data:
            return default
        try:
            return parse(decl.data[key], key)
        except _Bad as bad:
            self.report(decl, bad)
        except EffectError as err:
            self.report(decl, _Bad("TGC504", key, None, detail=str(err)))
        return default

    def check_words(self, decl: RawDecl, key: str, effects: Effects, kind: str,
                    on_card: bool = False) -> None:
        """A condition word the engine cannot read where it stands (``pool`` in a
        diplomacy, ``affinity`` in a combat, ``charges`` off a card) is an error, never a
        silent 0."""
        why = misplaced_word(effects, kind, on_card)
        if why is not None:
            self.report(decl, _Bad("TGC504", key, None, detail=why))

    def require(self, decl: RawDecl, keys: tuple[str, ...], what: str) -> bool:
        missing = [k for k in keys if k not in decl.data]
        for key in missing:
            self.report(decl, _Bad("TGC502", "", None, key=key, what=what))
        return not missing

    # ------------------------------------------------------------ cards

    def load_card(self, decl: RawDecl) -> None:
        args = [str(a) for a in decl.args]
        if len(args) != 3 or args[0] not in ("combat", "diplomacy") or not _NUMBER.match(args[1]):
            self.report(decl, _bad_value("", "a card header is `@card combat|diplomacy NUMBER "
                                         "\"Name\"`, with a colour letter U, G, B or Y after "
                                         "the number", 'e.g. `@card combat 7B "Shoulder Charge"`'))
            return
        _, number, name = args
        kind: Literal["combat", "diplomacy"] = "combat" if args[0] == "combat" else "diplomacy"
        self.unknown_keys(decl, CARD_KEYS, "`@card`")
        icons = COMBAT_ICONS if kind == "combat" else DIPLOMACY_ICONS
        left = self.field(decl, "left", lambda v, k: _left_edge(v, k, icons), ())
        right = self.field(decl, "right", _right_edge, ())
        free = self.field(decl, "free", lambda v, k: _icons(v, k, icons), ())
        free_right = self.field(decl, "free_right", lambda v, k: _right_half(v, k, icons), ())
        passive = self.field(decl, "passive", _flag, False)
        abilities = self.field(decl, "ability", _abilities, ())
        for ability in abilities:
            self.check_words(decl, "ability", ability.effects, kind, on_card=True)
        character = self.field(decl, "character", _text, None)
        table = self.rules.combat_cards if kind == "combat" else self.rules.diplomacy_cards
        if number in table:
            self.report(decl, _Bad("TGC506", "", None, what=f"{kind} card {number}"))
            return
        table[number] = Card(kind, number, name, left, right, free, free_right, passive,
                             abilities, character, self.field(decl, "text", _text, ""))
        self.decl_of[f"{kind} {number}"] = decl

    # ------------------------------------------------------------ characters

    def load_character(self, decl: RawDecl) -> None:
        if not decl.args or not isinstance(decl.args[0], str):
            self.report(decl, _bad_value("", "a character header is `@character \"Name\"`"))
            return
        name = decl.args[0]
        self.unknown_keys(decl, CHARACTER_KEYS, "`@character`")
        if not self.require(decl, ("number", "colour", "health", "energy", "terror"),
                            "`@character`"):
            return
        number = self.field(decl, "number", _int, 0)
        colour = self.field(decl, "colour", _colour, "")
        tracks = {t: self.track(decl, t) for t in TRACKS}
        attributes = {a: self.field(decl, a, _int, 0) for a in ATTRIBUTES if a in decl.data}
        resources = {r: self.field(decl, r, _int, 0) for r in RESOURCES if r in decl.data}
        decks = {k: self.field(decl, k, _card_list, ()) for k in
                 ("combat", "diplomacy", "combat_pool", "diplomacy_pool")}
        abilities = self.field(decl, "ability", lambda v, k: _gear_abilities(
            v, k, CHARACTER_TRIGGERS, "a Character"), ())
        self.check_gear(decl, "ability", abilities)
        if name.lower() in self.rules.characters:
            self.report(decl, _Bad("TGC506", "", None, what=f'character "{name}"'))
            return
        self.rules.characters[name.lower()] = Character(
            name, number, colour, tracks["health"], tracks["energy"], tracks["terror"],
            attributes, resources, decks["combat"], decks["diplomacy"], decks["combat_pool"],
            decks["diplomacy_pool"], self.field(decl, "text", _text, ""), abilities)
        self.decl_of[f"character {name.lower()}"] = decl

    def track(self, decl: RawDecl, track: str) -> Track:
        """``health: 9`` is the starting slot, ``max_health: 12`` the track's length (by
        default the start for Health, as the runtime's state does), ``red_health`` its
        red slots."""
        start = self.field(decl, track, _int, TRACK_DEFAULTS[track][0])
        length = self.field(decl, f"max_{track}", _int,
                            start if track == "health" else max(start, TRACK_DEFAULTS[track][1]))
        red = self.field(decl, f"red_{track}", _int, TRACK_RED[track])
        if start > length:
            self.report(decl, _bad_value(track, f"the start {start} is above `max_{track}: "
                                         f"{length}`"))
            start = length
        return Track(length, start, red)

    def check_decks(self) -> None:
        for key, character in self.rules.characters.items():
            decl = self.decl_of[f"character {key}"]
            for deck in ("combat", "diplomacy", "combat_pool", "diplomacy_pool"):
                cards = self.rules.combat_cards if deck.startswith("combat") else \
                    self.rules.diplomacy_cards
                for number in getattr(character, deck):
                    if number not in cards:
                        self.report(decl, _Bad("TGC507", deck, None,
                                               what=f"{deck.split('_')[0]} card {number}"))
            for deck in ("combat", "diplomacy"):
                size = len(getattr(character, deck))
                if 0 < size < 15:
                    self.report(decl, _Bad("TGC508", deck, None, deck=deck, size=size))

    # ------------------------------------------------------------ items and skills

    def load_item(self, decl: RawDecl) -> None:
        """An ``@item`` with ``ability:`` (the core reads its name, keywords and text)."""
        if "ability" not in decl.data or not decl.args:
            return
        name = str(decl.args[0])
        abilities = self.field(decl, "ability",
                               lambda v, k: _gear_abilities(v, k, ITEM_TRIGGERS, "an Item"), ())
        self.check_gear(decl, "ability", abilities)
        if name not in self.rules.items:  # a second @item of the name is the core's TGC111
            self.rules.items[name] = ItemRules(name, abilities)

    def load_skill(self, decl: RawDecl) -> None:
        """``@skill 12 aggression`` with ``front:`` and ``back:`` (the card's two sides)."""
        args = decl.args
        number = str(args[0]) if args else ""
        if len(args) != 2 or as_number(number) is None or args[1] not in ATTRIBUTES:
            self.report(decl, _bad_value("", "a skill header is `@skill NUMBER ATTRIBUTE` (the "
                                         "card's number and the attribute it gives a point of)",
                                         "e.g. `@skill 12 aggression`"))
            return
        attribute = str(args[1])
        self.unknown_keys(decl, SKILL_KEYS, "`@skill`")
        if not self.require(decl, ("front",), "`@skill`"):
            return
        if f"skill {number}" in self.decl_of:
            self.report(decl, _Bad("TGC506", "", None, what=f"skill card {number}"))
            return
        self.decl_of[f"skill {number}"] = decl
        text = self.field(decl, "text", _text, "")
        for side in ("front", "back"):
            name = self.field(decl, side, _text, None)
            if name is None:
                continue
            key = f"{side}_ability"
            abilities = self.field(decl, key, lambda v, k: _gear_abilities(
                v, k, SKILL_TRIGGERS, "a Skill"), ())
            self.check_gear(decl, key, abilities)
            if name in self.rules.skills:  # 000: "All 72 skills in the game are unique"
                self.report(decl, _Bad("TGC506", side, None, what=f'skill "{name}"'))
                continue
            self.rules.skills[name] = Skill(name, attribute, number, abilities, text)

    def check_gear(self, decl: RawDecl, key: str, abilities: tuple[Ability, ...]) -> None:
        """An action's effects need no encounter; the others are read in the encounter
        kind their trigger names, or in both."""
        for ability in abilities:
            words = ability.trigger.split()
            if words[-1] == "action":
                self.outside_encounters(decl, key, ability.effects)
                continue
            kinds = words[:1] if len(words) == 2 else ["combat", "diplomacy"]
            why = next((w for k in kinds if (w := misplaced_word(ability.effects, k, False))), None)
            if why is not None:
                self.report(decl, _Bad("TGC504", key, None, detail=why))

    # ------------------------------------------------------------ afflictions

    def load_affliction(self, decl: RawDecl) -> None:
        """``@affliction "You Are Dying" coop``: a card the campaign supplies (000, "Death
        and insanity")."""
        args = [str(a) for a in decl.args]
        if len(args) != 2 or not isinstance(decl.args[0], str) or args[1] not in ("solo", "coop"):
            self.report(decl, _bad_value("", "an affliction header is `@affliction \"Name\" "
                                         "solo|coop` (the solo card is milder: 000, \"Death\")",
                                         'e.g. `@affliction "You Are Dying" coop`'))
            return
        name, mode = args
        self.unknown_keys(decl, AFFLICTION_KEYS, "`@affliction`")
        if not self.require(decl, ("attach",), "`@affliction`"):
            return
        attach = self.field(decl, "attach", _attach, None)
        attached = self.field(decl, "attached", _effects, ())
        encounter = self.field(decl, "encounter", _effects, ())
        self.outside_encounters(decl, "attached", attached)
        for kind in ("combat", "diplomacy"):  # read at the start of either
            self.check_words(decl, "encounter", encounter, kind)
        limit = self.field(decl, "item_limit", _int, None)
        remove = self.field(decl, "remove", _conditions, ())
        for cond in remove:
            self.outside_cond(decl, "remove", cond)
        if attach is None:
            return
        if name in self.rules.afflictions:
            self.report(decl, _Bad("TGC506", "", None, what=f'affliction "{name}"'))
            return
        self.rules.afflictions[name] = Affliction(
            name, "solo" if mode == "solo" else "coop", "dying" if attach == "dying" else "insane",
            attached, encounter, limit, remove, self.field(decl, "text", _text, ""))

    def outside_encounters(self, decl: RawDecl, key: str, effects: Effects) -> None:
        """Effects resolved outside a fight (the party's state alone: gains and losses of
        resources and tracks, items and secrets)."""
        for effect in effects:
            if effect.verb not in OUTSIDE_VERBS or effect.what == "marker" or effect.per:
                self.report(decl, _Bad("TGC504", key, "outside an encounter only `gain`, "
                                       "`lose` and `pay` of resources, tracks, items and "
                                       "secrets apply", detail=f"`{effect.text}` needs an "
                                       "encounter (a Sequence, a pool or a track)"))
                return
            if effect.cond is not None:
                self.outside_cond(decl, key, effect.cond)

    def outside_cond(self, decl: RawDecl, key: str, cond: Cond) -> None:
        if cond.kind == "affinity" or (cond.kind == "compare" and cond.name in OUTSIDE_NOT):
            word = cond.name if cond.kind == "compare" else cond.kind
            self.report(decl, _Bad("TGC504", key, "compare attributes, resources and tracks",
                                   detail=f"`{word}` means something only inside an encounter"))

    # ------------------------------------------------------------ encounters

    def load_encounter(self, decl: RawDecl) -> None:
        if not decl.args or not isinstance(decl.args[0], str):
            self.report(decl, _bad_value("", "an encounter header is `@encounter \"Name\"`"))
            return
        name = decl.args[0]
        if set(decl.data) <= STORY_ONLY:  # story-only: the player is asked for the outcome
            if name not in self.rules.story:
                self.rules.story[name] = StoryEncounter(
                    name, _written(decl.data.get("deck")), _written(decl.data.get("level")),
                    decl.data.get("kind") == "diplomacy", _written(decl.data.get("text")) or "")
            return
        deck = self.field(decl, "deck", _deck, "gray")
        kind = self.field(decl, "kind", _kind, "diplomacy" if deck == "blue" else "combat")
        self.unknown_keys(decl, COMBAT_KEYS if kind == "combat" else DIPLOMACY_KEYS,
                          f"a {kind} `@encounter`")
        if kind == "combat":
            encounter: CombatEncounter | DiplomacyEncounter | None = self.combat(decl, name, deck)
        else:
            encounter = self.diplomacy(decl, name, deck)
        if encounter is not None:
            self.rules.encounters[name] = encounter

    def combat(self, decl: RawDecl, name: str, deck: str) -> CombatEncounter | None:
        if not self.require(decl, ("deck", "value", "attack"), "a combat `@encounter`"):
            return None
        value = self.field(decl, "value", _int, 1)
        level = self.field(decl, "level", _level, 1)
        traits = self.field(decl, "traits", _traits, ())
        right = self.field(decl, "right", _right_edge, ())
        attack = self.field(decl, "attack", lambda v, k: _table(v, k, 0, value - 1), ())
        effects = {k: self.field(decl, k, _effects, ()) for k in ("opportunity", "reward", "loot")}
        for row in attack:
            self.check_words(decl, "attack", row.effects, "combat")
        for key, found in effects.items():
            self.check_words(decl, key, found, "combat")
        return CombatEncounter(name, deck, level, value, traits, right, attack,
                               effects["opportunity"], effects["reward"], effects["loot"],
                               text=self.field(decl, "text", _text, ""))

    def diplomacy(self, decl: RawDecl, name: str, deck: str) -> DiplomacyEncounter | None:
        if not self.require(decl, ("deck", "affinity", "stage1"), "a diplomacy `@encounter`"):
            return None
        level = self.field(decl, "level", _level, 1)
        affinity = self.field(decl, "affinity", _affinity, None)
        if affinity is None:
            return None
        right = self.field(decl, "right", _right_edge, ())
        stages = self.stages(decl, "stage", affinity)
        second = self.stages(decl, "approach2_stage", affinity) \
            if "approach2_stage1" in decl.data else ()
        if stages is None or second is None:
            return None
        avoid = self.field(decl, "avoid", _avoid, None)
        failure = self.field(decl, "failure", _effects, ())
        reward = self.field(decl, "reward", _effects, ())
        conds, costs = avoid if avoid is not None else ((), ())
        self.check_words(decl, "failure", failure, "diplomacy")
        self.check_words(decl, "reward", reward, "diplomacy")
        for cond in conds:
            why = misplaced_cond(cond, "diplomacy", False)
            if why is not None:
                self.report(decl, _Bad("TGC504", "avoid", None, detail=why))
        return DiplomacyEncounter(name, deck, level, affinity, right, stages, failure,
                                  reward, conds, costs, avoid is not None, second=second,
                                  text=self.field(decl, "text", _text, ""))

    def stages(self, decl: RawDecl, prefix: str, affinity: tuple[str, ...]) -> tuple[Stage, ...] | None:
        """``stage1``.. (or ``approach2_stage1``.., the second approach) in order, up to the
        first one missing; None when one cannot be read."""
        stages: list[Stage] = []
        for number in range(1, 5):
            key = f"{prefix}{number}"
            if key not in decl.data:
                break
            stage = self.field(decl, key, lambda v, k, n=number: _stage(v, k, n, affinity))
            if stage is None:
                return None
            for effects in (*stage.rules.values(), *(row.effects for row in stage.responses)):
                self.check_words(decl, key, effects, "diplomacy")
            stages.append(stage)
        return tuple(stages)


def load_rules(decls: Iterable[RawDecl]) -> tuple[Rules, list[Problem]]:
    """Rules and the problems found while reading them."""
    loader = Loader()
    rules = loader.load(decls)
    return rules, loader.problems


# ---------------------------------------------------------------- value parsers


def _text(value: Data, key: str) -> str:
    if not isinstance(value, str):
        raise _bad_value(key, "expected one line of text, not a list")
    return value.strip().strip('"')


def _items(value: Data, key: str) -> list[str]:
    """A comma-separated line, or a nested `- item` list."""
    if isinstance(value, list):
        return [_text(v, key) for v in value]
    if isinstance(value, dict):
        raise _bad_value(key, "expected a comma-separated list")
    return [part.strip() for part in value.split(",")] if value.strip() else []


def _int(value: Data, key: str) -> int:
    text = _text(value, key)
    number = as_number(text)
    if number is None:
        raise _bad_value(key, f"`{text[:40]}` is not a whole number (up to {MAX_NUMBER})")
    return number


def _level(value: Data, key: str) -> int:
    level = _int(value, key)
    if not 1 <= level <= 4:
        raise _bad_value(key, f"encounter levels are 1 to 4, not {level}")
    return level


def _flag(value: Data, key: str) -> bool:
    text = _text(value, key)
    if text not in ("yes", "no", "true", "false"):
        raise _bad_value(key, f"`{text}` is not `yes` or `no`")
    return text in ("yes", "true")


def _choice(value: Data, key: str, options: tuple[str, ...], what: str) -> str:
    text = _text(value, key)
    if text not in options:
        close = get_close_matches(text, options, n=1)
        raise _bad_value(key, f"`{text}` is not {what}",
                         f"did you mean `{close[0]}`?" if close else
                         "use one of " + ", ".join(f"`{o}`" for o in options))
    return text


def _deck(value: Data, key: str) -> str:
    return _choice(value, key, DECKS, "an encounter deck")


def _kind(value: Data, key: str) -> str:
    return _choice(value, key, ("combat", "diplomacy"), "an encounter kind")


def _colour(value: Data, key: str) -> str:
    return _choice(value, key, tuple(COLOURS.values()), "a card colour")


def _written(value: Data) -> str | None:
    """A story-only key as written (not read: the reader settles the encounter)."""
    return value if isinstance(value, str) else None


def _traits(value: Data, key: str) -> tuple[str, ...]:
    return tuple(sorted({_choice(t, key, TRAITS, "a trait") for t in _items(value, key)}))


def _effects(value: Data, key: str) -> Effects:
    return parse_effects(_text(value, key))


def _attach(value: Data, key: str) -> str:
    """When an affliction is attached: the rulebook fixes both moments."""
    text = _text(value, key)
    if text not in ("dying", "insane"):
        raise _bad_value(key, f"`{text}` is not when a card is attached",
                         "write `dying` (Health drops to 0) or `insane` (Terror reaches the "
                         "red slots): the rulebook fixes both")
    return text


def _conditions(value: Data, key: str) -> tuple[Cond, ...]:
    """Conditions joined by `;` (all must hold)."""
    try:
        return tuple(parse_cond(part.strip()) for part in _text(value, key).split(";"))
    except EffectError as err:
        raise _Bad("TGC504", key, "write conditions such as `health >= 3`, joined by `;`",
                   detail=str(err)) from None


def _icons(value: Data, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    text = _text(value, key)
    if text in ("", "-"):
        return ()
    icons = []
    for word in text.split():
        if word == "void":
            word = "X"
        elif word == "markers":
            word = "marker"
        if word not in allowed and not _MODIFIER.match(word):
            raise _bad_value(key, f"`{word}` is not a bonus icon here",
                             "icons are " + ", ".join(f"`{i}`" for i in allowed)
                             + ", with `2x` (multiply), `X` (void) or a count before them")
        icons.append(word)
    return tuple(icons)


def _right_half(value: Data, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    """A Free Key's right half: only what the next card's half reads (markers, draws,
    affinity moves, multipliers, voids); play again and discard belong to the card
    being played, so on the previous card's half they could never mean anything."""
    icons = _icons(value, key, allowed)
    for icon in icons:
        if icon in ("again", "discard"):
            raise _bad_value(key, f"`{icon}` on a Free Key's right half never applies: it acts "
                             "on the card being played", "put it in `free:` (the card's own "
                             "half), or use `2x`, `X` or a bonus the next card reads")
    return icons


def _rows(value: Data, key: str) -> list[str]:
    rows = _items(value, key)
    if len(rows) > MAX_ROWS:
        raise _bad_value(key, f"a card edge has at most {MAX_ROWS} rows, not {len(rows)}")
    return rows


def _left_edge(value: Data, key: str, allowed: tuple[str, ...]) -> tuple[LeftKey | None, ...]:
    if isinstance(value, str):
        return _left_edge_text(value, key, allowed)
    return _left_edge_rows(value, key, allowed)


@lru_cache(maxsize=8192)
def _left_edge_text(value: str, key: str, allowed: tuple[str, ...]) -> tuple[LeftKey | None, ...]:
    return _left_edge_rows(value, key, allowed)


def _left_edge_rows(value: Data, key: str, allowed: tuple[str, ...]) -> tuple[LeftKey | None, ...]:
    edge: list[LeftKey | None] = []
    for row in _rows(value, key):
        if row in ("-", ""):
            edge.append(None)
            continue
        magic = row.split()[0] == "magic"
        icons = _icons(row[5:] if magic else row, key, allowed)
        if not magic and not icons:
            raise _bad_value(key, "a bonus key needs at least one icon")
        edge.append(LeftKey(magic, icons, compile_icons(icons)))
    return tuple(edge)


def _right_edge(value: Data, key: str) -> tuple[RightKey | None, ...]:
    if isinstance(value, str):
        return _right_edge_text(value, key)
    return _right_edge_rows(value, key)


@lru_cache(maxsize=8192)
def _right_edge_text(value: str, key: str) -> tuple[RightKey | None, ...]:
    return _right_edge_rows(value, key)


def _right_edge_rows(value: Data, key: str) -> tuple[RightKey | None, ...]:
    edge: list[RightKey | None] = []
    for row in _rows(value, key):
        words = row.split()
        if row in ("-", ""):
            edge.append(None)
        elif words == ["magic"]:
            edge.append(RightKey(None))
        elif words[0] in ATTRIBUTES and len(words) in (1, 2) and \
                (level := as_number(words[1], high=MAX_AMOUNT) if len(words) == 2 else 1) is not None:
            edge.append(RightKey(words[0], level))
        else:
            raise _bad_value(key, f"`{row}` is not a right-edge key",
                             "write `ATTRIBUTE LEVEL` (`courage 2`), `magic` or `-`")
    return tuple(edge)


def _ability(text: str, key: str) -> Ability:
    trigger, sep, rest = text.partition(":")
    words = trigger.split()
    if not sep or not words:
        raise _bad_value(key, f"`{text}` is not an ability",
                         "write `TRIGGER: EFFECTS` with a trigger `placement`, `delayed N`, "
                         "`attack` or `pay N charges`")
    effects = parse_effects(rest.strip())
    if words == ["placement"]:
        return Ability("placement", effects, text=text)
    if words in (["attack"], ["response"]):
        return Ability("attack", effects, text=text)
    count = as_number(words[1], high=MAX_AMOUNT) if len(words) >= 2 else None
    if words[0] == "delayed" and (len(words) == 1 or (len(words) == 2 and count is not None)):
        return Ability("delayed", effects, tokens=count if count is not None else 1, text=text)
    if len(words) == 3 and words[0] == "pay" and count is not None and \
            words[2] in ("charge", "charges"):
        return Ability("charge", effects, cost=count, text=text)
    raise _bad_value(key, f"`{trigger.strip()}` is not a trigger",
                     "triggers are `placement`, `delayed N`, `attack` (`response`) and "
                     "`pay N charges`")


def _abilities(value: Data, key: str) -> tuple[Ability, ...]:
    if isinstance(value, list):
        return tuple(_ability(_text(v, key), key) for v in value)
    return (_ability(_text(value, key), key),)


def _gear_abilities(value: Data, key: str, triggers: tuple[str, ...], what: str) -> tuple[Ability, ...]:
    texts = [_text(v, key) for v in value] if isinstance(value, list) else [_text(value, key)]
    return tuple(_gear_ability(text, key, triggers, what) for text in texts)


def _gear_ability(text: str, key: str, triggers: tuple[str, ...], what: str) -> Ability:
    """``[combat|diplomacy] TRIGGER: EFFECTS`` on an Item or a Skill."""
    trigger, sep, rest = text.partition(":")
    words = trigger.split()
    listed = ", ".join(f"`{t}`" for t in triggers)
    if not sep or not words:
        raise _bad_value(key, f"`{text[:60]}` is not an ability",
                         f"write `TRIGGER: EFFECTS` with a trigger {listed}, optionally after "
                         "`combat` or `diplomacy`")
    kind = words[0] if len(words) == 2 and words[0] in ("combat", "diplomacy") else None
    word = words[-1] if len(words) == 1 or kind is not None else trigger.strip()
    if word not in triggers:
        hint = ("only Items are flipped (000, \"Flipping cards\")" if word == "flip" else
                f"the triggers of {what} are {listed}")
        raise _bad_value(key, f"`{trigger.strip()}` is not a trigger of {what}", hint)
    if kind is not None and word == "action":
        raise _bad_value(key, f"`{trigger.strip()}`: an action is taken outside encounters",
                         "write `action: EFFECTS`")
    return Ability(f"{kind} {word}" if kind else word, parse_effects(rest.strip()), text=text)


def _card_list(value: Data, key: str) -> tuple[str, ...]:
    out: list[str] = []
    for part in _items(value, key):
        low, dash, high = part.partition("-")
        a, b = _NUMBER.match(low.strip()), _NUMBER.match(high.strip()) if dash else None
        if a and not dash:
            out.append(low.strip())
        elif a and b and a.group(2) == b.group(2) and int(a.group(1)) <= int(b.group(1)):
            first, last = int(a.group(1)), int(b.group(1))
            if last - first >= MAX_RANGE or len(out) + last - first >= MAX_RANGE:
                raise _bad_value(key, f"`{part[:40]}` names more than {MAX_RANGE} cards")
            out.extend(f"{n}{a.group(2)}" for n in range(first, last + 1))
        else:
            raise _bad_value(key, f"`{part[:40]}` is not a card number or range",
                             "write `7B` or `1B-15B` (one colour letter)")
    return tuple(out)


def _range(text: str, key: str) -> tuple[int, int | None]:
    match = _RANGE.match(text)
    if not match:
        raise _bad_value(key, f"`{text}` is not a range", "write `2`, `0-3` or `6+`")
    low = int(match.group(1))
    if match.group(3):
        return low, None
    high = int(match.group(2)) if match.group(2) else low
    if high < low:
        raise _bad_value(key, f"`{text}` runs backwards")
    return low, high


def _rows_of(value: Data, key: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise _bad_value(key, "expected a table of `RANGE: EFFECTS` lines nested below the key")
    return {k: _text(v, f"{key}/{k}") for k, v in value.items()}


def _table(value: Data, key: str, low: int, high: int,
           slots: dict[str, tuple[int, int]] | None = None) -> tuple[Row, ...]:
    """Rows by range; every value from ``low`` to ``high`` must be covered once."""
    rows = []
    for label, text in _rows_of(value, key).items():
        where = f"{key}/{label}"
        if slots is not None and label in slots:
            a, b = slots[label]
            effects = _wrap_effects(text, where)
            if a <= b:
                rows.append(Row(a, b, effects))
            continue
        a2, b2 = _range(label, where)
        rows.append(Row(a2, b2, _wrap_effects(text, where)))
    rows.sort(key=lambda r: r.low)
    _coverage(rows, key, low, high)
    return tuple(rows)


def _wrap_effects(text: str, where: str) -> Effects:
    try:
        return parse_effects(text)
    except EffectError as err:
        raise _Bad("TGC504", where, None, detail=str(err)) from None


def _coverage(rows: list[Row], key: str, low: int, high: int) -> None:
    expected = low
    for row in rows:
        if row.low > expected and expected <= high:
            raise _Bad("TGC505", key, None, key=key,
                       detail=f"nothing covers {expected}" + (f"-{row.low - 1}"
                                                              if row.low - 1 > expected else ""))
        if row.low < expected:
            raise _Bad("TGC505", key, None, key=key, detail=f"{row.low} is covered twice")
        if row.high is None:
            return
        expected = row.high + 1
    if expected <= high:
        raise _Bad("TGC505", key, None, key=key,
                   detail=f"nothing covers {expected}" + ("+" if expected < high else ""))


def _affinity(value: Data, key: str) -> tuple[str, ...]:
    slots: list[str] = []
    for part in _items(value, key):
        words = part.split()
        count = as_number(words[1], high=MAX_PARTS) if len(words) == 2 else 1
        if len(words) not in (1, 2) or words[0] not in AFFINITY_COLOURS or count is None:
            raise _bad_value(key, f"`{part[:40]}` is not `COLOUR N` (N up to {MAX_PARTS})",
                             "write e.g. `affinity: red 2, gray 1, green 4` (bottom first)")
        slots.extend([words[0]] * count)
        if len(slots) > MAX_PARTS:
            raise _bad_value(key, f"the affinity track has at most {MAX_PARTS} slots")
    if slots.count("gray") != 1:
        raise _bad_value(key, "the affinity track needs exactly one gray (starting) slot")
    if slots[0] == "gray" or slots[-1] == "gray" or len(slots) < 3:
        raise _bad_value(key, "the gray slot must lie between the lowest and the highest slot")
    return tuple(slots)


def _stage(value: Data, key: str, number: int, affinity: tuple[str, ...]) -> Stage:
    if not isinstance(value, dict):
        raise _bad_value(key, "expected the stage's rules and responses nested below the key",
                         "e.g. `empathy: move affinity up 2` and `2-4: move affinity down 1`")
    rules: dict[str, Effects] = {}
    table: dict[str, Data] = {}
    for label, text in value.items():
        if label in ATTRIBUTES:
            rules[label] = _wrap_effects(_text(text, f"{key}/{label}"), f"{key}/{label}")
        else:
            table[label] = text
    slots = {}
    for colour in AFFINITY_COLOURS:
        # A colour names its slots between the lowest and the highest (the ends never
        # see a response: the affinity check comes first).
        where = [i + 1 for i, c in enumerate(affinity) if c == colour]
        if where:
            slots[colour] = (max(where[0], 2), min(where[-1], len(affinity) - 1))
    if not table:
        raise _Bad("TGC505", key, None, key=key, detail="the stage has no responses")
    responses = _table(table, key, 2, len(affinity) - 1, slots)
    return Stage(number, rules, responses)


def _avoid(value: Data, key: str) -> tuple[tuple[Cond, ...], tuple[tuple[int, str], ...]]:
    conds: list[Cond] = []
    costs: list[tuple[int, str]] = []
    for part in _text(value, key).split(";"):
        words = part.split()
        amount = as_number(words[1], high=MAX_AMOUNT) if len(words) == 3 else None
        if len(words) == 3 and words[0] == "pay" and amount is not None and \
                words[2] in RESOURCES + TRACKS:
            costs.append((amount, words[2]))
            continue
        try:
            conds.append(parse_cond(part.strip()))
        except EffectError as err:
            raise _Bad("TGC504", key, "write conditions (`rep >= 3`) and costs (`pay 2 wealth`) "
                       "joined by `;`", detail=str(err)) from None
    return tuple(conds), tuple(costs)
