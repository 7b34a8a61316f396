"""Where every name of a campaign is declared and used: one walk over the resolved model
gives each verse, block, status, secret, item, location, encounter and character its
definition and its uses, with their spans. Go to definition, find references, rename,
hover, document symbols and code lenses all read it.

Kept in parts between an editor's snapshots: each file's verses (their definitions, the
references they resolved, the names their bodies use) and the declarations. After an
edit, a file whose tree is the last index's and whose resolution record was replayed
keeps its part; only the edited files, and those whose references were resolved again
(verse ids came or went), are walked again, so the first hover after an edit costs in
proportion to the edit, not to the campaign. tests/test_index.py compares the kept
index with one built afresh after edits of every kind."""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tgc.semantics.incremental import FileResolution, Resolution
from tgc.semantics.model import Campaign, VerseInfo, block_id, canonical_section, canonical_verse
from tgc.source import SourceFile, Span
from tgc.syntax import ast
from tgc.syntax.shape import moved_targets

Kind = Literal["verse", "status", "secret", "item", "location", "encounter", "character"]
KINDS: tuple[Kind, ...] = ("verse", "status", "secret", "item", "location", "encounter", "character")


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One mention of a name: ``key`` is the canonical id (a verse or block id, a status
    or item name, a secret or location number as text); ``span`` covers what is written
    there (a reference such as ``101.2``, a quoted name, a verse header's id)."""

    kind: Kind
    key: str
    span: Span
    definition: bool = False


@dataclass(frozen=True, slots=True)
class FilePart:
    """One file's verses in the index: their definitions (ids and blocks), the references
    they resolved (in the order resolution found them) and the names their bodies use;
    and what they were read from, the file's tree and its resolution record (None when
    the references are not split by file), which the next index compares by identity."""

    tree: ast.File
    record: FileResolution | None
    defs: tuple[Occurrence, ...]
    refs: tuple[Occurrence, ...]
    uses: tuple[Occurrence, ...]
    counts: dict[str, int]  # how many of ``refs`` name each verse or block


@dataclass(frozen=True, slots=True)
class Shared:
    """What belongs to no file's verses: the references resolved outside them (the
    declarations'; every reference when they are not split by file) and the
    declarations' own occurrences, each also by file; ``source`` holds the tables and the
    record they were read from, which the next index compares by identity."""

    source: tuple[object, ...] = ()
    refs: tuple[Occurrence, ...] = ()
    decls: tuple[Occurrence, ...] = ()
    refs_of: dict[str, list[Occurrence]] = field(default_factory=dict)
    decls_of: dict[str, list[Occurrence]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)  # how many of ``refs`` name each verse


@dataclass
class Index:
    """Occurrences by file (sorted by position) and by (kind, key), made of the parts
    above. ``by_key`` lists each name's occurrences in the order of one walk over the
    campaign (verse definitions, references, declarations, uses in bodies), merged from
    the parts when first read (a hover reads only ``by_file``)."""

    by_file: dict[str, list[Occurrence]] = field(default_factory=dict)
    _starts: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    parts: dict[str, FilePart] = field(default_factory=dict)  # in the campaign's file order
    shared: Shared = field(default_factory=Shared)
    # False when the references could not be split by file (no resolution records, or a
    # second copy of a verse id): the next index then walks every file again.
    reusable: bool = False
    _by_key: dict[tuple[Kind, str], list[Occurrence]] | None = None

    @property
    def by_key(self) -> dict[tuple[Kind, str], list[Occurrence]]:
        if self._by_key is None:
            self._by_key = self._merge()
        return self._by_key

    def _merge(self) -> dict[tuple[Kind, str], list[Occurrence]]:
        found: dict[tuple[Kind, str], list[Occurrence]] = {}
        parts = self.parts.values()
        for segment in (*(p.defs for p in parts), self.shared.refs, *(p.refs for p in parts),
                        self.shared.decls, *(p.uses for p in parts)):
            for occ in segment:
                found.setdefault((occ.kind, occ.key), []).append(occ)
        return found

    def at(self, file: str, line: int, col: int) -> Occurrence | None:
        """The innermost occurrence covering a 1-based position (the end is inclusive, so
        a cursor just after a name still finds it)."""
        found = self.by_file.get(file)
        if not found:
            return None
        starts = self._starts[file]
        best: Occurrence | None = None
        i = bisect.bisect_right(starts, (line, col)) - 1
        while i >= 0 and starts[i][0] >= line - 50:
            occ = found[i]
            if _covers(occ.span, line, col) and (best is None or _inside(occ.span, best.span)):
                best = occ
            i -= 1
        return best

    def count_uses(self, kind: Kind, key: str) -> int:
        """``len(uses(kind, key))``; for a verse, while ``by_key`` is not merged yet, the
        sum of what each part counted (a file's code lenses ask it for every verse of
        the file right after an edit, and need no other name)."""
        if self._by_key is not None or kind != "verse":
            return len(self.uses(kind, key))
        return self.shared.counts.get(key, 0) + sum(p.counts.get(key, 0) for p in self.parts.values())

    def definitions(self, kind: Kind, key: str) -> list[Occurrence]:
        return [o for o in self.by_key.get((kind, key), ()) if o.definition]

    def uses(self, kind: Kind, key: str) -> list[Occurrence]:
        return [o for o in self.by_key.get((kind, key), ()) if not o.definition]


def _covers(span: Span, line: int, col: int) -> bool:
    return (span.line, span.col) <= (line, col) <= (span.end_line, span.end_col)


def _inside(inner: Span, outer: Span) -> bool:
    return (outer.line, outer.col) <= (inner.line, inner.col) and \
        (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def build_index(campaign: Campaign, sources: dict[str, SourceFile], resolution: Resolution | None = None,
                earlier: Index | None = None) -> Index:
    """Every definition and use of the campaign's names. With the resolution's records
    (an editor's run) the references are split by file, and every part of ``earlier``
    read from what this campaign still holds (the same tree and record, the same
    declaration tables) is taken as it is."""
    walker = _Walker(campaign, sources)
    split = _split(campaign, resolution)
    kept = earlier if earlier is not None and earlier.reusable and split is not None else None
    shared = walker.shared(split, kept.shared if kept is not None else None)
    index = Index(shared=shared, reusable=split is not None)
    for file in campaign.files:
        record = split[1][file.name] if split is not None else None
        old = kept.parts.get(file.name) if kept is not None else None
        part = old if old is not None and old.tree is file and old.record is record \
            else walker.part(file, record)
        index.parts[file.name] = part
        if kept is not None and part is old and shared is kept.shared and file.name in kept.by_file:
            index.by_file[file.name] = kept.by_file[file.name]
            index._starts[file.name] = kept._starts[file.name]
        else:
            _sort_file(index, file.name, part)
    for name in (*shared.refs_of, *shared.decls_of):  # (a declaration outside the files)
        if name not in index.parts and name not in index.by_file:
            _sort_file(index, name, None)
    return index


def _sort_file(index: Index, name: str, part: FilePart | None) -> None:
    """One file's occurrences in the walk's order, then by position (stable: of two at
    one position, the one walked first comes first)."""
    shared = index.shared
    found = [*(part.defs if part is not None else ()), *shared.refs_of.get(name, ()),
             *(part.refs if part is not None else ()), *shared.decls_of.get(name, ()),
             *(part.uses if part is not None else ())]
    if not found:
        return
    found.sort(key=lambda o: (o.span.line, o.span.col))
    index.by_file[name] = found
    index._starts[name] = [(o.span.line, o.span.col) for o in found]


# The references the declarations resolved, and each file's record by file name.
Split = tuple[dict[ast.Ref, str], dict[str, FileResolution]]


def _split(campaign: Campaign, resolution: Resolution | None) -> Split | None:
    """The campaign's references split as resolution found them: the declarations' and
    each file's (whose verses it resolved in order, after the declarations'), when the
    records account for every one; None when they cannot (no records, or a second copy
    of a verse id, whose references are resolved after every file)."""
    if resolution is None or resolution.declarations is None:
        return None
    records = resolution.files
    if any(file.name not in records or records[file.name].duplicates for file in campaign.files):
        return None
    counted = len(resolution.declarations.targets) + sum(len(r.targets) for r in records.values())
    if counted != len(campaign.targets) or len(records) != len(campaign.files):
        return None
    return resolution.declarations.targets, records


class _Walker:
    def __init__(self, campaign: Campaign, sources: dict[str, SourceFile]) -> None:
        self.c = campaign
        self.sources = sources
        self.out: list[Occurrence] = []

    def add(self, occ: Occurrence) -> None:
        self.out.append(occ)

    def taken(self) -> tuple[Occurrence, ...]:
        found, self.out = tuple(self.out), []
        return found

    # ------------------------------------------------------------ parts

    def part(self, file: ast.File, record: FileResolution | None) -> FilePart:
        """A file's verses walked: definitions, the references of its record (keyed by
        the new columns when the file changed only in a choice's words since the record
        was made: syntax.shape) and the names their bodies use."""
        tabled = self.tabled(file)
        for vid, info in tabled:
            self.add(Occurrence("verse", vid, info.verse.id.span, True))
            for name, block in info.blocks.items():
                self.add(Occurrence("verse", block_id(vid, name), self.block_name(block), True))
        defs = self.taken()
        if record is not None:
            moved = moved_targets(record.file, file) if record.file is not file else {}
            for ref, target in record.targets.items():
                self.add(Occurrence("verse", target, moved.get(ref, ref).span))
        refs = self.taken()
        for _, info in tabled:
            for body in (info.verse.body, *(b.body for b in info.verse.blocks)):
                for stmt in body:
                    self.stmt(stmt)
        return FilePart(file, record, defs, refs, self.taken(), _counts(refs))

    def tabled(self, file: ast.File) -> list[tuple[str, VerseInfo]]:
        """The file's verses as the verse table holds them (a second copy of an id is in
        no table), in the table's order."""
        verses = self.c.verses
        found = []
        for item in file.items:
            if isinstance(item, ast.Verse):
                vid = f"{canonical_section(item.id.section)}.{canonical_verse(item.id.verse)}"
                info = verses.get(vid)
                if info is not None and info.verse is item:
                    found.append((vid, info))
        return found

    def shared(self, split: Split | None, earlier: Shared | None) -> Shared:
        """The declarations' occurrences and the references outside the file parts; the
        last index's when read from the same tables and record."""
        c = self.c
        refs: object = split[0] if split is not None else c.targets
        source = (c.statuses, c.secrets, c.items, c.locations, c.encounters, c.others, c.info, refs)
        if earlier is not None and len(earlier.source) == len(source) \
                and all(a is b for a, b in zip(earlier.source, source, strict=True)):
            return earlier
        for ref, target in (split[0] if split is not None else c.targets).items():
            self.add(Occurrence("verse", target, ref.span))
        found_refs = self.taken()
        self.declarations()
        decls = self.taken()
        return Shared(source, found_refs, decls, _by_file(found_refs), _by_file(decls), _counts(found_refs))

    def declarations(self) -> None:
        c = self.c
        for name, status in c.statuses.items():
            self.add(Occurrence("status", name, self.quoted(status.decl.header_span, name), True))
        for number, secret in c.secrets.items():
            span = self.word(secret.decl.header_span, str(number))
            self.add(Occurrence("secret", str(number), span, True))
        for name, item in c.items.items():
            self.add(Occurrence("item", name, self.quoted(item.decl.header_span, name), True))
        for number, loc in c.locations.items():
            self.add(Occurrence("location", str(number), self.word(loc.decl.header_span, str(number)), True))
            for key in loc.keys:
                self.number("location", key.location, key.span)
        for name, decl in c.encounters.items():
            self.add(Occurrence("encounter", name, self.named(decl.header_span, name), True))
        for decl in c.others:
            if decl.kind == "character" and decl.args:
                name = str(decl.args[0])
                self.add(Occurrence("character", name, self.named(decl.header_span, name), True))
        if c.info is not None:
            for prop in c.info.decl.props:
                if isinstance(prop, ast.NumberProp) and prop.key == "start":
                    self.number("location", prop.low, prop.span)

    # ------------------------------------------------------------ spans of names

    def line(self, span: Span, number: int | None = None) -> str:
        source = self.sources.get(span.file)
        return source.line(number or span.line) if source is not None else ""

    def find(self, span: Span, needle: str) -> Span:
        """The span of ``needle`` on the first line of ``span`` (or ``span``)."""
        text = self.line(span)
        at = text.find(needle, span.col - 1)
        if at < 0 or (span.end_line == span.line and at + len(needle) > span.end_col - 1):
            return span
        return Span(span.file, span.line, at + 1, span.line, at + 1 + len(needle))

    def quoted(self, span: Span, name: str) -> Span:
        found = self.find(span, f'"{name}"')
        return found if found != span else self.find(span, name)

    def named(self, span: Span, name: str) -> Span:
        return self.quoted(span, name)

    def word(self, span: Span, word: str) -> Span:
        return self.find(span, word)

    def number(self, kind: Kind, number: int, span: Span) -> None:
        self.add(Occurrence(kind, str(number), self.word(span, str(number))))

    def block_name(self, block: ast.Block) -> Span:
        return self.find(block.span._replace(end_line=block.span.line,
                                             end_col=len(self.line(block.span)) + 1), block.name)

    # ------------------------------------------------------------ bodies

    def stmt(self, stmt: ast.Stmt) -> None:
        if isinstance(stmt, ast.Choice) and stmt.guard is not None:
            for cond in stmt.guard.conditions:
                self.cond(cond)
        elif isinstance(stmt, ast.CondDivert):
            self.cond(stmt.cond)
        elif isinstance(stmt, ast.EffectLine):
            if stmt.cond is not None:
                self.cond(stmt.cond)
            self.effect(stmt.effect)

    def cond(self, cond: ast.Cond) -> None:
        for atom in _atoms(cond):
            if isinstance(atom, ast.StatusCond):
                self.add(Occurrence("status", atom.name, atom.name_span))
            elif isinstance(atom, ast.SecretCond):
                self.number("secret", atom.number, atom.span)
            elif isinstance(atom, ast.ItemCond) and not atom.keyword:
                self.add(Occurrence("item", atom.name, self.quoted(atom.span, atom.name)))
            elif isinstance(atom, ast.CharacterCond):
                self.add(Occurrence("character", atom.name, self.named(atom.span, atom.name)))

    def effect(self, effect: ast.Effect) -> None:
        if isinstance(effect, ast.Mark):
            self.add(Occurrence("status", effect.name, effect.name_span))
        elif isinstance(effect, ast.SecretEffect):
            self.number("secret", effect.number, effect.span)
        elif isinstance(effect, ast.ItemEffect) and not effect.keyword:
            self.add(Occurrence("item", effect.name, self.quoted(effect.span, effect.name)))
        elif isinstance(effect, ast.LocationEffect):
            numbers = [effect.number] if effect.other is None else [effect.number, effect.other]
            for number in numbers:
                self.number("location", number, effect.span)
        elif isinstance(effect, ast.Encounter) and effect.name is not None:
            self.add(Occurrence("encounter", effect.name, self.named(effect.what_span, effect.name)))


def _by_file(found: Sequence[Occurrence]) -> dict[str, list[Occurrence]]:
    by: dict[str, list[Occurrence]] = {}
    for occ in found:
        by.setdefault(occ.span.file, []).append(occ)
    return by


def _counts(refs: Sequence[Occurrence]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for occ in refs:
        counts[occ.key] = counts.get(occ.key, 0) + 1
    return counts


def _atoms(cond: ast.Cond) -> Iterator[ast.Cond]:
    if isinstance(cond, ast.Not):
        yield from _atoms(cond.operand)
    elif isinstance(cond, (ast.And, ast.Or)):
        for operand in cond.operands:
            yield from _atoms(operand)
    else:
        yield cond


@dataclass(frozen=True)
class Sections:
    """The verse ids of each section, in campaign order, and the section of each file
    (that of its last verse): what completion after ``->`` reads, so that it never scans
    every verse of the campaign."""

    verses: dict[str, list[str]]
    of_file: dict[str, str]


def build_sections(campaign: Campaign) -> Sections:
    verses: dict[str, list[str]] = {}
    of_file: dict[str, str] = {}
    for vid, info in campaign.verses.items():
        verses.setdefault(info.section, []).append(vid)
        of_file[info.verse.span.file] = info.section
    return Sections(verses, of_file)
