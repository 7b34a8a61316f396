"""Bundle stage, before writing: every file a build will write is known to be writable
before the first one is. A build replaces tgc.lock, the bundle, its pages, PDFs and the
web player; if the fifth write failed (a name too long for the file system, a folder that
cannot be created, a folder where the bundle goes), the first four would be left behind
with a TGC999, and tgc.lock would hold numbers of a build that never happened. So the
write stage asks here first, and a problem is one clear message naming the path.

Example:
    >>> from pathlib import Path
    >>> check_writable([Path("/dev/null/x.bundle.json")])
    Traceback (most recent call last):
    ...
    tgc.bundle.preflight.Unwritable: cannot write /dev/null/x.bundle.json: /dev/null is not a folder
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

# write_atomic's temporary file is named `.NAME.XXXXXXXX.tmp`, NAME cut to this length.
TEMP_NAME = 64


class Unwritable(ValueError):
    """A path a build cannot write; the message is meant for the user."""


def check_writable(paths: Iterable[Path]) -> None:
    """Raise :class:`Unwritable` for the first of ``paths`` that cannot be written: a
    name longer than its file system allows, a folder (or a file) in the way, a parent
    that is not a folder or cannot be created, a folder that refuses a new file (proved by
    creating and removing one temporary file in it). Nothing is left behind."""
    proved: set[Path] = set()
    for path in paths:
        _check_name(path)
        if path.is_dir():
            raise Unwritable(f"cannot write {path}: a folder of that name is in the way")
        folder = _existing_ancestor(path)
        if folder not in proved:
            _try_file(folder, path)
            proved.add(folder)


def _existing_ancestor(path: Path) -> Path:
    """The nearest folder above ``path`` that exists (the rest the write creates); a file
    on the way is an error."""
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise Unwritable(f"cannot write {path}: {parent} is not a folder")
            return parent
    return Path(".")


def _check_name(path: Path) -> None:
    for part in (path.name, *(p.name for p in path.parents if not p.exists())):
        limit = _name_max(path)
        if len(os.fsencode(part)) > limit:
            raise Unwritable(f"cannot write {path}: the name `{part[:40]}...` is "
                             f"{len(os.fsencode(part))} bytes long; this file system allows {limit}")


def _name_max(path: Path) -> int:
    for parent in path.parents:
        if parent.exists():
            try:
                return os.pathconf(parent, "PC_NAME_MAX")
            except (OSError, ValueError):
                break
    return 255


def _try_file(folder: Path, path: Path) -> None:
    try:
        fd, tmp = tempfile.mkstemp(prefix=".tgc-write-check.", dir=folder)
    except OSError as err:
        reason = "permission denied" if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS) \
            else (err.strerror or str(err))
        raise Unwritable(f"cannot write {path}: {folder}: {reason}") from None
    os.close(fd)
    os.unlink(tmp)
