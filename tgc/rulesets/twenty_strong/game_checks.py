"""20 Strong, the games a verse starts (TGC566-TGC568): the resolved campaign in, a
diagnostic out for each ``~ twenty-strong`` line whose hero, boss or rank the deck does
not have. The core has already read the line's keys and checked its arms; what a name
means is the deck's, so it is judged here."""

from __future__ import annotations

from collections.abc import Iterator

from tgc.diagnostics.codes import diag, did_you_mean
from tgc.diagnostics.model import Diagnostic
from tgc.rulesets.twenty_strong.data import RANKS, Box
from tgc.rulesets.twenty_strong.kinds import GAME
from tgc.semantics.model import Campaign
from tgc.syntax import ast


def check_games(campaign: Campaign, box: Box | None) -> list[Diagnostic]:
    """Every game line of the campaign against the deck (``box``, None when the loader
    could not build one: every name is then unknown)."""
    games = list(_games(campaign))
    if not games:
        return []
    heroes = tuple(h.name for h in box.heroes) if box is not None else ()
    bosses = tuple(b.name for b in box.bosses) if box is not None else ()
    out: list[Diagnostic] = []
    for game in games:
        for arg in game.args:
            match arg.key:
                case "hero" if arg.value not in heroes:
                    out.append(diag("TGC566", arg.span, hint=_hint(str(arg.value), heroes, "@hero"),
                                    name=arg.value))
                case "boss" if arg.value not in bosses:
                    out.append(diag("TGC567", arg.span, hint=_hint(str(arg.value), bosses, "@boss"),
                                    name=arg.value))
                case "rank" if arg.value not in RANKS:
                    out.append(diag("TGC568", arg.span, rank=arg.value))
    return out


def _hint(name: str, known: tuple[str, ...], kind: str) -> str:
    if not known:
        return f"the deck declares no `{kind}`"
    return did_you_mean(name, known) or "the deck has " + ", ".join(f'"{k}"' for k in known)


def _games(campaign: Campaign) -> Iterator[ast.Game]:
    for info in campaign.verses.values():
        for body in (info.verse.body, *(b.body for b in info.verse.blocks)):
            for stmt in body:
                if isinstance(stmt, ast.EffectLine) and isinstance(stmt.effect, ast.Encounter) \
                        and stmt.effect.game is not None and stmt.effect.game.phrase == GAME:
                    yield stmt.effect.game

