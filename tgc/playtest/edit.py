"""Play session, the state by hand: a GameState in, the rows of the ``:state`` panel out;
and the ``:set`` / ``:unset`` commands (words already split) applied to it, checked
against the campaign so that a typo is a message, never a silently wrong state.
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches

from tgc.limits import MAX_NUMBER, as_number, is_number
from tgc.rulesets.spec import Vocabulary
from tgc.runtime.book import Book
from tgc.runtime.state import DIAL_MAX, Chapter, Character, GameState

_SET_HELP = """\
:set status NAME [PARTS]   mark parts (3, 1-3, 1,4, all); a boxes status: how many ticked; a flag: no PARTS
:set secret N | item NAME | visited VERSE | task TEXT
:set dial NAME N | day N | chapter 3A | players N | tokens N | location N
{numbers}:unset status NAME [PARTS] | secret N | item NAME | visited VERSE | task TEXT | dial NAME"""


def set_help(words: Vocabulary) -> str:
    """``:help set``, with the campaign ruleset's own words as examples."""
    examples = words.example_numbers or (words.attributes + words.resources + words.tracks)[:3]
    numbers = (f":set [MEMBER] {'|'.join(examples)}|... N   an attribute, resource or track "
               "(every member, or MEMBER)\n") if examples else ""
    return _SET_HELP.format(numbers=numbers)


class EditError(Exception):
    """A ``:set`` that does not fit the campaign; the state is unchanged."""


# ---------------------------------------------------------------- the panel


def state_rows(state: GameState, book: Book) -> list[tuple[str, str]]:
    """``(label, value)`` rows; a label indented by two spaces belongs to the row above."""
    rows: list[tuple[str, str]] = []
    words = state.vocabulary
    for member in state.party:
        out = " (out of this exploration)" if member.name in state.dropped else ""
        rows.append((member.name + out, ", ".join(
            f"{t} {member.tracks[t]}/{member.limits[t]}" for t in words.tracks)))
        if words.attributes:
            rows.append(("  attributes", ", ".join(f"{a} {member.attributes[a]}" for a in words.attributes)))
        if words.resources:
            rows.append(("  resources", ", ".join(f"{r} {member.resources[r]}" for r in words.resources)))
    rows.append(("statuses", "; ".join(_status_text(name, parts, book)
                                       for name, parts in sorted(state.statuses.items()) if parts)
                 or "none"))
    titles = {s.number: s.title for s in book.bundle.secrets}
    rows.append(("secrets", ", ".join(_secret_text(n, titles, state) for n in sorted(state.secrets))
                 or "none"))
    rows.append(("items", items_text(state)))
    if state.dials:
        rows.append(("dials", ", ".join(f"{k} {v}" for k, v in sorted(state.dials.items()))))
    if state.tasks:
        rows.append(("tasks", "; ".join(state.tasks)))
    where = "none"
    if state.location is not None:
        loc = book.locations.get(state.location)
        where = f"{state.location} {loc.title}" if loc is not None else str(state.location)
    rows.append(("location", where))
    rows.append(("day", f"{state.day}, chapter {state.chapter}, time tokens {state.time_tokens}, "
                        f"players {state.player_count}"))
    if state.removed:
        rows.append(("removed locations", ", ".join(map(str, sorted(state.removed)))))
    rows.append(("visited", f"{len(state.visited)} verse(s)"))
    if state.answers:
        rows.append(("answers", "; ".join(f"{q} {'yes' if a else 'no'}" for q, a in state.answers.items())))
    return rows


def _status_text(name: str, parts: set[int], book: Book) -> str:
    status = book.statuses.get(name)
    if status is None or status.shape == "parts":
        size = f" of {status.size}" if status is not None else ""
        return f'"{name}" {", ".join(map(str, sorted(parts)))}{size}'
    if status.shape == "boxes":
        return f'"{name}" {len(parts)} of {status.size} boxes'
    return f'"{name}"'


# ---------------------------------------------------------------- :set and :unset


def edit_state(state: GameState, book: Book, words: list[str], *, unset: bool = False) -> str:
    """Apply one ``:set`` (or ``:unset``) and say what the state now holds."""
    if not words:
        raise EditError("what should change? " + _usage(unset))
    member = _member(state, words[0]) if len(words) > 2 else None
    if member is not None:
        words = words[1:]
    head, args = words[0].casefold(), words[1:]
    if head in state.vocabulary.facts:
        return _set_fact(state, member, head, args, unset)
    if head in state.vocabulary.numbers and head not in state.vocabulary.counters:
        if unset:
            raise EditError(f"write ':set {head} N' to change {head}")
        return _set_value(state, [member] if member else state.party, head, _arg(args, 0, "a number"))
    if member is not None and head != "item":
        raise EditError(f"only an item, an attribute, a resource or a track belongs to {member.name}")
    if head == "item":
        return _item(state, book, args, unset, member)
    handler = _HANDLERS.get(head)
    if handler is None:
        raise EditError(f"cannot {'un' if unset else ''}set '{words[0]}'{_did_you_mean(head, state)}; "
                        + _usage(unset))
    return handler(state, book, args, unset)


def _usage(unset: bool) -> str:
    return "see ':help set'" if not unset else "':unset status NAME [PARTS]', 'secret N', 'item NAME' ..."


def _did_you_mean(word: str, state: GameState) -> str:
    words = state.vocabulary
    names = [*words.attributes, *words.resources, *words.tracks, *_HANDLERS]
    close = get_close_matches(word, names, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _member(state: GameState, word: str) -> Character | None:
    wanted = word.casefold()
    return next((c for c in state.party if c.name.casefold() == wanted), None)


def _arg(args: list[str], index: int, what: str) -> str:
    if index >= len(args):
        raise EditError(f"missing {what}")
    return args[index]


def _number(text: str, what: str = "a number", low: int = 0, high: int | None = None) -> int:
    value = as_number(text, low=-MAX_NUMBER, signed=True)
    if value is None:
        limit = f" (a whole number up to {MAX_NUMBER})" if is_number(text.removeprefix("-")) else ""
        raise EditError(f"expected {what}{limit}, not '{text[:40]}'")
    if value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        raise EditError(f"{what} must be {span}, not {value}")
    return value


def _set_value(state: GameState, members: list[Character], name: str, text: str) -> str:
    value = _number(text, name)
    for member in members:
        if name in member.tracks:
            member.set_track(name, value)
        elif name in member.vocabulary.attributes:
            member.attributes[name] = value
        else:
            member.resources[name] = value
    now = ", ".join(f"{m.name} {_value(m, name)}" for m in members)
    return f"{name}: {now}"


def _set_fact(state: GameState, member: Character | None, name: str, args: list[str], unset: bool) -> str:
    """A campaign layer's fact (Tainted Grail's ``menhir``): the game's, not a member's;
    what a campaign layer would have set (a witness of ``tgc explore`` sets it so)."""
    if member is not None:
        raise EditError(f"{name} belongs to the game, not to {member.name}: write ':set {name} N'")
    if unset:
        raise EditError(f"write ':set {name} N' to change {name}")
    state.facts[name] = _number(_arg(args, 0, "a number"), name)
    return f"{name}: {state.facts[name]}"


def _value(member: Character, name: str) -> int:
    if name in member.tracks:
        return member.tracks[name]
    return member.attributes[name] if name in member.vocabulary.attributes else member.resources[name]


def _status(state: GameState, book: Book, args: list[str], unset: bool) -> str:
    name = _arg(args, 0, "a status name")
    status = book.statuses.get(name)
    if status is None:
        close = get_close_matches(name, list(book.statuses), n=1, cutoff=0.6)
        hint = f' (did you mean "{close[0]}"?)' if close else ""
        raise EditError(f'the campaign declares no status "{name}"{hint}')
    spec = args[1] if len(args) > 1 else None
    marked = set(state.marked(name))
    if spec in ("none", "off") or (unset and spec is None):
        marked = set()
    elif status.shape == "boxes":
        if spec is None:
            marked = set(range(1, min(len(marked) + 1, status.size) + 1))
        elif unset:
            raise EditError(f'"{name}" has boxes: write \':set status "{name}" N\' for N ticked')
        else:
            marked = set(range(1, _number(spec, "the number of ticked boxes", 0, status.size) + 1))
    elif status.shape == "flag":
        if spec not in (None, "on"):
            raise EditError(f'"{name}" is a flag: it has no parts')
        marked = set() if unset else {1}
    else:
        if spec is None:
            raise EditError(f'"{name}" has {status.size} parts: write which (3, 1-3, 1,4 or all)')
        parts = _parts(spec, status.size)
        marked = marked - parts if unset else marked | parts
    state.statuses[name] = marked
    return "status " + (_status_text(name, marked, book) if marked else f'"{name}" unmarked')


def _parts(spec: str, size: int) -> set[int]:
    if spec == "all":
        return set(range(1, size + 1))
    parts: set[int] = set()
    for piece in spec.split(","):
        low, _, high = piece.partition("-")
        first = _number(low, "a part number", 1, size)
        last = _number(high, "a part number", 1, size) if high else first
        parts |= set(range(first, last + 1))
    return parts


def _secret(state: GameState, book: Book, args: list[str], unset: bool) -> str:
    number = _number(_arg(args, 0, "a secret number"), "a secret number")
    if number not in book.secret_numbers and not unset:
        raise EditError(f"the campaign declares no secret {number}")
    if unset:
        state.lose_secret(number)
    else:
        state.gain_secret(number)
    return f"secret {number}: {'not held' if unset else 'held'}"


def _secret_text(number: int, titles: dict[int, str], state: GameState) -> str:
    """A held secret, with its holder when the party has more than one member."""
    text = f"{number} {titles.get(number, '')}".rstrip()
    holder = state.secret_holder(number)
    return f"{text} ({holder.name})" if len(state.party) > 1 and holder is not None else text


def items_text(state: GameState) -> str:
    """The party's items; in a party, each with the member who carries it."""
    if len(state.party) == 1:
        return ", ".join(state.items) or "none"
    return ", ".join(f"{item} ({c.name})" for c in state.party for item in c.items) or "none"


def _item(state: GameState, book: Book, args: list[str], unset: bool,
          member: Character | None = None) -> str:
    name = _arg(args, 0, "an item name")
    if unset:
        holder = member if member is not None else state.carrier(name)
        if holder is None or name not in holder.items:
            raise EditError(f'{holder.name if holder else "the party"} holds no "{name}"')
        holder.items.remove(name)
    else:
        known = list(book.item_keywords)
        if name not in known and not (name.startswith("[") and name.endswith("]")):
            close = get_close_matches(name, known, n=1, cutoff=0.6)
            keyword = (book.vocabulary.item_keywords or ("KEYWORD",))[0]
            hint = f' (did you mean "{close[0]}"?)' if close else f" (write [{keyword}] for an unnamed one)"
            raise EditError(f'the campaign declares no item "{name}"{hint}')
        state.give(name, member)
    return f"items: {items_text(state)}"


def give_item(state: GameState, words: list[str], book: Book | None = None,
              standing: dict[str, int] | None = None) -> str:
    """``:give ITEM to MEMBER`` or ``:give secret N to MEMBER``: a trade between members on
    the same location (``standing`` says where each member stands in a campaign played by
    its days; otherwise the whole party is on one location); the item or secret leaves the
    first member who holds it, or ``from MEMBER``. A secret bound to its holder (the
    ruleset's ``bound_secret_keyword``) never changes hands."""
    if len(words) < 3 or "to" not in [w.casefold() for w in words[1:]]:
        raise EditError("write ':give ITEM to MEMBER' (or ':give ITEM from MEMBER to MEMBER', "
                        "':give secret N to MEMBER')")
    lowered = [w.casefold() for w in words]
    to = len(lowered) - 1 - lowered[::-1].index("to")
    head, target = words[:to], words[to + 1:]
    giver: Character | None = None
    if len(head) >= 3 and head[-2].casefold() == "from":
        giver, head = _named_member(state, head[-1]), head[:-2]
    receiver = _named_member(state, " ".join(target))
    if len(head) == 2 and head[0].casefold() == "secret" and book is not None:
        return _give_secret(state, book, _number(head[1], "a secret number"), giver, receiver, standing)
    item = " ".join(head)
    giver = giver if giver is not None else state.carrier(item)
    if giver is None:
        raise EditError(f'nobody in the party carries "{item}"')
    if item not in giver.items:
        raise EditError(f'{giver.name} carries no "{item}"')
    if giver is receiver:
        raise EditError(f'{receiver.name} already carries "{item}"')
    _same_card(giver, receiver, standing)
    giver.items.remove(item)
    receiver.items.append(item)
    return f'{giver.name} gives "{item}" to {receiver.name}; items: {items_text(state)}'


def _give_secret(state: GameState, book: Book, number: int, giver: Character | None,
                 receiver: Character, standing: dict[str, int] | None) -> str:
    holder = state.secret_holder(number)
    if holder is None or (giver is not None and giver is not holder):
        if giver is None:
            raise EditError(f"nobody in the party holds secret {number}")
        raise EditError(f"{giver.name} holds no secret {number}")
    if holder is receiver:
        raise EditError(f"{receiver.name} already holds secret {number}")
    if book.bound_secret(number):
        raise EditError(f"secret {number} is {book.vocabulary.bound_secret_keyword}: it never "
                        f"changes hands ({holder.name} keeps it)")
    _same_card(holder, receiver, standing)
    holder.secrets.discard(number)
    receiver.secrets.add(number)
    return f"{holder.name} gives secret {number} to {receiver.name}"


def _same_card(giver: Character, receiver: Character, standing: dict[str, int] | None) -> None:
    """A trade happens between members standing on one location."""
    if standing is None:
        return
    here, there = standing.get(giver.name), standing.get(receiver.name)
    if here != there:
        raise EditError(f"{giver.name} stands on {here} and {receiver.name} on {there}: "
                        "a trade is between characters on the same location")


def _named_member(state: GameState, name: str) -> Character:
    member = _member(state, name)
    if member is None:
        names = [c.name for c in state.party]
        close = get_close_matches(name, names, n=1, cutoff=0.6)
        hint = f' (did you mean "{close[0]}"?)' if close else f" (the party: {', '.join(names)})"
        raise EditError(f'no member "{name}" in the party{hint}')
    return member


def _dial(state: GameState, book: Book, args: list[str], unset: bool) -> str:
    name = _arg(args, 0, "a dial name")
    value = 0 if unset else _number(_arg(args, 1, "the dial's value"), "a dial value", 0, DIAL_MAX)
    state.dials[name] = value
    return f'dial "{name}": {value}'


def _visited(state: GameState, book: Book, args: list[str], unset: bool) -> str:
    verse = _arg(args, 0, "a verse id")
    if verse not in book.verses:
        raise EditError(f"the campaign has no verse {verse}")
    (state.visited.discard if unset else state.visited.add)(verse)
    return f"{verse}: {'not ' if unset else ''}visited"


def _task(state: GameState, book: Book, args: list[str], unset: bool) -> str:
    text = " ".join(args)
    if not text:
        raise EditError("missing the task's text")
    if unset:
        if text not in state.tasks:
            raise EditError(f'no task "{text}"')
        state.tasks.remove(text)
    elif text not in state.tasks:
        state.tasks.append(text)
    return f"tasks: {'; '.join(state.tasks) or 'none'}"


def _counter(state: GameState, book: Book, args: list[str], unset: bool, name: str) -> str:
    if unset:
        raise EditError(f"write ':set {name} N' to change {name}")
    text = _arg(args, 0, "a value")
    if name == "chapter":
        try:
            state.chapter = Chapter.parse(text)
        except ValueError as err:
            raise EditError(str(err)) from None
        return f"chapter {state.chapter}"
    if name == "location":
        number = _number(text, "a location number")
        if number not in book.locations:
            raise EditError(f"the campaign has no location {number}")
        state.location = number
        return f"location {number} {book.locations[number].title}"
    low = 1 if name in ("day", "players") else 0
    value = _number(text, name, low)
    if name == "day":
        state.day = value
    elif name == "players":
        state.players = value
    else:
        state.time_tokens = value
    return f"{name} {value}"


def _counter_handler(name: str) -> Handler:
    def handler(state: GameState, book: Book, args: list[str], unset: bool) -> str:
        return _counter(state, book, args, unset, name)
    return handler


Handler = Callable[[GameState, Book, list[str], bool], str]
_HANDLERS: dict[str, Handler] = {
    "status": _status, "secret": _secret, "item": _item, "dial": _dial, "visited": _visited,
    "task": _task, **{name: _counter_handler(name) for name in ("day", "chapter", "players", "tokens",
                                                                  "location")},
}
