"""Suppression pass: diagnostics and the parser's ``// tgc: ignore[CODE, ...]`` comments in,
the diagnostics no comment silences out, plus a TGC901 for every code a comment lists
that silenced nothing (a stale suppression hides the next real mistake).

A suppression is data collected by the parser: ``(line, codes, span)`` where ``line``
is the line it applies to, ``codes`` are codes (any case) or kebab-case names, and
``span`` is the comment itself. It silences every diagnostic whose span starts on that
line of that file and whose code or name it lists; an empty ``codes`` tuple silences
every code on the line. A fourth item, a last line, widens it to a range of lines: a
suppression on a verse header covers the whole verse for the codes it names, because
what a body did wrong (a dead end) is reported at its last line, which the writer may
want to keep free of comments. TGC999 (internal error) is never silenced.

Run it before ``Config.apply``: a code that configuration ignores must still count
as used by a comment that names it, or the comment would be reported as unused.

Example:
    >>> from tgc.diagnostics.codes import diag
    >>> from tgc.source import Span
    >>> comment = Span("a.tgj", 2, 10, 2, 33)
    >>> found = [diag("TGC101", Span("a.tgj", 2, 4, 2, 9), ref="101.9")]
    >>> apply_suppressions(found, {"a.tgj": [(2, ("unknown-verse",), comment)]})
    []
    >>> [d.message for d in apply_suppressions([], {"a.tgj": [(2, ("TGC101",), comment)]})]
    ['this suppression of `TGC101` suppresses nothing']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tgc.diagnostics.codes import diag, lookup
from tgc.diagnostics.model import Diagnostic
from tgc.diagnostics.suggest import did_you_mean_rule
from tgc.source import Span

Suppression = tuple[int, tuple[str, ...], Span] | tuple[int, tuple[str, ...], Span, int]

UNSUPPRESSIBLE = frozenset({"TGC999"})


def apply_suppressions(
    diagnostics: Iterable[Diagnostic],
    suppressions: Mapping[str, Sequence[Suppression]],
) -> list[Diagnostic]:
    """The diagnostics left after suppression, followed by TGC901 for unused codes."""
    flat = [(file, entry[0], entry[1], entry[2], entry[3] if len(entry) == 4 else entry[0])
            for file, entries in suppressions.items() for entry in entries]
    at: dict[tuple[str, int], list[int]] = {}
    for index, (file, line, _codes, _span, last) in enumerate(flat):
        for covered in range(line, last + 1):
            at.setdefault((file, covered), []).append(index)
    used: list[set[int]] = [set() for _ in flat]  # per suppression, which codes matched
    kept: list[Diagnostic] = []
    for d in diagnostics:
        matched = False
        if d.code not in UNSUPPRESSIBLE:
            for index in at.get((d.span.file, d.span.line), ()):
                hits = _matches(d, flat[index][2])
                used[index].update(hits)
                matched = matched or bool(hits)
        if not matched:
            kept.append(d)
    for (_file, _line, codes, span, _last), hits in zip(flat, used, strict=True):
        unused = _unused(codes, hits)
        if unused is not None:
            kept.append(_report(span, codes, unused))
    return kept


def _matches(d: Diagnostic, codes: tuple[str, ...]) -> set[int]:
    """Which of ``codes`` name ``d`` (by position; -1 stands for an empty, blanket list)."""
    if not codes:
        return {-1}
    return {i for i, code in enumerate(codes) if code.upper() == d.code or code.lower() == d.name}


def _unused(codes: tuple[str, ...], hits: set[int]) -> list[str] | None:
    if not codes:
        return None if hits else []
    unused = [code for i, code in enumerate(codes) if i not in hits]
    return unused or None


def _report(span: Span, codes: tuple[str, ...], unused: list[str]) -> Diagnostic:
    listed = ", ".join(f"`{code}`" for code in unused) if unused else "every code"
    if not unused or len(unused) == len(codes):
        hints = ["remove the comment"]
    else:
        hints = [f"remove {listed} from the list"]
    for code in unused:
        if lookup(code) is None:
            close = did_you_mean_rule(code)
            hints.append(f"`{code}` is not a tgc code" + (f"; {close}" if close else ""))
    return diag("TGC901", span, "; ".join(hints), codes=listed)
