"""20 Strong deck checks (TGC540-TGC568): the analysis of the resolved campaign in, diagnostics about its
deck out. The loader's problems come first; then the static checks of
../shared/rules/twenty-strong.md §16 (deck_checks.py) run on the deck it built, and the games the verses start
(game_checks.py) are checked against it."""

from __future__ import annotations

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.rulesets.twenty_strong.deck_checks import check_box
from tgc.rulesets.twenty_strong.game_checks import check_games
from tgc.rulesets.twenty_strong.kinds import KINDS, NAME
from tgc.rulesets.twenty_strong.loader import Loader
from tgc.semantics.analysis import Analysis, Check
from tgc.semantics.model import Campaign
from tgc.source import Span


def load_campaign_deck(campaign: Campaign) -> Loader:
    """The campaign's deck as the loader reads it (the box and its problems)."""
    loader = Loader()
    loader.box = loader.load([d for d in campaign.others if d.kind in KINDS])
    return loader


def check_deck(analysis: Analysis) -> list[Diagnostic]:
    campaign = analysis.campaign
    if campaign.ruleset.name != NAME:
        return []
    loader = load_campaign_deck(campaign)
    problems = list(loader.problems)
    if loader.box is not None:
        problems += check_box(loader.box, loader.spans, loader.prop_spans)
    fallback = _fallback(campaign)
    out = []
    for problem in problems:
        span = problem.span or fallback
        if span is not None:
            out.append(diag(problem.code, span, problem.hint, detail=problem.message))
    return out + check_games(campaign, loader.box)


def _fallback(campaign: Campaign) -> Span | None:
    for decl in campaign.others:
        return decl.header_span
    return campaign.info.decl.header_span if campaign.info is not None else None


CHECKS: tuple[Check, ...] = (check_deck,)
