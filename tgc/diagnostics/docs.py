"""Documentation stage: the diagnostics catalogue in, ``docs/diagnostics.md`` out.

``render_markdown()`` returns the page; ``pytest tests/test_docs_diagnostics.py
--update-goldens`` replaces ``docs/diagnostics.md`` atomically. The page is generated,
never edited: that test fails when it is stale. (Nothing here prints: only tgc/cli does.)

The page renders whatever ``CATALOGUE`` holds when it runs, so a family of rules added
with ``codes.register`` must be registered by the time ``tgc.diagnostics.codes`` has
been imported.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path

from tgc.diagnostics.codes import CATALOGUE, Rule
from tgc.diagnostics.config import FIXED_CODES

DOCS_PATH = Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md"
REGENERATE = "pytest tests/test_docs_diagnostics.py --update-goldens"

FAMILIES = {
    "0": "Files and syntax",
    "1": "Names and declarations",
    "2": "The verse graph",
    "3": "State: statuses, secrets and items",
    "4": "Map and locations",
    "5": "Ruleset data",
    "6": "Translations",
    "9": "The tool itself",
}

_INTRO = """\
<!-- Generated from tgc/diagnostics/codes.py by `{regenerate}`; do not edit. -->

# Diagnostics

Every problem tgc reports has a stable code (`TGC101`), a kebab-case name
(`unknown-verse`), a severity, a message, the place it was found and, where tgc can
tell, a hint. `tgc explain CODE` (or `tgc explain NAME`) prints one entry of this
page in the terminal; `tgc explain --list` lists them all.

Diagnostics are printed file by file, in the order of their lines, with one
exception: a diagnostic that follows from another is printed right after it, wherever
each one is, and says so ("because `301.4`, which grants it, is unreachable"; "it
follows from what line 17 reports"). Fix the first one first.

## Changing severities

The severity of any code except TGC999 can be changed, by code or by name, in
`pyproject.toml`:

```toml
[tool.tgc.severity]
TGC119 = "error"          # unknown-property becomes an error
unknown-icon = "ignore"   # and TGC007 is never reported
```

or in a `tgc.toml` at the campaign root, with the same entries under a top-level
`[severity]` table. Severities are `error`, `warning`, `info` and `ignore`. tgc uses
the first folder, from the checked one upward, that holds either file; `tgc.toml`
wins when a folder has both.

One line is silenced with a comment naming the codes or names to ignore:
`// tgc: ignore[TGC101]`; on a verse header, the codes it names are silenced in the
whole verse. A suppression that silences nothing is itself reported (TGC901).

## All codes
"""


def render_markdown() -> str:
    """The whole page: introduction, a table of every code, then one section per code."""
    rules = sorted(CATALOGUE.values(), key=lambda rule: rule.code)
    parts = [_INTRO.format(regenerate=REGENERATE), _table(rules)]
    for family, members in groupby(rules, key=_family):
        parts.append(f"## {FAMILIES.get(family, 'Other')} (TGC{family}xx)\n")
        parts += [_section(rule) for rule in members]
    return "\n".join(parts)


def _family(rule: Rule) -> str:
    return rule.code[3:4]


def _table(rules: Sequence[Rule]) -> str:
    rows = ["| Code | Name | Severity | Summary |", "| --- | --- | --- | --- |"]
    rows += [
        f"| [{r.code}](#{r.code.lower()}) | `{r.name}` | {r.severity.value} | {_cell(r.summary)} |"
        for r in rules
    ]
    return "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _section(rule: Rule) -> str:
    severity = rule.severity.value + (" (cannot be changed)" if rule.code in FIXED_CODES else "")
    lines = [
        f'<a id="{rule.code.lower()}"></a>',
        "",
        f"### {rule.code} `{rule.name}`",
        "",
        f"- **Default severity:** {severity}",
        *([f"- **Message:** {_code_span(rule.message)}"] if rule.message != "{detail}" else []),
        "",
        rule.summary,
        "",
        rule.explanation,
        "",
    ]
    for number, example in enumerate(rule.examples, start=1):
        title = "Example" if len(rule.examples) == 1 else f"Example {number}"
        where = (" as `l10n/pt_BR.po` of the example campaign in docs/localization.md"
                 if _language(rule) == "po" else "")
        lines += [f"{title} (reports {rule.code}{where}):", "", _fenced(example, _language(rule)), ""]
    if rule.fixed is not None:
        lines += ["Fixed:", "", _fenced(rule.fixed), ""]
    return "\n".join(lines)


def _code_span(text: str) -> str:
    """Inline code that may itself contain backticks (CommonMark: a longer delimiter)."""
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _language(rule: Rule) -> str:
    """Translation examples are catalogues (PO files); every other example is journal text."""
    return "po" if rule.code.startswith("TGC6") else "tgj"


def _fenced(code: str, language: str = "tgj") -> str:
    longest = max((len(run) for run in re.findall("`+", code)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{code.rstrip(chr(10))}\n{fence}"


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8, LF) so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
