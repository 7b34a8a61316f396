"""A ruleset's words live in its folder: outside the rulesets' folders
(``tgc/rulesets/NAME/``), no code of ``tgc/`` (names and string literals; docstrings and
comments are prose about the language, whose examples are Tainted Grail's) holds a
Tainted Grail vocabulary word or the string ``tainted-grail``. The words come from the
ruleset's own declaration, so a word it gains is guarded at once.

Modules still to be moved into the ruleset are listed in ``PENDING`` with the reason; the
test fails when one of them is clean (take it off the list) as much as when any other
module names a word."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from tgc.rulesets.tainted_grail.spec import SPEC

ROOT = Path(__file__).resolve().parents[1] / "tgc"
RULESETS = ROOT / "rulesets"
# Deck colours are also the terminal renderer's colour names (rich styles).
COLOURS = {"gray", "green", "purple", "blue"}
# Core words that Tainted Grail shares with the language itself (LANGUAGE.md).
CORE = {"explore", "instant", "players", "day", "win", "lose", "avoid"}

# Modules still to move into a ruleset's folder (none left: issue 8).
PENDING: dict[str, str] = {}


def words() -> set[str]:
    v = SPEC.vocabulary
    found = {*v.attributes, *v.resources, *v.tracks, *v.item_keywords, *v.decks, *v.seals,
             *v.hooks, *v.icons}
    return (found - COLOURS - CORE) | {"diplomacy", SPEC.name}


def offending(path: Path, pattern: re.Pattern[str]) -> list[str]:
    out: list[str] = []
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
    for i, token in enumerate(tokens):
        before = tokens[i - 1].type if i else tokenize.NEWLINE
        docstring = (token.type == tokenize.STRING and token.string.startswith('"""')
                     and before in (tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE, tokenize.NL))
        if token.type in (tokenize.NAME, tokenize.STRING) and not docstring:
            out += [f"{token.start[0]}: {m}" for m in pattern.findall(token.string)]
    return out


def test_no_module_outside_the_ruleset_names_its_words() -> None:
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(words()))) + r")(?![\w-])")
    found: dict[str, list[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        if RULESETS in path.parents and path.parent != RULESETS:
            continue  # a ruleset's own folder: its words (20 Strong has health and menhirs too)
        hits = offending(path, pattern)
        if hits:
            found[path.relative_to(ROOT).as_posix()] = hits
    assert {name: hits for name, hits in found.items() if name not in PENDING} == {}
    assert sorted(name for name in PENDING if name not in found) == []
