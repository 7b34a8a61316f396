"""A `tgc` process ends the quick way (tgc/cli/process.py: no collector for short-lived
commands, no interpreter teardown) and nothing a user sees changes: the exit statuses,
everything printed (more than a pipe holds at once), and every file a build writes are
the same as the command run in-process through click."""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.bundle_helpers import SAMPLE
from tgc.cli import process
from tgc.cli.main import cli

REPO = Path(__file__).resolve().parent.parent


def tgc(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, TGC_CACHE_DIR=str(cwd / "parse-cache"))
    return subprocess.run([sys.executable, "-m", "tgc", *args], cwd=cwd, env=env,
                          capture_output=True, timeout=120)


def listing(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def broken_campaign(folder: Path, verses: int) -> Path:
    """A campaign whose every verse diverts to a missing verse: one error each."""
    lines = ['@campaign "Broken"', "  start: 101", "", '@location 101 "Farmhold"',
             "  explore -> 101.1", ""]
    for n in range(1, verses + 1):
        lines += [f"== 101.{n}", "The farm is quiet.", f"-> 101.{n + 5000}", ""]
    root = folder / "broken"
    root.mkdir()
    (root / "campaign.tgj").write_text("\n".join(lines), encoding="utf-8")
    (folder / "tgc.toml").write_text("", encoding="utf-8")
    return root


def test_check_prints_everything_and_exits_1_as_in_process(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Far more than a pipe's 64 KiB of diagnostics: none lost by leaving without teardown."""
    broken_campaign(tmp_path, 600)
    done = tgc("check", "broken", "--no-color", cwd=tmp_path)
    monkeypatch.chdir(tmp_path)
    inside = CliRunner().invoke(cli, ["check", "broken", "--no-color"])
    assert done.returncode == 1 == inside.exit_code
    assert len(done.stdout) > 65536
    assert done.stdout.decode() == inside.stdout
    assert done.stdout.decode().count("TGC101") >= 600


def test_clean_check_exits_0_and_a_usage_error_2(tmp_path: Path) -> None:
    shutil.copytree(SAMPLE, tmp_path / "src")
    clean = tgc("check", "src", cwd=tmp_path)
    assert (clean.returncode, clean.stdout) == (0, b"no problems found\n")
    missing = tgc("check", "nowhere", cwd=tmp_path)
    assert missing.returncode == 2 and b"tgc: error:" in missing.stderr
    unknown = tgc("chek", cwd=tmp_path)
    assert unknown.returncode == 2 and b"No such command 'chek'" in unknown.stderr


def test_a_build_writes_the_same_bytes_as_in_process(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(SAMPLE, tmp_path / "src")
    done = tgc("build", "src", "-o", "out-process", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    monkeypatch.chdir(tmp_path)
    inside = CliRunner().invoke(cli, ["build", "src", "-o", "out-inside"])
    assert inside.exit_code == 0, inside.output
    written = listing(tmp_path / "out-process")
    assert written and written == listing(tmp_path / "out-inside")
    assert done.stdout.decode() == inside.stdout.replace("out-inside", "out-process")


def test_an_exploration_reports_the_same_as_in_process(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The process freezes the search's tables before its report (process.settle); the
    report and the exit status are those of the command run in-process."""
    shutil.copytree(SAMPLE, tmp_path / "src")
    args = ["explore", "src", "--format", "json", "--max-states", "400"]
    done = tgc(*args, cwd=tmp_path)
    monkeypatch.chdir(tmp_path)
    gc.unfreeze()
    inside = CliRunner().invoke(cli, args)
    assert done.returncode == inside.exit_code
    mine, theirs = json.loads(done.stdout), json.loads(inside.stdout)
    assert mine.pop("seconds") >= 0 and theirs.pop("seconds") >= 0
    assert mine == theirs and mine["states"] == 400
    assert gc.get_freeze_count() == 0  # in-process, nothing is frozen


def test_a_closed_pipe_is_not_a_traceback(tmp_path: Path) -> None:
    """`tgc check | head -1`: the reader goes away; tgc says nothing more and fails."""
    broken_campaign(tmp_path, 600)
    env = dict(os.environ, TGC_CACHE_DIR=str(tmp_path / "parse-cache"))
    with subprocess.Popen([sys.executable, "-m", "tgc", "check", "broken", "--format", "concise"],
                          cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=120) != 0
    assert b"TGC101" in first and b"Traceback" not in err


def test_the_collector_is_off_only_for_short_lived_commands() -> None:
    code = ("import gc, sys\nfrom tgc.cli import process\nprocess.start(sys.argv[1:])\n"
            "print(gc.isenabled())")
    for args, enabled in ((["check", "x"], "False"), (["--color", "build"], "False"),
                          (["play", "x"], "True"), (["explore"], "True")):
        done = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True,
                              text=True, timeout=60)
        assert done.stdout.strip() == enabled, args


def test_a_library_caller_keeps_its_collector(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process (tests, the API) nothing is frozen and the collector stays as it was."""
    shutil.copytree(SAMPLE, tmp_path / "src")
    monkeypatch.chdir(tmp_path)
    gc.unfreeze()  # an earlier test's language-server session may have frozen this process
    result = CliRunner().invoke(cli, ["sim", "Marsh Boar", "-C", "src", "-n", "5"])
    assert result.exit_code == 0, result.output
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_exit_statuses_of_sys_exit(capsys: pytest.CaptureFixture[str]) -> None:
    assert process.status_of(SystemExit()) == 0
    assert process.status_of(SystemExit(2)) == 2
    assert process.status_of(SystemExit("tgc: stopped")) == 1
    assert capsys.readouterr().err == "tgc: stopped\n"
