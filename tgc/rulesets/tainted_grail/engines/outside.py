"""Effects outside an encounter: a member's state, effects of the effect language that
need no encounter (the loader allows only these there: gains and losses of resources
and tracks, items and secrets) in; the state changed and a line per change out. An
Item's or a Skill's action (`:use`) and an attached card's ``attached`` rules use it."""

from __future__ import annotations

from collections.abc import Mapping

from tgc.rulesets.tainted_grail.records import Cond, Effect
from tgc.runtime.rng import Rng
from tgc.runtime.state import Character, GameState


def apply(member: Character, effects: tuple[Effect, ...],
          item_keywords: Mapping[str, tuple[str, ...]], state: GameState | None = None,
          rng: Rng | None = None) -> list[str]:
    """Each effect whose condition holds, in order; items and secrets need the ``state``
    (an item named by keyword is drawn with ``rng`` among the campaign's items)."""
    said = []
    for effect in effects:
        if effect.cond is not None and not holds(effect.cond, member, item_keywords):
            continue
        if effect.verb in ("gain", "lose", "pay") and effect.what:
            sign = 1 if effect.verb == "gain" else -1
            before = member.get(effect.what)
            if effect.what in member.tracks:
                member.set_track(effect.what, before + sign * effect.amount)
            else:
                member.resources[effect.what] = max(0, before + sign * effect.amount)
            said.append(f"{member.name}: {effect.text}")
        elif state is not None and effect.verb in ("gain_secret", "lose_secret"):
            if effect.verb == "gain_secret":
                state.gain_secret(effect.amount, member)
            else:
                state.lose_secret(effect.amount)
            said.append(f"{member.name}: {effect.text}")
        elif state is not None and effect.verb == "gain_item":
            item = _item(effect.what, item_keywords, state, rng)
            if item is not None:
                state.give(item, member)
                said.append(f"{member.name} gains {item}")
        elif effect.verb == "lose_item":
            lost = next((i for i in member.items
                         if effect.what == i or effect.what in item_keywords.get(i, ())), None)
            if lost is not None:
                member.items.remove(lost)
                said.append(f"{member.name} loses {lost}")
    return said


def _item(what: str, item_keywords: Mapping[str, tuple[str, ...]], state: GameState,
          rng: Rng | None) -> str | None:
    if what in item_keywords:
        return what
    choices = sorted(n for n, keywords in item_keywords.items() if what in keywords
                     and n not in state.items and n not in state.out_of_deck)
    if not choices:
        return None
    return rng.pick(choices) if rng is not None else choices[0]


def holds(cond: Cond, member: Character, item_keywords: Mapping[str, tuple[str, ...]]) -> bool:
    """A condition of the effect language on a member's state (what can be read outside
    an encounter: attributes, resources, tracks, an item carried, panic)."""
    if cond.kind == "panic":
        result = member.tracks.get("terror", 0) > member.tracks.get("health", 0)
    elif cond.kind == "item":
        result = any(cond.name == i or cond.name in item_keywords.get(i, ()) for i in member.items)
    elif cond.kind == "compare":
        value = member.attributes.get(cond.name, member.get(cond.name))
        result = _compare(value, cond.op, cond.value)
    else:
        result = False  # the loader keeps affinity out of effects outside encounters
    return result != cond.negate


def _compare(left: int, op: str, right: int) -> bool:
    return {">=": left >= right, ">": left > right, "<=": left <= right, "<": left < right,
            "==": left == right, "!=": left != right}[op]
