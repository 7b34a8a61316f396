"""Catalogue entries of the family TGC3xx: state (statuses, secrets, items) and what can ever hold."""

from __future__ import annotations

from tgc.diagnostics.rule import Rule

RULES: tuple[Rule, ...] = ()
