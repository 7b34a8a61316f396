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

USE_HELP = (
    ":use [MEMBER] NAME  an Item's or a Skill's action (its `pay` costs first)",
)
HELP = (
    ":advance [MEMBER]  what MEMBER (or each member) may buy with Exp, and at what cost",
    ":advance [MEMBER] ATTRIBUTE [SKILL]   one point (the 3rd and later come with a Skill)",
    ":advance [MEMBER] combat|diplomacy    2 Exp: three cards off the Advancement Pool",
    ":advance [MEMBER] keep CARD           keep one of them (the others go back)",
    ":advance [MEMBER] out CARD | in CARD  take a card out of the deck (15 at least) or back",
)


class AdvanceCommands:
    """``:advance`` over the campaign's rule data (MEMBER may be left out in a party of
    one), and ``:use`` when some Item or Skill has an action."""

    def __init__(self, rules: Rules, skills: Mapping[str, adv.Skill] | None = None,
                 item_keywords: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.rules = rules
        self.skills = dict(rules.skills if skills is None else skills)
        self.item_keywords = dict(item_keywords or {})
        abilities = [*(i.abilities for i in rules.items.values()),
                     *(s.abilities for s in rules.skills.values())]
        acting = any(a.trigger == "action" for found in abilities for a in found)
        self.names: tuple[str, ...] = ("advance", "use") if acting else ("advance",)
        self.help: tuple[str, ...] = (*HELP, *USE_HELP) if acting else HELP

    def run(self, name: str, args: list[str], state: GameState, rng: Rng) -> list[str]:
        if name == "use":
            return use(self.rules, args, state, rng, self.item_keywords)
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
        attached = member.piles.get("afflictions")
        if attached:  # the "You Are Dying" / "Going Insane" cards on the tray
            rows.append(f"  attached: {', '.join(attached)}")
        return rows


def use(rules: Rules, args: list[str], state: GameState, rng: Rng,
        item_keywords: Mapping[str, tuple[str, ...]]) -> list[str]:
    """``:use [MEMBER] NAME``: the action on an Item the member carries or a Skill they
    have (000, "Actions": "further Actions listed on ... your Items, Skills"); its `pay`
    costs must be affordable, then its effects change the member's state."""
    from tgc.rulesets.tainted_grail.engines import outside

    member = state.party[0] if len(state.party) == 1 else None
    if args and len(state.party) > 1:
        member = next((c for c in state.party if c.name.casefold() == args[0].casefold()), None)
        args = args[1:] if member is not None else args
    elif args and args[0].casefold() == state.party[0].name.casefold() and len(args) > 1:
        args = args[1:]
    if member is None:
        names = ", ".join(c.name for c in state.party)
        raise CommandError(f"who acts? write ':use MEMBER {' '.join(args)}' ({names})")
    wanted = " ".join(args).strip('"').casefold()
    sources = [(n, rules.item_abilities(n)) for n in member.items] + [
        (n, rules.skills[n].abilities) for n in member.piles.get("skills", ()) if n in rules.skills]
    actions = [(n, a) for n, abilities in sources for a in abilities if a.trigger == "action"]
    found = next(((n, a) for n, a in actions if n.casefold() == wanted), None)
    if found is None:
        have = ", ".join(n for n, _ in actions) or "none"
        raise CommandError(f"{member.name} has no Item or Skill '{' '.join(args)}' with an "
                           f"action (theirs: {have})")
    name, ability = found
    for effect in ability.effects:
        if effect.verb == "pay" and effect.cond is None and member.get(effect.what) < effect.amount:
            raise CommandError(f"{member.name} cannot pay {effect.amount} {effect.what} for "
                               f"{name} (has {member.get(effect.what)})")
    return [f"{member.name} uses {name}: {ability.text}",
            *outside.apply(member, ability.effects, item_keywords, state, rng)]


def make_commands(book: Book) -> AdvanceCommands | None:
    """The registry's entry to this ruleset's session commands (tgc/runtime/engines.py);
    None for a campaign that declares no characters."""
    rules = bundle_rules(book.bundle)
    return AdvanceCommands(rules, item_keywords=book.item_keywords) if rules.characters else None
