"""Render stage: a Bundle in, print-ready HTML out (the Exploration Journal, the Book of
Secrets, the save sheet, the location cards, an index and one style sheet).

``render_site(bundle)`` returns every file as text; ``write_site(site, folder)`` writes
them atomically. Only the bundle is read, so a bundle file alone renders the book.
"""

from __future__ import annotations

from tgc.render.site import FILES, RenderError, render_site, write_site

__all__ = ["FILES", "RenderError", "render_site", "write_site"]
