"""The effect language of abilities, attacks, responses, rewards and costs: text in,
``Effect`` tuples (or plain-word errors) out. Its resource words are the verses'
(``gain 2 wealth``, ``lose 1 health``, ``lose item weapon``); the rest is the
encounter vocabulary (markers, draws, affinity, charges)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from tgc.limits import MAX_AMOUNT, as_number, is_number
from tgc.rulesets.tainted_grail.records import (
    AFFINITY_COLOURS,
    ATTRIBUTES,
    RESOURCES,
    TRACKS,
    Cond,
    Effect,
)

AMOUNTS = RESOURCES + TRACKS
VERBS = ("gain", "lose", "pay", "damage", "draw", "discard", "destroy", "move", "prevent",
         "play", "run", "opportunity", "nothing", "if")
COMPARE_NAMES = ATTRIBUTES + AMOUNTS + ("pool", "affinity", "cards", "charges")
# Condition words that mean something only in one kind of encounter or on a card: the
# Combat Pool, the affinity track, the Charges on the card whose ability this is.
ONLY_IN = {"pool": "combat", "affinity": "diplomacy"}
CARD_ONLY = frozenset({"charges"})
_OPS = (">=", "<=", "==", "!=", ">", "<")
_COMPARE = re.compile(r"^([a-z]+)\s*(>=|<=|==|!=|>|<)\s*(-?[0-9]{1,9})$")
_PER = re.compile(r"^(.*?)\s+per\s+connected\s+([a-z]+)$")


class EffectError(ValueError):
    """A phrase that is not in the effect language; the message says what was expected."""


@lru_cache(maxsize=8192)
def parse_effects(text: str) -> tuple[Effect, ...]:
    """``lose 1 health; gain 1 marker per connected aggression`` -> two effects."""
    parts = [p.strip() for p in text.split(";")]
    if parts == [""]:
        return ()
    if any(not p for p in parts):
        raise EffectError("an empty effect between `;`")
    return tuple(parse_effect(p) for p in parts)


def parse_effect(text: str) -> Effect:
    words = text.strip()
    if words.startswith("if "):
        cond_text, sep, rest = words[3:].partition(":")
        if not sep or not rest.strip():
            raise EffectError(f"`{words}`: write `if CONDITION: EFFECT`")
        inner = _action(rest.strip())
        return Effect(inner.verb, inner.amount, inner.what, inner.per,
                      parse_cond(cond_text.strip()), words)
    return _action(words)


def parse_cond(text: str) -> Cond:
    words = text.split()
    if not words:
        raise EffectError("an empty condition")
    if words[0] == "not":
        inner = parse_cond(" ".join(words[1:]))
        return Cond(inner.kind, inner.name, inner.op, inner.value, not inner.negate)
    if words == ["panic"]:
        return Cond("panic")
    if words[0] == "affinity" and len(words) == 2 and words[1] in AFFINITY_COLOURS:
        return Cond("affinity", words[1])
    if words[0] == "item" and len(words) >= 2:
        return Cond("item", " ".join(words[1:]).strip('"'))
    match = _COMPARE.match(text.strip())
    if match and match.group(1) in COMPARE_NAMES:
        return Cond("compare", match.group(1), match.group(2), int(match.group(3)))
    raise EffectError(f"`{text}` is not a condition: use `affinity green`, `not ...`, "
                      "`panic`, `item weapon` or `NAME >= N` with an attribute, resource, "
                      "track, `pool`, `affinity` or `cards`")


def _action(text: str) -> Effect:
    per: str | None = None
    match = _PER.match(text)
    if match:
        text, per = match.group(1), match.group(2)
        if per not in ATTRIBUTES:
            raise EffectError(f"`per connected {per}`: `{per}` is not an attribute")
    words = text.split()
    verb = words[0] if words else ""
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise EffectError(f"`{text}` is not an effect: effects start with "
                          + ", ".join(f"`{v}`" for v in VERBS if v != "if"))
    effect = handler(words)
    if per is not None:
        if effect.verb not in ("gain", "lose", "damage", "draw", "move", "discard"):
            raise EffectError(f"`{text}` cannot be counted `per connected {per}`")
        return Effect(effect.verb, effect.amount, effect.what, per, None, text)
    return effect


def _int(word: str, text: str) -> int:
    number = as_number(word, high=MAX_AMOUNT)
    if number is None:
        raise EffectError(f"`{text[:60]}`: `{word[:20]}` is not a number up to {MAX_AMOUNT}")
    return number


def _amount(words: list[str]) -> Effect:
    """gain/lose/pay N WHAT, gain/lose item X."""
    text = " ".join(words)
    verb = words[0]
    if len(words) >= 3 and words[1] == "item" and verb in ("gain", "lose"):
        return Effect(f"{verb}_item", 1, " ".join(words[2:]).strip('"'), text=text)
    if len(words) == 3 and words[1] == "secret" and verb in ("gain", "lose") and is_number(words[2]):
        return Effect(f"{verb}_secret", _int(words[2], text), text=text)
    if len(words) != 3:
        raise EffectError(f"`{text}`: write `{verb} N WHAT`, e.g. `{verb} 1 health`")
    amount = _int(words[1], text)
    what = words[2]
    if what in ("marker", "markers") and verb != "pay":
        return Effect(verb, amount, "marker", text=text)
    if what in ("charge", "charges") and verb == "gain":
        return Effect("charge", amount, text=text)
    if what not in AMOUNTS:
        raise EffectError(f"`{text}`: `{what}` is not a resource, track, `marker` or `charge`")
    return Effect(verb, amount, what, text=text)


def _damage(words: list[str]) -> Effect:
    text = " ".join(words)
    if len(words) != 2:
        raise EffectError(f"`{text}`: write `damage N`")
    return Effect("damage", _int(words[1], text), text=text)


def _draw(words: list[str]) -> Effect:
    text = " ".join(words)
    if len(words) == 1:
        return Effect("draw", 1, text=text)
    if len(words) != 2:
        raise EffectError(f"`{text}`: write `draw N`")
    return Effect("draw", _int(words[1], text), text=text)


def _discard(words: list[str]) -> Effect:
    text = " ".join(words)
    if len(words) == 2:
        return Effect("discard", _int(words[1], text), text=text)
    if len(words) == 4 and words[2:] == ["from", "deck"]:
        return Effect("discard_deck", _int(words[1], text), text=text)
    raise EffectError(f"`{text}`: write `discard N` or `discard N from deck`")


def _destroy(words: list[str]) -> Effect:
    text = " ".join(words)
    if words[1:] != ["last", "card"]:
        raise EffectError(f"`{text}`: write `destroy last card`")
    return Effect("destroy_last", 1, text=text)


def _move(words: list[str]) -> Effect:
    text = " ".join(words)
    if len(words) in (3, 4) and words[1] == "affinity" and words[2] in ("up", "down"):
        amount = _int(words[3], text) if len(words) == 4 else 1
        return Effect("move", amount if words[2] == "up" else -amount, "affinity", text=text)
    raise EffectError(f"`{text}`: write `move affinity up N` or `move affinity down N`")


def _prevent(words: list[str]) -> Effect:
    text = " ".join(words)
    if len(words) == 3 and words[2] in ("damage", "terror", "affinity"):
        return Effect("prevent", _int(words[1], text), words[2], text=text)
    raise EffectError(f"`{text}`: write `prevent N damage`, `prevent N terror` or "
                      "`prevent N affinity`")


def _fixed(verb: str, phrase: list[str]) -> Callable[[list[str]], Effect]:
    def handler(words: list[str]) -> Effect:
        text = " ".join(words)
        if words != phrase:
            raise EffectError(f"`{text}`: write `{' '.join(phrase)}`")
        return Effect(verb, 1, text=text)
    return handler


_HANDLERS: dict[str, Callable[[list[str]], Effect]] = {
    "gain": _amount, "lose": _amount, "pay": _amount, "damage": _damage, "draw": _draw,
    "discard": _discard, "destroy": _destroy, "move": _move, "prevent": _prevent,
    "play": _fixed("play_connected", ["play", "as", "connected"]),
    "run": _fixed("run_away", ["run", "away"]),
    "opportunity": _fixed("opportunity", ["opportunity"]),
    "nothing": _fixed("nothing", ["nothing"]),
}


def misplaced_word(effects: tuple[Effect, ...], kind: str, on_card: bool) -> str | None:
    """Why a condition of ``effects`` can never be read where they are written (``kind``
    combat or diplomacy, on a card's ability or elsewhere), or None when all can."""
    for effect in effects:
        if effect.cond is not None:
            why = misplaced_cond(effect.cond, kind, on_card)
            if why is not None:
                return f"`{effect.text}`: {why}"
    return None


def misplaced_cond(cond: Cond, kind: str, on_card: bool) -> str | None:
    word = cond.name if cond.kind == "compare" else cond.kind
    home = ONLY_IN.get(word)
    if home is not None and home != kind:
        track = "a Combat Pool" if home == "combat" else "an affinity track"
        return f"`{word}` means nothing in a {kind} (only a {home} has {track})"
    if word in CARD_ONLY and not on_card:
        return f"`{word}` counts the Charges on a card; only a card's ability can test it"
    return None


def describe(effects: tuple[Effect, ...]) -> str:
    """The effects as written (for transcripts and the sim's text output)."""
    return "; ".join(e.text for e in effects) or "nothing"
