"""Render stage, SARIF format: diagnostics in, a SARIF 2.1.0 log out, for code-scanning
services (GitHub code scanning, IDE SARIF viewers).

One run; ``tool.driver.rules`` lists the whole catalogue sorted by code, so a result's
``ruleIndex`` is stable for a given catalogue. Regions are 1-based with exclusive
end columns counted in Unicode code points (``columnKind: unicodeCodePoints``), which
is exactly what ``Span`` holds. Relative paths stay relative (forward slashes,
percent-encoded as URIs require); absolute ones become ``file://`` URIs. A hint is
appended to the message text on its own line; labels become ``relatedLocations``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import quote

from tgc import version
from tgc.diagnostics.codes import CATALOGUE, Rule
from tgc.diagnostics.model import Diagnostic, Severity
from tgc.diagnostics.render.base import ordered, posix_path
from tgc.source import SourceFile, Span

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/tgc-dev/tgc"
DOCS_URI = INFORMATION_URI + "/blob/main/docs/diagnostics.md"

LEVELS = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
    Severity.IGNORE: "none",
}


def render(
    diagnostics: Sequence[Diagnostic],
    sources: Mapping[str, SourceFile],
    *,
    color: bool = False,
) -> str:
    """The SARIF log as JSON text, ending with a newline; ``sources``/``color`` are unused."""
    return json.dumps(log(diagnostics), sort_keys=True, indent=2) + "\n"


def log(diagnostics: Sequence[Diagnostic]) -> dict[str, Any]:
    """The SARIF log as plain data."""
    rules = sorted(CATALOGUE.values(), key=lambda rule: rule.code)
    index = {rule.code: i for i, rule in enumerate(rules)}
    driver = {
        "name": "tgc",
        "version": version.__version__,
        "informationUri": INFORMATION_URI,
        "rules": [_rule(rule) for rule in rules],
    }
    run = {
        "tool": {"driver": driver},
        "columnKind": "unicodeCodePoints",
        "results": [_result(d, index) for d in ordered(diagnostics)],
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def help_uri(code: str) -> str:
    """Where a code is documented: its anchor in the generated docs/diagnostics.md."""
    return f"{DOCS_URI}#{code.lower()}"


def _rule(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.explanation},
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "helpUri": help_uri(rule.code),
    }


def _result(d: Diagnostic, index: Mapping[str, int]) -> dict[str, Any]:
    text = f"{d.message}\nhint: {d.hint}" if d.hint else d.message
    result: dict[str, Any] = {
        "ruleId": d.code,
        "level": LEVELS[d.severity],
        "message": {"text": text},
        "locations": [{"physicalLocation": _physical(d.span)}],
    }
    if d.code in index:
        result["ruleIndex"] = index[d.code]
    if d.labels:
        result["relatedLocations"] = [
            {"id": i, "physicalLocation": _physical(label.span), "message": {"text": label.message}}
            for i, label in enumerate(d.labels)
        ]
    return result


def _physical(span: Span) -> dict[str, Any]:
    region = {
        "startLine": span.line,
        "startColumn": span.col,
        "endLine": span.end_line,
        "endColumn": span.end_col,
    }
    return {"artifactLocation": {"uri": file_uri(span.file)}, "region": region}


def file_uri(name: str) -> str:
    """A span's file as a SARIF URI: relative paths as a relative reference, absolute as file://."""
    if PureWindowsPath(name).drive and PureWindowsPath(name).is_absolute():
        return PureWindowsPath(name).as_uri()
    if name.startswith("/"):
        return PurePosixPath(name).as_uri()
    return quote(posix_path(name), safe="/")
