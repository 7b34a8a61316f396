"""The interpreter: a Bundle plus a Ruleset in, a playable Story out (see docs/runtime.md).
Imports nothing from the compiler, so a bundle file is all it needs."""

from tgc.runtime.book import Book, StoryError
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import AskingRuleset, RandomRuleset, Ruleset
from tgc.runtime.save import SaveError, load_save, write_save
from tgc.runtime.state import Character, GameState, new_state
from tgc.runtime.story import Cursor, InputError, Story

__all__ = [
    "AskingRuleset", "Book", "Character", "Cursor", "GameState", "InputError", "RandomRuleset",
    "Rng", "Ruleset", "SaveError", "Story", "StoryError", "load_save", "new_state", "write_save",
]
