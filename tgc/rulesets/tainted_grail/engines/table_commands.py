"""Play session, Tainted Grail's own commands: ``:advance`` (a party member spends Exp:
000, "Character advancement"). The words in, the state changed by advancement.py and
the lines that say so out; the session (tgc/playtest/session.py) runs them on a copy of
the state and adopts it, so a command that does not fit changes nothing."""

from __future__ import annotations

import random
from collections.abc import Mapping

from tgc.rulesets.tainted_grail.engines import advancement as adv
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.rulesets.tainted_grail.records import Rules
from tgc.rulesets.tainted_grail.vocabulary import ATTRIBUTES
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.ruleset import CommandError
from tgc.runtime.state import Character, GameState

HELP = (
    ":advance [MEMBER]  what MEMBER (or each member) may buy with Exp, and at what cost",
    ":advance [MEMBER] ATTRIBUTE [SKILL]   one point (the 3rd and later come with a Skill)",
    ":advance [MEMBER] combat|diplomacy    2 Exp: three cards off the Advancement Pool",
    ":advance [MEMBER] keep CARD           keep one of them (the others go back)",
    ":advance [MEMBER] out CARD | in CARD  take a card out of the deck (15 at least) or back",
)


class AdvanceCommands:
    """``:advance`` over the campaign's rule data (MEMBER may be left out in a party of
    one)."""

    names = ("advance",)
    help = HELP

    def __init__(self, rules: Rules, skills: Mapping[str, adv.Skill] | None = None) -> None:
        self.rules = rules
        self.skills = dict(skills or {})

    def run(self, name: str, args: list[str], state: GameState, rng: Rng) -> list[str]:
        member, args = self._member(state, args)
        try:
            if member is None:
                return [row for m in state.party for row in self.summary(m, state)]
            if not args:
                return self.summary(member, state)
            return self.buy(member, args, state, rng)
        except adv.AdvanceError as err:
            raise CommandError(str(err)) from None

    def _member(self, state: GameState, args: list[str]) -> tuple[Character | None, list[str]]:
        if args:
            named = next((c for c in state.party if c.name.casefold() == args[0].casefold()), None)
            if named is not None:
                return named, args[1:]
        if not args:
            return None, args
        if len(state.party) == 1:
            return state.party[0], args
        names = ", ".join(c.name for c in state.party)
        raise CommandError(f"which member advances? write ':advance MEMBER {' '.join(args)}' ({names})")

    def buy(self, member: Character, args: list[str], state: GameState, rng: Rng) -> list[str]:
        word, rest = args[0].casefold(), args[1:]
        if word in ATTRIBUTES:
            skill = " ".join(rest) or None
            return [adv.raise_attribute(member, word, self.rules, skills=self.skills, skill=skill,
                                        party=state.party)]
        if word in adv.KINDS:
            # the pool's shuffle comes from its own generator, seeded from the story's
            drawn = adv.draw_cards(member, word, self.rules, random.Random(rng.pick(range(1 << 30))))
            cards = self.rules.combat_cards if word == "combat" else self.rules.diplomacy_cards
            shown = ", ".join(str(cards[n]) if n in cards else n for n in drawn)
            return [f"{member.name} pays {adv.CARD_COST} Exp and draws {shown}",
                    f"keep one: :advance {member.name} keep CARD"]
        if word in ("keep", "out", "in") and len(rest) == 1:
            act = {"keep": adv.keep_card, "out": adv.set_aside, "in": adv.put_back}[word]
            return [act(member, rest[0].upper(), self.rules)]
        raise CommandError(f"cannot advance '{' '.join(args)}': write an attribute, combat, "
                           "diplomacy, keep CARD, out CARD or in CARD (:help)")

    def summary(self, member: Character, state: GameState) -> list[str]:
        """What the member has and what each purchase would cost."""
        adv.declared(member, self.rules)
        exp = member.resources.get("exp", 0)
        costs = ", ".join(f"{a} {member.attributes.get(a, 0)} (+1: {adv.attribute_cost(member, a)})"
                          for a in ATTRIBUTES)
        rows = [f"{member.name}: {exp} Exp; {costs}"]
        for kind in adv.KINDS:
            deck = adv.pile(member, kind, self.rules)
            pool = adv.pile(member, f"{kind}_pool", self.rules)
            spare = adv.pile(member, f"{kind}_spare", self.rules)
            offer = adv.pile(member, f"{kind}_offer", self.rules)
            row = (f"  {kind}: {len(deck)} in the deck, {len(spare)} set aside, {len(pool)} in "
                   f"the pool ({adv.CARD_COST} Exp for three)")
            if offer:
                row += f"; offered: {', '.join(offer)} (keep one)"
            rows.append(row)
        skills = adv.pile(member, "skills", self.rules)
        if skills:
            rows.append(f"  skills: {', '.join(skills)}")
        return rows


def make_commands(book: Book) -> AdvanceCommands | None:
    """The registry's entry to this ruleset's session commands (tgc/runtime/engines.py);
    None for a campaign that declares no characters."""
    rules = bundle_rules(book.bundle)
    return AdvanceCommands(rules) if rules.characters else None
