"""The campaign folder: which files are read, in what order, and what a re-check reuses."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tgc.cli.main import cli
from tgc.pipeline import check
from tgc.project.workspace import ParseCache, WorkspaceError, discover, load

CAMPAIGN = """@campaign "Small"
  start: 101
@location 101 "Farmhold"
  explore -> 101.1
"""
VERSE = """== 101.1
The gate creaks.
-> end
"""


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_discover_is_recursive_sorted_and_skips_hidden_and_build(tmp_path: Path) -> None:
    write(tmp_path, {"b.tgj": "", "a/z.tgj": "", "a/b.tgj": "", "build/x.tgj": "",
                     ".hidden/y.tgj": "", "notes.txt": "", "a.tgj": ""})
    names = [p.relative_to(tmp_path).as_posix() for p in discover(tmp_path)]
    assert names == ["a.tgj", "a/b.tgj", "a/z.tgj", "b.tgj"]  # plain path order


def test_missing_folder_and_empty_folder_are_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match="no such directory"):
        discover(tmp_path / "nope")
    with pytest.raises(WorkspaceError, match="no .tgj files"):
        load(tmp_path)


def test_a_single_file_can_be_checked(tmp_path: Path) -> None:
    write(tmp_path, {"one.tgj": CAMPAIGN + VERSE})
    result = check(tmp_path / "one.tgj")
    assert result.errors == 0


def test_cache_parses_only_changed_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, {"campaign.tgj": CAMPAIGN, "verses.tgj": VERSE})
    cache: ParseCache = {}
    first = check(tmp_path, memory=cache)
    assert first.errors == 0 and set(cache) == {f.name for f in first.files}

    parsed: list[str] = []
    import tgc.project.workspace as workspace

    real = workspace._parse_one

    def spy(item: tuple[str, str]) -> object:
        parsed.append(item[0])
        return real(item)

    monkeypatch.setattr(workspace, "_parse_one", spy)
    verses = tmp_path / "verses.tgj"
    verses.write_text(VERSE.replace("-> end", "-> 101.9"), encoding="utf-8")
    stat = verses.stat()
    os.utime(verses, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    second = check(tmp_path, memory=cache)
    assert [Path(name).name for name in parsed] == ["verses.tgj"]
    assert [d.code for d in second.diagnostics] == ["TGC101"]


def test_cache_forgets_deleted_files(tmp_path: Path) -> None:
    write(tmp_path, {"campaign.tgj": CAMPAIGN, "verses.tgj": VERSE, "extra.tgj": "== 101.2\n-> end\n"})
    cache: ParseCache = {}
    check(tmp_path, memory=cache)
    (tmp_path / "extra.tgj").unlink()
    result = check(tmp_path, memory=cache)
    assert len(cache) == 2 and len(result.files) == 2


def test_watch_once_checks_and_exits(tmp_path: Path) -> None:
    write(tmp_path, {"campaign.tgj": CAMPAIGN, "verses.tgj": VERSE.replace("-> end", "-> 101.9")})
    result = CliRunner().invoke(cli, ["watch", str(tmp_path), "--once", "--format", "concise"])
    assert result.exit_code == 0
    assert "error[TGC101]" in result.output
    assert "checked 2 files" in result.output


def test_hints_never_run_out_across_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget of large did-you-mean searches is per run: the tenth re-check of a
    `tgc watch` session still hints as the first did."""
    from tgc.diagnostics import codes

    monkeypatch.setattr(codes, "LARGE_BUDGET", 400)  # one search of ~300 names per run
    verses = "".join(f"== 101.{n}\n-> end\n\n" for n in range(1, 301))
    (tmp_path / "campaign.tgj").write_text(
        '@campaign "Big"\n  ruleset: none\n  start: 101\n\n@location 101 "Farm"\n'
        "  explore -> 101.1\n\n" + verses + "== 101.gate\n-> 101.2999\n", encoding="utf-8")
    hints = [next(d.hint for d in check(tmp_path).diagnostics if d.code == "TGC101")
             for _ in range(3)]
    assert hints == ["did you mean `101.299`?"] * 3


# ---------------------------------------------------------------- hostile files (issue 18, point 12)


def test_a_link_out_of_the_campaign_is_never_read_or_shown(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TGC_SECRET_FOR_TEST", "hunter2")
    camp = tmp_path / "camp"
    write(camp, {"campaign.tgj": CAMPAIGN, "v.tgj": VERSE, "tgc.toml": ""})
    secret = tmp_path / "secret.tgj"
    secret.write_text("== 101.2\nTGC_SECRET_FOR_TEST=hunter2 {\n", encoding="utf-8")
    (camp / "env.tgj").symlink_to("/proc/self/environ")
    (camp / "outside.tgj").symlink_to(secret)
    (camp / "zero.tgj").symlink_to("/dev/zero")
    (camp / "inside.tgj").symlink_to(camp / "v.tgj")
    os.mkfifo(camp / "fifo.tgj")
    result = check(camp)
    refused = {d.span.file.rsplit("/", 1)[-1]: d.message for d in result.diagnostics if d.code == "TGC006"}
    assert set(refused) == {"env.tgj", "outside.tgj", "zero.tgj", "fifo.tgj"}
    assert "leads out of the campaign folder" in refused["outside.tgj"]
    assert "not a regular file" in refused["fifo.tgj"]
    shown = "".join(d.message + (d.hint or "") for d in result.diagnostics)
    assert "hunter2" not in shown and "hunter2" not in "".join(result.sources.get(n, "") and
                                                               result.sources[n].text for n in result.sources)
    # A link inside the campaign is an ordinary file (here: a second copy of 101.1).
    assert any(d.code == "TGC110" for d in result.diagnostics)


def test_links_anywhere_in_the_config_allows_a_link_out(tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    write(camp, {"campaign.tgj": CAMPAIGN, "tgc.toml": 'links = "anywhere"\n'})
    shared = tmp_path / "shared.tgj"
    shared.write_text(VERSE, encoding="utf-8")
    (camp / "v.tgj").symlink_to(shared)
    assert check(camp).diagnostics == []
    (camp / "tgc.toml").write_text('links = "everywhere"\n', encoding="utf-8")
    codes = [d.code for d in check(camp).diagnostics]
    assert {"TGC006", "TGC902"} <= set(codes)


def test_watch_runs_once_per_burst_of_events_and_says_when(tmp_path: Path) -> None:
    import threading

    from tgc.cli.watch import fingerprint, settle

    write(tmp_path, {"campaign.tgj": CAMPAIGN, "verses.tgj": VERSE})
    before = fingerprint(tmp_path)
    changed = threading.Event()

    def burst() -> None:  # an editor's save: a temporary file, a rename, an in-place write
        for _ in range(3):
            changed.set()
            threading.Event().wait(0.02)

    writer = threading.Thread(target=burst)
    writer.start()
    settle(changed, quiet=0.1)
    writer.join()
    assert not changed.is_set()  # the whole burst was taken in by one wait
    assert fingerprint(tmp_path) == before  # nothing changed: no second run
    (tmp_path / "verses.tgj").write_text(VERSE.replace("-> end", "-> 101.9"), encoding="utf-8")
    assert fingerprint(tmp_path) != before
    result = CliRunner().invoke(cli, ["watch", str(tmp_path), "--once", "--format", "concise"])
    assert re.search(r"\[tgc watch\] \d\d:\d\d:\d\d · 1 error · checked 2 files", result.output)
