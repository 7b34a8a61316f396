"""Catalogue entries of the family TGC4xx: the map (keys, legacy cards, locations in play)."""

from __future__ import annotations

from tgc.diagnostics.rule import Rule

RULES: tuple[Rule, ...] = ()
