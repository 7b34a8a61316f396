"""Name resolution: every reference in every verse and declaration is looked up in the
symbol table. Input: the Campaign from ``symbols``; output: a new Campaign with
``targets`` and ``unresolved`` filled, and diagnostics for what does not resolve or does not fit."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import assert_never

from tgc.diagnostics.codes import diag, did_you_mean, hints_left, spend_hints
from tgc.diagnostics.model import Diagnostic, Label
from tgc.limits import as_number, is_number
from tgc.semantics.incremental import DeclarationResolution, FileResolution, Resolution, VerseResolution
from tgc.semantics.model import (
    DIAL_MAX,
    Campaign,
    VerseInfo,
    block_id,
    canonical_section,
    canonical_verse,
)
from tgc.source import Span
from tgc.syntax import ast


class Resolver:
    """One pass over every body and declaration; ``visit_`` methods per node kind."""

    def __init__(self, campaign: Campaign, earlier: Resolution | None = None, keep: bool = False,
                 same_names: bool = True, same_tables: bool = False) -> None:
        self.c = campaign
        # The last run's records (when the campaign declares the same things), and this
        # run's, for the next (with ``keep``: an editor's, file by file).
        self.earlier = earlier.verses if earlier is not None else {}
        self.earlier_files = earlier.files if earlier is not None else {}
        self.earlier_declarations = earlier.declarations if earlier is not None else None
        # The verse table holds every unchanged file's verses as the last run's did (the
        # symbols were collected again from the last run's: symbols.collect_again), so
        # a file that is the last run's own tree needs no look at the table.
        self.same_tables = same_tables
        self.keep = keep
        self.kept = Resolution(same_names=same_names)
        # When verse ids came or went since: those that went. A record then holds only if
        # it failed nothing (a failure may resolve now, or its hint change) and resolved
        # nothing to a verse that went (semantics.incremental).
        self.gone: frozenset[str] | None = None
        if not same_names and earlier is not None:
            self.gone = frozenset(earlier.verses.keys() - campaign.verses.keys())
        self.diags: list[Diagnostic] = []
        self.section: str | None = None  # where relative references resolve
        self.verse: VerseInfo | None = None
        self.declaration: ast.Declaration | None = None
        self._names_by_section: dict[str, list[str]] | None = None
        self.targets: dict[ast.Ref, str] = dict(campaign.targets)
        self.unresolved: set[ast.Ref] = set(campaign.unresolved)
        self.failed: list[ast.Ref] = []  # the references that failed, in order

    def run(self) -> tuple[Campaign, list[Diagnostic]]:
        if self.keep:
            self.declarations_once()
        else:
            self.declarations()
        if self.keep:
            duplicates = self.files_once()
        elif self.earlier:
            for info in self.c.verses.values():
                self.verse_once(info)
            duplicates = list(self.duplicate_verses())
        else:  # a one-off run (`tgc check`): nothing to replay, no record to keep
            for info in self.c.verses.values():
                self.visit_verse(info)
            duplicates = list(self.duplicate_verses())
        # A second copy of a verse id (TGC110) is not in the table, but the mistakes in
        # its lines are mistakes all the same.
        for info in duplicates:
            self.visit_verse(info, duplicate=True)
        self.check_campaign()
        return replace(self.c, targets=self.targets, unresolved=self.unresolved), self.diags

    def declarations(self) -> None:
        for file in self.c.files:
            for item in file.items:
                if isinstance(item, ast.Declaration):
                    self.visit_declaration(item)

    def declarations_once(self) -> None:
        """Resolve every declaration, or replay what the last run found when it still
        holds (the campaign declares what it declared then: semantics.incremental); keep
        the record for the next run either way."""
        budget = hints_left()
        old = self.earlier_declarations
        if old is not None and old.budget == budget and self.stands(old):
            self.targets.update(old.targets)
            for ref in old.unresolved:
                self.fail(ref)
            self.diags.extend(old.diags)
            spend_hints(old.spent)
            self.kept.declarations = old
            return
        targets, self.targets = self.targets, {}
        failed, diags = len(self.failed), len(self.diags)
        self.declarations()
        found, self.targets = self.targets, targets
        self.targets.update(found)
        left = hints_left()
        self.kept.declarations = DeclarationResolution(
            budget, budget - left if budget is not None and left is not None else 0, found,
            tuple(self.failed[failed:]), tuple(self.diags[diags:]))

    def verse_once(self, info: VerseInfo) -> None:
        """Resolve a verse's references, or replay what the last run found for the same
        tree (semantics.incremental); either way keep the record for the next run."""
        budget = hints_left()
        old = self.earlier.get(info.id)
        if old is not None and old.budget == budget and (old.verse is info.verse or old.verse == info.verse) \
                and self.stands(old):
            self.targets.update(old.targets)
            for ref in old.unresolved:
                self.fail(ref)
            self.diags.extend(old.diags)
            spend_hints(old.spent)
            self.kept.verses[info.id] = old
            if old.verse is info.verse:
                self.kept.replayed.add(info.id)
            else:
                self.kept.fresh.append(info.id)
            return
        targets, self.targets = self.targets, {}
        failed, diags = len(self.failed), len(self.diags)
        self.visit_verse(info)
        found, self.targets = self.targets, targets
        self.targets.update(found)
        self.kept.fresh.append(info.id)
        left = hints_left()
        self.kept.verses[info.id] = VerseResolution(
            info.verse, budget, budget - left if budget is not None and left is not None else 0, found,
            tuple(self.failed[failed:]), tuple(self.diags[diags:]))

    def files_once(self) -> list[VerseInfo]:
        """Every file's verses resolved in order (the order of the verse table), a file
        whose tree is the last run's own replayed at once when the budget stands where it
        stood; each file's record kept for the next run. The second copies of verse ids,
        in file order."""
        duplicates: list[VerseInfo] = []
        for file in self.c.files:
            old = self.earlier_files.get(file.name)
            record = old if old is not None and old.file is file and old.budget == hints_left() \
                and self.stands(old) and (self.same_tables or self.tabled(old)) else self.file_once(file)
            if record is old:
                self.targets.update(record.targets)
                for ref in record.unresolved:
                    self.fail(ref)
                self.diags.extend(record.diags)
                spend_hints(record.spent)
                self.kept.verses.update(record.verses)
                self.kept.replayed.update(record.verses)
            self.kept.files[file.name] = record
            for vid, verse in record.duplicates:
                info = VerseInfo(vid, canonical_section(verse.id.section), verse)
                for block in verse.blocks:
                    info.blocks.setdefault(block.name, block)
                duplicates.append(info)
        return duplicates

    def stands(self, record: VerseResolution | FileResolution | DeclarationResolution) -> bool:
        """Whether a record of the last run holds for this run's names."""
        if self.gone is None:
            return True
        return not record.unresolved and self.gone.isdisjoint(record.targets.values())

    def tabled(self, record: FileResolution) -> bool:
        """Whether the verse table holds the file's verses as it did (a verse of another
        file may have taken an id first, or left one to a second copy of this file)."""
        table = self.c.verses
        for vid, verse in record.duplicates:
            first = table.get(vid)
            if first is None or first.verse is verse:
                return False
        return all(vid in table and table[vid].verse is r.verse for vid, r in record.verses.items())

    def file_once(self, file: ast.File) -> FileResolution:
        """One file's verses resolved (each replayed when it can be), as a record."""
        budget, failed, diags = hints_left(), len(self.failed), len(self.diags)
        verses: dict[str, VerseResolution] = {}
        targets: dict[ast.Ref, str] = {}
        duplicates: list[tuple[str, ast.Verse]] = []
        for item in file.items:
            if not isinstance(item, ast.Verse):
                continue
            vid = f"{canonical_section(item.id.section)}.{canonical_verse(item.id.verse)}"
            info = self.c.verses.get(vid)
            if info is None:
                continue
            if info.verse is not item:
                duplicates.append((vid, item))
                continue
            self.verse_once(info)
            verses[vid] = record = self.kept.verses[vid]
            targets.update(record.targets)
        left = hints_left()
        spent = budget - left if budget is not None and left is not None else 0
        return FileResolution(file, budget, spent, verses, targets, tuple(self.failed[failed:]),
                              tuple(self.diags[diags:]), tuple(duplicates))

    def fail(self, ref: ast.Ref) -> None:
        self.unresolved.add(ref)
        self.failed.append(ref)

    def duplicate_verses(self) -> Iterator[VerseInfo]:
        for file in self.c.files:
            for item in file.items:
                if not isinstance(item, ast.Verse):
                    continue
                section = canonical_section(item.id.section)
                vid = f"{section}.{canonical_verse(item.id.verse)}"
                first = self.c.verses.get(vid)
                if first is not None and first.verse is not item:
                    info = VerseInfo(vid, section, item)
                    for block in item.blocks:
                        info.blocks.setdefault(block.name, block)
                    yield info

    # ------------------------------------------------------------ references

    def resolve(self, ref: ast.Ref) -> None:
        """Look one reference up; remember its canonical id, or report it."""
        if ref.block is not None:
            self.resolve_block(ref)
            return
        if ref.section is None:
            if self.section is None:
                self.diags.append(diag("TGC116", ref.span, ref=str(ref),
                                       hint="write the section, e.g. `bos.12` or `101.3`"))
                self.fail(ref)
                return
            section = self.section
        else:
            section = canonical_section(ref.section)
            if section not in self.c.sections:
                self.unknown_section(ref.span, ref.section)
                self.fail(ref)
                return
        vid = f"{section}.{canonical_verse(ref.verse)}"
        if vid in self.c.verses:
            self.targets[ref] = vid
            return
        self.fail(ref)
        hint = self.verse_hint(section, ref)
        self.diags.append(diag("TGC101", ref.span, ref=vid, hint=hint))

    def resolve_block(self, ref: ast.Ref) -> None:
        assert ref.block is not None
        if self.verse is None:
            self.diags.append(diag("TGC116", ref.span, ref=str(ref),
                                   hint="inline blocks can be reached only from their own verse"))
            self.fail(ref)
            return
        if ref.block in self.verse.blocks:
            self.targets[ref] = block_id(self.verse.id, ref.block)
            return
        self.fail(ref)
        self.diags.append(diag("TGC102", ref.span, verse=self.verse.id, name=ref.block,
                               hint=did_you_mean(ref.block, self.verse.blocks)))

    def verse_hint(self, section: str, ref: ast.Ref) -> str | None:
        if self._names_by_section is None:
            names: dict[str, list[str]] = {}
            for vid, info in self.c.verses.items():
                names.setdefault(info.section, []).append(vid)
            self._names_by_section = names
        if ref.section is None and self.verse is not None and ref.verse in self.verse.blocks:
            return (f"did you mean `.{ref.verse}`? An inline block of this verse is written "
                    "with a dot")
        number = as_number(ref.verse) if ref.section is None else None
        if number is not None and number in self.c.locations and str(number) != section:
            there = sorted(self._names_by_section.get(str(number), []), key=_verse_order)
            verse = f"`-> {there[0]}` to read its verse" if there else "an absolute reference"
            return (f"{number} is a location, not a verse of section {section}: write {verse}, "
                    f"or `~ move to {number}` to move the party there")
        wanted = f"{section}.{canonical_verse(ref.verse)}"
        candidates = self._names_by_section.get(section, [])
        hint = did_you_mean(wanted, candidates)
        if hint is None and ref.section is None and self.section is not None:
            return None
        return hint

    def unknown_section(self, span: Span, name: str) -> None:
        if is_number(name):
            hint = f"declare `@location {name} \"...\"`, or fix the number"
            close = did_you_mean(name, [s for s in self.c.sections if is_number(s)])
        else:
            hint = f"declare `@section {name} \"Title\"`, or fix the name"
            close = did_you_mean(name, self.c.sections)
        self.diags.append(diag("TGC104", span, name=name, hint=close or hint))

    def target(self, target: ast.Target) -> None:
        if isinstance(target, ast.Ref):
            self.resolve(target)

    # ------------------------------------------------------------ declarations

    def visit_declaration(self, decl: ast.Declaration) -> None:
        self.declaration = decl
        self.verse = None
        self.section = str(decl.args[0]) if decl.kind == "location" else None
        for prop in decl.props:
            for target in _prop_targets(prop):
                self.target(target)
            if isinstance(prop, ast.Action):
                for cost in prop.costs:
                    self.visit_cost(cost)
            if isinstance(prop, ast.Trigger) and decl.kind == "status":
                self.check_trigger(decl, prop)
            if isinstance(prop, ast.NumberProp) and prop.key == "legacy":
                pass  # a legacy number names a card no longer in play: nothing to resolve
        self.declaration = None

    def check_trigger(self, decl: ast.Declaration, trig: ast.Trigger) -> None:
        status = self.c.statuses.get(str(decl.args[0]))
        # (an editor's run may table an equal tree of an unchanged declaration: collect_again)
        if status is None or (status.decl is not decl and status.decl != decl):
            return
        fits = {"flag": ("marked",), "boxes": ("full", "any"), "parts": ("parts", "any")}
        if trig.kind not in fits[status.shape]:
            self.diags.append(diag("TGC113", trig.span,
                                   detail=f"`when {trig.kind}` does not fit a {status.shape} status",
                                   hint={"flag": "a flag triggers `when marked`",
                                         "boxes": "a boxes status triggers `when full` or "
                                                  "`when any N`",
                                         "parts": "a status with parts triggers `when parts "
                                                  "1-6` or `when any N parts`"}[status.shape]))
            return
        top = max(trig.low or 0, trig.high or 0)
        if trig.low is not None and trig.low < 1:
            what = "`any 0` always holds" if trig.kind == "any" else "parts are numbered from 1"
            self.diags.append(diag("TGC117", trig.span, detail=f"{what}: this trigger is wrong"))
        elif top > status.size:
            self.diags.append(diag("TGC112", trig.span, name=status.name, parts=status.size,
                                   part=top))

    # ------------------------------------------------------------ verses

    def visit_verse(self, info: VerseInfo, duplicate: bool = False) -> None:
        self.verse = info
        self.section = info.section
        if info.section not in self.c.sections and not duplicate:
            self.unknown_section(info.verse.id.span, info.verse.id.section)
        visit, resolve = self.visit_stmt, self.resolve
        for body in (info.verse.body, *(block.body for block in info.verse.blocks)):
            # Every line of the campaign passes here: prose and plain choices, the most
            # frequent kinds, are done inline.
            for stmt in body:
                if isinstance(stmt, ast.Paragraph):
                    continue
                if isinstance(stmt, ast.Choice) and stmt.guard is None:
                    if isinstance(stmt.target, ast.Ref):
                        resolve(stmt.target)
                    continue
                visit(stmt)
        self.verse = None

    def visit_stmt(self, stmt: ast.Stmt) -> None:
        match stmt:
            case ast.Paragraph():
                return
            case ast.Choice():
                if stmt.guard is not None:
                    self.visit_guard(stmt.guard)
                self.target(stmt.target)
            case ast.Divert():
                self.target(stmt.target)
            case ast.CondDivert():
                self.visit_cond(stmt.cond)
                self.target(stmt.target)
            case ast.EffectLine():
                if stmt.cond is not None:
                    self.visit_cond(stmt.cond)
                self.visit_effect(stmt.effect)
            case _:
                assert_never(stmt)

    def visit_guard(self, guard: ast.Guard) -> None:
        for cond in guard.conditions:
            self.visit_cond(cond)
        for cost in guard.costs:
            self.visit_cost(cost)

    def visit_cost(self, cost: ast.Cost) -> None:
        self.vocabulary(cost.resource, cost.span, self.c.vocabulary.amounts, "a resource or track")
        if cost.amount < 1:
            self.diags.append(diag("TGC117", cost.span, detail="a cost must be at least 1"))

    # ------------------------------------------------------------ conditions

    def visit_cond(self, cond: ast.Cond) -> None:
        match cond:
            case ast.Not():
                self.visit_cond(cond.operand)
            case ast.And() | ast.Or():
                for operand in cond.operands:
                    self.visit_cond(operand)
            case ast.StatusCond():
                self.status_use(cond.name, cond.name_span, cond.parts, checking=True)
            case ast.SecretCond():
                self.secret_use(cond.number, cond.span)
            case ast.ItemCond():
                self.item_use(cond.name, cond.keyword, cond.span)
            case ast.Compare():
                self.vocabulary(cond.name, cond.span, self.c.vocabulary.numbers,
                                "an attribute, resource, track or counter")
            case ast.DialCond():
                if not 0 <= cond.value <= DIAL_MAX:
                    self.diags.append(diag("TGC117", cond.span,
                                           detail=f"dials hold 0 to {DIAL_MAX}; {cond.value} never "
                                           "appears on one"))
            case ast.VisitedCond():
                self.resolve(cond.ref)
            case ast.EventCond():
                self.event_use(cond)
            case ast.CharacterCond() | ast.ChapterCond() | ast.AskCond():
                return  # a chapter or a question names nothing to look up; characters are rule data
            case _:
                assert_never(cond)

    def vocabulary(self, word: str, span: Span, allowed: tuple[str, ...], what: str) -> bool:
        if word in allowed:
            return True
        self.diags.append(diag("TGC115", span, name=word, what=what,
                               hint=did_you_mean(word, allowed)))
        return False

    def status_use(self, name: str, span: Span, parts: ast.PartSel | None, checking: bool) -> None:
        status = self.c.statuses.get(name)
        if status is None:
            self.diags.append(diag("TGC105", span, name=name,
                                   hint=did_you_mean(name, self.c.statuses)))
            return
        if parts is None:
            return
        if parts.any_count:
            if parts.low < 1:
                self.diags.append(diag("TGC117", parts.span, detail=f"`any {parts.low}` always holds",
                                       hint=f'write `status "{name}"` for "any part"'))
            elif parts.low > status.size:
                self.diags.append(diag("TGC113", parts.span,
                                       detail=f'status "{name}" has {status.size} '
                                       f'{"boxes" if status.shape == "boxes" else "parts"}; '
                                       f"`any {parts.low}` can never hold"))
            return
        if status.shape != "parts":
            kind = "a boxes status" if status.shape == "boxes" else "a flag"
            self.diags.append(diag("TGC113", parts.span,
                                   detail=f'"{name}" is {kind}: it has no numbered parts',
                                   hint="use `any N` to count ticked boxes"
                                   if status.shape == "boxes" else "leave out the number"))
            return
        if parts.low < 1 or parts.high < parts.low:
            self.diags.append(diag("TGC117", parts.span,
                                   detail=f"`{parts}` is not a range of parts"))
        elif parts.high > status.size:
            self.diags.append(diag("TGC112", parts.span, name=name, parts=status.size,
                                   part=parts.high))

    def event_use(self, cond: ast.EventCond) -> None:
        """``event "X"`` names an ``@event``; ``quest "X"`` an ``@event`` or an ``@quest``."""
        kinds = ("event", "quest") if cond.quest else ("event",)
        names = [str(d.args[0]) for d in self.c.events if d.kind in kinds and d.args]
        if cond.name not in names:
            what = "event or quest" if cond.quest else "event"
            self.diags.append(diag("TGC122", cond.span, what=what, name=cond.name,
                                   hint=did_you_mean(cond.name, sorted(names))
                                   or f'declare it with `@{kinds[-1]} "{cond.name}"`'))

    def secret_use(self, number: int, span: Span) -> None:
        if number not in self.c.secrets:
            self.diags.append(diag("TGC106", span, number=number,
                                   hint=f'declare it with `@secret {number} "Title"`'))

    def item_use(self, name: str, keyword: bool, span: Span) -> None:
        if keyword:
            if name not in self.c.vocabulary.item_keywords and name not in self.c.item_keywords:
                pool = set(self.c.vocabulary.item_keywords) | self.c.item_keywords
                self.diags.append(diag("TGC108", span, name=name,
                                       hint=did_you_mean(name, sorted(pool))
                                       or "for a named item write `item \"Name\"`"))
        elif name not in self.c.items:
            self.diags.append(diag("TGC107", span, name=name,
                                   hint=did_you_mean(name, self.c.items)))

    # ------------------------------------------------------------ effects

    def visit_effect(self, effect: ast.Effect) -> None:
        match effect:
            case ast.Amount():
                self.effect_amount(effect)
            case ast.Mark():
                self.effect_mark(effect)
            case ast.SecretEffect():
                self.effect_secret_effect(effect)
            case ast.ItemEffect():
                self.effect_item_effect(effect)
            case ast.AttributeChange():
                self.effect_attribute_change(effect)
            case ast.Task():
                self.effect_task(effect)
            case ast.Note():
                self.effect_note(effect)
            case ast.TimeToken():
                self.effect_time_token(effect)
            case ast.LocationEffect():
                self.effect_location_effect(effect)
            case ast.DialEffect():
                self.effect_dial_effect(effect)
            case ast.Encounter():
                self.effect_encounter(effect)
            case ast.Roll():
                self.effect_roll(effect)
            case ast.Toss():
                self.effect_toss(effect)
            case ast.Phrase():
                self.effect_phrase(effect)
            case _:
                assert_never(effect)

    def effect_amount(self, e: ast.Amount) -> None:
        self.vocabulary(e.what, e.what_span, self.c.vocabulary.amounts, "a resource or track")
        if e.amount < 1:
            self.diags.append(diag("TGC117", e.span, detail="the amount must be at least 1"))

    def effect_mark(self, e: ast.Mark) -> None:
        status = self.c.statuses.get(e.name)
        self.status_use(e.name, e.name_span, e.parts, checking=False)
        if status is None:
            return
        if e.parts is not None and e.parts.any_count:
            return
        if status.shape == "parts" and e.parts is None:
            verb = "unmark" if e.unmark else "mark"
            self.diags.append(diag("TGC113", e.span,
                                   detail=f'"{e.name}" has numbered parts: say which to {verb}',
                                   hint=f'write `~ {verb} "{e.name}" 1` or a range `1-3`'))

    def effect_secret_effect(self, e: ast.SecretEffect) -> None:
        self.secret_use(e.number, e.span)

    def effect_item_effect(self, e: ast.ItemEffect) -> None:
        self.item_use(e.name, e.keyword, e.span)

    def effect_attribute_change(self, e: ast.AttributeChange) -> None:
        self.vocabulary(e.attribute, e.attribute_span, self.c.vocabulary.attributes, "an attribute")

    def effect_task(self, e: ast.Task) -> None:
        return

    def effect_note(self, e: ast.Note) -> None:
        return

    def effect_time_token(self, e: ast.TimeToken) -> None:
        return

    def effect_phrase(self, e: ast.Phrase) -> None:
        """A phrase parses in any campaign; only the campaign's own ruleset plays it."""
        phrases = tuple(self.c.vocabulary.phrases)
        if self.vocabulary(e.phrase, e.span, phrases, f"an effect of the `{self.c.ruleset.name}` ruleset"):
            if e.at is not None and e.at not in self.c.locations:
                self.unknown_location(e.at, e.span)

    def effect_location_effect(self, e: ast.LocationEffect) -> None:
        for number in (e.number, e.other):
            if number is not None and number not in self.c.locations:
                self.unknown_location(number, e.span)
        if e.verb == "replace" and e.other in self.c.locations:
            new = self.c.locations[e.other]
            if new.legacy != e.number:
                self.diags.append(diag("TGC120", e.span, new=e.other, old=e.number,
                                       labels=(Label(new.decl.header_span, "declared here"),),
                                       hint=f"add `  legacy: {e.number}` to location {e.other}"))

    def unknown_location(self, number: int, span: Span) -> None:
        close = did_you_mean(str(number), [str(n) for n in self.c.locations])
        self.diags.append(diag("TGC103", span, number=number, hint=close))

    def effect_dial_effect(self, e: ast.DialEffect) -> None:
        if e.value is not None and not 0 <= e.value <= DIAL_MAX:
            self.diags.append(diag("TGC117", e.span,
                                   detail=f"dials hold 0 to {DIAL_MAX}; cannot set one to {e.value}"))

    def effect_encounter(self, e: ast.Encounter) -> None:
        if e.game is not None:
            # A game parses in any campaign; only the campaign's own ruleset plays it (its
            # checks judge the values: which heroes, bosses and ranks its rule data has).
            games = tuple(self.c.vocabulary.games)
            what = f"a game of the `{self.c.ruleset.name}` ruleset"
            self.vocabulary(e.game.phrase, e.game.span, games, what)
        elif e.name is not None:
            if e.name not in self.c.encounters:
                self.diags.append(diag("TGC109", e.what_span, what=f'"{e.name}"',
                                       hint=did_you_mean(e.name, self.c.encounters)))
        elif e.deck not in self.c.vocabulary.decks:
            decks = tuple(self.c.vocabulary.decks)
            self.diags.append(diag("TGC109", e.what_span, what=f"deck `{e.deck}`",
                                   hint=did_you_mean(str(e.deck), decks) or _decks_are(decks)))
        # docs/language.md sets no upper bound: the sample decks use 1 to 4, other games more.
        if e.level is not None and e.level < 1:
            self.diags.append(diag("TGC117", e.what_span,
                                   detail=f"encounter levels start at 1, not {e.level}"))
        seen: dict[str, ast.Arm] = {}
        for arm in e.arms:
            if arm.label in seen:
                self.diags.append(diag("TGC117", arm.span,
                                       detail=f"the `{arm.label}` outcome is given twice",
                                       labels=(Label(seen[arm.label].span, "first here"),)))
            seen[arm.label] = arm
            self.target(arm.target)

    def effect_roll(self, e: ast.Roll) -> None:
        for mod in e.modifiers:
            if mod.attribute is not None:
                self.vocabulary(mod.attribute, mod.span, self.c.vocabulary.attributes, "an attribute")
        for arm in e.arms:
            self.target(arm.target)

    def effect_toss(self, e: ast.Toss) -> None:
        for arm in e.arms:
            self.target(arm.target)

    # ------------------------------------------------------------ campaign

    def check_campaign(self) -> None:
        info = self.c.info
        if info is None or info.start is None:
            return
        if info.start not in self.c.locations:
            span = next((p.span for p in info.decl.props
                         if isinstance(p, ast.NumberProp) and p.key == "start"),
                        info.decl.header_span)
            self.unknown_location(info.start, span)


def _prop_targets(prop: ast.Property) -> Iterator[ast.Target]:
    if isinstance(prop, (ast.RefProp, ast.Action, ast.Trigger)):
        yield prop.target
    elif isinstance(prop, ast.Prop) and isinstance(prop.value, tuple):
        return


def resolve(campaign: Campaign) -> tuple[Campaign, list[Diagnostic]]:
    """Resolve every reference of a collected campaign: a new Campaign (the collected one
    is left as it was) whose ``targets`` name what each reference means."""
    return Resolver(campaign).run()


def resolve_again(campaign: Campaign, earlier: Resolution | None, same_names: bool = True,
                  same_tables: bool = False) -> tuple[Campaign, list[Diagnostic], Resolution]:
    """``resolve``, replaying the records of ``earlier`` (the last run's, for a campaign
    that declares the same things: semantics.incremental.same_declarations; with
    ``same_names`` False its verse ids came or went since) for the declarations and every
    verse whose tree is the same and whose record still holds; also this run's records,
    for the next. ``same_tables``: the symbols were collected again from the last run's
    (symbols.collect_again), so every unchanged file's verses are tabled as they were."""
    resolver = Resolver(campaign, earlier, keep=True, same_names=same_names, same_tables=same_tables)
    resolved, diags = resolver.run()
    return resolved, diags, resolver.kept


def _decks_are(decks: tuple[str, ...]) -> str:
    if not decks:
        return "this campaign's ruleset has no encounter decks; declare an `@encounter`"
    return "decks are " + (", ".join(decks[:-1]) + " and " + decks[-1] if len(decks) > 1 else decks[0])


def _verse_order(vid: str) -> tuple[int, int, str]:
    """Numbered verses first, by number (``302.1`` before ``302.10``), then named ones."""
    verse = vid.partition(".")[2]
    digits = verse.rstrip("abcdefghijklmnopqrstuvwxyz")
    number = as_number(digits)
    return (0, number, verse) if number is not None else (1, 0, verse)
