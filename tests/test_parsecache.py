"""The on-disk parse cache: reused across processes, ignored when tampered with."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import tgc.project.workspace as workspace
from tgc.pipeline import check
from tgc.project.parsecache import ParseStore, cache_root

CAMPAIGN = '@campaign "Small"\n  start: 101\n@location 101 "Farmhold"\n  explore -> 101.1\n'
VERSES = "== 101.1\nThe gate creaks.\n-> 101.9\n"


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    root = tmp_path / "campaign"
    root.mkdir()
    (root / "campaign.tgj").write_text(CAMPAIGN, encoding="utf-8")
    (root / "verses.tgj").write_text(VERSES, encoding="utf-8")
    return root


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real = workspace._parse_one

    def spy(item: tuple[str, str]) -> object:
        parsed.append(Path(item[0]).name)
        return real(item)

    monkeypatch.setattr(workspace, "_parse_one", spy)
    return parsed


def test_a_second_process_reuses_the_parses(campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = check(campaign, cache="disk")
    parsed = _count_parses(monkeypatch)
    second = check(campaign, cache="disk")
    assert parsed == []
    assert second.diagnostics == first.diagnostics
    assert [d.code for d in second.diagnostics] == ["TGC101"]


def test_only_the_edited_file_is_parsed_again(campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check(campaign, cache="disk")
    (campaign / "verses.tgj").write_text(VERSES.replace("101.9", "end"), encoding="utf-8")
    parsed = _count_parses(monkeypatch)
    result = check(campaign, cache="disk")
    assert parsed == ["verses.tgj"]
    assert result.diagnostics == []


def test_a_tampered_or_corrupt_entry_is_ignored(campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check(campaign, cache="disk")
    store = ParseStore(campaign)
    entries = sorted(p for p in store.folder.iterdir() if not p.name.startswith("."))
    assert len(entries) == 2
    data = entries[0].read_bytes()
    entries[0].write_bytes(data[:-1] + bytes([data[-1] ^ 1]))  # flip one payload bit
    entries[1].write_bytes(b"not a cache entry")
    parsed = _count_parses(monkeypatch)
    result = check(campaign, cache="disk")
    assert sorted(parsed) == ["campaign.tgj", "verses.tgj"]
    assert [d.code for d in result.diagnostics] == ["TGC101"]


def test_the_key_is_private_and_the_cache_lives_outside_the_campaign(campaign: Path) -> None:
    check(campaign, cache="disk")
    key = cache_root() / "key"
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert len(key.read_bytes()) == 32
    assert not any(p.name.startswith(".tgc") for p in campaign.iterdir())


def test_entries_of_removed_files_are_pruned(campaign: Path) -> None:
    check(campaign, cache="disk")
    (campaign / "verses.tgj").unlink()
    check(campaign, cache="disk")
    store = ParseStore(campaign)
    assert len([p for p in store.folder.iterdir() if not p.name.startswith(".")]) == 1


def test_an_unwritable_cache_only_costs_speed(campaign: Path, monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    monkeypatch.setenv("TGC_CACHE_DIR", str(blocker / "sub"))
    result = check(campaign, cache="disk")
    assert [d.code for d in result.diagnostics] == ["TGC101"]


def test_a_change_to_tgc_itself_invalidates_every_entry(campaign: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A cached parse made by other tgc code (same version number, edited source) could
    carry stale trees or messages; the entry names hash the package's own files."""
    from tgc.project import parsecache

    check(campaign, cache="disk")
    monkeypatch.setattr(parsecache, "code_hash", lambda: "edited-tgc-source")
    parsed = _count_parses(monkeypatch)
    result = check(campaign, cache="disk")
    assert sorted(parsed) == ["campaign.tgj", "verses.tgj"]
    assert [d.code for d in result.diagnostics] == ["TGC101"]


def test_the_code_hash_reads_every_source_file_of_the_package(tmp_path: Path) -> None:
    """What the hash covers: each ``*.py`` file at any depth, by its path from the package,
    and neither bytecode folders, other files nor a linked folder."""
    from tgc.project import parsecache
    from tgc.project.parsecache import package_sources

    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / "__pycache__").mkdir()
    for name in ("a.py", "sub/b.py", "sub/deeper/c.py", "__pycache__/d.py", "sub/notes.txt"):
        (tmp_path / name).write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "linked").symlink_to(tmp_path / "sub", target_is_directory=True)
    found = sorted(package_sources(str(tmp_path)))
    assert found == [("a.py", str(tmp_path / "a.py")), ("sub/b.py", str(tmp_path / "sub" / "b.py")),
                     ("sub/deeper/c.py", str(tmp_path / "sub" / "deeper" / "c.py"))]
    tgc_package = Path(parsecache.__file__).resolve().parents[1]
    assert sorted(name for name, _ in package_sources(str(tgc_package))) == sorted(
        p.relative_to(tgc_package).as_posix() for p in tgc_package.rglob("*.py"))

# ---------------------------------------------------------------- a hostile cache (issue 18, point 11)


def test_folders_and_key_are_private_whatever_the_umask(campaign: Path) -> None:
    old = os.umask(0)
    try:
        check(campaign, cache="disk")
    finally:
        os.umask(old)
    root = cache_root()
    store = ParseStore(campaign)
    for path in (root, root / "parse", store.folder):
        assert stat.S_IMODE(os.lstat(path).st_mode) == 0o700, path
    assert stat.S_IMODE(os.lstat(root / "key").st_mode) == 0o600
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in store.folder.iterdir())


def test_a_symlinked_key_is_never_written_through(campaign: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    root = cache_root()
    root.mkdir(parents=True, mode=0o700, exist_ok=True)
    (root / "key").symlink_to(victim)
    result = check(campaign, cache="disk")
    assert [d.code for d in result.diagnostics] == ["TGC101"]
    assert victim.read_text(encoding="utf-8") == "precious"
    assert "the parse cache is off" in result.notes[0] and "key" in result.notes[0]


def test_a_symlinked_campaign_folder_in_the_cache_is_never_pruned(campaign: Path, tmp_path: Path) -> None:
    check(campaign, cache="disk")
    store = ParseStore(campaign)
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "thesis.txt").write_text("years of work", encoding="utf-8")
    for entry in store.folder.iterdir():
        entry.unlink()
    store.folder.rmdir()
    store.folder.symlink_to(victim, target_is_directory=True)
    (campaign / "verses.tgj").unlink()  # a run that prunes
    result = check(campaign, cache="disk")
    assert (victim / "thesis.txt").read_text(encoding="utf-8") == "years of work"
    assert "is not a folder" in " ".join(result.notes)


def test_nothing_another_user_wrote_is_unpickled(campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries and a key that are not this user's own are never trusted: a planted key and
    a pickle signed with it (shown against root) run no code."""
    import hmac
    import pickle

    check(campaign, cache="disk")
    store = ParseStore(campaign)
    ran: list[str] = []

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (ran.append, ("planted code ran",))

    key = (cache_root() / "key").read_bytes()
    for entry in store.folder.iterdir():
        payload = pickle.dumps(Payload())
        entry.write_bytes(hmac.new(key, payload, "sha256").digest() + payload)
        os.chmod(entry, 0o644)  # readable by others: not private, so not ours to trust
    check(campaign, cache="disk")
    assert ran == []
    monkeypatch.setattr("tgc.project.parsecache._uid", lambda: 12345)  # every file is foreign now
    result = check(campaign, cache="disk")
    assert ran == [] and "belongs to another user" in " ".join(result.notes)
