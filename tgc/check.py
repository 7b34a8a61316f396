"""The check pipeline: a campaign folder in, the resolved Campaign and every diagnostic
out (sorted, with suppressions and configured severities applied). The CLI prints
what this returns; nothing here prints."""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tgc.diagnostics.model import Diagnostic, Severity
from tgc.semantics.model import Campaign
from tgc.source import SourceFile
from tgc.syntax import ast

if TYPE_CHECKING:
    from tgc.diagnostics.suppress import Suppression
    from tgc.project.workspace import ParseCache

# Checks over the resolved campaign, run in this order. Each returns diagnostics and
# must not report what an earlier pass already reported (no cascades).
Check = Callable[[Campaign], list[Diagnostic]]
CHECKS: tuple[Check, ...] = ()


@dataclass
class CheckResult:
    root: Path
    sources: dict[str, SourceFile]
    diagnostics: list[Diagnostic]
    campaign: Campaign | None = None
    files: list[ast.File] = field(default_factory=list)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)


def analyse(files: list[ast.File]) -> tuple[Campaign, list[Diagnostic]]:
    """Symbols, resolution and every registered check, in one direction."""
    from tgc.semantics.resolve import resolve
    from tgc.semantics.symbols import collect

    campaign, diags = collect(files)
    campaign, more = resolve(campaign)
    diags.extend(more)
    for check in _checks(campaign):
        diags.extend(check(campaign))
    # A condition read twice (an `{otherwise}` guard repeats its siblings' conditions)
    # must not say the same thing twice.
    return campaign, list(dict.fromkeys(diags))


def _checks(campaign: Campaign) -> tuple[Check, ...]:
    from tgc.semantics.checks import checks_for

    return checks_for(campaign)


def check(root: Path, *, jobs: int | None = None, cache: ParseCache | None = None,
          disk_cache: bool = False) -> CheckResult:
    """Parse and check a campaign folder (or a single file). ``cache`` keeps parsed files
    between calls in one process (`tgc watch`): only changed files are parsed again.
    ``disk_cache`` reuses parses of earlier processes (tgc.project.parsecache; the CLI's default).

    The cyclic garbage collector is paused meanwhile: the AST holds millions of small
    objects and no cycles, and full collections over them cost a third of the run.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        return _check(root, jobs, cache, disk_cache)
    finally:
        if paused:
            gc.enable()


def _check(root: Path, jobs: int | None, cache: ParseCache | None, disk_cache: bool) -> CheckResult:
    from tgc.diagnostics.config import load_config
    from tgc.diagnostics.suppress import apply_suppressions
    from tgc.project.workspace import load

    store = None
    if disk_cache:
        from tgc.project.parsecache import ParseStore

        store = ParseStore(root)
    workspace = load(root, jobs=jobs, cache=cache, store=store)
    campaign, diags = analyse(workspace.files)
    diags = workspace.diagnostics + diags
    diags.extend(_lock_diagnostics(root, campaign, workspace.sources))
    config, config_diags = load_config(root)
    # Suppressions first: a comment that silences a code the config ignores is still used.
    diags = apply_suppressions(diags, _suppressions(workspace.files))
    diags = config.apply(diags)
    diags.extend(config_diags)
    if config.source is not None:
        workspace.sources.setdefault(config.source.name, config.source)
    diags.sort(key=Diagnostic.sort_key)
    return CheckResult(root, workspace.sources, diags, campaign, workspace.files)


def _suppressions(files: list[ast.File]) -> dict[str, list[Suppression]]:
    return {f.name: [_covered(s, _verse_ends(f)) for s in f.suppressions]
            for f in files if f.suppressions}


def _verse_ends(file: ast.File) -> dict[int, int]:
    """The last line of each verse, by the line of its header."""
    return {item.span.line: item.span.end_line for item in file.items if isinstance(item, ast.Verse)}


def _covered(s: ast.Suppression, ends: dict[int, int]) -> Suppression:
    """A suppression that names its codes on a verse header covers the whole verse."""
    if s.codes and s.line in ends:
        return (s.line, s.codes, s.span, ends[s.line])
    return (s.line, s.codes, s.span)


def _lock_diagnostics(root: Path, campaign: Campaign, sources: dict[str, SourceFile]) -> list[Diagnostic]:
    """Read tgc.lock, if the campaign has one, and report what `tgc build` would refuse
    (a corrupt line, a printed number taken twice) without writing anything."""
    from tgc.build import lock_path

    path = lock_path(root)
    if not path.is_file():
        return []
    from tgc.bundle.lock import read_lock
    from tgc.bundle.numbering import number_verses
    from tgc.project.workspace import display_name

    lock, source, diags = read_lock(path, display_name(path, root))
    if source is not None:
        sources[source.name] = source
    _, more = number_verses(campaign, lock)
    return diags + more
