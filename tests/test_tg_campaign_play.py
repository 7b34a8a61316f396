"""Tainted Grail's campaign layer played through tgc's play session and CLI: the
campaign commands, the map, readings handed to the session, save files with the world
(format 3, older formats migrated, docs/save.schema.json kept current) and
`tgc play --campaign --script --final-state`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.campaign_helpers import MAP, compile_map
from tests.golden import Golden
from tgc.cli.main import cli
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.rulesets.tainted_grail.campaign.save import save_schema
from tgc.runtime import Book
from tgc.runtime.save import SAVE_FORMAT, parse_save

REPO = Path(__file__).resolve().parents[1]
SCHEMA = REPO / "docs" / "save.schema.json"


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("map"))


def session(book: Book, party: tuple[str, ...] = ("Ailei", "Beor")) -> tuple[Session, list[Line]]:
    lines: list[Line] = []
    play = Session(book, lines.append, party=party, campaign=True, dice="script")
    play.start()
    return play, lines


def texts(lines: list[Line]) -> list[str]:
    return [line.text for line in lines]


def test_the_campaign_opens_on_its_map(book: Book) -> None:
    _, lines = session(book)
    assert [line.kind for line in lines[:-1]] == ["map"] * (len(lines) - 1)
    row = next(i for i, line in enumerate(lines) if "[101 M7]" in line.text)
    assert "[102]" in lines[row].text and "[103]" in lines[row].text
    assert lines[row + 1].text.strip() == "AB"  # Ailei and Beor under their card
    assert lines[-1].text.startswith("day 1: :sod starts the day")


def test_commands_play_the_day_and_readings_follow(book: Book) -> None:
    play, lines = session(book)
    play.handle(":sod")
    assert "[SOD-3] the menhir on 101 drops to 6" in texts(lines)
    play.handle(":travel Ailei,Beor up")
    assert any(line.kind == "heading" and line.text.startswith("105") for line in lines)  # the instant rule
    assert play.finished  # the reading ended: back between readings
    play.handle(":explore Ailei")
    assert play.waiting is not None  # the Mist Hound: win or lose
    with pytest.raises(SessionError, match="a reading is under way"):
        play.handle(":pass Beor")
    play.handle("lose")
    assert '[GRD-1] the guardian "Mist Hound" now roams 105' in texts(lines)


def test_a_bad_command_changes_nothing(book: Book) -> None:
    play, lines = session(book)
    play.handle(":sod")
    with pytest.raises(SessionError, match="110 is not on the table"):
        play.handle(":travel Ailei 110")
    play.handle(":pass Ailei")
    play.handle(":pass Beor")
    assert play.layer is not None
    before = json.dumps(play.layer.world(), sort_keys=True), play.story.state.copy()
    with pytest.raises(SessionError, match="Ailei has 1 Food, not 9"):
        play.handle(":eod give Ailei 1 Beor give Ailei 9 Beor")  # the first gift is taken back
    assert json.dumps(play.layer.world(), sort_keys=True) == before[0]
    assert [c.resources for c in play.layer.state.party] == [c.resources for c in before[1].party]


def test_the_storys_own_commands_are_refused(book: Book) -> None:
    play, _ = session(book)
    for command in (":enter 101", ":goto 101.1", ":day", ":undo"):
        with pytest.raises(SessionError, match="not for a campaign played by its days"):
            play.handle(command)


def test_the_guardian_die_and_fights_can_be_given(book: Book) -> None:
    play, lines = session(book)
    play.handle(":sod")
    play.handle(":travel Ailei,Beor up")
    play.handle(":explore Ailei")
    play.handle("lose")
    play.handle(":travel Beor left")
    for name in ("Ailei", "Beor"):
        play.handle(f":pass {name}")
    play.handle(":eod")
    play.handle(":guardian up")
    play.handle(":fight win")
    play.handle(":sod")
    shown = texts(lines)
    assert "[GRD-3] no connected card lies up: it goes to 110" in shown
    assert '[ARR-2] Beor fights "Mist Hound": win' in shown


def test_SAV_1_SAV_5_a_campaign_save_holds_the_world_and_resumes(book: Book, tmp_path: Path) -> None:
    play, _ = session(book)
    play.handle(":sod")
    play.handle(":travel Ailei,Beor up")
    play.write_save(tmp_path / "s.json", "s.json")
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert data["format"] == SAVE_FORMAT == 4
    assert data["world"]["positions"] == {"Ailei": 105, "Beor": 105}
    assert data["world"]["menhirs"] == [{"card": 101, "dial": 6}]
    loaded = parse_save((tmp_path / "s.json").read_text(encoding="utf-8"), book)
    again: list[Line] = []
    resumed = Session(book, again.append, party=("Ailei", "Beor"), campaign=True)
    resumed.start(loaded=loaded)
    assert resumed.layer is not None and resumed.layer.world() == data["world"]


def test_a_save_with_a_guardian_of_the_rule_data_resumes(book: Book, tmp_path: Path) -> None:
    """The guardian a save names may be typed rule data (no @encounter record of its name):
    the save resumes (it was refused before the web player's days met it)."""
    play, _ = session(book)
    for typed in (":sod", ":travel Ailei,Beor up", ":explore Ailei", "lose"):
        play.handle(typed)
    play.write_save(tmp_path / "s.json", "s.json")
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert data["world"]["guardians"] == [{"card": 105, "name": "Mist Hound"}]
    resumed = Session(book, [].append, party=("Ailei", "Beor"), campaign=True)
    resumed.start(loaded=parse_save((tmp_path / "s.json").read_text(encoding="utf-8"), book))
    assert resumed.layer is not None and resumed.layer.world() == data["world"]


def test_a_way_that_is_neither_a_direction_nor_a_card_is_refused_in_words(book: Book) -> None:
    play, _ = session(book)
    play.handle(":sod")
    said = r"^'sideways' is not a direction \(up, down, left, right\) nor a card's number$"
    with pytest.raises(SessionError, match=said):
        play.handle(":travel Ailei sideways")


def test_a_save_without_a_world_does_not_resume_a_campaign(book: Book) -> None:
    text = json.dumps({"format": 2, "kind": "tgc-save", "state": {"party": [{"name": "Ailei"}]}})
    loaded = parse_save(text, book)  # format 2 migrates: no world
    play = Session(book, [].append, campaign=True)
    with pytest.raises(SessionError, match="holds no campaign world"):
        play.start(loaded=loaded)


def test_a_world_that_does_not_fit_the_campaign_is_refused(book: Book) -> None:
    text = json.dumps({"format": 3, "kind": "tgc-save", "state": {"party": [{"name": "Ailei"}]},
                       "world": {"positions": {"Ailei": 999}}})
    play = Session(book, [].append, campaign=True)
    with pytest.raises(SessionError, match="location 999, which this campaign does not declare"):
        play.start(loaded=parse_save(text, book))


def test_the_save_schema_is_current(golden: Golden) -> None:
    golden(SCHEMA, save_schema())


def test_play_campaign_script_writes_the_final_state(tmp_path: Path) -> None:
    (tmp_path / "c.tgj").write_text(MAP, encoding="utf-8")
    script = tmp_path / "day.txt"
    script.write_text(":sod\n:travel Ailei,Beor up\n:pass Ailei\n:pass Beor\n:eod\n", encoding="utf-8")
    out = tmp_path / "final.json"
    result = CliRunner().invoke(cli, ["play", str(tmp_path), "--campaign", "--party", "Ailei,Beor",
                                       "--script", str(script), "--final-state", str(out)])
    assert result.exit_code == 0, result.output
    assert "> :travel Ailei,Beor up" in result.output and "[EOD-2]" in result.output
    world = json.loads(out.read_text(encoding="utf-8"))["world"]
    assert world["phase"] == "dusk" and world["positions"] == {"Ailei": 105, "Beor": 105}
    (tmp_path / "next.txt").write_text(":sod\n:travel Ailei,Beor down\n", encoding="utf-8")
    again = CliRunner().invoke(cli, ["play", str(tmp_path), "--campaign", "--state", str(out),
                                      "--script", str(tmp_path / "next.txt")])
    assert again.exit_code == 0, again.output
    assert "[EOD-6] day 2 dawns" in again.output and "Ailei and Beor travel to 101" in again.output


def test_final_state_needs_a_script(tmp_path: Path) -> None:
    (tmp_path / "c.tgj").write_text(MAP, encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", str(tmp_path), "--final-state", "x.json"])
    assert result.exit_code == 2 and "--final-state goes with --script" in result.output


def test_the_samples_campaign_transcripts_replay_from_the_bundle_alone(tmp_path: Path) -> None:
    """Issue 12's acceptance: `tgc play BUNDLE --campaign --script` on the inputs of the
    sample's whole-day transcripts (three days; a co-op death) prints each transcript's
    recorded play, its comments aside, from the built bundle with no sources in reach."""
    shutil.copytree(REPO / "journal_src", tmp_path / "src")  # a build writes tgc.lock
    built = CliRunner().invoke(cli, ["build", str(tmp_path / "src"), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    bundle = next((tmp_path / "out").glob("*.bundle.json"))
    shutil.rmtree(tmp_path / "src")
    for name in ("campaign-three-days", "campaign-co-op-death"):
        lines = (REPO / "journal_src" / "playtests" / f"{name}.transcript").read_text(
            encoding="utf-8").splitlines()
        head = lines[:lines.index("")]
        fields = dict(line[2:].split(": ", 1) for line in head[1:])
        script = tmp_path / f"{name}.txt"
        script.write_text("".join(f"{line[2:]}\n" for line in lines if line.startswith("> ")),
                          encoding="utf-8")
        played = CliRunner().invoke(cli, ["play", str(bundle), "--campaign", "--script", str(script),
                                          "--seed", fields["seed"], "--party",
                                          fields["party"].replace(" ", ""),
                                          "--fights", fields.get("fights", "ask")])
        assert played.exit_code == 0, played.output
        assert played.output.splitlines() == [line for line in lines if not line.startswith("# ")
                                               or line in head], name


def test_the_character_action_command(book: Book) -> None:
    play, lines = session(book)
    play.handle(":sod")
    with pytest.raises(SessionError, match="one character: only its owner takes it"):
        play.handle(":action Ailei,Beor")
    play.handle(":action Beor pay Beor=1,Ailei=1")
    assert "[ACT-5] Beor takes their Character Action (Energy paid: Beor 1, Ailei 1)" in texts(lines)
    assert "[ACT-5] Beor: gain 2 food" in texts(lines)
