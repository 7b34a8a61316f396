"""Rule data in a bundle: a bundle's typed records in, Rules out (the runtime reads only
the bundle, never the sources, and never the loader); and those records as a JSON-able
payload and back, which `tgc sim` hands to its worker processes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tgc.bundle import schema as s
from tgc.rulesets.tainted_grail.records import Rules
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules


class NoRuleData(ValueError):
    """A bundle of another ruleset, handed to Tainted Grail's engines."""


def rule_data(bundle: s.Bundle) -> TaintedGrailRules:
    """The bundle's typed records (none declared: empty ones)."""
    if bundle.rules is None:
        return TaintedGrailRules()
    if not isinstance(bundle.rules, TaintedGrailRules):
        raise NoRuleData(f"the bundle's rule data is {bundle.rules.ruleset}'s, not "
                         f"{TaintedGrailRules().ruleset}'s")
    return bundle.rules


def bundle_rules(bundle: s.Bundle) -> Rules:
    """The rule data a bundle carries, indexed for the engines."""
    return rule_data(bundle).rules


def rules_payload(data: TaintedGrailRules) -> dict[str, Any]:
    """The typed records as plain JSON data (the bundle's own form of them)."""
    payload: dict[str, Any] = data.model_dump(mode="json")
    return payload


def rules_from_payload(payload: Mapping[str, Any]) -> Rules:
    return TaintedGrailRules.model_validate(payload).rules
