"""The campaign folder: finds the ``.tgj`` files (recursively, in path order), reads and
parses them, in parallel for large campaigns. Input: a directory; output: parsed
files, their sources and their syntax diagnostics."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.project.facts import FileFacts
from tgc.project.parsecache import ParseStore
from tgc.source import SourceError, SourceFile, Span, read_source
from tgc.syntax import ast

SUFFIX = ".tgj"
SKIP_DIRS = frozenset({".git", ".tgc-cache", "build", "__pycache__", ".venv", "node_modules"})
# Parsing in worker processes is opt-in (`--jobs`): measured on 2 cores, sending the
# parsed files back to the parent costs more than the parse saves (docs/performance.md).


class WorkspaceError(Exception):
    """The directory itself is unusable (missing, not a folder, no sources): a usage error."""


@dataclass
class Workspace:
    root: Path
    sources: dict[str, SourceFile] = field(default_factory=dict)
    files: list[ast.File] = field(default_factory=list)  # in path order (those not deferred)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # every file read, in path order
    syntax: dict[str, list[Diagnostic]] = field(default_factory=dict)  # each file's parse's
    # Files whose text has the entry the last check's facts name (``load``'s ``known``):
    # read, but neither parsed nor unpickled unless :func:`complete` is asked to.
    deferred: dict[str, str] = field(default_factory=dict)


def discover(root: Path) -> list[Path]:
    """Every ``.tgj`` file under root, sorted by path so the order never depends on the
    file system; hidden folders and build outputs are skipped."""
    if not root.exists():
        raise WorkspaceError(f"{root}: no such directory")
    if root.is_file():
        if root.suffix != SUFFIX:
            raise WorkspaceError(f"{root}: not a {SUFFIX} file or a campaign folder")
        return [root]
    if not root.is_dir():
        raise WorkspaceError(f"{root}: not a directory")
    found: list[tuple[str, Path]] = []  # (the path below root, written with /; the path)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        folder = Path(dirpath)
        below = folder.relative_to(root).as_posix()  # once per folder: pathlib is slow
        prefix = "" if below == "." else below + "/"
        found.extend((prefix + f, folder / f) for f in filenames if f.endswith(SUFFIX))
    return [path for _, path in sorted(found, key=lambda pair: pair[0])]


def display_name(path: Path, root: Path) -> str:
    """The path shown in diagnostics: relative to where tgc runs when it can be."""
    # abspath, not resolve(): a symlinked file is shown under its own name. Strings, not
    # pathlib: an editor names every file of the campaign on every keystroke.
    absolute = os.path.abspath(path)
    here = _resolved(os.getcwd())
    if absolute == here:
        return "."
    prefix = here if here.endswith(os.sep) else here + os.sep
    if absolute.startswith(prefix):
        return absolute[len(prefix):].replace(os.sep, "/")
    return path.as_posix()


@lru_cache(maxsize=8)
def _resolved(folder: str) -> str:
    """The working folder with its links resolved (asked once per folder)."""
    return str(Path(folder).resolve())


def _parse_one(args: tuple[str, str]) -> tuple[ast.File, list[Diagnostic]]:
    from tgc.syntax.parser import parse_source

    name, text = args
    return parse_source(SourceFile.from_text(name, text))


def _parse_chunk(chunk: Sequence[tuple[str, str]]) -> list[tuple[ast.File, list[Diagnostic]]]:
    return [_parse_one(item) for item in chunk]


def parse_all(items: list[tuple[str, str]], jobs: int) -> list[tuple[ast.File, list[Diagnostic]]]:
    """Parse (name, text) pairs; with ``jobs`` > 1, in worker processes over balanced chunks."""
    if jobs <= 1 or len(items) < 2:
        return [_parse_one(item) for item in items]
    chunks: list[list[tuple[str, str]]] = [[] for _ in range(jobs * 4)]
    sizes = [0] * len(chunks)
    order = sorted(range(len(items)), key=lambda i: -len(items[i][1]))
    where: dict[int, tuple[int, int]] = {}
    for i in order:
        k = sizes.index(min(sizes))
        where[i] = (k, len(chunks[k]))
        chunks[k].append(items[i])
        sizes[k] += len(items[i][1])
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_parse_chunk, chunks))
    return [results[k][j] for k, j in (where[i] for i in range(len(items)))]


@dataclass
class CachedFile:
    """A parsed file kept between runs by `tgc watch`; ``stamp`` is (mtime_ns, size)."""

    stamp: tuple[int, int]
    source: SourceFile
    tree: ast.File
    diagnostics: list[Diagnostic]


ParseCache = dict[str, CachedFile]


def load(root: Path, jobs: int | None = None, cache: ParseCache | None = None,
         store: ParseStore | None = None, links: str = "inside",
         overlay: Mapping[Path, str] | None = None, include: Sequence[Path] = (),
         known: Mapping[str, FileFacts] | None = None) -> Workspace:
    """Read and parse a campaign folder. Unreadable files become TGC006 diagnostics.
    With ``cache`` (in memory, `tgc watch`), a file whose modification time and size
    are unchanged is neither read nor parsed again; the cache is left holding exactly
    this run's files. With ``store`` (on disk, signed), a file whose text was parsed
    by an earlier process is not parsed again. Only regular files are read, of at most
    :data:`MAX_SOURCE_BYTES`, and a link that leads out of the campaign folder is
    TGC006 unless ``links`` is ``"anywhere"`` (``links = "anywhere"`` in the config).
    ``overlay`` maps absolute paths to texts that stand for what is on disk (an editor's
    unsaved buffers, `tgc lsp`); an overlaid file under ``root`` that is not on disk yet
    is read too, and one whose text is unchanged since the cached parse is not parsed
    again. ``include`` names further folders of rule data (the configuration's
    ``include``): their ``.tgj`` files are read after the campaign's, and a link in one
    must stay inside that folder as a campaign file must stay inside the campaign.
    ``known`` (with ``store``) holds the facts of the last check: a file whose text has
    the entry they name is deferred (its syntax diagnostics taken from them)."""
    paths = discover(root)
    homes = _included(paths, include)
    paths += list(homes)
    texts = dict(overlay) if overlay is not None else {}
    if texts and root.is_dir():
        listed = {path.absolute() for path in paths}
        extra = [p for p in texts if p.suffix == SUFFIX and p not in listed
                 and p.is_relative_to(root.absolute())]
        if extra:
            paths = sorted([*paths, *extra], key=lambda p: p.absolute().relative_to(root.absolute())
                           .as_posix())
    if not paths:
        raise WorkspaceError(f"{root}: no {SUFFIX} files found")
    ws = Workspace(root)
    old = dict(cache) if cache is not None else {}
    fresh: ParseCache = {}
    order: list[str] = []
    todo: list[tuple[str, str]] = []
    stamps: dict[str, tuple[int, int]] = {}
    inside = root.resolve() if root.is_dir() else root.resolve().parent
    for path in paths:
        name = display_name(path, root)
        text = texts.get(path.absolute())
        if text is not None:
            hit = old.get(name)
            if hit is not None and hit.stamp == _OVERLAID and hit.source.text == text:
                fresh[name] = hit
            else:
                ws.sources[name] = SourceFile.from_text(name, text)
                stamps[name] = _OVERLAID
                todo.append((name, text))
            order.append(name)
            continue
        refused = _refused(path, homes.get(path, inside), links)
        if refused is not None:
            ws.diagnostics.append(diag("TGC006", Span(name, 1, 1, 1, 2), path=name, reason=refused[0],
                                       hint=refused[1]))
            continue
        stamp = _stamp(path)
        hit = old.get(name)
        if hit is not None and stamp is not None and hit.stamp == stamp:
            fresh[name] = hit
            order.append(name)
            continue
        try:
            source = read_source(path, name)
        except SourceError as err:
            ws.diagnostics.append(diag("TGC006", Span(name, err.line, err.col, err.line, err.col + 1),
                                       path=name, reason=err.reason,
                                       hint="save the file as UTF-8"))
            continue
        ws.sources[name] = source
        stamps[name] = stamp or (0, 0)
        todo.append((name, source.text))
        order.append(name)
    seen = len(todo) == len(order)  # every file went through the store (not a `tgc watch` re-run)
    if known and store is not None:
        todo = _defer(todo, known, store, ws.deferred)
    for name, (tree, diags) in _parse_with_store(todo, jobs or 1, store):
        fresh[name] = CachedFile(stamps[name], ws.sources[name], tree, diags)
    if store is not None and seen:  # entries of files gone or changed go
        store.prune({store.entries[name] for name in order})
    for name in order:
        ws.names.append(name)
        if name in ws.deferred:
            ws.syntax[name] = list(known[name].diagnostics) if known is not None else []
        else:
            entry = fresh[name]
            ws.sources[name] = entry.source
            ws.files.append(entry.tree)
            ws.syntax[name] = entry.diagnostics
        ws.diagnostics.extend(ws.syntax[name])
    if cache is not None:
        cache.clear()
        cache.update(fresh)
    return ws


def _defer(items: list[tuple[str, str]], known: Mapping[str, FileFacts], store: ParseStore,
           deferred: dict[str, str]) -> list[tuple[str, str]]:
    """The items whose text is not the one ``known`` names; the others go to ``deferred``."""
    left: list[tuple[str, str]] = []
    for name, text in items:
        entry = store.entry_name(name, text)
        facts = known.get(name)
        if facts is not None and facts.entry == entry:
            store.entries[name] = entry
            deferred[name] = text
        else:
            left.append((name, text))
    return left


def complete(ws: Workspace, store: ParseStore | None, jobs: int | None = None) -> None:
    """Parse (or read from the store) the deferred files, so that ``ws.files`` holds every
    file in path order. Their syntax diagnostics are already in ``ws.diagnostics``: the
    facts that deferred them hold what the parse of that very text says."""
    if not ws.deferred:
        return
    trees = {tree.name: tree for tree in ws.files}
    for name, (tree, _) in _parse_with_store(list(ws.deferred.items()), jobs or 1, store):
        trees[name] = tree
    ws.files = [trees[name] for name in ws.names]
    ws.deferred = {}


def _included(paths: list[Path], include: Sequence[Path]) -> dict[Path, Path]:
    """The files of the included folders that the campaign does not already hold, each
    with the folder it must stay inside."""
    found: dict[Path, Path] = {}
    if not include:
        return found
    seen = {path.resolve() for path in paths}
    for folder in include:
        for path in discover(folder):
            if path.resolve() not in seen:
                seen.add(path.resolve())
                found[path] = folder.resolve()
    return found


def _parse_with_store(items: list[tuple[str, str]], jobs: int, store: ParseStore | None
                      ) -> list[tuple[str, tuple[ast.File, list[Diagnostic]]]]:
    """Parse results in the order of ``items``, taking what the store holds."""
    if store is None:
        return list(zip((name for name, _ in items), parse_all(items, jobs), strict=True))
    found: dict[str, tuple[ast.File, list[Diagnostic]]] = {}
    missing: list[tuple[str, str]] = []
    for name, text in items:
        hit = store.get(name, text)
        if hit is None:
            missing.append((name, text))
        else:
            found[name] = hit
    for (name, text), parsed in zip(missing, parse_all(missing, jobs), strict=True):
        found[name] = parsed
        store.put(name, text, *parsed, entry=store.entries[name])  # as get() named it
    return [(name, found[name]) for name, _ in items]


_OVERLAID = (-1, -1)  # the stamp of a parse of an overlaid text (compared by its text)
MAX_SOURCE_BYTES = 16 * 1024 * 1024  # a 20,000-verse campaign is a few megabytes in all


def _refused(path: Path, inside: Path, links: str) -> tuple[str, str] | None:
    """Why ``path`` must not be read (its reason and hint), or None. A link to
    ``/proc/self/environ`` would show the environment in diagnostics, ``/dev/zero``
    exhaust memory and a FIFO hang the check."""
    try:
        info = path.lstat()
        linked = stat.S_ISLNK(info.st_mode)
        if linked:
            info = path.stat()
    except OSError:
        return None  # reading it says why (a dangling link: no such file)
    # A file that is no link, found under the resolved folder by a walk that never follows
    # linked folders, is inside it: only the others are resolved (an editor asks for
    # every file on every keystroke).
    if links != "anywhere" and (linked or not _below(path, inside)) \
            and not path.resolve().is_relative_to(inside):
        return ("it is a link that leads out of the campaign folder",
                'move the file into the campaign, or allow it with `links = "anywhere"` in tgc.toml')
    if not stat.S_ISREG(info.st_mode):
        return "it is not a regular file", "a campaign holds only plain .tgj text files"
    if info.st_size > MAX_SOURCE_BYTES:
        return (f"it is larger than {MAX_SOURCE_BYTES // (1024 * 1024)} MB",
                "split the campaign into several files")
    return None


def _below(path: Path, folder: Path) -> bool:
    """``path.is_relative_to(folder)`` for an absolute folder, on strings."""
    text, base = str(path), str(folder)
    return text == base or text.startswith(base if base.endswith(os.sep) else base + os.sep)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)
