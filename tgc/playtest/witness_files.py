"""Playtesting, the witness round's folder: the round's rows in, one script file per goal
with a witness, ``index.json`` (goal, file, confirmed, why) and the tally out, written
whole or not at all.

Why whole: a folder of witnesses is read as a claim (every script in it replays to its
goal), so a run stopped half way (a crash, ^C) must leave the old folder or none, never
half of a new one. The files are written to a temporary folder beside it, which is then
renamed into place; a folder that holds anything but an earlier round's files is refused
rather than replaced.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tgc.playtest.witnesses import RoundError

INDEX = "index.json"
SUFFIX = ".txt"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class Tally:
    """How the round went: witnesses confirmed by their replay, witnesses whose replay did
    not meet the goal, and goals the planner found no witness for."""

    confirmed: int
    unconfirmed: int
    missing: int

    def line(self) -> str:
        total = self.confirmed + self.unconfirmed + self.missing
        return (f"{self.confirmed} confirmed, {self.unconfirmed} not confirmed, "
                f"{self.missing} with no witness found (of {total} goals)")

    @property
    def clean(self) -> bool:
        return not self.unconfirmed and not self.missing


def check_out_dir(out: Path) -> None:
    """Refuse, before any search, a folder the round could not write or would clobber."""
    if out.exists() and not out.is_dir():
        raise RoundError(f"--witnesses: {out} is a file, not a folder")
    if out.is_dir() and not _ours(out):
        raise RoundError(f"--witnesses: {out} holds files that are not an earlier witness round's "
                         f"(no {INDEX}, or more than its scripts): name a new folder or empty it")
    parent = out.absolute().parent
    if not parent.is_dir():
        raise RoundError(f"--witnesses: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise RoundError(f"--witnesses: cannot write in {parent}")


def _ours(out: Path) -> bool:
    """Empty, or exactly an earlier round: its index and the scripts it names."""
    names = {p.name for p in out.iterdir()}
    if not names:
        return True
    try:
        index = json.loads((out / INDEX).read_text(encoding="utf-8"))
        files = {row["file"] for row in index["witnesses"] if row["file"]}
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return names <= files | {INDEX}


@contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A temporary folder beside ``out`` for the block to fill; renamed to ``out`` when the
    block ends well, removed however else it ends."""
    check_out_dir(out)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.absolute().parent))
    except OSError as err:
        raise RoundError(f"--witnesses: cannot write in {out.absolute().parent}: "
                         f"{err.strerror or err}") from None
    try:
        yield tmp
        _publish(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _publish(tmp: Path, out: Path) -> None:
    """Rename ``tmp`` to ``out``; an earlier round there is moved aside first, then removed
    (a rename cannot replace a folder that holds files)."""
    os.chmod(tmp, 0o777 & ~_umask())
    if not out.exists():
        os.rename(tmp, out)
        return
    check_out_dir(out)  # still ours: nothing was put there while the round ran
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=out.absolute().parent))
    os.rename(out, old / out.name)
    os.rename(tmp, out)
    shutil.rmtree(old, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_round(folder: Path, rows: list[dict[str, Any]], search: dict[str, Any] | None = None) -> Tally:
    """The scripts and the index into ``folder`` (``search``: how the search ended, its
    ``complete``, ``states`` and ``stopped``, for the index to say what the goals cover).
    A witness whose replay did not meet its goal is still written, for its author to look
    at, but its first line says so and the index marks it; no witness, no file."""
    index: list[dict[str, Any]] = []
    used: set[str] = set()
    for row in rows:
        name = None
        if row["script"] is not None:
            name = file_name(row["kind"], row["verse"], used)
            text = row["script"] if row["confirmed"] else f"# NOT CONFIRMED: {row['why']}\n{row['script']}"
            (folder / name).write_text(text, encoding="utf-8")
        index.append({"goal": row["goal"], "kind": row["kind"], "verse": row["verse"], "file": name,
                      "confirmed": row["confirmed"], "why": row["why"]})
    tally = Tally(sum(r["confirmed"] for r in rows),
                  sum(r["script"] is not None and not r["confirmed"] for r in rows),
                  sum(r["script"] is None for r in rows))
    doc = {"summary": {"confirmed": tally.confirmed, "not_confirmed": tally.unconfirmed,
                       "no_witness": tally.missing}, "search": search or {}, "witnesses": index}
    (folder / INDEX).write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return tally


def file_name(kind: str, verse: str, used: set[str]) -> str:
    """``KIND-VERSE.txt``, the verse's characters a file name may not hold replaced, and a
    number added when two goals would share a name."""
    base = f"{kind}-{_UNSAFE.sub('_', verse)}"
    name, n = base + SUFFIX, 1
    while name.casefold() in used:
        n += 1
        name = f"{base}-{n}{SUFFIX}"
    used.add(name.casefold())
    return name
