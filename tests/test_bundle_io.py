"""Loading bundles (every way a file can be wrong is a BundleError with a clear message)
and writing files atomically (a failed write leaves the old file and no temporary)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.bundle_helpers import CAMPAIGNS
from tgc.bundle import io
from tgc.bundle.io import BundleError, load_bundle, parse_bundle, write_atomic

GOLDEN = CAMPAIGNS / "every_construct.bundle.json"


def golden_data() -> dict[str, object]:
    data: dict[str, object] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def error_of(data: object) -> str:
    with pytest.raises(BundleError) as info:
        parse_bundle(json.dumps(data), "x.json")
    return str(info.value)


def test_load_bundle_reads_a_bundle_file() -> None:
    bundle = load_bundle(GOLDEN)
    assert bundle.campaign.title == "Every Construct"


def test_not_json() -> None:
    with pytest.raises(BundleError, match=r"^x.json: not JSON: Expecting value at line 1, column 1$"):
        parse_bundle("<html>", "x.json")


@pytest.mark.parametrize("data", [[1, 2], {"kind": "something-else", "format": 1}, {"format": 1}, "text"])
def test_not_a_bundle(data: object) -> None:
    assert error_of(data) == 'x.json: not a tgc bundle (expected an object with "kind": "tgc-bundle")'


def test_newer_format_names_both_versions() -> None:
    data = golden_data() | {"format": 4, "verses": "whatever a newer tgc writes"}
    assert error_of(data) == "x.json: bundle format 4 is newer than this tgc supports (3); upgrade tgc"


@pytest.mark.parametrize(("fmt", "what"), [
    (2, "rule data is typed (`rules`) instead of `cards` and `characters` records"),
    (1, "records keep all their header words and rule data is typed")])
def test_older_format_names_both_versions(fmt: int, what: str) -> None:
    """A bundle built by an older tgc (format 2: rule data as free ``data`` dictionaries)
    says which format it is, which one this tgc reads and how to get one."""
    data = golden_data() | {"format": fmt, "cards": [], "characters": []}
    assert error_of(data) == (f"x.json: bundle format {fmt} is older than the format this tgc "
                              f"reads (3, where {what}); rebuild it from its sources with "
                              "`tgc build`")


@pytest.mark.parametrize(("fmt", "expected"), [
    (0, "x.json: unknown bundle format 0 (this tgc reads format 3); rebuild the bundle with `tgc build`"),
    (-1, "x.json: unknown bundle format -1 (this tgc reads format 3); rebuild the bundle with `tgc build`"),
    ("3", 'x.json: the bundle has no valid format version (found "3"; this tgc reads format 3)'),
    (None, "x.json: the bundle has no valid format version (found null; this tgc reads format 3)"),
    (True, "x.json: the bundle has no valid format version (found true; this tgc reads format 3)"),
    (3.0, "x.json: the bundle has no valid format version (found 3.0; this tgc reads format 3)"),
])
def test_unknown_format(fmt: object, expected: str) -> None:
    assert error_of(golden_data() | {"format": fmt}) == expected


def test_validation_errors_name_the_json_path() -> None:
    data = golden_data()
    verses = data["verses"]
    assert isinstance(verses, list)
    verses[1]["ops"][0]["text"] = 5
    verses[1]["ops"][36]["target"]["verse"] = None
    verses[1]["blocks"][0]["ops"][1]["arms"][0]["outcome"] = "draw"
    verses[2]["surprise"] = 1
    message = error_of(data)
    assert message.splitlines() == [
        "x.json: not a valid bundle (4 problems):",
        "  at $.verses[1].ops[0].text: Input should be a valid string",
        "  at $.verses[1].ops[36].target.verse: Input should be a valid string",
        "  at $.verses[1].blocks[0].ops[1].arms[0].outcome: Input should be 'win', 'lose' or 'avoid'",
        "  at $.verses[2].surprise: Extra inputs are not permitted",
    ]


def test_unknown_operation_kind_and_long_error_lists() -> None:
    data = golden_data()
    verses = data["verses"]
    assert isinstance(verses, list)
    for verse in verses:
        verse["ops"] = [{"kind": "dance"}]
    lines = error_of(data).splitlines()
    assert lines[1].startswith("  at $.verses[0].ops[0]: Input tag 'dance' found using 'kind' does not match")
    assert lines[-1] == f"  ... and {len(verses) - io.MAX_SHOWN_ERRORS} more"


def test_strict_types_are_not_coerced() -> None:
    data = golden_data()
    data["campaign"]["start"] = "101"  # type: ignore[index]
    assert "at $.campaign.start: Input should be a valid integer" in error_of(data)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(BundleError, match="cannot read the bundle"):
        load_bundle(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_bytes(b'{"kind": "\xff"}')
    with pytest.raises(BundleError, match="not a bundle: byte 10 is not UTF-8"):
        load_bundle(tmp_path / "bad.json")


def test_write_atomic_replaces_the_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "out.json"
    assert write_atomic(target, "héllo\n") == len("héllo\n".encode())
    assert target.read_bytes() == "héllo\n".encode()
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    target.chmod(0o640)
    write_atomic(target, "again\n")
    assert target.read_text(encoding="utf-8") == "again\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["out.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.json"
    target.write_text("old\n", encoding="utf-8")

    def boom(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(io.os, "replace", boom)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
