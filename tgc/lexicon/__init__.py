"""tgc's own words: the rules wording the printed pages and ``tgc play`` put around a
campaign's texts ("go to verse 12", "mark Pale Tide part 3", "Exploration ends"), in
the edition's language.

Every phrase is a whole template (``"resolve the Encounter {name}"``), never pieces glued
together, so a translator can order the words as the language needs; a phrase that
counts has plural forms (``trn``), chosen by the language's plural rule (gettext's,
through Babel). A word in double brackets (``[[Secret Verse]]``) is a *term*: printed
as the edition's word for it, which a campaign's glossary may set (the publisher's
official word for Food or Secret Verse), else tgc's catalogue, else the source word.

tgc's catalogues ship beside this module: ``tgc.pot`` (the template, extracted from the
code: tests/test_lexicon.py keeps it current) and one ``LANG.po`` per language tgc
speaks. The current lexicon is a context variable, set by whoever renders or plays an
edition (``speaking``); the source language needs nothing, and its words are the
templates themselves, so English output is what it always was.

    >>> tr("go to {place}", place="verse 4")
    'go to verse 4'
    >>> with speaking(lexicon("pt_BR")):
    ...     tr("go to {place}", place="verso 4"), trn("{n} verse", "{n} verses", 1), term("Party")
    ('vá para o verso 4', '1 verso', 'Grupo')
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files

# The words of the rules that a campaign's glossary may set, in the order a glossary
# lists them. A ruleset's own words (its resources and icons) are terms too: they come
# from its vocabulary (``glossary_words``).
TERMS: tuple[str, ...] = (
    "Location", "Secret Verse", "Secret", "Item", "Status", "Party", "Encounter", "Task",
    "Chapter", "Day", "Time Token", "Exploration Journal", "Book of Secrets", "Save Sheet",
    "Location Cards", "Heads", "Tails",
)
FIELD = re.compile(r"\{(\w+)\}")
TERM = re.compile(r"\[\[([^\[\]]+)\]\]")
TERM_CONTEXT = "term"
_PLACES = ("tgc.lexicon",)


class UnknownLanguage(Exception):
    """tgc has no catalogue for this language (its own words print in the source's)."""


@dataclass(frozen=True)
class Lexicon:
    """One language's words: tgc's catalogue for it and a campaign's glossary on top."""

    code: str | None = None  # None: the source language
    translations: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)
    glossary: Mapping[str, str] = field(default_factory=dict)

    def phrase(self, message: str) -> str:
        """The template in this language, its terms printed; fields stay ``{name}``."""
        return self._terms(self.translations.gettext(message))

    def plural(self, singular: str, plural: str, n: int) -> str:
        return self._terms(self.translations.ngettext(singular, plural, n))

    def term(self, word: str) -> str:
        """The edition's word: the glossary's, else tgc's catalogue's, else ``word``."""
        given = self.glossary.get(word)
        if given:
            return given
        return self.translations.pgettext(TERM_CONTEXT, word)

    def _terms(self, text: str) -> str:
        return TERM.sub(lambda m: self.term(m.group(1)), text) if "[[" in text else text

    def with_glossary(self, glossary: Mapping[str, str]) -> Lexicon:
        return Lexicon(self.code, self.translations, dict(glossary))


SOURCE = Lexicon()
_current: ContextVar[Lexicon] = ContextVar("tgc_lexicon", default=SOURCE)


def current() -> Lexicon:
    return _current.get()


@contextmanager
def speaking(lex: Lexicon) -> Iterator[Lexicon]:
    """Render or play with ``lex`` until the block ends (each thread has its own)."""
    token = _current.set(lex)
    try:
        yield lex
    finally:
        _current.reset(token)


def languages() -> list[str]:
    """The languages tgc has its own catalogue for."""
    folder = files("tgc.lexicon")
    return sorted(p.name[:-3] for p in folder.iterdir() if p.name.endswith(".po"))


def lexicon(code: str | None, glossary: Mapping[str, str] | None = None) -> Lexicon:
    """The words of ``code`` (None: the source's); a language tgc has no catalogue for
    gets the source's words with the glossary on top."""
    base = SOURCE if code is None else _catalogue(code.replace("-", "_"))
    return base.with_glossary(glossary) if glossary else base


@cache
def _catalogue(code: str) -> Lexicon:
    """tgc's catalogue for ``code`` (or its language alone: ``pt`` for ``pt_PT``), read
    through Babel and compiled in memory: no build step, no .mo file in the sources."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    folder = files("tgc.lexicon")
    for name in (code, code.partition("_")[0]):
        po = folder / f"{name}.po"
        if po.is_file():
            catalog = read_po(io.BytesIO(po.read_bytes()), locale=name)
            compiled = io.BytesIO()
            write_mo(compiled, catalog)
            compiled.seek(0)
            return Lexicon(code, gettext.GNUTranslations(compiled))
    return Lexicon(code)


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each ``{name}`` replaced; a field with no value stays as written
    (a catalogue cannot make tgc fail)."""
    if "{" not in template:
        return template
    return FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def tr(message: str, **values: object) -> str:
    """A phrase of tgc's in the current language, its fields filled."""
    return fill(current().phrase(message), values)


def trn(singular: str, plural: str, n: int, **values: object) -> str:
    """A phrase that counts ``n`` (also its ``{n}`` field), in the current language."""
    return fill(current().plural(singular, plural, n), {"n": n, **values})


def term(word: str) -> str:
    """A term in the current language (the glossary's word when the campaign sets one)."""
    return current().term(word)
