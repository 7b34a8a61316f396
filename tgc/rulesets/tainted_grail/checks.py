"""Ruleset data checks (TGC5xx): the analysis of a resolved Campaign in, diagnostics about its
``@character``, ``@card`` and ``@encounter`` rule data out. The declarations become
plain ``RawDecl`` data here (the one place that knows both the AST and the ruleset's
loader), so `tgc sim` and the bundle read rule data exactly as the checker does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, assert_never

from tgc.diagnostics.codes import diag, did_you_mean
from tgc.diagnostics.model import Diagnostic
from tgc.rulesets.tainted_grail import eventchecks, mapchecks
from tgc.semantics.analysis import Analysis, Check
from tgc.semantics.model import Campaign
from tgc.source import Span
from tgc.syntax import ast

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.loader import Problem, RawDecl
    from tgc.rulesets.tainted_grail.records import Rules

RULE_KINDS = ("character", "card", "encounter", "affliction", "item", "skill")


def raw_from_declaration(decl: ast.Declaration) -> RawDecl:
    """A declaration as plain data: each key's text, list or map, with spans."""
    from tgc.rulesets.tainted_grail.loader import RawDecl

    data: dict[str, Any] = {}
    spans: dict[str, Span] = {}
    repeated: list[tuple[str, Span]] = []
    for prop in decl.props:
        key, value = _key_value(prop)
        if key in data:
            repeated.append((key, prop.span))
            continue
        data[key] = value
        spans[key] = prop.span
        if isinstance(prop, ast.Prop) and not isinstance(prop.value, str):
            _child_spans(key, prop.value, spans)
    return RawDecl(decl.kind, decl.args, data, decl.header_span, spans, tuple(repeated))


def _key_value(prop: ast.Property) -> tuple[str, Any]:
    if isinstance(prop, ast.Prop):
        return prop.key, _value(prop.value)
    if isinstance(prop, ast.ListProp):
        return prop.key, ", ".join(prop.items) or ", ".join(
            f"{k.direction} {k.location}" for k in prop.keys)
    if isinstance(prop, ast.NumberProp):
        return prop.key, str(prop.low) if prop.low == prop.high else f"{prop.low}-{prop.high}"
    if isinstance(prop, ast.RefProp):
        return prop.key, f"-> {prop.target}"
    if isinstance(prop, ast.Action):
        return "action", prop.name
    return "when", prop.kind


def _value(value: str | tuple[ast.Prop, ...]) -> Any:
    if isinstance(value, str):
        return value
    if value and all(child.key == "-" for child in value):
        return [_value(child.value) for child in value]
    out: dict[str, Any] = {}
    for child in value:
        out.setdefault(child.key, _value(child.value))
    return out


def _child_spans(prefix: str, children: tuple[ast.Prop, ...], spans: dict[str, Span]) -> None:
    for child in children:
        key = f"{prefix}/{child.key}"
        spans.setdefault(key, child.span)
        if not isinstance(child.value, str):
            _child_spans(key, child.value, spans)


def _rule_decls(campaign: Campaign) -> list[ast.Declaration]:
    decls = [*campaign.encounters.values(), *campaign.others,
             *(item.decl for item in campaign.items.values())]
    return [d for d in decls if d.kind in RULE_KINDS]


def rule_declarations(campaign: Campaign) -> list[RawDecl]:
    return [raw_from_declaration(d) for d in _rule_decls(campaign)]


def campaign_rules(campaign: Campaign) -> tuple[Rules, list[Problem]]:
    """The campaign's rule data and the problems found reading it."""
    from tgc.rulesets.tainted_grail.loader import load_rules

    return load_rules(rule_declarations(campaign))


def _applies(campaign: Campaign) -> bool:
    return campaign.info is None or campaign.info.ruleset == "tainted-grail"


def _rules_of(analysis: Analysis) -> tuple[Rules, list[Problem]] | None:
    """The campaign's rule data, read once per analysis for the three checks; None when it
    declares none, which reads as no rules and no problems: the loader and the records it
    imports (a tenth of a plain journal's start-up) are then never imported."""
    decls = _rule_decls(analysis.campaign)
    if not decls:
        return None
    from tgc.rulesets.tainted_grail.loader import load_rules

    return load_rules([raw_from_declaration(d) for d in decls])


def check_rule_data(analysis: Analysis) -> list[Diagnostic]:
    campaign = analysis.campaign
    if not _applies(campaign):
        return []
    read = analysis.derive(_rules_of)
    if read is None:
        return []
    _, problems = read
    fallback = _first_span(campaign)
    diags = []
    for problem in problems:
        span = problem.span or fallback
        if span is not None:
            diags.append(diag(problem.code, span, problem.hint, (), **problem.args))
    return diags


def check_encounter_decks(analysis: Analysis) -> list[Diagnostic]:
    """A deck draw that no encounter with rule data can answer (only in campaigns that
    use the mechanics at all)."""
    campaign = analysis.campaign
    if not _applies(campaign):
        return []
    read = analysis.derive(_rules_of)
    if read is None or not read[0].encounters:
        return []
    rules = read[0]
    diags = []
    for effect in _encounter_effects(campaign):
        if effect.deck is None or effect.name is not None:
            continue
        if not rules.in_deck(effect.deck, effect.level):
            level = f" at level {effect.level}" if effect.level is not None else ""
            diags.append(diag("TGC509", effect.what_span, deck=effect.deck, level=level,
                              hint="declare an `@encounter` of that deck with rule data, or "
                              "let the reader decide (this is a warning)"))
    return diags


def _encounter_effects(campaign: Campaign) -> Iterator[ast.Encounter]:
    for info in campaign.verses.values():
        bodies = [info.verse.body, *(b.body for b in info.verse.blocks)]
        for body in bodies:
            for stmt in body:
                if isinstance(stmt, ast.EffectLine) and isinstance(stmt.effect, ast.Encounter):
                    yield stmt.effect


def check_character_names(analysis: Analysis) -> list[Diagnostic]:
    """A `character "Name"` condition naming no `@character`: a misspelt name makes the
    condition false for every party, silently (only in campaigns that declare characters:
    without rule data any name may be a player's own adventurer)."""
    campaign = analysis.campaign
    if not _applies(campaign):
        return []
    read = analysis.derive(_rules_of)
    if read is None or not read[0].characters:
        return []
    rules = read[0]
    names = sorted(c.name for c in rules.characters.values())
    diags = []
    for cond in _character_conditions(campaign):
        if rules.character(cond.name) is None:
            diags.append(diag("TGC510", cond.span, name=cond.name,
                              hint=did_you_mean(cond.name, names)
                              or "declared characters: " + ", ".join(names)))
    return diags


def _character_conditions(campaign: Campaign) -> Iterator[ast.CharacterCond]:
    for info in campaign.verses.values():
        for body in (info.verse.body, *(b.body for b in info.verse.blocks)):
            for stmt in body:
                for cond in _conditions_of(stmt):
                    yield from _characters_in(cond)


def _conditions_of(stmt: ast.Stmt) -> tuple[ast.Cond, ...]:
    match stmt:
        case ast.Choice():
            return stmt.guard.conditions if stmt.guard is not None else ()
        case ast.CondDivert():
            return (stmt.cond,)
        case ast.EffectLine():
            return (stmt.cond,) if stmt.cond is not None else ()
        case ast.Paragraph() | ast.Divert():
            return ()
        case _:
            assert_never(stmt)


def _characters_in(cond: ast.Cond) -> Iterator[ast.CharacterCond]:
    # Conditions nest at most tgc.limits' depth, checked before they are built.
    match cond:
        case ast.CharacterCond():
            yield cond
        case ast.Not():
            yield from _characters_in(cond.operand)
        case ast.And() | ast.Or():
            for operand in cond.operands:
                yield from _characters_in(operand)
        case _:
            return


def _first_span(campaign: Campaign) -> Span | None:
    for decl in [*campaign.encounters.values(), *campaign.others]:
        return decl.header_span
    return None


CHECKS: tuple[Check, ...] = (
    check_rule_data,
    check_encounter_decks,
    check_character_names,
    *mapchecks.CHECKS,
    *eventchecks.CHECKS,
)
