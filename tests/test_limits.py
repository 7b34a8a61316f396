"""Regression cases of what fuzzing found (issue 18, points 1-4): deep nesting, numbers of
thousands of digits, digits that are not ASCII and an exponential pattern, in every kind
of file tgc reads. Each case crashed or hung before; now each is a plain diagnostic."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from tests.test_session import Play
from tgc.bundle.io import BundleError, parse_bundle
from tgc.diagnostics.config import load_config
from tgc.limits import MAX_NESTING, LimitError, as_number, is_number, json_depth, load_json, read_int
from tgc.pipeline import check, load_campaign
from tgc.playtest.session import SessionError
from tgc.playtest.transcript import ScriptError, parse_transcript
from tgc.runtime.book import Book
from tgc.runtime.save import SaveError, parse_save
from tgc.source import SourceFile
from tgc.syntax.parser import parse_source

REPO = Path(__file__).resolve().parents[1]
BUNDLE = REPO / "tests" / "cases" / "campaigns" / "sample.bundle.json"
HUGE = "9" * 5000  # past the interpreter's 4,300-digit limit of int()
DEEP = "[" * 5000 + "]" * 5000


# ---------------------------------------------------------------- the one reader


@pytest.mark.parametrize("text", ["²", "①", "١٢", "1²", "", "-1", "+1", " 1", "1_0"])
def test_only_ascii_digits_are_a_number(text: str) -> None:
    assert not is_number(text)
    assert as_number(text) is None
    with pytest.raises(LimitError):
        read_int(text, "a count")


def test_a_number_is_measured_before_it_is_converted() -> None:
    with pytest.raises(LimitError, match="at most 100 \\(it has 5000 digits\\)"):
        read_int(HUGE, "a count", high=100)
    assert as_number(HUGE) is None
    assert read_int("-12", "a seed", low=-99, signed=True) == -12


def test_json_is_measured_before_it_is_parsed() -> None:
    assert json_depth('{"a": "[[[[", "b": [[1]]}') == 3
    assert json_depth(DEEP) == MAX_NESTING + 1
    with pytest.raises(LimitError, match="nests"):
        load_json(DEEP)
    with pytest.raises(LimitError, match="5000 digits"):
        load_json(f'{{"a": {HUGE}}}')
    with pytest.raises(LimitError, match="NaN"):
        load_json('{"a": NaN}')


# ---------------------------------------------------------------- every file kind


def _bundle_with(old: str, new: str) -> str:
    text = BUNDLE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("text", [
    DEEP,
    '{"kind": "tgc-bundle", "format": ' + HUGE + "}",
    _bundle_with('"format":3', '"format":3,"x":' + HUGE),
    _bundle_with('"format":3', '"format":3,"x":' + "[" * 3000 + "]" * 3000),
])
def test_a_hostile_bundle_is_a_bundle_error(text: str) -> None:
    with pytest.raises(BundleError, match="x.json: not"):
        parse_bundle(text, "x.json")


@pytest.mark.parametrize("text", [
    DEEP,
    '{"kind": "tgc-save", "format": ' + HUGE + "}",
    '{"kind": "tgc-save", "format": 1, "state": {"day": ' + HUGE + "}}",
])
def test_a_hostile_save_is_a_save_error(text: str) -> None:
    book = Book(load_campaign(REPO / "tests" / "cases" / "play" / "tiny"))
    with pytest.raises(SaveError, match="s.json: not"):
        parse_save(text, book, "s.json")


@pytest.mark.parametrize("text", [
    "[severity]\nx = " + "[" * 3000 + "]" * 3000 + "\n",
    "[severity]\nx = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "[severity]\nx = " + HUGE + "\n",
])
def test_a_hostile_config_is_tgc902(tmp_path: Path, text: str) -> None:
    (tmp_path / "tgc.toml").write_text(text, encoding="utf-8")
    config, diagnostics = load_config(tmp_path)
    assert [d.code for d in diagnostics] == ["TGC902"]
    assert not config.severities


def test_a_hostile_lock_is_tgc130_and_a_superscript_verse_is_a_name(tmp_path: Path) -> None:
    (tmp_path / "c.tgj").write_text("==s.²", encoding="utf-8")
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    (tmp_path / "tgc.lock").write_text(f"format = 1\n[s]\nverses.a = {HUGE}\nretired = [{HUGE}]\n",
                                       encoding="utf-8")
    result = check(tmp_path)
    codes = [d.code for d in result.diagnostics]
    assert "TGC999" not in codes
    assert codes.count("TGC130") == 2


def test_a_hostile_transcript_header_is_a_script_error() -> None:
    with pytest.raises(ScriptError, match="the seed is a whole number"):
        parse_transcript(f"# tgc transcript\n# seed: {HUGE}\n", "t.transcript")
    with pytest.raises(ScriptError, match="the seed is a whole number"):
        parse_transcript("# tgc transcript\n# seed: ²\n", "t.transcript")


@pytest.mark.parametrize(("command", "message"), [
    ("²", "the story waits for a choice"),
    ("①", "the story waits for a choice"),
    (HUGE, "there is no choice"),
    (":enter ²", "write ':enter LOCATION"),
    (f":act {HUGE}", "write ':act LOCATION"),
    (f":day {HUGE}", "write ':day'"),
    (":seed ²", "write ':seed N'"),
    (f":set courage {HUGE}", "a whole number up to"),
    (f":set chapter {HUGE}", "not a chapter id"),
])
def test_play_input_that_is_no_ascii_number_is_a_message(tmp_path: Path, command: str,
                                                         message: str) -> None:
    game = Play(tmp_path)
    game.session.start()
    game.session.handle("no")
    with pytest.raises(SessionError) as caught:
        game.session.handle(command)
    assert message in str(caught.value)


# ---------------------------------------------------------------- patterns stay linear


def _seconds(parse: object, text: str) -> float:
    """The CPU time of the best of three: other processes (the suite's other workers, a
    busy machine) take wall time, not this process's CPU time."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        parse(text)  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def _linear(use: object, unit: str, wrap: object = str) -> bool:
    """Whether 16 times the text costs at most 80 times the time (linear is 16, quadratic
    256): measured twice before it counts, as the machine may be busy."""
    for _ in range(2):
        short = _seconds(use, wrap(unit * 40))  # type: ignore[operator]
        long = _seconds(use, wrap(unit * 640))  # type: ignore[operator]
        if long < 80 * max(short, 1e-3):
            return True
    return False


def _journal(line: str) -> str:
    return '@campaign "T"\n  start: 101\n== 101.1\n' + line + "\n-> end\n"


# Adversarial lines: strings that never close, strings without `->`, runs of quotes,
# escapes and comment markers, the shapes that make a backtracking pattern explode.
ADVERSARIAL = [
    '* "a" ',
    '"a" ',
    '* "',
    '\\"',
    '* {status "a" ',
    "* a // ",
    '@status "a',
    "~ if not (",
    "  keys: up 1, ",
    "  text: \"a\" ",
]


@pytest.mark.parametrize("unit", ADVERSARIAL)
def test_parsing_time_grows_linearly_with_the_line(unit: str) -> None:
    """Every pattern that meets user text must be linear: the choice-text pattern took 21 s
    on `* "a"` 18 times. Time is compared between two lengths of the same line (never
    against a clock), with room for noise (see _linear), up to the longest line the
    parser reads (tgc.limits.MAX_LINE)."""
    def parse(text: str) -> None:
        parse_source(SourceFile.from_text("x.tgj", text))

    parse(_journal(unit))  # warm the grammar up
    assert _linear(parse, unit, wrap=_journal)


def _module_patterns() -> list[tuple[re.Pattern[str], bool]]:
    """Every compiled pattern of every tgc module, and whether the module searches with it
    (``search``, ``findall``, ``finditer``, ``sub``: tried from every position) rather than
    matching it at one place."""
    import importlib
    import inspect
    import pkgutil

    import tgc

    found: list[tuple[re.Pattern[str], bool]] = []
    for info in pkgutil.walk_packages(tgc.__path__, "tgc."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        source = inspect.getsource(module)
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                searched = re.search(rf"\b{re.escape(name)}\.(search|findall|finditer|sub|subn|split)\(",
                                     source) is not None
                found.append((value, searched))
    return found


def test_every_regex_of_tgc_is_linear_on_the_adversarial_lines() -> None:
    """Each pattern over adversarial text of two lengths, used as its module uses it: a
    pattern that backtracks without bound shows at once."""
    patterns = _module_patterns()
    assert len(patterns) > 50
    slow = []
    for pattern, searched in patterns:
        for unit in ADVERSARIAL:
            def use(text: str, pattern: re.Pattern[str] = pattern, searched: bool = searched) -> None:
                pattern.match(text)
                if searched:
                    pattern.findall(text)
            if not _linear(use, unit):
                slow.append((pattern.pattern, unit))
    assert not slow


def test_a_structural_line_has_a_maximum_length() -> None:
    text = _journal("~ if " + "secret 4 and " * 1000 + "secret 5 -> end")
    parsed, diagnostics = parse_source(SourceFile.from_text("x.tgj", text))
    assert [(d.code, d.message) for d in diagnostics] == [
        ("TGC001", "this line is longer than 10000 characters")]
    prose = _journal("A long paragraph. " * 2000)
    assert parse_source(SourceFile.from_text("x.tgj", prose))[1] == []


def test_quoted_choice_text_keeps_its_meaning() -> None:
    """The quote rule changed (a `"` is a string when one closes after it, else a plain
    character), not what any choice means."""
    text = ('@campaign "T"\n  start: 101\n== 101.1\n'
            '* Say "stay // here" and "go -> there" -> end\n* Say "hi -> 2\n')
    parsed, diagnostics = parse_source(SourceFile.from_text("x.tgj", text))
    assert diagnostics == []
    body = json.dumps(repr(parsed))
    assert 'Say \\"stay // here\\" and \\"go -> there\\"' in body
    assert 'Say \\"hi' in body


# ---------------------------------------------------------------- rule data


@pytest.mark.parametrize(("prop", "detail"), [
    ("  combat: 1U-999999999U\n", "names more than 1000 cards"),
    ("  combat: 1U-" + HUGE + "U\n", "is not a card number or range"),
])
def test_a_card_range_has_a_maximum(prop: str, detail: str) -> None:
    from tests.tg_helpers import load_text

    sample = (REPO / "journal_src" / "rules" / "characters.tgj").read_text(encoding="utf-8")
    beor = sample[sample.index('@character "Beor"'):]
    beor = beor[:beor.index("\n\n") + 1].replace("  combat: 1U-15U\n", prop)
    problems = load_text(beor)[1]
    assert any(detail in str(p.args) for p in problems), problems


@pytest.mark.parametrize("slots", ["red 99999999999999999999, gray 1, green 3",
                                   "red 101, gray 1, green 3", "red ², gray 1, green 3"])
def test_an_affinity_track_has_a_maximum(slots: str) -> None:
    from tests.tg_helpers import load_text

    problems = load_text(f'@encounter "D"\n  deck: blue\n  affinity: {slots}\n'
                         "  stage1:\n    empathy: move affinity up 2\n    2: nothing\n")[1]
    assert problems and all(p.code.startswith("TGC5") for p in problems), problems


@pytest.mark.parametrize("text", ["format = " + "[" * 3000 + "]" * 3000, "format = " + HUGE])
def test_a_hostile_translation_lock_is_a_diagnostic(text: str) -> None:
    from tgc.l10n.ids import parse_lock

    lock, diagnostics = parse_lock(SourceFile.from_text("tgc.l10n.lock", text))
    assert len(diagnostics) == 1 and "TOML" in diagnostics[0].message


_HUGE = "9" * 5000


@pytest.mark.parametrize(("example", "file", "old", "new"), [
    ("twenty_strong", "dice.tgj", "yellow: 4 dice, hits 2", f"yellow: {_HUGE} dice, hits 2"),
    ("twenty_strong", "dice.tgj", "yellow: 4 dice, hits 2", "yellow: 4 dice, hits ١"),
    ("twenty_strong", "dice.tgj", "sides: 6", f"sides: {_HUGE}"),
    ("grimslingers", "grimslingers.tgj", "resource: durability 10 max 10",
     f"resource: durability {_HUGE} max 10"),
    ("grimslingers", "grimslingers.tgj", "rest: gain 3 durability", "rest: gain ٣ durability"),
    ("grimslingers", "campaign.tgj", "pp: 2", f"pp: {_HUGE}"),
    ("grimslingers", "areas.tgj", '@area 3 "Saltpan Flats"', f'@area {_HUGE} "Saltpan Flats"'),
])
def test_a_ruleset_reads_its_numbers_through_the_one_reader(tmp_path: Path, example: str, file: str,
                                                            old: str, new: str) -> None:
    """The 20 Strong and Grimslingers declarations read numbers with tgc/limits.py: a
    5,000-digit count or an Arabic-Indic digit is a diagnostic, never TGC999."""
    import shutil

    folder = tmp_path / example
    shutil.copytree(Path(__file__).parents[1] / "examples" / example, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = check(folder)
    codes = {d.code for d in result.diagnostics if d.severity.name == "ERROR"}
    assert codes and "TGC999" not in codes, codes


@pytest.mark.parametrize("header", ["rank ²; seed 1", f"rank 1; seed {_HUGE}", "rank 9; seed 1"])
def test_a_hostile_twenty_strong_transcript_header_names_the_field(header: str) -> None:
    from tgc.rulesets.twenty_strong.engines.session import read_transcript

    with pytest.raises(ValueError, match="the transcript's (rank|seed)"):
        read_transcript(f"# tgc 20 Strong transcript: hero Ash; boss Wyrm; {header}\n> 1\n")


# ---------------------------------------------------------------- found by re-reading issue 18 (session 4)


def test_a_reference_of_thousands_of_digits_is_an_unknown_verse(tmp_path: Path) -> None:
    """The did-you-mean for `-> N` (a location, not a verse) converted the digits first."""
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    (tmp_path / "c.tgj").write_text('@campaign "T"\n  start: 101\n\n@location 101 "F"\n  explore -> 101.1\n\n'
                                    f"== 101.1\nGo.\n* On -> {HUGE}\n* Back -> ١٠١\n", encoding="utf-8")
    codes = [d.code for d in check(tmp_path).diagnostics]
    assert "TGC999" not in codes and "TGC101" in codes, codes


def test_a_grimslingers_area_numbered_with_a_superscript_is_a_diagnostic(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "grimslingers"
    shutil.copytree(REPO / "examples" / "grimslingers", folder)
    areas = folder / "areas.tgj"
    areas.write_text(areas.read_text(encoding="utf-8").replace('@area 3 "Saltpan', '@area ³ "Saltpan'),
                     encoding="utf-8")
    errors = [d.code for d in check(folder).diagnostics if d.severity.name == "ERROR"]
    assert errors and "TGC999" not in errors


@pytest.mark.parametrize("commit", ["yellow=²", f"yellow={HUGE}", "yellow=101"])
def test_odds_commit_takes_ascii_numbers_of_dice_only(commit: str) -> None:
    from click.testing import CliRunner

    from tgc.cli.main import cli

    result = CliRunner().invoke(cli, ["odds", str(REPO / "examples" / "twenty_strong"), "--hero",
                                      "Ysolde Hollowmere", "--enemy", "Violet Wisp", "--dial", "yellow",
                                      "--commit", commit, "--runs", "0"])
    assert result.exit_code == 2 and "--commit takes COLOUR=N" in result.output, result.output


def test_a_translation_id_with_a_huge_ordinal_is_tgc610() -> None:
    from tgc.l10n.ids import parse_lock

    text = (f'format = 1\n\n[units]\n"campaign#title" = "10d1fa2e6c2c"\n'
            f'"location.201#b{HUGE}" = "707409075230"\n')
    lock, diagnostics = parse_lock(SourceFile.from_text("tgc.l10n.lock", text))
    assert [d.code for d in diagnostics] == ["TGC610"] and diagnostics[0].span.line == 5
    assert "ordinal beyond 999999999" in diagnostics[0].message and not lock.units
