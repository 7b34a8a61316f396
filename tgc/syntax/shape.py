"""A file's shape: its syntax tree with the words of its prose and of its choices' texts
left out. Two versions of a file with the same shape differ only inside prose paragraphs
and choices' texts (and in comments and blank space, which the tree never holds), and
that is what typing in a verse changes.

The model and the checks never read a paragraph's or a choice's words (they read that a
paragraph is there, and where; a choice's guard and target), so two campaigns whose
files have the same shapes get the same symbols, the same resolution and the same
diagnostics, except where a diagnostic points at an edited line itself (a column may
have moved: a choice's target moves along the line with its text). `tgc lsp` relies on this to
answer a prose edit without re-running the checks (tgc/pipeline.py, ``Job.previous``);
tests/test_shape.py checks the premise on every case file."""

from __future__ import annotations

from tgc.source import Span
from tgc.syntax import ast


def same_shape(old: ast.File, new: ast.File) -> set[int] | None:
    """None when the files differ beyond prose; else the lines whose prose (or whose
    verse's or block's end) changed, where a diagnostic's position may not carry over."""
    if old is new:
        return set()
    if (old.name != new.name or old.suppressions != new.suppressions or old.dropped != new.dropped
            or len(old.items) != len(new.items)):
        return None
    lines: set[int] = set()
    for a, b in zip(old.items, new.items, strict=True):
        if isinstance(a, ast.Declaration) or isinstance(b, ast.Declaration):
            if a != b:
                return None
            continue
        if not (_same_verse(a, b, lines)):
            return None
    return lines


def _same_verse(a: ast.Verse, b: ast.Verse, lines: set[int]) -> bool:
    if a.id != b.id or len(a.blocks) != len(b.blocks) or not _same_span(a.span, b.span, lines):
        return False
    if not _same_body(a.body, b.body, lines):
        return False
    for x, y in zip(a.blocks, b.blocks, strict=True):
        if x.name != y.name or not _same_span(x.span, y.span, lines) or not _same_body(x.body, y.body, lines):
            return False
    return True


def _same_body(a: tuple[ast.Stmt, ...], b: tuple[ast.Stmt, ...], lines: set[int]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if type(x) is ast.Paragraph and type(y) is ast.Paragraph:
            if x.span.line != y.span.line or x.span.end_line != y.span.end_line \
                    or x.span.col != y.span.col:
                return False
            if x != y:
                lines.update(range(x.span.line, x.span.end_line + 1))
        elif type(x) is ast.Choice and type(y) is ast.Choice:
            if not _same_choice(x, y, lines):
                return False
        elif x != y:
            return False
    return True


def _same_choice(x: ast.Choice, y: ast.Choice, lines: set[int]) -> bool:
    """The same guard and target; the text, and so the target's columns, may differ."""
    if x == y:
        return True
    if x.guard != y.guard or (x.span.line, x.span.col, x.span.end_line) != (y.span.line, y.span.col,
                                                                            y.span.end_line):
        return False
    a, b = x.target, y.target
    if type(a) is not type(b) or a.span.line != b.span.line:
        return False
    if isinstance(a, ast.Ref) and isinstance(b, ast.Ref):
        if (a.section, a.verse, a.block) != (b.section, b.verse, b.block):
            return False
    elif isinstance(a, ast.Terminal) and isinstance(b, ast.Terminal) and a.kind != b.kind:
        return False
    lines.update(range(x.span.line, x.span.end_line + 1))
    return True


def moved_targets(old: ast.File, new: ast.File) -> dict[ast.Ref, ast.Ref]:
    """For two files of the same shape: each choice's target reference in ``old`` whose
    columns moved (its choice's text changed length), mapped to the one in ``new``."""
    found: dict[ast.Ref, ast.Ref] = {}
    for a, b in zip(old.items, new.items, strict=True):
        if a is b or not isinstance(a, ast.Verse) or not isinstance(b, ast.Verse):
            continue
        for x_body, y_body in zip((a.body, *(k.body for k in a.blocks)),
                                  (b.body, *(k.body for k in b.blocks)), strict=True):
            for x, y in zip(x_body, y_body, strict=True):
                if type(x) is ast.Choice and type(y) is ast.Choice and isinstance(x.target, ast.Ref) \
                        and isinstance(y.target, ast.Ref) and x.target != y.target:
                    found[x.target] = y.target
    return found


def _same_span(a: Span, b: Span, lines: set[int]) -> bool:
    """Same start and end line; the end column may move with the prose on the last line."""
    if (a.file, a.line, a.col, a.end_line) != (b.file, b.line, b.col, b.end_line):
        return False
    if a.end_col != b.end_col:
        lines.add(a.end_line)
    return True
