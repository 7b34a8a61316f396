"""The ways out's count of a verse's readings without input (tgc/explore/ways.py): a verse
two triggers name may be read three times in one run, which the interpreter calls a loop
when the state is the same as the time before; a resource gained there before anything
can leave it, and lowered by no line, makes every reading differ, so there is no loop
(gen 100 seed 2's bos.6, docs/performance.md). The whole search is the judge."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.runtime_helpers import book_of
from tgc.explore.explorer import Explorer
from tgc.runtime import Book, new_state

TWICE_NAMED = """
@status "Lonely Wound"
  when marked -> 101.6

@status "Ashen Lantern"
  when marked -> 101.6

@location 101 "Moor"
  explore -> 101.1

== 101.1
The wind turns.
~ mark "Lonely Wound"
~ mark "Ashen Lantern"
-> 6

== 101.6
A shepherd shares what she has.
~ gain 2 food
-> end
"""


def _judged(book: Book) -> tuple[str | None, set[str], set[str]]:
    """(the loop the ways out name, the whole search's loops, the verses it reaches)."""
    limits = Explorer(book, new_state(book.bundle), max_states=1).limits()
    assert limits is not None and limits[0].sure
    whole = Explorer(book, new_state(book.bundle), max_states=10_000, settle=False).run()
    assert whole.complete
    return limits[1].loop, set(whole.loops), set(whole.reached)


def test_a_gain_on_every_reading_is_no_loop(tmp_path: Path) -> None:
    loop, loops, reached = _judged(book_of(tmp_path, TWICE_NAMED))
    assert loop is None and not loops
    assert "101.6" in reached


@pytest.mark.parametrize("gain", [
    pytest.param("", id="nothing gained"),
    pytest.param("~ gain 2 food\n~ lose 2 food\n", id="gained and lost"),
    pytest.param("~ gain 2 food\n~ pay 2 food\n", id="gained and paid"),
    pytest.param("~ gain 2 energy\n", id="a track at its cap"),
])
def test_a_reading_that_leaves_the_state_as_it_was_is_a_loop(gain: str, tmp_path: Path) -> None:
    loop, loops, _ = _judged(book_of(tmp_path, TWICE_NAMED.replace("~ gain 2 food\n", gain)))
    assert "101.6" in loops  # the third reading finds the state of the second
    assert loop == "101.6"


def test_a_line_that_may_lower_the_gain_keeps_the_count(tmp_path: Path) -> None:
    """The ways out read no condition: a loss anywhere might undo the gain."""
    text = TWICE_NAMED.replace("-> end\n", "~ if food > 3: lose 3 food\n-> end\n")
    loop, loops, _ = _judged(book_of(tmp_path, text))
    assert not loops  # 2, then 4 less 3 is 1: every reading differs
    assert loop == "101.6"
