"""Golden files for tests: compare produced text with a file under tests/cases/, or
rewrite the file when pytest runs with ``--update-goldens`` (review the diff like code).

Use the ``golden`` fixture from tests/conftest.py::

    def test_render(golden):
        golden(CASES / "mixed.human.txt", render(...))

Files are read and written as UTF-8 with no newline translation, so a golden holds
exactly the bytes the code produced.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import pytest

UPDATE_OPTION = "--update-goldens"


@dataclass(frozen=True)
class Golden:
    """Compares text with a golden file, or rewrites the file when ``update`` is set."""

    update: bool = False

    def __call__(self, path: Path | str, actual: str) -> None:
        path = Path(path)
        expected = _read(path)
        if self.update:
            if expected != actual:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(actual, encoding="utf-8", newline="")
            return
        if expected is None:
            message = f"golden file {path} is missing; run `pytest {UPDATE_OPTION}` to create it"
            pytest.fail(message, pytrace=False)
        if expected != actual:
            pytest.fail(
                f"output differs from golden file {path}:\n{_diff(path, expected, actual)}\n"
                f"If the new output is right, run `pytest {UPDATE_OPTION}` and review the diff.",
                pytrace=False,
            )


def _read(path: Path) -> str | None:
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


def _diff(path: Path, expected: str, actual: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(keepends=True),
        actual.splitlines(keepends=True),
        fromfile=f"{path} (golden)",
        tofile=f"{path} (actual)",
    )
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)
