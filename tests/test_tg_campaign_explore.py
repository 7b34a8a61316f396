"""`tgc explore --campaign --days N` (tgc/playtest/campaignwalk.py over Tainted Grail's
campaign layer): the walk over the days, which cards and verses it reaches by which day,
the party's decisions (who acts together, who pays whose share), the merging of lines of
play by the layer's summary, witnesses that `tgc play --campaign --script` replays to
the same card, and the CLI's report and usage errors. Small campaigns are walked whole;
the test map of tests/campaign_helpers.py whole for one character (about 200 states) and
up to a bound for two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.campaign_helpers import MAP
from tgc.cli.main import cli
from tgc.pipeline import compile_folder
from tgc.playtest.campaignwalk import WalkError, walk
from tgc.rulesets.tainted_grail.campaign import Campaign
from tgc.rulesets.tainted_grail.campaign.moves import moves
from tgc.runtime import Book
from tgc.runtime.campaign import Summary

TWO = '''@campaign "Two Cards"
  ruleset: tainted-grail
  start: 101
  players: 1-4

@character "Solo"
  number: 1
  colour: green
  health: 3
  energy: 1
  terror: 0
  food: 1

@location 101 "Hut"
  seals: menhir
  keys: up 102
  explore -> 1
== 101.1
Smoke.
* Sit by the fire -> 2
* Sleep -> end
== 101.2
Warmth.
-> end

@location 102 "Hill"
  keys: down 101
  explore -> 1
== 102.1
Wind.
-> end
'''


# Ailei has 1 Energy, Beor 4: alone she gets to the bridge; only with Beor paying her
# share does she reach the shrine (103, diagonal to the hut, so in the menhir's range) on
# day 1, where 103.2 is read only with her in the arriving party.
PAIR = '''@campaign "A Pair"
  ruleset: tainted-grail
  start: 101
  players: 1-4

@character "Ailei"
  number: 1
  colour: green
  health: 5
  energy: 1
  terror: 0
  food: 1

@character "Beor"
  number: 4
  colour: blue
  health: 9
  energy: 4
  terror: 0
  food: 1

@location 101 "Hut"
  seals: menhir
  keys: right 102
  explore -> 1
== 101.1
Smoke.
-> end

@location 102 "Bridge"
  keys: left 101, up 103
  explore -> 1
== 102.1
Planks.
-> end

@location 103 "Shrine"
  keys: down 102
  explore -> 1
  instant -> arrive
== 103.1
Candles.
-> end
== 103.arrive
~ if character "Ailei" -> 2
Bells.
-> end
== 103.2
Ailei kneels at the shrine her friend carried her to.
-> end
'''


def folder(tmp: Path, text: str) -> Path:
    (tmp / "c.tgj").write_text(text, encoding="utf-8")
    return tmp


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Book]:
    root = folder(tmp_path_factory.mktemp("two"), TWO)
    return root, Book(compile_folder(root))


@pytest.fixture(scope="module")
def small_map(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Book]:
    root = folder(tmp_path_factory.mktemp("map"), MAP)
    return root, Book(compile_folder(root))


def test_a_small_campaign_is_walked_whole_day_by_day(two: tuple[Path, Book]) -> None:
    """One Energy a day: explore (with its choice) or travel; the second day starts from
    every state the first ended in."""
    _, book = two
    one = walk(book, ("Solo",), 1)
    assert one.complete and one.by_day() == {1: [101, 102]}
    assert one.cards[101].inputs == () and one.cards[102].inputs == (":sod", ":travel Solo 102")
    assert one.verses["101.2"].inputs == (":sod", ":explore Solo", "1")
    both = walk(book, ("Solo",), 2)
    assert both.complete and both.states > one.states
    assert both.cards == one.cards  # nothing new: both cards are stood on on day 1
    assert walk(book, ("Solo",), 2).to_json() == both.to_json()  # the same walk, the same seed


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Book]:
    root = folder(tmp_path_factory.mktemp("pair"), PAIR)
    return root, Book(compile_folder(root))


def test_the_bound_stops_the_walk_and_says_so(small_map: tuple[Path, Book]) -> None:
    _, book = small_map
    report = walk(book, ("Ailei",), 1, max_states=40)
    assert not report.complete and report.states == 40
    assert 101 in report.cards and len(report.cards) >= 2


def test_a_day_of_the_test_map_is_walked_whole_for_one_character(small_map: tuple[Path, Book]) -> None:
    """Merged by the layer's summary, a day of the ten-card map completes; every card a
    character can stand on that day is found (111 lies out of the menhir's range)."""
    _, book = small_map
    report = walk(book, ("Ailei",), 1, max_states=1000)
    assert report.complete and report.states < 1000
    assert sorted(report.cards) == [101, 102, 103, 104, 105, 106, 107, 109, 110, 113]


def test_the_party_acts_together_and_pays_a_members_share(pair: tuple[Path, Book]) -> None:
    """PTY-1, PTY-3 in the walk: Ailei reaches the shrine on day 1 only with Beor paying
    her Energy (here both shares to the bridge, a split other than each their own); walked
    alone she is there on day 2 at the earliest."""
    _, book = pair
    both = walk(book, ("Ailei", "Beor"), 1)
    assert both.complete and both.verses["103.2"].day == 1
    assert both.verses["103.2"].inputs == (":sod", ":travel Ailei,Beor 102 pay Ailei=0,Beor=2",
                                           ":travel Ailei 103")
    alone = walk(book, ("Ailei",), 2)
    assert alone.complete and alone.verses["103.2"].day == 2


def test_every_character_who_may_act_is_offered_with_every_party_and_split(pair: tuple[Path, Book]) -> None:
    """A21: either character may act first in a round; PTY-3: each pays their own share,
    or one is spared and the other pays both; the pass is the first character's."""
    _, book = pair
    campaign = Campaign(book, ["Ailei", "Beor"])
    assert moves(campaign) == [":sod"]
    campaign.start_of_day()
    assert moves(campaign) == [":explore Ailei", ":travel Ailei 102",
                               ":explore Ailei,Beor", ":travel Ailei,Beor 102",
                               ":explore Ailei,Beor pay Ailei=0,Beor=2",
                               ":travel Ailei,Beor 102 pay Ailei=0,Beor=2",
                               ":explore Beor", ":travel Beor 102", ":pass Ailei"]
    campaign.character("Ailei").set_track("energy", 0)  # she may still go, Beor paying
    assert moves(campaign) == [":explore Ailei,Beor pay Ailei=0,Beor=2",
                               ":travel Ailei,Beor 102 pay Ailei=0,Beor=2",
                               ":explore Beor", ":travel Beor 102", ":pass Ailei"]
    campaign.travel(["Beor"], 102)  # Beor has taken this round's turn: Ailei alone may act
    assert moves(campaign) == [":pass Ailei"]


def test_the_night_is_tried_with_every_choice_of_who_fasts(pair: tuple[Path, Book]) -> None:
    """EOD-1: fasting keeps the Food for another day; both have 1 Food."""
    _, book = pair
    campaign = Campaign(book, ["Ailei", "Beor"])
    campaign.start_of_day()
    campaign.pass_("Ailei")
    campaign.pass_("Beor")
    assert moves(campaign) == [":eod", ":eod fast Ailei", ":eod fast Beor", ":eod fast Ailei,Beor"]
    campaign.character("Beor").resources["food"] = 0
    assert moves(campaign) == [":eod", ":eod fast Ailei"]


def test_a_line_of_play_with_less_energy_at_the_same_place_is_merged() -> None:
    rich, poor = Summary("day 1 on 101", (4, 2)), Summary("day 1 on 101", (3, 2))
    assert rich.covers(poor) and not poor.covers(rich)
    assert not rich.covers(Summary("day 1 on 101", (5, 0)))  # neither is better off
    assert not rich.covers(Summary("day 1 on 102", (0, 0)))


def test_a_party_witness_replays_in_play(pair: tuple[Path, Book], tmp_path: Path) -> None:
    root, _ = pair
    found = CliRunner().invoke(cli, ["explore", str(root), "--campaign", "--party", "Ailei,Beor",
                                     "--witness", "103.2"])
    assert found.exit_code == 0, found.output
    script = tmp_path / "w.txt"
    script.write_text(found.output, encoding="utf-8")
    final = tmp_path / "final.json"
    played = CliRunner().invoke(cli, ["play", str(root), "--campaign", "--party", "Ailei,Beor", "--seed",
                                      "0", "--fights", "ask", "--script", str(script),
                                      "--final-state", str(final)])
    assert played.exit_code == 0, played.output
    saved = json.loads(final.read_text(encoding="utf-8"))
    assert saved["world"]["positions"] == {"Ailei": 103, "Beor": 102} and "103.2" in saved["state"]["visited"]


def test_a_party_the_campaign_does_not_declare_is_refused(two: tuple[Path, Book]) -> None:
    _, book = two
    with pytest.raises(WalkError, match="Nobody"):
        walk(book, ("Nobody",), 1)


def test_a_witness_replays_to_its_card(small_map: tuple[Path, Book], tmp_path: Path) -> None:
    root, _ = small_map
    found = CliRunner().invoke(cli, ["explore", str(root), "--campaign", "--days", "1", "--party",
                                     "Ailei", "--max-states", "60", "--witness", "105"])
    assert found.exit_code == 0, found.output
    assert found.output.startswith(f"# tgc play {root} --campaign --party Ailei --seed 0 --fights ask")
    script = tmp_path / "w.txt"
    script.write_text(found.output, encoding="utf-8")
    final = tmp_path / "final.json"
    played = CliRunner().invoke(cli, ["play", str(root), "--campaign", "--party", "Ailei", "--seed", "0",
                                      "--fights", "ask", "--script", str(script),
                                      "--final-state", str(final)])
    assert played.exit_code == 0, played.output
    assert json.loads(final.read_text(encoding="utf-8"))["world"]["positions"] == {"Ailei": 105}


def test_cli_report_json_and_usage(two: tuple[Path, Book]) -> None:
    root, _ = two
    run = CliRunner().invoke
    text = run(cli, ["explore", str(root), "--campaign", "--days", "2"])
    assert text.exit_code == 0, text.output
    assert "every line of play walked" in text.output and "day 1: 101, 102" in text.output
    data = json.loads(run(cli, ["explore", str(root), "--campaign", "--party", "Solo", "--format",
                                "json"]).output)
    assert data["complete"] and data["cards"]["102"] == {"day": 1, "witness": [":sod", ":travel Solo 102"]}
    missing = run(cli, ["explore", str(root), "--campaign", "--witness", "999"])
    assert missing.exit_code == 1 and "no line of play within 1 day(s) reaches 999" in missing.output
    for args, says in ((["--days", "2"], "go with --campaign"),
                       (["--campaign", "--from", "101.1"], "--from: not for a walk over the days")):
        wrong = run(cli, ["explore", str(root), *args])
        assert wrong.exit_code == 2 and says in wrong.output, wrong.output
