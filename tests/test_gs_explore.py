"""`tgc explore` over a Grimslingers Tall Tale, through the explore seam: every part, area,
tile and bounty some play reaches (with a shortest witness, replayed on the story
engine), what no play reaches and why, the chapter's end and the game over."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from tgc.cli.main import cli
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.grimslingers.engines.explore import Found, search

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "examples" / "grimslingers"
# Two parts the static checks cannot rule out (TGC574 sees a marker no part gives, not
# two parts that exclude each other through their paths); the second needs the first.
BLOCKED = '''
@part 1.8 "Both Sides"
  chapter: 1
  requires: completed 1.3a and completed 1.3b
  read -> story.p1_1

@part 1.9 "Past the Well"
  chapter: 1
  requires: completed 1.8 or (marker "Tin Star" and not completed 1.1)
  read -> story.p1_1
'''


@pytest.fixture(scope="module")
def blocked(tmp_path_factory: pytest.TempPathFactory) -> Found:
    folder = tmp_path_factory.mktemp("gs") / "blocked"
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("playtests"))
    with (folder / "story.tgj").open("a", encoding="utf-8") as f:
        f.write(BLOCKED)
    tale = load_campaign(folder).rules
    assert isinstance(tale, TallTale)
    return search(tale, ("Kipper",))


@cache
def _found() -> Found:
    tale = load_campaign(SAMPLE).rules
    assert isinstance(tale, TallTale)
    return search(tale, ("Kipper",))


def test_every_part_area_tile_and_bounty_of_the_sample_is_reached() -> None:
    result = CliRunner().invoke(cli, ["explore", str(SAMPLE)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("The Lantern Road: every play of Kipper, La Fleur, Luella, Nyunyo, ")
    assert lines[0].endswith("states (complete)")
    assert "  parts: 8 of 8 completed in some play" in lines
    assert "  areas: 2 of 2 entered" in lines and "  tiles: 20 of 20 reached" in lines
    assert "  bounties: 1 of 1 done in some play" in lines
    assert "  the chapter ends: in some play (shortest: 11 turns)" in lines
    assert "  dead ends (no legal move): none" in lines


def test_a_witness_is_a_shortest_play_replayed_on_the_story_engine() -> None:
    result = CliRunner().invoke(cli, ["explore", str(SAMPLE), "--party", "Kipper,Luella",
                                      "--witness", "1.5"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "A shortest play reaching 1.5 (Kipper, Luella): 10 turns"
    assert lines[1] == 'turn 1: west to 7D; read 1.1 "Smoke over Saltpan"'
    assert "now in area 4 on W1" in result.output  # the portal (GS-13.2)
    assert lines[-2].endswith('read 1.5 "The Glass Chapel"; duel Hollow Rider won')
    assert lines[-1].startswith("in tgc play --seed 3: answers 1, 1, ")  # its transcript's


def test_the_witness_replays_to_the_part() -> None:
    found = _found()
    key = found.first["part 1.5"]
    turns: list[tuple[int, ...]] = []
    at = key
    while found.steps[at].parent is not None:
        turns.append(found.steps[at].taken)
        parent = found.steps[at].parent
        assert parent is not None
        at = parent
    state = found.replay(list(reversed(turns)))
    assert "1.5" in state.completed and state.area == 4


def test_gs_14_5_exclusive_parts_are_both_reached_in_different_plays() -> None:
    parts = _found().to_json()["parts"]
    assert parts["1.3a"]["completed"] and parts["1.3b"]["completed"]


def test_a_part_no_play_reaches_is_reported_with_the_reason(blocked: Found) -> None:
    found = blocked
    text = found.to_text()
    assert "  parts: 8 of 10 completed in some play" in text
    assert ('    never: 1.8 "Both Sides": never eligible: each of its conditions held in some '
            "play, never all at once") in text
    assert '    never: 1.9 "Past the Well": never eligible: never held: completed 1.8' in text
    assert found.witness("1.8") is None
    assert not found.failed  # unreached parts are reported; the chapter still ends


def test_the_json_report(blocked: Found) -> None:
    doc = blocked.to_json()
    assert doc["complete"] is True and doc["party"] == ["Kipper"]
    assert doc["parts"]["1.6"] == {"completed": True, "turns": 11}
    assert doc["parts"]["1.8"]["completed"] is False
    assert doc["tiles"]["never"] == [] and doc["areas"] == {"3": True, "4": True}
    assert doc["chapter_end"] == 11 and doc["dead_ends"] == 0


def test_no_play_reaching_the_witness_exits_1() -> None:
    result = CliRunner().invoke(cli, ["explore", str(SAMPLE), "--party", "Kipper",
                                      "--max-states", "3", "--witness", "1.6"])
    assert result.exit_code == 1
    assert "no play reaches 1.6" in result.output


def test_gs_16_9_a_game_over_is_reached_by_losing_duels() -> None:
    found = _found()
    text = found.witness("game over")
    assert text is not None and text.startswith("A shortest play reaching game over (Kipper): ")
    assert text.count(" lost") >= 3  # a party of one has 2 allowed defeats (GS-16.4)


@pytest.mark.parametrize(("args", "message"), [
    (["--from", "301.1"], "--from: not for a `grimslingers` campaign"),
    (["--party", "Wyatt"], 'no Grimslinger "Wyatt"'),
    (["--party", "Kipper", "--witness", "nope"], "--witness: no `nope` in this Tall Tale"),
])
def test_what_the_explorer_cannot_run_is_a_usage_error(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["explore", str(SAMPLE), *args])
    assert result.exit_code == 2
    assert message in result.output
