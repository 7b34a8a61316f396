"""Scripts and transcript files: an input that does not fit stops the replay with an error
naming its line; transcript headers; comments kept; dice from the seed or the script."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_session import tiny
from tgc.playtest.session import Files
from tgc.playtest.transcript import (
    Header,
    Input,
    Replay,
    ScriptError,
    check_transcript,
    parse_transcript,
    read_script,
    replay,
)


def run(script: str, tmp_path: Path, **header: object) -> Replay:
    return replay(tiny(), Header(**header), read_script(script), name="s.txt",  # type: ignore[arg-type]
                  files=Files(write=tmp_path))


def test_read_script_keeps_line_numbers_and_comments() -> None:
    assert read_script("1\n\n  # why\n> Go home  \n") == [
        Input(1, "1"), Input(3, "# why"), Input(4, "> Go home")]


@pytest.mark.parametrize(("script", "line", "message"), [
    ("no\n9\n", 2, "there is no choice 9 (choices 1-3; 2 locked)"),
    ("no\n> Warm your hands\n", 2, "the choice 'Warm your hands' is locked (needs status \"Cold Pyre\" 2)"),
    ("# the guard's question first\n2\n", 2, 'the story asks "Is it night?" (yes or no), not \'2\''),
    ("no\nyes\n", 2, "the story waits for a choice"),
    ("yes\n2\nheads\n", 3, "the story waits for the encounter's outcome (win, lose, avoid), not 'heads'"),
    ("no\n> Go home\n1\n", 3, "the exploration has ended"),
    ("no\n:goto 101.99\n", 2, "the campaign has no verse 101.99"),
    ("no\n:frobnicate\n", 2, "unknown command ':frobnicate'"),
    ("no\n1\nroll 9\n", 3, "1d6 cannot show 9 (it shows 1-6)"),
])
def test_an_input_that_does_not_fit_names_its_line(tmp_path: Path, script: str, line: int,
                                                     message: str) -> None:
    result = run(script, tmp_path)
    assert result.error is not None
    assert (result.error.name, result.error.line) == ("s.txt", line)
    assert message in result.error.message
    assert str(result.error).startswith(f"s.txt:{line}: ")
    assert result.text.rstrip().endswith("> " + script.splitlines()[line - 1].strip())


def test_asked_dice_must_come_from_the_script(tmp_path: Path) -> None:
    result = run("no\n1\n1\n", tmp_path, ask_dice=True)
    assert result.error is not None and result.error.line == 3
    assert result.error.message == "the story waits for a roll (roll N) (dice: ask), not '1'"


def test_a_script_roll_or_the_seed(tmp_path: Path) -> None:
    given = run("no\n1\nroll 6\n", tmp_path)
    assert "~ roll d6: 6, +1 courage = 7" in given.text and given.error is None
    drawn = run("no\n1\n", tmp_path, seed=3)
    assert "~ roll d6: 2, +1 courage = 3" in drawn.text
    assert run("no\n1\n", tmp_path, seed=3).text == drawn.text


def test_comments_wait_for_the_dice_and_stay_in_the_transcript(tmp_path: Path) -> None:
    text = run("no\n1\n# after the roll\n:state\n# the end\n", tmp_path, seed=3).text
    assert text.index("~ roll d6") < text.index("# after the roll") < text.index("> :state")
    assert text.endswith("# the end\n")


def test_the_header_says_how_to_replay(tmp_path: Path) -> None:
    text = run("", tmp_path, start="102", seed=5, party=("Nia", "Bran"), ask_dice=True,
               show_locked=True).text
    assert text.splitlines()[:8] == [
        "# tgc transcript", "# campaign: Tiny Lanes", "# start: 102", "# seed: 5",
        "# party: Nia, Bran", "# dice: ask", "# locked: shown", ""]
    transcript = parse_transcript(text, "t")
    assert (transcript.header.start, transcript.header.seed, transcript.header.party) == ("102", 5,
                                                                                          ("Nia", "Bran"))
    assert transcript.header.ask_dice and transcript.header.show_locked


@pytest.mark.parametrize(("text", "line", "message"), [
    ("hello\n", 1, "a transcript starts with the line '# tgc transcript'"),
    ("# tgc transcript\n# seed: many\n", 2, "the seed is a whole number, not 'many'"),
    ("# tgc transcript\n# colour: blue\n", 2, "a header line is '# KEY: VALUE'"),
    ("# tgc transcript\n# dice: loaded\n", 2, "dice are 'ask' or 'random'"),
    ("# tgc transcript\n# locked: maybe\n", 2, "locked choices are 'shown' or 'hidden'"),
])
def test_a_header_that_cannot_be_read(text: str, line: int, message: str) -> None:
    with pytest.raises(ScriptError) as caught:
        parse_transcript(text, "t.transcript")
    assert (caught.value.line, caught.value.message[:len(message)]) == (line, message)


@pytest.mark.parametrize(("header", "line", "message"), [
    ("# campaign: Other\n", 2, 'this transcript plays "Other", not "Tiny Lanes"'),
    ("# start: 101.99\n", 2, "the campaign has no verse 101.99"),
    ("# state: nothing.json\n", 2, "nothing.json: cannot read the save file"),
])
def test_a_header_that_does_not_fit_the_campaign(tmp_path: Path, header: str, line: int,
                                                 message: str) -> None:
    path = tmp_path / "t.transcript"
    path.write_text(f"# tgc transcript\n{header}\n> 1\n", encoding="utf-8")
    outcome = check_transcript(path, tiny())
    assert outcome.error is not None and outcome.error.line == line
    assert message in outcome.error.message


def test_check_reports_a_diff_and_update_rewrites(tmp_path: Path) -> None:
    path = tmp_path / "t.transcript"
    path.write_text("# tgc transcript\n# start: 102\n\n> 2\n", encoding="utf-8")
    outcome = check_transcript(path, tiny())
    assert not outcome.ok and outcome.error is None
    assert "+== 102.1\n" in outcome.diff and outcome.diff.startswith(f"--- {path} (expected)\n")
    assert check_transcript(path, tiny(), update=True).updated
    assert check_transcript(path, tiny()).ok
    assert "> 2\n\nExploration ends.\n" in path.read_text(encoding="utf-8")


def test_update_leaves_a_transcript_whose_inputs_fail(tmp_path: Path) -> None:
    path = tmp_path / "t.transcript"
    path.write_text("# tgc transcript\n# start: 102\n\n> 7\n", encoding="utf-8")
    outcome = check_transcript(path, tiny(), update=True)
    assert not outcome.updated and outcome.error is not None and outcome.error.line == 4
    assert path.read_text(encoding="utf-8") == "# tgc transcript\n# start: 102\n\n> 7\n"


def test_saves_of_a_checked_transcript_go_to_a_scratch_folder(tmp_path: Path) -> None:
    path = tmp_path / "t.transcript"
    path.write_text("# tgc transcript\n\n> :save here.json\n> :load here.json\n", encoding="utf-8")
    assert check_transcript(path, tiny(), update=True).updated
    assert check_transcript(path, tiny()).ok
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.transcript"]


def test_a_printed_line_never_looks_like_an_input(tmp_path: Path) -> None:
    from tgc.playtest.output import Line, plain_lines

    assert plain_lines(Line("prose", "> not an input")) == ["\\> not an input"]
    assert plain_lines(Line("info", "# not a comment")) == ["\\# not a comment"]
