"""20 Strong started from a verse: ``~ twenty-strong hero "..." boss "..." rank N: win ->
...; lose -> ...`` in the sample deck's story, compiled into the bundle, played by `tgc
play` (by hand, by a policy, at random) and followed by `tgc explore` down both arms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_transcripts import books
from tests.ts_helpers import SAMPLE
from tgc.cli.main import cli
from tgc.limits import LimitError
from tgc.rulesets.twenty_strong.data import Box
from tgc.rulesets.twenty_strong.engines import session
from tgc.rulesets.twenty_strong.engines.policies import POLICIES

GAME = {"phrase": "twenty-strong", "args": [{"key": "hero", "value": "Odhran Quietstone"},
                                            {"key": "boss", "value": "Mother of Thorns"},
                                            {"key": "rank", "value": 1}]}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("verse-game")
    result = CliRunner().invoke(cli, ["build", str(SAMPLE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return next(out.glob("*.bundle.json"))


def test_the_game_line_is_in_the_bundle(bundle: Path) -> None:
    data = json.loads(bundle.read_text(encoding="utf-8"))
    blocks = {b["name"]: b["ops"] for v in data["verses"] for b in v["blocks"]}
    encounter = blocks["odhran"][0]
    assert encounter["kind"] == "encounter" and encounter["game"] == GAME
    assert [a["outcome"] for a in encounter["arms"]] == ["win", "lose"]
    # An encounter without a game writes no `game` key (bundles without games keep their bytes).
    assert all("game" in op for ops in blocks.values() for op in ops if op["kind"] == "encounter")


def _story(stdout: str) -> tuple[str, str]:
    """Where the story went after the game: the block read last, and the game's last line."""
    stdout = "\n".join(" ".join(line.split()) for line in stdout.splitlines())
    after = "held" if "The last stone takes" in stdout else (
        "fallen" if "The lantern gutters out" in stdout else "neither")
    last = [line for line in stdout.splitlines() if line.startswith(("Won in round", "Lost in round"))]
    return after, last[-1] if last else ""


def test_tgc_play_plays_the_game_by_hand_then_follows_its_outcome() -> None:
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--seed", "4"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())  # the terminal wraps long lines
    setup = "Setup: Odhran Quietstone against Mother of Thorns, rank 1"
    assert out.index("Choose your champion") < out.index(setup)
    assert "? Strike" in out and "dice ready:" in out  # the table, shown as in `tgc deck play`
    after, last = _story(result.stdout)
    assert (after, last.split()[0]) in (("held", "Won"), ("fallen", "Lost"))
    told = {"held": "The last stone takes", "fallen": "The lantern gutters"}[after]
    assert out.index(last) < out.index(told)  # the story goes on after the game


def test_the_same_seed_plays_the_same_game() -> None:
    runs = [CliRunner().invoke(cli, ["play", str(SAMPLE), "--seed", "9"], input="1\n" * 3000).stdout
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_the_second_champion_plays_at_rank_3() -> None:
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--seed", "4"], input="2\n" + "1\n" * 3000)
    assert "Setup: Maelis of the Reedbanks against The Hollow King, rank 3" in " ".join(result.stdout.split())


@pytest.mark.parametrize("policy", ["greedy", "random", "auto"])
def test_a_policy_plays_the_game(policy: str) -> None:
    outcomes = set()
    for seed in range(6):
        result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--fights", policy, "--seed", str(seed)],
                                    input="1\n:quit\n")
        assert result.exit_code == 0, result.output
        assert "Setup:" not in result.stdout  # played whole, not shown move by move
        line = next(x for x in result.stdout.splitlines() if 'rank 1: ' in x)
        outcome = line.rsplit(": ", 1)[1]
        assert _story(result.stdout)[0] == {"win": "held", "lose": "fallen"}[outcome]
        outcomes.add(outcome)
    assert outcomes <= {"win", "lose"}


def test_the_reader_may_name_the_outcome() -> None:
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--fights", "ask"], input="1\nwin\n:quit\n")
    assert result.exit_code == 0, result.output
    assert "win or lose?" in " ".join(result.stdout.split()) and _story(result.stdout)[0] == "held"


def test_a_bundle_alone_plays_the_same_story(bundle: Path) -> None:
    args = ["--seed", "4"]
    folder = CliRunner().invoke(cli, ["play", str(SAMPLE), *args], input="1\n" * 3000).stdout
    alone = CliRunner().invoke(cli, ["play", str(bundle), *args], input="1\n" * 3000).stdout
    assert alone == folder


def test_random_play_takes_both_arms() -> None:
    """Random play picks each outcome: a lost game ends the game (`-> game over`), a won one
    only the exploration, after which random play explores again."""
    result = CliRunner().invoke(cli, ["play", str(SAMPLE), "--random", "40"])
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    explorations = int(first.split(": ")[1].split()[0])
    assert explorations > 40
    assert "ending game-over at 1.1.fallen: 40 time(s)" in result.stdout


def test_explore_follows_both_outcomes() -> None:
    result = CliRunner().invoke(cli, ["explore", str(SAMPLE)])
    assert result.exit_code == 0, result.output
    assert "inline blocks 4/4 reached" in result.stdout
    assert "game-over at 1.1.fallen" in result.stdout


def test_a_verse_games_transcript_with_its_ten_digit_seed_replays() -> None:
    """A verse's game draws its seed from range(2**31), so its transcript (the web page's
    Transcript box) may carry ten digits: `tgc play --script` reads any 64-bit seed."""
    box = books(SAMPLE)[0].bundle.rules
    assert isinstance(box, Box)
    header = {"hero": "Odhran Quietstone", "boss": "Mother of Thorns", "rank": "1",
              "seed": str((1 << 31) - 1)}
    text, _ = session.transcript_of(box, header, POLICIES["greedy"]())
    read, answers = session.read_transcript(text)
    assert read["seed"] == "2147483647" and session.replay(box, read, iter(answers)) == text
    with pytest.raises(LimitError, match="the transcript's seed must be at most 18446744073709551615"):
        session.read_transcript(text.replace("2147483647", "1" * 21, 1))
