"""Safe renames: a named verse (or inline block), a status, a secret or an item renamed in
every file of its campaign, and, for a verse, its entry in tgc.lock moved to the new
name so that the printed book keeps its number. `tgc rename` and the language server's
rename both plan here; nothing is written until the whole plan is known to be sound."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from tgc.bundle.lock import SectionLock, lock_path, read_lock, render_lock
from tgc.editor.index import Kind, Occurrence
from tgc.editor.session import Snapshot
from tgc.limits import is_number
from tgc.semantics.model import canonical_verse
from tgc.source import Span

_NAME = re.compile(r"[^\W\d]\w*")


class RenameError(Exception):
    """Why a rename cannot be done, for the writer."""


@dataclass
class Renaming:
    """Text replacements by file name (spans of one line each), and the new tgc.lock."""

    kind: Kind
    old: str
    new: str
    edits: dict[str, list[tuple[Span, str]]] = field(default_factory=dict)
    lock: tuple[Path, str, str] | None = None  # (path, old text, new text)

    def count(self) -> int:
        return sum(len(e) for e in self.edits.values())


def plan_rename(snapshot: Snapshot, kind: Kind, key: str, new: str) -> Renaming:
    """Every edit renaming (kind, key) to ``new`` (a verse's or block's name, a status's
    or item's name, a secret's number)."""
    index = snapshot.index
    found = index.by_key.get((kind, key))
    if not found or not index.definitions(kind, key):
        raise RenameError(f"no {kind} `{key}` is declared in this campaign")
    match kind:
        case "verse":
            return _verse(snapshot, key, new, found)
        case "status" | "item":
            return _named(snapshot, kind, key, new, found)
        case "secret":
            return _secret(snapshot, key, new, found)
        case "location" | "encounter" | "character":
            raise RenameError(f"a {kind} cannot be renamed here (rename a verse, a status, "
                              "a secret or an item)")


def _text(snapshot: Snapshot, span: Span) -> str:
    source = snapshot.result.sources.get(span.file)
    line = source.line(span.line) if source is not None else ""
    return line[span.col - 1: span.end_col - 1] if span.end_line == span.line else line[span.col - 1:]


def _verse(snapshot: Snapshot, key: str, new: str, found: list[Occurrence]) -> Renaming:
    campaign = snapshot.campaign
    parts = key.split(".")
    block = len(parts) == 3
    old = parts[-1]
    if not _NAME.fullmatch(new):
        raise RenameError(f"`{new}` is not a name (a verse or block name starts with a letter "
                          "and holds letters, digits and _)")
    if not block and is_number(old.rstrip("abcdefghijklmnopqrstuvwxyz")):
        raise RenameError(f"verse `{key}` is numbered, not named: its number is what the book "
                          "prints (rename only named verses)")
    target = ".".join([*parts[:-1], canonical_verse(new) if not block else new])
    if target in campaign.verses or (block and new in campaign.verses[".".join(parts[:2])].blocks):
        raise RenameError(f"`{target}` already exists")
    plan = Renaming("verse", key, new)
    for occ in found:
        written = _text(snapshot, occ.span)
        if not written.endswith(old):
            raise RenameError(f"{occ.span}: `{written}` does not end with `{old}`")
        at = occ.span.col + len(written) - len(old)
        span = Span(occ.span.file, occ.span.line, at, occ.span.line, at + len(old))
        plan.edits.setdefault(occ.span.file, []).append((span, new))
    if not block:
        plan.lock = _moved_lock(snapshot, parts[0], old, new)
    return plan


def _moved_lock(snapshot: Snapshot, section: str, old: str, new: str) -> tuple[Path, str, str] | None:
    """tgc.lock with the verse's number under its new name (None when it has none yet)."""
    path = lock_path(snapshot.root)
    lock, source, diags = read_lock(path, snapshot.name_of(path))
    if source is None:
        return None
    if diags:
        raise RenameError(f"{path}: fix tgc.lock first ({diags[0].message})")
    entry = lock.sections.get(section)
    if entry is None or old not in entry.verses:
        return None
    if new in entry.verses:
        raise RenameError(f"tgc.lock already gives `{section}.{new}` a number")
    verses = {(new if name == old else name): number for name, number in entry.verses.items()}
    sections = dict(lock.sections)
    sections[section] = SectionLock(verses, entry.retired, entry.shuffle)
    return path, source.text, render_lock(replace(lock, sections=sections))


def _named(snapshot: Snapshot, kind: Kind, key: str, new: str, found: list[Occurrence]) -> Renaming:
    taken = snapshot.campaign.statuses if kind == "status" else snapshot.campaign.items
    if not new or '"' in new or "\n" in new or new != new.strip():
        raise RenameError(f"`{new}` cannot be a {kind}'s name")
    if new in taken:
        raise RenameError(f'{kind} "{new}" already exists')
    plan = Renaming(kind, key, new)
    for occ in found:
        written = _text(snapshot, occ.span)
        inner = written.strip('"')
        if inner != key:
            raise RenameError(f"{occ.span}: `{written}` is not `{key}`")
        start = occ.span.col + written.index(key)
        span = Span(occ.span.file, occ.span.line, start, occ.span.line, start + len(key))
        plan.edits.setdefault(occ.span.file, []).append((span, new))
    return plan


def _secret(snapshot: Snapshot, key: str, new: str, found: list[Occurrence]) -> Renaming:
    if not is_number(new):
        raise RenameError(f"`{new}` is not a secret's number")
    new = new.lstrip("0") or "0"
    if any(str(number) == new for number in snapshot.campaign.secrets):
        raise RenameError(f"secret {new} already exists")
    plan = Renaming("secret", key, new)
    for occ in found:
        if _text(snapshot, occ.span) != key:
            raise RenameError(f"{occ.span}: `{_text(snapshot, occ.span)}` is not `{key}`")
        plan.edits.setdefault(occ.span.file, []).append((occ.span, new))
    return plan


def apply_edits(text: str, edits: list[tuple[Span, str]]) -> str:
    """``text`` with one-line replacements applied (from the last to the first)."""
    lines = text.split("\n")
    for span, new in sorted(edits, key=lambda e: (e[0].line, e[0].col), reverse=True):
        line = lines[span.line - 1]
        lines[span.line - 1] = line[:span.col - 1] + new + line[span.end_col - 1:]
    return "\n".join(lines)


_STATUS = re.compile(r'^(status|item)\s+"([^"]+)"$')
_SECRET = re.compile(r"^secret\s+([0-9]+)$")


def target_of(snapshot: Snapshot, written: str) -> tuple[Kind, str]:
    """What `tgc rename OLD NEW` names: a verse or block id (``201.arrival``,
    ``201.arrival.beaten``), ``status "Name"``, ``item "Name"`` or ``secret 12``."""
    written = written.strip()
    if (m := _STATUS.match(written)) is not None:
        return ("status" if m.group(1) == "status" else "item"), m.group(2)
    if (m := _SECRET.match(written)) is not None:
        return "secret", m.group(1).lstrip("0") or "0"
    parts = written.split(".")
    if len(parts) in (2, 3) and all(parts):
        section = parts[0].lstrip("0") or "0" if is_number(parts[0]) else parts[0]
        key = ".".join([section, canonical_verse(parts[1]), *parts[2:]])
        if key in snapshot.campaign.verses or (len(parts) == 3 and key.rsplit(".", 1)[0] in
                                               snapshot.campaign.verses):
            return "verse", key
        raise RenameError(f"no verse `{key}` in this campaign")
    raise RenameError(f"`{written}` names nothing to rename: write a verse id such as "
                      '`201.arrival`, `status "Name"`, `item "Name"` or `secret 12`')


def renamed_files(snapshot: Snapshot, plan: Renaming) -> dict[Path, str]:
    """The new text of every file the plan changes (tgc.lock included)."""
    out: dict[Path, str] = {}
    for file, edits in plan.edits.items():
        out[snapshot.path_of(file)] = apply_edits(snapshot.result.sources[file].text, edits)
    if plan.lock is not None:
        out[plan.lock[0]] = plan.lock[2]
    return out
