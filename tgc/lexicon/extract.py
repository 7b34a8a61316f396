"""tgc's own words, the template: tgc's sources in, ``tgc.pot`` out (every phrase the
renderer, its templates, the runtime and the play session word through ``tr``, ``trn``,
``say``, ``say_n`` and the templates' ``_``, and each term of ``TERMS`` under the
context ``term``). tests/test_lexicon.py compares it with the committed file, so a new
phrase cannot ship without its entry; ``pytest --update-goldens`` rewrites it.

Entries carry no source lines (``#:``), so moving code never changes the file, and are
sorted by their text, so the file changes only when tgc's words do.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import write_po

from tgc.lexicon import TERM, TERM_CONTEXT, TERMS

KEYWORDS = {"tr": None, "trn": (1, 2), "say": None, "say_n": (1, 2), "_": None}
PYTHON = ("render", "runtime", "playtest", "lexicon")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
HEADER = """\
# tgc's own words: the rules wording of its pages and of `tgc play`.
# Made by tgc/lexicon/extract.py (pytest --update-goldens).
# Translate into LANG.po beside it. Keep every {name} field: tgc
# fills it. [[Word]] is a term: tgc prints the edition's word there
# (docs/localization.md)."""


def messages(root: Path) -> Iterator[str | tuple[str, ...]]:
    """Every phrase of tgc's sources under ``root`` (the ``tgc`` package folder); the
    templates are read by Jinja's own extractor (registered with Babel by jinja2)."""
    for folder in PYTHON:
        for path in sorted((root / folder).rglob("*.py")):
            with path.open("rb") as handle:
                for _line, message, _comments, _context in extract("python", handle, KEYWORDS):
                    yield message
    for path in sorted((root / "render" / "templates").glob("*.html")):
        with path.open("rb") as handle:
            for _line, message, _comments, _context in extract("jinja2", handle, {"_": None}):
                yield message


def template(root: Path) -> str:
    """The text of ``tgc.pot``."""
    catalog = Catalog(project="tgc", version="", header_comment=HEADER, fuzzy=False,
                      creation_date=_EPOCH, revision_date=_EPOCH, msgid_bugs_address="")
    for message in messages(root):
        text = message if isinstance(message, str) else message[0]
        if TERM.fullmatch(text):
            continue  # a term alone is the term's entry
        catalog.add(message)
    for word in TERMS:
        catalog.add(word, context=TERM_CONTEXT)
    out = io.BytesIO()
    write_po(out, catalog, width=76, no_location=True, sort_output=True, omit_header=False)
    text = out.getvalue().decode("utf-8")
    # Babel's version is not tgc's words: the same sources give the same file anywhere.
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith('"Generated-By:'))
