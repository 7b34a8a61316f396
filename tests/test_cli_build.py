"""`tgc build` through click's CliRunner: exit codes, what is printed, what is written
(and, on any error, that nothing is)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.bundle_helpers import CAMPAIGNS, HEADER, LOCATION, SAMPLE, chain, write_campaign
from tgc.cli.main import cli
from tgc.render import FILES

BUNDLE = "test-campaign.bundle.json"
PAGES = ["test-campaign", *(f"test-campaign/{name}" for name in sorted(FILES))]


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def build(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli, ["build", *args], catch_exceptions=False)


def listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_help() -> None:
    result = CliRunner().invoke(cli, ["build", "--help"])
    assert result.exit_code == 0
    assert "--shuffle SEED" in result.output and "-o, --output" in result.output


@pytest.mark.parametrize("with_lock", [True, False], ids=["committed-lock", "no-lock"])
def test_sample_campaign_builds_to_the_golden_bytes(runner: CliRunner, tmp_path: Path,
                                                     with_lock: bool) -> None:
    """The sample's committed tgc.lock is what a build of it writes: with it the build
    leaves it alone, without it the build writes the same bytes again."""
    shutil.copytree(SAMPLE, tmp_path / "src")
    lock = tmp_path / "src" / "tgc.lock"
    if not with_lock:
        lock.unlink()
    result = build(runner, "src")
    assert result.exit_code == 0, result.output
    out = tmp_path / "build" / "the-lantern-stones-of-caer-morwen.bundle.json"
    assert out.read_bytes() == (CAMPAIGNS / "sample.bundle.json").read_bytes()
    size = out.stat().st_size
    wrote = [f"wrote build/the-lantern-stones-of-caer-morwen.bundle.json (119 verses, {size / 1024:.1f} KiB)",
             "wrote build/the-lantern-stones-of-caer-morwen/ (6 files; open index.html to print)"]
    if with_lock:
        assert result.output.splitlines()[-2:] == wrote and "updated" not in result.output
    else:
        assert result.output.splitlines()[-3:] == ["updated src/tgc.lock", *wrote]
    assert lock.read_bytes() == (SAMPLE / "tgc.lock").read_bytes()


def test_a_second_build_leaves_the_lock_alone(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    assert build(runner, "src", "-o", "out").exit_code == 0
    lock = tmp_path / "src" / "tgc.lock"
    stamp = lock.stat().st_mtime_ns
    os.utime(lock, ns=(stamp - 10**9, stamp - 10**9))
    result = build(runner, "src", "-o", "out")
    assert result.exit_code == 0
    assert "updated" not in result.output
    assert lock.stat().st_mtime_ns == stamp - 10**9
    assert listing(tmp_path / "out") == sorted([BUNDLE, *PAGES])


def test_no_html_writes_the_bundle_alone(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    result = build(runner, "src", "-o", "out", "--no-html")
    assert result.exit_code == 0
    assert listing(tmp_path / "out") == [BUNDLE]
    assert "index.html" not in result.output


def test_a_failing_render_writes_nothing(runner: CliRunner, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import tgc.render

    def broken(bundle: object) -> dict[str, str]:
        raise RuntimeError("template trouble")

    monkeypatch.setattr(tgc.render, "render_site", broken)
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    result = runner.invoke(cli, ["build", "src", "-o", "out"])
    assert result.exit_code == 3
    assert "internal error: RuntimeError: template trouble" in result.output
    assert not (tmp_path / "out").exists()
    assert listing(tmp_path / "src") == ["campaign.tgj"]  # not even tgc.lock

def test_errors_print_diagnostics_and_write_nothing(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", "== 101.1\n-> 101.9\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / BUNDLE).write_text("old bundle\n", encoding="utf-8")
    result = build(runner, "src", "-o", "out")
    assert result.exit_code == 1
    assert "error[TGC101]: no verse `101.9`" in result.output
    assert "wrote" not in result.output
    assert (tmp_path / "out" / BUNDLE).read_text(encoding="utf-8") == "old bundle\n"
    assert listing(tmp_path / "out") == [BUNDLE]
    assert listing(tmp_path / "src") == ["campaign.tgj"]


def test_errors_do_not_create_the_output_folder(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", "== 101.1\n-> 101.9\n")
    assert build(runner, "src").exit_code == 1
    assert not (tmp_path / "build").exists()


def test_a_corrupt_lock_stops_the_build(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    (tmp_path / "src" / "tgc.lock").write_text("[101]\nverses.well = two\n", encoding="utf-8")
    result = build(runner, "src")
    assert result.exit_code == 1
    assert "error[TGC130]" in result.output and "src/tgc.lock:2:1" in result.output
    assert "verses.well = two" in result.output  # the line itself, under the message
    assert not (tmp_path / "build").exists()
    assert (tmp_path / "src" / "tgc.lock").read_text(encoding="utf-8") == "[101]\nverses.well = two\n"


def test_a_numbered_verse_on_a_locked_number_stops_the_build(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    assert build(runner, "src").exit_code == 0  # well prints as 2
    write_campaign(tmp_path / "src", chain("101", ["well"]) + "== 101.2\n-> end\n")
    result = build(runner, "src")
    assert result.exit_code == 1
    assert "error[TGC131]: verse `101.2` prints as 2, which tgc.lock gives to `101.well`" in result.output


def test_shuffle_is_deterministic_and_the_lock_keeps_it(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", chain("101", ["a", "b", "c", "d", "e"]))
    bundle = tmp_path / "build" / BUNDLE
    assert build(runner, "src", "--shuffle", "11").exit_code == 0
    first = bundle.read_bytes()
    assert "shuffle = 11" in (tmp_path / "src" / "tgc.lock").read_text(encoding="utf-8")
    assert build(runner, "src", "--shuffle", "11").exit_code == 0
    assert bundle.read_bytes() == first
    assert build(runner, "src").exit_code == 0  # a later plain build keeps the shuffled numbers
    assert bundle.read_bytes() == first
    assert build(runner, "src", "--shuffle", "12").exit_code == 0
    assert bundle.read_bytes() != first


def test_silenced_errors_cannot_produce_a_bundle(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", "== 101.1\n-> 101.9\n")
    (tmp_path / "src" / "tgc.toml").write_text('[severity]\nTGC101 = "ignore"\n', encoding="utf-8")
    result = build(runner, "src")
    assert result.exit_code == 1
    assert "tgc: error: cannot build:" in result.output and "101.9" in result.output
    assert not (tmp_path / "build").exists()


def test_usage_errors(runner: CliRunner, tmp_path: Path) -> None:
    assert build(runner, "missing").exit_code == 2
    write_campaign(tmp_path / "src", chain("101", []))
    (tmp_path / "file").write_text("", encoding="utf-8")
    result = build(runner, "src", "-o", "file")
    assert result.exit_code == 2
    assert "file: not a folder" in result.output
    assert build(runner, "src", "--shuffle", "-1").exit_code == 2


def test_title_cannot_lead_outside_the_output_folder(runner: CliRunner, tmp_path: Path) -> None:
    header = '@campaign "../../etc/passwd"\n  start: 101\n\n@location 101 "Farm"\n  explore -> 101.1\n\n'
    write_campaign(tmp_path / "src", chain("101", []), header=header)
    assert build(runner, "src", "-o", "out").exit_code == 0
    assert listing(tmp_path / "out") == sorted(["etc-passwd.bundle.json", "etc-passwd",
                                                *(f"etc-passwd/{name}" for name in FILES)])


# ---------------------------------------------------------------- output failures (issue 18, point 10)


def test_a_long_title_builds_under_a_short_file_name(runner: CliRunner, tmp_path: Path) -> None:
    """A 250-character title used to fail with "file name too long" after tgc.lock was
    written; the file name is cut to 80 characters at a word."""
    header = HEADER.replace("Test Campaign", "The Long Night " * 17) + LOCATION
    write_campaign(tmp_path / "src", chain("101", ["well"]), header)
    result = build(runner, "src", "-o", "out", "--no-html")
    assert result.exit_code == 0, result.output
    [name] = listing(tmp_path / "out")
    assert name.startswith("the-long-night-the-long-night") and len(name) <= 80 + len(".bundle.json")


@pytest.mark.parametrize(("out", "prepare", "message"), [
    ("afile/sub", lambda root: (root / "afile").write_text("x", encoding="utf-8"), "afile is not a folder"),
    ("out", lambda root: (root / "out" / BUNDLE).mkdir(parents=True), "a folder of that name is in the way"),
    ("out", lambda root: (root / "out" / "test-campaign" / "index.html").mkdir(parents=True),
     "a folder of that name is in the way"),
])
def test_an_output_that_cannot_be_written_writes_nothing(runner: CliRunner, tmp_path: Path, out: str,
                                                         prepare: object, message: str) -> None:
    """Every path is proved writable first: a clear error (exit 1), no TGC999, and not
    even tgc.lock is left behind."""
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    prepare(tmp_path)  # type: ignore[operator]
    before = listing(tmp_path)
    result = build(runner, "src", "-o", out)
    assert result.exit_code == 1, result.output
    assert f"tgc: error: cannot write {out}/" in result.output and message in result.output
    assert "nothing was written" in result.output and "TGC999" not in result.output
    assert listing(tmp_path) == before


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs sysfs: a folder that refuses new files")
def test_an_output_folder_that_cannot_be_created_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    write_campaign(tmp_path / "src", chain("101", ["well"]))
    result = build(runner, "src", "-o", "/sys/tgc-out")
    assert result.exit_code == 1, result.output
    assert "cannot write /sys/tgc-out/" in result.output and "nothing was written" in result.output
    assert listing(tmp_path / "src") == ["campaign.tgj"]


def test_a_build_without_web_leaves_the_web_player_unloaded(tmp_path: Path) -> None:
    """Start-up is part of every build's cost: the web player's module and its XML reader
    are loaded only when the build writes play.html."""
    import json
    import subprocess
    import sys

    campaign = write_campaign(tmp_path / "c", chain("101", ["well"]))
    script = ("import json, sys\nfrom pathlib import Path\nfrom tgc.pipeline import build\n"
              f"result = build(Path({str(campaign)!r}), Path({str(tmp_path / 'out')!r}))\n"
              "print(json.dumps([result.errors, sorted(m for m in sys.modules "
              "if m == 'tgc.render.web' or m.startswith('xml'))]))")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          env={**os.environ, "TGC_CACHE_DIR": str(tmp_path / "cache")})
    assert json.loads(proc.stdout) == [0, []]
    assert (tmp_path / "out").is_dir()
