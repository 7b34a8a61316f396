"""Catalogue entries of the family TGC4xx: the map (keys, legacy cards, locations in play)."""

from __future__ import annotations

from tgc.diagnostics.rule import CAMPAIGN, E, Rule, W

_MAP = CAMPAIGN + '@location 101 "Farmhold"\n  explore -> 101.1\n'
_VERSES = "== 101.1\n-> end\n== 102.1\n-> end\n"

RULES: tuple[Rule, ...] = (
    Rule(
        "TGC401", "key-to-unknown-location", E,
        "the `{direction}` key leads to location {number}, which no card declares",
        "A location key names a location that is not declared.",
        "`keys: up 546, left 547` names the neighbouring cards. A key to a number that no "
        "`@location` declares, and that no declared card replaces (`legacy:`), leads "
        "nowhere. Declare the location or fix the number.\n\nSoundness: exact. A number that "
        "a line lost to a syntax error names (a broken `@location` header) is not reported.",
        (_MAP + "  keys: right 109\n" + _VERSES.split("== 102")[0],),
        _MAP + "  keys: right 102\n" + '@location 102 "Mill"\n  keys: left 101\n'
        "  explore -> 102.1\n" + _VERSES,
    ),
    Rule(
        "TGC402", "key-not-mirrored", W,
        "the `{direction}` key of location {here} is not mirrored: {detail}",
        "A neighbour has no key back in the opposite direction.",
        "Keys come in pairs: `right 102` on location 101 is mirrored by `left 101` on "
        "location 102 (`up`/`down` and `left`/`right` mirror each other). Replacement cards "
        "are followed: the key back may name 101's legacy number or a card that replaces "
        "101, and may sit on a card that replaces 102. A warning: a one-way path is "
        "possible on a real map, but it is usually a typo on one of the two cards. "
        "Neighbours that lost a property line to a syntax error are not checked."
        "\n\nSoundness: lenient, never a false report for keys mirrored as docs/language.md "
        "describes. Any card of the neighbour's legacy family may answer for any card of "
        "this one's, and a `replace location A with B` effect joins A and B's families, so "
        "it may miss a key mirrored only by a card that is never in play at the same time.",
        (_MAP + "  keys: right 102\n" + '@location 102 "Mill"\n  keys: up 101\n'
         "  explore -> 102.1\n" + _VERSES,),
        _MAP + "  keys: right 102\n" + '@location 102 "Mill"\n  legacy: 100\n'
        "  keys: left 101\n  explore -> 102.1\n" + _VERSES,
    ),
    Rule(
        "TGC403", "replacement-loop", E, "replacement cards loop: {chain}",
        "The `legacy:` numbers of replacement cards form a loop.",
        "A replacement card names, with `legacy: N`, the card it replaces; following those "
        "numbers must end at a card that replaces nothing. A loop (A replaces B, which "
        "replaces A) has no original card, so no replacement can ever happen. Reported "
        "once per loop, at the card with the lowest number.\n\nSoundness: exact.",
        (_MAP + "  legacy: 102\n" + '@location 102 "Mill"\n  legacy: 101\n  explore -> 102.1\n'
         + _VERSES,),
        _MAP + '@location 102 "Mill"\n  legacy: 101\n  explore -> 102.1\n'
        "== 101.1\n~ replace location 101 with 102\n-> end\n== 102.1\n-> end\n",
    ),
    Rule(
        "TGC404", "location-never-in-play", W, "location {number} never comes into play",
        "No key, no effect and not the start brings a location into play.",
        "A location card enters the map when it is the campaign's start, when another "
        "card's key leads to it, or when an effect reveals it (`~ reveal location N`), moves "
        "the party to it (`~ move to N`) or places it as a replacement (`~ replace "
        "location X with N`). A card none of these reach is never explored. A warning, "
        "because a later chapter may bring it in; the check looks at what is written, not "
        "at whether the verse holding the effect is reachable (TGC201 covers that)."
        "\n\nSoundness: a sound over-approximation of what brings a card into play: a key or "
        "effect written anywhere counts, even in a verse never read or on a card never in "
        "play itself, so it never reports a card some line brings in; it may miss cards "
        "that only such lines bring in. Silent when the start location is unknown.",
        (_MAP + '@location 102 "Mill"\n  explore -> 102.1\n' + _VERSES,),
        _MAP + '@location 102 "Mill"\n  explore -> 102.1\n'
        "== 101.1\n~ reveal location 102\n-> end\n== 102.1\n-> end\n",
    ),
)
