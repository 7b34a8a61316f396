"""`tgc explore` over a Tall Tale's Rest phase (GS-14.1 step 4, a decision point of §18):
a part only a Standoff at rest reaches is found, its witness says the rest's answers in
`tgc play`'s words and replays, on the story engine and through `tgc play --script`;
where no prerequisite reads what a rest changes, the rest is not searched, the report
says why, and the exploration is what it was."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from tgc.cli.main import cli
from tgc.pipeline import load_campaign
from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.grimslingers.engines.explore import Found, search
from tgc.rulesets.grimslingers.engines.explore_rest import NO_REST, RestScope
from tgc.rulesets.grimslingers.engines.session import tale_texts

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "examples" / "grimslingers"
CASES = REPO / "tests" / "cases" / "grimslingers"
REST_HEAL = CASES / "rest-heal"
SHORT_FUSE = CASES / "short-fuse"
REST_AFTER_DUEL = CASES / "rest-after-duel"
NINE_LIVES = "use Nine Lives (no RN, cost 2 durability): user gains 2 hp"


@cache
def _tale(folder: Path) -> TallTale:
    tale = load_campaign(folder).rules
    assert isinstance(tale, TallTale)
    return tale


def _turns(found: Found, name: str) -> list[tuple[int, ...]]:
    at = found.first[name]
    turns: list[tuple[int, ...]] = []
    while (parent := found.steps[at].parent) is not None:
        turns.append(found.steps[at].taken)
        at = parent
    return turns[::-1]


def test_a_part_only_a_rest_reaches_is_found_with_its_witness() -> None:
    found = search(_tale(REST_HEAL), ("Kipper",))
    assert found.rest.searched and found.rest.reads == ("HP",)
    assert found.to_json()["parts"]["1.2"] == {"completed": True, "turns": 2}
    text = found.witness("1.2")
    assert text is not None
    assert text.splitlines() == [
        "A shortest play reaching 1.2 (Kipper): 2 turns",
        'turn 1: east to 2C; read 1.1 "A Locket in the Frost"',
        f"turn 2: rest: Kipper's Standoff: {NINE_LIVES}; east to 3S; read 1.2 \"Warm Hands\"",
        "in tgc play --seed 0: answers 1, 1, 3, 3, 1, 1",  # the Tall Tale, east, rest ...
    ]
    state = found.replay(_turns(found, "part 1.2"))
    kipper = state.party[0]
    assert "1.2" in state.completed and state.chapter_over
    assert (kipper.hp, kipper.resource) == (4, 8)  # 5 - 3 (the locket) + 2; 10 - 2


def test_without_the_rest_the_part_is_never_reached() -> None:
    found = search(_tale(REST_HEAL), ("Kipper",), scope=NO_REST)
    info = found.to_json()["parts"]["1.2"]
    assert info["completed"] is False
    # hp >= 4 held before the locket, never after it
    assert info["why"] == ("never eligible: each of its conditions held in some play, never "
                           "all at once")
    assert found.witness("1.2") is None


def test_the_rest_witness_replays_through_tgc_play_script(tmp_path: Path) -> None:
    found = search(_tale(REST_HEAL), ("Kipper",))
    script = found.script("1.2")
    assert script is not None
    path = tmp_path / "warm-hands.transcript"
    path.write_text(script, encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(REST_HEAL), "--script", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == script  # the transcript replays to the same text
    assert "  3. rest: Kipper takes a Standoff phase" in script
    assert f"  3. {NINE_LIVES}" in script
    assert '== part 1.2 "Warm Hands"' in script
    assert "The part is completed, and the chapter is over." in script


def test_the_cli_says_whether_the_rest_is_searched() -> None:
    searched = CliRunner().invoke(cli, ["explore", str(REST_HEAL)])
    assert searched.exit_code == 0, searched.output
    assert "  parts: 2 of 2 completed in some play" in searched.output
    assert ("  the Rest phase: searched (GS-14.1 step 4): each player's Standoff and hand "
            "and stash, for what the story reads of them: HP") in searched.output


@pytest.mark.parametrize(("party", "states"), [(("Kipper",), 2_983)])
def test_where_the_rest_cannot_matter_the_sample_explores_as_before(
        party: tuple[str, ...], states: int) -> None:
    found = search(_tale(SAMPLE), party)
    assert not found.rest.searched
    assert found.states == states and found.complete  # session 7's count, docs/rules.md
    assert found.to_text().endswith(
        "  the Rest phase: not searched: no prerequisite reads what a Standoff or a "
        "reorganised hand at rest can change (HP, the Standoff items used up, a player "
        "down), and the explorer's duels are won or lost without their cards\n")


def test_every_rest_decision_followed_reaches_nothing_more_where_none_is_read() -> None:
    tale = _tale(SHORT_FUSE)
    pruned = search(tale, ("Kipper",))
    assert not pruned.rest.searched
    every = RestScope(("HP",), frozenset(c.name for c in tale.cards), True,
                      frozenset(("hp", "ep", "durability", "blood", "ammo", "control")))
    full = search(tale, ("Kipper",), scope=every)
    assert full.complete and full.states > pruned.states  # the sheets told apart
    one, other = pruned.to_json(), full.to_json()
    for doc in (one, other):
        del doc["states"], doc["rest"]
    assert one == other


def test_sheets_covered_by_others_reach_nothing_more() -> None:
    tale = _tale(REST_AFTER_DUEL)
    covered = search(tale, ("Kipper",))
    assert covered.rest.hp_order == "up"  # `hp >= 5`: more HP is never worse
    assert covered.rest.words().endswith("for what the story reads of them: HP")
    exact = search(tale, ("Kipper",), scope=replace(covered.rest, hp_order="exact"))
    assert covered.states < exact.states
    one, other = covered.to_json(), exact.to_json()
    for doc in (one, other):
        del doc["states"]
    assert one == other


def test_after_a_lost_duel_a_rest_heals_the_way_to_the_part() -> None:
    found = search(_tale(REST_AFTER_DUEL), ("Kipper",))
    lost = next(k for k, s in found.steps.items()
                if s.turn == 1 and "duel Dust Mite lost" in s.said)
    healed = next(k for k, s in found.steps.items() if s.parent == lost
                  and f"rest: Kipper's Standoff: {NINE_LIVES}" in s.said
                  and 'read 1.1 "Up Again"' in s.said)
    state = found.replay([found.steps[lost].taken, found.steps[healed].taken])
    kipper = state.party[0]
    assert "1.1" in state.completed and state.chapter_over
    assert state.defeats_left == 1 and kipper.hp == 5  # revived at 3 (GS-16.5), healed 2


@pytest.mark.parametrize("name", ["1.1", "1.3b", "1.5", "1.7", "chapter end", "game over"])
def test_the_samples_witnesses_replay_through_tgc_play_script(name: str,
                                                             tmp_path: Path) -> None:
    bundle = load_campaign(SAMPLE)
    assert isinstance(bundle.rules, TallTale)
    found = _sample_kipper()
    found.texts = tale_texts(bundle)
    script = found.script(name)
    assert script is not None, name
    path = tmp_path / "witness.transcript"
    path.write_text(script, encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--script", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == script
    if name == "game over":  # its lost duels fought by hand, every card passed
        assert "end: game over after" in script and "pass (+2 EP)" in script


@cache
def _sample_kipper() -> Found:
    return search(_tale(SAMPLE), ("Kipper",))
