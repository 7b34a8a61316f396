"""Every diagnostic built from a catalogue code fills exactly its message template's fields.

A call such as ``diag("TGC105", span, name=...)`` formats the catalogue's message with its
keywords; a keyword the template lacks is silently dropped and a missing one raises
``KeyError`` only on the day that diagnostic first fires, in a writer's hands. This test
reads tgc's sources and checks every such call whose code is written out, so a template
edited in the catalogue and a call site that was not are caught at once (issue 8, item 7).
"""

from __future__ import annotations

import ast
import re
import string
from dataclasses import dataclass
from pathlib import Path

import pytest

from tgc.diagnostics.codes import CATALOGUE, lookup

ROOT = Path(__file__).resolve().parent.parent / "tgc"
CODE = re.compile(r"TGC\d{3}")

# The constructors that format a catalogue message from keyword arguments, and the
# keywords of each that are not template fields.
KEYWORD_BUILDERS: dict[str, frozenset[str]] = {
    "diag": frozenset({"hint", "labels"}),  # tgc.diagnostics.codes.diag
    "add": frozenset({"hint"}),  # grimslingers' Checker.add
    "_Bad": frozenset({"hint"}),  # tainted_grail's loader error
}
# The constructors whose third argument is a dict literal of the template's fields.
DICT_BUILDERS = frozenset({"Problem"})
# 20 Strong's loader and deck checks write their whole message (a `{detail}` template).
MESSAGE_BUILDERS = frozenset({"Problem", "_Bad"})
MESSAGE_FOLDER = "rulesets/twenty_strong/"


@dataclass(frozen=True)
class Site:
    """One call that builds a diagnostic from a written-out code."""

    where: str
    code: str
    fields: frozenset[str] | None  # None: the call passes **kwargs, checked at run time


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _fields(call: ast.Call, name: str, path: str = "") -> frozenset[str] | None:
    if MESSAGE_FOLDER in path and name in MESSAGE_BUILDERS:
        return frozenset({"<message>"})
    if name in DICT_BUILDERS:
        if len(call.args) < 3 or not isinstance(call.args[2], ast.Dict):
            return None
        keys = call.args[2].keys
        if any(not isinstance(k, ast.Constant) for k in keys):
            return None
        return frozenset(str(k.value) for k in keys if isinstance(k, ast.Constant))
    if any(k.arg is None for k in call.keywords):
        return None
    return frozenset(k.arg for k in call.keywords if k.arg is not None) - KEYWORD_BUILDERS[name]


def _sites() -> list[Site]:
    out: list[Site] = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first, name = node.args[0], _name(node)
            if name not in KEYWORD_BUILDERS and name not in DICT_BUILDERS:
                continue
            if isinstance(first, ast.Constant) and isinstance(first.value, str) \
                    and CODE.fullmatch(first.value):
                where = f"{path.relative_to(ROOT.parent)}:{node.lineno}"
                out.append(Site(where, first.value, _fields(node, name, where)))
    return out


def _template_fields(code: str) -> frozenset[str]:
    rule = lookup(code)
    assert rule is not None, f"{code} is not in the catalogue"
    return frozenset(f for _, f, _, _ in string.Formatter().parse(rule.message) if f)


SITES = _sites()


def test_the_scan_finds_the_call_sites() -> None:
    """The scan must see the parser's, the resolver's and the rulesets' calls, or the
    test below would pass by checking nothing."""
    files = {site.where.split(":")[0] for site in SITES}
    assert len(SITES) > 150
    for module in ("tgc/syntax/parser.py", "tgc/semantics/resolve.py",
                   "tgc/rulesets/grimslingers/areachecks.py",
                   "tgc/rulesets/tainted_grail/loader.py"):
        assert module in files


@pytest.mark.parametrize("site", [s for s in SITES if s.fields is not None],
                         ids=lambda s: f"{s.where}-{s.code}")
def test_a_call_fills_its_template(site: Site) -> None:
    assert site.code in CATALOGUE, f"{site.where}: {site.code} is not in the catalogue"
    wanted = _template_fields(site.code)
    if site.fields == frozenset({"<message>"}):
        assert wanted == {"detail"}, (
            f"{site.where}: {site.code} is given a written message, so its template must be "
            f"`{{detail}}`, not {CATALOGUE[site.code].message!r}")
        return
    assert site.fields == wanted, (
        f"{site.where}: {site.code} is given {sorted(site.fields or ())}, its message "
        f"{CATALOGUE[site.code].message!r} needs {sorted(wanted)}")


def test_a_template_field_mismatch_is_caught(tmp_path: Path) -> None:
    """The check itself: a call with a misspelt keyword is reported."""
    code = "TGC105"
    wanted = _template_fields(code)
    source = f'diag("{code}", span, hint=None, nmae="x")\n'
    call = ast.parse(source).body[0]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    assert _fields(call.value, "diag") == frozenset({"nmae"}) != wanted
