"""The checker and the explorer read one form of an effect (tgc.conditions.change): what a
line grants, removes, needs and overwrites is the footprint of that form, whether it was
lowered from the AST (the checker's usage tables) or read back from the bundle (the
explorer's abstraction). Over every check case and the sample: both lowerings of every
effect are the same change, and the campaign's model and the bundle's book declare the
same to its footprint, so the two stages cannot disagree on what an effect does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tgc.bundle.compile import CompileError, compile_bundle
from tgc.bundle.compile import _Compiler as Compiler  # one effect at a time, as the bundle writes it
from tgc.bundle.conditions import to_change
from tgc.bundle.lock import read_lock
from tgc.bundle.numbering import number_verses
from tgc.conditions import change as c
from tgc.pipeline import Job, run
from tgc.rulesets import UnknownRuleset
from tgc.runtime import Book
from tgc.semantics.facts import Vocabulary
from tgc.semantics.lower import lower_effect
from tgc.syntax import ast

ROOT = Path(__file__).parent.parent
CASES = Path(__file__).parent / "cases" / "check"
PATHS = [ROOT / "journal_src", *sorted([*CASES.glob("*.tgj"), *(p for p in CASES.iterdir() if p.is_dir())])]


def _effects(body: tuple[ast.Stmt, ...]) -> Iterator[ast.Effect]:
    for stmt in body:
        if isinstance(stmt, ast.EffectLine):
            yield stmt.effect


@pytest.mark.parametrize("case", PATHS, ids=lambda p: p.name)
def test_the_checker_and_the_explorer_read_one_footprint(case: Path, tmp_path: Path) -> None:
    campaign = run(Job(case, until="check")).campaign
    assert campaign is not None
    lock, _, _ = read_lock(tmp_path / "tgc.lock", "tgc.lock")
    numbering, _ = number_verses(campaign, lock)
    try:
        book = Book(compile_bundle(campaign, numbering, case))
    except (CompileError, UnknownRuleset):
        pytest.skip("a reference that does not resolve or an unknown ruleset: no bundle to read back")
    compiler = Compiler(campaign, numbering, case)
    vocabulary = Vocabulary(campaign)
    seen = 0
    for info in campaign.verses.values():
        bodies = [info.verse.body, *(block.body for block in info.blocks.values())]
        for effect in (e for body in bodies for e in _effects(body)):
            lowered = lower_effect(effect)
            read_back = to_change(compiler.effect(effect))
            if isinstance(effect, ast.Mark) and effect.parts is not None and effect.parts.any_count:
                # `mark "X" any 2` is an error the bundle cannot carry: only the checker sees it.
                assert isinstance(lowered, c.Mark) and lowered.any_count
                continue
            assert lowered == read_back, f"{effect.span}: {lowered} != {read_back}"
            if lowered is None:
                continue
            seen += 1
            checker, explorer = c.footprint(lowered, vocabulary), c.footprint(lowered, book)
            assert checker == explorer, f"{effect.span}: {checker} != {explorer}"
    if case.name == "journal_src":
        assert seen > 50  # the sample exercises the effects: the test is not vacuous


# A flag a trigger watches, marked again, fires nothing: the mark reads what the flag held.
# One it does not watch, or one cleared, is overwritten whatever it held.
FLAGS = """@campaign "Flags"
  ruleset: tainted-grail
  start: 101

@section bos "Book of Secrets"
@status "Song"
  when marked -> bos.song
@status "Quiet"

@location 101 "Mill"
  explore -> 101.1

== 101.1
~ mark "Song"
~ mark "Quiet"
~ unmark "Song"
* {status "Song"; status "Quiet"} Hum -> end
* Leave -> end

== bos.song
-> end
"""


def test_a_watched_flag_marked_again_is_no_overwrite(tmp_path: Path) -> None:
    (tmp_path / "c.tgj").write_text(FLAGS, encoding="utf-8")
    campaign = run(Job(tmp_path, until="check")).campaign
    assert campaign is not None
    lock, _, _ = read_lock(tmp_path / "tgc.lock", "tgc.lock")
    book = Book(compile_bundle(campaign, number_verses(campaign, lock)[0], tmp_path))
    for declared in (Vocabulary(campaign), book):
        song = c.footprint(c.Mark("Song", None, None, unmark=False), declared)
        assert (song.needs, song.assigns) == ((("status", "Song"),), ())
        quiet = c.footprint(c.Mark("Quiet", None, None, unmark=False), declared)
        assert (quiet.needs, quiet.assigns) == ((), (("status", "Quiet"),))
        cleared = c.footprint(c.Mark("Song", None, None, unmark=True), declared)
        assert (cleared.needs, cleared.assigns) == ((), (("status", "Song"),))
