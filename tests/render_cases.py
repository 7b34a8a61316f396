"""Hand-built diagnostics over tests/cases/render/*.tgj, shared by the renderer tests.

They cover what each format must get right: a hint, a label in another file, a label
in the same file, a warning, an info, a tab before the span, a span at the end of a
line, a span over several lines, and a file missing from the sources (with a space
and a comma in its path, and a ``%`` in its hint)."""

from __future__ import annotations

from pathlib import Path

from tgc.diagnostics.model import Diagnostic, Label, Severity
from tgc.source import SourceFile, Span

CASES = Path(__file__).parent / "cases" / "render"
STORY, LIB, GONE = "story.tgj", "lib.tgj", "chapter 2/gone,1.tgj"

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def sources() -> dict[str, SourceFile]:
    """story.tgj and lib.tgj as the parser would see them; GONE is deliberately absent."""
    return {
        name: SourceFile.from_text(name, (CASES / name).read_text(encoding="utf-8"))
        for name in (STORY, LIB)
    }


def _span(file: str, line: int, col: int, end_col: int, end_line: int | None = None) -> Span:
    return Span(file, line, col, end_line or line, end_col)


MIXED: tuple[Diagnostic, ...] = (
    Diagnostic("TGC101", "unknown-verse", E, "no verse `101.9`", _span(STORY, 15, 4, 9),
               hint="did you mean `101.1`?",
               labels=(Label(_span(STORY, 9, 1, 9), "a similar verse is declared here"),)),
    Diagnostic("TGC007", "unknown-icon", W, "unknown icon `:gold:`", _span(STORY, 10, 10, 16),
               hint="did you mean `:wealth:`?"),
    Diagnostic("TGC001", "syntax-error", E, "expected `->` and a verse after the choice text",
               _span(STORY, 11, 16, 17), hint="write `* Open the gate -> VERSE`"),
    Diagnostic("TGC101", "unknown-verse", E, "no verse `101.3`", _span(STORY, 12, 12, 17)),
    Diagnostic("TGC110", "duplicate-verse", E, "verse `101.2` is declared twice",
               _span(STORY, 13, 1, 9), hint="rename one of the verses",
               labels=(Label(_span(LIB, 3, 1, 9), "first declared here"),)),
    Diagnostic("TGC105", "unknown-status", E, 'no status "Cold Pyr"', _span(STORY, 14, 8, 18),
               hint='did you mean "Cold Pyre"?',
               labels=(Label(_span(LIB, 1, 9, 20), "a similar status is declared here"),)),
    Diagnostic("TGC118", "hook-without-seal", I,
               "location 101 has a `menhir` hook but no menhir seal",
               _span(STORY, 5, 1, 18, end_line=7),
               labels=(Label(_span(STORY, 7, 3, 9), "the hook"),)),
    Diagnostic("TGC006", "unreadable-file", E,
               f"cannot read {GONE}: not valid UTF-8 (byte 0xff)", _span(GONE, 3, 7, 8),
               hint="re-save it as UTF-8: 100% of a campaign is UTF-8, one file per chapter",
               labels=(Label(_span(GONE, 1, 1, 2), "the file starts here"),)),
)
