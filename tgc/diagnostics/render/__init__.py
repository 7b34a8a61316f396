"""Render stage: diagnostics and source files in, text in one output format out.

``FORMATS`` maps a format name to its ``render`` function and imports each format's
module only when that format is looked up, so ``tgc check`` pays only for the format
it prints. Every render function has the ``Renderer`` signature::

    render(diagnostics, sources, *, color=False) -> str

Example:
    >>> sorted(FORMATS)
    ['concise', 'github', 'human', 'json', 'sarif']
    >>> FORMATS["concise"]([], {})
    ''
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from tgc.diagnostics.render.base import Renderer

__all__ = ["FORMATS", "Renderer"]

# format name -> module under tgc.diagnostics.render exposing ``render``
_MODULES = {
    "human": "human",
    "concise": "concise",
    "json": "json",
    "sarif": "sarif",
    "github": "github",
}


class _Formats(Mapping[str, Renderer]):
    """A read-only mapping that imports a format's module on first lookup."""

    def __getitem__(self, name: str) -> Renderer:
        module = importlib.import_module(f"{__name__}.{_MODULES[name]}")
        renderer: Renderer = module.render
        return renderer

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)

    def __contains__(self, name: object) -> bool:
        return name in _MODULES


FORMATS: Mapping[str, Renderer] = _Formats()
