"""Issue 18, points 5, 6, 7 and 8: a bundle or save that the schema accepts but that no
campaign could have compiled to (a choice to a missing verse, a part number of 2**64,
`parts 10000000000`, `dice = 2**64`) is refused with a message naming the field, never a
traceback; a loop that asks for no input is reported at once; one verse of thousands of
`~ if` lines builds its graph in linear memory."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from tgc.bundle.io import BundleError, parse_bundle
from tgc.pipeline import load_campaign, load_model
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.save import SaveError, parse_save
from tgc.runtime.state import new_state
from tgc.runtime.story import MAX_STEPS, Story
from tgc.semantics.graph import build_graph

REPO = Path(__file__).resolve().parents[1]
BUNDLE = REPO / "tests" / "cases" / "campaigns" / "sample.bundle.json"
BIG = "18446744073709551616"  # 2**64


def _bundle_with(old: str, new: str) -> str:
    text = BUNDLE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_the_sample_bundle_is_valid() -> None:
    parse_bundle(BUNDLE.read_text(encoding="utf-8"), "x.json")


@pytest.mark.parametrize(("old", "new", "field"), [
    ('"kind":"goto","verse":"bos.20"}', '"kind":"goto","verse":"999.1"}',
     r"\.target\.verse: no verse `999\.1`"),
    ('"block":"smith","kind":"goto"', '"block":"nowhere","kind":"goto"',
     r"\.block: verse `201\.forge` has no block"),
    ('"name":"Lantern Vigil","shape":"parts","size":6',
     '"name":"Lantern Vigil","shape":"parts","size":1000000',
     r"\$\.statuses\[\d+\]\.size: 1000000 is out of range \(1\.\.100\)"),
    ('"dice":2,"kind":"roll"', '"dice":100000,"kind":"roll"', r"\.dice: 100000 is out of range"),
    ('"kind":"mark","low":1,"status":"Pale Tide"}', '"kind":"mark","low":9,"status":"Pale Tide"}',
     r"\.low: 9 is out of range \(1\.\.8\)"),
    ('"kind":"mark","low":1,"status":"Pale Tide"}', '"kind":"mark","low":1,"status":"Pale Tid"}',
     r'\.status: no status "Pale Tid"'),
    ('"kind":"mark","low":1,"status":"Pale Tide"}', f'"kind":"mark","low":{BIG},"status":"Pale Tide"}}',
     "a number must be at most 999999999"),
    ('"players":{"max":4,"min":1}', '"players":{"max":100000000,"min":1}', r"\$\.campaign\.players\.max"),
    ('"start":201', '"start":999', r"\$\.campaign\.start: no location 999"),
])
def test_a_bundle_with_a_broken_reference_or_range_names_the_field(old: str, new: str, field: str) -> None:
    with pytest.raises(BundleError, match="x.json: not a valid bundle: " + r".*" + field):
        parse_bundle(_bundle_with(old, new), "x.json")


def test_tgc_play_of_a_broken_bundle_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tgc.cli.main import cli

    path = tmp_path / "x.bundle.json"
    path.write_text(_bundle_with('"kind":"goto","verse":"bos.20"}', '"kind":"goto","verse":"999.1"}'),
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(path), "--script", "/dev/null"])
    assert result.exit_code == 2, result.output
    assert "no verse `999.1`" in result.output
    assert "Traceback" not in result.output


@pytest.fixture(scope="module")
def tiny() -> Book:
    return Book(load_campaign(REPO / "tests" / "cases" / "play" / "tiny"))


def _save(state: str = "", position: str = "") -> str:
    return ('{"kind": "tgc-save", "format": 1, "state": {' + state + '}'
            + (', "position": {' + position + '}' if position else "") + "}")


@pytest.mark.parametrize(("state", "position", "field"), [
    ("", '"verse": "101.1", "queue": [{"kind": "goto", "verse": "999.1"}]',
     r"position\.queue\[0\]\.verse: no verse `999\.1`"),
    ('"visited": ["999.9"]', "", r"state\.visited: no verse `999\.9`"),
    ('"location": 999', "", r"state\.location: no location 999"),
    ('"removed": [998]', "", r"state\.removed: no location 998"),
    ('"day": 999999', "", r"state\.day: 999999 is out of range"),
    ('"party": [{"name": "Beor", "resources": {"food": 99999999}}]', "",
     r"state\.party\.Beor\.resources\.food: 99999999 is out of range"),
])
def test_a_save_with_a_broken_reference_or_range_names_the_field(tiny: Book, state: str, position: str,
                                                                field: str) -> None:
    with pytest.raises(SaveError, match="s.json: " + field):
        parse_save(_save(state, position), tiny, "s.json")


# ---------------------------------------------------------------- a loop without input

LOOP = """
@campaign "Loop"
  ruleset: tainted-grail
  start: 101
@status "Cold" parts 3
@location 101 "Farmhold"
  explore -> 101.1
  action "Light a fire" -> 101.3

== 101.3
The fire takes.
~ mark "Cold" 3
-> end

== 101.1
The wind turns.
~ mark "Cold" 1
-> 101.2

== 101.2
It turns again.
~ if status "Cold" 3 -> end
-> 101.1
"""


def test_a_loop_without_input_is_detected_at_once(tmp_path: Path) -> None:
    """The campaign checks clean (the checker cannot know that `full` never holds), yet
    play never leaves the loop: it is reported the second time the story comes round
    with nothing changed, not after MAX_STEPS lines (which made every state `tgc explore`
    reached there cost 100,000 steps)."""
    (tmp_path / "c.tgj").write_text(LOOP, encoding="utf-8")
    book = Book(load_campaign(tmp_path))
    story = Story(book, new_state(book.bundle))
    story.enter(101)
    events = story.run()
    loops = [e for e in events if isinstance(e, ev.LoopDetected)]
    assert len(loops) == 1
    assert loops[0].steps < 20 < MAX_STEPS
    assert sum(isinstance(e, ev.VerseEntered) for e in events) <= 6


def test_a_loop_that_changes_the_state_until_it_leaves_is_no_loop(tmp_path: Path) -> None:
    """Ticking the next box each time round changes the state, so it is no loop: the
    third box opens the way out."""
    text = (LOOP.replace('parts 3', 'boxes 3').replace('~ mark "Cold" 1', '~ mark "Cold"')
            .replace('~ mark "Cold" 3', '~ mark "Cold"').replace('"Cold" 3 ->', '"Cold" any 3 ->'))
    (tmp_path / "c.tgj").write_text(text, encoding="utf-8")
    book = Book(load_campaign(tmp_path))
    story = Story(book, new_state(book.bundle))
    story.enter(101)
    events = story.run()
    assert not any(isinstance(e, ev.LoopDetected) for e in events)
    assert isinstance(events[-1], ev.ExplorationEnded)


# ---------------------------------------------------------------- memory of the graph


def _graph_bytes(folder: Path, lines: int) -> int:
    text = ('@campaign "Big"\n  start: 101\n@status "Cold" parts 3\n'
            '@location 101 "Shore"\n  explore -> 101.1\n\n== 101.1\nThe shore.\n'
            + '~ if status "Cold" any 1 -> 101.2\n' * lines + "-> 101.2\n\n== 101.2\nDone.\n-> end\n")
    folder.mkdir()
    (folder / "big.tgj").write_text(text, encoding="utf-8")
    campaign = load_model(folder)
    tracemalloc.start()
    try:
        graph = build_graph(campaign)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(graph.out("101.1")) == lines + 1
    return peak


def test_a_verse_of_many_conditional_diverts_builds_its_graph_in_linear_memory(tmp_path: Path) -> None:
    """Each edge after the k-th `~ if ... ->` used to copy the k conditions before it:
    quadratic memory, 3 GB for one verse of 30,000 lines."""
    small, large = _graph_bytes(tmp_path / "a", 1000), _graph_bytes(tmp_path / "b", 4000)
    assert large < 6 * small, (small, large)


def test_rule_data_counts_beyond_what_a_source_may_say_are_refused() -> None:
    """Point 5 where a bundle carries rule data: a card that draws a billion cards, a deck
    of a billion yellow dice (`tgc sim` never finished one game) load as a clear error,
    as their sources are TGC504 and TGC542; the example bundles of every ruleset load."""
    from tgc.bundle.io import dump_bundle

    with pytest.raises(BundleError, match=r"\$\.rules\.cards\[[0-9]+\]\.left\[0\]\.gain\.draws: 999999999 "
                                          r"is out of range \(-10000\.\.10000\)"):
        parse_bundle(_bundle_with('"draws":0', '"draws":999999999'), "x.json")
    for example in ("twenty_strong", "grimslingers"):
        parse_bundle(dump_bundle(load_campaign(REPO / "examples" / example)), f"{example}.json")
    deck = dump_bundle(load_campaign(REPO / "examples" / "twenty_strong"))
    for old, new, field in [('"count":4,"hits":2', '"count":999999999,"hits":2', r"colours\[0\]\.count"),
                            ('"sides":6', '"sides":0', r"sides: 0 is out of range \(1\.\.1000\)")]:
        assert old in deck
        with pytest.raises(BundleError, match=rf"\$\.rules\.dice\.{field}"):
            parse_bundle(deck.replace(old, new, 1), "deck.json")
