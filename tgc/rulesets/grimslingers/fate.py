"""Grimslingers Fate cards: reading a card code (``KS``, ``10H``, ``W1``) and what each
face means as an area tile (GS-13.2). The deck is 52 suited cards and 4 Wilds (GS-A26)."""

from __future__ import annotations

import re

from tgc.rulesets.grimslingers.data import Face, FateCard, Suit, TileKind

SUITS: tuple[Suit, ...] = ("D", "H", "S", "C")
WILDS = 4
_SUIT: dict[str, Suit] = {s: s for s in SUITS}
_FACE: dict[str, Face] = {"A": "A", "K": "K", "Q": "Q", "J": "J"}
_CODE = re.compile(r"^(?:(A|K|Q|J|10|[2-9])([DHSC])|W([1-9]))$")


def parse_card(code: str) -> FateCard | None:
    """The Fate card a code names, or None if the Fate deck has no such card."""
    m = _CODE.match(code)
    if m is None:
        return None
    if m.group(3):
        rank = int(m.group(3))
        return FateCard(code=code, face="W", suit=None, rank=rank) if rank <= WILDS else None
    face_text, suit = m.group(1), _SUIT[m.group(2)]
    face = _FACE.get(face_text)
    if face is not None:
        return FateCard(code=code, face=face, suit=suit, rank=0)
    return FateCard(code=code, face="N", suit=suit, rank=int(face_text))


def tile_kind(card: FateCard) -> TileKind:
    """What a card means when laid as a tile; a Queen is a chest or a key by its entry."""
    match card.face:
        case "A":
            return "attack"
        case "K":
            return "landmark"
        case "Q":
            return "chest"
        case "J":
            return "special"
        case "W":
            return "portal"
        case "N":
            return "event" if card.suit in ("D", "H") else "nothing"


def fate_deck() -> tuple[FateCard, ...]:
    """Every card of the Fate deck, in a fixed order (shuffles come from the rng)."""
    codes = [f"{r}{s}" for s in SUITS for r in ("A", "K", "Q", "J", *map(str, range(2, 11)))]
    codes += [f"W{n}" for n in range(1, WILDS + 1)]
    cards = [parse_card(c) for c in codes]
    return tuple(c for c in cards if c is not None)
