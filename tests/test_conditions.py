"""The condition algebra's form mirrors the bundle schema's condition models (so lowering
either way is a rename and nothing is lost), and every condition of the sample campaign's
bundle survives the trip into the form and back."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

from tgc.bundle import schema as s
from tgc.bundle.conditions import PAIRS, to_form, to_schema
from tgc.conditions import form as f
from tgc.conditions.form import leaves
from tgc.pipeline import load_campaign

ROOT = Path(__file__).parent.parent


def _schema_kinds() -> set[type]:
    union = typing.get_args(typing.get_args(s.Condition)[0])
    return set(union)


def test_every_schema_condition_has_its_form_with_the_same_fields() -> None:
    assert {model for _, model in PAIRS.values()} == _schema_kinds()
    assert {cls for cls, _ in PAIRS.values()} == set(typing.get_args(f.Condition))
    for kind, (cls, model) in PAIRS.items():
        assert cls.kind == kind == model.model_fields["kind"].default
        form_fields = [field.name for field in dataclasses.fields(cls)]
        assert form_fields == [name for name in model.model_fields if name != "kind"], kind


def test_the_sample_bundles_conditions_round_trip() -> None:
    bundle = load_campaign(ROOT / "journal_src")
    conds: list[s.Condition] = []
    for verse in bundle.verses:
        for ops in (verse.ops, *(b.ops for b in verse.blocks)):
            for op in ops:
                if isinstance(op, s.IfDivert | s.IfEffect):
                    conds.append(op.cond)
                elif isinstance(op, s.Choice) and op.guard is not None:
                    conds.append(op.guard)
    assert len(conds) > 20
    kinds = set()
    for cond in conds:
        form = to_form(cond)
        assert to_schema(form) == cond
        kinds |= {type(part).__name__ for part in leaves(form)}
    assert {"Status", "Secret", "Item", "Not"} <= kinds


def test_a_form_lowered_alone_is_the_form_with_spans() -> None:
    """``lower_form`` and ``lower_guard_form`` (what ``holds`` and the endings read) give
    the very form ``lower`` and ``lower_guard`` give, on every guard and condition of the
    sample campaign and of the check cases."""
    from tgc.pipeline import Job, run
    from tgc.semantics.lower import lower, lower_form, lower_guard, lower_guard_form
    from tgc.syntax import ast

    guards: list[tuple[ast.Cond, ...]] = []
    for root in (ROOT / "journal_src", ROOT / "tests/cases/check"):
        model = run(Job(root, until="model")).campaign
        assert model is not None
        for info in model.verses.values():
            for body in (info.verse.body, *(b.body for b in info.verse.blocks)):
                for stmt in body:
                    if isinstance(stmt, ast.Choice) and stmt.guard is not None and stmt.guard.conditions:
                        guards.append(stmt.guard.conditions)
                    elif isinstance(stmt, ast.CondDivert | ast.EffectLine) and stmt.cond is not None:
                        guards.append((stmt.cond,))
    assert len(guards) > 50 and any(len(g) > 1 for g in guards)
    assert any(isinstance(c, ast.Not | ast.And | ast.Or) for g in guards for c in g)
    for guard in guards:
        assert lower_guard_form(guard) == lower_guard(guard).cond
        for cond in guard:
            assert lower_form(cond) == lower(cond).cond
