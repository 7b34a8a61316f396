"""The editor's name index kept per file (tgc/editor/index.py): after every kind of
one-line edit, the index a snapshot builds from the last one (taking the parts of the
files the edit left alone) is the index built afresh, occurrence for occurrence and in
the same order (go to definition, references, rename, lenses and outline read it), on
the sample and on a generated campaign; and the files the edit left alone are not
walked again."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tgc.editor.index import Index, build_index
from tgc.editor.session import Session, Snapshot

ROOT = Path(__file__).resolve().parent.parent

Edit = Callable[[list[str], int], list[str]]


def _choices(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith("* ") and " -> " in line]


def _headers(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.startswith("== ")]


def _verses(lines: list[str]) -> list[str]:
    return [lines[h][3:].split()[0] for h in _headers(lines)]


def _target(lines: list[str], k: int) -> list[str]:
    i = _choices(lines)[k % len(_choices(lines))]
    text, _ = lines[i].rsplit(" -> ", 1)
    return [*lines[:i], f"{text} -> {_verses(lines)[(k + 1) % len(_verses(lines))]}", *lines[i + 1:]]


def _choice_text(lines: list[str], k: int) -> list[str]:
    i = _choices(lines)[k % len(_choices(lines))]
    text, target = lines[i].rsplit(" -> ", 1)
    return [*lines[:i], f"{text} at once{k} -> {target}", *lines[i + 1:]]


def _verse_added(lines: list[str], k: int) -> list[str]:
    heads = _headers(lines)
    start = heads[k % len(heads)]
    end = next((h for h in heads if h > start), len(lines))
    i = next((j for j in range(start + 1, end) if lines[j].startswith("* ")), end)
    section = lines[start][3:].split(".")[0]
    return [*lines[:i], f"== {section}.added{k}", *lines[i:]]


def _verse_removed(lines: list[str], k: int) -> list[str]:
    heads = _headers(lines)[1:]
    i = heads[k % len(heads)]
    return [*lines[:i], *lines[i + 1:]]


def _guard(lines: list[str], k: int) -> list[str]:
    plain = [i for i in _choices(lines) if not lines[i].startswith("* {")]
    i = plain[k % len(plain)]
    return [*lines[:i], f'* {{not status "Never{k}"}} {lines[i][2:]}', *lines[i + 1:]]


def _divert(lines: list[str], k: int) -> list[str]:
    heads = _headers(lines)
    at = heads[1 + k % (len(heads) - 1)]
    while at > 0 and not lines[at - 1].strip():
        at -= 1
    return [*lines[:at], f"-> {_verses(lines)[k % len(_verses(lines))]}", *lines[at:]]


def _declared(lines: list[str], k: int) -> list[str]:
    return [*lines, f'@status "Added{k}" parts 2']


EDITS: dict[str, Edit] = {"target": _target, "choice text": _choice_text, "verse added": _verse_added,
                          "verse removed": _verse_removed, "guard": _guard, "divert": _divert,
                          "declaration": _declared}


def _rows(index: Index) -> tuple[object, ...]:
    """Everything a reader of the index sees, in order."""
    return (list(index.by_file.items()), list(index._starts.items()), list(index.by_key.items()))


def _generated(tmp_path: Path) -> Path:
    folder = tmp_path / "generated"
    generator = ROOT / "bench" / "gen_campaign.py"
    subprocess.run([sys.executable, str(generator), "300", str(folder), "--seed", "3"], capture_output=True,
                   check=True)
    return folder


def _edited_file(root: Path) -> Path:
    return sorted((root / "locations").glob("*.tgj"))[1]


@pytest.mark.parametrize("which", ["sample", "generated"])
def test_the_index_kept_after_an_edit_is_the_index_built_afresh(tmp_path: Path, which: str) -> None:
    if which == "sample":
        root = tmp_path / "journal_src"
        shutil.copytree(ROOT / "journal_src", root)
    else:
        root = _generated(tmp_path)
    path = _edited_file(root)
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    session = Session()
    for kind, edit in EDITS.items():
        for k in range(3):
            before = session.snapshot(session.set_text(path, text))
            assert before is not None
            earlier = before.index
            after = session.snapshot(session.set_text(path, "\n".join(edit(lines, k))))
            assert after is not None
            if after.same_shape is not None:  # only words changed (a choice's, before `-> end`)
                assert kind == "choice text" and after.index is earlier
                continue
            counted = {vid: after.index.count_uses("verse", vid) for vid in after.campaign.verses}
            assert _rows(after.index) == _rows(build_index(after.campaign, after.result.sources)), (kind, k)
            assert counted == {vid: len(after.index.uses("verse", vid)) for vid in after.campaign.verses}
            _walked_only_what_changed(before, after, earlier, kind)


def _walked_only_what_changed(before: Snapshot, after: Snapshot, earlier: Index, kind: str) -> None:
    """The edited file's part is new; every other file whose tree and resolution record
    are the last run's keeps its part (a declaration edit builds every part again)."""
    name = after.name_of(_edited_file(after.root))
    index = after.index
    assert index.parts[name] is not earlier.parts[name]
    old = before.result.resolution
    new = after.result.resolution
    assert old is not None and new is not None
    kept = [n for n, record in new.files.items() if n != name and record is old.files.get(n)]
    if kind == "declaration":
        assert all(index.parts[n] is not earlier.parts[n] for n in kept)
        return
    assert len(kept) >= len(new.files) // 2, kind
    assert all(index.parts[n] is earlier.parts[n] for n in kept), kind


def test_an_index_of_a_campaign_with_a_second_copy_of_a_verse_is_built_afresh(tmp_path: Path) -> None:
    """A verse id written twice (TGC110): the second copy's references are resolved after
    every file, so the references are not split by file and nothing is kept; the index
    still equals one built afresh, and the second copy's reference is in it."""
    root = tmp_path / "journal_src"
    shutil.copytree(ROOT / "journal_src", root)
    path = _edited_file(root)
    text = path.read_text(encoding="utf-8")
    first = _verses(text.split("\n"))[0]
    session = Session()
    assert session.snapshot(session.set_text(path, text)) is not None
    twice = f"{text}\n== {first}\n-> {_verses(text.split(chr(10)))[1]}\n"
    snapshot = session.snapshot(session.set_text(path, twice))
    assert snapshot is not None and any(d.code == "TGC110" for d in snapshot.result.diagnostics)
    assert not snapshot.index.reusable
    assert _rows(snapshot.index) == _rows(build_index(snapshot.campaign, snapshot.result.sources))
    last = len(twice.rstrip("\n").split("\n"))
    name = snapshot.name_of(path)
    assert any(o.span.line == last and not o.definition for o in snapshot.index.by_file[name])
