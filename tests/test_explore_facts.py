"""`tgc explore` on a campaign layer's facts (Tainted Grail's ``menhir``, ``menhir_dial``):
no campaign layer runs during a search, so a fact may hold any value when an exploration
begins and again after a line the layer acts on; a witness sets it with ``:set``, and that
script replays in ``tgc play``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.runtime_helpers import book_of
from tgc.cli.main import cli
from tgc.explore.explorer import Exploration, explore
from tgc.explore.witness import witness
from tgc.runtime import Book, new_state

# 101.2 needs a lit menhir and 101.3 a dial of 3 or more: facts only the campaign layer
# sets. 102.2 reads the fact again after `activate menhir`, which may light it; 102.3 is
# read when it is lit from the start.
FACTS = """
@location 101 "Stone"
  seals: menhir
  explore -> 101.1

@location 102 "Tor"
  seals: menhir
  explore -> 102.1

== 101.1
~ if menhir >= 1 -> 2
* Wait -> end

== 101.2
The stone glows.
~ if menhir_dial >= 3 -> 3
-> end

== 101.3
The glow is strong.
-> end

== 102.1
~ if menhir >= 1 -> 3
~ activate menhir 6
~ if menhir >= 1 -> 2
-> end

== 102.2
The tor is lit at last.
-> end

== 102.3
The tor was lit already.
-> end
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("facts")
    book_of(where, FACTS)
    return where


@pytest.fixture(scope="module")
def book(folder: Path) -> Book:
    return book_of(folder, FACTS)


@pytest.fixture(scope="module")
def ex(book: Book) -> Exploration:
    return explore(book, new_state(book.bundle), max_states=2_000)


def test_a_fact_may_hold_any_value_when_an_exploration_begins(ex: Exploration) -> None:
    assert ex.complete
    assert {"101.2", "101.3", "102.3"} <= set(ex.reached)
    found = witness(ex, "101.3")  # replayed before it is returned
    assert found is not None and found.found, found
    assert ":set menhir 1" in found.inputs and any(x.startswith(":set menhir_dial ") for x in found.inputs)


def test_a_line_the_campaign_layer_acts_on_may_change_a_fact(ex: Exploration) -> None:
    """Read as 0 before ``activate menhir``, the fact may be 1 after it (the layer lights
    the stone), so 102.2 is reached, though no script of plain play can show it."""
    assert "102.2" in ex.reached


def test_a_witness_that_sets_a_fact_replays_in_tgc_play(ex: Exploration, folder: Path,
                                                        tmp_path: Path) -> None:
    found = witness(ex, "101.3")
    assert found is not None and found.found
    script = tmp_path / "witness.txt"
    script.write_text(found.script(), encoding="utf-8")
    played = CliRunner().invoke(cli, ["play", str(folder), "--at", "none", "--fights", "ask",
                                      "--script", str(script)])
    assert played.exit_code == 0, played.output
    assert "The glow is strong." in played.output


def test_a_fact_is_the_games_not_a_members(tmp_path: Path) -> None:
    from tgc.playtest.edit import EditError, edit_state

    book = book_of(tmp_path, FACTS)
    state = new_state(book.bundle)
    assert edit_state(state, book, ["menhir_dial", "4"]) == "menhir_dial: 4"
    assert state.facts["menhir_dial"] == 4 and all("menhir_dial" not in m.resources for m in state.party)
    with pytest.raises(EditError, match="belongs to the game"):
        edit_state(state, book, [state.party[0].name, "menhir", "1"])
