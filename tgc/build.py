"""The build pipeline: a campaign folder in; the check's diagnostics, the printed numbers,
the bundle, its print-ready HTML and what was written out. Nothing is written unless the
check, the lock and the numbering are free of errors and every page has been rendered;
then tgc.lock (if it changed), the bundle and each page are replaced atomically. The CLI
prints what this returns; nothing here prints."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tgc.check import CheckResult, check
from tgc.diagnostics.model import Diagnostic, Severity

if TYPE_CHECKING:
    from tgc.bundle.schema import Bundle

BUNDLE_SUFFIX = ".bundle.json"


class BuildError(Exception):
    """The build cannot go on for a reason that is not a diagnostic (an output path that
    is not a folder, a campaign whose errors were silenced); meant for the user."""


@dataclass
class BuildResult:
    check: CheckResult
    diagnostics: list[Diagnostic] = field(default_factory=list)
    bundle_path: Path | None = None
    bundle_bytes: int = 0
    verses: int = 0
    lock_path: Path | None = None  # set when tgc.lock was written
    html_dir: Path | None = None  # set when the HTML pages were written
    html_files: list[Path] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)


def slug(title: str) -> str:
    """A file name from the campaign title: ASCII letters, digits and dashes only, so
    the bundle can never be written outside the output folder.

    >>> slug("The Lantern-Stones of Caer Mórwen!")
    'the-lantern-stones-of-caer-morwen'
    >>> slug("../..")
    'campaign'
    """
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-") or "campaign"


def lock_path(root: Path) -> Path:
    """tgc.lock lives at the campaign root (beside the file for a one-file campaign)."""
    return (root if root.is_dir() else root.parent) / "tgc.lock"


def html_dir(out_dir: Path, title: str) -> Path:
    """The folder of a campaign's HTML pages: ``OUT/<slug>/``, beside ``OUT/<slug>.bundle.json``.

    >>> html_dir(Path("build"), "../../etc").as_posix()
    'build/etc'
    """
    return out_dir / slug(title)


def build(root: Path, out_dir: Path, *, shuffle: int | None = None,
          jobs: int | None = None, html: bool = True) -> BuildResult:
    """Check, number, compile and write one campaign; with ``html``, also its printed
    pages (docs/printing.md) in ``html_dir(out_dir, title)``."""
    from tgc.bundle.compile import CompileError, compile_bundle
    from tgc.bundle.io import dump_bundle, paused_gc, write_atomic
    from tgc.bundle.lock import read_lock, render_lock
    from tgc.bundle.numbering import number_verses
    from tgc.diagnostics.config import load_config
    from tgc.project.workspace import display_name

    result = BuildResult(check(root, jobs=jobs))
    result.diagnostics = list(result.check.diagnostics)
    campaign = result.check.campaign
    if result.errors or campaign is None:
        return result
    path = lock_path(root)
    lock, lock_source, lock_diags = read_lock(path, display_name(path, root))
    if lock_source is not None:
        result.check.sources[lock_source.name] = lock_source
    with paused_gc():
        numbering, number_diags = number_verses(campaign, lock, shuffle)
    config, _ = load_config(root)  # its own problems were reported by the check
    # The check already reported what the lock says; add only what it could not see.
    seen = set(result.diagnostics)
    result.diagnostics += [d for d in config.apply(lock_diags + number_diags) if d not in seen]
    result.diagnostics.sort(key=Diagnostic.sort_key)
    if result.errors:
        return result
    target = _bundle_path(out_dir, campaign.info.title if campaign.info else "")
    with paused_gc():
        try:
            bundle = compile_bundle(campaign, numbering, root)
        except CompileError as err:
            raise BuildError(f"cannot build: {err}") from None
        text = dump_bundle(bundle)
    site = _render(bundle) if html else {}  # every page is text before anything is written
    lock_text = render_lock(numbering.lock)
    if lock_source is None or lock_source.text != lock_text:
        write_atomic(path, lock_text)
        result.lock_path = path
    result.bundle_bytes = write_atomic(target, text)
    result.bundle_path = target
    result.verses = len(bundle.verses)
    if site:
        from tgc.render import write_site

        result.html_dir = html_dir(out_dir, bundle.campaign.title)
        result.html_files = write_site(site, result.html_dir)
    return result


def _render(bundle: Bundle) -> dict[str, str]:
    from tgc.render import render_site

    return render_site(bundle)


def _bundle_path(out_dir: Path, title: str) -> Path:
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError(f"{out_dir}: not a folder")
    target = out_dir / (slug(title) + BUNDLE_SUFFIX)
    if target.resolve().parent != out_dir.resolve():
        raise BuildError(f"{target}: the bundle would be written outside {out_dir}")
    return target
