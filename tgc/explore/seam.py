"""Exploration, the seam for a ruleset that plays its own way: a campaign whose ruleset is
not a story of verses (a storylet campaign walked over areas) names an explorer
(``RulesetSpec.explore``: a module with ``run``), and `tgc explore` hands it the bundle and
the request. It searches every play the rules allow and hands back a report of what can
be reached and what cannot (and why), with a witness for what can. Nothing here knows a
ruleset's words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from tgc import rulesets
from tgc.bundle.schema import Bundle


class ExploreError(Exception):
    """A request the explorer cannot run (an unknown party member, an unknown witness
    target); meant for the user."""


@dataclass(frozen=True)
class ExploreRequest:
    """``party`` who plays (empty: the ruleset's default); ``witness`` the name of a thing
    the ruleset reaches (a part), whose shortest play is wanted."""

    party: tuple[str, ...] = ()
    max_states: int = 500_000
    witness: str | None = None


class ExploreReport(Protocol):
    def to_text(self) -> str: ...

    def to_json(self) -> Mapping[str, Any]: ...

    @property
    def failed(self) -> bool:
        """Whether the search found what `tgc explore` exits 1 for (a play that cannot go
        on, an ending no play reaches)."""
        ...

    def witness(self, name: str) -> str | None:
        """The shortest play reaching ``name``, as text; None when no play does."""
        ...


class Explorer(Protocol):
    def run(self, bundle: Bundle, request: ExploreRequest) -> ExploreReport: ...


def explorer(bundle: Bundle) -> Explorer | None:
    """The bundle's ruleset's own explorer; None for a story of verses (tgc.explore.explorer)."""
    module: Explorer | None = rulesets.get(bundle.campaign.ruleset).load("explore")
    return module
