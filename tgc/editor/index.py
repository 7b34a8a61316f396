"""Where every name of a campaign is declared and used: one walk over the resolved model
gives each verse, block, status, secret, item, location, encounter and character its
definition and its uses, with their spans. Go to definition, find references, rename,
hover, document symbols and code lenses all read it; it is rebuilt from each new model
(linear in the campaign, a few milliseconds per thousand verses)."""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from tgc.semantics.model import Campaign, block_id
from tgc.source import SourceFile, Span
from tgc.syntax import ast

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


@dataclass
class Index:
    """Occurrences by file (sorted by position) and by (kind, key)."""

    by_file: dict[str, list[Occurrence]] = field(default_factory=dict)
    by_key: dict[tuple[Kind, str], list[Occurrence]] = field(default_factory=dict)
    _starts: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def add(self, occ: Occurrence) -> None:
        self.by_file.setdefault(occ.span.file, []).append(occ)
        self.by_key.setdefault((occ.kind, occ.key), []).append(occ)

    def seal(self) -> Index:
        for name, found in self.by_file.items():
            found.sort(key=lambda o: (o.span.line, o.span.col))
            self._starts[name] = [(o.span.line, o.span.col) for o in found]
        return self

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

    def definitions(self, kind: Kind, key: str) -> list[Occurrence]:
        return [o for o in self.by_key.get((kind, key), ()) if o.definition]

    def uses(self, kind: Kind, key: str) -> list[Occurrence]:
        return [o for o in self.by_key.get((kind, key), ()) if not o.definition]


def _covers(span: Span, line: int, col: int) -> bool:
    return (span.line, span.col) <= (line, col) <= (span.end_line, span.end_col)


def _inside(inner: Span, outer: Span) -> bool:
    return (outer.line, outer.col) <= (inner.line, inner.col) and \
        (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def build_index(campaign: Campaign, sources: dict[str, SourceFile]) -> Index:
    """Every definition and use of the campaign's names."""
    index = Index()
    _Walker(campaign, sources, index).run()
    return index.seal()


class _Walker:
    def __init__(self, campaign: Campaign, sources: dict[str, SourceFile], index: Index) -> None:
        self.c = campaign
        self.sources = sources
        self.index = index

    def run(self) -> None:
        c = self.c
        for vid, info in c.verses.items():
            self.index.add(Occurrence("verse", vid, info.verse.id.span, True))
            for name, block in info.blocks.items():
                self.index.add(Occurrence("verse", block_id(vid, name), self.block_name(block), True))
        for ref, target in c.targets.items():
            self.index.add(Occurrence("verse", target, ref.span))
        for name, status in c.statuses.items():
            self.index.add(Occurrence("status", name, self.quoted(status.decl.header_span, name), True))
        for number, secret in c.secrets.items():
            span = self.word(secret.decl.header_span, str(number))
            self.index.add(Occurrence("secret", str(number), span, True))
        for name, item in c.items.items():
            self.index.add(Occurrence("item", name, self.quoted(item.decl.header_span, name), True))
        for number, loc in c.locations.items():
            self.index.add(Occurrence("location", str(number), self.word(loc.decl.header_span, str(number)),
                                      True))
            for key in loc.keys:
                self.number("location", key.location, key.span)
        for name, decl in c.encounters.items():
            self.index.add(Occurrence("encounter", name, self.named(decl.header_span, name), True))
        for decl in c.others:
            if decl.kind == "character" and decl.args:
                name = str(decl.args[0])
                self.index.add(Occurrence("character", name, self.named(decl.header_span, name), True))
        if c.info is not None:
            for prop in c.info.decl.props:
                if isinstance(prop, ast.NumberProp) and prop.key == "start":
                    self.number("location", prop.low, prop.span)
        for info in c.verses.values():
            for body in (info.verse.body, *(b.body for b in info.verse.blocks)):
                for stmt in body:
                    self.stmt(stmt)

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
        self.index.add(Occurrence(kind, str(number), self.word(span, str(number))))

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
                self.index.add(Occurrence("status", atom.name, atom.name_span))
            elif isinstance(atom, ast.SecretCond):
                self.number("secret", atom.number, atom.span)
            elif isinstance(atom, ast.ItemCond) and not atom.keyword:
                self.index.add(Occurrence("item", atom.name, self.quoted(atom.span, atom.name)))
            elif isinstance(atom, ast.CharacterCond):
                self.index.add(Occurrence("character", atom.name, self.named(atom.span, atom.name)))

    def effect(self, effect: ast.Effect) -> None:
        if isinstance(effect, ast.Mark):
            self.index.add(Occurrence("status", effect.name, effect.name_span))
        elif isinstance(effect, ast.SecretEffect):
            self.number("secret", effect.number, effect.span)
        elif isinstance(effect, ast.ItemEffect) and not effect.keyword:
            self.index.add(Occurrence("item", effect.name, self.quoted(effect.span, effect.name)))
        elif isinstance(effect, ast.LocationEffect):
            numbers = [effect.number] if effect.other is None else [effect.number, effect.other]
            for number in numbers:
                self.number("location", number, effect.span)
        elif isinstance(effect, ast.Encounter) and effect.name is not None:
            self.index.add(Occurrence("encounter", effect.name, self.named(effect.what_span, effect.name)))


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
