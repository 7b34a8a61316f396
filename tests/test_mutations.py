"""Seeded mutation tests: every check case, every syntax case and the sample campaign,
with lines dropped, duplicated, swapped, truncated or given a stray sigil, still go
through the whole ``check()`` without raising and without an internal error (TGC999),
and every format renders what it reports.

A failure names the case and the seed; ``mutate(text, seed)`` gives the same file
again, so it can be saved as a new case ("every fixed bug leaves a case file behind").
"""

from __future__ import annotations

import os
import random
import shutil
import zlib
from pathlib import Path

import pytest

from tgc.diagnostics.render import FORMATS
from tgc.pipeline import check
from tgc.project.workspace import ParseCache

TESTS = Path(__file__).parent
ROOT = TESTS.parent
CHECK_CASES = sorted([*(TESTS / "cases" / "check").glob("*.tgj"),
                      *(p for p in (TESTS / "cases" / "check").iterdir() if p.is_dir())])
SYNTAX_CASES = sorted((TESTS / "cases" / "syntax").glob("*.tgj"))
SAMPLE = ROOT / "journal_src"
MUTANTS_PER_CASE = 6
MUTANTS_OF_EACH_SAMPLE_FILE = 3
# Pieces of the language, and of text that is not quite the language.
SIGILS = ("@", "@event ", "@status \"X\" parts ", "==", "== 1.", "=", "= ", "*", "* {", "~", "~ if ",
          "->", "-> .", "//", " // tgc: ignore[TGC101]", "\\", "{", "}", ":", ":food:", ":x:", "\"",
          ";", "(", ")", "-", "+", ".", "  ", "\t", "not ", "any ", "end", "game over", "²", "٣",
          "\ufeff", "\r", "\x00", "\u0301", "   - ", "key: ", "when full -> ", "roll 2d6: ")


def mutate(text: str, seed: int) -> str:
    """One to three random edits of a file's lines; the same seed, the same result."""
    rng = random.Random(seed)
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        if not lines:
            lines = [""]
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        kind = rng.choice(("drop", "duplicate", "swap", "truncate", "sigil", "sigil"))
        if kind == "drop":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(j, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "truncate":
            lines[i] = lines[i][: rng.randint(0, len(lines[i]))]
        else:
            at = rng.choice((0, 0, rng.randint(0, len(lines[i]))))
            lines[i] = lines[i][:at] + rng.choice(SIGILS) + lines[i][at:]
    return "\n".join(lines)


def _seed(name: str, number: int) -> int:
    return zlib.crc32(f"{name}:{number}".encode())


def _check_survives(root: Path, what: str, cache: ParseCache) -> None:
    try:
        result = check(root, memory=cache)
    except Exception as err:  # a traceback is the failure this test exists to catch
        pytest.fail(f"{what}: check() raised {type(err).__name__}: {err}", pytrace=False)
    internal = [d for d in result.diagnostics if d.code == "TGC999"]
    assert not internal, f"{what}: {internal[0].message}"
    for fmt, render in FORMATS.items():
        try:
            render(result.diagnostics, result.sources, color=False)
        except Exception as err:
            pytest.fail(f"{what}: the {fmt} format raised {type(err).__name__}: {err}", pytrace=False)


def _copy(case: Path, into: Path) -> list[Path]:
    """The case's files copied under ``into`` (with an empty tgc.toml unless it has one)."""
    if case.is_file():
        shutil.copy(case, into / case.name)
    else:
        shutil.copytree(case, into, dirs_exist_ok=True)
    if not (into / "tgc.toml").exists():
        (into / "tgc.toml").write_text("", encoding="utf-8")
    return sorted(into.rglob("*.tgj"))


def _mutate_all(case: Path, tmp_path: Path, mutants: int, every_file: bool = False) -> None:
    """``mutants`` mutated versions of the campaign, one file changed in each (with
    ``every_file``, that many of each file). The parse cache that `tgc watch` uses
    keeps the unchanged files parsed, so only the mutated file is parsed again."""
    root = tmp_path / "campaign"
    root.mkdir()
    files = _copy(case, root)
    originals = {f: f.read_bytes() for f in files}
    if every_file:
        plan = [(f, number) for f in files for number in range(mutants)]
    else:
        plan = [(files[_seed(case.name, n) % len(files)], n) for n in range(mutants)]
    cache: ParseCache = {}
    for stamp, (target, number) in enumerate(plan, start=1):
        seed = _seed(f"{case.name}/{target.name}", number)
        text = originals[target].decode("utf-8", errors="surrogateescape")
        target.write_bytes(mutate(text, seed).encode("utf-8", errors="surrogateescape"))
        os.utime(target, ns=(stamp * 2_000_000_000, stamp * 2_000_000_000))  # never a stale cache hit
        _check_survives(root, f"{case.name}, {target.name} mutated with seed {seed}", cache)
        target.write_bytes(originals[target])
        os.utime(target, ns=(stamp * 2_000_000_000 + 1, stamp * 2_000_000_000 + 1))


@pytest.mark.parametrize("case", CHECK_CASES + SYNTAX_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_mutated_case_never_crashes(tmp_path: Path, case: Path) -> None:
    _mutate_all(case, tmp_path, MUTANTS_PER_CASE)


def test_mutated_sample_campaign_never_crashes(tmp_path: Path) -> None:
    _mutate_all(SAMPLE, tmp_path, MUTANTS_OF_EACH_SAMPLE_FILE, every_file=True)


def test_mutate_is_deterministic() -> None:
    text = "== 1.1\nOne.\n* Two -> end\n"
    assert mutate(text, 7) == mutate(text, 7)
    assert {mutate(text, seed) for seed in range(20)} != {text}
