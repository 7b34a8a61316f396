"""Rule families defined beside the checks that use them; codes.py merges them into the
one catalogue, so every family is known as soon as the catalogue is imported."""

from __future__ import annotations

from tgc.diagnostics.rule import Rule
from tgc.diagnostics.rules import graph, l10n, map, ruleset, state

FAMILIES: tuple[Rule, ...] = graph.RULES + state.RULES + map.RULES + ruleset.RULES + l10n.RULES
