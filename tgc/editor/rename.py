"""Safe renames: a named verse (or inline block), a status, a secret, an item, an
encounter, a character or a location (its number) renamed in every file of its campaign;
for a verse its entry in tgc.lock moves to the new name, for a location its section, so
that the printed book keeps every verse's number. `tgc rename` and the language server's
rename both plan here and verify() the plan (the renamed campaign must check no worse);
nothing is written until the whole plan is known to be sound."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from tgc.bundle.lock import SectionLock, lock_path, read_lock, render_lock
from tgc.diagnostics.model import Severity
from tgc.editor.index import Kind, Occurrence
from tgc.editor.session import Snapshot
from tgc.limits import is_number
from tgc.semantics.model import canonical_section, canonical_verse
from tgc.source import Span
from tgc.syntax import ast

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
        case "encounter" | "character":
            return _declared(snapshot, kind, key, new, found)
        case "location":
            return _location(snapshot, key, new, found)


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
    return _quoted(snapshot, Renaming(kind, key, new), found)


def _quoted(snapshot: Snapshot, plan: Renaming, found: list[Occurrence]) -> Renaming:
    """The plan with each occurrence's name (quoted or not) replaced."""
    key, new = plan.old, plan.new
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


def _declared(snapshot: Snapshot, kind: Kind, key: str, new: str, found: list[Occurrence]) -> Renaming:
    """An encounter or a character: its quoted name wherever it is declared and named, and
    for a character also the rule data that names it (``character: Ailei`` on a card)."""
    campaign = snapshot.campaign
    taken = set(campaign.encounters) if kind == "encounter" else \
        {str(d.args[0]) for d in campaign.others if d.kind == "character" and d.args}
    if not new or '"' in new or "\n" in new or new != new.strip():
        raise RenameError(f"`{new}` cannot be a {kind}'s name")
    if new in taken:
        raise RenameError(f'{kind} "{new}" already exists')
    for occ in snapshot.index.definitions(kind, key):
        if not snapshot.path_of(occ.span.file).is_relative_to(snapshot.root):
            raise RenameError(f'{kind} "{key}" is declared in {occ.span.file}, outside the '
                              "campaign (a library it includes): rename it there")
    plan = _quoted(snapshot, Renaming(kind, key, new), found)
    if kind == "character":
        for span in _rule_data_mentions(snapshot, key):
            plan.edits.setdefault(span.file, []).append((span, new))
    return plan


def _rule_data_mentions(snapshot: Snapshot, name: str) -> list[Span]:
    """``character: NAME`` properties of the campaign's own declarations (cards, decks)."""
    found = []
    for file in snapshot.campaign.files:
        if not snapshot.path_of(file.name).is_relative_to(snapshot.root):
            continue
        for item in file.items:
            if not isinstance(item, ast.Declaration):
                continue
            for prop in item.props:
                if isinstance(prop, ast.Prop) and prop.key == "character" and prop.value == name:
                    source = snapshot.result.sources.get(file.name)
                    line = source.line(prop.span.line) if source is not None else ""
                    at = line.rfind(name)
                    if at >= 0:
                        found.append(Span(file.name, prop.span.line, at + 1, prop.span.line,
                                          at + 1 + len(name)))
    return found


def _location(snapshot: Snapshot, key: str, new: str, found: list[Occurrence]) -> Renaming:
    """A location renumbered: its declaration, every mention of its number (keys,
    ``start:``, ``move to``, ``reveal location``), the section of each of its verses
    (headers and absolute references) and its section in tgc.lock, so that every verse
    keeps its printed number. The map prints the new number: that is the point."""
    campaign = snapshot.campaign
    if not is_number(new) or new != (new.lstrip("0") or "0"):
        raise RenameError(f"`{new}` is not a location's number (digits, no leading zero)")
    if int(new) in campaign.locations or new in campaign.sections:
        raise RenameError(f"location {new} already exists")
    plan = Renaming("location", key, new)
    for occ in found:
        if _text(snapshot, occ.span) != key:
            raise RenameError(f"{occ.span}: `{_text(snapshot, occ.span)}` is not `{key}`")
        plan.edits.setdefault(occ.span.file, []).append((occ.span, new))
    for (kind, vid), occs in snapshot.index.by_key.items():
        if kind != "verse" or vid.split(".", 1)[0] != key:
            continue
        for occ in occs:
            written = _text(snapshot, occ.span)
            section, dot, _ = written.partition(".")
            if dot and section and canonical_section(section) == key:
                span = Span(occ.span.file, occ.span.line, occ.span.col, occ.span.line,
                            occ.span.col + len(section))
                plan.edits.setdefault(occ.span.file, []).append((span, new))
    plan.lock = _moved_section(snapshot, key, new)
    return plan


def _moved_section(snapshot: Snapshot, old: str, new: str) -> tuple[Path, str, str] | None:
    """tgc.lock with the section's numbers under its new name (None when it has none)."""
    path = lock_path(snapshot.root)
    lock, source, diags = read_lock(path, snapshot.name_of(path))
    if source is None or old not in lock.sections:
        return None
    if diags:
        raise RenameError(f"{path}: fix tgc.lock first ({diags[0].message})")
    if new in lock.sections:
        raise RenameError(f"tgc.lock already holds numbers for section {new}")
    sections = {(new if name == old else name): entry for name, entry in lock.sections.items()}
    return path, source.text, render_lock(replace(lock, sections=sections))


def verify(snapshot: Snapshot, plan: Renaming) -> None:
    """Refuse a plan whose result checks worse than the campaign does now: a mention of
    the old name the plan missed (in rule data, say) becomes an error, and then nothing
    is written."""
    from tgc.pipeline import Job, run

    texts = dict(snapshot.result.job.overlay or {})
    texts.update(renamed_files(snapshot, plan))
    after = run(Job(snapshot.root, "check", overlay=texts))
    before = {(d.code, d.span) for d in snapshot.result.diagnostics if d.severity is Severity.ERROR}
    new = [d for d in after.diagnostics if d.severity is Severity.ERROR]
    if len(new) > len(before):
        first = next((d for d in new if (d.code, d.span) not in before), new[0])
        raise RenameError(f"renaming would break the campaign: {first.span}: {first.code} "
                          f"{first.message}; nothing was renamed")


def apply_edits(text: str, edits: list[tuple[Span, str]]) -> str:
    """``text`` with one-line replacements applied (from the last to the first)."""
    lines = text.split("\n")
    for span, new in sorted(edits, key=lambda e: (e[0].line, e[0].col), reverse=True):
        line = lines[span.line - 1]
        lines[span.line - 1] = line[:span.col - 1] + new + line[span.end_col - 1:]
    return "\n".join(lines)


_STATUS = re.compile(r'^(status|item|encounter|character)\s+"([^"]+)"$')
_SECRET = re.compile(r"^(secret|location)\s+([0-9]+)$")


def target_of(snapshot: Snapshot, written: str) -> tuple[Kind, str]:
    """What `tgc rename OLD NEW` names: a verse or block id (``201.arrival``,
    ``201.arrival.beaten``), ``status "Name"``, ``item "Name"``, ``encounter "Name"``,
    ``character "Name"``, ``secret 12`` or ``location 201``."""
    written = written.strip()
    if (m := _STATUS.match(written)) is not None:
        return _NAMED[m.group(1)], m.group(2)
    if (m := _SECRET.match(written)) is not None:
        return ("secret" if m.group(1) == "secret" else "location"), m.group(2).lstrip("0") or "0"
    parts = written.split(".")
    if len(parts) in (2, 3) and all(parts):
        section = parts[0].lstrip("0") or "0" if is_number(parts[0]) else parts[0]
        key = ".".join([section, canonical_verse(parts[1]), *parts[2:]])
        if key in snapshot.campaign.verses or (len(parts) == 3 and key.rsplit(".", 1)[0] in
                                               snapshot.campaign.verses):
            return "verse", key
        raise RenameError(f"no verse `{key}` in this campaign")
    raise RenameError(f"`{written}` names nothing to rename: write a verse id such as "
                      '`201.arrival`, `status "Name"`, `item "Name"`, `encounter "Name"`, '
                      '`character "Name"`, `secret 12` or `location 201`')


_NAMED: dict[str, Kind] = {"status": "status", "item": "item", "encounter": "encounter",
                           "character": "character"}


def renamed_files(snapshot: Snapshot, plan: Renaming) -> dict[Path, str]:
    """The new text of every file the plan changes (tgc.lock included)."""
    out: dict[Path, str] = {}
    for file, edits in plan.edits.items():
        out[snapshot.path_of(file)] = apply_edits(snapshot.result.sources[file].text, edits)
    if plan.lock is not None:
        out[plan.lock[0]] = plan.lock[2]
    return out
