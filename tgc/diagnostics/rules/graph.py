"""Catalogue entries of the family TGC2xx: the verse graph (reachability, dead ends, loops, arms)."""

from __future__ import annotations

from tgc.diagnostics.rule import Rule

RULES: tuple[Rule, ...] = ()
