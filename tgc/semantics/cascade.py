"""What earlier mistakes may hide: the resolved Campaign (with its unresolved references
and the lines its parser dropped) in, the bodies, locations, verses and location numbers
that later checks must not report on out. This is how one typo gives one diagnostic:
the reference that did not resolve, or the line that did not parse, is reported once;
the verse it probably named is not also "unreachable", the body that lost its divert
is not also a "dead end"."""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from difflib import get_close_matches

from tgc.limits import is_number
from tgc.semantics.graph import Graph
from tgc.semantics.model import Campaign, block_id, canonical_section, canonical_verse
from tgc.syntax import ast

# Words of a lost line that may have been references: `101.2a`, `bos.ritual`, `.name`, `3`.
_TOKEN = re.compile(r"(?<![\w.])(\.?)([^\W_]\w*|_\w+)(?:\.([^\W_]\w*|_\w+))?")
_NAME = re.compile(r"[^\W\d]\w*")
_NUMBER = re.compile(r"[0-9]+[a-z]?")
CLOSE = 3  # how many close names a failed reference may have meant (difflib, cutoff 0.6)


@dataclass
class Hidden:
    """Everything a check must stay silent about because an earlier diagnostic covers it."""

    bodies: set[str] = field(default_factory=set)  # bodies that lost a line
    locations: set[int] = field(default_factory=set)  # location declarations that lost a line
    nodes: set[str] = field(default_factory=set)  # verses/blocks a lost line or failed ref may name
    numbers: set[int] = field(default_factory=set)  # location numbers a lost line mentions


def find_hidden(campaign: Campaign, graph: Graph, failing: Collection[str] | None = None) -> Hidden:
    """What the campaign's earlier mistakes hide (``Analysis.hidden`` keeps it for every
    check; linear in its size, difflib only for failed references). ``failing``, when
    known (an editor's resolution records say it), holds the verses a reference of which
    did not resolve: only their lines are looked through for it."""
    hidden = Hidden()
    finder = _Finder(campaign)
    _lost_lines(campaign, graph, finder, hidden)
    if campaign.unresolved:
        for ref, section, verse in _failed_refs(campaign, failing):
            hidden.nodes.update(finder.meant(ref, section, verse))
    return hidden


class _Finder:
    """Lookups by section and by verse, built on first use."""

    # difflib compares a name with every verse of its section: past this many failed
    # references (a renamed section breaks hundreds at once) the whole section is used.
    CLOSE_LOOKUPS = 50

    def __init__(self, campaign: Campaign) -> None:
        self.c = campaign
        self._by_section: dict[str, list[str]] | None = None
        self.lookups = 0

    def by_section(self) -> dict[str, list[str]]:
        if self._by_section is None:
            table: dict[str, list[str]] = {}
            for vid, info in self.c.verses.items():
                table.setdefault(info.section, []).append(vid)
            self._by_section = table
        return self._by_section

    def meant(self, ref: ast.Ref, section: str | None, verse: str | None) -> list[str]:
        """The verses or blocks a reference that did not resolve may have meant: its
        closest names, or every verse of its section when none is close."""
        if ref.block is not None:
            info = self.c.verses.get(verse or "")
            if info is None:
                return []
            names = get_close_matches(ref.block, list(info.blocks), n=CLOSE) or list(info.blocks)
            return [block_id(info.id, name) for name in names]
        blocks: list[str] = []
        info = self.c.verses.get(verse or "")
        if ref.section is None and info is not None and ref.verse in info.blocks:
            blocks = [block_id(info.id, ref.verse)]  # `-> pass` for `-> .pass`
        return blocks + self.meant_verses(ref, section)

    def meant_verses(self, ref: ast.Ref, section: str | None) -> list[str]:
        if ref.section is not None:
            section = canonical_section(ref.section)
        if section is None:
            # A relative reference where only absolute ones work (TGC116): any section's
            # verse of that name or number may be the one meant.
            wanted = canonical_verse(ref.verse)
            return [vid for vid in self.c.verses if vid.split(".", 1)[1] == wanted]
        table = self.by_section()
        if section not in table:
            close = get_close_matches(section, list(table), n=1)
            if not close:
                return []
            section = close[0]
        pool = table[section]
        self.lookups += 1
        if self.lookups > self.CLOSE_LOOKUPS:
            return list(pool)
        wanted = f"{section}.{canonical_verse(ref.verse)}"
        return get_close_matches(wanted, pool, n=CLOSE) or list(pool)

    def named_in(self, text: str, section: str | None, verse: str | None) -> Iterator[str]:
        """Verses and blocks that words of a lost line name exactly."""
        c = self.c
        info = c.verses.get(verse or "")
        for m in _TOKEN.finditer(text):
            dot, first, second = m.groups()
            if dot and info is not None and first in info.blocks and second is None:
                yield block_id(info.id, first)
            elif second is not None:
                vid = _verse_id(first, second)
                if vid in c.verses:
                    yield vid
            elif section is not None:
                vid = _verse_id(section, first)
                if vid in c.verses:
                    yield vid
                if info is not None and first in info.blocks:
                    yield block_id(info.id, first)


def _verse_id(section: str, verse: str) -> str | None:
    """The canonical id two words would name, or None when they cannot name a verse."""
    if not (_NAME.fullmatch(section) or is_number(section)):
        return None
    if not (_NAME.fullmatch(verse) or _NUMBER.fullmatch(verse)):
        return None
    return f"{canonical_section(section)}.{canonical_verse(verse)}"


def _lost_lines(campaign: Campaign, graph: Graph, finder: _Finder, hidden: Hidden) -> None:
    """Match every dropped line to the body or location declaration it was in."""
    if not any(file.dropped for file in campaign.files):
        return
    spans = _body_spans(campaign)
    for file in campaign.files:
        if not file.dropped:
            continue
        starts, owners = spans.get(file.name, ([], []))
        for lost in file.dropped:
            line = lost.span.line
            section: str | None = None
            verse: str | None = None
            at = bisect.bisect_right(starts, line) - 1
            if at >= 0 and owners[at][0] <= line <= owners[at][1]:
                _, _, owner = owners[at]
                if isinstance(owner, int):
                    hidden.locations.add(owner)
                    section = str(owner)
                else:
                    hidden.bodies.add(owner)
                    verse = graph.nodes[owner].verse
                    section = campaign.verses[verse].section
            hidden.nodes.update(finder.named_in(lost.text, section, verse))
            hidden.numbers.update(int(n) for n in re.findall(r"\b[0-9]{1,9}\b", lost.text))


Owner = tuple[int, int, str | int]


def _body_spans(campaign: Campaign) -> dict[str, tuple[list[int], list[Owner]]]:
    """Per file, the line ranges of every body and location declaration, sorted."""
    ranges: dict[str, list[Owner]] = {}
    for info in campaign.verses.values():
        verse = info.verse
        file = verse.span.file
        cuts = [block.span.line for block in verse.blocks]
        ends = [line - 1 for line in cuts] + [verse.span.end_line]
        ranges.setdefault(file, []).append((verse.span.line, ends[0], info.id))
        for block, end in zip(verse.blocks, ends[1:], strict=True):
            if block.name in info.blocks and info.blocks[block.name] is block:
                ranges[file].append((block.span.line, end, block_id(info.id, block.name)))
    for number, loc in campaign.locations.items():
        span = loc.decl.span
        ranges.setdefault(span.file, []).append((span.line, span.end_line, number))
    table: dict[str, tuple[list[int], list[Owner]]] = {}
    for file, owners in ranges.items():
        owners.sort(key=lambda o: o[0])
        table[file] = ([o[0] for o in owners], owners)
    return table


def _failed_refs(campaign: Campaign, failing: Collection[str] | None = None
                 ) -> Iterator[tuple[ast.Ref, str | None, str | None]]:
    """Every verse reference that did not resolve, with the section and verse it is in, in
    table order (the verses not in ``failing``, when it is given, hold none)."""
    failed = campaign.unresolved
    for info in campaign.verses.values():
        if failing is not None and info.id not in failing:
            continue
        bodies = [info.verse.body, *(block.body for block in info.verse.blocks)]
        for body in bodies:
            for stmt in body:
                for target in _stmt_targets(stmt):
                    if isinstance(target, ast.Ref) and target in failed:
                        yield target, info.section, info.id
    for decl in _declarations(campaign):
        section = str(decl.args[0]) if decl.kind == "location" and decl.args else None
        for prop in decl.props:
            if isinstance(prop, (ast.RefProp, ast.Action, ast.Trigger)):
                target = prop.target
                if isinstance(target, ast.Ref) and target in failed:
                    yield target, section, None


def _stmt_targets(stmt: ast.Stmt) -> Iterator[ast.Target]:
    if isinstance(stmt, (ast.Choice, ast.Divert, ast.CondDivert)):
        yield stmt.target
    elif isinstance(stmt, ast.EffectLine) and isinstance(stmt.effect, (ast.Roll, ast.Toss,
                                                                         ast.Encounter)):
        for arm in stmt.effect.arms:
            yield arm.target


def _declarations(campaign: Campaign) -> Iterator[ast.Declaration]:
    for file in campaign.files:
        for item in file.items:
            if isinstance(item, ast.Declaration):
                yield item
