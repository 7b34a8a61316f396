"""20 Strong effect language: the text of an effect, an ability or a trigger in, typed
``Effect`` and ``Ability`` records out (or an ``EffectError`` saying what was expected).
Colours are the deck's own (from ``@dice``), so the parser is given them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from difflib import get_close_matches

from tgc.limits import MAX_AMOUNT, LimitError, read_int
from tgc.rulesets.twenty_strong.data import (
    STATS,
    Ability,
    AbilityZone,
    Activate,
    BanishDie,
    Condition,
    DealDamage,
    Defeated,
    DialIs,
    DiceVerb,
    DiceZone,
    Discard,
    Draw,
    Effect,
    FaceDamage,
    FeedMenhir,
    Forbid,
    GainUpgraded,
    HealthAtMost,
    InEndgame,
    ItemsAtLeast,
    MoveDice,
    Nothing,
    Prevent,
    Scope,
    Stat,
    StatChange,
    StrikeAgain,
    Trigger,
    Unlock,
    When,
)

TRIGGER_WORDS: dict[str, Trigger] = {
    "start of engagement": "start-of-engagement", "on defeat": "on-defeat",
    "suffer damage": "suffer-damage", "after": "after", "activation": "activation",
    "always": "always"}
ZONE_WORDS: dict[str, AbilityZone] = {"in hand": "hand", "in play": "play",
                                      "in inventory": "inventory"}
_DICE_VERBS: dict[str, DiceVerb] = {"recover": "recover", "return": "return",
                                     "exhaust": "exhaust", "reroll": "reroll"}
_STAT_WORDS: dict[str, Stat] = {"health": "health", "strategy": "strategy",
                                "recovery": "recovery"}
_SCOPES: dict[str, Scope] = {"round": "round", "pass": "pass"}
_DICE_ZONES: dict[str, DiceZone] = {"pool": "pool", "exhausted": "exhausted",
                                    "active": "active", "any": "any"}
VERBS = ("gain", "lose", "draw", "discard", "strike", "apply", "cannot", "crits", "basic",
         "recover", "return", "exhaust", "reroll", "banish", "prevent", "activate", "add",
         "deal", "nothing", "if")
_N = r"([0-9]+)"
_NAME = r'"((?:[^"\\]|\\.)*)"'


class EffectError(Exception):
    """An effect text that cannot be read: ``hint`` suggests the fix."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


def _n(text: str) -> int:
    """A number of an effect or condition, through tgc's one reader (ASCII digits, at
    most one amount's maximum)."""
    try:
        return read_int(text, "a number", high=MAX_AMOUNT)
    except LimitError as err:
        raise EffectError(str(err), f"write a number from 0 to {MAX_AMOUNT}") from None


def _suggest(word: str, words: Sequence[str], what: str) -> EffectError:
    close = get_close_matches(word, list(words), n=1)
    hint = f"did you mean `{close[0]}`?" if close else f"{what} is one of {', '.join(words)}"
    return EffectError(f"unknown {what} `{word}`", hint)


class EffectParser:
    """Reads effect texts against one deck's colours."""

    def __init__(self, colours: Sequence[str]) -> None:
        self.colours = tuple(colours)
        self._forms: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]], ...] = (
            (re.compile(rf"(gain|lose) {_N} (\w+)"), self._stat),
            (re.compile(rf"draw {_N}"), lambda m: Draw(count=_n(m[1]))),
            (re.compile(rf"discard {_N}"), lambda m: Discard(count=_n(m[1]))),
            (re.compile(r"strike again"), lambda m: StrikeAgain()),
            (re.compile(r"apply (\w+) this (round|pass)"), self._unlock),
            (re.compile(r"cannot apply (\w+)(?: dice)? to this enemy"),
             lambda m: Forbid(colour=self._colour(m[1]))),
            (re.compile(rf"(crits|basic hits) deal {_N}(?: damage)?(?: to this enemy)?"),
             lambda m: FaceDamage(face="crit" if m[1] == "crits" else "basic",
                                  amount=_n(m[2]))),
            (re.compile(rf"(recover|return|exhaust|reroll) {_N} (?:dice|die)"),
             lambda m: MoveDice(verb=_DICE_VERBS[m[1]], count=_n(m[2]))),
            (re.compile(r"banish 1 die(?: (\w+))?(?: from (?:the )?(pool|exhausted|active|any))?"),
             self._banish),
            (re.compile(rf"prevent {_N} damage"), lambda m: Prevent(amount=_n(m[1]))),
            (re.compile(rf"gain upgraded (?:{_NAME}|(any))"),
             lambda m: GainUpgraded(card=m[1] if m[2] is None else None)),
            (re.compile(rf"activate {_N} (?:enemy|enemies)"), lambda m: Activate(count=_n(m[1]))),
            (re.compile(rf"add {_N} to (?:the )?menhir stack"),
             lambda m: FeedMenhir(count=_n(m[1]))),
            (re.compile(rf"deal {_N} damage to this enemy"), lambda m: DealDamage(amount=_n(m[1]))),
            (re.compile(r"nothing"), lambda m: Nothing()),
        )

    # ------------------------------------------------------------ lists and abilities

    def effects(self, text: str) -> tuple[Effect, ...]:
        """``EFFECT; EFFECT; ...``."""
        parts = [p.strip() for p in text.split(";")]
        if not text.strip() or any(not p for p in parts):
            raise EffectError("an empty effect", "write `nothing` for an effect that does nothing")
        return tuple(self.effect(p) for p in parts)

    def ability(self, text: str, default_zone: AbilityZone) -> Ability:
        """``[in hand|in play|in inventory,] TRIGGER: [you may] EFFECTS``."""
        rest, zone = text.strip(), default_zone
        for words, value in ZONE_WORDS.items():
            if rest.lower().startswith(words):
                zone, rest = value, rest[len(words):].lstrip(" ,")
                break
        trigger, rest = self.trigger(rest)
        return self._ability(trigger, zone, rest, text)

    def timed(self, text: str, zone: AbilityZone, default: Trigger | None) -> Ability:
        """An ability whose trigger may be left out (``default``), as an ongoing item's."""
        head = text.split(":", 1)[0].strip().lower()
        if head in TRIGGER_WORDS or default is None:
            trigger, rest = self.trigger(text)
        else:
            trigger, rest = default, text
        return self._ability(trigger, zone, rest, text)

    def trigger(self, text: str) -> tuple[Trigger, str]:
        head, colon, rest = text.partition(":")
        word = head.strip().lower()
        if not colon or word not in TRIGGER_WORDS:
            raise _suggest(word or text.strip(), list(TRIGGER_WORDS), "trigger")
        return TRIGGER_WORDS[word], rest

    def _ability(self, trigger: Trigger, zone: AbilityZone, rest: str, text: str) -> Ability:
        rest = rest.strip()
        optional = rest.lower().startswith("you may ")
        if optional:
            rest = rest[len("you may "):]
        return Ability(trigger=trigger, zone=zone, effects=self.effects(rest),
                       optional=optional, text=text.strip())

    # ------------------------------------------------------------ one effect

    def effect(self, text: str) -> Effect:
        text = " ".join(text.split())
        low = text.lower()
        if low.startswith("if "):
            head, colon, rest = text[3:].partition(":")
            if not colon or not rest.strip():
                raise EffectError(f"`{text}` needs `: EFFECT` after its condition",
                                  "write `if dial green: draw 1`")
            return When(condition=self.condition(head.strip()), then=self.effect(rest))
        # Names in quotes keep their case; everything else is read lower-case.
        for pattern, build in self._forms:
            m = pattern.fullmatch(low) if '"' not in text else pattern.fullmatch(text)
            if m is not None:
                return build(m)
        verb = low.split(" ", 1)[0]
        if verb not in VERBS:
            raise _suggest(verb, VERBS, "effect")
        raise EffectError(f"cannot read the effect `{text}`",
                          "see docs/rules.md, \"20 Strong\", for the effect forms")

    def condition(self, text: str) -> Condition:
        low = " ".join(text.lower().split())
        if m := re.fullmatch(r"dial (\w+)", low):
            return DialIs(colour=self._known_colour(m[1]))
        if low == "defeated":
            return Defeated()
        if low == "endgame":
            return InEndgame()
        if m := re.fullmatch(rf"health <= {_N}", low):
            return HealthAtMost(value=_n(m[1]))
        if m := re.fullmatch(rf"items >= {_N}", low):
            return ItemsAtLeast(value=_n(m[1]))
        raise EffectError(f"unknown condition `{text}`",
                          "a condition is `dial COLOUR`, `defeated`, `health <= N`, "
                          "`items >= N` or `endgame`")

    # ------------------------------------------------------------ pieces

    def _stat(self, m: re.Match[str]) -> Effect:
        stat = m[3]
        if stat not in STATS:
            raise _suggest(stat, STATS, "stat")
        amount = _n(m[2])
        return StatChange(stat=_STAT_WORDS[stat], amount=amount if m[1] == "gain" else -amount)

    def _unlock(self, m: re.Match[str]) -> Effect:
        return Unlock(colour=self._colour(m[1]), scope=_SCOPES[m[2]])

    def _banish(self, m: re.Match[str]) -> Effect:
        return BanishDie(colour=self._colour(m[1]) if m[1] else None,
                         zone=_DICE_ZONES[m[2] or "any"])

    def _colour(self, word: str) -> str | None:
        return None if word == "any" else self._known_colour(word)

    def _known_colour(self, word: str) -> str:
        if word not in self.colours:
            raise _suggest(word, (*self.colours, "any"), "colour")
        return word
