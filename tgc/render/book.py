"""Render stage, the books for the press: a Bundle and a printer profile in, the HTML
that WeasyPrint sets as the Exploration Journal and the Book of Secrets out (one page
size with bleed and crop marks, page numbers, running heads with each page's verse
range, every section on a new page, a verse's number kept with its first lines and
short verses never split).

The books are set in one column: CSS multi-column layout made WeasyPrint about nine
times slower on the sample, and an A5 page reads well in one.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from jinja2 import Environment, PackageLoader, StrictUndefined

from tgc.lexicon import tr
from tgc.render import view
from tgc.render.colour import colour_rule
from tgc.render.inline import plain_text, to_html
from tgc.render.places import JOURNAL, SECRETS, Places
from tgc.render.profile import PrintProfile
from tgc.render.speech import words

BookKind = Literal["journal", "secrets"]
BOOKS: dict[BookKind, tuple[str, str]] = {"journal": (JOURNAL, "[[Exploration Journal]]"),
                                          "secrets": (SECRETS, "[[Book of Secrets]]")}
SHORT = 700  # characters: a verse up to this long fits a page and is never split


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("tgc.render", "templates"), autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True, trim_blocks=True,
                      lstrip_blocks=True)
    env.filters["inline"] = to_html
    env.globals["_"] = words
    env.globals["colour_rule"] = colour_rule
    return env


def render_book(places: Places, kind: BookKind, profile: PrintProfile) -> str:
    """The HTML of one book, its style sheet inlined (WeasyPrint is given nothing else)."""
    page, title = BOOKS[kind][0], tr(BOOKS[kind][1])
    sections = view.journal(places) if kind == "journal" else view.secrets(places)
    short = frozenset(verse.anchor for section in sections for verse in section.verses
                      if verse_length(verse) <= SHORT)
    env = environment()
    style = env.get_template("book.css").render(profile=profile, mm=mm)
    info = places.bundle.language
    lang = info.code.replace("_", "-") if info is not None else "en"
    return env.get_template("book.html").render(campaign=places.bundle.campaign, title=title,
                                                sections=sections, short=short, style=style,
                                                secrets=kind == "secrets", page=page, lang=lang)


def mm(value: float) -> str:
    """A length for the style sheet: ``3mm``, ``148mm``, ``215.9mm``."""
    return f"{value:g}mm"


def verse_length(verse: view.VerseView) -> int:
    """How much a verse prints, in characters (its lines, outcomes, choices and blocks)."""
    bodies = [verse.body, *(block.body for block in verse.blocks)]
    return sum(_body_length(body) for body in bodies)


def _body_length(body: view.Body) -> int:
    total = sum(len(plain_text(choice)) for choice in body.choices)
    for line in body.lines:
        total += len(plain_text(line.text))
        for arm in line.arms:
            total += len(plain_text(arm.leads)) + (_body_length(arm.body) if arm.body else 0)
    return total
