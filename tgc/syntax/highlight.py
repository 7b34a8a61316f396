"""A Pygments lexer for the journal language, registered as the ``pygments.lexers`` entry
point ``tgj`` (so `pygmentize -l tgj`, Sphinx and MkDocs highlight ```tgj blocks).
It follows docs/language.md's line classes: declaration headers and their properties,
verse and block headers, choices with their guards, logic lines, diverts, comments, and
prose with its icons and emphasis."""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, include
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

_WORDS = (r"\b(if|not|and|or|gain|lose|pay|mark|unmark|secret|item|status|visited|roll|toss|"
          r"encounter|reveal|remove|replace|move|to|with|location|raise|lower|note|task|set|dial|"
          r"time|token|place|advance|chapter|character|ask|any|each|shared|parts|part|boxes|"
          r"full|marked|when|win|lose|heads|tails|avoid|level|once|per|day|otherwise|end|game|"
          r"over)\b")

Rules = list[tuple[str, object] | tuple[str, object, str | tuple[str, ...]] | include]


class TgjLexer(RegexLexer):
    """The journal language (``.tgj``) of tgc."""

    name = "TGJ"
    aliases: ClassVar[list[str]] = ["tgj", "tgc-journal"]
    filenames: ClassVar[list[str]] = ["*.tgj"]
    mimetypes: ClassVar[list[str]] = ["text/x-tgj"]

    tokens: ClassVar[dict[str, Rules]] = {
        "root": [
            (r"^(\s*)(//.*)(\n)", bygroups(Whitespace, Comment.Single, Whitespace)),
            (r"^(@)(\w+)", bygroups(Keyword.Declaration, Keyword.Declaration), ("declaration", "line")),
            (r"^(==)([ \t]*)([^\s/]+)", bygroups(Keyword, Whitespace, Name.Function), "line"),
            (r"^([ \t]*)(=)([ \t]*)(\w+)", bygroups(Whitespace, Keyword, Whitespace, Name.Label), "line"),
            (r"^([ \t]*)(\*)(?!\*)", bygroups(Whitespace, Keyword), "choice"),
            (r"^([ \t]*)(~)", bygroups(Whitespace, Keyword), "line"),
            (r"^([ \t]*)(->)", bygroups(Whitespace, Operator), "line"),
            (r"\n", Whitespace),
            (r"[^\n]", Text, "prose"),
        ],
        "declaration": [  # property lines, until a line at column 0
            (r"^(?=[^\s])", Text, "#pop"),
            (r"^([ \t]*)(//.*)(\n)", bygroups(Whitespace, Comment.Single, Whitespace)),
            (r"^([ \t]+)(-)", bygroups(Whitespace, Punctuation), "line"),
            (r"^([ \t]+)([\w-]+)(:)", bygroups(Whitespace, Name.Attribute, Punctuation), "text"),
            (r"^([ \t]+)([\w-]+)", bygroups(Whitespace, Name.Attribute), "line"),
            (r"\n", Whitespace),
            (r"[ \t]+", Whitespace),
            (r"[^\n]", Text, "line"),
        ],
        "text": [  # a property's value after `key:` (text, lists, numbers)
            (r"\n", Whitespace, "#pop"),
            include("comment"),
            include("values"),
        ],
        "prose": [
            (r"\n", Whitespace, "#pop"),
            (r"\\.", String.Escape),
            (r":[a-z]+:", Name.Constant),
            (r"\*\*[^*\n]+\*\*", Text),
            (r"_[^_\n]+_", Text),
            (r"[^\n\\:*_]+", Text),
            (r".", Text),
        ],
        "choice": [
            (r"\{", Punctuation, "guard"),
            (r"(->)([ \t]*)([^\s/]+)", bygroups(Operator, Whitespace, Name.Function)),
            include("comment"),
            (r"\n", Whitespace, "#pop"),
            (r":[a-z]+:", Name.Constant),
            (r"[^\n{\-/:]+", Text),
            (r".", Text),
        ],
        "guard": [
            (r"\}", Punctuation, "#pop"),
            include("values"),
        ],
        "line": [
            (r"\n", Whitespace, "#pop"),
            include("comment"),
            (r"(->)([ \t]*)([\w.]+)", bygroups(Operator, Whitespace, Name.Function)),
            include("values"),
        ],
        "comment": [
            (r"([ \t]+)(//.*)", bygroups(Whitespace, Comment.Single)),
        ],
        "values": [
            (r'"(\\.|[^"\\\n])*"', String.Double),
            (_WORDS, Keyword),
            (r"\d*d\d+", Number),
            (r"\d+[a-z]?", Number),
            (r"[<>=!]=?|[+-]", Operator),
            (r"[;:,()]", Punctuation),
            (r"[ \t]+", Whitespace),
            (r"[\w.]+", Name),
            (r"[^\n]", Text),
        ],
    }

