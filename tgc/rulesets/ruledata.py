"""Rulesets, the bundle's side: the base of a ruleset's typed rule data (what its
declarations compile to, written into the bundle and played from) and the little the core
runtime reads from it, whatever the ruleset (a declared party member's numbers, the
declared encounters and their outcomes).

Each ruleset's model subclasses ``RuleData`` in its low face (``RulesetSpec.schema``
names the module, which holds ``RULE_DATA``) and narrows ``ruleset`` to its own name, the
tag by which the bundle tells them apart. A model imports no loader, parser or semantic
stage: the runtime builds its engines from these records alone."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from tgc.limits import MAX_NUMBER
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

    def limit(self, path: str) -> tuple[int, int]:
        """The least and the most the whole number at ``path`` (its JSON path, ``$.rules.``
        first) may be: what the ruleset's loader holds the source to (tgc/limits.py), so
        that a bundle loads only the counts a source could have compiled to (a deck of a
        billion dice would never finish a game). The default is any number a bundle may
        hold at all."""
        return (-MAX_NUMBER, MAX_NUMBER)


def numbers(value: object, where: str) -> Iterator[tuple[str, int]]:
    """Every whole number in a record (models, dataclasses, tuples, dicts), with its JSON
    path; walked with a stack of its own, however deep the records nest."""
    stack: list[tuple[str, object]] = [(where, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, bool) or item is None or isinstance(item, str | float):
            continue
        if isinstance(item, int):
            yield path, item
        elif isinstance(item, BaseModel):
            names = reversed(type(item).model_fields)
            stack.extend((f"{path}.{name}", getattr(item, name)) for name in names)
        elif is_dataclass(item):
            stack.extend((f"{path}.{f.name}", getattr(item, f.name)) for f in reversed(fields(item)))
        elif isinstance(item, tuple | list):
            stack.extend((f"{path}[{i}]", x) for i, x in reversed(list(enumerate(item))))
        elif isinstance(item, dict):
            stack.extend((f"{path}.{k}", x) for k, x in reversed(list(item.items())))
