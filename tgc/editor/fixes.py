"""Quick fixes as data: what a diagnostic's fix inserts or replaces, in tgc's own terms
(1-based lines and columns), so that the server only converts them (editor/server.py)
and the rules for each fix can be read and tested without a client.

- a did-you-mean hint (any code): the written name replaced by the suggestion, in the
  written form (quoted when it was, a block's dot and a relative reference's section kept);
- TGC101 (no such verse): the verse created at the end of the file, ending the exploration
  until it is written;
- TGC105 (no such status): the status declared at the top of the file, a flag;
- TGC205 (a roll misses totals): the missing arm added where it belongs among the arms,
  diverting to ``end`` until the writer picks its verse.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tgc.semantics.model import Campaign
from tgc.syntax import ast


@dataclass(frozen=True)
class Edit:
    """Replace the text from (line, col) to (end_line, end_col), 1-based in code points,
    end exclusive; an insertion when both ends are the same."""

    line: int
    col: int
    end_line: int
    end_col: int
    text: str

    @staticmethod
    def insert(line: int, col: int, text: str) -> Edit:
        return Edit(line, col, line, col, text)


@dataclass(frozen=True)
class Fix:
    title: str
    edits: tuple[Edit, ...]
    preferred: bool = False


@dataclass(frozen=True)
class Problem:
    """What the fixes read of one diagnostic: its code, message and hint, where it points
    (1-based), the text written there (one line only; empty otherwise) and where its file
    ends (the line and column just past its last character)."""

    code: str
    message: str
    hint: str
    line: int
    col: int
    end_line: int
    end_col: int
    written: str
    file: str
    file_end: tuple[int, int]


_TICKED = re.compile(r"did you mean `([^`]+)`")
_NO_VERSE = re.compile(r"no verse `([^`]+)`")
_NO_STATUS = re.compile(r'no status "([^"]+)"')
_NO_ARM = re.compile(r"^no arm for (?:a total of (-?\d+)|totals (-?\d+) to (-?\d+))$")


def fixes(problem: Problem, campaign: Campaign | None) -> list[Fix]:
    """Every fix for one diagnostic, the did-you-mean first (the preferred one)."""
    found: list[Fix] = []
    ticked = _TICKED.search(problem.hint or problem.message)
    if ticked is not None and problem.written:
        new = replacement(problem.written, ticked.group(1))
        found.append(Fix(f"Rename to `{new}`", (Edit(problem.line, problem.col, problem.end_line,
                                                      problem.end_col, new),), preferred=True))
    match problem.code:
        case "TGC101":
            found += _create_verse(problem)
        case "TGC105":
            found += _declare_status(problem)
        case "TGC205":
            found += _add_roll_arm(problem, campaign)
        case _:
            pass
    return found


def replacement(written: str, suggestion: str) -> str:
    """What replaces the misspelt text: the suggestion in the written form (quoted when
    the name was, a block's dot kept, a relative reference's section kept)."""
    if written.startswith('"'):
        return f'"{suggestion.strip(chr(34))}"'
    if written.startswith(".") and not suggestion.startswith("."):
        return f".{suggestion}"
    if "." in written and "." not in suggestion:
        return written.rsplit(".", 1)[0] + "." + suggestion
    return suggestion


def _create_verse(problem: Problem) -> list[Fix]:
    verse = _NO_VERSE.search(problem.message)
    if verse is None:
        return []
    text = (f"\n== {verse.group(1)}\n"
            "// Write this verse: until then it ends the exploration.\n"
            "-> end\n")
    return [Fix(f"Create verse `{verse.group(1)}`", (Edit.insert(*problem.file_end, text),))]


def _declare_status(problem: Problem) -> list[Fix]:
    status = _NO_STATUS.search(problem.message)
    if status is None:
        return []
    text = f'@status "{status.group(1)}"\n'
    return [Fix(f'Declare status "{status.group(1)}"', (Edit.insert(1, 1, text),))]


def _add_roll_arm(problem: Problem, campaign: Campaign | None) -> list[Fix]:
    """TGC205's "no arm for ..." (a gap): the arm covering exactly the gap, written after
    the arm below it (or before the first arm when the gap is at the bottom)."""
    gap = _NO_ARM.match(problem.message)
    roll = _roll_at(campaign, problem.file, problem.line) if campaign is not None else None
    if gap is None or roll is None:
        return []
    low = int(gap.group(1) or gap.group(2))
    high = int(gap.group(1) or gap.group(3))
    arm = f"{low if low == high else f'{low}-{high}'} -> end"
    written = [a for a in roll.arms if a.low is not None and a.span.line == roll.span.line]
    if not written:
        return []
    below = [a for a in written if a.low is not None and a.low < low]
    if below:
        after = max(below, key=lambda a: (a.low or 0, a.span.col))
        edit = Edit.insert(after.span.end_line, after.span.end_col, f"; {arm}")
    else:
        first = min(written, key=lambda a: a.span.col)
        edit = Edit.insert(first.span.line, first.span.col, f"{arm}; ")
    return [Fix(f"Add the missing arm `{arm}`", (edit,))]


def _roll_at(campaign: Campaign, file: str, line: int) -> ast.Roll | None:
    """The roll written on a line of a file."""
    for stmt in _stmts(campaign, file):
        if isinstance(stmt, ast.EffectLine) and isinstance(stmt.effect, ast.Roll) \
                and stmt.effect.span.line == line:
            return stmt.effect
    return None


def _stmts(campaign: Campaign, file: str) -> Iterator[ast.Stmt]:
    for info in campaign.verses.values():
        verse = info.verse
        if verse.span.file != file:
            continue
        yield from verse.body
        for block in verse.blocks:
            yield from block.body
