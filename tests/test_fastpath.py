"""The fast path and the grammar agree: every line the fast path accepts gives exactly
the AST the grammar gives (same nodes, same spans), and whole files parse to the same
tree and diagnostics with ``fast=True`` and ``fast=False``. Lines come from hypothesis
strategies built from the language's own tokens, well-formed or nearly so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from tgc.source import SourceFile
from tgc.syntax.build import NumberOutOfRange
from tgc.syntax.dump import dump
from tgc.syntax.fastpath import fast_parse
from tgc.syntax.parser import _parser, _strip_comment, parse_source

# --------------------------------------------------------------- token strategies

WS = st.sampled_from([" ", " ", " ", "  ", "\t", ""])
NAMES = st.sampled_from(["forge", "a", "x_1", "Ωmega", "_b", "lose", "win", "menhir", "heads",
                         "end", "game", "over", "chapter", "not", "item", "status", "secret",
                         "any", "pay", "each", "food", "courage", "players", "²x", "and", "or",
                         "ask", "when", "full", "parts", "text", "kind", "keywords"])
NUMBERS = st.one_of(st.integers(0, 130).map(str), st.sampled_from(["02", "007", "٣", "1٣"]))
LOCALS = st.builds(lambda n, c: n + c, NUMBERS, st.sampled_from(["a", "z", "b", "A"]))
VERSE_PARTS = st.one_of(NUMBERS, LOCALS, NAMES)
VERSE_IDS = st.builds(lambda s, v: f"{s}.{v}", st.one_of(NUMBERS, NAMES, st.just("bos")), VERSE_PARTS)
TARGETS = st.one_of(
    VERSE_IDS, NUMBERS, LOCALS, NAMES, NAMES.map(lambda n: "." + n),
    st.sampled_from(["end", "end chapter", "end  chapter", "game over", "game", "end game",
                     "end\tchapter", "game  over", "."]),
)
STRINGS = st.sampled_from(['"Cold Pyre"', '"Rope"', '""', '"a \\" quote"', '"back\\\\slash"',
                           '"// not a comment"', '"Quest Dial 1"'])
CMPS = st.sampled_from([">=", "<=", "==", "!=", ">", "<"])
PARTS = st.one_of(NUMBERS, st.builds(lambda a, b: f"{a}-{b}", NUMBERS, NUMBERS))
COMMENTS = st.sampled_from(["", "", "", " // note", "  //", " // tgc: ignore[TGC101]", "//x"])


def _join(*parts: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Parts separated by random whitespace (sometimes none)."""
    gaps = st.lists(WS, min_size=len(parts) - 1, max_size=len(parts) - 1)
    return st.tuples(st.tuples(*parts), gaps).map(
        lambda t: t[0][0] + "".join(gap + part for gap, part in zip(t[1], t[0][1:], strict=True)))


def _words(*words: str) -> st.SearchStrategy[str]:
    return st.just(" ".join(words))


ATOMS = st.one_of(
    _join(_words("status"), STRINGS),
    _join(_words("status"), STRINGS, PARTS),
    _join(_words("status"), STRINGS, _words("any"), NUMBERS),
    _join(_words("secret"), NUMBERS),
    _join(_words("item"), st.one_of(STRINGS, NAMES)),
    _join(NAMES, CMPS, NUMBERS),
    _join(_words("dial"), STRINGS, CMPS, NUMBERS),
    _join(_words("character"), STRINGS),
    _join(_words("visited"), TARGETS),
    _join(_words("chapter"), st.sampled_from(["2", "3A", "7-2", "4B-4", "3a", "A"])),
    _join(_words("chapter"), CMPS, NUMBERS),
    _join(_words("ask"), STRINGS),
)
CONDITIONS = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        _join(_words("not"), inner),
        _join(st.sampled_from(["not", "not not"]), ATOMS),
        _join(inner, st.sampled_from(["and", "or"]), inner),
        _join(ATOMS, st.sampled_from(["and", "or"]), ATOMS, st.sampled_from(["and", "or"]), ATOMS),
        _join(_words("("), inner, _words(")")),
    ),
    max_leaves=4,
)
COSTS = _join(_words("pay"), NUMBERS, NAMES)
GUARDS = st.lists(st.one_of(CONDITIONS, COSTS), min_size=0, max_size=3).map(
    lambda items: "{" + ";".join(items) + "}")
CHOICE_TEXT = st.text(alphabet="abc XYZ{}:*->\\\"'.,!/_", min_size=0, max_size=16)
SIMPLE_EFFECTS = st.one_of(
    _join(st.sampled_from(["", "each", "shared"]), st.sampled_from(["gain", "lose", "pay"]),
          NUMBERS, NAMES),
    _join(st.sampled_from(["gain", "lose"]), st.sampled_from(["secret", "item"]),
          st.one_of(NUMBERS, STRINGS, NAMES)),
    _join(st.sampled_from(["mark", "unmark"]), STRINGS),
    _join(st.sampled_from(["mark", "unmark"]), STRINGS, PARTS),
    _join(st.sampled_from(["raise", "lower"]), NAMES, NUMBERS),
    _join(st.sampled_from(["task", "note", "encounter"]), STRINGS),
    _join(_words("replace location"), NUMBERS, _words("with"), NUMBERS),
    _join(st.sampled_from(["remove location", "reveal location", "move to"]), NUMBERS),
    _join(_words("set dial"), STRINGS, _words("to"), NUMBERS),
    _join(_words("advance dial"), STRINGS),
    st.sampled_from(["place time token", "remove time token", "encounter gray",
                     "encounter blue level 2"]),
)
ARMS = st.lists(_join(st.sampled_from(["1", "1-3", "4+", "win", "lose", "avoid", "heads", "tails"]),
                      _words("->"), TARGETS), min_size=1, max_size=3).map("; ".join)
EFFECTS = st.one_of(
    SIMPLE_EFFECTS,
    _join(_words("roll"), st.sampled_from(["d6", "2d6", "d12 + courage", "d6 - 1", "3d4+1"]),
          _words(":"), ARMS),
    _join(_words("toss:"), ARMS),
    _join(_words("encounter"), st.one_of(STRINGS, st.sampled_from(["gray", "blue level 2"])),
          _words(":"), ARMS),
)

DIVERTS = _join(_words("->"), TARGETS, COMMENTS)
CHOICES = st.one_of(
    _join(_words("*"), CHOICE_TEXT, _words("->"), TARGETS, COMMENTS),
    _join(_words("*"), GUARDS, CHOICE_TEXT, _words("->"), TARGETS, COMMENTS),
)
LOGIC = st.one_of(
    _join(_words("~"), EFFECTS, COMMENTS),
    _join(_words("~ if"), CONDITIONS, _words("->"), TARGETS, COMMENTS),
    _join(_words("~ if"), CONDITIONS, _words(":"), SIMPLE_EFFECTS, COMMENTS),
)
HEADERS = st.one_of(
    _join(_words("=="), VERSE_IDS, COMMENTS),
    _join(_words("="), NAMES, COMMENTS),
)
DECL_WORDS = st.sampled_from(["@location", "@secret", "@status", "@item", "@campaign", "@section",
                              "@locations", "@encounter"])
DECL_HEADERS = st.one_of(
    _join(DECL_WORDS, NUMBERS, COMMENTS),
    _join(DECL_WORDS, NUMBERS, STRINGS, COMMENTS),
    _join(DECL_WORDS, STRINGS, COMMENTS),
    _join(DECL_WORDS, STRINGS, st.sampled_from(["parts", "boxes", "part"]), NUMBERS, COMMENTS),
    _join(DECL_WORDS, st.one_of(STRINGS, NUMBERS, NAMES), st.one_of(STRINGS, NUMBERS, NAMES)),
)
TRIGGERS = st.one_of(
    st.sampled_from(["marked", "full", "marked parts", "fully"]),
    _join(st.sampled_from(["parts", "part", "any"]), PARTS),
    _join(_words("any"), NUMBERS, _words("parts")),
)
VALUES = st.text(alphabet='ab :->"\\{}\t1,.', min_size=0, max_size=12)
KEY_ENTRIES = st.lists(_join(st.sampled_from(["up", "down", "left", "right", "in"]), NUMBERS),
                       min_size=1, max_size=4).map(", ".join)
PROPS = st.one_of(
    _join(st.one_of(NAMES, st.sampled_from(["explore", "menhir", "action", "when", "keys"])),
          _words("->"), TARGETS, COMMENTS),
    _join(_words("keys:"), KEY_ENTRIES, COMMENTS),
    _join(_words("seals:"), st.lists(NAMES, min_size=1, max_size=3).map(", ".join), COMMENTS),
    _join(_words("when"), TRIGGERS, _words("->"), TARGETS, COMMENTS),
    _join(NAMES, _words(":"), VALUES, COMMENTS),
    _join(NAMES, st.sampled_from([":", " :", ":\t"]), VALUES),
    _join(st.sampled_from(["start", "legacy", "players", "player"]), st.sampled_from([":", " :", ":\t"]),
          st.one_of(PARTS, NAMES, st.sampled_from(["1 - 4", "2-", "-3", "1-2-3", "4+"])), COMMENTS),
)
LINES = st.one_of(
    PROPS.map(lambda line: ("prop", line)),
    DIVERTS.map(lambda line: ("divert", line)),
    CHOICES.map(lambda line: ("choice", line)),
    LOGIC.map(lambda line: ("logic", line)),
    HEADERS.map(lambda line: ("verse_header" if line.startswith("==") else "block_header", line)),
    DECL_HEADERS.map(lambda line: ("decl_header", line)),
)

# --------------------------------------------------------------- the properties


def _grammar(kind: str, line: str) -> Any:
    lark, builder = _parser()
    try:
        return lark.parse(line, start=kind)
    except UnexpectedInput:
        return None
    except NumberOutOfRange as err:  # a callback's own report: the fast path must give it too
        return ("out of range", err.message, err.span)


def _fast(kind: str, line: str) -> Any:
    _, builder = _parser()
    builder.file, builder.line, builder.offset = "x.tgj", 1, 0
    builder.line_end = len(_strip_comment(line)) + 1
    try:
        return fast_parse(kind, line, builder)
    except NumberOutOfRange as err:
        return ("out of range", err.message, err.span)


@settings(max_examples=300, deadline=None)
@given(LINES)
@example(("choice", '* {status "A" 2; pay 1 wealth} Go -> 3'))
@example(("choice", '* {item "Rope"; courage >= 2} Climb -> bos.1'))
@example(("logic", '~ if status "A" any 2 -> end'))
@example(("logic", "~ if secret 3: each gain 1 exp"))
@example(("logic", "~ roll 2d6: 2-6 -> .low; 7+ -> .high"))
@example(("prop", "explore -> 101.1"))
@example(("prop", "keys: up 102, left 103"))
@example(("prop", "seals: menhir, dreams"))
@example(("choice", "* Leave -> end"))
@example(("choice", "* {courage >= 2} Go -> 2a"))
@example(("divert", "-> end chapter"))
@example(("logic", "~ each gain 2 food"))
@example(("logic", '~ mark "Cold Pyre" 1-3'))
@example(("verse_header", "== 101.2a"))
@example(("choice", '* {not status "A"; status "B" any 2} Go -> 3'))
@example(("choice", '* {secret 3 and not item "Rope"; pay 1 wealth} Go -> 3'))
@example(("logic", '~ if ask "Help them?" or courage >= 2 -> .yes'))
@example(("logic", '~ if not secret 3 and status "A" 1-2: mark "B" 2'))
@example(("logic", '~ if secret 3 or secret 4 and secret 5 -> 7'))
@example(("logic", "~ roll d6 + courage - 1: 1-3 -> .low; 4+ -> .high"))
@example(("decl_header", '@location 101 "Farmhold"'))
@example(("decl_header", '@status "Cold Pyre" parts 4'))
@example(("decl_header", '@secret 3 "The ring"'))
@example(("prop", "when parts 2-3 -> bos.4"))
@example(("prop", "ability: attack: prevent 1 damage"))
@example(("prop", "players: 1-4"))
@example(("prop", "legacy: 1-4"))
@example(("prop", "start: 999999999999"))
@example(("decl_header", '@campaign "Bench"'))
@example(("decl_header", '@section bos "Book of Secrets"'))
@example(("decl_header", "@section end"))
def test_every_line_the_fast_path_accepts_parses_the_same(kind_line: tuple[str, str]) -> None:
    kind, line = kind_line
    fast = _fast(kind, line)
    if fast is not None:
        assert fast == _grammar(kind, line), line


@settings(max_examples=100, deadline=None)
@given(st.lists(LINES.map(lambda kl: kl[1]), min_size=1, max_size=6))
def test_files_parse_the_same_with_and_without_the_fast_path(lines: list[str]) -> None:
    source = SourceFile.from_text("x.tgj", "== 101.1\n" + "\n".join(lines) + "\n")
    fast_tree, fast_diags = parse_source(source, fast=True)
    slow_tree, slow_diags = parse_source(source, fast=False)
    assert dump(fast_tree) == dump(slow_tree)
    assert fast_diags == slow_diags


@pytest.mark.parametrize(("kind", "line"), [
    ("verse_header", "== 101.1"), ("verse_header", "== bos.ritual"), ("block_header", "= fail"),
    ("divert", "-> 2"), ("divert", "-> end"), ("divert", "-> .x"), ("divert", "-> bos.12"),
    ("choice", "* Leave -> end"), ("choice", "* {secret 12} Go -> 3"),
    ("choice", '* {status "A" any 2} Go -> 3'), ("choice", "* {pay 2 wealth} Buy -> 3"),
    ("logic", "~ gain 2 food"), ("logic", "~ shared lose 1 energy"), ("logic", '~ mark "A" 2'),
    ("logic", '~ gain item "Rope"'), ("logic", "~ lose item weapon"), ("logic", "~ gain secret 3"),
    ("choice", '* {not status "A"} Go -> 3'), ("choice", '* {not status "A"; status "B" any 2} Go -> 3'),
    ("choice", '* {secret 1 or secret 2} Go -> 3'), ("logic", '~ if ask "Fight?" -> .fight'),
    ("logic", '~ if not secret 3 and courage >= 2 -> 5'), ("logic", '~ if item "Rope": gain secret 4'),
    ("logic", "~ roll 2d6 + courage: 2-6 -> .low; 7+ -> .high"), ("logic", "~ roll d6 - 1: 1-6 -> 2"),
    ("decl_header", '@location 101 "Farmhold"'), ("decl_header", "@location 102"),
    ("decl_header", '@status "Cold Pyre"'), ("decl_header", '@status "Hunt" boxes 4'),
    ("decl_header", '@secret 12 "A name"'), ("decl_header", '@item "Rope"'),
    ("prop", "when full -> bos.3"), ("prop", "when any 2 parts -> 4"), ("prop", "kind: combat"),
    ("prop", "text:"), ("prop", "left: again, -, marker"),
    ("decl_header", '@campaign "The Tall Tale"'), ("decl_header", '@section bos "Book of Secrets"'),
    ("decl_header", "@section bos"), ("prop", "start: 101"), ("prop", "legacy: 2"),
    ("prop", "players: 1-4"), ("prop", "players: 2"),
])
def test_the_fast_path_takes_the_common_lines(kind: str, line: str) -> None:
    """The property above is empty if the fast path takes nothing: it takes these."""
    fast = _fast(kind, line)
    assert fast is not None
    assert fast == _grammar(kind, line)


# The driver's short ways (a blank line, a verse header, a choice, a logic line taken past
# the line dispatcher) must end every line as the long way does, around what turns them
# back: a suppression above or on the line, a comment, `**` prose, a number out of range,
# a line after the choices, a reserved name, a ruleset's phrase.
SHORT_WAY_FILES = [
    '== 101.1\nText.\n// tgc: ignore[TGC101]\n* Go -> 9\n* Stay -> end\n',
    '== 101.1\nText.\n* Go -> 2 // a note\n* {status "A" any 2} Wait -> end chapter\n',
    '== 101.1\n** not a choice\n* {secret 99999999999} Go -> 2\n* {pay 20000 wealth} Buy -> 3\n',
    '== 101.1\n~ mark "A" 1-99999999999\n~ mark "B" // tgc: ignore[TGC301]\n* Go -> 2\n~ mark "C"\n',
    '== end.1\n== 101.end\n== 101.2 // tgc: ignore[TGC203]\n\n\n== 101.3\n~ if status "A": mark "B"\n',
    '== 101.1\n~ activate menhir\n~ if secret 3: activate menhir\n* Go -> 2\n',
    '== 101.1\nText.\n\n// tgc: ignore[TGC203]\n\n== 101.2\n* {not status "A" and not status "B"} Go -> 1\n',
    '@status "A"\n* Go -> 2\n~ mark "A"\n== 101.1\n  indented: prose\n* Go -> .x\n= x\n* Back -> 101.1\n',
]


@pytest.mark.parametrize("text", SHORT_WAY_FILES)
def test_the_short_ways_end_every_line_as_the_long_way(text: str) -> None:
    source = SourceFile.from_text("x.tgj", text)
    fast_tree, fast_diags = parse_source(source, fast=True)
    slow_tree, slow_diags = parse_source(source, fast=False)
    assert dump(fast_tree) == dump(slow_tree)
    assert fast_tree == slow_tree
    assert fast_diags == slow_diags


def test_a_campaign_of_common_lines_never_loads_the_grammar(tmp_path: Path) -> None:
    """Lark and the grammar are loaded only for a line the fast path does not read (a
    tenth of a second of every cold check's start): a campaign of the commonest shapes,
    header and properties included, is parsed without them, and a line of another shape
    still reaches the grammar and its syntax error."""
    (tmp_path / "campaign.tgj").write_text(
        '@campaign "Short"\n  ruleset: tainted-grail\n  start: 100\n  players: 1-4\n\n'
        '@section bos "Book of Secrets"\n\n@status "Cold"\n\n'
        '== 100.1\nA road.\n~ mark "Cold"\n* {status "Cold"} On -> 2\n* Back -> end\n\n'
        "== 100.2\nThe end.\n-> end\n", encoding="utf-8")
    script = ("import json, sys\nfrom pathlib import Path\nfrom tgc.pipeline import Job, run\n"
              "result = run(Job(Path(sys.argv[1])))\n"
              "print(json.dumps([[d.code for d in result.diagnostics], 'lark' in sys.modules]))")
    check = [sys.executable, "-c", script, str(tmp_path)]
    codes, loaded = json.loads(subprocess.run(check, capture_output=True, text=True, check=True).stdout)
    assert "TGC001" not in codes and not loaded
    with (tmp_path / "campaign.tgj").open("a", encoding="utf-8") as file:
        file.write("* Away ->\n")
    more, loaded = json.loads(subprocess.run(check, capture_output=True, text=True, check=True).stdout)
    assert sorted(more) == sorted([*codes, "TGC001"]) and loaded
