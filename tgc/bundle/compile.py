"""Bundle stage, the compiler: a resolved Campaign (checked, without errors) and its
Numbering in, a Bundle out. One ``visit`` per AST node kind, each returning schema data;
every list is sorted by a natural key, so the output never depends on dict or hash order.

A campaign whose errors were silenced by configuration may still hold references that
did not resolve; those raise CompileError (a message for the user), never a bad bundle.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, assert_never

from tgc.bundle import schema as s
from tgc.bundle.conditions import to_schema
from tgc.bundle.numbering import Numbering
from tgc.bundle.order import section_key, verse_key
from tgc.rulesets.ruledata import RuleData
from tgc.semantics.lower import lower, lower_guard
from tgc.semantics.model import Campaign, ItemInfo, LocationInfo, SecretInfo, StatusInfo, VerseInfo, block_id
from tgc.syntax import ast
from tgc.syntax.parser import condition_value

TERMINALS: dict[str, Any] = {"end": "end", "end chapter": "end-chapter", "game over": "game-over"}


def _outcome(label: str) -> s.Outcome:
    """An encounter arm's outcome (the grammar admits only these words)."""
    match label:
        case "win" | "lose" | "avoid":
            return label
    raise CompileError(f"`{label}` is not an encounter outcome")


def _side(label: str) -> s.Side:
    """A toss arm's side (the grammar admits only these words)."""
    match label:
        case "heads" | "tails":
            return label
    raise CompileError(f"`{label}` is not a side of the coin")


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
        rules = self.rule_data()
        records = self.records(rules.KINDS if rules is not None else ())
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
            records={kind: recs for kind, recs in sorted(records.items())
                     if kind not in ("encounter", "event", "quest")},
            rules=rules,
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
        extra = self.c.vocabulary.campaign_keys
        data: dict[str, str] = {}
        links: list[s.Link] = []
        for prop in info.decl.props:
            if isinstance(prop, ast.RefProp) and prop.key in extra:
                links.append(s.Link(key=prop.key, target=self.target(prop.target)))
            elif isinstance(prop, ast.Prop) and prop.key in extra and isinstance(prop.value, str):
                data.setdefault(prop.key, prop.value.strip())
        return s.Campaign(title=info.title, ruleset=info.ruleset, start=info.start,
                          players=s.Players(min=low, max=high), data=data, links=tuple(links))

    def visit_section(self, name: str) -> s.Section:
        info = self.c.sections[name]
        return s.Section(name=info.name, title=info.title, role=info.kind)

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
        triggers = tuple(s.Trigger(when=t.kind, low=t.low, high=t.high,
                                   target=self.target(t.target)) for t in status.triggers)
        return s.Status(name=status.name, shape=status.shape,
                        size=status.size, triggers=triggers, text=status.text)

    def visit_secret(self, secret: SecretInfo) -> s.Secret:
        return s.Secret(number=secret.number, title=secret.title, keywords=tuple(secret.keywords),
                        text=secret.text)

    def visit_item(self, item: ItemInfo) -> s.Item:
        return s.Item(name=item.name, keywords=tuple(item.keywords), text=item.text)

    def rule_data(self) -> RuleData | None:
        """The ruleset's typed records (its ``rules`` module compiles them), if it has any."""
        module = self.c.ruleset.load("rules")
        return module.rule_data(self.c) if module is not None else None

    def records(self, typed: tuple[str, ...]) -> dict[str, tuple[s.Record, ...]]:
        """Generic declarations by kind (those the rule data does not type), each list
        sorted by name (ties keep source order)."""
        decls: list[ast.Declaration] = [*self.c.encounters.values(), *self.c.events, *self.c.others]
        out: dict[str, list[s.Record]] = {}
        for decl in decls:
            if decl.kind not in typed:
                out.setdefault(decl.kind, []).append(self.visit_record(decl))
        return {kind: tuple(sorted(recs, key=lambda r: r.name)) for kind, recs in out.items()}

    def visit_record(self, decl: ast.Declaration) -> s.Record:
        links: list[s.Link] = []
        data: dict[str, Any] = {}
        conditions: dict[str, s.Condition] = {}
        for prop in decl.props:
            if isinstance(prop, (ast.RefProp, ast.Action, ast.Trigger)):
                key = prop.key if isinstance(prop, ast.RefProp) else _link_key(prop)
                links.append(s.Link(key=key, target=self.target(prop.target)))
            else:
                data.setdefault(prop.key, _data(prop))  # the first of a repeated key wins
                if prop.key in self.c.vocabulary.condition_keys and isinstance(prop, ast.Prop) \
                        and prop.key not in conditions:
                    cond = condition_value(prop)
                    if not isinstance(cond, str):  # the checker reported one that is not
                        conditions[prop.key] = to_schema(lower(cond).cond)
        name = str(decl.args[0]) if decl.args else ""
        return s.Record(name=name, args=decl.args, links=tuple(links), data=data, conditions=conditions)

    # ------------------------------------------------------------ verses

    def visit_verse(self, info: VerseInfo) -> s.Verse:
        blocks = tuple(s.Block(name=name, ops=self.body(block.body))
                       for name, block in info.blocks.items())
        return s.Verse(id=info.id, section=info.section, printed=self.numbering.printed[info.id],
                       ops=self.body(info.verse.body), blocks=blocks)

    def body(self, stmts: Iterable[ast.Stmt]) -> tuple[Any, ...]:
        return tuple(self.visit_stmt(stmt) for stmt in stmts)

    def visit_stmt(self, stmt: ast.Stmt) -> s.Op:
        match stmt:
            case ast.Paragraph():
                return s.Text(text=stmt.text)
            case ast.Choice():
                guard = stmt.guard
                return s.Choice(text=stmt.text, guard=self.guard(guard), target=self.target(stmt.target),
                                costs=_costs(guard.costs) if guard is not None else ())
            case ast.Divert():
                return s.Divert(target=self.target(stmt.target))
            case ast.CondDivert():
                return s.IfDivert(cond=self.cond(stmt.cond), target=self.target(stmt.target))
            case ast.EffectLine():
                effect = self.effect(stmt.effect)
                if stmt.cond is None:
                    return effect
                return s.IfEffect(cond=self.cond(stmt.cond), effect=effect)
            case _:
                assert_never(stmt)

    def guard(self, guard: ast.Guard | None) -> s.Condition | None:
        if guard is None or not guard.conditions:
            return None
        return to_schema(lower_guard(guard.conditions, self.verse_of).cond)

    # ------------------------------------------------------------ conditions

    def cond(self, cond: ast.Cond) -> s.Condition:
        """The checker's lowering of a condition (tgc.semantics.lower), written as the
        bundle's model, with ``visited`` references resolved to verse ids."""
        return to_schema(lower(cond, self.verse_of).cond)

    def verse_of(self, ref: ast.Ref) -> str:
        vid = self.c.targets.get(ref)
        if vid is None:
            raise CompileError(f"{ref.span}: `{ref}` does not resolve")
        return vid

    # ------------------------------------------------------------ effects

    def effect(self, effect: ast.Effect) -> s.Effect:
        match effect:
            case ast.Amount():
                return self.effect_amount(effect)
            case ast.Mark():
                return self.effect_mark(effect)
            case ast.SecretEffect():
                return self.effect_secret_effect(effect)
            case ast.ItemEffect():
                return self.effect_item_effect(effect)
            case ast.AttributeChange():
                return self.effect_attribute_change(effect)
            case ast.Task():
                return self.effect_task(effect)
            case ast.Note():
                return self.effect_note(effect)
            case ast.LocationEffect():
                return self.effect_location_effect(effect)
            case ast.DialEffect():
                return self.effect_dial_effect(effect)
            case ast.TimeToken():
                return self.effect_time_token(effect)
            case ast.Encounter():
                return self.effect_encounter(effect)
            case ast.Roll():
                return self.effect_roll(effect)
            case ast.Toss():
                return self.effect_toss(effect)
            case ast.Phrase():
                return self.effect_phrase(effect)
            case _:
                assert_never(effect)

    def effect_amount(self, e: ast.Amount) -> s.Amount:
        return s.Amount(kind=e.verb, amount=e.amount, what=e.what, party=e.mode)

    def effect_mark(self, e: ast.Mark) -> s.Mark:
        low, high = (e.parts.low, e.parts.high) if e.parts is not None else (None, None)
        return s.Mark(kind="unmark" if e.unmark else "mark", status=e.name, low=low, high=high)

    def effect_secret_effect(self, e: ast.SecretEffect) -> s.SecretChange:
        return s.SecretChange(kind="gain-secret" if e.gain else "lose-secret", number=e.number)

    def effect_item_effect(self, e: ast.ItemEffect) -> s.ItemChange:
        return s.ItemChange(kind="gain-item" if e.gain else "lose-item", item=e.name, keyword=e.keyword)

    def effect_attribute_change(self, e: ast.AttributeChange) -> s.AttributeChange:
        return s.AttributeChange(kind="raise" if e.raise_ else "lower", attribute=e.attribute,
                                 amount=e.amount)

    def effect_task(self, e: ast.Task) -> s.Task:
        return s.Task(text=e.text)

    def effect_note(self, e: ast.Note) -> s.Note:
        return s.Note(text=e.text)

    def effect_location_effect(self, e: ast.LocationEffect) -> s.ReplaceLocation | s.LocationChange:
        match e.verb:
            case "replace":
                assert e.other is not None
                return s.ReplaceLocation(old=e.number, new=e.other)
            case "remove":
                return s.LocationChange(kind="remove-location", location=e.number)
            case "reveal":
                return s.LocationChange(kind="reveal-location", location=e.number)
            case "move":
                return s.LocationChange(kind="move-to", location=e.number)
            case _:
                assert_never(e.verb)

    def effect_dial_effect(self, e: ast.DialEffect) -> s.AdvanceDial | s.SetDial:
        if e.value is None:
            return s.AdvanceDial(dial=e.name)
        return s.SetDial(dial=e.name, value=e.value)

    def effect_time_token(self, e: ast.TimeToken) -> s.TimeToken:
        return s.TimeToken(kind="place-time-token" if e.place else "remove-time-token")

    def effect_phrase(self, e: ast.Phrase) -> s.Phrase:
        return s.Phrase(phrase=e.phrase, numbers=e.numbers, name=e.name, at=e.at)

    def effect_encounter(self, e: ast.Encounter) -> s.Encounter:
        arms = tuple(s.OutcomeArm(outcome=_outcome(a.label), target=self.target(a.target))
                     for a in e.arms)
        game = None if e.game is None else s.Game(
            phrase=e.game.phrase, args=tuple(s.GameArg(key=a.key, value=a.value) for a in e.game.args))
        return s.Encounter(deck=e.deck, level=e.level, name=e.name, arms=arms, game=game)

    def effect_roll(self, e: ast.Roll) -> s.Roll:
        mods = tuple(s.Modifier(sign=m.sign, attribute=m.attribute, value=m.value)
                     for m in e.modifiers)
        arms = tuple(s.DiceArm(low=a.low or 0, high=a.high, target=self.target(a.target)) for a in e.arms)
        return s.Roll(dice=e.dice, sides=e.sides, modifiers=mods, arms=arms)

    def effect_toss(self, e: ast.Toss) -> s.Toss:
        arms = tuple(s.TossArm(side=_side(a.label), target=self.target(a.target))
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
    return tuple(s.Cost(amount=c.amount, resource=c.resource, per_player=c.per_player) for c in costs)


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
