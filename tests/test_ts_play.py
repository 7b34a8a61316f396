"""20 Strong from the command line: exact odds beside simulation (ten engagements of the
sample deck), whole-game simulation, play by hand and transcripts that replay."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.ts_helpers import SAMPLE, sample_box
from tgc.cli.main import cli
from tgc.rulesets.twenty_strong.engines import engagement, session
from tgc.rulesets.twenty_strong.engines.policies import GreedyPolicy
from tgc.rulesets.twenty_strong.engines.sim import game_seed, simulate
from tgc.sim.interval import wilson

# Ten engagements of the sample: (hero, enemies, dial). None of these enemies has a
# start-of-engagement effect, which the exact odds leave out.
ENGAGEMENTS = [
    ("Maelis of the Reedbanks", ["Violet Wisp"], "yellow"),
    ("Maelis of the Reedbanks", ["Bog Lurker", "Fen Sprite"], "green"),
    ("Tamsin Greythorn", ["Slate Golem"], "blue"),
    ("Ysolde Hollowmere", ["Mother of Thorns"], "red"),
    ("Corvan the Ashwright", ["The Drowned Bell"], "purple"),
    ("Bran of the Nine Wells", ["Rune-Eater", "Moss Toad"], "green"),
    ("Odhran Quietstone", ["Weeping Sigil"], "blue"),
    ("Tamsin Greythorn", ["The Hollow King", "Dusk Moth"], "red"),
    ("Corvan the Ashwright", ["Lichen Knight"], "yellow"),
    ("Ysolde Hollowmere", ["Thornback Boar", "Reed Serpent"], "purple"),
]
Z = 3.29  # 99.9%: ten intervals at once still hold together


@pytest.mark.parametrize(("hero", "enemies", "dial"), ENGAGEMENTS)
def test_exact_odds_agree_with_the_planner_in_play(hero: str, enemies: list[str],
                                                   dial: str) -> None:
    box = sample_box()
    setup = engagement.setup(box, hero, enemies, dial)
    exact = float(engagement.exact(box, setup))
    runs = 600
    wins = sum(engagement.play(box, setup, game_seed(7, i)) for i in range(runs))
    rate = wins / runs
    half = Z * math.sqrt(max(rate * (1 - rate), 1e-4) / runs)
    assert abs(rate - exact) <= half, (rate, exact)


def test_odds_command(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["odds", str(SAMPLE), "--hero", "Maelis of the Reedbanks",
                                      "--enemy", "Bog Lurker", "--enemy", "Fen Sprite",
                                      "--dial", "green", "--runs", "400"])
    assert result.exit_code == 0, result.output
    assert "exact:     4342139/8957952 = 0.484725" in result.output
    assert "the exact value is inside" in result.output


def test_odds_command_with_a_commit_plan_and_json() -> None:
    result = CliRunner().invoke(cli, ["odds", str(SAMPLE), "--hero", "Ysolde Hollowmere",
                                      "--enemy", "Violet Wisp", "--dial", "yellow",
                                      "--commit", "yellow=1", "--runs", "0",
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"] == "11/36"  # one yellow die, two passes, 2 damage: crit, or 2 hits


def test_the_simulated_engagement_commits_the_plan_not_greedy() -> None:
    # One green die on Rune-Eater (crits deal it 1) cannot deal its Health in three
    # passes; greedy's own rule would commit all four green dice and win most.
    box = sample_box()
    setup = engagement.setup(box, "Maelis of the Reedbanks", ["Rune-Eater"], "green",
                             commit={"green": 1})
    assert engagement.exact(box, setup) == 0
    assert not any(engagement.play(box, setup, game_seed(5, i)) for i in range(40))


def test_no_simulated_win_puts_exact_odds_of_zero_inside_the_interval() -> None:
    # The Wilson bound of 0 wins in 24 came out as 1.4e-17 in floats, so an exact 0 was
    # printed OUTSIDE its own simulation; the bound is exactly 0 now.
    args = ["odds", str(SAMPLE), "--hero", "Maelis of the Reedbanks", "--enemy", "Rune-Eater",
            "--dial", "green", "--commit", "green=1", "--runs", "24"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "simulated: 0/24 = 0.0000 [0.0000, 0.1380] (95%; the exact value is inside)" in result.output


def test_wilson_bounds_are_exact_at_no_wins_and_all_wins() -> None:
    for n in (3, 10, 24, 25, 27, 200, 500):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
        assert 0.0 < wilson(0, n)[1] and wilson(n, n)[0] < 1.0
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634


def test_odds_command_names_what_is_unknown() -> None:
    result = CliRunner().invoke(cli, ["odds", str(SAMPLE), "--hero", "Maelis",
                                      "--enemy", "Bog Lurker", "--dial", "green"])
    assert result.exit_code == 2
    assert "did you mean 'Maelis of the Reedbanks'?" in result.output


def test_deck_sim_is_deterministic_and_reports_intervals() -> None:
    args = ["deck", "sim", str(SAMPLE), "--hero", "Odhran Quietstone", "--boss",
            "Mother of Thorns", "--rank", "1", "--rank", "5", "-n", "30", "--format", "json"]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    assert CliRunner().invoke(cli, args).output == first.output
    cells = json.loads(first.output)["cells"]
    assert [c["rank"] for c in cells] == [1, 5]
    for c in cells:
        low, high = c["interval"]
        assert low <= c["win_rate"] <= high and c["games"] == 30
        assert sum(c["lost_at"].values()) == c["games"] - c["wins"]


def test_simulation_depends_on_the_seed_only() -> None:
    box = sample_box()
    one = simulate(box, ["Bran of the Nine Wells"], ["The Hollow King"], [2], 20, seed=3)
    two = simulate(box, ["Bran of the Nine Wells"], ["The Hollow King"], [2], 20, seed=3)
    other = simulate(box, ["Bran of the Nine Wells"], ["The Hollow King"], [2], 20, seed=4)
    assert one.to_json() == two.to_json() != other.to_json()


@pytest.mark.parametrize("name", ["won", "lost"])
def test_sample_transcripts_replay(name: str) -> None:
    path = SAMPLE / f"{name}.transcript"
    result = CliRunner().invoke(cli, ["deck", "play", str(SAMPLE), "--script", str(path)])
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert ("Won in round" if name == "won" else "Lost in round") in text


def test_a_changed_transcript_is_a_difference(tmp_path: Path) -> None:
    text = (SAMPLE / "won.transcript").read_text()
    changed = tmp_path / "changed.transcript"
    changed.write_text(text.replace("Won in round", "Won at last in round"))
    result = CliRunner().invoke(cli, ["deck", "play", str(SAMPLE), "--script", str(changed)])
    assert result.exit_code == 1 and "+Won in round" in result.output


def test_play_by_hand_with_typed_dice() -> None:
    """A person types numbers for decisions and faces for rolls; the game goes on."""
    box = sample_box()
    shown: list[str] = []
    answers = iter(["1"] * 2000)
    faces = iter(["c"] * 2000)

    def read(prompt: str) -> str:
        return next(faces) if shown[-1].startswith("? Roll") else next(answers)

    outcome = session.play_by_hand(box, "Corvan the Ashwright", "Mother of Thorns", 1, 0,
                                   shown.append, read, ask_dice=True)
    assert any(line.startswith("? Roll a yellow die") for line in shown)
    assert any(line.startswith("  enemy ") for line in shown)  # the table is shown
    assert outcome.result in ("win", "lose")


def test_deck_play_records_a_policy_game(tmp_path: Path) -> None:
    out = tmp_path / "game.transcript"
    result = CliRunner().invoke(cli, ["deck", "play", str(SAMPLE), "--hero", "Bran of the Nine Wells",
                                      "--boss", "The Hollow King", "--seed", "5", "--policy",
                                      "greedy", "--record", str(out)])
    assert result.exit_code == 0, result.output
    replay = CliRunner().invoke(cli, ["deck", "play", str(SAMPLE), "--script", str(out)])
    assert replay.exit_code == 0, replay.output
    text, _ = session.transcript_of(sample_box(), {"hero": "Bran of the Nine Wells", "boss":
                                                   "The Hollow King", "rank": "1", "seed": "5"},
                                    GreedyPolicy())
    assert out.read_text() == text


def test_a_deck_with_errors_is_not_played(tmp_path: Path) -> None:
    for path in SAMPLE.glob("*.tgj"):
        (tmp_path / path.name).write_text(path.read_text())
    bad = tmp_path / "bosses.tgj"
    bad.write_text(bad.read_text().replace("health: 6", "health: six", 1))
    result = CliRunner().invoke(cli, ["deck", "sim", str(tmp_path), "-n", "1"])
    assert result.exit_code == 1 and "TGC542" in result.output


def test_the_planner_plays_a_wide_engagement_by_rule_of_thumb() -> None:
    """Every colour unlocked: too wide to search, so it must still finish promptly."""
    from tests.ts_helpers import CRIT, Foe, card, enemy, hero, make_box, make_game
    from tgc.rulesets.twenty_strong.engines import strategy
    from tgc.rulesets.twenty_strong.engines.policies import PlannerPolicy

    cards = [card("Own", "hero", {"top": "apply any this round"})]
    game = make_game(make_box(cards=cards, heroes=[hero(strategy=4)]), PlannerPolicy(),
                     faces=[CRIT] * 60)
    game.t.foes = [Foe(enemy("Big", 30, nodes="top")), Foe(enemy("Small", 2))]
    strategy.engagement(game)
    assert game.t.foes[0].defeated and game.t.foes[1].defeated


@pytest.fixture(scope="module")
def deck_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample deck built into a bundle file (nothing written beside the sources)."""
    from tgc.bundle.io import dump_bundle
    from tgc.pipeline import compile_folder

    path = tmp_path_factory.mktemp("build") / "deck.bundle.json"
    path.write_text(dump_bundle(compile_folder(SAMPLE)), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["won", "lost"])
def test_a_bundle_alone_replays_the_sample_transcripts(deck_bundle: Path, name: str) -> None:
    result = CliRunner().invoke(cli, ["deck", "play", str(deck_bundle), "--script",
                                      str(SAMPLE / f"{name}.transcript")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("args", [
    ["odds", "--hero", "Maelis of the Reedbanks", "--enemy", "Violet Wisp", "--dial", "yellow",
     "-n", "50", "--format", "json"],
    ["deck", "sim", "--hero", "Odhran Quietstone", "--boss", "Mother of Thorns", "-n", "20",
     "--format", "json"]])
def test_a_bundle_alone_gives_the_same_odds_and_rates(deck_bundle: Path, args: list[str]) -> None:
    at = 1 if args[0] == "odds" else 2
    folder = CliRunner().invoke(cli, [*args[:at], str(SAMPLE), *args[at:]])
    bundle = CliRunner().invoke(cli, [*args[:at], str(deck_bundle), *args[at:]])
    assert folder.exit_code == bundle.exit_code == 0, bundle.output
    data = json.loads(bundle.output)
    data.pop("seconds", None)
    expected = json.loads(folder.output)
    expected.pop("seconds", None)
    assert data == expected


def test_a_bundle_of_another_ruleset_is_refused(tmp_path: Path) -> None:
    from tgc.bundle.io import dump_bundle
    from tgc.pipeline import compile_folder

    path = tmp_path / "tale.bundle.json"
    path.write_text(dump_bundle(compile_folder(SAMPLE.parent / "grimslingers")), encoding="utf-8")
    result = CliRunner().invoke(cli, ["deck", "sim", str(path), "-n", "1"])
    assert result.exit_code == 2
    assert "`ruleset: grimslingers` campaign, not `ruleset: twenty-strong`" in result.stderr


@pytest.mark.parametrize("name", ["won", "lost"])
def test_tgc_play_hands_a_deck_to_its_ruleset(deck_bundle: Path, name: str) -> None:
    """`tgc play` on a 20 Strong deck (folder or bundle) plays 20 Strong: a transcript's
    answers give the transcript back."""
    path = SAMPLE / f"{name}.transcript"
    for where in (SAMPLE, deck_bundle):
        result = CliRunner().invoke(cli, ["play", str(where), "--script", str(path)])
        assert result.exit_code == 0, result.output
        assert result.stdout == path.read_text(encoding="utf-8")


def one_game_deck(tmp_path: Path) -> Path:
    """The sample deck with a campaign whose verse starts no game: one game of dice."""
    deck = tmp_path / "deck"
    deck.mkdir()
    for source in SAMPLE.glob("*.tgj"):
        (deck / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    campaign = deck / "campaign.tgj"
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text[:text.index("== 1.1")] + "== 1.1\nThe game is on the table.\n-> end\n",
                        encoding="utf-8")
    return deck


def test_tgc_play_of_a_deck_by_hand(tmp_path: Path) -> None:
    """A deck whose verses start no game is one game by hand."""
    result = CliRunner().invoke(cli, ["play", str(one_game_deck(tmp_path)), "--party", "Odhran Quietstone",
                                      "--seed", "2"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("? boss\n  1. The Hollow King\n")
    assert "Round 1: the dial shows" in result.stdout
    assert ("Won in round" in result.stdout) != ("Lost in round" in result.stdout)


@pytest.mark.parametrize(("args", "message"), [
    (["--at", "3"], "--at: not for a `twenty-strong` campaign"),
    (["--fights", "ask"], "--fights: not for a `twenty-strong` campaign"),
    (["--party", "Nemo"], 'no hero "Nemo"'),
    (["--party", "Odhran Quietstone,Tamsin Greythorn"], "one hero"),
])
def test_tgc_play_of_a_deck_refuses_what_it_cannot_do(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["play", str(one_game_deck(tmp_path)), *args], input="")
    assert result.exit_code == 2 and message in result.stderr, result.output
