"""Campaign discovery: a folder in, the folders below it whose ``.tgj`` files hold an
``@campaign`` header out. Lets a command run without an argument pick the one campaign
of a folder, and refuse (rather than check everything below) when there are several."""

from __future__ import annotations

import re
from pathlib import Path

from tgc.project.workspace import discover

_HEADER = re.compile(rb"^@campaign(?![\w])", re.M)


def campaign_folders(root: Path) -> list[Path]:
    """The folders holding an ``@campaign`` header, in path order (each once). Files that
    cannot be read are left out: checking the chosen folder reports them."""
    found: dict[Path, None] = {}
    for path in discover(root):
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if _HEADER.search(data):
            found.setdefault(path.parent, None)
    return list(found)
