"""Small campaigns on disk for the bundle, lock and build tests."""

from __future__ import annotations

from pathlib import Path

from tgc.bundle.lock import Lock, read_lock
from tgc.bundle.numbering import Numbering, number_verses
from tgc.diagnostics.model import Diagnostic
from tgc.pipeline import check

HEADER = '@campaign "Test Campaign"\n  ruleset: tainted-grail\n  start: 101\n\n'
LOCATION = '@location 101 "Farm"\n  explore -> 101.1\n\n'


def write_campaign(root: Path, verses: str, header: str = HEADER + LOCATION) -> Path:
    """A one-file campaign folder whose verses are ``verses`` (a complete ``.tgj`` body)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "campaign.tgj").write_text(header + verses, encoding="utf-8")
    return root


def chain(section: str, names: list[str]) -> str:
    """Verse ``SECTION.1`` offering one choice per named verse, each ending the exploration,
    so every verse is reachable and none is a dead end."""
    lines = [f"== {section}.1\n"]
    lines += [f"* Go to {name} -> {section}.{name}\n" for name in names]
    lines.append("* Leave -> end\n\n")
    for name in names:
        lines.append(f"== {section}.{name}\nThe {name}.\n-> end\n\n")
    return "".join(lines)


def number(root: Path, lock: Lock | None = None,
           shuffle: int | None = None) -> tuple[Numbering, list[Diagnostic]]:
    """Check a campaign folder and number its verses against ``lock`` (default: its own)."""
    result = check(root)
    assert result.campaign is not None
    if lock is None:
        lock, _, diags = read_lock(root / "tgc.lock", "tgc.lock")
        assert diags == []
    return number_verses(result.campaign, lock, shuffle)


REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "journal_src"
CAMPAIGNS = REPO / "tests" / "cases" / "campaigns"


def compile_dir(root: Path) -> str:
    """The canonical bundle text of a campaign folder, numbered by its own tgc.lock (read,
    never written). Errors are allowed as long as every reference resolves: the goldens
    show the bundle's shape, the checks have their own tests."""
    from tgc.bundle.compile import compile_bundle
    from tgc.bundle.io import dump_bundle

    numbering, diags = number(root)
    assert [d for d in diags if d.severity.value == "error"] == []
    result = check(root)
    assert result.campaign is not None
    return dump_bundle(compile_bundle(result.campaign, numbering, root))
