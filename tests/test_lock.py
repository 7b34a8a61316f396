"""tgc.lock: the text round trip, TOML compatibility, and a diagnostic at the right line
for every way the file can be broken."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tgc.bundle.lock import HEADER, Lock, SectionLock, parse_lock, read_lock, render_lock
from tgc.source import SourceFile

LOCK = Lock({
    "201": SectionLock({"forge": 9, "arrival": 8}, (12, 3)),
    "bos": SectionLock({"ritual": 1}),
    "tavern": SectionLock({"2a": 2, "café": 1, "1": 3}, (), 42),
    "empty": SectionLock(),
    "22": SectionLock({"x": 1}),
})


def parse(text: str) -> tuple[Lock, list[tuple[str, int, str]]]:
    lock, diags = parse_lock(SourceFile.from_text("tgc.lock", text))
    return lock, [(d.code, d.span.line, d.message) for d in diags]


def test_render_is_sorted_and_readable() -> None:
    text = render_lock(LOCK)
    assert text.startswith(HEADER + "format = 1\n")
    body = text[len(HEADER):]
    assert body == (
        "format = 1\n"
        "\n[22]\nverses.x = 1\n"
        "\n[201]\nretired = [3, 12]\nverses.arrival = 8\nverses.forge = 9\n"
        "\n[bos]\nverses.ritual = 1\n"
        '\n[tavern]\nshuffle = 42\nverses."café" = 1\nverses.2a = 2\nverses.1 = 3\n'
    )


def test_parse_reads_back_what_render_wrote() -> None:
    lock, diags = parse(render_lock(LOCK))
    assert diags == []
    expected = {name: (dict(s.verses), tuple(sorted(s.retired)), s.shuffle)
                for name, s in LOCK.sections.items() if name != "empty"}
    assert {name: (dict(s.verses), s.retired, s.shuffle) for name, s in lock.sections.items()} == expected
    assert lock.sections["201"].lines == {"arrival": 12, "forge": 13}


def test_the_file_is_valid_toml() -> None:
    data = tomllib.loads(render_lock(LOCK))
    assert data["format"] == 1
    assert data["201"] == {"retired": [3, 12], "verses": {"arrival": 8, "forge": 9}}
    assert data["tavern"]["verses"]["café"] == 1 and data["tavern"]["shuffle"] == 42


def test_comments_blank_lines_and_spacing_are_allowed() -> None:
    lock, diags = parse("# hi\n\n[ 201 ]  # a section\n  verses . forge=9 # why\nretired=[ 3 , 4, ]\n")
    assert diags == []
    assert lock.sections["201"] == SectionLock({"forge": 9}, (3, 4), None, {"forge": 4})


@pytest.mark.parametrize(("text", "line", "message"), [
    ("[201]\nverses.forge = nine\n", 2, "expected `verses.NAME = NUMBER`"),
    ("verses.forge = 9\n", 1, "expected a section header"),
    ("[201]\nverses.forge = 9\nverses.forge = 10\n", 3, "verse `forge` is numbered twice"),
    ("[201]\nverses.forge = 9\nverses.well = 9\n", 3, "number 9 is given twice"),
    ("[201]\nretired = [9]\nverses.well = 9\n", 3, "number 9 is given twice"),
    ("[201]\nverses.well = 9\nretired = [9]\n", 3, "retired number 9"),
    ("[201]\nretired = [4, 4]\n", 2, "retired number 4"),
    ("[201]\nretired = [4]\nretired = [5]\n", 3, "`retired` appears twice"),
    ("[201]\nshuffle = 1\nshuffle = 2\n", 3, "`shuffle` appears twice"),
    ("[201]\nverses.forge = 0\n", 2, "printed numbers start at 1"),
    ("[201]\n[201]\n", 2, "section `201` appears twice"),
    ("format = 2\n", 1, "tgc.lock format 2 is newer than this tgc supports (1)"),
    ("format = 0\n", 1, "unknown tgc.lock format 0"),
    ("[201]\nformat = 1\n", 2, "`format` belongs before the first section"),
    ("[201\n", 1, "expected a section header"),
])
def test_every_bad_line_is_reported_at_its_line(text: str, line: int, message: str) -> None:
    _, diags = parse(text)
    assert [(code, at) for code, at, _ in diags] == [("TGC130", line)]
    assert message in diags[0][2]


def test_all_bad_lines_are_reported_and_good_ones_kept() -> None:
    lock, diags = parse("[201]\nbad\nverses.forge = 9\nworse\n")
    assert [at for _, at, _ in diags] == [2, 4]
    assert dict(lock.sections["201"].verses) == {"forge": 9}


def test_read_lock(tmp_path: Path) -> None:
    lock, source, diags = read_lock(tmp_path / "tgc.lock", "tgc.lock")
    assert lock == Lock() and source is None and diags == []
    (tmp_path / "tgc.lock").write_bytes(b"[201]\nverses.forge = 9\n\xff\n")
    _, source, diags = read_lock(tmp_path / "tgc.lock", "tgc.lock")
    assert source is None
    assert [(d.code, d.span.line) for d in diags] == [("TGC130", 3)]
    assert "cannot read tgc.lock" in diags[0].message
