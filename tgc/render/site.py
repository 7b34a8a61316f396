"""Render stage, the files: a Bundle in, the print-ready site out (index, Exploration
Journal, Book of Secrets, save sheet, location cards and one style sheet), rendered by
jinja2 with autoescape on and StrictUndefined, so author text is always escaped and a
template mistake is an error, never a blank.

``render_site`` returns every file as text before anything is written; ``write_site``
then replaces each one atomically inside the given folder. File names are fixed here,
never taken from author text, so nothing is written outside that folder.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from tgc import rulesets
from tgc.bundle import schema as s
from tgc.bundle.io import write_atomic
from tgc.collector import paused_gc
from tgc.lexicon import speaking, tr, trn
from tgc.render import view
from tgc.render.book import mm
from tgc.render.inline import icon, text, to_html
from tgc.render.places import JOURNAL, SECRETS, Places
from tgc.render.profile import PrintProfile
from tgc.render.speech import edition, words
from tgc.render.words import CARDS
from tgc.rulesets.spec import vocabulary_of

INDEX = "index.html"
SAVE_SHEET = "save-sheet.html"
SHEET, SHEET_CSS = "sheet.html", "sheet.css"  # the fillable save sheet's PDF
STYLE = "style.css"
# (file, title) in the order the index lists them
PAGES = ((JOURNAL, "[[Exploration Journal]]"), (SECRETS, "[[Book of Secrets]]"),
         (SAVE_SHEET, "[[Save Sheet]]"), (CARDS, "[[Location Cards]]"))
FILES = (INDEX, JOURNAL, SECRETS, SAVE_SHEET, CARDS, STYLE)

MENHIR_ROWS = 3
BLANK_ROWS = 4


class RenderError(Exception):
    """The site cannot be rendered or written (a verse id twice in the bundle, an output
    path that is not a folder); meant for the user."""


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("tgc.render", "templates"), autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True, trim_blocks=True,
                      lstrip_blocks=True)
    env.filters["inline"] = to_html
    env.filters["field"] = field_name
    env.globals["_"] = words
    return env


def field_name(text: str) -> str:
    """A fillable field's name (a PDF form field's partial name): a period would start a
    new level of the form's hierarchy, so it becomes a middle dot; no control characters."""
    return "".join(" " if ch < " " else ch for ch in text.replace(".", "\u00b7"))


def render_site(bundle: s.Bundle) -> dict[str, str]:
    """Every file of the site, by file name, as text. Only the bundle is read."""
    with paused_gc(), speaking(edition(bundle)):
        # paused: a 20k-verse book holds a million pieces until it is rendered: 2x faster
        return _render_site(bundle)


def _render_site(bundle: s.Bundle) -> dict[str, str]:
    places = Places(bundle)
    check_verses(bundle, places)
    journal = view.journal(places)
    secrets = view.secrets(places)
    statuses = view.statuses(places, SAVE_SHEET)
    secret_cards, item_cards = view.secret_cards(bundle), view.item_cards(bundle)
    out = {
        JOURNAL: _page(bundle, JOURNAL, sections=journal),
        SECRETS: _page(bundle, SECRETS, sections=secrets),
        SAVE_SHEET: _page(bundle, SAVE_SHEET, **_sheet(bundle, statuses, secret_cards, item_cards),
                          fillable=False),
        CARDS: _page(bundle, CARDS, cards=view.cards(places, CARDS), secrets=secret_cards, items=item_cards),
    }
    counts = {JOURNAL: _count(journal), SECRETS: _count(secrets),
              SAVE_SHEET: trn("{n} status", "{n} statuses", len(statuses)),
              CARDS: trn("{n} location", "{n} locations", len(bundle.locations))}
    out[INDEX] = _page(bundle, INDEX, counts=counts)
    out[STYLE] = (files("tgc.render") / "templates" / STYLE).read_text(encoding="utf-8")
    return {name: out[name] for name in FILES}


def render_sheet(places: Places, profile: PrintProfile) -> str:
    """The fillable save sheet for the press: the page's content, every blank a text field
    and every box a named checkbox, on the profile's ``sheet`` paper, its style inlined."""
    bundle = places.bundle
    env = environment()
    style = env.get_template(SHEET_CSS).render(profile=profile, mm=mm)
    context = _sheet(bundle, view.statuses(places, SAVE_SHEET), view.secret_cards(bundle),
                     view.item_cards(bundle))
    lang = bundle.language.code.replace("_", "-") if bundle.language is not None else "en"
    return env.get_template(SHEET).render(campaign=bundle.campaign, title=tr(dict(PAGES)[SAVE_SHEET]),
                                          style=style, lang=lang, fillable=True, **context)


def _sheet(bundle: s.Bundle, statuses: Any, secrets: Any, items: Any) -> dict[str, Any]:
    """What the save sheet shows, for the page and the fillable PDF alike."""
    return {"statuses": statuses, "dials": view.dials(bundle),
            "slots": range(1, max(bundle.campaign.players.max, 1) + 1), "party_rows": party_rows(bundle),
            "menhir_rows": range(MENHIR_ROWS), "blank_rows": range(BLANK_ROWS), "secrets": secrets,
            "items": items}


def party_rows(bundle: s.Bundle) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The save sheet's rows for each player, by word: each row's head is the icon's
    glyph and its name (a reader fills in the row by the name; the glyph matches the book's)."""
    return tuple((word, _row(word)) for word in vocabulary_of(bundle).party_rows)


def _row(word: str) -> tuple[Any, ...]:
    glyph = icon(word)
    return (glyph, text(" " + glyph.text)) if word in rulesets.icon_art() else (glyph,)


def check_verses(bundle: s.Bundle, places: Places) -> None:
    """A bundle with one verse id twice cannot be printed (the schema cannot say it; tgc
    build never writes one)."""
    if len(places.verses) != len(bundle.verses):
        twice = next(vid for vid, n in Counter(v.id for v in bundle.verses).items() if n > 1)
        raise RenderError(f"the bundle has two verses {twice}; rebuild it with `tgc build`")


def _page(bundle: s.Bundle, name: str, **context: Any) -> str:
    title = tr(dict(PAGES)[name]) if name in dict(PAGES) else bundle.campaign.title
    template = environment().get_template(name)
    # A translated edition says its language (BCP 47: pt-BR); the sources are written in English.
    lang = bundle.language.code.replace("_", "-") if bundle.language is not None else "en"
    pages = tuple((file, tr(words)) for file, words in PAGES)
    return template.render(campaign=bundle.campaign, title=title, page=name, pages=pages, lang=lang,
                           **context)


def _count(sections: tuple[view.SectionView, ...]) -> str:
    verses = sum(len(section.verses) for section in sections)
    return tr("{sections}, {verses}", sections=trn("{n} section", "{n} sections", len(sections)),
              verses=trn("{n} verse", "{n} verses", verses))


def write_site(site: dict[str, str], out_dir: Path) -> list[Path]:
    """Write each file of ``site`` atomically into ``out_dir`` (created if needed); returns
    the paths written, in the order of FILES."""
    if out_dir.exists() and not out_dir.is_dir():
        raise RenderError(f"{out_dir}: not a folder")
    unknown = sorted(set(site) - set(FILES))
    if unknown:
        raise ValueError(f"not a file of the site: {', '.join(unknown)}")
    written = []
    for name in FILES:
        if name in site:
            path = out_dir / name
            write_atomic(path, site[name])
            written.append(path)
    return written
