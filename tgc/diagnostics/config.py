"""Configuration stage: a campaign folder in, the user's severity overrides out, read from
``[tool.tgc]`` in ``pyproject.toml`` or from a ``tgc.toml`` (same schema, top level).

The search starts at the checked folder (or a checked file's folder) and walks up to
the project root: the first folder holding either file or ``.git``. ``tgc.toml`` wins
when a folder has both, a ``pyproject.toml`` without ``[tool.tgc]`` still ends the
search, and so does ``.git`` (no configuration above the project applies). The schema::

    [tool.tgc.severity]          # in tgc.toml: [severity]
    TGC119 = "error"             # a code, any case
    unknown-icon = "ignore"      # or a kebab-case name

    [tool.tgc.print]             # the printer profile: read by tgc.render.profile

Every problem with the file (unreadable, invalid TOML, an unknown key, code, name or
severity, a rule named twice with different severities, an attempt to change
``TGC999``) is a TGC902 diagnostic pointing into the file; loading never raises.
Entries that are valid still apply when others are not.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from tgc.diagnostics.codes import diag, lookup
from tgc.diagnostics.model import Diagnostic, Severity
from tgc.diagnostics.suggest import did_you_mean_rule
from tgc.limits import LimitError, load_toml
from tgc.source import SourceFile, Span

CONFIG_FILES = ("tgc.toml", "pyproject.toml")  # precedence within one folder
KNOWN_KEYS = ("severity", "print", "links", "include")
LINK_POLICIES = ("inside", "anywhere")  # where a linked .tgj file may lead
FIXED_CODES = frozenset({"TGC999"})  # internal errors are always errors
_SEVERITIES = tuple(s.value for s in Severity)


@dataclass(frozen=True, slots=True)
class Config:
    """The effective configuration: where it came from and the severity per code."""

    path: Path | None = None
    source: SourceFile | None = None  # the config file's text, so its diagnostics show a snippet
    severities: Mapping[str, Severity] = field(default_factory=dict)
    table: Mapping[str, Any] = field(default_factory=dict)  # the whole tgc table, for other readers
    links: str = "inside"  # `links = "anywhere"` lets a linked .tgj lead out of the campaign
    # Folders of rule data read with the campaign: `include = ["../rules", "lantern-stones"]`.
    include: tuple[Path, ...] = ()

    def severity_of(self, code: str, default: Severity) -> Severity:
        """The configured severity of ``code``, or ``default`` when it is not configured."""
        if code in FIXED_CODES:
            return default
        return self.severities.get(code, default)

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """The diagnostics with configured severities; ``ignore``d ones are dropped."""
        out: list[Diagnostic] = []
        for d in diagnostics:
            severity = self.severity_of(d.code, d.severity)
            if severity is Severity.IGNORE:
                continue
            out.append(d if severity is d.severity else d.with_severity(severity))
        return out


def find_config(start: Path) -> Path | None:
    """The configuration file that governs ``start``, or None when there is none.

    The search ends at the campaign's project root, the first folder (from ``start`` up)
    holding ``.git``, ``pyproject.toml`` or ``tgc.toml``: a config planted in a folder
    above the project can never silence its diagnostics. A config file that another user
    owns or may write is refused the same way (``tgc check --debug`` says which file was
    used)."""
    folder = start.resolve()
    if folder.is_file():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        for name in CONFIG_FILES:
            if (candidate / name).is_file():
                return candidate / name if _trusted(candidate / name) else None
        if (candidate / ".git").exists():
            return None
    return None


def _trusted(path: Path) -> bool:
    """Owned by the user running tgc (or by root) and not writable by every user."""
    try:
        info = path.stat()
    except OSError:
        return True  # reading it will say what is wrong
    owners = {0, os.getuid()} if hasattr(os, "getuid") else {info.st_uid}
    return info.st_uid in owners and not info.st_mode & 0o002


_Stamp = tuple[str, str, str, int, int]  # start, file, working folder, mtime, size
_LOADED: dict[_Stamp, tuple[Config, tuple[Diagnostic, ...]]] = {}


def load_config(start: Path) -> tuple[Config, list[Diagnostic]]:
    """Find and read the configuration for the campaign at ``start``. A file read before
    and unchanged since (same modification time and size) is not read again: an editor
    asks on every keystroke, and a project's pyproject.toml can be long."""
    path = find_config(start)
    if path is None:
        return Config(), []
    try:
        info = path.stat()
        stamp: _Stamp | None = (str(start), str(path), os.getcwd(), info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = None
    if stamp is not None and stamp in _LOADED:
        config, diags = _LOADED[stamp]
        return config, list(diags)
    config, found = _read_config(start, path)
    if stamp is not None:
        if len(_LOADED) >= 16:
            _LOADED.clear()
        _LOADED[stamp] = (config, tuple(found))
    return config, found


def _read_config(start: Path, path: Path) -> tuple[Config, list[Diagnostic]]:
    name = _display(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else "not valid UTF-8"
        span = Span(name, 1, 1, 1, 2)
        return Config(path), [diag("TGC902", span, detail=f"cannot read {name}: {reason}")]
    source = SourceFile.from_text(name, text)
    try:
        document = load_toml(source.text)
    except tomllib.TOMLDecodeError as exc:
        return Config(path, source), [_syntax_error(source, exc)]
    except LimitError as exc:
        return Config(path, source), [diag("TGC902", Span(name, 1, 1, 1, 2), detail=str(exc))]
    reader = _Reader(source, "tool.tgc" if path.name == "pyproject.toml" else "")
    severities = reader.read(document)
    include = reader.read_include(reader.table.get("include", []), start if start.is_dir() else start.parent)
    return (Config(path, source, severities, reader.table, reader.links, include),
            reader.diagnostics)


def _display(path: Path) -> str:
    """The path as diagnostics show it: relative to the working folder when inside it."""
    try:
        return path.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def _syntax_error(source: SourceFile, exc: tomllib.TOMLDecodeError) -> Diagnostic:
    message = str(exc)
    match = _TOML_POSITION.search(message)
    line, col = (int(match[1]), int(match[2])) if match else (1, 1)
    detail = _TOML_POSITION.sub("", message) if match else message
    span = Span(source.name, line, col, line, col + 1)
    return diag("TGC902", span, detail=f"invalid TOML: {detail}")


class _Reader:
    """Validates the ``tool.tgc`` table (or a whole tgc.toml) and collects TGC902s."""

    def __init__(self, source: SourceFile, prefix: str) -> None:
        self.source = source
        self.prefix = prefix
        self.diagnostics: list[Diagnostic] = []
        self.table: dict[str, Any] = {}
        self.links = "inside"
        self._index: dict[str, Span] | None = None
        self._hints = 100  # did-you-mean hints given at most (a file of 10,000 typos stays fast)
        self._scans = 100

    def read(self, document: dict[str, Any]) -> dict[str, Severity]:
        table: Any = document
        for part in self.prefix.split(".") if self.prefix else ():
            table = table.get(part) if isinstance(table, dict) else None
        if table is None:
            return {}
        if not isinstance(table, dict):
            self._error(f"`{self.prefix}` must be a table", self.prefix.split(".")[-1])
            return {}
        self.table = table
        for key in table:
            if key not in KNOWN_KEYS:
                where = f"[{self.prefix}]" if self.prefix else self.source.name
                hint = _did_you_mean(key, KNOWN_KEYS)
                self._error(f"unknown key `{key}` in {where}", key, hint)
        links = table.get("links", "inside")
        if links in LINK_POLICIES:
            self.links = links
        else:
            self._error(f"`links` is \"inside\" or \"anywhere\", not {links!r}"[:200], "links", value=True)
        return self.read_severity(table.get("severity", {}))

    def read_include(self, value: Any, campaign: Path) -> tuple[Path, ...]:
        """``include``: folders of ``.tgj`` rule data read with the campaign, each a path
        relative to the campaign folder or the name of a rules library that ships with
        tgc (``lantern-stones``); only the files inside each folder named are read."""
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self._error("`include` is a list of folders or library names, such as "
                        '["../rules", "lantern-stones"]', "include", value=True)
            return ()
        from tgc import rulesets

        libraries = rulesets.libraries()
        found: list[Path] = []
        for entry in value:
            folder = campaign / entry
            if "/" in entry or entry.startswith(".") or folder.is_dir():
                if folder.is_dir():
                    found.append(folder)
                else:
                    self._error(f"`include`: no folder {entry[:100]!r} beside the campaign "
                                f"({campaign})", "include",
                                "a folder is named relative to the campaign folder", value=True)
            elif entry in libraries:
                found.append(libraries[entry])
            else:
                names = sorted(libraries)
                self._error(f"`include`: no rules library {entry[:100]!r}", "include",
                            _did_you_mean(entry, names) or f"the libraries: {', '.join(names)}; "
                            "a folder is written as a path (`./rules`)", value=True)
        return tuple(dict.fromkeys(found))

    def read_severity(self, table: Any) -> dict[str, Severity]:
        name = self._table_name("severity")
        if not isinstance(table, dict):
            self._error(f"`{name}` must be a table of codes or names", "severity")
            return {}
        severities: dict[str, Severity] = {}
        keys: dict[str, str] = {}
        for key, value in table.items():
            rule = lookup(key)
            if rule is None:
                self._hints -= 1
                hint = did_you_mean_rule(key) if self._hints >= 0 else None
                self._error(f"no diagnostic code or name `{key}` in [{name}]", key, hint)
                continue
            severity = self._severity(key, value, rule.code)
            if severity is None:
                continue
            if rule.code in severities and severities[rule.code] is not severity:
                detail = f"`{key}` and `{keys[rule.code]}` give {rule.code} different severities"
                self._error(detail, key, "keep one of them")
                continue
            severities[rule.code] = severity
            keys[rule.code] = key
        return severities

    def _severity(self, key: str, value: Any, code: str) -> Severity | None:
        if not isinstance(value, str) or value not in _SEVERITIES:
            shown = f'"{value}"' if isinstance(value, str) else repr(value)
            hint = _did_you_mean(str(value), _SEVERITIES) or "use one of " + ", ".join(
                f'"{s}"' for s in _SEVERITIES
            )
            self._error(f"{shown} is not a severity (for `{key}`)", key, hint, value=True)
            return None
        severity = Severity(value)
        if code in FIXED_CODES and severity is not Severity.ERROR:
            self._error(f"the severity of {code} cannot be changed", key, value=True)
            return None
        return severity

    def _table_name(self, key: str) -> str:
        return f"{self.prefix}.{key}" if self.prefix else key

    def _error(self, detail: str, key: str, hint: str | None = None, value: bool = False) -> None:
        if self._index is None:
            self._index = _assignments(self.source)
        found = self._index.get(key + ("=" if value else ""))
        if found is None:
            # A key the index cannot hold (quoted, with spaces): searched for, a hundred times
            # at most, then shown at the table's header.
            self._scans -= 1
            found = locate(self.source, key, value) if self._scans >= 0 else _header_span(self.source)
        span = found
        self.diagnostics.append(diag("TGC902", span, hint, detail=detail))


_ASSIGNMENT = re.compile(r"(?<![\w\-])(?P<key>([\"']?)(?P<bare>[\w\-]+)\2)[ \t]*=[ \t]*")


def _assignments(source: SourceFile) -> dict[str, Span]:
    """Where each plain key is first assigned (``KEY``), and its value (``KEY=``), in the
    order :func:`locate` searches, built in one pass: locating 10,000 bad keys one by one
    took 27 s."""
    found: dict[str, Span] = {}
    start = _header_line(source)
    for number in [*range(start, len(source.lines) + 1), *range(1, start)]:
        text = source.line(number)
        for match in _ASSIGNMENT.finditer(text):
            if "#" in text[: match.start()] or match["bare"] in found:
                continue
            first, last = match.span("key")
            found[match["bare"]] = Span(source.name, number, first + 1, number, last + 1)
            value_end = max(_value_end(text, match.end()), match.end() + 1)
            found[match["bare"] + "="] = Span(source.name, number, match.end() + 1, number, value_end + 1)
    return found


def locate(source: SourceFile, key: str, value: bool = False) -> Span:
    """Where ``key`` is assigned (or its value, with ``value``); TOML parsers give no spans.

    The first assignment from the tgc table's header on wins, then the first anywhere;
    failing both, the header line, then line 1.
    """
    quoted = r"(?P<key>([\"']?)" + re.escape(key) + r"\2)"
    assignment = re.compile(r"(?<![\w\-])" + quoted + r"\s*=\s*")
    start = _header_line(source)
    for number in [*range(start, len(source.lines) + 1), *range(1, start)]:
        text = source.line(number)
        match = assignment.search(text)
        if match is None or "#" in text[: match.start()]:
            continue
        first, last = match.span("key")
        if value:
            first, last = match.end(), max(_value_end(text, match.end()), match.end() + 1)
        return Span(source.name, number, first + 1, number, last + 1)
    return _header_span(source)


def _header_span(source: SourceFile) -> Span:
    start = _header_line(source)
    text = source.line(start)
    return Span(source.name, start, 1, start, max(len(text), 1) + 1)


_HEADER = re.compile(r"^\s*\[\s*(tool\s*\.\s*tgc|severity|print)\b")


def _header_line(source: SourceFile) -> int:
    for number, text in enumerate(source.lines, start=1):
        if _HEADER.match(text):
            return number
    return 1


def _value_end(text: str, start: int) -> int:
    """The index just past a simple TOML value starting at ``start`` (a string or a word)."""
    if start < len(text) and text[start] in "\"'":
        close = text.find(text[start], start + 1)
        return close + 1 if close != -1 else len(text)
    match = re.compile(r"[^,}#\s]*").match(text, start)
    return match.end() if match else start


def _did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    pool = list(candidates)
    close = get_close_matches(word, pool, n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None
