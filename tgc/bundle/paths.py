"""Bundle stage, output paths: a campaign title and an output folder in, the file names
a build writes out (``OUT/<slug>.bundle.json``, beside the HTML folder ``OUT/<slug>/``)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

BUNDLE_SUFFIX = ".bundle.json"
# The longest slug: with a language code and ".bundle.json" a name stays far below the
# 255 bytes file systems allow, whatever the length of the title.
MAX_SLUG = 80


def slug(title: str) -> str:
    """A file name from the campaign title: ASCII letters, digits and dashes only, so
    nothing is ever written outside the output folder.

    >>> slug("The Lantern-Stones of Caer Mórwen!")
    'the-lantern-stones-of-caer-morwen'
    >>> slug("../..")
    'campaign'
    >>> len(slug("A" * 250)), slug("word " * 30)[-10:]
    (80, '-word-word')
    """
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")
    if len(name) > MAX_SLUG:  # cut at a word where there is one
        cut = name[:MAX_SLUG + 1]
        name = cut[:cut.rfind("-")] if "-" in cut[MAX_SLUG // 2:] else name[:MAX_SLUG]
    return name.strip("-") or "campaign"


def bundle_path(out_dir: Path, title: str, code: str | None = None) -> Path:
    """Where the bundle of the campaign called ``title`` goes (a translated edition's:
    ``OUT/<slug>.LANG.bundle.json``); a ValueError (meant for the user) when ``out_dir`` is
    not a folder.

    >>> bundle_path(Path("build"), "The Lantern-Stones").as_posix()
    'build/the-lantern-stones.bundle.json'
    >>> bundle_path(Path("build"), "The Lantern-Stones", "pt_BR").as_posix()
    'build/the-lantern-stones.pt_BR.bundle.json'
    """
    if out_dir.exists() and not out_dir.is_dir():
        raise ValueError(f"{out_dir}: not a folder")
    target = out_dir / (slug(title) + ("" if code is None else f".{code}") + BUNDLE_SUFFIX)
    if target.resolve().parent != out_dir.resolve():
        raise ValueError(f"{target}: the bundle would be written outside {out_dir}")
    return target


def html_dir(out_dir: Path, title: str, code: str | None = None) -> Path:
    """The folder of a campaign's HTML pages: ``OUT/<slug>/``, beside ``OUT/<slug>.bundle.json``
    (a translated edition's: ``OUT/<slug>.LANG/``).

    >>> html_dir(Path("build"), "../../etc").as_posix()
    'build/etc'
    >>> html_dir(Path("build"), "Caer", "pt_BR").as_posix()
    'build/caer.pt_BR'
    """
    return out_dir / (slug(title) + ("" if code is None else f".{code}"))
