"""Grimslingers' name and declaration kinds, in a module of their own: the spec, the
loader and the typed rule data read them (the spec registers the catalogue codes, which
the bundle's schema must not import)."""

from __future__ import annotations

NAME = "grimslingers"
DECLARATIONS = ("chapter", "path", "part", "area", "bounty", "creature", "skill", "spell",
                "gear", "elements", "disposition", "modifier", "grimslinger", "achievement",
                "numbers", "landmark", "upgrade")
