"""Render stage, the web player: a Bundle in, one self-contained ``play.html`` out. The
bundle is inlined as JSON, the player's script and styles inline beside it; the page
loads nothing (no network) and its Content-Security-Policy allows only that script
and that style, by their hashes. The player sets author text as text, never as markup.

Example:
    >>> inline_json({"text": "</script><b>&"})
    '{"text":"\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e\\\\u0026"}'
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import cache
from importlib.resources import files

from jinja2 import Environment, PackageLoader, StrictUndefined

from tgc.bundle import schema as s
from tgc.bundle.io import dump_bundle

PLAYER = "play.html"
SCRIPTS = ("player.js", "player-ui.js")
STYLE = "player.css"


@cache
def environment() -> Environment:
    return Environment(loader=PackageLoader("tgc.render", "templates"), autoescape=True,
                       undefined=StrictUndefined, keep_trailing_newline=True)


def render_player(bundle: s.Bundle) -> str:
    """``play.html``: the player with ``bundle`` inside it."""
    script = "\n".join(_asset(name) for name in SCRIPTS)
    style = _asset(STYLE)
    csp = (f"default-src 'none'; script-src '{_hash(script)}'; style-src '{_hash(style)}'; "
           "img-src data:; base-uri 'none'; form-action 'none'")
    data = inline_json(json.loads(dump_bundle(bundle)))  # the canonical bundle: same bytes however made
    return environment().get_template(PLAYER).render(campaign=bundle.campaign, csp=csp, style=style,
                                                      script=script, data=data)


def inline_json(value: object) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` (so no
    ``</script>`` or comment can end it early) and no line separators JavaScript rejects."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                          ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return text


def _asset(name: str) -> str:
    return (files("tgc.render") / "templates" / name).read_text(encoding="utf-8")


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")
