"""Missing state: the usage tables and the state flow in, one finding per fact that is
needed but can never hold (TGC302, TGC304, TGC305, TGC306, TGC307) out.

A fact that can never hold may be needed in many places: checked positively, read by a
trigger, tested with ``not`` or removed. It is reported once, at its first use in this
order of importance (a positive check, then a trigger, then a negation or removal; the
earliest in source order within each), with the other uses as secondary labels, and
with the lines that grant it where play never gets. Facts whose first use is the same
line are reported together (``status "X" 1-4`` lacking parts 3 and 4 is one finding).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic, Label
from tgc.semantics.analysis import Analysis
from tgc.semantics.checks.graph import unreachable_verses
from tgc.semantics.facts import Fact
from tgc.semantics.flow import Flow
from tgc.semantics.holds import describe
from tgc.semantics.usage import Change, Check, TriggerUse, Usage, effect_text
from tgc.source import Span
from tgc.syntax import ast

MAX_LABELS = 10
UseKind = Literal["check", "trigger", "negated", "removal"]
PRIORITY: dict[UseKind, int] = {"check": 0, "trigger": 1, "negated": 2, "removal": 2}


@dataclass(frozen=True, slots=True)
class Use:
    kind: UseKind
    span: Span
    source: Check | TriggerUse | Change

    def rank(self) -> tuple[int, Span]:
        return (PRIORITY[self.kind], self.span)


@dataclass
class Finding:
    primary: Use
    facts: list[Fact] = field(default_factory=list)
    others: list[Use] = field(default_factory=list)


@dataclass(frozen=True)
class Missing:
    """The family's findings and, for each fact that can never hold, the span it is
    reported at (what needs it follows from there)."""

    diagnostics: list[Diagnostic]
    primaries: dict[Fact, Span]


def find_missing(analysis: Analysis) -> Missing:
    """Every finding of the family (kept by ``Analysis.derive``)."""
    planner = _Planner(analysis)
    return Missing(list(planner.run()), planner.primaries)


def missing_state(analysis: Analysis) -> list[Diagnostic]:
    """Every finding of the family, computed once; the check functions filter by code."""
    return analysis.derive(find_missing).diagnostics


def missing_primary(analysis: Analysis) -> dict[Fact, Span]:
    """Where each fact that can never hold is reported (its finding's primary span)."""
    return analysis.derive(find_missing).primaries


class _Planner:
    def __init__(self, analysis: Analysis) -> None:
        self.a = analysis
        self.c = analysis.campaign
        self.usage: Usage = analysis.usage
        self.flow: Flow = analysis.flow
        self.held = self.flow.facts()
        self.lost: set[str] | None = None
        # The span each missing fact is reported at: what needs it follows from there.
        self.primaries: dict[Fact, Span] = {}

    def run(self) -> Iterator[Diagnostic]:
        uses = self.collect()
        findings: dict[Use, Finding] = {}
        for fact, fact_uses in uses.items():
            fact_uses.sort(key=Use.rank)
            finding = findings.setdefault(fact_uses[0], Finding(fact_uses[0]))
            finding.facts.append(fact)
            finding.others.extend(fact_uses[1:])
        for finding in sorted(findings.values(), key=lambda f: f.primary.span):
            yield self.report(finding)

    def collect(self) -> dict[Fact, list[Use]]:
        uses: dict[Fact, list[Use]] = {}
        for check in self.usage.atoms:
            for fact in self.held.lacks(check.atom):
                kind: UseKind = "negated" if check.negated else "check"
                uses.setdefault(fact, []).append(Use(kind, check.span, check))
        for status in self.c.statuses.values():
            for trig in status.triggers:
                for fact in self.held.trigger_lacks(status.name, trig):
                    use = Use("trigger", trig.span, TriggerUse(status.name, trig))
                    uses.setdefault(fact, []).append(use)
        for fact, changes in self.usage.removals.items():
            if fact not in self.held:
                for change in changes:
                    uses.setdefault(fact, []).append(Use("removal", change.span, change))
        return uses

    # ------------------------------------------------------------ reports

    def report(self, finding: Finding) -> Diagnostic:
        primary, facts = finding.primary, sorted(finding.facts)
        labels = [Label(u.span, _label(u)) for u in _unique(finding.others, primary.span)]
        labels += self.dead_grants(facts)
        hidden = max(0, len(labels) - MAX_LABELS)
        hint = _hint(primary, facts)
        if hidden:
            hint += f" ({hidden} more places are not shown)"
        code, detail = self.describe(primary, facts)
        cut_off = self.cut_off(facts)
        follows = None
        if cut_off:
            detail += f", because `{cut_off[0]}`, which grants it, is unreachable"
            follows = self.c.verses[cut_off[0]].span
        self.primaries.update((fact, primary.span) for fact in facts)
        found = diag(code, primary.span, hint=hint, labels=tuple(labels[:MAX_LABELS]),
                     detail=detail)
        return replace(found, cause=follows)

    def cut_off(self, facts: list[Fact]) -> list[str]:
        """The unreachable verses (TGC201) that hold every grant of these facts; empty
        when some grant is elsewhere (then the grant's own condition is the reason)."""
        graph = self.a.graph
        verses = [graph.nodes[c.node].verse for f in facts for c in self.usage.grants.get(f, ())
                  if c.node in graph.nodes]
        if not verses:
            return []
        if self.lost is None:
            self.lost = set(unreachable_verses(self.a))
        return sorted(set(verses)) if all(v in self.lost for v in verses) else []

    def describe(self, primary: Use, facts: list[Fact]) -> tuple[str, str]:
        fact = facts[0]
        dead = any(self.usage.grants.get(f) for f in facts)
        where = " where play can reach" if dead else ""
        have = len(self.held.parts.get(fact.name, ())) if fact.kind == "count" else 0
        if primary.kind == "trigger":
            assert isinstance(primary.source, TriggerUse)
            trig = primary.source.trigger
            what = f'the trigger `when {_trigger_text(trig)}` of "{primary.source.status}"'
            need = f", but it needs {fact.number}" if have else ""
            return "TGC304", f"{what} can never fire: {_never(facts, have)}{where}{need}"
        if primary.kind in ("negated", "removal"):
            return "TGC307", f"{_never(facts, have)}{where}, so {_pointless(primary)}"
        code = {"status": "TGC302", "secret": "TGC305"}.get(fact.key[0], "TGC306")
        if fact.kind == "count" and have:
            return code, f"{_never(facts, have)}, but this needs {fact.number}"
        return code, _checked(facts) + where

    def dead_grants(self, facts: list[Fact]) -> list[Label]:
        """Lines that grant a missing fact where play never gets, and why."""
        labels: list[Label] = []
        seen: set[Span] = set()
        for fact in facts:
            for change in self.usage.grants.get(fact, ()):
                if change.span not in seen:
                    seen.add(change.span)
                    labels.append(Label(change.span, self.why_dead(change)))
        return labels

    def why_dead(self, change: Change) -> str:
        verb = _granting(change.facts[0])
        if change.node not in self.flow.live:
            return f"{verb} here, but play never reaches this verse"
        if not self.flow.reached(change.node, change.line):
            return f"{verb} here, but this line is never reached"
        assert change.cond is not None
        return f"{verb} here, but only if `{describe(change.cond)}`, which never holds"


def _unique(uses: list[Use], primary: Span) -> Iterator[Use]:
    seen = {primary}
    for use in uses:
        if use.span not in seen:
            seen.add(use.span)
            yield use


def _label(use: Use) -> str:
    if use.kind == "check":
        return "also checked here"
    if use.kind == "trigger":
        return "this trigger needs it too, so it can never fire"
    if use.kind == "negated":
        return "tested with `not` here, which always holds"
    return "removed here, which does nothing"  # unmark, lose secret, lose item


def _hint(primary: Use, facts: list[Fact]) -> str:
    fact = facts[0]
    if fact.kind == "count":
        grant = f'mark more parts of "{fact.name}" where play can reach'
        wrong = "the check"
    elif fact.key[0] == "status":
        example = f'~ mark "{fact.name}"' + (f" {fact.number}" if fact.kind == "part" else "")
        grant = f"mark it where play can reach (`{example}`)"
        wrong = "the part number" if fact.kind == "part" else "the check"
    elif fact.kind == "secret":
        grant = f"grant it where play can reach (`~ gain secret {fact.name}`)"
        wrong = "the number"
    elif fact.kind == "item":
        grant = f'gain it where play can reach (`~ gain item "{fact.name}"`)'
        wrong = "the name"
    else:
        grant = f"gain an item with it where play can reach (`~ gain item {fact.name}`)"
        wrong = "the keyword"
    if primary.kind == "trigger":
        wrong = "the trigger"
    elif primary.kind in ("negated", "removal"):
        return f"{grant}, fix {wrong}, or remove this line"
    return f"{grant}, or fix {wrong}"


def _subject(facts: list[Fact]) -> str:
    """``part 3 of "X"``, ``parts 3 and 4 of "X"``, ``secret 12``, ``"Pathfinder"``."""
    parts = [f.number for f in facts if f.kind == "part"]
    if len(parts) > 1:
        numbers = ", ".join(str(p) for p in parts[:-1]) + f" and {parts[-1]}"
        return f'parts {numbers} of "{facts[0].name}"'
    return str(facts[0])


def _be(facts: list[Fact]) -> str:
    return "are" if len(facts) > 1 else "is"


def _checked(facts: list[Fact]) -> str:
    """A positive check of what never holds: 'part 5 of "X" is checked but never marked'."""
    fact = facts[0]
    if fact.kind == "boxes":
        return f'"{fact.name}" is checked but none of its boxes is ever ticked'
    if fact.kind == "count":
        return f'"{fact.name}" is checked but none of its parts is ever marked'
    if fact.kind == "keyword":
        return f"this checks for an item with keyword `{fact.name}`, but none is ever gained"
    verb = {"secret": "granted", "item": "gained"}.get(fact.kind, "marked")
    return f"{_subject(facts)} {_be(facts)} checked but never {verb}"


def _never(facts: list[Fact], have: int = 0) -> str:
    """What can never hold, as a clause: 'part 8 of "X" is never marked'."""
    fact = facts[0]
    if fact.kind == "count":
        if have:
            return f'only {have} {"part" if have == 1 else "parts"} of "{fact.name}" can ever be marked'
        return f'no part of "{fact.name}" is ever marked'
    if fact.kind == "boxes":
        return f'no box of "{fact.name}" is ever ticked'
    if fact.kind == "keyword":
        return f"no item with keyword `{fact.name}` is ever gained"
    verb = {"secret": "granted", "item": "gained"}.get(fact.kind, "marked")
    return f"{_subject(facts)} {_be(facts)} never {verb}"


def _pointless(use: Use) -> str:
    if use.kind == "negated":
        assert isinstance(use.source, Check)
        return f"`not {describe(use.source.atom)}` always holds"
    assert isinstance(use.source, Change)
    return f"`{effect_text(use.source.effect)}` does nothing"


def _granting(fact: Fact) -> str:
    return {"secret": "granted", "item": "gained", "keyword": "gained"}.get(fact.kind, "marked")


def _trigger_text(trig: ast.Trigger) -> str:
    if trig.kind == "parts":
        return f"parts {trig.low}" + (f"-{trig.high}" if trig.high != trig.low else "")
    if trig.kind == "any":
        return f"any {trig.low} parts"
    return trig.kind
