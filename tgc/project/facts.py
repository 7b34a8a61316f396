"""The facts a `tgc check` process leaves for the next one: which parse of each file it
checked and what the model and the checks said about them. The next check whose files
all have the same shapes (tgc/syntax/shape.py: only words of prose differ, as after
typing in a verse) takes those diagnostics instead of building the model and running
every check again; the report is the same as a full run's.

The premise is the one `tgc lsp` relies on between keystrokes (the model and the checks
never read a paragraph's words), here carried from one process to the next. The facts
are kept in the parse cache's private folder, signed with its key and trusted on the
same terms (tgc/project/parsecache.py), and hold the cache's salt, so a change to tgc
itself or to a ruleset's words makes them stale."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tgc.diagnostics.model import Diagnostic

if TYPE_CHECKING:
    from tgc.diagnostics.suppress import Suppression

# (hash of tgc.lock's text, what numbering the verses against it said)
Numbered = tuple[str, tuple[Diagnostic, ...]]


@dataclass(frozen=True)
class FileFacts:
    """One file as the last check read it: the parse-cache entry of its text, what the
    parser said of it and its suppression comments as the report applies them. A next
    check that finds the same entry takes these and needs neither the file's tree nor its
    parse (unpickling the trees of unchanged files was most of a warm check)."""

    name: str  # display name
    entry: str  # the parse cache's entry name of the text then checked
    diagnostics: tuple[Diagnostic, ...]  # the syntax diagnostics of that text
    suppressions: tuple[Suppression, ...]


@dataclass(frozen=True)
class Facts:
    """One campaign's last full check: every file's facts, in load order."""

    salt: str
    files: tuple[FileFacts, ...]
    checked: tuple[Diagnostic, ...]  # the model's and the checks' diagnostics (Result.checked)
    numbered: Numbered | None  # None when no tgc.lock was read


def lock_key(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()
