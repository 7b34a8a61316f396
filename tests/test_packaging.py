"""The wheel holds all of tgc: pyproject.toml lists every package by hand (grammar/ lives at
the project root and is mapped in as tgc.grammar), so a package added to tgc/ and not to the
list would install a tgc that fails on import everywhere but in the source tree, where the
working directory hides it. Every data file under tgc/ must match a package-data pattern."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_of_tgc_is_in_the_wheel() -> None:
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "tgc").rglob("__init__.py")}
    listed = set(CONFIG["packages"]) - {"tgc.grammar"}
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - found == set(), "these listed packages do not exist"


def test_every_data_file_of_tgc_is_in_the_wheel() -> None:
    data = CONFIG["package-data"]
    missing = []
    for path in (ROOT / "tgc").rglob("*"):
        if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
            continue
        package = path.parent
        while not (package / "__init__.py").exists():
            package = package.parent
        name = ".".join(package.relative_to(ROOT).parts)
        inside = path.relative_to(package).as_posix()
        if not any(fnmatch.fnmatch(inside, pattern) for pattern in data.get(name, ())):
            missing.append(path.relative_to(ROOT).as_posix())
    assert missing == [], "add package-data patterns in pyproject.toml for these"
