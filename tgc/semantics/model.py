"""The resolved campaign: every declaration indexed by what it names, every verse by its
canonical id, every reference resolved. Built by ``semantics.resolve``; read by the
analysis (``semantics.analysis``), the checks and the bundle compiler."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from tgc import rulesets
from tgc.conditions.form import DIAL_MAX as DIAL_MAX
from tgc.limits import is_number
from tgc.source import Span
from tgc.syntax import ast

DIRECTIONS = ("up", "down", "left", "right")
MIRROR = {"up": "down", "down": "up", "left": "right", "right": "left"}

StatusShape = Literal["flag", "parts", "boxes"]
SectionKind = Literal["location", "bos", "named"]


def status_shape(text: str) -> StatusShape:
    """The shape a status header's word names (the grammar admits only these)."""
    match text:
        case "flag" | "parts" | "boxes":
            return text
    raise ValueError(f"not a status shape: {text!r}")


@lru_cache(maxsize=65536)
def canonical_verse(verse: str) -> str:
    """``02`` and ``2`` are the same verse; ``2a`` keeps its letter; names stay as written.
    Numbers are ASCII digits (a `²` makes a name); the zeros go without ``int``, so a
    number of any length costs nothing."""
    digits = verse.rstrip("abcdefghijklmnopqrstuvwxyz")
    if digits and is_number(digits):
        return (digits.lstrip("0") or "0") + verse[len(digits):]
    return verse


@lru_cache(maxsize=4096)
def canonical_section(section: str) -> str:
    return (section.lstrip("0") or "0") if is_number(section) else section


def block_id(verse_id: str, block: str) -> str:
    """Inline blocks are nodes of the graph too: ``101.4.beaten``."""
    return f"{verse_id}.{block}"


@dataclass
class VerseInfo:
    id: str
    section: str
    verse: ast.Verse
    blocks: dict[str, ast.Block] = field(default_factory=dict)

    @property
    def span(self) -> Span:
        return self.verse.id.span


@dataclass
class LocationInfo:
    number: int
    title: str
    decl: ast.Declaration
    legacy: int | None = None
    legacy_span: Span | None = None
    seals: tuple[str, ...] = ()
    keys: tuple[ast.Key, ...] = ()
    hooks: dict[str, ast.Target] = field(default_factory=dict)
    actions: tuple[ast.Action, ...] = ()
    text: str = ""


@dataclass
class StatusInfo:
    name: str
    shape: StatusShape
    size: int  # parts or boxes; 1 for a flag
    decl: ast.Declaration
    triggers: tuple[ast.Trigger, ...] = ()
    text: str = ""


@dataclass
class SecretInfo:
    number: int
    title: str
    decl: ast.Declaration
    keywords: tuple[str, ...] = ()
    text: str = ""


@dataclass
class ItemInfo:
    name: str
    decl: ast.Declaration
    keywords: tuple[str, ...] = ()
    text: str = ""


@dataclass
class SectionInfo:
    name: str
    title: str
    kind: SectionKind
    span: Span | None = None


@dataclass
class CampaignInfo:
    title: str
    ruleset: str
    start: int | None
    players: tuple[int, int]
    decl: ast.Declaration


@dataclass(frozen=True)
class Campaign:
    """Everything the checks and the compiler need, with references already resolved.

    ``targets`` maps each verse-reference node to the canonical id of the verse or
    block it names; a reference that failed to resolve is absent (and was reported),
    which is how later checks avoid cascades.

    Frozen: symbol collection fills its tables once and resolution returns a new value
    (``dataclasses.replace``) with the references resolved. What is computed from it
    (the graph, usage, flow, endings) lives in ``semantics.analysis.Analysis``, never on
    the model, so an editor can throw an analysis away after an edit and keep nothing
    stale.
    """

    files: tuple[ast.File, ...]
    info: CampaignInfo | None = None
    verses: dict[str, VerseInfo] = field(default_factory=dict)
    sections: dict[str, SectionInfo] = field(default_factory=dict)
    locations: dict[int, LocationInfo] = field(default_factory=dict)
    statuses: dict[str, StatusInfo] = field(default_factory=dict)
    secrets: dict[int, SecretInfo] = field(default_factory=dict)
    items: dict[str, ItemInfo] = field(default_factory=dict)
    item_keywords: set[str] = field(default_factory=set)
    encounters: dict[str, ast.Declaration] = field(default_factory=dict)
    events: list[ast.Declaration] = field(default_factory=list)
    others: list[ast.Declaration] = field(default_factory=list)
    targets: dict[ast.Ref, str] = field(default_factory=dict)
    unresolved: set[ast.Ref] = field(default_factory=set)
    ruleset: rulesets.RulesetSpec = field(default_factory=rulesets.default)
    vocabulary: rulesets.Vocabulary = field(default_factory=lambda: rulesets.default().vocabulary)

    def target_of(self, target: ast.Target) -> str | None:
        """The canonical id a divert target names, or None for terminals and failures."""
        if isinstance(target, ast.Terminal):
            return None
        return self.targets.get(target)
