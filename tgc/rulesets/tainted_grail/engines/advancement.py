"""Tainted Grail's Character Advancement (000, "Character advancement"): a party member's
state (its Exp, attributes and piles) and the campaign's rule data in; the member with
Exp spent out, and a line saying what changed. Every function is a function of the
member's state alone, so a fight, `tgc play`'s ``:advance``, a campaign's End of the Day
and `tgc sim --state` all advance a character the same way.

The member's piles (``Character.piles``, saved with the member): ``combat`` and
``diplomacy`` (the decks), ``combat_pool`` and ``diplomacy_pool`` (the Advancement Pools),
``combat_spare`` and ``diplomacy_spare`` (cards owned but out of the deck: they never go
back to the pool), ``combat_offer`` and ``diplomacy_offer`` (the three cards taken from
the pool and not yet chosen among) and ``skills``. An absent pile is the declared
character's starting one."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Literal

from tgc.rulesets.tainted_grail.records import Card, Character, Rules
from tgc.rulesets.tainted_grail.records import Skill as Skill
from tgc.rulesets.tainted_grail.vocabulary import PILES as PILES
from tgc.rulesets.tainted_grail.vocabulary import VOCABULARY
from tgc.runtime.state import Character as Member

Kind = Literal["combat", "diplomacy"]
KINDS: tuple[Kind, ...] = ("combat", "diplomacy")
# The nth point of an opposed pair costs PAIR_COSTS[n - 1] Exp; the 5th and any further 10.
PAIR_COSTS = (2, 4, 6, 8, 10)
CARD_COST = 2  # Exp for three cards off the top of an Advancement Pool, keep one
OFFERED = 3
MIN_DECK = 15  # a deck never holds fewer cards
SKILL_FROM = 3  # the 3rd and every later point of one attribute comes with a Skill card


class AdvanceError(Exception):
    """A purchase the member cannot make; the message is for the player."""


# ---------------------------------------------------------------- costs


def opposite(attribute: str) -> str:
    for a, b in VOCABULARY.opposed:
        if attribute in (a, b):
            return b if attribute == a else a
    raise AdvanceError(f"'{attribute}' is not an attribute ({', '.join(VOCABULARY.attributes)})")


def attribute_cost(member: Member, attribute: str) -> int:
    """The Exp the next point of ``attribute`` costs: by the total of its opposed pair
    after the purchase (000: 2, 4, 6, 8, then 10 Exp for the 1st to the 5th and later
    points of a pair)."""
    total = member.attributes.get(attribute, 0) + member.attributes.get(opposite(attribute), 0) + 1
    return PAIR_COSTS[min(total, len(PAIR_COSTS)) - 1]


# ---------------------------------------------------------------- piles


def declared(member: Member, rules: Rules) -> Character:
    character = rules.character(member.name)
    if character is None:
        raise AdvanceError(f"{member.name} is not a declared @character: nothing to advance")
    return character


def pile(member: Member, name: str, rules: Rules) -> list[str]:
    """The member's pile (the declared character's starting one until it changes)."""
    if name not in member.piles:
        character = declared(member, rules)
        start = {"combat": character.combat, "diplomacy": character.diplomacy,
                 "combat_pool": character.combat_pool,
                 "diplomacy_pool": character.diplomacy_pool}.get(name, ())
        member.piles[name] = list(start)
    return member.piles[name]


def deck(member: Member, kind: Kind, rules: Rules) -> list[Card]:
    """The cards of the member's deck of ``kind`` (unknown numbers are skipped, as the
    starter decks' are: the checker reports them)."""
    cards = rules.combat_cards if kind == "combat" else rules.diplomacy_cards
    numbers = member.piles.get(kind)
    if numbers is None:
        return rules.deck(declared(member, rules), kind)
    return [cards[n] for n in numbers if n in cards]


# ---------------------------------------------------------------- purchases


def _pay(member: Member, cost: int, what: str) -> None:
    exp = member.resources.get("exp", 0)
    if exp < cost:
        raise AdvanceError(f"{member.name} has {exp} Exp; {what} costs {cost}")
    member.resources["exp"] = exp - cost


def available_skills(attribute: str, party: list[Member], skills: Mapping[str, Skill],
                     rules: Rules) -> list[Skill]:
    """Skills of ``attribute`` nobody in the party has taken, on cards nobody has used
    (taking one side of a card forfeits the other; all skills are unique)."""
    taken = {name for m in party for name in (m.piles.get("skills") or ())}
    used = {skills[name].card for name in taken if name in skills}
    return [s for s in skills.values() if s.attribute == attribute and s.name not in taken
            and s.card not in used]


def raise_attribute(member: Member, attribute: str, rules: Rules, *,
                    skills: Mapping[str, Skill] | None = None, skill: str | None = None,
                    party: list[Member] | None = None) -> str:
    """Buy one point of ``attribute``. The 3rd and later points are Skill cards of that
    attribute (000, "Buying skills": each counts as a point, and the tray's markers hold
    two): ``skill`` names a free one of the campaign's (``skills``, by default its
    ``@skill`` sides), and without a free one there is no such point to buy."""
    declared(member, rules)
    cost = attribute_cost(member, attribute)
    value = member.attributes.get(attribute, 0) + 1
    chosen: Skill | None = None
    if value >= SKILL_FROM:
        known = rules.skills if skills is None else skills
        free = available_skills(attribute, party or [member], known, rules)
        if not free:
            raise AdvanceError(
                f"{attribute} {value} is a Skill card of {attribute} (the 3rd and later points "
                "are), and " + ("every one the campaign declares is taken" if any(
                    s.attribute == attribute for s in known.values())
                    else f"the campaign declares none (`@skill NUMBER {attribute}`)"))
        by_name = {s.name.casefold(): s for s in free}
        if skill is None or skill.casefold() not in by_name:
            names = ", ".join(f'"{s.name}"' for s in free)
            said = f'"{skill}" is not free' if skill is not None else "a Skill must be chosen"
            raise AdvanceError(f"{attribute} {value} comes with a Skill card: {said} ({names})")
        chosen = by_name[skill.casefold()]
    _pay(member, cost, f"{attribute} {value}")
    member.attributes[attribute] = value
    if chosen is not None:
        pile(member, "skills", rules).append(chosen.name)
        return f'{member.name}: {attribute} {value} for {cost} Exp, with the Skill "{chosen.name}"'
    return f"{member.name}: {attribute} {value} for {cost} Exp"


def draw_cards(member: Member, kind: Kind, rules: Rules, rng: random.Random) -> list[str]:
    """Pay 2 Exp and take three cards off the top of the Advancement Pool: the pool is
    shuffled, so the top three are three cards drawn at random; they wait in the offer
    pile until ``keep_card`` picks one."""
    offer = pile(member, f"{kind}_offer", rules)
    if offer:
        raise AdvanceError(f"{member.name} first keeps one of {', '.join(offer)} (keep CARD)")
    pool = pile(member, f"{kind}_pool", rules)
    if not pool:
        raise AdvanceError(f"{member.name}'s {kind} Advancement Pool is empty")
    _pay(member, CARD_COST, f"a {kind} card")
    drawn = rng.sample(sorted(pool), min(OFFERED, len(pool)))
    for number in drawn:
        pool.remove(number)
    offer.extend(drawn)
    return drawn


def keep_card(member: Member, number: str, rules: Rules) -> str:
    """Keep one offered card in the deck; the others go back into the pool."""
    for kind in KINDS:
        offer = pile(member, f"{kind}_offer", rules)
        if number in offer:
            offer.remove(number)
            pile(member, kind, rules).append(number)
            pile(member, f"{kind}_pool", rules).extend(offer)
            back = ", ".join(offer)
            offer.clear()
            return f"{member.name} keeps {_card(number, kind, rules)}" + (
                f"; {back} go back into the pool" if back else "")
    offered = [n for kind in KINDS for n in member.piles.get(f"{kind}_offer", ())]
    raise AdvanceError(f"{number} is not offered to {member.name}"
                       + (f" (offered: {', '.join(offered)})" if offered else ""))


def set_aside(member: Member, number: str, rules: Rules) -> str:
    """Take a card out of the deck (it stays the member's, never back in the pool); a
    deck keeps at least 15 cards."""
    for kind in KINDS:
        cards = pile(member, kind, rules)
        if number in cards:
            if len(cards) <= MIN_DECK:
                raise AdvanceError(f"{member.name}'s {kind} deck has {len(cards)} cards: "
                                   f"a deck keeps at least {MIN_DECK}")
            cards.remove(number)
            pile(member, f"{kind}_spare", rules).append(number)
            return f"{member.name} sets {_card(number, kind, rules)} aside ({len(cards)} in the deck)"
    raise AdvanceError(f"{number} is not in {member.name}'s decks")


def put_back(member: Member, number: str, rules: Rules) -> str:
    """Put a card set aside earlier back into its deck."""
    for kind in KINDS:
        spare = pile(member, f"{kind}_spare", rules)
        if number in spare:
            spare.remove(number)
            cards = pile(member, kind, rules)
            cards.append(number)
            return f"{member.name} puts {_card(number, kind, rules)} back ({len(cards)} in the deck)"
    raise AdvanceError(f"{number} is not among {member.name}'s cards set aside")


def _card(number: str, kind: Kind, rules: Rules) -> str:
    card = (rules.combat_cards if kind == "combat" else rules.diplomacy_cards).get(number)
    return str(card) if card is not None else number


# ---------------------------------------------------------------- a stated way to spend


def spend(member: Member, rules: Rules, rng: random.Random, *,
          skills: Mapping[str, Skill] | None = None, party: list[Member] | None = None) -> list[str]:
    """Spend the member's Exp by a stated rule (for `tgc sim --advance` and a campaign's
    automatic End of the Day): while the Exp lasts, the cheapest purchase, a combat card
    first when it is no dearer (kept: the drawn card whose keys give most), else the point
    of the member's highest attribute among the cheapest (with its first free Skill)."""
    from tgc.rulesets.tainted_grail.engines.policies import card_value

    said: list[str] = []
    known = rules.skills if skills is None else skills
    while True:
        exp = member.resources.get("exp", 0)
        # a point from the 3rd on only with a free Skill card of the attribute
        costs = sorted((attribute_cost(member, a), -member.attributes.get(a, 0), i, a)
                       for i, a in enumerate(VOCABULARY.attributes)
                       if member.attributes.get(a, 0) + 1 < SKILL_FROM
                       or available_skills(a, party or [member], known, rules))
        cheapest = costs[0] if costs else (exp + 1, 0, 0, "")
        if pile(member, "combat_pool", rules) and CARD_COST <= min(cheapest[0], exp):
            drawn = draw_cards(member, "combat", rules, rng)
            best = max(drawn, key=lambda n: (card_value(rules.combat_cards[n])
                                             if n in rules.combat_cards else -1.0, n))
            said.append(keep_card(member, best, rules))
            continue
        if cheapest[0] > exp:
            return said
        attribute = cheapest[3]
        free = available_skills(attribute, party or [member], known, rules)
        said.append(raise_attribute(member, attribute, rules, skills=known,
                                    skill=free[0].name if free else None, party=party))
