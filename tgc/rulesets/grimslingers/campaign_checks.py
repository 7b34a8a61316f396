"""Grimslingers checks on the resolved campaign (TGC570-TGC599): the campaign's
Grimslingers declarations are loaded into a Tall Tale and checked (checks.py)."""

from __future__ import annotations

from tgc.diagnostics.model import Diagnostic
from tgc.rulesets.grimslingers.checks import Checker
from tgc.rulesets.grimslingers.loader import load
from tgc.semantics.analysis import Analysis, Check
from tgc.semantics.model import Campaign
from tgc.syntax import ast


def campaign_declarations(campaign: Campaign) -> list[ast.Declaration]:
    return [item for file in campaign.files for item in file.items
            if isinstance(item, ast.Declaration)]


def check_tall_tale(analysis: Analysis) -> list[Diagnostic]:
    campaign = analysis.campaign
    info = campaign.info
    title = info.title if info is not None else ""
    players = info.players if info is not None else (1, 4)
    return Checker(load(campaign_declarations(campaign), title, players)).run()


CHECKS: tuple[Check, ...] = (check_tall_tale,)
