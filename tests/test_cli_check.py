"""`tgc check` through click's CliRunner in an isolated folder: exit statuses (0 clean,
1 errors, 2 usage error, 3 internal error), every output format on a small broken
campaign (golden files in tests/cases/cli/), files that cannot be read, and the
default folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import tgc.version
from tests.golden import Golden
from tgc.cli.main import cli
from tgc.diagnostics.codes import CATALOGUE
from tgc.diagnostics.render import sarif

CASES = Path(__file__).parent / "cases" / "cli"
BROKEN = CASES / "broken"
SUFFIXES = {"human": "human.txt", "concise": "concise.txt", "json": "json",
            "sarif": "sarif.json", "github": "github.txt"}
CLEAN = ('@campaign "Clean"\n  start: 101\n\n@location 101 "Farmhold"\n  explore -> 101.1\n\n'
         "== 101.1\nThe farm is quiet.\n-> end\n")


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")  # no configuration from above
    return CliRunner()


def check(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli, ["check", *args])


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ exit statuses


def test_a_clean_campaign_exits_0(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "camp/campaign.tgj", CLEAN)
    result = check(runner, "camp")
    assert result.exit_code == 0, result.output
    assert result.stdout == "no problems found\n"


def test_errors_exit_1(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "camp/campaign.tgj", CLEAN.replace("-> end", "-> 9"))
    result = check(runner, "camp", "--format", "concise")
    assert result.exit_code == 1
    assert result.stdout == ("camp/campaign.tgj:9:4: error[TGC101] no verse `101.9` "
                             "(hint: did you mean `101.1`?)\n")


def test_warnings_exit_0_unless_strict(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "camp/campaign.tgj", CLEAN.replace("quiet", "quiet :gold:"))
    assert check(runner, "camp").exit_code == 0
    assert check(runner, "camp", "--strict").exit_code == 1


def test_an_internal_error_exits_3_with_a_bug_report_hint(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_pass(campaign: object) -> object:
        raise RuntimeError("the resolver fell over")

    monkeypatch.setattr("tgc.semantics.resolve.resolve", broken_pass)
    write(tmp_path, "camp/campaign.tgj", CLEAN)
    result = check(runner, "camp")
    assert result.exit_code == 3
    assert "error[TGC999]: internal error: RuntimeError: the resolver fell over" in result.stderr
    assert "Please report it" in result.stderr
    assert "Traceback" not in result.output
    debug = check(runner, "camp", "--debug")
    assert debug.exit_code == 3
    assert "Traceback" in debug.stderr and "broken_pass" in debug.stderr


@pytest.mark.parametrize("args", [["no-such-folder"], ["camp", "--format", "xml"],
                                  ["camp", "--jobs", "-1"], ["camp", "--no-such-option"]])
def test_usage_errors_exit_2(runner: CliRunner, tmp_path: Path, args: list[str]) -> None:
    write(tmp_path, "camp/campaign.tgj", CLEAN)
    result = check(runner, *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""


def test_a_missing_folder_is_named(runner: CliRunner) -> None:
    result = check(runner, "no-such-folder")
    assert result.exit_code == 2
    assert result.stderr == "tgc: error: no-such-folder: no such directory\n"


def test_a_folder_without_tgj_files_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "notes/readme.txt", "no journal here\n")
    result = check(runner, "notes")
    assert result.exit_code == 2
    assert result.stderr == "tgc: error: notes: no .tgj files found\n"


# ------------------------------------------------------------------ every format


@pytest.fixture
def stable_sarif(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed version and only the reported rules, so the golden does not change each
    time the catalogue grows (tests/test_render.py checks the whole catalogue)."""
    monkeypatch.setattr(tgc.version, "__version__", "0.0.0+golden")
    codes = {"TGC001", "TGC007", "TGC101", "TGC110", "TGC112"}
    monkeypatch.setattr(sarif, "CATALOGUE", {c: r for c, r in CATALOGUE.items() if c in codes})


@pytest.mark.parametrize("fmt", sorted(SUFFIXES))
def test_every_format_on_a_broken_campaign(runner: CliRunner, tmp_path: Path, golden: Golden,
                                           stable_sarif: None, fmt: str) -> None:
    shutil.copytree(BROKEN, tmp_path / "broken")
    result = check(runner, "broken", "--format", fmt, "--no-color")
    assert result.exit_code == 1
    assert result.stderr == ""
    golden(CASES / f"broken.{SUFFIXES[fmt]}", result.stdout)


def test_colour_only_when_asked(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(BROKEN, tmp_path / "broken")
    assert "\x1b[" not in check(runner, "broken").stdout  # CliRunner is no terminal
    assert "\x1b[" in check(runner, "broken", "--color").stdout


def test_worker_processes_give_the_same_report(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(BROKEN, tmp_path / "broken")
    one = check(runner, "broken", "--format", "json", "--jobs", "1")
    two = check(runner, "broken", "--format", "json", "--jobs", "2")
    assert (one.exit_code, one.stdout) == (two.exit_code, two.stdout)


# ------------------------------------------------------------------ files that cannot be read


def test_invalid_utf8_is_tgc006_at_the_bad_byte(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "camp/campaign.tgj", CLEAN)
    write(tmp_path, "camp/latin1.tgj", "== 101.2\nThe caf\xe9 is closed.\n-> end\n".encode("latin-1"))
    result = check(runner, "camp", "--format", "concise")
    assert result.exit_code == 1
    assert result.stdout == ("camp/latin1.tgj:2:8: error[TGC006] cannot read camp/latin1.tgj: "
                             "not valid UTF-8 (byte 0xe9) (hint: save the file as UTF-8)\n")


def test_a_bom_and_crlf_are_fine(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "camp/campaign.tgj", b"\xef\xbb\xbf" + CLEAN.replace("\n", "\r\n").encode())
    assert check(runner, "camp").exit_code == 0


def test_an_unreadable_file_is_tgc006(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "camp/campaign.tgj", CLEAN)
    (tmp_path / "camp" / "gone.tgj").symlink_to(tmp_path / "nowhere.tgj")  # a dangling link
    result = check(runner, "camp", "--format", "concise")
    assert result.exit_code == 1
    # (The file is named by where the link points: display names are resolved paths.)
    assert ":1:1: error[TGC006] cannot read " in result.stdout
    assert "No such file or directory" in result.stdout


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_a_file_without_read_permission_is_tgc006(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "camp/campaign.tgj", CLEAN)
    secret = write(tmp_path, "camp/secret.tgj", "== 101.2\n-> end\n")
    secret.chmod(0)
    try:
        result = check(runner, "camp", "--format", "concise")
    finally:
        secret.chmod(0o644)
    assert result.exit_code == 1
    assert "camp/secret.tgj:1:1: error[TGC006]" in result.stdout
    assert "Permission denied" in result.stdout


# ------------------------------------------------------------------ the default folder


def test_no_argument_checks_journal_src(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "journal_src/campaign.tgj", CLEAN.replace("-> end", "-> 9"))
    write(tmp_path, "elsewhere.tgj", "this file is not part of the campaign\n")
    result = check(runner, "--format", "concise")
    assert result.exit_code == 1
    assert result.stdout == ("journal_src/campaign.tgj:9:4: error[TGC101] no verse `101.9` "
                             "(hint: did you mean `101.1`?)\n")


def test_no_argument_and_no_journal_src_checks_the_current_folder(
        runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "campaign.tgj", CLEAN)
    result = check(runner)
    assert result.exit_code == 0, result.output


def test_no_argument_refuses_a_folder_of_several_campaigns(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "one/campaign.tgj", CLEAN)
    write(tmp_path, "two/campaign.tgj", CLEAN.replace("-> end", "-> 9"))
    result = check(runner)
    assert result.exit_code == 2
    assert "2 campaigns below this folder (one, two)" in result.stderr
    assert result.stdout == ""


def test_no_argument_names_the_one_campaign_it_chose(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "drafts/ashes/campaign.tgj", CLEAN.replace("-> end", "-> 9"))
    write(tmp_path, "drafts/ashes/more.tgj", "== 101.2\n-> end\n")
    result = check(runner, "--format", "concise")
    assert result.exit_code == 1
    assert "using the campaign in drafts/ashes" in result.stderr
    assert "drafts/ashes/campaign.tgj:9:4: error[TGC101]" in result.stdout


def test_jobs_0_means_one_per_core_as_in_sim(runner: CliRunner, tmp_path: Path) -> None:
    write(tmp_path, "campaign.tgj", CLEAN)
    result = check(runner, "--jobs", "0", ".")
    assert result.exit_code == 0, result.output


def test_help_gives_each_command_its_whole_first_sentence(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["--help"])
    text = " ".join(result.output.split())
    assert "..." not in result.output.partition("Commands:")[2]
    assert "Check a campaign folder, then re-check it whenever a .tgj file changes." in text
    assert "Parse and check a campaign folder (default: ./journal_src, else .)." in text
