"""The parse cache on disk: a parsed file (its AST and syntax diagnostics) stored under
the hash of its name and text, so a new `tgc check` process parses only the files
that changed since the last run; beside them, the facts of the last check
(tgc/project/facts.py, one file per campaign, signed and trusted in the same way).

Entries are pickled, because the AST is millions of small tuples and pickle loads
them fastest: JSON rebuilt into the tree's own classes by a decoder hook, the safe
candidate, loads 1.5 times slower (docs/reliability.md, "The parse cache"). Pickle
runs code from the data it loads, so the cache never lives in the campaign folder (a cloned
repository could carry a planted one) and every entry is signed with HMAC-SHA256
under a key that only this user can read; an entry that fails the check, is corrupt
or was made by other tgc code (another version, or the same version edited: the key
holds a hash of the package's own source files) is ignored and parsed again. Bundles
and save files are never pickled.

A check that keeps facts (`tgc check`) stores a text seen for the first time as the text
alone, not its tree: pickling the trees was as costly as parsing them, and a first check
(a fresh clone, CI, a new tgc) often has no next run that needs them. The next check of a
prose edit needs no tree of an unchanged file (its facts say what it needs), and reparses
the one earlier text it compares shapes with; a run that must parse a text again finds
its text entry and keeps the tree this time, so no text is parsed more than twice. Every
other run (a build, the Python API) stores the tree at once.

Whoever can write the cache folder could plant a key and a signed pickle, so nothing is
trusted that another user could have written: the folders are created private (0700)
and the key 0600, and a folder, key or entry that is not this user's own, is readable
or writable by others, or is a symbolic link, turns the cache off for the run (with the
reason in :attr:`ParseStore.problem`, which `tgc check` prints as a warning). Files are
opened with ``O_NOFOLLOW`` and checked with ``lstat``/``fstat``, so no link is followed
out of the cache: neither to overwrite a key's target nor to prune another folder.
"""

from __future__ import annotations

import copyreg
import hashlib
import hmac
import io
import os
import pickle
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from tgc import rulesets, source
from tgc.diagnostics.model import Diagnostic
from tgc.project.facts import Facts
from tgc.syntax import ast
from tgc.syntax.grammar_file import grammar_bytes
from tgc.version import __version__

ENV_DIR = "TGC_CACHE_DIR"
FACTS = ".check-facts"  # a dot: never taken for an entry, never pruned
_MAC_SIZE = 32
TEXT = b"tgc-text\0"  # opens an entry that holds a file's text, not its parse (never a pickle's start)


def cache_root() -> Path:
    """``$TGC_CACHE_DIR``, else ``$XDG_CACHE_HOME/tgc``, else ``~/.cache/tgc``."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tgc"


@lru_cache(maxsize=1)
def code_hash() -> str:
    """A hash of the grammar and of every source file of the tgc package itself: a parse
    cached by other code (an upgrade, a local edit, another checkout) is never served,
    whatever the version number says. Computed once per process (about 1 MB to read);
    found with ``os.scandir`` rather than ``Path.rglob``, which took twice as long (every
    cached run pays it: 17-23 ms against 8-11 ms of CPU for the 302 files)."""
    digest = hashlib.sha256(grammar_bytes())
    for name, path in sorted(package_sources(str(Path(__file__).resolve().parents[1]))):
        digest.update(name.encode() + b"\0")
        with open(path, "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()[:16]


def package_sources(folder: str, prefix: str = "") -> list[tuple[str, str]]:
    """Every ``*.py`` file under ``folder`` as (its path from there with ``/``, its path),
    bytecode folders and linked folders left out."""
    found: list[tuple[str, str]] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    found += package_sources(entry.path, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".py"):
                found.append((prefix + entry.name, entry.path))
    return found


def _words_hash() -> str:
    """What parsing reads from the registry (every ruleset's declaration kinds, icons and
    icon synonyms):
    a ruleset registered since a file was cached changes how that file parses."""
    words = "\n".join([*rulesets.declaration_kinds(), "", *sorted(rulesets.icons()), "",
                       *(f"{k}={v}" for k, v in sorted(rulesets.icon_synonyms().items()))])
    return hashlib.sha256(words.encode()).hexdigest()[:16]


class ParseStore:
    """Signed parse results of one campaign folder, one file per source file."""

    def __init__(self, campaign: Path, root: Path | None = None, *, texts_first: bool = False) -> None:
        self.base = root if root is not None else cache_root()
        where = hashlib.sha256(str(campaign.resolve()).encode()).hexdigest()[:24]
        self.folder = self.base / "parse" / where
        self.salt = f"{__version__}:{code_hash()}:{_words_hash()}"
        self._key: bytes | None = None
        self.problem: str | None = None  # why the cache is off for this run, if it is
        self.entries: dict[str, str] = {}  # this run's entry of each file asked for, by name
        self._retained: set[str] = set()
        self._checked = False  # the store's folders found private this run
        # A text seen for the first time is stored as its text, not its tree (see above).
        self.texts_first = texts_first
        self._texts: set[str] = set()  # entries found holding a text this run

    # ------------------------------------------------------------ keys

    def key(self) -> bytes:
        """The user's signing key, created on first use, readable by this user only.
        Raises OSError (the cache is then off) when the folder or the key is not private."""
        if self._key is None:
            self._private_dir(self.base)
            path = self.base / "key"
            try:
                self._key = _read_private(path)
            except FileNotFoundError:
                self._key = b""
            except OSError:  # a link, another user's file, readable by others
                self._refuse(f"{path} is not a private file of this user")
            if len(self._key) != 32:
                if self._key:
                    os.unlink(path)  # a short key of our own: replace it, never write through
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
                with os.fdopen(fd, "wb") as handle:
                    handle.write(os.urandom(32))
                self._key = _read_private(path)
        return self._key

    def _private_dir(self, path: Path) -> None:
        """Create ``path`` (0700) or check that it is this user's own private folder."""
        try:
            os.makedirs(path, mode=0o700, exist_ok=True)
        except OSError as err:
            self._refuse(f"{path}: {err.strerror or err}")
        info = os.lstat(path)
        if not stat.S_ISDIR(info.st_mode):
            self._refuse(f"{path} is not a folder (a link?)")
        if info.st_uid != _uid():
            self._refuse(f"{path} belongs to another user; set TGC_CACHE_DIR to a folder of your own")
        if info.st_mode & 0o077:
            # Our own folder, made under a loose umask: tighten it. Whatever another user may
            # have put there meanwhile is not ours and is never read (see _read_private).
            os.chmod(path, 0o700)

    def _folders(self) -> None:
        """Check, once per run, that the store's folders are this user's own private ones
        (creating them): no other user can change a private folder afterwards, so the
        hundreds of entries of a cold run are read and written without looking again."""
        if not self._checked:
            self._private_dir(self.folder.parent)
            self._private_dir(self.folder)
            self._checked = True

    def _refuse(self, reason: str) -> NoReturn:
        self.problem = self.problem or reason
        raise PermissionError(reason)

    def entry_name(self, name: str, text: str) -> str:
        digest = hashlib.sha256(f"{self.salt}\0{name}\0".encode() + text.encode()).hexdigest()
        return digest[:40]

    # ------------------------------------------------------------ read / write

    def get(self, name: str, text: str) -> tuple[ast.File, list[Diagnostic]] | None:
        """The cached parse of this exact text, or None (missing, tampered, corrupt)."""
        entry = self.entry_name(name, text)
        self.entries[name] = entry
        return self.get_entry(name, entry)

    def get_entry(self, name: str, entry: str) -> tuple[ast.File, list[Diagnostic]] | None:
        """The parse stored under ``entry``, which may be another version of the file (the
        facts name the entry they checked), or None."""
        if len(entry) != 40 or not all(c in "0123456789abcdef" for c in entry):
            return None
        payload = self._signed(self.folder / entry)
        if payload is None:
            return None
        if payload.startswith(TEXT):
            self._texts.add(entry)  # parsed once before: this time the tree is kept
            return None
        try:
            tree, diags = pickle.loads(payload)
        except Exception:  # a signed but unreadable entry: treat as missing
            return None
        if not isinstance(tree, ast.File) or tree.name != name:
            return None
        return tree, list(diags)

    def get_text(self, name: str, entry: str) -> str | None:
        """The text of ``name`` stored under ``entry`` when that entry holds a text, not a
        parse, else None."""
        if len(entry) != 40 or not all(c in "0123456789abcdef" for c in entry):
            return None
        payload = self._signed(self.folder / entry)
        if payload is None or not payload.startswith(TEXT):
            return None
        try:
            text = payload[len(TEXT):].decode("utf-8")
        except UnicodeDecodeError:
            return None
        return text if self.entry_name(name, text) == entry else None

    def put(self, name: str, text: str, tree: ast.File, diags: list[Diagnostic],
            entry: str | None = None) -> None:
        """Store one parse (with ``texts_first``, a text never stored before as the text
        alone); a cache that cannot be written is simply not used. ``entry``: the text's
        entry name when the caller has it (hashing 16 MB of text again costs 20-30 ms)."""
        entry = entry if entry is not None else self.entry_name(name, text)
        self.entries[name] = entry
        if self.texts_first and entry not in self._texts:
            self._write(entry, lambda: TEXT + text.encode("utf-8"))
            return
        self._write(entry, lambda: _dumps((tree, tuple(diags))))

    def get_facts(self) -> Facts | None:
        """What the last `tgc check` of this campaign kept (tgc/project/facts.py), or None
        (none, tampered, corrupt, or made by other tgc code)."""
        payload = self._signed(self.folder / FACTS)
        if payload is None:
            return None
        try:
            facts = pickle.loads(payload)
        except Exception:
            return None
        return facts if isinstance(facts, Facts) and facts.salt == self.salt else None

    def put_facts(self, facts: Facts) -> None:
        self._write(FACTS, lambda: pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL))

    def retain(self, entries: Iterable[str]) -> None:
        """Entries :meth:`prune` keeps although this run's files no longer have them: the
        earlier versions the facts were checked against."""
        self._retained.update(entries)

    def _signed(self, path: Path) -> bytes | None:
        """The payload of a private file of this store whose signature holds, or None."""
        try:
            key = self.key()
            self._folders()
            data = _read_private(path)
        except OSError:
            return None
        mac, payload = data[:_MAC_SIZE], data[_MAC_SIZE:]
        if not hmac.compare_digest(mac, hmac.new(key, payload, "sha256").digest()):
            return None
        return payload

    def _write(self, name: str, payload: Callable[[], bytes]) -> None:
        """Sign and replace one file of the store atomically; a cache that cannot be
        written is simply not used."""
        try:
            data = payload()
            data = hmac.new(self.key(), data, "sha256").digest() + data
            self._folders()
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-")
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, self.folder / name)
        except OSError:
            return

    def prune(self, keep: set[str]) -> None:
        """Remove entries of files that no longer exist or changed (keeps the folder small)."""
        keep = keep | self._retained
        for path in self._entries():
            if path.name not in keep:
                try:
                    path.unlink()
                except OSError:
                    pass

    def _entries(self) -> Iterator[Path]:
        """This store's entry files: never through a linked or foreign folder, never a link."""
        try:
            self._private_dir(self.folder)
            paths = list(self.folder.iterdir())
        except OSError:
            return
        for path in paths:
            try:
                if not path.name.startswith(".") and stat.S_ISREG(os.lstat(path).st_mode):
                    yield path
            except OSError:
                continue


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _uid() -> int:
    return os.getuid() if hasattr(os, "getuid") else -1


def _read_private(path: Path) -> bytes:
    """The bytes of a regular file this user owns and no one else may read or write,
    opened without following a link; OSError otherwise."""
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != _uid() or info.st_mode & 0o077:
            raise PermissionError(f"{path} is not a private file of this user")
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read()
    finally:
        os.close(fd)


def _dumps(value: object) -> bytes:
    """Pickle a parse. The AST's named tuples are written as ``tuple.__new__(cls, items)``:
    the same bytes to load (a C call per node, as before), but dumping skips namedtuple's
    Python-level ``__getnewargs__`` per node, 40% of the cost of writing a cold cache."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _reducers()
    pickler.dump(value)
    return buffer.getvalue()


Reducer = Callable[[Any], tuple[Callable[..., Any], tuple[Any, ...]]]


@lru_cache(maxsize=1)
def _reducers() -> dict[type, Any]:
    """copyreg's reducers, and one for every named tuple of the AST and of spans."""
    table: dict[type, Any] = dict(copyreg.dispatch_table)
    for module in (ast, source):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields"):
                table[value] = _as_tuple(value)
    return table


def _as_tuple(cls: type) -> Reducer:
    def reduce(node: tuple[Any, ...]) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return tuple.__new__, (cls, tuple(node))
    return reduce
