"""Bundle stage, the files: a Bundle in, canonical JSON bytes out (and back), written
atomically. Loading never raises anything but BundleError, whose message names the
problem in plain words (not JSON, not a bundle, a newer format, a field at a JSON path,
a reference to nothing or a count beyond its maximum: tgc/bundle/validate.py).

Example:
    >>> from tgc.bundle.io import parse_bundle
    >>> parse_bundle('{"kind": "tgc-bundle", "format": 4}', "x.json")
    Traceback (most recent call last):
    ...
    tgc.bundle.io.BundleError: x.json: bundle format 4 is newer than this tgc supports (3); upgrade tgc
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from pydantic import ValidationError

from tgc.bundle.preflight import TEMP_NAME
from tgc.bundle.schema import BUNDLE_FORMAT, BUNDLE_KIND, Bundle
from tgc.bundle.validate import Invalid, validate
from tgc.collector import paused_gc
from tgc.limits import LimitError, load_json, numbers_within

MAX_SHOWN_ERRORS = 5
# What changed since each older format, said when one is loaded (docs/bundle.md).
OLDER = {
    1: "records keep all their header words and rule data is typed",
    2: "rule data is typed (`rules`) instead of `cards` and `characters` records",
}


class BundleError(Exception):
    """A bundle file that cannot be loaded; the message is meant for the user."""


def dump_bundle(bundle: Bundle) -> str:
    """Canonical JSON: sorted keys, no spaces, UTF-8 text, one trailing newline. The same
    bundle always gives the same text, whatever the hash seed or dict order."""
    data = bundle.model_dump(mode="json")
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def write_atomic(path: Path, text: str | bytes) -> int:
    """Replace ``path`` with ``text`` (UTF-8, or bytes as they are) so no reader ever sees
    half a file: write a temporary file in the same folder, then rename it over the target.
    Returns the size."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:TEMP_NAME]}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _file_mode(path))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(data)


def _file_mode(path: Path) -> int:
    """Keep the mode of the file being replaced; a new file gets the usual 0o666 & ~umask
    (mkstemp's own 0o600 would surprise whoever shares the build folder)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def load_bundle(path: Path) -> Bundle:
    """Read and validate a bundle file."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise BundleError(f"{path}: cannot read the bundle: {err.strerror or err}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BundleError(f"{path}: not a bundle: byte {err.start} is not UTF-8") from None
    return parse_bundle(text, str(path))


def parse_bundle(text: str, name: str = "<bundle>") -> Bundle:
    """Validate bundle JSON text; ``name`` is used in messages."""
    try:
        with paused_gc():
            bundle = Bundle.model_validate_json(text)
    except ValidationError as err:
        error = err
    else:
        try:
            numbers_within(text)
            validate(bundle)
        except (Invalid, LimitError) as err:
            raise BundleError(f"{name}: not a valid bundle: {err}") from None
        return bundle
    # Slow path, only to explain the failure: a newer bundle should say "upgrade", and
    # not JSON should say so, before any list of field errors.
    try:
        data = load_json(text)
    except json.JSONDecodeError as json_err:
        raise BundleError(f"{name}: not JSON: {json_err.msg} at line {json_err.lineno}, "
                          f"column {json_err.colno}") from None
    except LimitError as limit_err:
        raise BundleError(f"{name}: not a valid bundle: {limit_err}") from None
    _check_header(data, name)
    raise BundleError(_validation_message(error, data, name)) from None


def _check_header(data: object, name: str) -> None:
    """Kind and format first: a newer bundle should say "upgrade", not list 40 errors."""
    if not isinstance(data, dict) or data.get("kind") != BUNDLE_KIND:
        raise BundleError(f'{name}: not a tgc bundle (expected an object with "kind": '
                          f'"{BUNDLE_KIND}")')
    fmt = data.get("format")
    if type(fmt) is not int:
        raise BundleError(f"{name}: the bundle has no valid format version (found "
                          f"{json.dumps(fmt)}; this tgc reads format {BUNDLE_FORMAT})")
    if fmt > BUNDLE_FORMAT:
        raise BundleError(f"{name}: bundle format {fmt} is newer than this tgc supports "
                          f"({BUNDLE_FORMAT}); upgrade tgc")
    if 1 <= fmt < BUNDLE_FORMAT:
        raise BundleError(f"{name}: bundle format {fmt} is older than the format this tgc "
                          f"reads ({BUNDLE_FORMAT}, where {OLDER[fmt]}); rebuild it from its "
                          "sources with `tgc build`")
    if fmt != BUNDLE_FORMAT:
        raise BundleError(f"{name}: unknown bundle format {fmt} (this tgc reads format "
                          f"{BUNDLE_FORMAT}); rebuild the bundle with `tgc build`")


def _validation_message(err: ValidationError, data: object, name: str) -> str:
    problems = err.errors(include_url=False)
    lines = [f"{name}: not a valid bundle ({len(problems)} problem"
             f"{'s' if len(problems) != 1 else ''}):"]
    for problem in problems[:MAX_SHOWN_ERRORS]:
        lines.append(f"  at {json_path(problem['loc'], data)}: {problem['msg']}")
    if len(problems) > MAX_SHOWN_ERRORS:
        lines.append(f"  ... and {len(problems) - MAX_SHOWN_ERRORS} more")
    return "\n".join(lines)


def json_path(loc: tuple[int | str, ...], data: object) -> str:
    """A pydantic error location as a JSON path into ``data``. Pydantic inserts the tag of
    a tagged union into the location (``ops.0.divert.target``); walking the data tells
    a tag (the object's own ``kind``, not one of its keys) from a key.

    >>> data = {"verses": [{"ops": [{"kind": "divert", "target": 3}]}]}
    >>> json_path(("verses", 0, "ops", 0, "divert", "target"), data)
    '$.verses[0].ops[0].target'
    >>> json_path(("ops", 0, "text", "text"), {"ops": [{"kind": "text", "text": 5}]})
    '$.ops[0].text'
    """
    out, node, tagged = "$", data, False
    for part in loc:
        if not tagged and isinstance(node, dict) and node.get("kind") == part:
            tagged = True  # the tag comes first: {"kind": "text", "text": 5} is at text.text
            continue
        tagged = False
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            node = None
    return out
