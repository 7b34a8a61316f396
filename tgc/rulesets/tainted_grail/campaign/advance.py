"""Tainted Grail's campaign layer, advancement at the End of the Day: EOD-3 (spend Exp,
ADV-1..5) and EOD-4 (deck building, ADV-6), by hand (``:advance``, the ruleset's own
command over engines/advancement.py) or by the stated rule (``spend``, for `tgc sim
--days`). Exp is spent only then (ADV-1): the night's phase, after the rest and before
the next Start of the Day.

Our reading of the order (docs/rules.md, "The campaign layer"): the numbered End of
the Day (A35) puts advancement before the dreams, but a dream is a journal reading
played as soon as the night's procedure is over, so the party advances after its
dreams; Exp a dream gives can be spent the same night."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tgc.rulesets.tainted_grail.campaign.party import CampaignError
from tgc.rulesets.tainted_grail.campaign.world import Happening
from tgc.rulesets.tainted_grail.engines import advancement as adv
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.rulesets.tainted_grail.engines.table_commands import AdvanceCommands
from tgc.runtime.ruleset import CommandError

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.campaign.day import Campaign

DECK_WORDS = ("out", "in")  # EOD-4: a card taken out of a deck or put back


def check_night(campaign: Campaign) -> None:
    """ADV-1: Exp is spent only at the End of the Day, once the night's readings are over."""
    if campaign.world.phase == "over":
        raise CampaignError("the game has ended: nobody advances (ADV-1)")
    if campaign.world.phase != "dusk":
        when = "after :eod" if campaign.world.phase == "day" else "at the End of the Day (:eod)"
        raise CampaignError(f"Exp is spent only at the End of the Day (ADV-1): advance {when}")
    if campaign.busy is not None or campaign.readings:
        raise CampaignError("a journal reading is under way; finish it first (TRN-6)")


def advance(campaign: Campaign, args: list[str]) -> list[Happening]:
    """``:advance [MEMBER] ...`` at night: what a member may buy, or one purchase (EOD-3),
    or a card out of a deck or back in (EOD-4)."""
    check_night(campaign)
    rules = bundle_rules(campaign.book.bundle)
    if not rules.characters:
        raise CampaignError("the campaign declares no @character: nobody advances")
    try:  # the dead have left the party (campaign/death.py): only the living advance
        said = AdvanceCommands(rules, item_keywords=campaign.book.item_keywords).run(
            "advance", args, campaign.state, campaign.rng)
    except CommandError as err:
        raise CampaignError(str(err)) from None
    rule = "EOD-4" if len(args) >= 2 and args[-2].casefold() in DECK_WORDS else "EOD-3"
    return [Happening(rule, line) for line in said]


def spend(campaign: Campaign) -> list[Happening]:
    """EOD-3 by the stated rule (engines/advancement.py ``spend``) for every living
    character who is a declared @character, each on its own generator seeded from the
    campaign's, so a run stays one seeded sequence."""
    check_night(campaign)
    rules = bundle_rules(campaign.book.bundle)
    out: list[Happening] = []
    for name in campaign.world.order():
        member = campaign.character(name)
        if rules.character(member.name) is None:
            continue
        rng = random.Random(campaign.rng.pick(range(1 << 30)))
        out += [Happening("EOD-3", line) for line in
                adv.spend(member, rules, rng, party=campaign.state.party)]
    return out
