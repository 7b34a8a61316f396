"""Rulesets, the bundle's side: the base of a ruleset's typed rule data (what its
declarations compile to, written into the bundle and played from) and the little the core
runtime reads from it, whatever the ruleset (a declared party member's numbers, the
declared encounters and their outcomes).

Each ruleset's model subclasses ``RuleData`` in its low face (``RulesetSpec.schema``
names the module, which holds ``RULE_DATA``) and narrows ``ruleset`` to its own name, the
tag by which the bundle tells them apart. A model imports no loader, parser or semantic
stage: the runtime builds its engines from these records alone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from tgc.rulesets.spec import Vocabulary


@dataclass(frozen=True)
class Member:
    """A declared party member's starting numbers, as the core runtime reads them: each
    track's start and (when the rule data gives one) its limit, attributes and resources.
    What is missing takes the ruleset's default adventurer's value."""

    name: str
    tracks: Mapping[str, int] = field(default_factory=dict)
    limits: Mapping[str, int] = field(default_factory=dict)
    attributes: Mapping[str, int] = field(default_factory=dict)
    resources: Mapping[str, int] = field(default_factory=dict)


class RuleData(BaseModel):
    """A ruleset's rule data in the bundle. ``KINDS`` are the declaration kinds these
    records type: the bundle writes no generic record for them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    KINDS: ClassVar[tuple[str, ...]] = ()

    ruleset: str

    def members(self) -> tuple[Member, ...]:
        """The party members the campaign declares (none: any name plays the default
        adventurer)."""
        return ()

    def encounter_names(self) -> tuple[str, ...]:
        """The ``@encounter``s these records declare, by name."""
        return ()

    def outcomes(self, name: str, vocabulary: Vocabulary) -> tuple[str, ...] | None:
        """The outcomes of the declared encounter ``name``; None when these records do not
        declare it."""
        return None
