"""`tgc sim`: the statistics, determinism for a seed (whatever the job count), the state
file and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tgc.cli.main import cli
from tgc.pipeline import load_campaign
from tgc.rulesets.tainted_grail.engines.simulate import load_setup, make_setup, simulate
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.sim.interval import wilson
from tgc.sim.seam import SimError

SAMPLE = Path(__file__).resolve().parents[1] / "journal_src"


@pytest.fixture(scope="module")
def sample() -> TaintedGrailRules:
    from tgc.project.workspace import load
    from tgc.rulesets.tainted_grail.compile import rule_data
    from tgc.semantics.symbols import collect

    campaign, _ = collect(load(SAMPLE).files)
    return rule_data(campaign)


@pytest.fixture(scope="module")
def sergeant(sample: TaintedGrailRules) -> object:
    return make_setup(sample, "Deserter Sergeant", ["beor"])


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_same_seed_same_report_and_jobs_do_not_matter(sergeant: object) -> None:
    from tgc.rulesets.tainted_grail.engines.simulate import Setup

    assert isinstance(sergeant, Setup)
    one = simulate(sergeant, 60, seed=5, policy="greedy", jobs=1).to_json()
    again = simulate(sergeant, 60, seed=5, policy="greedy", jobs=1).to_json()
    split = simulate(sergeant, 60, seed=5, policy="greedy", jobs=2).to_json()
    other = simulate(sergeant, 60, seed=6, policy="greedy", jobs=1).to_json()
    assert one == again
    assert {k: v for k, v in one.items() if k != "jobs"} == {k: v for k, v in split.items() if k != "jobs"}
    assert one != other
    assert sum(one["outcomes"].values()) == 60
    assert one["win_interval_95"][0] <= one["win_rate"] <= one["win_interval_95"][1]


def test_a_strong_character_beats_a_weak_one(sergeant: object, sample: TaintedGrailRules) -> None:
    from tgc.rulesets.tainted_grail.engines.simulate import Setup

    assert isinstance(sergeant, Setup)
    ailei = make_setup(sample, "Deserter Sergeant", ["ailei"])
    beor_wins = simulate(sergeant, 150, seed=1).rate("win")
    ailei_wins = simulate(ailei, 150, seed=1).rate("win")
    assert beor_wins > ailei_wins


def test_state_file_overrides_the_starting_values(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"format": 1, "state": {"party": [
        {"name": "Beor", "resources": {"magic": 0}, "tracks": {"health": 3}}]}}))
    setup = load_setup(load_campaign(SAMPLE), "Ditch Cutpurse", ["beor"], state)
    report = simulate(setup, 40, seed=2).to_json()
    assert report["mean_magic_spent"] == 0
    bad = tmp_path / "bad.json"
    party = [{"name": "Beor", "resources": {"gold": 1}}]
    bad.write_text(json.dumps({"format": 1, "state": {"party": party}}))
    with pytest.raises(SimError, match="gold"):
        load_setup(load_campaign(SAMPLE), "Ditch Cutpurse", ["beor"], bad)


def test_unknown_names_are_usage_errors(sample: TaintedGrailRules) -> None:
    with pytest.raises(SimError, match="did you mean `Deserter Sergeant`"):
        make_setup(sample, "Deserter Sargent", ["beor"])
    with pytest.raises(SimError, match="no character"):
        make_setup(sample, "Deserter Sergeant", ["bor-"])


def test_cli_json_and_text() -> None:
    runner = CliRunner()
    args = ["sim", "Corrach the Ferryman", "-C", str(SAMPLE), "-p", "arev", "-n", "30", "--seed", "4"]
    result = runner.invoke(cli, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["runs"] == 30 and data["kind"] == "diplomacy" and data["party"] == ["Arev"]
    text = runner.invoke(cli, [*args, "--policy", "planner"])
    assert text.exit_code == 0 and "win rate" in text.output and "95% interval" in text.output


def test_cli_usage_error_exits_2() -> None:
    result = CliRunner().invoke(cli, ["sim", "Nobody", "-C", str(SAMPLE)])
    assert result.exit_code == 2 and "no encounter" in result.output


def test_dying_insanity_and_exhaustion_rates_have_intervals(tmp_path: Path) -> None:
    """000, "You Are Dying" / "You Are Going Insane" and the Energy track's red slots: a
    designer balancing an encounter needs how often it leaves someone dying, going insane or
    exhausted, each with its interval. Beor starting at Terror 9 of 10 and Energy 1 ends
    going insane and exhausted in every run; the sim used to report neither rate."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"format": 1, "state": {"party": [
        {"name": "Beor", "tracks": {"terror": 9, "energy": 1}}]}}))
    setup = load_setup(load_campaign(SAMPLE), "Ditch Cutpurse", ["beor"], state)
    report = simulate(setup, 30, seed=2)
    data = report.to_json()
    assert data["insane_rate"] == 1.0 and data["exhausted_rate"] == 1.0
    for name in ("win", "escape", "dying", "insane", "exhausted"):
        low, high = data[f"{name}_interval_95"]
        assert low <= data[f"{name}_rate"] <= high
    text = report.to_text()
    assert "  insane rate     100.0%   (95% interval 88.6% - 100.0%)" in text
    assert "  exhausted rate  100.0%" in text and text.count("95% interval") == 5


def test_one_encounter_with_a_fixed_deck_order_and_a_callback() -> None:
    import tgc

    bundle = load_campaign(SAMPLE)
    order = [f"{n}U" for n in range(15, 0, -1)]
    hands: list[list[str]] = []

    def first(game: object, hero: object, options: list[object]) -> object:
        hands.append([str(o) for o in options])
        return options[0]

    runs = [tgc.encounter(bundle, "Ditch Cutpurse", ["Beor"], seed=seed, decks={"Beor": order},
                          decide=first) for seed in (1, 2)]
    # Nothing is shuffled and the callback decides: the seed changes nothing.
    assert runs[0].outcome == runs[1].outcome and runs[0].turns == runs[1].turns
    assert hands[0][0] == "play Catch Your Breath (15U)"
    with pytest.raises(SimError, match='no combat card "99U"'):
        tgc.encounter(bundle, "Ditch Cutpurse", ["Beor"], decks={"Beor": ["99U"]})
    with pytest.raises(SimError, match="not one of the options"):
        tgc.encounter(bundle, "Ditch Cutpurse", ["Beor"], decide=lambda game, hero, options: "stop")


def test_a_state_file_without_party_fights_with_its_whole_party(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"format": 1, "state": {"party": [
        {"name": "Beor", "tracks": {"health": 5}}, {"name": "Ailei"}]}}))
    setup = load_setup(load_campaign(SAMPLE), "Ditch Cutpurse", None, state)
    assert [m.name for m in setup.party] == ["Beor", "Ailei"]
    assert setup.party[0].tracks == {"health": 5}
    result = CliRunner().invoke(cli, ["sim", "Ditch Cutpurse", "-C", str(SAMPLE), "-n", "5",
                                      "--state", str(state), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["party"] == ["Beor", "Ailei"]
