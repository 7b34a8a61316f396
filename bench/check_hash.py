"""Every diagnostic the same: `tgc check` of every root of tests/cases, journal_src and
examples, in concise and in human output, cold (an empty parse cache) and warm (the same
command again, the cache and the facts of the cold run kept), by two or more trees, each
output hashed with its exit status; fails unless every tree gives every root the same.

Usage: python bench/check_hash.py --tgc base=PATH/tgc --tgc new=PATH/tgc [--list]

Why: a faster checker must say exactly what the slower one said, for broken campaigns
too (the check cases hold one mistake each), and a warm run must say what a cold one
says. A root is each `.tgj` of the flat case folders (tests/cases/check, syntax,
render) and each other folder that holds `.tgj` files (journal_src as a whole). The
roots are copied once into a temporary folder that every tree checks, so paths in the
output are the same; each tree runs every root in one process of its own Python (the
one its console script names), through `tgc.cli.main.main` with arguments.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FLAT = ("tests/cases/check", "tests/cases/syntax", "tests/cases/render")
TOPS = ("tests/cases", "journal_src", "examples")
RUNS = (("cold", "concise"), ("cold", "human"), ("warm", "concise"), ("warm", "human"))


def roots() -> list[Path]:
    """The roots, relative to the repository, in a stable order."""
    found: set[Path] = set()
    for top in TOPS:
        for path in sorted((REPO / top).rglob("*.tgj")):
            rel = path.relative_to(REPO)
            folder = rel.parent
            if folder.as_posix() in FLAT:
                found.add(rel)
            elif folder.parts[0] == "journal_src":
                found.add(Path("journal_src"))
            else:
                found.add(folder)
    return sorted(found)


def worker(base: Path, names: list[str]) -> None:
    """In a tree's own Python: every root's runs, hashed, as JSON on stdout."""
    import contextlib
    import io

    from tgc.cli.main import main

    out: dict[str, list[str]] = {}
    for name in names:
        cache = tempfile.mkdtemp(prefix="tgc-hash-cache-")
        hashes = []
        for fmt in ("concise", "human"):
            shutil.rmtree(cache, ignore_errors=True)
            os.environ["TGC_CACHE_DIR"] = cache
            for _ in ("cold", "warm"):
                stdout, stderr = io.StringIO(), io.StringIO()
                status: object = 0
                with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                    try:
                        main(["check", str(base / name), "--format", fmt, "--no-color"])
                    except SystemExit as done:
                        status = done.code
                text = f"{status}\n{stdout.getvalue()}\n--\n{stderr.getvalue()}"
                hashes.append(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16])
        shutil.rmtree(cache, ignore_errors=True)
        # in RUNS' order: cold concise, cold human, warm concise, warm human
        out[name] = [hashes[0], hashes[2], hashes[1], hashes[3]]
    json.dump(out, sys.stdout)


def python_of(tgc: Path) -> str:
    first = tgc.read_bytes().split(b"\n", 1)[0].decode("utf-8", "replace")
    if not first.startswith("#!") or "python" not in first:
        raise SystemExit(f"{tgc} is not a Python console script")
    return first[2:].strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tgc", action="append", default=[], metavar="LABEL=PATH")
    parser.add_argument("--list", action="store_true", help="print the roots and stop")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.worker is not None:
        worker(args.worker, rest)
        return 0
    names = [p.as_posix() for p in roots()]
    if args.list:
        print("\n".join(names))
        return 0
    if len(args.tgc) < 2:
        parser.error("name two trees or more: --tgc base=PATH --tgc new=PATH")
    results: dict[str, dict[str, list[str]]] = {}
    with tempfile.TemporaryDirectory(prefix="tgc-hash-") as tmp:
        base = Path(tmp) / "roots"
        for name in names:
            source, target = REPO / name, base / name
            target.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if source.is_dir() else shutil.copy)(source, target)
        for text in args.tgc:
            label, _, path = text.rpartition("=")
            proc = subprocess.run([*python_of(Path(path)).split(" "), "-I", __file__, "--worker",
                                   str(base), *names], capture_output=True, text=True, cwd=tmp,
                                  timeout=3600)
            if proc.returncode != 0:
                print(proc.stderr[-3000:], file=sys.stderr)
                raise SystemExit(f"{label}: the worker failed")
            results[label or path] = json.loads(proc.stdout)
    labels = list(results)
    first = results[labels[0]]
    differ = 0
    for name in names:
        for other in labels[1:]:
            for i, (mode, fmt) in enumerate(RUNS):
                if first[name][i] != results[other][name][i]:
                    differ += 1
                    print(f"differs: {name} {mode} {fmt}: {labels[0]} {first[name][i]}, "
                          f"{other} {results[other][name][i]}")
        for label in labels:
            hashes = results[label][name]
            if hashes[0] != hashes[2] or hashes[1] != hashes[3]:
                differ += 1
                print(f"warm differs from cold: {name} ({label})")
    digest = hashlib.sha256(json.dumps(first, sort_keys=True).encode()).hexdigest()[:16]
    print(f"{len(names)} roots x {len(RUNS)} runs x {len(labels)} trees: "
          f"{'all the same' if not differ else f'{differ} differ'} (hash {digest})")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
