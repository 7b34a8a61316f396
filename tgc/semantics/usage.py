"""Usage tables: the resolved Campaign and its verse graph in, for every status part (and
boxes status and flag), secret, item and item keyword, where it is granted, removed and
checked, and what every trigger reads. What an effect grants or removes is the condition
algebra's footprint of its lowered form, the same the explorer reads. Purely syntactic:
what can actually happen in play is worked out from these tables by ``semantics.flow``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import partial
from typing import NamedTuple, TypeVar

from tgc.conditions.change import footprint
from tgc.semantics.facts import Fact, Vocabulary
from tgc.semantics.graph import Graph, Node
from tgc.semantics.lower import lower_effect
from tgc.semantics.model import Campaign, canonical_section, canonical_verse
from tgc.source import Span
from tgc.syntax import ast


class Change(NamedTuple):
    """An effect line that grants or removes facts. ``cond`` is the condition of a
    conditional effect (``~ if C: mark ...``); ``line`` its position in the body (the
    ``index`` of an Edge).
    (Named tuples, like Span: a campaign has tens of thousands, and they are cheaper.)"""

    node: str
    line: int
    span: Span
    facts: tuple[Fact, ...]
    cond: ast.Cond | None
    removal: bool
    effect: ast.Mark | ast.SecretEffect | ast.ItemEffect


class Check(NamedTuple):
    """A status, secret or item condition; ``negated`` when an odd number of ``not``
    surround it. ``node`` is None for a condition outside a verse (none today)."""

    node: str | None
    span: Span
    atom: ast.StatusCond | ast.SecretCond | ast.ItemCond
    negated: bool


# One per condition and per state effect of the campaign, made in C from a tuple of every
# field in order (a named tuple's own constructor is a Python function: tgc.source.make_span).
_new_check: Callable[[tuple[str | None, Span, ast.StatusCond | ast.SecretCond | ast.ItemCond, bool]],
                     Check] = partial(tuple.__new__, Check)
_new_change: Callable[[tuple[str, int, Span, tuple[Fact, ...], ast.Cond | None, bool,
                             ast.Mark | ast.SecretEffect | ast.ItemEffect]], Change] = \
    partial(tuple.__new__, Change)


@dataclass(frozen=True, slots=True)
class TriggerUse:
    status: str
    trigger: ast.Trigger


@dataclass
class Usage:
    """The tables. A check is listed under every fact it reads (``status "X"`` reads
    every part of X), so "is this part ever checked" is one lookup. Lists are in source
    order within a file; sort by span for the first use across files."""

    grants: dict[Fact, list[Change]] = field(default_factory=dict)
    removals: dict[Fact, list[Change]] = field(default_factory=dict)
    checks: dict[Fact, list[Check]] = field(default_factory=dict)
    triggers: dict[Fact, list[TriggerUse]] = field(default_factory=dict)
    # Every check in body order, and every grant per node in body order (the flow reads
    # these to replay bodies).
    atoms: list[Check] = field(default_factory=list)
    node_grants: dict[str, list[Change]] = field(default_factory=dict)
    # Statuses, secrets, items and keywords that a line the parser dropped names, or that
    # a grant resolve rejected may have meant (``(family, "*")``: any of the family).
    # They may be granted or checked anywhere, so no check reports them (no cascades).
    obscured: set[tuple[str, str]] = field(default_factory=set)
    # Statuses a dropped line or a condition or trigger resolve rejected may read: never
    # called unread.
    unread_obscured: set[str] = field(default_factory=set)
    # Guards and conditions of more than one literal (where contradictions can hide),
    # with the line that holds them.
    compounds: list[tuple[ast.Stmt, tuple[ast.Cond, ...]]] = field(default_factory=list)
    # What each body (by node id) added to these tables, when kept for the next run of an
    # editor (``collect_usage(keep=True)``); empty otherwise.
    parts: dict[str, Usage] = field(default_factory=dict, repr=False, compare=False)
    # Also kept for an editor's next run: whether some body is not a node of the graph (a
    # second copy of a verse or block), each node's place in the graph, and per file of
    # the run its verse count and whether a verse of it repeats a block name.
    shadows: bool = field(default=False, repr=False, compare=False)
    places: dict[str, int] | None = field(default=None, repr=False, compare=False)
    seen: dict[int, tuple[ast.File, int, bool]] = field(default_factory=dict, repr=False, compare=False)
    # What the bodies' rows obscure, all of them together (the next run's patch takes it
    # as it is when no body that changed obscures anything).
    parts_obscured: set[tuple[str, str]] = field(default_factory=set, repr=False, compare=False)
    parts_unread: set[str] = field(default_factory=set, repr=False, compare=False)

    def is_read(self, fact: Fact) -> bool:
        return fact in self.checks or fact in self.triggers

    def obscures(self, key: tuple[str, str]) -> bool:
        return key in self.obscured or (key[0], "*") in self.obscured


_STATE_EFFECTS = frozenset({ast.Mark, ast.SecretEffect, ast.ItemEffect})
_COMPOUND = (ast.And, ast.Or, ast.Not)


class _Collector:
    def __init__(self, campaign: Campaign, graph: Graph, earlier: tuple[Graph, Usage] | None = None,
                 keep: bool = False) -> None:
        self.c = campaign
        self.graph = graph
        self.v = Vocabulary(campaign)
        self.u = Usage()
        self.earlier = earlier
        self.keep = keep or earlier is not None

    def run(self) -> Usage:
        self.obscure()
        if self.keep:
            for node in self.graph.nodes.values():
                self.body_once(node)
        else:
            for node in self.graph.nodes.values():
                self.body(node.id, node.body)
        self.u.shadows = self.shadowed()
        if self.keep:
            self.u.seen = _seen(self.c, {})[1]
            self.u.parts_obscured, self.u.parts_unread = _obscured(self.u.parts.values())
        self.triggers()
        return self.u

    def again(self, earlier: tuple[Graph, Usage], changed: list[str], gone: list[str],
              same_order: bool = False) -> Usage | None:
        """The earlier run's tables with the rows of the ``changed`` bodies collected anew
        and put in their places, and those of the bodies that went (``gone``: node ids
        of the earlier graph that are none of this one) taken out (None when a body is
        no node of the graph, then or now: its rows come after every node's). Only the
        bodies whose rows differ are patched in, and each whole-campaign list (the atoms,
        the compounds, what is obscured) is made again only when one of them adds to it
        or took from it. ``same_order``: the graph's nodes are the earlier one's, in its
        order (the earlier places hold)."""
        was = earlier[1]
        plain, seen = _seen(self.c, was.seen)
        if was.shadows or not plain:
            return None
        nodes = self.graph.nodes
        places = _Places(nodes, was.places if same_order else None)
        parts = dict(was.parts)
        moved: list[tuple[str, Usage, Usage]] = []  # (node, its rows before, now)
        for nid in changed:
            whole, self.u = self.u, Usage()
            self.body(nid, nodes[nid].body)
            part, self.u = self.u, whole
            old = parts.get(nid, _NOTHING)
            if part == old:  # (most: a body resolved again to what it was, or adding nothing)
                parts[nid] = old
                continue
            parts[nid] = _NOTHING if part == _NOTHING else part
            moved.append((nid, old, parts[nid]))
        for nid in gone:
            old = parts.pop(nid, _NOTHING)
            if old is not _NOTHING:
                moved.append((nid, old, _NOTHING))
        self.obscure()
        u = self.u
        u.parts, u.seen = parts, seen
        u.grants = _patched(was.grants, [(b.grants, p.grants) for _, b, p in moved], parts, places, "grants")
        u.removals = _patched(was.removals, [(b.removals, p.removals) for _, b, p in moved], parts, places,
                              "removals")
        u.checks = _patched(was.checks, [(b.checks, p.checks) for _, b, p in moved], parts, places, "checks")
        u.node_grants = _patched_grants(was.node_grants, [nid for nid, _, _ in moved], parts, places)
        if any(b.atoms or p.atoms for _, b, p in moved):
            u.atoms = [a for nid in nodes for a in parts[nid].atoms]
        else:
            u.atoms = was.atoms
        if any(b.compounds or p.compounds for _, b, p in moved):
            u.compounds = [c for nid in nodes for c in parts[nid].compounds]
        else:
            u.compounds = was.compounds
        if any(b.obscured or p.obscured or b.unread_obscured or p.unread_obscured for _, b, p in moved):
            u.parts_obscured, u.parts_unread = _obscured(parts.values())
        else:
            u.parts_obscured, u.parts_unread = was.parts_obscured, was.parts_unread
        u.obscured |= u.parts_obscured
        u.unread_obscured |= u.parts_unread
        u.places = places.found
        self.triggers()
        return u

    def triggers(self) -> None:
        for status in self.c.statuses.values():
            for trig in status.triggers:
                if self.v.trigger_reads(status, trig) is None:
                    self.u.unread_obscured.add(status.name)
                for fact in self.v.trigger_reads(status, trig) or ():
                    self.u.triggers.setdefault(fact, []).append(TriggerUse(status.name, trig))

    def body_once(self, node: Node) -> None:
        """What one body adds to the tables: taken from the earlier run's tables when the
        body is the very node of the earlier graph (the same tree, resolved alike, in a
        campaign that declares the same names: semantics.incremental), else collected;
        kept either way, and added in graph order, so the tables are a full run's."""
        part = None
        if self.earlier is not None and self.earlier[0].nodes.get(node.id) is node:
            part = self.earlier[1].parts.get(node.id)
        if part is None:
            whole, self.u = self.u, Usage()
            self.body(node.id, node.body)
            part, self.u = self.u, whole
            if part == _NOTHING:  # most bodies (prose, choices without a guard) add nothing
                part = _NOTHING
        self.u.parts[node.id] = part
        if part is not _NOTHING:
            _add(self.u, part)

    def shadowed(self) -> bool:
        """Bodies of verses and blocks declared twice (or under a bad header) are not in
        the graph; their lines still count, under a node id no graph node has, so the
        flow treats them like verses no entry reaches and nothing they grant or check is
        reported again (the duplicate is the mistake). True if there was any."""
        found = False
        for file in self.c.files:
            for item in file.items:
                if not isinstance(item, ast.Verse):
                    continue
                vid = f"{canonical_section(item.id.section)}.{canonical_verse(item.id.verse)}"
                info = self.c.verses.get(vid)
                if info is None or info.verse is not item:
                    found = True
                    self.body(f"{vid}@{item.span.line}", item.body)
                for block in item.blocks:
                    if info is None or info.verse is not item or info.blocks.get(block.name) is not block:
                        found = True
                        self.body(f"{vid}.{block.name}@{block.span.line}", block.body)
        return found

    def obscure(self) -> None:
        for file in self.c.files:
            for lost in file.dropped:
                mentions = list(_mentions(lost.text, self.c))
                self.u.obscured.update(mentions)
                self.u.unread_obscured.update(n for f, n in mentions if f == "status")

    def meant(self, effect: ast.Mark | ast.SecretEffect | ast.ItemEffect
              ) -> list[tuple[str, str]]:
        """A grant resolve reported (an unknown name, a bad part): what it may grant."""
        if isinstance(effect, ast.Mark):
            return _meant("status", effect.name, self.c.statuses)
        if isinstance(effect, ast.SecretEffect):
            return [("secret", "*")]
        if effect.keyword:
            return _meant("keyword", effect.name, set(self.c.vocabulary.item_keywords) | self.c.item_keywords)
        return _meant("item", effect.name, self.c.items)

    def body(self, node: str, body: tuple[ast.Stmt, ...]) -> None:
        # This loop sees every line of the campaign: the most frequent kinds come first.
        for index, stmt in enumerate(body):
            if isinstance(stmt, ast.Choice):
                if stmt.guard is not None:
                    self.conds(node, stmt, stmt.guard.conditions)
            elif isinstance(stmt, ast.EffectLine):
                if stmt.cond is not None:
                    self.conds(node, stmt, (stmt.cond,))
                if type(stmt.effect) in _STATE_EFFECTS:
                    self.effect(node, index, stmt)
            elif isinstance(stmt, ast.CondDivert):
                self.conds(node, stmt, (stmt.cond,))

    def conds(self, node: str, stmt: ast.Stmt, conds: tuple[ast.Cond, ...]) -> None:
        if not conds:  # a guard of costs only
            return
        if len(conds) > 1 or isinstance(conds[0], _COMPOUND):
            self.u.compounds.append((stmt, conds))
        for cond in conds:
            self.cond(node, cond, False)

    def cond(self, node: str, cond: ast.Cond, negated: bool) -> None:
        for atom, neg in atoms(cond, negated):
            reads = self.reads(atom)
            if not reads:
                if isinstance(atom, ast.StatusCond):
                    self.u.unread_obscured.update(
                        n for _, n in _meant("status", atom.name, self.c.statuses))
                continue
            use = _new_check((node, atom.span, atom, neg))
            self.u.atoms.append(use)
            for fact in reads:
                self.u.checks.setdefault(fact, []).append(use)

    def reads(self, atom: ast.StatusCond | ast.SecretCond | ast.ItemCond) -> tuple[Fact, ...]:
        if isinstance(atom, ast.StatusCond):
            return self.v.status_reads(atom) or ()
        fact = (self.v.secret(atom.number) if isinstance(atom, ast.SecretCond)
                else self.v.item(atom.name, atom.keyword))
        return (fact,) if fact is not None else ()

    def effect(self, node: str, index: int, line: ast.EffectLine) -> None:
        effect = line.effect
        assert isinstance(effect, ast.Mark | ast.SecretEffect | ast.ItemEffect)
        change = lower_effect(effect)
        assert change is not None
        facts, removal, _, _ = footprint(change, self.v)
        if not facts:
            if not removal:
                self.u.obscured.update(self.meant(effect))
            return
        change_line = _new_change((node, index, line.span, facts, line.cond, removal, effect))
        table = self.u.removals if removal else self.u.grants
        for fact in facts:
            table.setdefault(fact, []).append(change_line)
        if not removal:
            self.u.node_grants.setdefault(node, []).append(change_line)


# An unclosed string runs to the end of the line (and names nothing), so that no quote
# is scanned twice: findall stays linear on a line of escaped quotes.
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)("|\\?\Z)')
_SECRET = re.compile(r"\bsecret\s+([0-9]{1,9})\b")
_KEYWORD = re.compile(r"\bitem\s+([^\W\d]\w*)")
_BARE = re.compile(r"\b(item|mark|unmark|status)\s+([^\W\d][^\n\"]*)")
_SECRET_OTHER = re.compile(r"\bsecret\b(?!\s*\d)")


def _spelt(words: list[str], pool: Iterable[str]) -> str | None:
    """The name of ``pool`` that the first of ``words`` spell (any case), longest first."""
    folded = {name.casefold(): name for name in pool}
    for size in range(len(words), 0, -1):
        name = folded.get(" ".join(words[:size]).casefold())
        if name is not None:
            return name
    return None


def _mentions(text: str, campaign: Campaign) -> Iterator[tuple[str, str]]:
    """The state a line that did not parse may have named."""
    for quoted, close in _QUOTED.findall(text):
        if not close:
            continue
        name = quoted.replace('\\"', '"').replace("\\\\", "\\")
        if name in campaign.statuses:
            yield ("status", name)
        if name in campaign.items:
            yield ("item", name)
    for number in _SECRET.findall(text):
        yield ("secret", str(int(number)))
    for word in _KEYWORD.findall(text):
        yield ("keyword", word)
    # The first words are enough to know the family: a name left unquoted (`item Iron
    # Key`, `mark Creeping Rot 2`) is the name its words spell, or any of its family;
    # a secret by its title (`secret "The Name"`, `secret seven`) may be any secret.
    for verb, rest in _BARE.findall(text):
        family = "item" if verb == "item" else "status"
        pool = campaign.items if family == "item" else campaign.statuses
        named = _spelt(rest.split(), pool)
        yield (family, named if named is not None else "*")
    if _SECRET_OTHER.search(text):
        yield ("secret", "*")


def _meant(family: str, name: str, pool: Iterable[str]) -> list[tuple[str, str]]:
    """What a name resolve rejected may have meant: itself if it is known (the part or
    shape was wrong), its close names, or all of them."""
    pool = list(pool)
    if name in pool:
        return [(family, name)]
    close = get_close_matches(name, pool, n=3, cutoff=0.6)
    return [(family, n) for n in close] if close else [(family, "*")]


def effect_text(effect: ast.Mark | ast.SecretEffect | ast.ItemEffect) -> str:
    """An effect as a writer would type it: ``unmark "Cold Pyre" 3``, ``lose secret 12``."""
    if isinstance(effect, ast.Mark):
        verb = "unmark" if effect.unmark else "mark"
        return f'{verb} "{effect.name}"' + (f" {effect.parts}" if effect.parts else "")
    verb = "gain" if effect.gain else "lose"
    if isinstance(effect, ast.SecretEffect):
        return f"{verb} secret {effect.number}"
    return f"{verb} item " + (effect.name if effect.keyword else f'"{effect.name}"')


def atoms(cond: ast.Cond, negated: bool = False) -> Iterator[
        tuple[ast.StatusCond | ast.SecretCond | ast.ItemCond, bool]]:
    """The status, secret and item conditions inside ``cond``, each with its polarity."""
    if isinstance(cond, (ast.StatusCond, ast.SecretCond, ast.ItemCond)):
        yield cond, negated
    elif isinstance(cond, ast.Not):
        yield from atoms(cond.operand, not negated)
    elif isinstance(cond, (ast.And, ast.Or)):
        for operand in cond.operands:
            yield from atoms(operand, negated)


def collect_usage(campaign: Campaign, graph: Graph, earlier: tuple[Graph, Usage] | None = None,
                  keep: bool = False, changed: list[str] | None = None, gone: list[str] | None = None,
                  same_order: bool = False) -> Usage:
    """The campaign's usage tables (``Analysis.usage`` keeps them for every check). With
    ``keep``, what each body added is kept too (``Usage.parts``), and with ``earlier`` (the
    last run's graph and tables, both kept) the bodies that are still its nodes are taken
    from it; with ``changed`` too (every node that is not, in a graph of the same node ids
    in the same order, but for the earlier graph's ``gone``), the earlier tables are patched
    where those bodies' rows go (``same_order``: the graph's nodes are the earlier one's, in
    its order)."""
    if earlier is not None and changed is not None:
        found = _Collector(campaign, graph, None, True).again(earlier, changed, gone or [], same_order)
        if found is not None:
            return found
    return _Collector(campaign, graph, earlier, keep).run()


def _seen(campaign: Campaign, seen: dict[int, tuple[ast.File, int, bool]]
          ) -> tuple[bool, dict[int, tuple[ast.File, int, bool]]]:
    """Whether every verse of every file is the campaign's own, none repeating a block
    name (then no body is left out of the graph: ``shadowed`` finds none), from each
    file's verse count and repeats, counted once per tree."""
    now: dict[int, tuple[ast.File, int, bool]] = {}
    count, plain = 0, True
    for file in campaign.files:
        hit = seen.get(id(file))
        if hit is None or hit[0] is not file:
            verses = [item for item in file.items if isinstance(item, ast.Verse)]
            repeats = any(len({b.name for b in v.blocks}) != len(v.blocks) for v in verses)
            hit = (file, len(verses), repeats)
        now[id(file)] = hit
        count += hit[1]
        plain = plain and not hit[2]
    return plain and count == len(campaign.verses), now


_Row = TypeVar("_Row", Change, Check)


def _patched(table: dict[Fact, list[_Row]],
             moved: list[tuple[dict[Fact, list[_Row]], dict[Fact, list[_Row]]]],
             parts: dict[str, Usage], places: _Places, name: str) -> dict[Fact, list[_Row]]:
    """A table with the rows of some bodies replaced (``moved``: each body's rows before
    and now), every list still in graph order and the facts in the order they first
    appear, as a full collection gives them."""
    touched: dict[Fact, None] = {}
    for old, new in moved:
        touched.update(dict.fromkeys(old))
        touched.update(dict.fromkeys(new))
    if not touched:
        return table
    found = dict(table)
    gone = {row.node for old, _ in moved for rows in old.values() for row in rows}
    inserted = False
    for fact in touched:
        rows = [row for row in table.get(fact, ()) if row.node not in gone]
        added = [row for _, new in moved for row in new.get(fact, ())]
        if added:
            place = places.get()
            rows = sorted(rows + added, key=lambda row: place.get(row.node or "", -1))
        if rows:
            # (a new fact, or one whose first row moved: the facts' order may change)
            inserted = inserted or fact not in found or rows[0] is not found[fact][0]
            found[fact] = rows
        else:
            found.pop(fact, None)
    if inserted:
        def first(fact: Fact) -> tuple[int, int]:
            node = found[fact][0].node or ""
            return place.get(node, -1), list(getattr(parts[node], name)).index(fact)
        place = places.get()
        found = {fact: found[fact] for fact in sorted(found, key=first)}
    return found


def _patched_grants(grants: dict[str, list[Change]], changed: list[str], parts: dict[str, Usage],
                    places: _Places) -> dict[str, list[Change]]:
    found = dict(grants)
    inserted = False
    for nid in changed:
        part = parts.get(nid)
        rows = part.node_grants.get(nid) if part is not None else None
        if rows:
            inserted = inserted or nid not in found
            found[nid] = rows
        else:
            found.pop(nid, None)
    if inserted:
        place = places.get()
        found = {nid: found[nid] for nid in sorted(found, key=place.__getitem__)}
    return found


class _Places:
    """Each node's place in the graph (its index), as the last run found them while the
    nodes are its own in its order, else worked out when first needed (a patch that takes
    rows out, or puts none in, needs none)."""

    def __init__(self, nodes: dict[str, Node], kept: dict[str, int] | None) -> None:
        self.nodes = nodes
        self.found = kept if kept is not None and len(kept) == len(nodes) else None

    def get(self) -> dict[str, int]:
        if self.found is None:
            self.found = {nid: i for i, nid in enumerate(self.nodes)}
        return self.found


def _obscured(parts: Iterable[Usage]) -> tuple[set[tuple[str, str]], set[str]]:
    """What the rows of ``parts`` obscure, and the statuses they may read unseen."""
    obscured: set[tuple[str, str]] = set()
    unread: set[str] = set()
    for part in parts:
        if part.obscured:
            obscured |= part.obscured
        if part.unread_obscured:
            unread |= part.unread_obscured
    return obscured, unread


_NOTHING = Usage()  # what a body that grants, removes and checks nothing adds (never changed)


def _add(u: Usage, part: Usage) -> None:
    """One body's entries after those of the bodies before it (lists in source order,
    facts in the order they first appear, as one pass over every body gives them)."""
    for table, entries in ((u.grants, part.grants), (u.removals, part.removals)):
        for fact, changes in entries.items():
            table.setdefault(fact, []).extend(changes)
    for fact, uses in part.checks.items():
        u.checks.setdefault(fact, []).extend(uses)
    for node, changes in part.node_grants.items():
        u.node_grants.setdefault(node, []).extend(changes)
    u.atoms.extend(part.atoms)
    u.compounds.extend(part.compounds)
    u.obscured |= part.obscured
    u.unread_obscured |= part.unread_obscured
