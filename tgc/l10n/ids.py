"""Localization, stable ids: the walk's slots and ``tgc.l10n.lock`` in, one id per slot and
the lock to write back out. Bad lock text becomes a TGC610 diagnostic; nothing raises.

A declaration's field has a fixed id (``location.201#title``). A text inside a verse is
numbered within its verse (or inline block) and kind: ``201.1#p2``, ``201.1.fail#c1``.
The lock keeps each id with a hash of the text it was given to, in book order, so that
ids follow texts, not positions: an inserted paragraph gets the next free number and
every other keeps its own; an edited paragraph keeps its id (its translation becomes
stale, docs/localization.md). The file is TOML::

    # tgc.l10n.lock ... (header comment)
    format = 1

    [units]
    "201.1#p1" = "5d41402abc4b"

Example:
    >>> lock, diags = parse_lock(SourceFile.from_text("tgc.l10n.lock",
    ...     'format = 1\\n[units]\\n"201.1#p1" = "abc"\\n'))
    >>> lock.units, diags
    ({'201.1#p1': 'abc'}, [])
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.l10n.walk import Slot
from tgc.limits import MAX_NUMBER, LimitError, as_number, load_toml
from tgc.source import SourceFile, Span

LOCK_NAME = "tgc.l10n.lock"
LOCK_FORMAT = 1
HEADER = """\
# tgc.l10n.lock: the id of every translatable text, kept by `tgc l10n extract`.
# Commit this file with the sources: it keeps translation ids stable when texts are
# inserted, moved within their verse or edited. See docs/localization.md.
"""
_ORDINAL = re.compile(r"(.*)#([a-z])([1-9][0-9]*)")
_WHERE = re.compile(r"at line (\d+), column (\d+)")


@dataclass(frozen=True, slots=True)
class IdLock:
    """Id -> hash of its source text, in book order as last written."""

    units: dict[str, str] = field(default_factory=dict)


def text_hash(text: str) -> str:
    """Twelve hex digits of BLAKE2b: enough to tell edits apart, short enough to read."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=6).hexdigest()


def parse_lock(source: SourceFile) -> tuple[IdLock, list[Diagnostic]]:
    try:
        data = load_toml(source.text)
    except tomllib.TOMLDecodeError as err:
        found = _WHERE.search(str(err))
        line, col = (int(found[1]), int(found[2])) if found else (1, 1)
        return IdLock(), [_bad(source, line, col, str(err).split(" (at ")[0].lower())]
    except LimitError as err:
        return IdLock(), [_bad(source, 1, 1, str(err))]
    if data.get("format") != LOCK_FORMAT:
        return IdLock(), [_bad(source, 1, 1, f"unknown format {data.get('format')!r}; this tgc "
                                            f"reads format {LOCK_FORMAT}")]
    units = data.get("units", {})
    if not isinstance(units, dict) or not all(isinstance(v, str) for v in units.values()):
        return IdLock(), [_bad(source, 1, 1, "`[units]` must map ids to hashes (strings)")]
    for key in units:
        found = _ORDINAL.fullmatch(key)
        if found and as_number(found[3]) is None:  # tgc numbers texts from 1; int() would refuse 4,300 digits
            return IdLock(), [_bad(source, _line_of(source, key), 1,
                                   f"the id `{found[1][:40]}#{found[2]}{found[3][:12]}...` has an ordinal "
                                   f"beyond {MAX_NUMBER}")]
    return IdLock(dict(units)), []


def _line_of(source: SourceFile, key: str) -> int:
    at = source.text.find(key)
    return source.text.count("\n", 0, at) + 1 if at >= 0 else 1


def _bad(source: SourceFile, line: int, col: int, detail: str) -> Diagnostic:
    text = source.line(line)
    return diag("TGC610", Span(source.name, line, col, line, max(len(text), col) + 1),
                hint="restore it from version control, or delete it to number every text afresh "
                     "(every translation of a moved text then shows as stale)",
                detail=detail)


def render_lock(lock: IdLock) -> str:
    lines = [HEADER, f"format = {LOCK_FORMAT}", "", "[units]"]
    lines += [f"{json.dumps(key, ensure_ascii=False)} = \"{value}\"" for key, value in lock.units.items()]
    return "\n".join(lines) + "\n"


def assign(slots: Sequence[Slot], lock: IdLock) -> tuple[list[str], IdLock]:
    """The id of every slot, and the lock that records them."""
    old: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for key, digest in lock.units.items():
        found = _ORDINAL.fullmatch(key)
        if found:
            old.setdefault((found[1], found[2]), []).append((int(found[3]), digest))
    groups: dict[tuple[str, str], list[int]] = {}
    ids: list[str] = [""] * len(slots)
    for index, slot in enumerate(slots):
        if slot.ordinal:
            groups.setdefault((slot.scope, slot.kind), []).append(index)
        else:
            ids[index] = f"{slot.scope}#{slot.kind}"
    for (scope, kind), members in groups.items():
        numbers = _number([text_hash(slots[i].text) for i in members], old.get((scope, kind), []))
        for i, n in zip(members, numbers, strict=True):
            ids[i] = f"{scope}#{kind}{n}"
    return ids, IdLock({ids[i]: text_hash(slot.text) for i, slot in enumerate(slots)})


def _number(hashes: list[str], before: list[tuple[int, str]]) -> list[int]:
    """Ordinals for texts of one verse and kind: an unchanged text keeps its number, an
    edited one (a replacement in place) keeps the number it replaces, and a new one gets
    the next number above every number in use."""
    out = [0] * len(hashes)
    following = max((n for n, _ in before), default=0) + 1
    matcher = SequenceMatcher(None, [h for _, h in before], hashes, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        kept = (i2 - i1) if tag in ("equal", "replace") else 0
        for offset in range(j2 - j1):
            if offset < kept:
                out[j1 + offset] = before[i1 + offset][0]
            else:
                out[j1 + offset] = following
                following += 1
    return out
