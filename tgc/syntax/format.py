"""`tgc fmt`: the canonical layout of a ``.tgj`` file, line by line.

What it changes: trailing whitespace; the indentation of verse lines (none) and of
property lines (two spaces, deeper lines keep their depth relative to the property);
one space after the sigils (`== 101.1`, `= name`, `* text`, `~ if`, `-> end`), around
every `->` of a structural line and between the words of a declaration header or a
logic line, `; ` and `: ` between a logic line's parts; inside a
choice's guard no space after `{` or before `}`, `; ` between conditions, one space
after `}`; `key: value` in properties; exactly one newline at the end of the file.

Between lines: runs of blank lines become one, the file starts with no blank line, and
every verse header (with the comment lines right above it) has one blank line before it,
as has a declaration that follows a verse (declarations next to each other keep the
writer's grouping). The properties of the declarations whose keys the core defines
(`@campaign`, `@location`, `@secret`, `@item`) come in one order (`PROPERTY_ORDER`): a
property moves with the comment lines right above it and its continuation lines; the
lines the order does not name (hooks, actions, a ruleset's keys) keep their order.

So lines move, and a formatted file has new line numbers (the bundle's `source_map`,
the translation catalogues' references, diagnostics' positions); what it means does
not change. It never changes prose, strings or comments (a comment keeps its text and
the gap before it), never puts a blank line between a comment and the line below it
(a `// tgc: ignore[...]` line covers the next line) and never removes the only blank
line between two lines.

Never changing meaning is checked, not hoped for: the formatted text is parsed again and
its syntax tree, spans aside (and properties in the order above), must equal the
original's; when it does not (or when the
file has syntax errors) the file is left as it is and the caller is told why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import assert_never

from tgc.source import SourceFile
from tgc.syntax.parser import classify, comment_at, parse_source
from tgc.syntax.phrases import outside_strings

_ARROW = re.compile(r"\s*->\s*")
_SPACES = re.compile(r"[ \t]+")
_SEMI = re.compile(r"[ \t]*;[ \t]*")
_COLON = re.compile(r"[ \t]*:[ \t]*")
_KEY = re.compile(r"^([\w-]+)[ \t]*:[ \t]*(.*)$")

# The order of a declaration's properties, for the kinds whose keys the core reads;
# "*" stands for every line the list does not name, kept in the order written.
PROPERTY_ORDER: dict[str, tuple[str, ...]] = {
    "campaign": ("ruleset", "start", "players", "*"),
    "location": ("legacy", "seals", "keys", "*", "text"),
    "secret": ("keywords", "*", "text"),
    "item": ("keywords", "*", "text"),
}


@dataclass(frozen=True)
class Formatted:
    """The formatted text, or the original with ``problem`` saying why it was kept."""

    text: str
    original: str
    problem: str | None = None

    @property
    def changed(self) -> bool:
        return self.problem is None and self.text != self.original


def format_source(name: str, text: str) -> Formatted:
    """The canonical text of one file (see the module docstring), checked to mean the same."""
    source = SourceFile.from_text(name, text)
    tree, diags = parse_source(source)
    if any(d.severity == "error" for d in diags) or tree.dropped:
        return Formatted(text, text, "it has syntax errors (run `tgc check`)")
    formatted = format_lines(source.lines)
    if formatted == text:
        return Formatted(text, text)
    again, _ = parse_source(SourceFile.from_text(name, formatted))
    if _shape(again) != _shape(_in_order(tree)):
        return Formatted(text, text, "formatting it would change its meaning (please report this)")
    return Formatted(formatted, text)


def format_lines(lines: tuple[str, ...] | list[str]) -> str:
    """The lines, each in its canonical layout, joined with one final newline."""
    out: list[str] = []
    mode = "top"
    base: int | None = None  # the indentation of a declaration's first property line
    for line in lines:
        stripped = line.rstrip()
        if not stripped:
            out.append("")
            continue
        if stripped.startswith("@"):
            mode, base = "decl", None
            out.append(_header(stripped))
        elif stripped.startswith("=="):
            mode = "verse"
            out.append(_with_comment(stripped, lambda code: "== " + code[2:].strip()))
        elif mode == "decl" and stripped[0] in " \t":
            indent = len(stripped) - len(stripped.lstrip(" \t"))
            if (base is None or indent < base) and not stripped.lstrip().startswith("//"):
                base = indent  # a shallower line is a property of its own, not a continuation
            out.append(_property(stripped, indent, base))
        elif mode == "verse":
            out.append(_verse_line(stripped.lstrip(" \t")))
        else:
            out.append(stripped)
    out = _blank_lines(_reorder(out))
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def _is_comment(line: str) -> bool:
    return line.lstrip(" \t").startswith("//")


def _reorder(lines: list[str]) -> list[str]:
    """Each declaration's properties in `PROPERTY_ORDER` (the kinds it names)."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if not line.startswith("@"):
            continue
        end = i  # the block: indented, blank and comment lines, up to its last indented one
        last = i
        while end < len(lines) and (not lines[end] or lines[end][0] in " \t" or _is_comment(lines[end])):
            if lines[end] and lines[end][0] in " \t" and not _is_comment(lines[end]):
                last = end + 1
            end += 1
        kind = _DECL_KIND.match(line)
        order = PROPERTY_ORDER.get(kind.group(1) if kind else "")
        out.extend(_ordered(lines[i:last], order) if order else lines[i:last])
        i = last
    return out


_DECL_KIND = re.compile(r"@(\w+)")


def _ordered(block: list[str], order: tuple[str, ...]) -> list[str]:
    """A declaration's property lines, grouped (a property with the comment and blank
    lines above it and its deeper lines below) and the groups stably sorted."""
    indents = [len(b) - len(b.lstrip(" \t")) for b in block if b and not _is_comment(b)]
    if not indents:
        return block
    base = min(indents)
    groups: list[tuple[int, list[str]]] = []
    pending: list[str] = []
    for line in block:
        indent = len(line) - len(line.lstrip(" \t"))
        if line and not _is_comment(line) and indent == base:
            key = _KEY.match(line.strip())
            groups.append((property_rank(key.group(1) if key else None, order), [*pending, line]))
            pending = []
        elif line and not _is_comment(line) and groups:
            groups[-1][1].extend([*pending, line])  # a continuation line
            pending = []
        else:
            pending.append(line)
    if not groups:
        return block
    groups[-1][1].extend(pending)
    return [line for _, group in sorted(groups, key=lambda g: g[0]) for line in group]


def property_rank(key: str | None, order: tuple[str, ...]) -> int:
    """Where a property with this key (None: a line that is no ``key:`` property) goes."""
    return order.index(key) if key in order else order.index("*")


def _blank_lines(lines: list[str]) -> list[str]:
    """Runs of blank lines as one, none at the start, one before each verse header (and
    the comments right above it) and before a declaration that follows a verse."""
    out: list[str] = []
    in_verse = False
    for line in lines:
        if not line and (not out or not out[-1]):
            continue
        header = line.startswith("==") or (line.startswith("@") and in_verse)
        if header and out and out[-1]:
            at = len(out)
            while at > 0 and out[at - 1] and _is_comment(out[at - 1]):
                at -= 1
            if at > 0 and out[at - 1]:
                out.insert(at, "")
        if line.startswith("=="):
            in_verse = True
        elif line.startswith("@"):
            in_verse = False
        out.append(line)
    return out


def _verse_line(line: str) -> str:
    """One line inside a verse, laid out by the class the parser gives it."""
    if line.startswith("//"):
        return line
    kind = classify(line)
    match kind:
        case "choice":
            return _with_comment(line, _choice)
        case "logic":
            return _with_comment(line, lambda code: "~ " + _logic(code[1:].strip()))
        case "divert":
            return _with_comment(line, lambda code: "-> " + code[2:].strip())
        case "block_header":
            return _with_comment(line, lambda code: "= " + code[1:].strip())
        case "prose":
            return line  # only the leading whitespace goes (the parser strips it too)
        case _:
            assert_never(kind)


def _choice(code: str) -> str:
    rest = code[1:].strip()
    guard = ""
    if rest.startswith("{"):
        end = outside_strings(rest, "}", 1)  # the } closing the guard
        if end < 0:
            return "* " + rest
        guard = _guard(rest[1:end])
        rest = rest[end + 1:].strip()
    at = rest.rfind("->")
    if at >= 0:
        rest = rest[:at].rstrip() + " -> " + rest[at + 2:].strip()
    return "* " + (f"{{{guard}}} " if guard else "") + rest


def _guard(inner: str) -> str:
    parts = [_outside_strings(p.strip(), lambda s: _SPACES.sub(" ", s)) for p in _split(inner, ";")]
    return "; ".join(parts)


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside strings."""
    found: list[str] = []
    start, in_string, i = 0, False, 0
    while i < len(text):
        ch = text[i]
        if in_string:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == sep:
            found.append(text[start:i])
            start = i + 1
        i += 1
    found.append(text[start:])
    return found


def _outside_strings(text: str, change: object) -> str:
    """``change`` applied to the parts of ``text`` outside ``"..."`` strings."""
    assert callable(change)
    pieces = _split_strings(text)
    return "".join(piece if quoted else change(piece) for piece, quoted in pieces)


def _split_strings(text: str) -> list[tuple[str, bool]]:
    pieces: list[tuple[str, bool]] = []
    start, in_string, i = 0, False, 0
    while i < len(text):
        ch = text[i]
        if in_string and ch == "\\":
            i += 2
            continue
        if ch == '"':
            if in_string:
                pieces.append((text[start:i + 1], True))
                start = i + 1
            else:
                pieces.append((text[start:i], False))
                start = i
            in_string = not in_string
        i += 1
    pieces.append((text[start:], in_string))
    return [(p, q) for p, q in pieces if p]


def _logic(code: str) -> str:
    """A logic line's code: single spaces, `-> ` arrows, `; ` and `: ` separators."""
    def tidy(part: str) -> str:
        part = _SPACES.sub(" ", part)
        part = _ARROW.sub(" -> ", part)
        part = _SEMI.sub("; ", part)
        return _COLON.sub(": ", part)
    return _outside_strings(code, tidy).strip()


def _arrows(code: str) -> str:
    return _outside_strings(code, lambda s: _ARROW.sub(" -> ", s))


def _header(line: str) -> str:
    return _with_comment(line, lambda code: _outside_strings(code, lambda s: _SPACES.sub(" ", s)))


def _property(line: str, indent: int, base: int | None) -> str:
    body = line.lstrip(" \t")
    if base is None or "\t" in line[:indent] or indent < base:
        return line  # tabs, or a comment above the first property: as written
    prefix = "  " + " " * (indent - base)
    if body.startswith("//") or indent > base:
        return prefix + body  # a comment, a continuation line or a nested entry: as written
    key = _KEY.match(body)
    if key is not None and "->" not in key.group(1):
        return _with_comment(prefix + body, lambda code: _key_value(code, prefix))
    return _with_comment(prefix + body, lambda code: prefix + _arrows(code.strip()))


def _key_value(code: str, prefix: str) -> str:
    m = _KEY.match(code.strip())
    assert m is not None
    return f"{prefix}{m.group(1)}: {m.group(2)}".rstrip()


def _with_comment(line: str, change: object) -> str:
    """``change`` applied to the code of a line, its trailing comment kept as written."""
    assert callable(change)
    at = comment_at(line)
    if at < 0:
        return str(change(line))
    code, comment = line[:at], line[at:]
    gap = code[len(code.rstrip()):]
    return str(change(code.rstrip())) + gap + comment


def _in_order(tree: object) -> object:
    """The syntax tree with each declaration's properties in `PROPERTY_ORDER`: what the
    formatted file must parse to."""
    from tgc.syntax import ast

    assert isinstance(tree, ast.File)

    def key(prop: ast.Property) -> str | None:
        return prop.key if isinstance(prop, ast.Prop | ast.ListProp | ast.NumberProp) else None

    items = []
    for item in tree.items:
        order = PROPERTY_ORDER.get(item.kind) if isinstance(item, ast.Declaration) else None
        if isinstance(item, ast.Declaration) and order:
            props = tuple(sorted(item.props, key=lambda p: property_rank(key(p), order)))
            item = item._replace(props=props)
        items.append(item)
    return tree._replace(items=tuple(items))


def _shape(node: object) -> object:
    """A syntax tree without its spans (what the file means, not where it says it)."""
    from tgc.source import Span
    from tgc.syntax import ast

    if isinstance(node, Span):
        return None
    if isinstance(node, ast.Suppression):
        # Its line numbers are where it is; what it says is its codes and whether it
        # covers its own line or the one below.
        return ("suppression", node.codes, node.line == node.span.line)
    if isinstance(node, ast.File):
        suppressions = sorted(repr(_shape(s)) for s in node.suppressions)
        return ("file", _shape(node.items), suppressions, _shape(node.dropped))
    if isinstance(node, tuple):
        if hasattr(node, "_fields"):
            return (type(node).__name__, *(_shape(v) for v in node))
        return tuple(_shape(v) for v in node)
    return node
