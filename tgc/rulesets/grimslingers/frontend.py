"""Grimslingers front end: a Tall Tale's ``.tgj`` files parsed by the core parser, their
Grimslingers records loaded and checked. Until the ruleset registry hands a campaign to
its ruleset, ``tgc grimslingers`` reaches the ruleset through here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tgc.diagnostics.model import Diagnostic
from tgc.rulesets.grimslingers.checks import Checker
from tgc.rulesets.grimslingers.loader import Loaded, load
from tgc.source import SourceFile
from tgc.syntax import ast
from tgc.syntax.parser import parse_source


@dataclass(frozen=True, slots=True)
class Checked:
    loaded: Loaded
    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> int:
        return sum(d.severity.name == "ERROR" for d in self.diagnostics)


def read_folder(root: Path) -> list[SourceFile]:
    """Every ``.tgj`` file under ``root``, in path order (as the core takes them)."""
    files = sorted(p for p in root.rglob("*.tgj") if p.is_file()) if root.is_dir() else [root]
    return [SourceFile.from_text(str(p), p.read_text(encoding="utf-8-sig")) for p in files]


def check_sources(sources: list[SourceFile]) -> Checked:
    decls: list[ast.Declaration] = []
    diagnostics: list[Diagnostic] = []
    title, players = "", (1, 4)
    for source in sources:
        tree, diags = parse_source(source)
        diagnostics += diags
        for item in tree.items:
            if isinstance(item, ast.Declaration):
                decls.append(item)
                if item.kind == "campaign" and item.args:
                    title = str(item.args[0])
                    players = _players(item) or players
    loaded = load(decls, title, players)
    diagnostics += Checker(loaded).run()
    return Checked(loaded, sorted(diagnostics, key=Diagnostic.sort_key))


def _players(decl: ast.Declaration) -> tuple[int, int] | None:
    for prop in decl.props:
        if isinstance(prop, ast.NumberProp) and prop.key == "players":
            return (prop.low, prop.high)
    return None
