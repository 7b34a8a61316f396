"""Bundle stage, the compiler: a resolved Campaign (checked, without errors) and its
Numbering in, a Bundle out. One ``visit`` per AST node kind, each returning schema data;
every list is sorted by a natural key, so the output never depends on dict or hash order.

A campaign whose errors were silenced by configuration may still hold references that
did not resolve; those raise CompileError (a message for the user), never a bad bundle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tgc.bundle import schema as s
from tgc.bundle.numbering import Numbering
from tgc.bundle.order import section_key, verse_key
from tgc.semantics.model import Campaign, ItemInfo, LocationInfo, SecretInfo, StatusInfo, VerseInfo, block_id
from tgc.syntax import ast

TERMINALS: dict[str, Any] = {"end": "end", "end chapter": "end-chapter", "game over": "game-over"}
LOCATION_VERBS = {"remove": "remove-location", "reveal": "reveal-location", "move": "move-to"}


class CompileError(Exception):
    """The campaign cannot become a bundle (its errors were silenced); meant for the user."""


def compile_bundle(campaign: Campaign, numbering: Numbering, root: Path | None = None) -> s.Bundle:
    """The bundle of a checked campaign. With ``root`` (the campaign folder), the source map
    names files relative to it, so the bundle is the same wherever tgc runs."""
    return _Compiler(campaign, numbering, root).bundle()


class _Compiler:
    def __init__(self, campaign: Campaign, numbering: Numbering, root: Path | None) -> None:
        self.c = campaign
        self.numbering = numbering
        self.base = None if root is None else (root if root.is_dir() else root.parent).resolve()
        self.file_names: dict[str, str] = {}

    def bundle(self) -> s.Bundle:
        self.check_buildable()
        records = self.records()
        verses = sorted(self.c.verses.values(),
                        key=lambda v: (section_key(v.section), verse_key(_local(v))))
        return s.Bundle(
            format=s.BUNDLE_FORMAT,
            campaign=self.campaign(),
            sections=tuple(self.visit_section(n) for n in sorted(self.c.sections, key=section_key)),
            locations=tuple(self.visit_location(self.c.locations[n]) for n in sorted(self.c.locations)),
            statuses=tuple(self.visit_status(self.c.statuses[n]) for n in sorted(self.c.statuses)),
            secrets=tuple(self.visit_secret(self.c.secrets[n]) for n in sorted(self.c.secrets)),
            items=tuple(self.visit_item(self.c.items[n]) for n in sorted(self.c.items)),
            encounters=records.get("encounter", ()),
            events=records.get("event", ()),
            quests=records.get("quest", ()),
            cards=records.get("card", ()),
            characters=records.get("character", ()),
            verses=tuple(self.visit_verse(v) for v in verses),
            source_map=self.source_map(verses),
        )

    # ------------------------------------------------------------ campaign

    def check_buildable(self) -> None:
        info = self.c.info
        if info is None or info.start is None:
            raise CompileError("the campaign has no `@campaign` declaration with `start:` "
                               "(TGC114 is silenced or downgraded)")
        if self.c.unresolved:
            ref = min(self.c.unresolved, key=lambda r: (r.span.file, r.span.line, r.span.col))
            raise CompileError(f"{ref.span}: `{ref}` does not name a verse, and "
                               f"{len(self.c.unresolved)} reference(s) in all do not resolve "
                               "(their errors are silenced or downgraded)")

    def campaign(self) -> s.Campaign:
        info = self.c.info
        assert info is not None and info.start is not None
        low, high = info.players
        return s.Campaign(title=info.title, ruleset=info.ruleset, start=info.start,
                          players=s.Players(min=low, max=high))

    def visit_section(self, name: str) -> s.Section:
        info = self.c.sections[name]
        return s.Section(name=info.name, title=info.title, role=info.kind)  # type: ignore[arg-type]

    def target(self, target: ast.Target) -> s.Goto | s.End:
        if isinstance(target, ast.Terminal):
            return s.End(kind=TERMINALS[target.kind])
        vid = self.c.targets.get(target)
        if vid is None:
            raise CompileError(f"{target.span}: `{target}` does not resolve")
        if target.block is not None:
            return s.Goto(verse=vid[: -len(target.block) - 1], block=target.block)
        return s.Goto(verse=vid)

    # ------------------------------------------------------------ declarations

    def visit_location(self, loc: LocationInfo) -> s.Location:
        return s.Location(
            number=loc.number, title=loc.title, legacy=loc.legacy, seals=tuple(loc.seals),
            keys={k.direction: k.location for k in loc.keys},
            hooks={hook: self.target(t) for hook, t in sorted(loc.hooks.items())},
            actions=tuple(s.Action(name=a.name, costs=_costs(a.costs), once_per_day=a.once_per_day,
                                   target=self.target(a.target)) for a in loc.actions),
            text=loc.text,
        )

    def visit_status(self, status: StatusInfo) -> s.Status:
        triggers = tuple(s.Trigger(when=t.kind, low=t.low, high=t.high,  # type: ignore[arg-type]
                                   target=self.target(t.target)) for t in status.triggers)
        return s.Status(name=status.name, shape=status.shape,  # type: ignore[arg-type]
                        size=status.size, triggers=triggers, text=status.text)

    def visit_secret(self, secret: SecretInfo) -> s.Secret:
        return s.Secret(number=secret.number, title=secret.title, keywords=tuple(secret.keywords),
                        text=secret.text)

    def visit_item(self, item: ItemInfo) -> s.Item:
        return s.Item(name=item.name, keywords=tuple(item.keywords), text=item.text)

    def records(self) -> dict[str, tuple[s.Record, ...]]:
        """Generic declarations by kind, each list sorted by name (ties keep source order)."""
        decls: list[ast.Declaration] = [*self.c.encounters.values(), *self.c.events, *self.c.others]
        out: dict[str, list[s.Record]] = {}
        for decl in decls:
            out.setdefault(decl.kind, []).append(self.visit_record(decl))
        return {kind: tuple(sorted(recs, key=lambda r: r.name)) for kind, recs in out.items()}

    def visit_record(self, decl: ast.Declaration) -> s.Record:
        links: list[s.Link] = []
        data: dict[str, Any] = {}
        for prop in decl.props:
            if isinstance(prop, (ast.RefProp, ast.Action, ast.Trigger)):
                key = prop.key if isinstance(prop, ast.RefProp) else _link_key(prop)
                links.append(s.Link(key=key, target=self.target(prop.target)))
            else:
                data.setdefault(prop.key, _data(prop))  # the first of a repeated key wins
        name = str(decl.args[0]) if decl.args else ""
        return s.Record(name=name, args=decl.args, links=tuple(links), data=data)

    # ------------------------------------------------------------ verses

    def visit_verse(self, info: VerseInfo) -> s.Verse:
        blocks = tuple(s.Block(name=name, ops=self.body(block.body))
                       for name, block in info.blocks.items())
        return s.Verse(id=info.id, section=info.section, printed=self.numbering.printed[info.id],
                       ops=self.body(info.verse.body), blocks=blocks)

    def body(self, stmts: Iterable[ast.Stmt]) -> tuple[Any, ...]:
        return tuple(self.visit_stmt(stmt) for stmt in stmts)

    def visit_stmt(self, stmt: ast.Stmt) -> Any:
        if isinstance(stmt, ast.Paragraph):
            return s.Text(text=stmt.text)
        if isinstance(stmt, ast.Choice):
            guard = stmt.guard
            return s.Choice(text=stmt.text, guard=self.guard(guard), target=self.target(stmt.target),
                            costs=_costs(guard.costs) if guard is not None else ())
        if isinstance(stmt, ast.Divert):
            return s.Divert(target=self.target(stmt.target))
        if isinstance(stmt, ast.CondDivert):
            return s.IfDivert(cond=self.cond(stmt.cond), target=self.target(stmt.target))
        effect = self.effect(stmt.effect)
        return effect if stmt.cond is None else s.IfEffect(cond=self.cond(stmt.cond), effect=effect)

    def guard(self, guard: ast.Guard | None) -> Any:
        if guard is None or not guard.conditions:
            return None
        conds = tuple(self.cond(c) for c in guard.conditions)
        return conds[0] if len(conds) == 1 else s.AndCond(operands=conds)

    # ------------------------------------------------------------ conditions

    def cond(self, cond: ast.Cond) -> Any:
        visit: Callable[[Any], Any] = getattr(self, "cond_" + type(cond).__name__)
        return visit(cond)

    def cond_StatusCond(self, c: ast.StatusCond) -> s.StatusCond:  # noqa: N802 - dispatch on class name
        if c.parts is None:
            return s.StatusCond(status=c.name)
        if c.parts.any_count:
            return s.StatusCond(status=c.name, at_least=c.parts.low)
        return s.StatusCond(status=c.name, low=c.parts.low, high=c.parts.high)

    def cond_SecretCond(self, c: ast.SecretCond) -> s.SecretCond:  # noqa: N802
        return s.SecretCond(number=c.number)

    def cond_ItemCond(self, c: ast.ItemCond) -> s.ItemCond:  # noqa: N802
        return s.ItemCond(item=c.name, keyword=c.keyword)

    def cond_Compare(self, c: ast.Compare) -> s.CompareCond:  # noqa: N802
        return s.CompareCond(name=c.name, op=c.op, value=c.value)  # type: ignore[arg-type]

    def cond_DialCond(self, c: ast.DialCond) -> s.DialCond:  # noqa: N802
        return s.DialCond(dial=c.name, op=c.op, value=c.value)  # type: ignore[arg-type]

    def cond_CharacterCond(self, c: ast.CharacterCond) -> s.CharacterCond:  # noqa: N802
        return s.CharacterCond(character=c.name)

    def cond_VisitedCond(self, c: ast.VisitedCond) -> s.VisitedCond:  # noqa: N802
        vid = self.c.targets.get(c.ref)
        if vid is None:
            raise CompileError(f"{c.ref.span}: `{c.ref}` does not resolve")
        return s.VisitedCond(verse=vid)

    def cond_ChapterCond(self, c: ast.ChapterCond) -> s.ChapterCond:  # noqa: N802
        return s.ChapterCond(number=c.number, letter=c.letter, part=c.part, op=c.op)  # type: ignore[arg-type]

    def cond_AskCond(self, c: ast.AskCond) -> s.AskCond:  # noqa: N802
        return s.AskCond(question=c.question)

    def cond_Not(self, c: ast.Not) -> s.NotCond:  # noqa: N802
        return s.NotCond(operand=self.cond(c.operand))

    def cond_And(self, c: ast.And) -> s.AndCond:  # noqa: N802
        return s.AndCond(operands=tuple(self.cond(o) for o in c.operands))

    def cond_Or(self, c: ast.Or) -> s.OrCond:  # noqa: N802
        return s.OrCond(operands=tuple(self.cond(o) for o in c.operands))

    # ------------------------------------------------------------ effects

    def effect(self, effect: ast.Effect) -> Any:
        visit: Callable[[Any], Any] = getattr(self, "effect_" + type(effect).__name__)
        return visit(effect)

    def effect_Amount(self, e: ast.Amount) -> s.Amount:  # noqa: N802
        return s.Amount(kind=e.verb, amount=e.amount, what=e.what, party=e.mode)  # type: ignore[arg-type]

    def effect_Mark(self, e: ast.Mark) -> s.Mark:  # noqa: N802
        low, high = (e.parts.low, e.parts.high) if e.parts is not None else (None, None)
        return s.Mark(kind="unmark" if e.unmark else "mark", status=e.name, low=low, high=high)

    def effect_SecretEffect(self, e: ast.SecretEffect) -> s.SecretChange:  # noqa: N802
        return s.SecretChange(kind="gain-secret" if e.gain else "lose-secret", number=e.number)

    def effect_ItemEffect(self, e: ast.ItemEffect) -> s.ItemChange:  # noqa: N802
        return s.ItemChange(kind="gain-item" if e.gain else "lose-item", item=e.name, keyword=e.keyword)

    def effect_AttributeChange(self, e: ast.AttributeChange) -> s.AttributeChange:  # noqa: N802
        return s.AttributeChange(kind="raise" if e.raise_ else "lower", attribute=e.attribute,
                                 amount=e.amount)

    def effect_Task(self, e: ast.Task) -> s.Task:  # noqa: N802
        return s.Task(text=e.text)

    def effect_Note(self, e: ast.Note) -> s.Note:  # noqa: N802
        return s.Note(text=e.text)

    def effect_LocationEffect(self, e: ast.LocationEffect) -> Any:  # noqa: N802
        if e.verb == "replace":
            assert e.other is not None
            return s.ReplaceLocation(old=e.number, new=e.other)
        return s.LocationChange(kind=LOCATION_VERBS[e.verb], location=e.number)  # type: ignore[arg-type]

    def effect_DialEffect(self, e: ast.DialEffect) -> Any:  # noqa: N802
        if e.value is None:
            return s.AdvanceDial(dial=e.name)
        return s.SetDial(dial=e.name, value=e.value)

    def effect_TimeToken(self, e: ast.TimeToken) -> s.TimeToken:  # noqa: N802
        return s.TimeToken(kind="place-time-token" if e.place else "remove-time-token")

    def effect_Encounter(self, e: ast.Encounter) -> s.Encounter:  # noqa: N802
        arms = tuple(s.OutcomeArm(outcome=a.label, target=self.target(a.target))  # type: ignore[arg-type]
                     for a in e.arms)
        return s.Encounter(deck=e.deck, level=e.level, name=e.name, arms=arms)

    def effect_Roll(self, e: ast.Roll) -> s.Roll:  # noqa: N802
        mods = tuple(s.Modifier(sign=m.sign, attribute=m.attribute, value=m.value)  # type: ignore[arg-type]
                     for m in e.modifiers)
        arms = tuple(s.DiceArm(low=a.low or 0, high=a.high, target=self.target(a.target)) for a in e.arms)
        return s.Roll(dice=e.dice, sides=e.sides, modifiers=mods, arms=arms)

    def effect_Toss(self, e: ast.Toss) -> s.Toss:  # noqa: N802
        arms = tuple(s.TossArm(side=a.label, target=self.target(a.target))  # type: ignore[arg-type]
                     for a in e.arms)
        return s.Toss(arms=arms)

    # ------------------------------------------------------------ source map

    def source_map(self, verses: list[VerseInfo]) -> dict[str, s.SourceLoc]:
        out: dict[str, s.SourceLoc] = {}
        for info in verses:
            out[info.id] = s.SourceLoc(file=self.file_name(info.span.file), line=info.span.line)
            for name, block in info.blocks.items():
                out[block_id(info.id, name)] = s.SourceLoc(file=self.file_name(block.span.file),
                                                           line=block.span.line)
        return out

    def file_name(self, name: str) -> str:
        """The file relative to the campaign folder (diagnostics name it relative to the
        working directory, which must not leak into the bundle)."""
        if name not in self.file_names:
            self.file_names[name] = _relative(name, self.base)
        return self.file_names[name]


def _relative(name: str, base: Path | None) -> str:
    if base is None:
        return name
    try:
        return Path(name).resolve().relative_to(base).as_posix()
    except (ValueError, OSError):
        return name


def _local(info: VerseInfo) -> str:
    return info.id[len(info.section) + 1:]


def _costs(costs: Iterable[ast.Cost]) -> tuple[s.Cost, ...]:
    return tuple(s.Cost(amount=c.amount, resource=c.resource) for c in costs)


def _link_key(prop: ast.Action | ast.Trigger) -> str:
    return f"action {prop.name}" if isinstance(prop, ast.Action) else f"when {prop.kind}"


def _data(prop: ast.Property) -> Any:
    """A generic property's value as bundle data (text, list or map)."""
    if isinstance(prop, ast.Prop):
        return _value(prop.value)
    if isinstance(prop, ast.ListProp):
        return list(prop.items) or [f"{k.direction} {k.location}" for k in prop.keys]
    if isinstance(prop, ast.NumberProp):
        return str(prop.low) if prop.low == prop.high else f"{prop.low}-{prop.high}"
    return ""


def _value(value: str | tuple[ast.Prop, ...]) -> Any:
    if isinstance(value, str):
        return value
    if all(child.key == "-" for child in value):
        return [_value(child.value) for child in value]
    out: dict[str, Any] = {}
    for child in value:
        out.setdefault(child.key, _value(child.value))
    return out
