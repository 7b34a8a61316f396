"""The last-resort handler (issue 18, point 9): running out of memory, or a bug in a
command that catches nothing, ends in TGC999 and exit 3 on every command, never in a bare
traceback, even when the ordinary report itself cannot be written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BUNDLE = REPO / "tests" / "cases" / "campaigns" / "sample.bundle.json"

# A tgc process in which one library call fails as given; click.echo fails too when
# `echo_fails`, so the ordinary TGC999 report cannot be written either.
_DRIVER = """
import sys, click
import {module} as target
def broken(*args, **kwargs):
    raise {error}
target.{name} = broken
if {echo_fails}:
    def no_echo(*args, **kwargs):
        raise MemoryError
    click.echo = no_echo
from tgc.cli.main import main
main(sys.argv[1:])
"""


def _run(module: str, name: str, error: str, args: list[str], echo_fails: bool = False,
         cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    code = _DRIVER.format(module=module, name=name, error=error, echo_fails=echo_fails)
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120, check=False)


@pytest.mark.parametrize("echo_fails", [False, True])
def test_out_of_memory_in_check_is_tgc999_without_a_traceback(echo_fails: bool) -> None:
    done = _run("tgc.semantics.resolve", "resolve", "MemoryError", ["check", "journal_src"], echo_fails)
    assert done.returncode == 3, done.stderr
    assert "error[TGC999]: internal error: tgc ran out of memory" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_bug_in_a_command_that_catches_nothing_is_tgc999() -> None:
    done = _run("tgc.bundle.io", "load_bundle", "KeyError('verses')", ["render", str(BUNDLE), "-o",
                                                                          "/nonexistent/x"])
    assert done.returncode == 3, done.stderr
    assert "error[TGC999]: internal error: KeyError: 'verses'" in done.stderr
    assert "Please report it" in done.stderr
    assert "Traceback" not in done.stderr


def test_debug_still_shows_the_traceback() -> None:
    done = _run("tgc.bundle.io", "load_bundle", "KeyError('verses')", ["render", str(BUNDLE), "--debug"])
    assert done.returncode == 3
    assert "Traceback" in done.stderr and "broken" in done.stderr


def test_a_corrupt_bundle_is_a_usage_error_for_render(tmp_path: Path) -> None:
    text = BUNDLE.read_text(encoding="utf-8")
    for name, corrupt in (("deep", "[" * 100_000 + "]" * 100_000),
                          ("big", text.replace('"format":3', '"format":' + "9" * 5000, 1)),
                          ("half", text[: len(text) // 2])):
        path = tmp_path / f"{name}.bundle.json"
        path.write_text(corrupt, encoding="utf-8")
        done = subprocess.run([sys.executable, "-m", "tgc", "render", str(path)], capture_output=True,
                              text=True, cwd=REPO, timeout=120, check=False)
        assert done.returncode == 2, (name, done.stderr)
        assert "Traceback" not in done.stderr and "TGC999" not in done.stderr
        assert not (tmp_path / name).exists()
