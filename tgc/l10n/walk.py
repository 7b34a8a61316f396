"""Localization, the one walk over a bundle's words: a compiled campaign in, every
translatable text out in book order as a Slot (where it lives, its source text, its
source line); given replacements, the same walk returns the bundle with those texts put in.

Extraction and the translated build both run this walk, so what is extracted is exactly
what a translation can replace: prose, choice texts, task and note texts, ``ask``
questions, the titles, names and texts of the campaign, sections, locations, statuses,
secrets and items, and the names of declared encounters. Targets, guards, costs, dice
and effects are never visited, so no catalogue can reach them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from tgc.bundle import schema as s
from tgc.semantics.model import Campaign
from tgc.syntax import ast

# A letter per kind of text inside a verse; ``#p2`` is a verse's second paragraph.
OrdinalKind = Literal["p", "c", "t", "n", "q"]
FieldKind = Literal["title", "name", "text"]
KIND_WORDS: dict[str, str] = {"p": "paragraph", "c": "choice", "t": "task", "n": "note",
                              "q": "question the reader is asked"}


@dataclass(frozen=True, slots=True)
class Slot:
    """One translatable text. ``scope`` and ``kind`` make its id: a declaration's field has
    the fixed id ``scope#kind`` (``location.201#title``); a text inside a verse is the
    n-th of its kind in ``scope`` (``201.1#p2``), numbered through tgc.l10n.lock."""

    scope: str
    kind: OrdinalKind | FieldKind
    text: str
    file: str
    line: int
    where: str

    @property
    def ordinal(self) -> bool:
        return self.kind in KIND_WORDS


_M = TypeVar("_M", bound=BaseModel)
Replace = Callable[[int, str], str]  # slot index, source text -> the text to print


def _keep(_index: int, text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class Lines:
    """Where the model says each text was written (file names relative to the campaign)."""

    campaign: Campaign | None
    root: Path | None

    def file(self, name: str) -> str:
        if self.root is None:
            return name
        base = (self.root if self.root.is_dir() else self.root.parent).resolve()
        try:
            return Path(name).resolve().relative_to(base).as_posix()
        except (ValueError, OSError):
            return name

    def decl(self, decl: ast.Declaration | None, prop: str | None = None) -> tuple[str, int]:
        if decl is None:
            return "", 0
        span = decl.span
        for p in decl.props:
            if prop is not None and getattr(p, "key", None) == prop:
                span = p.span
        return self.file(span.file), span.line

    def body(self, verse_id: str, block: str | None) -> tuple[ast.Stmt, ...]:
        info = None if self.campaign is None else self.campaign.verses.get(verse_id)
        if info is None:
            return ()
        if block is None:
            return info.verse.body
        return info.blocks[block].body if block in info.blocks else ()


@dataclass(frozen=True, slots=True)
class Walked:
    """The bundle with the replacements put in, every slot in book order, and the printed
    names of statuses and items that a replacement changed (``status:NAME`` -> name)."""

    bundle: s.Bundle
    slots: list[Slot]
    names: dict[str, str]
    terms: dict[str, str]


def walk(bundle: s.Bundle, lines: Lines, replace: Replace = _keep) -> Walked:
    """Every text of ``bundle`` in book order, and the bundle with ``replace`` applied."""
    return _Walker(bundle, lines, replace).run()


class _Walker:
    def __init__(self, bundle: s.Bundle, lines: Lines, replace: Replace) -> None:
        self.b = bundle
        self.lines = lines
        self.replace = replace
        self.slots: list[Slot] = []
        self.questions: set[str] = set()
        self.names: dict[str, str] = {}
        self.terms: dict[str, str] = {}
        self.question_slots: list[tuple[str, str, int, str]] = []
        self.reached = _reached_from(bundle)
        self.printed = {v.id: f"{v.section}.{v.printed}" for v in bundle.verses}
        self.sections = {sec.name: sec for sec in bundle.sections}

    def text(self, scope: str, kind: OrdinalKind | FieldKind, text: str, at: tuple[str, int],
             where: str) -> str:
        if not text:
            return text
        index = len(self.slots)
        self.slots.append(Slot(scope, kind, text, at[0], at[1], where))
        return self.replace(index, text)

    def run(self) -> Walked:
        c = self.lines.campaign
        b = self.b
        info = c.info if c is not None else None
        campaign = _copy(b.campaign, {"title": self.text(
            "campaign", "title", b.campaign.title, self.lines.decl(info.decl if info else None),
            "The campaign's title")})
        sections = tuple(self.section(sec) for sec in b.sections)
        locations = tuple(self.location(loc) for loc in b.locations)
        statuses = tuple(self.status(st) for st in b.statuses)
        secrets = tuple(self.secret(sec) for sec in b.secrets)
        items = tuple(self.item(item) for item in b.items)
        typed = b.rules.encounter_names() if b.rules is not None else ()
        for name in sorted({*(r.name for r in b.encounters), *typed}):
            self.encounter(name)
        verses = tuple(self.verse(v) for v in b.verses)
        for word in glossary_words(b):
            self.term(word)
        translated_questions = self.finish_questions()
        if translated_questions:
            verses = tuple(_ask_verse(v, translated_questions) for v in verses)
        bundle = _copy(b, {
            "campaign": campaign, "sections": sections, "locations": locations,
            "statuses": statuses, "secrets": secrets, "items": items, "verses": verses})
        return Walked(bundle, self.slots, self.names, self.terms)

    # ------------------------------------------------------------ declarations

    def section(self, sec: s.Section) -> s.Section:
        if sec.role == "location":  # printed as its location card's title
            return sec
        at = ("", 0)
        known = None if self.lines.campaign is None else self.lines.campaign.sections.get(sec.name)
        if known is not None and known.span is not None:
            at = (self.lines.file(known.span.file), known.span.line)
        return _copy(sec, {"title": self.text(
            f"section.{sec.name}", "title", sec.title, at, f"The title of section {sec.name}")})

    def location(self, loc: s.Location) -> s.Location:
        c = self.lines.campaign
        decl = c.locations[loc.number].decl if c is not None and loc.number in c.locations else None
        scope = f"location.{loc.number}"
        title = self.text(scope, "title", loc.title, self.lines.decl(decl),
                          f"The title of location card {loc.number}")
        text = self.text(scope, "text", loc.text, self.lines.decl(decl, "text"),
                         f"The text of location card {loc.number} \"{loc.title}\"")
        return _copy(loc, {"title": title, "text": text})

    def status(self, st: s.Status) -> s.Status:
        c = self.lines.campaign
        decl = c.statuses[st.name].decl if c is not None and st.name in c.statuses else None
        scope = f"status.{st.name}"
        self.name("status", st.name, self.text(
            scope, "name", st.name, self.lines.decl(decl),
            "The name of a status, printed on the save sheet and in effects"))
        text = self.text(scope, "text", st.text, self.lines.decl(decl, "text"),
                         f"The text of status \"{st.name}\"")
        return _copy(st, {"text": text})

    def name(self, kind: str, name: str, printed: str) -> None:
        """Statuses and items keep their source names (effects and conditions name them);
        a translated edition prints them through ``Bundle.language.names``."""
        if printed != name:
            self.names[f"{kind}:{name}"] = printed

    def secret(self, sec: s.Secret) -> s.Secret:
        c = self.lines.campaign
        decl = c.secrets[sec.number].decl if c is not None and sec.number in c.secrets else None
        scope = f"secret.{sec.number}"
        title = self.text(scope, "title", sec.title, self.lines.decl(decl),
                          f"The title of secret card {sec.number}")
        text = self.text(scope, "text", sec.text, self.lines.decl(decl, "text"),
                         f"The text of secret card {sec.number} \"{sec.title}\"")
        return _copy(sec, {"title": title, "text": text})

    def item(self, item: s.Item) -> s.Item:
        c = self.lines.campaign
        decl = c.items[item.name].decl if c is not None and item.name in c.items else None
        scope = f"item.{item.name}"
        self.name("item", item.name, self.text(scope, "name", item.name, self.lines.decl(decl),
                                               "The name of an item card"))
        text = self.text(scope, "text", item.text, self.lines.decl(decl, "text"),
                         f"The text of item \"{item.name}\"")
        return _copy(item, {"text": text})

    def encounter(self, name: str) -> None:
        """An encounter keeps its name (rule data and saves name it); its display title
        is translated and printed through ``Bundle.language.names``."""
        c = self.lines.campaign
        decl = c.encounters.get(name) if c is not None else None
        self.name("encounter", name, self.text(
            f"encounter.{name}", "name", name, self.lines.decl(decl),
            "The name of an encounter, printed where a verse resolves it"))

    def term(self, word: str) -> None:
        """A glossary entry: the edition's word for a word of the rules. Left empty, tgc's
        own catalogue gives it (docs/localization.md)."""
        printed = self.text(f"term.{word}", "name", word, ("", 0), "A word of the rules (glossary): "
                            "printed wherever tgc names it; leave it empty for tgc's own word")
        if printed != word:
            self.terms[word] = printed

    # ------------------------------------------------------------ verses

    def verse(self, v: s.Verse) -> s.Verse:
        ops = self.body(v, None, v.ops)
        blocks = tuple(_copy(blk, {"ops": self.body(v, blk.name, blk.ops)})
                       for blk in v.blocks)
        return _copy(v, {"ops": ops, "blocks": blocks})

    def body(self, v: s.Verse, block: str | None, ops: tuple[Any, ...]) -> tuple[Any, ...]:
        scope = v.id if block is None else f"{v.id}.{block}"
        stmts = self.lines.body(v.id, block)
        file = self.b.source_map[scope].file if scope in self.b.source_map else ""
        counts: dict[str, int] = {}
        out = []
        for index, op in enumerate(ops):
            line = stmts[index].span.line if index < len(stmts) else 0
            out.append(self.op(op, _Here(v, block, scope, file, line, counts)))
        return tuple(out)

    def op(self, op: Any, here: _Here) -> Any:
        if isinstance(op, s.Text):
            return _copy(op, {"text": self.inner(here, "p", op.text)})
        if isinstance(op, s.Choice):
            self.asks(op.guard, here)
            return _copy(op, {"text": self.inner(here, "c", op.text)})
        if isinstance(op, s.Task):
            return _copy(op, {"text": self.inner(here, "t", op.text)})
        if isinstance(op, s.Note):
            return _copy(op, {"text": self.inner(here, "n", op.text)})
        if isinstance(op, s.IfEffect):
            self.asks(op.cond, here)
            return _copy(op, {"effect": self.op(op.effect, here)})
        if isinstance(op, s.IfDivert):
            self.asks(op.cond, here)
        return op

    def inner(self, here: _Here, kind: OrdinalKind, text: str) -> str:
        here.counts[kind] = here.counts.get(kind, 0) + 1
        return self.text(here.scope, kind, text, (here.file, here.line),
                         self.where(here, kind, here.counts[kind]))

    def where(self, here: _Here, kind: str, n: int) -> str:
        v = here.verse
        sec = self.sections.get(v.section)
        if sec is not None and sec.role == "location":
            place = f"Location {v.section} \"{sec.title}\", verse {v.printed}"
        elif sec is not None and sec.role == "bos":
            place = f"Book of Secrets, verse {v.printed}"
        else:
            place = f"{sec.title if sec else v.section}, verse {v.printed}"
        if v.printed != v.id.partition(".")[2]:
            place += f" (written {v.id})"
        if here.block is not None:
            place += f", part \"{here.block}\""
        out = f"{place}: {KIND_WORDS[kind]} {n}"
        sources = self.reached.get(v.id)
        if sources and here.block is None:
            shown = ", ".join(self.printed.get(x, x) for x in islice(sources, 3))
            more = f" and {len(sources) - 3} more" if len(sources) > 3 else ""
            out += f"; reached from {shown}{more}"
        return out

    # ------------------------------------------------------------ ask questions

    def asks(self, cond: Any, here: _Here) -> None:
        """Questions are one text each wherever they are asked (the reader answers once per
        exploration), so each gets one slot, at its first use."""
        if cond is None:
            return
        if isinstance(cond, s.AskCond):
            if cond.question not in self.questions:
                self.questions.add(cond.question)
                self.question_slots.append((cond.question, here.file, here.line,
                                            self.where(here, "q", len(self.question_slots) + 1)))
        elif isinstance(cond, s.NotCond):
            self.asks(cond.operand, here)
        elif isinstance(cond, s.AndCond | s.OrCond):
            for operand in cond.operands:
                self.asks(operand, here)

    def finish_questions(self) -> dict[str, str]:
        out = {}
        for question, file, line, where in self.question_slots:
            out[question] = self.text("ask", "q", question, (file, line),
                                      where.split(": ", 1)[0] + ": a question the reader answers "
                                      "yes or no (asked once per exploration, wherever it appears)")
        return {q: t for q, t in out.items() if q != t}


@dataclass(slots=True)
class _Here:
    verse: s.Verse
    block: str | None
    scope: str
    file: str
    line: int
    counts: dict[str, int]


def glossary_words(bundle: s.Bundle) -> list[str]:
    """The words a campaign's glossary may set: tgc's terms, then its ruleset's icon
    labels, encounter outcomes, hooks and seals, each once."""
    from tgc.lexicon import TERMS
    from tgc.rulesets.spec import vocabulary_of

    words = vocabulary_of(bundle)
    found = [*TERMS, *(words.label(i) for i in sorted(words.icons)),
             *(o.capitalize() for o in words.outcomes), *(words.label(h) for h in words.hooks),
             *(words.label(seal) for seal in words.seals)]
    return list(dict.fromkeys(found))


def _copy(obj: _M, update: dict[str, Any]) -> _M:
    """``obj`` with ``update`` applied, or ``obj`` itself when nothing changes: extraction
    walks without replacing anything, and a translation leaves most of a bundle as it is."""
    for key, value in update.items():
        old = getattr(obj, key)
        if old is value or (isinstance(value, str) and value == old):
            continue
        if isinstance(value, tuple) and len(value) == len(old) and all(
                a is b for a, b in zip(value, old, strict=True)):
            continue
        return obj.model_copy(update=update)
    return obj


def _ask_verse(v: s.Verse, questions: Mapping[str, str]) -> s.Verse:
    """The verse with every ``ask`` question replaced, in guards and conditions alike."""
    def cond(c: Any) -> Any:
        if isinstance(c, s.AskCond):
            return c.model_copy(update={"question": questions.get(c.question, c.question)})
        if isinstance(c, s.NotCond):
            return c.model_copy(update={"operand": cond(c.operand)})
        if isinstance(c, s.AndCond | s.OrCond):
            return c.model_copy(update={"operands": tuple(cond(o) for o in c.operands)})
        return c

    def op(o: Any) -> Any:
        if isinstance(o, s.Choice) and o.guard is not None:
            return o.model_copy(update={"guard": cond(o.guard)})
        if isinstance(o, s.IfEffect | s.IfDivert):
            return o.model_copy(update={"cond": cond(o.cond)})
        return o

    blocks = tuple(b.model_copy(update={"ops": tuple(op(o) for o in b.ops)}) for b in v.blocks)
    return v.model_copy(update={"ops": tuple(op(o) for o in v.ops), "blocks": blocks})


def _reached_from(bundle: s.Bundle) -> dict[str, dict[str, None]]:
    """For each verse, what leads to it: location cards (their hooks and actions), status
    triggers, then the other verses whose lines lead there, in book order."""
    out: dict[str, dict[str, None]] = {}  # a dict keeps book order and drops repeats

    def note(source: str, target: Any) -> None:
        if isinstance(target, s.Goto) and target.verse != source:
            out.setdefault(target.verse, {})[source] = None

    def visit(source: str, op: Any) -> None:
        if isinstance(op, s.IfEffect):
            visit(source, op.effect)
        elif isinstance(op, s.Divert | s.IfDivert | s.Choice):
            note(source, op.target)
        elif isinstance(op, s.Roll | s.Toss | s.Encounter):
            for arm in op.arms:
                note(source, arm.target)

    for location in bundle.locations:
        for hook, target in location.hooks.items():
            note(f"location card {location.number} ({hook})", target)
        for action in location.actions:
            note(f"location card {location.number} (action \"{action.name}\")", action.target)
    for status in bundle.statuses:
        for trigger in status.triggers:
            note(f"status \"{status.name}\" ({trigger.when})", trigger.target)
    for verse in bundle.verses:
        for op in verse.ops:
            visit(verse.id, op)
        for block in verse.blocks:
            for op in block.ops:
                visit(verse.id, op)
    return out
