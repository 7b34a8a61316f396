"""Tools, loading: a campaign folder or a bundle file in, a Bundle out. A folder is checked
and compiled in memory (nothing is written, tgc.lock is only read); errors come back as
CampaignError with the rendered diagnostics' count, never a traceback."""

from __future__ import annotations

from pathlib import Path

from tgc.bundle.io import BundleError, load_bundle
from tgc.bundle.schema import Bundle


class CampaignError(Exception):
    """The campaign cannot be loaded; the message is meant for the user. ``details`` holds
    the rendered diagnostics (plain text) when the check found errors."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


def load_campaign(path: Path) -> Bundle:
    """A bundle file (``*.json``) is loaded as it is; a folder is checked and compiled."""
    if path.is_file():
        try:
            return load_bundle(path)
        except BundleError as err:
            raise CampaignError(str(err)) from None
    if not path.is_dir():
        raise CampaignError(f"{path}: no such campaign folder or bundle file")
    return compile_folder(path)


def compile_folder(root: Path) -> Bundle:
    from tgc.bundle.compile import CompileError, compile_bundle
    from tgc.bundle.lock import read_lock
    from tgc.bundle.numbering import number_verses
    from tgc.check import check
    from tgc.diagnostics.model import Severity
    from tgc.diagnostics.render import FORMATS
    from tgc.project.workspace import WorkspaceError

    try:
        result = check(root)
    except WorkspaceError as err:
        raise CampaignError(str(err)) from None
    if result.errors or result.campaign is None:
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        details = FORMATS["human"](errors, result.sources, color=False)
        raise CampaignError(f"{root}: the campaign has {result.errors} error(s); "
                            f"run `tgc check {root}` to see them", details)
    lock, _, lock_diags = read_lock(root / "tgc.lock", "tgc.lock")
    numbering, diags = number_verses(result.campaign, lock)
    if any(d.severity is Severity.ERROR for d in [*lock_diags, *diags]):
        raise CampaignError(f"{root}: tgc.lock cannot be used; run `tgc check {root}`")
    try:
        return compile_bundle(result.campaign, numbering, root)
    except CompileError as err:
        raise CampaignError(str(err)) from None
