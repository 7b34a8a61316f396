"""AST dumps: an ``ast.File`` in, a readable, stable, indented text out (node class
names, fields in declaration order, spans as ``L:C-L:C``). Golden AST tests compare
these; nothing in the pipeline reads them.

Example:
    >>> from tgc.source import SourceFile
    >>> from tgc.syntax.parser import parse_source
    >>> tree, _ = parse_source(SourceFile.from_text("a.tgj", "== 1.1\\n-> end\\n"))
    >>> print(dump(tree), end="")
    File a.tgj
      items:
        Verse 1:1-2:7
          id: VerseId 1:4-1:7
            section: '1'
            verse: '1'
          body:
            Divert 2:1-2:7
              target: Terminal 2:4-2:7
                kind: 'end'
          blocks: []
      suppressions: []
      dropped: []
"""

from __future__ import annotations

from typing import Any

from tgc.source import Span
from tgc.syntax import ast

INDENT = "  "


def dump(tree: ast.File) -> str:
    """The whole file as text ending in a newline; every node on its own line."""
    lines = [f"File {tree.name}"]
    for name in tree._fields:
        if name != "name":
            lines += _field(name, getattr(tree, name), 1)
    return "\n".join(lines) + "\n"


def dump_node(node: Any, depth: int = 0) -> list[str]:
    """Lines for one node: ``Class L:C-L:C`` and then its other fields, one level deeper."""
    head = f"{INDENT * depth}{type(node).__name__}"
    span = getattr(node, "span", None)
    if isinstance(span, Span):
        head += f" {format_span(span)}"
    lines = [head]
    for name in node._fields:
        if name != "span" and not _quiet(node, name):
            lines += _field(name, getattr(node, name), depth + 1)
    return lines


# Fields added to a node after its goldens were written: shown only when they differ from
# their default, so the dumps of lines that do not use them stay as they were.
QUIET = {("Cost", "per_player")}


def _quiet(node: Any, name: str) -> bool:
    if (type(node).__name__, name) not in QUIET:
        return False
    default: object = type(node)._field_defaults.get(name)
    return bool(getattr(node, name) == default)


def format_span(span: Span) -> str:
    """``L:C-L:C`` without the file name (a dump covers one file)."""
    return f"{span.line}:{span.col}-{span.end_line}:{span.end_col}"


def _field(name: str, value: Any, depth: int) -> list[str]:
    pad = INDENT * depth
    if _is_node(value):
        nested = dump_node(value, depth)
        return [f"{pad}{name}: {nested[0].lstrip()}", *nested[1:]]
    if isinstance(value, tuple) and value and any(_is_node(v) for v in value):
        lines = [f"{pad}{name}:"]
        for item in value:
            lines += dump_node(item, depth + 1) if _is_node(item) else [f"{pad}{INDENT}{_scalar(item)}"]
        return lines
    return [f"{pad}{name}: {_scalar(value)}"]


def _is_node(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(value, "_fields") and not isinstance(value, Span)


def _scalar(value: Any) -> str:
    if isinstance(value, Span):
        return format_span(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    return repr(value)
