"""Grimslingers rule-data loader: the Tall Tale's declarations in (``@creature``,
``@part``, ``@area`` ...), a frozen ``TallTale`` plus a list of ``Problem`` out.
It never raises on bad data: every mistake is a problem with its span."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from tgc.limits import as_number
from tgc.rulesets.grimslingers.actions import ActionError
from tgc.rulesets.grimslingers.conditions import ConditionError
from tgc.rulesets.grimslingers.data import Fx, TallTale
from tgc.rulesets.grimslingers.fate import parse_card
from tgc.rulesets.grimslingers.fxtext import FxError
from tgc.rulesets.grimslingers.records import RECORDS, Record, RecordError
from tgc.source import Span
from tgc.syntax import ast

KINDS = tuple(RECORDS)


@dataclass(frozen=True, slots=True)
class Problem:
    """A loader finding; checks.py turns it into a diagnostic with this code."""

    code: str
    span: Span
    args: dict[str, object]
    hint: str | None = None


@dataclass(slots=True)
class Decl:
    """One Grimslingers declaration, whichever header wrote it."""

    kind: str
    args: tuple[str | int, ...]
    props: dict[str, tuple[Any, Span]]
    span: Span


@dataclass(slots=True)
class Loaded:
    tale: TallTale
    problems: list[Problem] = field(default_factory=list)
    spans: dict[tuple[str, str], Span] = field(default_factory=dict)  # (kind, name) -> span
    decls: list[Decl] = field(default_factory=list)


def grimslinger_decls(decls: Iterable[ast.Declaration]) -> list[Decl]:
    """The declarations that are Grimslingers records, with their properties by key."""
    out = []
    for d in decls:
        kind, args = d.kind, d.args
        if kind not in RECORDS:
            continue
        props: dict[str, tuple[Any, Span]] = {}
        for p in d.props:
            key, value = _prop(p)
            if key is not None:
                props.setdefault(key, (value, p.span))
        out.append(Decl(kind, args, props, d.header_span))
    return out


def _prop(p: ast.Property) -> tuple[str | None, Any]:
    if isinstance(p, ast.Prop):
        return p.key, _value(p.value)
    if isinstance(p, ast.RefProp):
        t = p.target
        if isinstance(t, ast.Ref):
            return p.key, f"{t.section}.{t.verse}" if t.section else t.verse
        return p.key, None
    if isinstance(p, ast.NumberProp):
        return p.key, str(p.low) if p.low == p.high else f"{p.low}-{p.high}"
    if isinstance(p, ast.ListProp):
        return p.key, ", ".join(p.items)
    return None, None


def _value(value: str | tuple[ast.Prop, ...]) -> Any:
    if isinstance(value, str):
        return value
    if all(v.key == "-" for v in value):
        return [v.value for v in value]
    return {v.key: (_value(v.value), v.span) for v in value}


def load(decls: Iterable[ast.Declaration], title: str = "",
         players: tuple[int, int] = (1, 4)) -> Loaded:
    return load_decls(grimslinger_decls(decls), title, players)


def load_decls(mine: list[Decl], title: str = "", players: tuple[int, int] = (1, 4)) -> Loaded:
    loaded = Loaded(TallTale(title=title, players=players), decls=mine)
    fields: dict[str, list[Any]] = {r.field: [] for r in RECORDS.values() if r.field}
    single: dict[str, Any] = {}
    for decl in mine:
        record = RECORDS[decl.kind]
        built = _build(loaded, record, decl)
        if built is None:
            continue
        name = next((str(getattr(built, a)) for a in ("name", "id", "number")
                     if hasattr(built, a)), "")
        key = (decl.kind, str(name))
        if record.field:
            if key in loaded.spans and record.unique:
                loaded.problems.append(Problem("TGC571", decl.span, {
                    "kind": decl.kind, "name": name}, "rename one of them"))
                continue
            loaded.spans.setdefault(key, decl.span)
            fields[record.field].append(built)
        else:
            single.update(built)
    items = tuple(c.name for c in fields["cards"] if c.kind == "item"
                  and c.category != "legendary")
    try:
        tale = TallTale.model_validate({"title": title, "players": players, "items": items,
                                        **{k: tuple(v) for k, v in fields.items()}, **single})
    except ValidationError as err:  # a record combination the model refuses: a tgc bug
        raise AssertionError(err) from err
    loaded.tale = tale.model_copy(update=_entry(mine))
    _need_numbers(loaded)
    return loaded


def _need_numbers(loaded: Loaded) -> None:
    """A card that DNCs needs the number deck, whose cards only data gives (GS-2.8)."""
    if loaded.tale.numbers:
        return
    for card in loaded.tale.cards:
        if any(fx.kind == "dnc" for fx in _all_fx(card.fx)):
            span = loaded.spans.get((_KIND[card.kind], card.name))
            if span is not None:
                loaded.problems.append(Problem("TGC573", span, {
                    "detail": f"{card.name} draws a number card (dnc) but no `@numbers` "
                              "declares the number deck"}, "add `@numbers` with `cards: 1, 2, 3, ...`"))


def _all_fx(fxs: tuple[Fx, ...]) -> Iterator[Fx]:
    for fx in fxs:
        yield fx
        if fx.kind in ("roll", "dnc"):
            for arm in fx.arms:
                yield from _all_fx(arm.fx)


_KIND = {"spell": "spell", "skill": "skill", "item": "gear"}


def _entry(mine: list[Decl]) -> dict[str, Any]:
    """The area whose ``entry:`` names a tile is where a new session starts."""
    for decl in mine:
        area = as_number(str(decl.args[0])) if decl.kind == "area" else None
        if area is not None and "entry" in decl.props:
            return {"start_area": area,
                    "start_tile": str(decl.props["entry"][0]).strip()}
    return {}


def _build(loaded: Loaded, record: Record, decl: Decl) -> Any:
    for key, (_, span) in decl.props.items():
        if key not in record.keys and not (decl.kind == "area" and parse_card(key)):
            loaded.problems.append(Problem("TGC570", span, {
                "detail": f"`@{decl.kind}` has no key `{key}` (keys: {', '.join(record.keys)})"}))
    for key in record.required:
        if key not in decl.props:
            loaded.problems.append(Problem("TGC572", decl.span, {"key": key, "what": decl.kind}))
            return None
    try:
        return record.build(decl)
    except (RecordError, FxError, ConditionError, ActionError, ValidationError) as err:
        span = getattr(err, "span", None) or decl.span
        loaded.problems.append(Problem("TGC573", span, {"detail": _plain(err)}))
        return None


def _plain(err: Exception) -> str:
    if isinstance(err, ValidationError):
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return f"{where}: {first['msg']}"
    return str(err)

