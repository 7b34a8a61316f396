"""Where the grammar is: ``tgc.grammar`` in an installed wheel (grammar/ is mapped into
the package), or grammar/ beside the package when tgc runs from a source checkout
(`python -m tgc` or `python -m pytest` from the project root import the source tree,
which has no ``tgc/grammar`` folder)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

GRAMMAR_NAME = "journal.lark"


def grammar_bytes() -> bytes:
    """The grammar's text as bytes, from the installed package or the source tree."""
    try:
        return files("tgc.grammar").joinpath(GRAMMAR_NAME).read_bytes()
    except ModuleNotFoundError:
        source = Path(__file__).resolve().parent.parent.parent / "grammar" / GRAMMAR_NAME
        return source.read_bytes()


def grammar_text() -> str:
    return grammar_bytes().decode("utf-8")
