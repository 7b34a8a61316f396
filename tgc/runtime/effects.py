"""Runtime stage, changes: an effect and the game state in, the state changed and a line
saying what happened out, with the party rules of the rulebook (docs/runtime.md):

- survival tracks (health, energy, terror) change for each member unless ``shared``;
- resource rewards are shared (split as evenly as possible, the remainder going to
  members in party order) unless ``each``; a resource ``lose``/``pay`` without ``each``
  is one amount taken from the party, the richest member first;
- ``pay`` takes what there is, down to 0; under ``each``, a member who cannot pay in full
  pays what they have and drops out of the exploration (unless no one could pay).

Rolls, tosses and encounters change control flow and are run by ``story.py``.
"""

from __future__ import annotations

from typing import assert_never

from tgc.bundle import schema as s
from tgc.lexicon import tr, trn
from tgc.runtime.book import Book, StoryError
from tgc.runtime.state import DIAL_MAX, Character, GameState


def apply_effect(effect: s.Effect, state: GameState, book: Book, pick: str | None = None,
                 told: bool = True) -> str:
    """Apply ``effect``; ``pick`` names the item the reader chose for a keyword item
    change. Returns what happened, for the reader; ``told=False`` (the explorer's scratch
    state, which no one reads) spares an amount's text, each member's change formatted
    and translated, the dearest part of applying it."""
    match effect:
        case s.Amount():
            return apply_amount(effect, state, book, pick, told)
        case s.Mark():
            return apply_mark(effect, state, book, pick)
        case s.SecretChange():
            return apply_secret(effect, state, book, pick)
        case s.ItemChange():
            return apply_item(effect, state, book, pick)
        case s.AttributeChange():
            return apply_attribute(effect, state, book, pick)
        case s.Task():
            return apply_task(effect, state, book, pick)
        case s.Note():
            return apply_note(effect, state, book, pick)
        case s.LocationChange():
            return apply_location(effect, state, book, pick)
        case s.ReplaceLocation():
            return apply_replace(effect, state, book, pick)
        case s.SetDial():
            return apply_set_dial(effect, state, book, pick)
        case s.AdvanceDial():
            return apply_advance_dial(effect, state, book, pick)
        case s.TimeToken():
            return apply_time_token(effect, state, book, pick)
        case s.Phrase():
            return apply_phrase(effect, state, book, pick)
        case s.Encounter() | s.Roll() | s.Toss():
            raise StoryError(f"'{effect.kind}' is run by the story, not applied as an effect")
        case _:
            assert_never(effect)


def _get(member: Character, what: str) -> int:
    return member.get(what)


def _set(member: Character, what: str, value: int) -> None:
    if what in member.tracks:
        member.set_track(what, value)
    else:
        member.resources[what] = max(0, value)


def split(amount: int, count: int) -> list[int]:
    """``amount`` in ``count`` shares as even as possible, larger shares first."""
    base, extra = divmod(amount, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def apply_amount(effect: s.Amount, state: GameState, book: Book, pick: str | None, told: bool = True) -> str:
    what, amount = effect.what, effect.amount
    tracks = state.vocabulary.tracks
    if what not in tracks and what not in state.vocabulary.resources:
        raise StoryError(f"cannot {effect.kind} '{what}': not a resource or a survival track")
    members = state.active
    mode = effect.party or ("each" if what in tracks else "shared")
    before = [_get(m, what) for m in members]
    if effect.kind == "gain":
        shares = [amount] * len(members) if mode == "each" else split(amount, len(members))
        for member, share in zip(members, shares, strict=True):
            _set(member, what, _get(member, what) + share)
    elif mode == "each":
        _lose_each(effect, state, members)
    elif what in tracks:
        for member, share in zip(members, split(amount, len(members)), strict=True):
            _set(member, what, _get(member, what) - share)
    else:
        _take_from_party(members, what, amount)
    return _amount_text(effect, mode, members, before) if told else ""


def _lose_each(effect: s.Amount, state: GameState, members: list[Character]) -> None:
    short = [m.name for m in members if _get(m, effect.what) < effect.amount]
    for member in members:
        _set(member, effect.what, _get(member, effect.what) - effect.amount)
    if effect.kind == "pay" and short and len(short) < len(members):
        state.dropped.update(short)


def _take_from_party(members: list[Character], what: str, amount: int) -> None:
    for _ in range(amount):
        richest = max(members, key=lambda m: _get(m, what))
        if _get(richest, what) == 0:
            return
        _set(richest, what, _get(richest, what) - 1)


def _amount_text(effect: s.Amount, mode: str, members: list[Character], before: list[int]) -> str:
    changes = ", ".join(f"{m.name} {b}->{_get(m, effect.what)}" for m, b in zip(members, before, strict=True))
    values = {"amount": effect.amount, "what": effect.what, "changes": changes}
    match (effect.kind, mode):
        case ("gain", "each"):
            return tr("gain {amount} {what} (each: {changes})", **values)
        case ("gain", "shared"):
            return tr("gain {amount} {what} (shared: {changes})", **values)
        case ("lose", "each"):
            return tr("lose {amount} {what} (each: {changes})", **values)
        case ("lose", "shared"):
            return tr("lose {amount} {what} (shared: {changes})", **values)
        case ("pay", "each"):
            return tr("pay {amount} {what} (each: {changes})", **values)
    return tr("pay {amount} {what} (shared: {changes})", **values)


def apply_mark(effect: s.Mark, state: GameState, book: Book, pick: str | None) -> str:
    status = book.status(effect.status)
    marked = state.statuses.setdefault(effect.status, set())
    name = f'"{effect.status}"'
    if effect.low is not None:
        if status.shape != "parts":
            raise StoryError(f"status {name} is a {status.shape}: it has no part numbers")
        high = effect.high if effect.high is not None else effect.low
        parts = set(range(effect.low, high + 1))
        if max(parts) > status.size:
            raise StoryError(f"status {name} has {status.size} parts, not {max(parts)}")
        if effect.kind == "mark":
            marked |= parts
        else:
            marked -= parts
        span = f"{effect.low}" + (f"-{high}" if high != effect.low else "")
        if effect.kind == "mark":
            return tr("mark {status} {parts}", status=name, parts=span)
        return tr("unmark {status} {parts}", status=name, parts=span)
    if status.shape == "parts":
        raise StoryError(f"status {name} has parts: {effect.kind} needs a part number")
    if effect.kind == "mark":
        if len(marked) < status.size:
            marked.add(len(marked) + 1)
    elif marked:
        marked.discard(max(marked))
    if status.shape == "boxes":
        if effect.kind == "mark":
            return trn("mark {status} ({ticked} of {n} box ticked)",
                       "mark {status} ({ticked} of {n} boxes ticked)", status.size, status=name,
                       ticked=len(marked))
        return trn("unmark {status} ({ticked} of {n} box ticked)",
                   "unmark {status} ({ticked} of {n} boxes ticked)", status.size, status=name,
                   ticked=len(marked))
    return tr("mark {status}", status=name) if effect.kind == "mark" else tr("unmark {status}", status=name)


def apply_secret(effect: s.SecretChange, state: GameState, book: Book, pick: str | None) -> str:
    if effect.kind == "gain-secret":
        state.gain_secret(effect.number)
        return tr("gain secret {number}", number=effect.number)
    state.lose_secret(effect.number)
    return tr("lose secret {number}", number=effect.number)


def item_options(effect: s.ItemChange, state: GameState, book: Book) -> list[str]:
    """The items a keyword item change may mean: declared items with the keyword (gain;
    ``[keyword]`` when none is declared) or held items with it (lose). Named: itself."""
    if not effect.keyword:
        return [effect.item]
    if effect.kind == "gain-item":
        declared = book.items_with(effect.item)
        if state.vocabulary.item_deck:  # the cards in play are not in the deck
            declared = [i for i in declared if i not in state.items and i not in state.out_of_deck]
        return declared or [f"[{effect.item}]"]
    held = [i for i in state.items if effect.item in book.keywords(i)]
    return list(dict.fromkeys(held))


def apply_item(effect: s.ItemChange, state: GameState, book: Book, pick: str | None) -> str:
    options = item_options(effect, state, book)
    if pick is None:
        if len(options) > 1:
            raise StoryError(f"'{effect.kind} {effect.item}' needs the reader to pick an item")
        pick = options[0] if options else None
    elif pick not in options:
        raise StoryError(f"'{pick}' is not one of {options}")
    if pick is None:
        return tr("lose item {keyword} (none held)", keyword=effect.item)
    if effect.kind == "gain-item":
        receiver = state.give(pick)
        return tr('gain item "{item}"', item=pick) + _by(receiver, state, "carries")
    carrier = state.take(pick)
    if carrier is not None:
        return tr('lose item "{item}"', item=pick) + _by(carrier, state, "carried")
    return tr('lose item "{item}" (not held)', item=pick)


def _by(member: Character, state: GameState, verb: str) -> str:
    """Who carries an item, said only in a party (alone, it is obvious)."""
    if len(state.party) < 2:
        return ""
    if verb == "carries":
        return tr(" ({name} carries it)", name=member.name)
    return tr(" ({name} carried it)", name=member.name)


def apply_attribute(effect: s.AttributeChange, state: GameState, book: Book, pick: str | None) -> str:
    if effect.attribute not in state.vocabulary.attributes:
        raise StoryError(f"'{effect.attribute}' is not an attribute")
    sign = 1 if effect.kind == "raise" else -1
    for member in state.active:
        value = member.attributes.get(effect.attribute, 0) + sign * effect.amount
        member.attributes[effect.attribute] = max(0, value)
    if effect.kind == "raise":
        return tr("raise {attribute} {amount} (each)", attribute=effect.attribute, amount=effect.amount)
    return tr("lower {attribute} {amount} (each)", attribute=effect.attribute, amount=effect.amount)


def apply_task(effect: s.Task, state: GameState, book: Book, pick: str | None) -> str:
    if effect.text not in state.tasks:
        state.tasks.append(effect.text)
    return tr('task "{text}"', text=effect.text)


def apply_note(effect: s.Note, state: GameState, book: Book, pick: str | None) -> str:
    return tr("note: {text}", text=effect.text)


def apply_location(effect: s.LocationChange, state: GameState, book: Book, pick: str | None) -> str:
    number = effect.location
    if effect.kind == "remove-location":
        state.in_play.discard(number)
        state.removed.add(number)
        return tr("remove location {number}", number=number)
    state.in_play.add(number)
    state.removed.discard(number)
    if effect.kind == "reveal-location":
        return tr("reveal location {number}", number=number)
    state.location = number
    location = book.locations.get(number)
    for neighbour in location.keys.values() if location is not None else ():
        if neighbour not in state.removed:
            state.in_play.add(neighbour)
    return tr("move to {number}", number=number)


def apply_replace(effect: s.ReplaceLocation, state: GameState, book: Book, pick: str | None) -> str:
    state.in_play.discard(effect.old)
    state.removed.add(effect.old)
    state.in_play.add(effect.new)
    state.removed.discard(effect.new)
    state.replaced[effect.old] = effect.new
    if state.location == effect.old:
        state.location = effect.new
    return tr("replace location {old} with {new}", old=effect.old, new=effect.new)


def apply_set_dial(effect: s.SetDial, state: GameState, book: Book, pick: str | None) -> str:
    state.dials[effect.dial] = max(0, min(DIAL_MAX, effect.value))
    return tr('set dial "{dial}" to {value}', dial=effect.dial, value=state.dials[effect.dial])


def apply_advance_dial(effect: s.AdvanceDial, state: GameState, book: Book, pick: str | None) -> str:
    state.dials[effect.dial] = min(DIAL_MAX, state.dials.get(effect.dial, 0) + 1)
    return tr('advance dial "{dial}" (now {value})', dial=effect.dial, value=state.dials[effect.dial])


def apply_time_token(effect: s.TimeToken, state: GameState, book: Book, pick: str | None) -> str:
    if effect.kind == "place-time-token":
        state.time_tokens += 1
        return tr("place time token ({count} placed)", count=state.time_tokens)
    state.time_tokens = max(0, state.time_tokens - 1)
    return tr("remove time token ({count} placed)", count=state.time_tokens)


def apply_phrase(effect: s.Phrase, state: GameState, book: Book, pick: str | None) -> str:
    """A ruleset's own effect changes nothing here: the story reports it (EffectApplied)
    and the layer that owns the phrase (a campaign layer) acts on the report."""
    words = [effect.phrase]
    if effect.numbers:
        words.append(", ".join(map(str, effect.numbers)))
    if effect.name is not None:
        words.append(f'"{effect.name}"')
    if effect.at is not None:
        words.append(f"at {effect.at}")
    return " ".join(words)

