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
from xml.etree import ElementTree

from jinja2 import Environment, PackageLoader, StrictUndefined

from tgc import rulesets
from tgc.bundle import schema as s
from tgc.bundle.io import dump_bundle
from tgc.conditions.form import DIAL_MAX
from tgc.lexicon import lexicon, speaking, term, tr
from tgc.render.inline import label
from tgc.render.speech import edition, words
from tgc.rulesets.spec import Vocabulary, vocabulary_of

PLAYER = "play.html"
SCRIPTS = ("rng.js", "player.js", "player-edit.js", "player-days.js", "player-ui.js")
STYLE = "player.css"
OWN_SCRIPT, OWN_STYLE = "own.js", "own.css"  # the part of the page a ruleset's own player fills


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("tgc.render", "templates"), autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True)
    env.globals["_"] = words
    return env


def render_player(bundle: s.Bundle) -> str:
    """``play.html``: the player with ``bundle`` inside it; for a ruleset that plays its
    own way (``RulesetSpec.page``), the part of the page its player fills (own.js) and the
    ruleset's page files after the core's; the ruleset's own session commands
    (``RulesetSpec.story_page``) after the core player's scripts."""
    spec = rulesets.get(bundle.campaign.ruleset)
    own = spec.page
    scripts = [*SCRIPTS, OWN_SCRIPT] if own else list(SCRIPTS)
    styles = [STYLE, OWN_STYLE] if own else [STYLE]
    script = "\n".join([*map(_asset, scripts), *map(_own, spec.story_page),
                        *(_own(path) for path in own if path.endswith(".js"))])
    style = "\n".join([*map(_asset, styles), *(_own(path) for path in own if path.endswith(".css"))])
    csp = (f"default-src 'none'; script-src '{_hash(script)}'; style-src '{_hash(style)}'; "
           "img-src data:; base-uri 'none'; form-action 'none'")
    dumped = json.loads(dump_bundle(bundle))  # the canonical bundle: same bytes however made
    data, rules = inline_json(dumped), inline_json(player_rules(bundle, dumped))
    lang = bundle.language.code.replace("_", "-") if bundle.language is not None else "en"
    with speaking(edition(bundle)):
        return environment().get_template(PLAYER).render(campaign=bundle.campaign, csp=csp, style=style,
                                                          script=script, data=data, rules=rules, lang=lang)


def player_rules(bundle: s.Bundle, dumped: dict[str, object] | None = None) -> dict[str, object]:
    """What the player knows of the bundle's ruleset, as data beside the bundle: the
    player's script names no ruleset's words (its attributes, tracks, decks and declared
    characters all come from here), so one script plays every ruleset's campaigns."""
    words = vocabulary_of(bundle)
    members = bundle.rules.members() if bundle.rules is not None else ()
    return {
        "attributes": list(words.attributes), "resources": list(words.resources),
        "tracks": list(words.tracks), "worst_high": list(words.worst_high), "facts": list(words.facts),
        "defaults": dict(sorted(words.defaults.items())), "limits": dict(sorted(words.limits.items())),
        "attribute_default": words.attribute_default, "caps": dict(sorted(words.caps.items())),
        "start_limited": list(words.start_limited), "dial_max": DIAL_MAX, "item_deck": words.item_deck,
        "counters": list(words.counters), "item_keywords": list(words.item_keywords),
        "example_numbers": list(words.example_numbers),
        "opposed": [list(pair) for pair in words.opposed], "bound_secret_keyword": words.bound_secret_keyword,
        "members": [{"name": m.name, **{part: dict(sorted(getattr(m, part).items()))  # sorted: same bytes
                                        for part in ("tracks", "limits", "attributes", "resources")}}
                    for m in members],
        "encounters": _encounter_outcomes(bundle, words, dumped or json.loads(dump_bundle(bundle))),
        "decks": {deck: list(outcomes) for deck, outcomes in sorted(words.decks.items())},
        "outcomes": list(words.outcomes), "piles": list(words.piles),
        "icons": _icons(bundle),
        "words": player_words(bundle),
    }


def player_words(bundle: s.Bundle) -> dict[str, str]:
    """The page's own words in the edition's language: each English template (the key
    player-ui.js's ``say`` looks up) to its translation, ``{fields}`` kept for the page
    to fill. The phrases go through ``tr``, so tgc.pot holds them and each catalogue
    translates them (tests/test_lexicon.py)."""
    with speaking(lexicon(None)):
        english = _player_phrases()
    with speaking(edition(bundle)):
        return dict(zip(english, _player_phrases(), strict=True))


def _player_phrases() -> list[str]:
    return [
        tr("[[Location]] {number}"), tr("[[Secret Verse]]"), tr("Rolled {dice} = {total}"), tr("a sum"),
        tr("The coin shows {side}"), tr("[[Heads]]"), tr("[[Tails]]"), tr("Encounter: {outcome}"),
        tr("Status {status}: its trigger fires"), tr("Exploration ends."), tr("The chapter ends."),
        tr("The game is over."), tr("Dead end at {where}: {why}"), tr("The story loops at {where}"),
        tr("Locked: {choice} ({why})"), tr("Yes"), tr("No"), tr("Roll {dice}d{sides}: I rolled"), tr("Go on"),
        tr("Encounter {name}: how did it end?"), tr("Day"), tr("{day}, chapter {chapter}"),
        tr("carries {items}"), tr("[[Status]] {name}"), tr("Secrets"), tr("Items"), tr("Actions taken today"),
        tr("Dial {name}"), tr("Task"), tr("Party"), tr("Party: {problem}"), tr("{cost} per player"),
        tr("once per day"), tr("[[Location]] {number}: {action}"), tr("Day {day} begins."),
        tr("Chapter {chapter} begins."),
    ]


def _icons(bundle: s.Bundle) -> dict[str, dict[str, object]]:
    """Each icon the player may meet in prose: its name in the edition's language and its
    drawing as data (``[tag, attributes, children]``), which the player builds with
    ``createElementNS``: no markup is ever parsed in the page."""
    with speaking(edition(bundle)):
        return {word: {"label": term(label(word)), "art": _tree(ElementTree.fromstring(art))}
                for word, art in sorted(rulesets.icon_art().items())}


def _tree(node: ElementTree.Element) -> list[object]:
    return [node.tag.rpartition("}")[2], dict(sorted(node.attrib.items())), [_tree(child) for child in node]]


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


def _own(path: str) -> str:
    """A ruleset's page file, ``PACKAGE:PATH``, read from the package it ships in."""
    package, _, name = path.partition(":")
    return (files(package) / name).read_text(encoding="utf-8")


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def _encounter_outcomes(bundle: s.Bundle, words: Vocabulary,
                        dumped: dict[str, object]) -> dict[str, dict[str, object]]:
    """The outcomes of every encounter the journal names, as ``Book.outcomes`` gives them:
    fixed ones (typed rule data, or an avoidable record), or the deck its record names
    (used when the journal's line names no deck)."""
    records = {record.name: record for record in bundle.encounters}
    out: dict[str, dict[str, object]] = {}
    for name in sorted(_encounter_names(dumped["verses"])):
        typed = bundle.rules.outcomes(name, words) if bundle.rules is not None else None
        record = records.get(name)
        if typed is not None:
            out[name] = {"outcomes": list(typed)}
        elif record is not None and words.avoidable_encounter(record.data):
            out[name] = {"outcomes": [*words.outcomes, "avoid"]}
        elif record is not None and isinstance(record.data.get("deck"), str):
            out[name] = {"deck": str(record.data["deck"])}
    return out


def _encounter_names(value: object) -> set[str]:
    """The names on the encounter lines anywhere in a dumped part of the bundle."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("kind") == "encounter" and isinstance(item.get("name"), str):
                found.add(item["name"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
