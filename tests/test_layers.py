"""Only tgc/cli talks to the terminal: no other module of tgc calls print() or writes to
sys.stdout / sys.stderr (import-linter keeps click out of them; this keeps the builtins
out). Docstring examples are text, not calls, so doctests may print."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tgc"
# A ruleset's command-line face (its own tgc subcommands) sits beside tgc/cli.
FRONT_ENDS = {"cli", "commands", "frontend"}


def _library_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if "cli" not in p.relative_to(PACKAGE).parts[:1] and p.stem not in FRONT_ENDS
                  and p.name != "__main__.py")


def _terminal_writes(path: Path) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "print":
            lines.append(node.lineno)
        elif (isinstance(func, ast.Attribute) and func.attr == "write"
              and isinstance(func.value, ast.Attribute) and func.value.attr in ("stdout", "stderr")
              and isinstance(func.value.value, ast.Name) and func.value.value.id == "sys"):
            lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", _library_modules(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_library_modules_never_print(path: Path) -> None:
    assert _terminal_writes(path) == [], f"{path}: only tgc/cli prints"


def test_the_scan_sees_a_print(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""print("doc")"""\nimport sys\nprint(1)\nsys.stderr.write("x")\n')
    assert _terminal_writes(module) == [3, 4]
