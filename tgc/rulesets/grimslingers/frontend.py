"""Grimslingers front end: a Tall Tale folder checked by the one pipeline, and its
Grimslingers records loaded into the ``TallTale`` the engines play. The bundle does not
carry ruleset records of new kinds yet, so play and sim start from the sources."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tgc.diagnostics.model import Diagnostic, Severity
from tgc.pipeline import check
from tgc.rulesets.grimslingers.campaign_checks import campaign_declarations
from tgc.rulesets.grimslingers.loader import Loaded, load


class TaleError(Exception):
    """The folder is no clean Grimslingers campaign; the message says why."""


@dataclass(frozen=True, slots=True)
class Checked:
    loaded: Loaded
    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)


def check_tale(root: Path) -> Checked:
    result = check(root)
    campaign = result.campaign
    if campaign is None or campaign.ruleset.name != "grimslingers":
        raise TaleError(f"{root}: not a Grimslingers campaign (`ruleset: grimslingers`)")
    info = campaign.info
    loaded = load(campaign_declarations(campaign), info.title if info else "",
                  info.players if info else (1, 4))
    return Checked(loaded, result.diagnostics)


def load_tale(root: Path) -> Loaded:
    """A clean Tall Tale, or a TaleError naming how many errors `tgc check` reports."""
    checked = check_tale(root)
    if checked.errors:
        raise TaleError(f"{root}: {checked.errors} error(s); run `tgc check {root}`")
    return checked.loaded
