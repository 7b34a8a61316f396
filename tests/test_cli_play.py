"""`tgc play` and `tgc test` through click's CliRunner: what is printed, exit codes (0 done,
1 a script input or transcript that does not fit, 2 a campaign, bundle, save or state
file that cannot be used), and never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.golden import Golden
from tgc.cli.main import cli

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "journal_src"
TINY = REPO / "tests" / "cases" / "play" / "tiny"
START = SAMPLE / "playtests" / "start.transcript"


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def tgc(runner: CliRunner, *args: str, input: str | None = None) -> Result:
    result = runner.invoke(cli, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def script_of(transcript: Path, out: Path) -> Path:
    """The inputs of a transcript as a plain script file."""
    lines = transcript.read_text(encoding="utf-8").splitlines()
    body = lines[lines.index("") + 1:]
    out.write_text("".join(f"{line[2:]}\n" for line in body if line.startswith("> ")), encoding="utf-8")
    return out


def test_play_script_prints_the_transcript_of_the_sample_start(runner: CliRunner, tmp_path: Path) -> None:
    script = script_of(START, tmp_path / "start.txt")
    result = tgc(runner, "play", str(SAMPLE), "--script", str(script), "--fights", "ask")
    assert result.exit_code == 0, result.output
    header, _, body = START.read_text(encoding="utf-8").partition("\n\n")
    body = "\n".join(line for line in body.split("\n") if not line.startswith("#"))
    assert result.stdout == f"{header}\n\n{body}"  # the script had no comments


def test_play_script_writes_a_transcript_that_tgc_test_replays(runner: CliRunner, tmp_path: Path) -> None:
    campaign = tmp_path / "tiny"
    shutil.copytree(TINY, campaign, ignore=shutil.ignore_patterns("playtests"))
    state = tmp_path / "rite.json"
    state.write_text('{"format": 1, "state": {"secrets": [12]}}', encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("# the mill\n:state\n", encoding="utf-8")
    out = campaign / "playtests" / "mill.transcript"
    result = tgc(runner, "play", str(campaign), "--script", str(script), "--at", "102", "--state",
                 str(state), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}\n"
    text = out.read_text(encoding="utf-8")
    assert "# state: ../../rite.json\n" in text and "== 102.2\n" in text
    result = tgc(runner, "test", str(campaign))
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("1 transcript(s): 1 passed\n")


def test_play_script_error_names_the_line_and_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("no\n# then\n7\n", encoding="utf-8")
    result = tgc(runner, "play", str(TINY), "--script", str(script))
    assert result.exit_code == 1
    assert result.stderr == f"tgc: error: {script}:3: there is no choice 7 (choices 1-3; 2 locked)\n"
    assert result.stdout.endswith("> 7\n")


@pytest.mark.parametrize("target", ["../escaped.json", "/tmp/tgc-escaped.json", "out/x.json"])
def test_play_script_saves_stay_in_the_working_folder(runner: CliRunner, tmp_path: Path,
                                                      target: str) -> None:
    """`:save` in a script cannot write an absolute path, climb out with '..' or leave
    through a link (issue 18, point 14), as `tgc test` already refused."""
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (tmp_path / "out").symlink_to(outside)
    script = tmp_path / "s.txt"
    script.write_text(f"no\n:save {target}\n", encoding="utf-8")
    result = tgc(runner, "play", str(TINY), "--script", str(script))
    assert result.exit_code == 1
    assert "a script writes only in its own folder" in result.stderr
    assert not (tmp_path.parent / "escaped.json").exists()
    assert not Path("/tmp/tgc-escaped.json").exists()
    assert not list(outside.iterdir())


def test_play_script_saves_inside_the_working_folder(runner: CliRunner, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("no\n:save saves/mid.json\n", encoding="utf-8")
    (tmp_path / "saves").mkdir()
    result = tgc(runner, "play", str(TINY), "--script", str(script))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "saves" / "mid.json").is_file()


@pytest.mark.parametrize(("content", "message"), [
    ("{ nope", "not JSON"),
    ('{"format": 3, "kind": "tgc-bundle"}', "not a valid bundle"),
    ('{"format": 2, "kind": "tgc-bundle"}', "bundle format 2 is older than the format this tgc reads (3"),
])
def test_a_corrupt_bundle_exits_2(runner: CliRunner, tmp_path: Path, content: str, message: str) -> None:
    bundle = tmp_path / "x.bundle.json"
    bundle.write_text(content, encoding="utf-8")
    result = tgc(runner, "play", str(bundle))
    assert result.exit_code == 2
    assert result.stderr.startswith("tgc: error: ") and message in result.stderr


def test_a_campaign_with_errors_exits_2_with_its_diagnostics(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "a.tgj").write_text("== 201.1\nHello.\n-> 9\n", encoding="utf-8")
    result = tgc(runner, "play", str(tmp_path / "bad"))
    assert result.exit_code == 2
    assert "error[TGC101]" in result.stderr and "the campaign has 3 error(s)" in result.stderr


def test_a_corrupt_state_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    state = tmp_path / "s.json"
    state.write_text('{"format": 1, "state": {"statuses": {"Nope": [1]}}}', encoding="utf-8")
    for extra in ([], ["--script", str(state)]):
        result = tgc(runner, "play", str(TINY), "--state", str(state), *extra)
        assert result.exit_code == 2
        assert 'the campaign declares no status "Nope"' in result.stderr


def test_usage_errors_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    assert tgc(runner, "play", str(TINY), "-o", "x.transcript").exit_code == 2
    result = tgc(runner, "play", str(TINY), "--at", "101.99", input=":quit\n")
    assert result.exit_code == 2 and "the campaign has no verse 101.99" in result.stderr
    assert tgc(runner, "play", str(TINY), "--script", "missing.txt").exit_code == 2


def test_a_bad_start_names_what_was_meant(runner: CliRunner, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("1\n", encoding="utf-8")
    result = tgc(runner, "play", str(SAMPLE), "--at", "999", "--script", str(script))
    assert result.exit_code == 2  # the command line's mistake, not the script's line 1
    assert "--at 999: 999 is neither a location nor a verse of section 201" in result.stderr
    assert f"{script}:1" not in result.stderr
    result = tgc(runner, "play", str(SAMPLE), "--at", "999.1", "--script", str(script))
    assert result.exit_code == 2 and "no section 999, so no verse 999.1" in result.stderr
    result = tgc(runner, "play", str(SAMPLE), input=":goto 999.1\n:quit\n")
    assert "the campaign has no section 999" in result.output and "201.999" not in result.output


def test_interactive_session(runner: CliRunner, golden: Golden, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # rich wraps to the terminal's width
    inputs = "no\n9\n:set food x\n> Take\n:undo\n3\n:goto 101.2.climb\n2\n:state\n:quit\n"
    result = tgc(runner, "play", str(TINY), "--seed", "2", "--show-locked", "--no-color", input=inputs)
    assert result.exit_code == 0
    golden(REPO / "tests" / "cases" / "play" / "interactive.txt", result.stdout)


def test_interactive_session_ends_at_end_of_input(runner: CliRunner) -> None:
    result = tgc(runner, "play", str(TINY), "--seed", "1", "--ask-dice", "--party", "Nia,Bran",
                 input="no\n1\nroll 1\n")
    assert result.exit_code == 0
    assert "? roll d6 (+1 courage): what do the dice show (1-6)?" in result.stdout
    assert "Nia 8->7, Bran 8->7" in result.stdout


def test_random_playthroughs_report_coverage(runner: CliRunner) -> None:
    result = tgc(runner, "play", str(TINY), "--random", "20", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("20 random playthrough(s) from seed 3: ")
    assert "  verses: " in result.stdout and "  secrets: " in result.stdout
    assert tgc(runner, "play", str(TINY), "--random", "2", "--script", "x").exit_code == 2


# ---------------------------------------------------------------- tgc test


def test_tgc_test_passes_and_fails_with_a_diff(runner: CliRunner, tmp_path: Path) -> None:
    campaign = tmp_path / "tiny"
    shutil.copytree(TINY, campaign)
    result = tgc(runner, "test", str(campaign))
    assert result.exit_code == 0, result.output
    assert "ok      " in result.stdout
    lanes = campaign / "playtests" / "lanes.transcript"
    lanes.write_text(lanes.read_text(encoding="utf-8").replace("You fall.", "You tumble."), encoding="utf-8")
    result = tgc(runner, "test", str(campaign), "--no-color")
    assert result.exit_code == 1
    assert f"FAIL    {lanes}" in result.stdout
    assert "-You tumble.\n+You fall.\n" in result.stdout
    assert result.stdout.endswith("1 failed\n")
    result = tgc(runner, "test", str(campaign), "--update")
    assert result.exit_code == 0 and f"updated {lanes}" in result.stdout
    assert "You fall." in lanes.read_text(encoding="utf-8")


def test_tgc_test_reports_an_input_that_no_longer_fits(runner: CliRunner, tmp_path: Path) -> None:
    campaign = tmp_path / "tiny"
    shutil.copytree(TINY, campaign)
    path = campaign / "playtests" / "toll.transcript"
    path.write_text(path.read_text(encoding="utf-8").replace("> > Pay the toll", "> > Bribe"),
                    encoding="utf-8")
    result = tgc(runner, "test", str(campaign), str(path), "--update")
    assert result.exit_code == 1
    assert "no offered choice starts with 'Bribe'" in result.stdout
    assert result.stdout.endswith("1 transcript(s): 0 passed, 1 failed\n")


def test_tgc_test_on_a_bundle_needs_the_transcripts(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(TINY, tmp_path / "tiny")  # a build writes tgc.lock beside the sources
    assert tgc(runner, "build", str(tmp_path / "tiny"), "-o", str(tmp_path / "out")).exit_code == 0
    bundle = tmp_path / "out" / "tiny-lanes.bundle.json"
    result = tgc(runner, "test", str(bundle))
    assert result.exit_code == 2 and "name the transcripts" in result.stderr
    result = tgc(runner, "test", str(bundle), str(TINY / "playtests"))
    assert result.exit_code == 0, result.output


def test_tgc_test_without_transcripts_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(TINY, tmp_path / "tiny", ignore=shutil.ignore_patterns("playtests"))
    result = tgc(runner, "test", str(tmp_path / "tiny"))
    assert result.exit_code == 2 and "no *.transcript files under" in result.stderr


# ---------------------------------------------------------------- drafts (issue 10, point 8)


def _broken_tiny(tmp_path: Path) -> Path:
    """The tiny campaign with one error, in verse 101.3 (a part its status does not have)."""
    campaign = tmp_path / "tiny"
    shutil.copytree(TINY, campaign)
    source = campaign / "campaign.tgj"
    text = source.read_text(encoding="utf-8")
    assert 'Warm.\n~ mark "Cold Pyre" 3' in text
    source.write_text(text.replace('Warm.\n~ mark "Cold Pyre" 3', 'Warm.\n~ mark "Cold Pyre" 9'),
                      encoding="utf-8")
    return campaign


def test_a_draft_plays_up_to_its_broken_verse(runner: CliRunner, tmp_path: Path) -> None:
    campaign = _broken_tiny(tmp_path)
    (tmp_path / "none.txt").write_text("", encoding="utf-8")
    result = tgc(runner, "play", str(campaign), "--at", "101.3", "--script", str(tmp_path / "none.txt"))
    assert result.exit_code == 0, result.output
    assert "tgc: draft: 1 error(s) remain, in 1 verse(s) (101.3); play stops there." in result.stderr
    assert "[draft: 101.3 has 1 error(s): TGC" in result.stdout and "play stops here" in result.stdout
    assert "Dead end in 101.3" in result.stdout
    result = tgc(runner, "play", str(campaign), "--at", "101.1", "--script", str(tmp_path / "none.txt"))
    assert result.exit_code == 0 and "A crossroads under a" in result.stdout


def test_strict_refuses_a_draft(runner: CliRunner, tmp_path: Path) -> None:
    campaign = _broken_tiny(tmp_path)
    for command in (["play"], ["explore"], ["test"]):
        result = tgc(runner, *command, str(campaign), "--strict")
        assert result.exit_code == 2, (command, result.output)
        assert "the campaign has 1 error(s)" in result.stderr


def test_a_draft_is_explored_and_its_transcripts_replayed(runner: CliRunner, tmp_path: Path) -> None:
    campaign = _broken_tiny(tmp_path)
    result = tgc(runner, "explore", str(campaign), "--format", "json")
    assert result.exit_code == 1, result.output  # the broken verse is a dead end
    assert '"101.3"' in result.stdout and "tgc: draft: 1 error(s)" in result.stderr
    result = tgc(runner, "test", str(campaign), "--no-color")
    assert "tgc: draft: 1 error(s)" in result.stderr
    assert result.exit_code == 1, result.output  # lanes.transcript passes through 101.3
    assert "ok      " in result.stdout and "FAIL    " in result.stdout
    assert "+[draft: 101.3 has 1 error(s): TGC" in result.stdout


def test_an_error_outside_every_verse_still_refuses_the_draft(runner: CliRunner, tmp_path: Path) -> None:
    campaign = _broken_tiny(tmp_path)
    source = campaign / "campaign.tgj"
    source.write_text(source.read_text(encoding="utf-8") + '\n@status "Frost" parts 0\n', encoding="utf-8")
    result = tgc(runner, "play", str(campaign))
    assert result.exit_code == 2
    assert "not all in verses, so it cannot be played as a draft" in result.stderr


# ---------------------------------------------------------------- structure only (issue 10, point 9)


def test_a_prose_edit_fails_the_text_and_passes_the_structure(runner: CliRunner, tmp_path: Path) -> None:
    campaign = tmp_path / "tiny"
    shutil.copytree(TINY, campaign)
    source = campaign / "campaign.tgj"
    source.write_text(source.read_text(encoding="utf-8").replace("You fall.", "You tumble down."),
                      encoding="utf-8")
    lanes = campaign / "playtests" / "lanes.transcript"
    result = tgc(runner, "test", str(campaign), str(lanes), "--no-color")
    assert result.exit_code == 1
    assert "(only the prose differs: the verses, choices, effects and state are the same;" in result.stdout
    result = tgc(runner, "test", str(campaign), str(lanes), "--structure")
    assert result.exit_code == 0, result.output
    assert f"ok      {lanes}  (the prose differs; the structure is the same)" in result.stdout
    text = lanes.read_text(encoding="utf-8")
    lanes.write_text(text.replace("# locked: shown\n", "# locked: shown\n# compare: structure\n"),
                     encoding="utf-8")
    assert tgc(runner, "test", str(campaign), str(lanes)).exit_code == 0


def test_a_changed_effect_fails_the_structure(runner: CliRunner, tmp_path: Path) -> None:
    campaign = tmp_path / "tiny"
    shutil.copytree(TINY, campaign)
    source = campaign / "campaign.tgj"
    source.write_text(source.read_text(encoding="utf-8").replace("You fall.\n~ lose 1 health",
                                                                 "You fall.\n~ lose 2 health"),
                      encoding="utf-8")
    lanes = campaign / "playtests" / "lanes.transcript"
    result = tgc(runner, "test", str(campaign), str(lanes), "--structure", "--no-color")
    assert result.exit_code == 1
    assert "-  ~ lose 1 health" in result.stdout and "+  ~ lose 2 health" in result.stdout
    assert "only the prose differs" not in result.stdout


def test_a_transcript_compares_by_text_or_structure_only(runner: CliRunner, tmp_path: Path) -> None:
    campaign = tmp_path / "tiny"
    shutil.copytree(TINY, campaign)
    lanes = campaign / "playtests" / "lanes.transcript"
    text = lanes.read_text(encoding="utf-8")
    lanes.write_text(text.replace("# seed: 1\n", "# seed: 1\n# compare: words\n"), encoding="utf-8")
    result = tgc(runner, "test", str(campaign), str(lanes))
    assert result.exit_code == 1
    assert "a transcript is compared by 'text' or 'structure', not 'words'" in result.stdout
