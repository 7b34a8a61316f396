"""Rule families defined beside the checks that use them; codes.py merges them into the
one catalogue, so every family is known as soon as the catalogue is imported. A
ruleset's own family (TGC5xx) lives in its folder and registers itself with its spec."""

from __future__ import annotations

from tgc.diagnostics.rule import Rule
from tgc.diagnostics.rules import graph, l10n, map, state

FAMILIES: tuple[Rule, ...] = graph.RULES + state.RULES + map.RULES + l10n.RULES
