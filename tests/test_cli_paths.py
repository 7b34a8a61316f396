"""A path the operating system refuses (here a name longer than a file system allows) is
the user's to fix: every command says which path and why, with a hint, and exits 2 as for
any other usage error. It is never TGC999, which tells the user to report a bug (issue 18:
run 3 of the fuzzing found this through the harness)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.cli.main import main

SAMPLE = Path(__file__).resolve().parents[1] / "journal_src"
LONG = "n" * 300  # more than the 255 bytes a name may have


@pytest.mark.parametrize("args", [
    ["check", LONG], ["play", LONG], ["explore", LONG], ["fmt", LONG], ["test", LONG],
    ["graph", LONG], ["build", str(SAMPLE), "-o", LONG], ["graph", str(SAMPLE), "-o", LONG],
], ids=lambda args: "-".join(a for a in args if a not in (LONG, str(SAMPLE))))
def test_a_name_too_long_for_the_file_system_is_a_usage_error(args: list[str], tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as ended:
        main(args)
    said = capsys.readouterr().err
    assert ended.value.code == 2, said
    assert "TGC999" not in said
    assert f"{LONG}: File name too long" in said and "= hint: a name in a path may be at most" in said
    assert not any(tmp_path.iterdir())
