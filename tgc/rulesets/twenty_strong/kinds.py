"""20 Strong's name and declaration kinds, in a module of their own: the loader and the
checks read them without importing the spec (which the registry imports, and which
registers the catalogue codes)."""

from __future__ import annotations

NAME = "twenty-strong"
GAME = NAME  # the phrase a verse starts a game with: ~ twenty-strong hero "..." boss "..." rank N
GAME_KEYS = {"hero": "name", "boss": "name", "rank": "number"}
KINDS = ("dice", "hero", "card", "enemy", "boss")
