"""What one analysis keeps for the next after a structural edit (a choice's target, a
guard, a divert, an effect changed, a verse added or removed): a model stage, the
``Campaign`` of the last run and the new one in, whether it declares the same things
(``same_declarations``) and holds the same verses (``same_names``); and the record of
what resolving each verse found (``VerseResolution``), which the next resolution
replays for a verse whose tree is the same instead of resolving it again.

Why it holds: resolving a verse's references reads only the verse's own tree and the
names the campaign declares (its declarations, its verses with their sections and
blocks) and spends from the run's did-you-mean budget. When those names are the same and
the budget stands where it stood, a verse resolves as it did; its record says what that
was, and how much budget it spent, so the verses after it see the budget a full run
would leave them. When verse ids came or went but the declarations are the same, a
reference that resolved still resolves to the same verse unless that verse went, and
only a reference that failed can resolve now or get another hint: a record that failed
nothing and names no verse that went holds too. tests/test_shape.py edits every case
file and the sample (verses added and removed among the edits) and compares with a full
run."""

from __future__ import annotations

from dataclasses import dataclass, field

from tgc.diagnostics.model import Diagnostic
from tgc.semantics.model import Campaign
from tgc.syntax import ast


@dataclass(frozen=True, slots=True)
class VerseResolution:
    """What resolving one verse found: the verse's tree, the did-you-mean budget left
    before it and what it spent, the references it resolved (in the order it did), those
    that failed and what it reported."""

    verse: ast.Verse
    budget: int | None
    spent: int
    targets: dict[ast.Ref, str]
    unresolved: tuple[ast.Ref, ...]
    diags: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class FileResolution:
    """What resolving one file's verses found: the file's tree, the budget left before
    them and what they spent, every verse's record, what they resolved and failed and
    reported, in order, and the file's second copies of verse ids (after the first copy
    elsewhere: TGC110), which are resolved after every first copy. A later run whose
    file is the very same tree replays it at once."""

    file: ast.File
    budget: int | None
    spent: int
    verses: dict[str, VerseResolution]
    targets: dict[ast.Ref, str]
    unresolved: tuple[ast.Ref, ...]
    diags: tuple[Diagnostic, ...]
    duplicates: tuple[tuple[str, ast.Verse], ...]


@dataclass(frozen=True, slots=True)
class DeclarationResolution:
    """What resolving every declaration found (they are resolved first, before any verse):
    the budget left before them and what they spent, the references they resolved, those
    that failed and what they reported. A later run of a campaign that declares the same
    things replays it while it still holds (it failed nothing and named no verse that
    went, when verse ids came or went)."""

    budget: int | None
    spent: int
    targets: dict[ast.Ref, str]
    unresolved: tuple[ast.Ref, ...]
    diags: tuple[Diagnostic, ...]


@dataclass
class Resolution:
    """Every verse's record from one resolution, by verse id, and the verses it replayed
    from the run before (their trees are that run's own objects: what was built from
    them, such as their bodies in the graph, holds too)."""

    verses: dict[str, VerseResolution] = field(default_factory=dict)
    replayed: set[str] = field(default_factory=set)
    fresh: list[str] = field(default_factory=list)  # the verses not replayed, in order
    files: dict[str, FileResolution] = field(default_factory=dict)  # by file name
    declarations: DeclarationResolution | None = None
    # What collecting the symbols reported (semantics.symbols.collect_again replays it).
    collected: tuple[Diagnostic, ...] = ()
    # Whether the campaign holds the verses and blocks of the run before, in its order
    # (else verse ids came or went: the graph, the tables and the searches take nodes
    # out and put new ones in their places).
    same_names: bool = True


def same_declarations(old: Campaign, new: Campaign) -> bool:
    """Whether ``new`` declares what ``old`` declared (the same declarations, file by
    file, and the same ruleset); its verses may differ. Then a verse resolves as it did
    unless its reference failed or named a verse that went (semantics.resolve)."""
    if old.ruleset is not new.ruleset or len(old.files) != len(new.files):
        return False
    return all(a is b or (a.name == b.name and _declarations(a) == _declarations(b))
               for a, b in zip(old.files, new.files, strict=True))


def same_names(old: Campaign, new: Campaign) -> bool:
    """Whether ``new`` declares what ``old`` declared (the same declarations, file by
    file, and the same ruleset) and holds the same verses, with the same sections and
    blocks in the same order: then every reference of a verse means what it meant."""
    if old.ruleset is not new.ruleset or len(old.files) != len(new.files) \
            or len(old.verses) != len(new.verses):
        return False
    for a, b in zip(old.files, new.files, strict=True):
        if a is b:
            continue
        if a.name != b.name or _declarations(a) != _declarations(b):
            return False
    for (a_id, was), (b_id, now) in zip(old.verses.items(), new.verses.items(), strict=True):
        if a_id != b_id or was.section != now.section or tuple(was.blocks) != tuple(now.blocks):
            return False
    return True


def _declarations(file: ast.File) -> list[ast.Declaration]:
    return [item for item in file.items if isinstance(item, ast.Declaration)]
