"""The icons as vector glyphs (issue 16): every icon a built-in ruleset declares has a
drawing of our own (``tgc/rulesets/NAME/icons/WORD.svg``), a small SVG made of paths and
circles only, which the books, the cards, the save sheet, the PDFs (as images of the
drawing) and the web player (built element by element) print in place of the icon's
name; the name stays for screen readers."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.bundle_helpers import CAMPAIGNS
from tgc import rulesets
from tgc.bundle.io import load_bundle
from tgc.render.inline import icon, to_html
from tgc.render.site import render_site
from tgc.render.web import player_rules

RULESETS = Path(rulesets.__file__).parent
SVG = "{http://www.w3.org/2000/svg}"
# What a drawing may hold: shapes and their presentation, nothing that runs, links,
# loads or styles (no script, href, style or foreignObject).
ELEMENTS = {"svg", "path", "circle"}
ATTRIBUTES = {"xmlns", "viewBox", "width", "height", "fill", "stroke", "stroke-width", "stroke-linecap",
              "stroke-linejoin", "d", "cx", "cy", "r"}


def test_every_declared_icon_has_a_drawing_and_every_drawing_an_icon() -> None:
    art = rulesets.icon_art()
    for name in rulesets.names():
        words = rulesets.get(name).vocabulary.icons
        assert words <= set(art), (name, sorted(words - set(art)))
    drawn = {path.stem for path in RULESETS.glob("*/icons/*.svg")}
    assert drawn == set(art) and set(art) <= rulesets.icons()


@pytest.mark.parametrize("path", sorted(RULESETS.glob("*/icons/*.svg")), ids=lambda p: p.stem)
def test_a_drawing_is_a_small_safe_svg(path: Path) -> None:
    root = ElementTree.parse(path).getroot()
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 16 16"
    for node in root.iter():
        assert node.tag.removeprefix(SVG) in ELEMENTS, node.tag
        assert set(node.attrib) <= ATTRIBUTES, node.attrib
    assert path.stat().st_size < 600  # a book prints one per icon: they stay small


def test_the_book_prints_the_glyph_named_for_screen_readers() -> None:
    """A glyph is an image of tgc's own drawing (a ``data:`` URL: WeasyPrint reads it once
    per document, a browser shows it the same), its name its ``alt`` text."""
    html = to_html((icon("food"),))
    found = re.fullmatch(r'<img class="icon glyph icon-food" '
                         r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="Food" title="Food">', html)
    assert found is not None, html
    assert base64.b64decode(found[1]).decode("utf-8") == rulesets.icon_art()["food"]
    site = render_site(load_bundle(CAMPAIGNS / "sample.bundle.json"))
    assert '<img class="icon glyph icon-food"' in site["journal.html"]
    assert '<span class="icon icon-' not in site["journal.html"]  # every icon of the sample has its glyph
    # the save sheet names each row beside its glyph
    assert re.search(r'<img class="icon glyph icon-health" src="data:[^"]+" alt="Health" '
                     r'title="Health"> Health</th>', site["save-sheet.html"])


def test_an_icon_without_a_drawing_keeps_its_name() -> None:
    assert to_html((icon("nothing_drawn"),)) == '<span class="icon icon-nothing_drawn">Nothing_drawn</span>'


def test_the_web_player_gets_each_drawing_as_data() -> None:
    """The player builds the glyph element by element from this tree (no markup is
    parsed in the page): the same shapes as the file."""
    icons = player_rules(load_bundle(CAMPAIGNS / "sample.bundle.json"))["icons"]
    assert isinstance(icons, dict) and set(icons) == set(rulesets.icon_art())
    food = icons["food"]
    tag, attributes, children = food["art"]
    assert (tag, food["label"]) == ("svg", "Food") and attributes["viewBox"] == "0 0 16 16"
    assert [child[0] for child in children] == ["path", "path"]
