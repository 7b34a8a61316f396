"""Runtime stage, the rulesets' engines: a Book and how fights should be played in, the
campaign ruleset's runtime face out (tgc/rulesets/spec.py names it by path, so the
runtime loads an engine only when a story is about to be played)."""

from __future__ import annotations

from tgc import rulesets
from tgc.runtime.book import Book
from tgc.runtime.ruleset import Ruleset, SessionCommands

# How `tgc play --fights` may ask fights to be played: by hand, asked of the reader, by the
# ruleset's default policy, or by one of its policies (every registered ruleset's names).
MODES = ("hand", "ask", "auto")


def fight_modes() -> tuple[str, ...]:
    names: dict[str, None] = dict.fromkeys(MODES)
    for name in rulesets.names():
        names.update(dict.fromkeys(rulesets.get(name).policies))
    return tuple(names)


def ruleset_for(book: Book, mode: str) -> Ruleset | None:
    """The engine that plays this book's encounters in ``mode``; None: the reader (or the
    script) settles every encounter."""
    module = rulesets.get(book.bundle.campaign.ruleset).load("engines")
    if module is None:
        return None
    ruleset: Ruleset | None = module.make_ruleset(book, mode)
    return ruleset


def commands_for(book: Book) -> SessionCommands | None:
    """The play-session commands of this book's ruleset (its engines' ``make_commands``),
    whatever the fight mode; None when it has none."""
    module = rulesets.get(book.bundle.campaign.ruleset).load("engines")
    make = getattr(module, "make_commands", None) if module is not None else None
    if make is None:
        return None
    commands: SessionCommands | None = make(book)
    return commands
