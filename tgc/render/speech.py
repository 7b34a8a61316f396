"""Render stage, the edition's language: a bundle in, the lexicon its pages are worded
in out (tgc's catalogue for the bundle's language with the campaign's glossary on top),
and the templates' ``_``, which words one of tgc's phrases for HTML."""

from __future__ import annotations

from markupsafe import Markup, escape

from tgc.bundle import schema as s
from tgc.lexicon import Lexicon, lexicon, tr


def edition(bundle: s.Bundle) -> Lexicon:
    """The words of the bundle's edition (a source bundle: the source words)."""
    info = bundle.language
    return lexicon(info.code, info.terms) if info is not None else lexicon(None)


def words(message: str, **values: object) -> Markup:
    """The templates' ``_``: one of tgc's phrases in the edition's language, escaped (a
    glossary word is a translator's text). An apostrophe stays as it is: every attribute
    of the templates is double-quoted."""
    return Markup(str(escape(tr(message, **values))).replace("&#39;", "'"))
