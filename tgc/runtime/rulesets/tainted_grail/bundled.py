"""Rule declarations as plain data: AST declarations (with spans) or bundle records
(without) in, ``RawDecl`` out, so one loader serves the checker and the runtime."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tgc.runtime.rulesets.tainted_grail.data import Rules
from tgc.runtime.rulesets.tainted_grail.loader import Problem, RawDecl, load_rules
from tgc.source import Span
from tgc.syntax import ast

RULE_KINDS = ("character", "card", "encounter")


def raw_from_declaration(decl: ast.Declaration) -> RawDecl:
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


def raws_of(decls: Iterable[ast.Declaration]) -> list[RawDecl]:
    return [raw_from_declaration(d) for d in decls if d.kind in RULE_KINDS]


def raw_from_record(kind: str, args: tuple[str | int, ...], data: Mapping[str, Any]) -> RawDecl:
    """A bundle record (its header words and data map) as a RawDecl, without spans."""
    return RawDecl(kind, args, dict(data))


def rules_of_campaign(campaign: Any) -> Rules:
    """The rule data of a checked ``semantics.model.Campaign`` (problems are the checker's)."""
    decls = [*campaign.encounters.values(), *campaign.others]
    rules, _ = load_rules(raws_of(decls))
    return rules


def load_text(text: str, name: str = "rules.tgj") -> tuple[Rules, list[Problem]]:
    """Rule data from one source text (tests, examples); syntax errors are ignored."""
    from tgc.source import SourceFile
    from tgc.syntax.parser import parse_source

    parsed, _ = parse_source(SourceFile.from_text(name, text))
    decls = [item for item in parsed.items if isinstance(item, ast.Declaration)]
    return load_rules(raws_of(decls))


def load_folder(root: Any) -> Rules:
    """Parse a campaign folder and load its rule data (for `tgc sim` and tests)."""
    from pathlib import Path

    from tgc.semantics.symbols import collect
    from tgc.workspace import load

    campaign, _ = collect(load(Path(root)).files)
    return rules_of_campaign(campaign)
