"""Tainted Grail's campaign layer, the lines of play a walk tries (`tgc explore --campaign`):
the campaign between readings in, the commands that may fit now out, in the words a
reader types (``:travel Ailei,Beor 202 pay Ailei=0,Beor=2``), and the summary by which
the walk merges lines of play.

Every character who has neither passed nor taken this round's turn may act next (A21:
the players pick the order within a round), alone or in a party with any of the others
on the card who may still act (PTY-1, TRN-3). A party pays its Energy each their own
share, or with one member spared and the others covering that share, the richest first
(PTY-3, A20: for a party of two, every split there is). Passing is offered to the first
by character number only: a pass changes nothing but who acts in the round, so the
others' actions before or after it reach the same states. The End of the Day is tried
with every choice of who fasts among those who could eat (EOD-1). At night, when a later
day is walked, each purchase with Exp that changes an attribute something reads is
tried (EOD-3); the others are merged with not buying, which keeps the Exp and every
later purchase as cheap (``purchases``)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields
from itertools import combinations
from typing import TYPE_CHECKING, Any

from tgc.rulesets.tainted_grail.campaign import actions
from tgc.rulesets.tainted_grail.campaign.events import Piles
from tgc.rulesets.tainted_grail.campaign.party import ENERGY
from tgc.rulesets.tainted_grail.engines import advancement as adv
from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules
from tgc.rulesets.tainted_grail.records import Cond, Effect
from tgc.rulesets.tainted_grail.vocabulary import ATTRIBUTES
from tgc.runtime.campaign import Flag, Reads, Summary

if TYPE_CHECKING:
    from tgc.rulesets.tainted_grail.campaign.day import Campaign
    from tgc.runtime.state import Character

FOOD = "food"
EXP = "exp"
AMOUNTS = (ENERGY, FOOD)  # the summary's amounts, in their order for each character


@dataclass(frozen=True, slots=True)
class Watched:
    """What a walk over the days tells lines of play apart by (``CampaignLayer.watch``):
    the attributes something reads, in the vocabulary's order (the summary keeps them and a
    night offers their points); ``exp``: Exp itself is read where less may help, so every
    purchase changes something read; and the walk's last day, after whose night nothing
    is walked (a purchase then could change nothing); ``exact``: of Energy and Food, those
    read where less may help (a ``<`` or ``==`` test, a ``not``, a guard outside a choice,
    a payment that leaves a member out), which the summary keeps beside where the
    character stands instead of as an amount that more covers. The rest of what a reading
    may read: ``numbers``, the other numbers kept exactly beside where the character
    stands (those read where less may help, and Health and Terror, which the rules read:
    Dying at 0, Insane at the limit, and so the mercy); ``more``, those read only where
    more never hurts, amounts like Energy (Exp among them when a night's purchase may
    change an attribute read); the Items and Secrets a character holds and the statuses,
    verses read and dials of the campaign, each only if some condition reads it
    (``Reads.flags``). ``owed``: what may still be read of a character who has passed on
    the walk's last day (``late``), None when the walk cannot tell; ``drawn``: the Items a
    draw by keyword may give (what a passed character holds is out of that deck)."""

    attributes: tuple[str, ...]
    exp: bool
    last_day: int
    exact: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()
    more: tuple[str, ...] = ()
    items: frozenset[str] = frozenset()
    secrets: frozenset[int] = frozenset()
    statuses: frozenset[str] = frozenset()
    verses: frozenset[str] = frozenset()
    dials: frozenset[str] = frozenset()
    owed: frozenset[Flag] | None = None
    drawn: frozenset[str] = frozenset()


def watched(campaign: Campaign, reads: Reads, last_day: int) -> Watched:
    """``reads`` (the journal's: tgc/playtest/campaignwalk.py) and what the layer's own rule
    data reads: the conditions that take a Dying or Insane card off, and the conditions and
    costs of the Character Actions."""
    numbers = reads.numbers | _rule_reads(campaign)
    less = reads.less_may_help | _rule_less(campaign)
    attributes = tuple(a for a in ATTRIBUTES if a in numbers)
    others = sorted(numbers - set(ATTRIBUTES) - set(AMOUNTS) - {EXP})
    exact = tuple(sorted({*RULE_READS, *(n for n in others if n in less)}))
    more = tuple(n for n in others if n not in exact)
    if EXP not in less and attributes and last_day > 1:
        more = (*more, EXP)  # a night's purchase turns it into a point read
    named = {kind: frozenset(str(n) for k, n in reads.flags if k == kind) for kind in _FLAG_KINDS}
    secrets = frozenset(n for k, n in reads.flags if k == "secret" and isinstance(n, int))
    return Watched(attributes, EXP in less, last_day, tuple(a for a in AMOUNTS if a in less), exact, more,
                   named["item"], secrets, named["status"], named["visited"], named["dial"],
                   _owed(campaign, reads), reads.drawn)


def _owed(campaign: Campaign, reads: Reads) -> frozenset[Flag] | None:
    """What the readings a passed character still takes part in may read or change: those
    owed to every character (an event's or a quest's links, EVT-6's success checked after
    every reading, a chapter's setup, a time dial's, the campaign's own links such as the
    mercy) and the dreams and nightmares at night (EOD-5), by the explorer's liveness
    (``Reads.touches``); with the records' conditions and the rule data's (a Dying or
    Insane card taken off). Explorations, travel, location actions and menhirs take only
    the party named, never one who has passed (TRN-4)."""
    if reads.touches is None:
        return None
    book = campaign.book
    targets = [t for card in campaign.geo.cards for hook in ("dream", "nightmare")
               if (t := book.hook(card, hook)) is not None]
    targets += [t for card in campaign.cards.values() for t in card.links.values()]
    targets += [c.setup for c in campaign.chapters.values() if c.setup is not None]
    targets += [t for t in campaign.time_dials.values() if t is not None]
    targets += [link.target for link in book.bundle.campaign.links]
    found = set(reads.records) | {("num", n) for n in _rule_reads(campaign)}
    for target in targets:
        found |= reads.touches(target)
    return frozenset(found)


def late(campaign: Campaign, watch: Watched | None, name: str) -> bool:
    """Whether ``name`` has passed on the walk's last day: only the readings owed to
    everyone and the night read it any more (``Watched.owed``), and after that night
    nothing is walked."""
    return (watch is not None and watch.owed is not None and name in campaign.world.passed
            and campaign.world.phase == "day" and campaign.state.day >= watch.last_day)


# Read by the rules whatever the journal reads: Health at 0 is Dying, Terror at the top of
# its track Insane (DTH-1, TRK-6), and what follows (a death, the mercy: DTH-2..8).
RULE_READS = ("health", "terror")
_FLAG_KINDS = ("item", "status", "visited", "dial")


def _rule_reads(campaign: Campaign) -> set[str]:
    rules = bundle_rules(campaign.book.bundle)
    conds: list[Cond] = [c for card in rules.afflictions.values() for c in card.remove]
    effects: list[Effect] = [e for character in rules.characters.values() for ability in character.abilities
                             if ability.trigger == "action" for e in ability.effects]
    conds += [e.cond for e in effects if e.cond is not None]
    return ({c.name for c in conds if c.kind == "compare"}
            | {e.what for e in effects if e.verb == "pay"})


def _rule_less(campaign: Campaign) -> set[str]:
    """What the layer's rule data reads where less may help: a comparison other than
    ``>=`` or ``>``, or one under a ``not``, in the conditions that take a Dying or Insane
    card off and in the Character Actions' conditions."""
    rules = bundle_rules(campaign.book.bundle)
    conds: list[Cond] = [c for card in rules.afflictions.values() for c in card.remove]
    conds += [e.cond for character in rules.characters.values() for ability in character.abilities
              if ability.trigger == "action" for e in ability.effects if e.cond is not None]
    return {c.name for c in conds if c.kind == "compare" and (c.negate or c.op not in (">=", ">"))}


def moves(campaign: Campaign, watch: Watched | None = None) -> list[str]:
    """The commands to try now: a Start of the Day at dawn and at night (at night before
    the walk's last day, with each purchase that ``watch`` says changes something read;
    none once the walk's last night is over, ``last_night``), the End of the Day (with each
    choice of who fasts) once everyone is done, else the actions of each character who may
    still act this round, alone and in each party it may form (their Character Action
    among them), and the first one's pass last."""
    world = campaign.world
    if world.phase == "over" or campaign.busy is not None or campaign.readings:
        return []
    if watch is not None and last_night(campaign, watch):
        return []
    if world.phase == "dusk" and watch is not None:
        return [":sod", *purchases(campaign, watch)]
    if world.phase in ("dawn", "dusk"):
        return [":sod"]
    if campaign.day_over():
        return night(campaign)
    ready = [n for n in world.order() if n not in world.passed and n not in world.turned]
    out: list[str] = []
    walked: set[tuple[str, ...]] = set()
    for name in ready:
        for party in parties(campaign, name):
            if party not in walked:
                walked.add(party)
                out += _actions(campaign, party)
        if campaign.character(name).tracks[ENERGY] >= 1 and actions.action_of(campaign, name) is not None:
            out.append(f":action {name}")
    return [*out, f":pass {ready[0]}"]


def last_night(campaign: Campaign, watch: Watched) -> bool:
    """Whether the walk's last night is over (dusk on ``watch.last_day``, between
    readings): the dreams have been read, and the next day's Start is not the walk's, so
    nothing reads any amount any more. Such a state is a leaf: it offers no move, and its
    summary is one for all of them (every one of them reaches nothing more)."""
    return (campaign.world.phase == "dusk" and campaign.state.day >= watch.last_day
            and campaign.busy is None and not campaign.readings)


def night(campaign: Campaign) -> list[str]:
    """``:eod`` (whoever has Food eats) and ``:eod fast A,B`` for every group of those who
    have Food: fasting keeps the Food for a later day (a choice's or an action's cost)
    at the price of tomorrow's Energy (EOD-1, EOD-2), so neither is better off."""
    fed = [n for n in campaign.world.order() if campaign.character(n).resources.get(FOOD, 0) > 0]
    out = [":eod"]
    for size in range(1, len(fed) + 1):
        out += [f":eod fast {','.join(group)}" for group in combinations(fed, size)]
    return out


def purchases(campaign: Campaign, watch: Watched) -> list[str]:
    """The night's purchases worth a line of play of their own (EOD-3): for each declared
    character in turn order, the next point of each attribute something reads that their
    Exp pays for (from the 3rd point on with the first free Skill card of it; none free,
    no such point). Merged with not buying, which is as well off in everything read (it
    keeps the Exp and keeps each later point as cheap): a point of an attribute nothing
    reads, and the three cards off an Advancement Pool, which change a deck that only
    fights read, and a walk answers every fight by its outcome. With ``watch.exp`` every
    attribute is offered: spending Exp may itself open a way."""
    rules = bundle_rules(campaign.book.bundle)
    party = campaign.state.party
    out: list[str] = []
    for name in campaign.world.order():
        member = campaign.character(name)
        if rules.character(member.name) is None:
            continue
        exp = member.resources.get(EXP, 0)
        for attribute in ATTRIBUTES if watch.exp else watch.attributes:
            if adv.attribute_cost(member, attribute) > exp:
                continue
            if member.attributes.get(attribute, 0) + 1 < adv.SKILL_FROM:
                out.append(f":advance {name} {attribute}")
                continue
            free = adv.available_skills(attribute, party, rules.skills, rules)
            if free:  # a Skill acts in fights and by :use, which a walk does not play
                out.append(f":advance {name} {attribute} {free[0].name}")
    return out


def parties(campaign: Campaign, name: str) -> list[tuple[str, ...]]:
    """``name`` alone, then with every group of the others on the card who have neither
    passed nor acted this round, in turn order."""
    world = campaign.world
    card = world.positions[name]
    others = [n for n in world.order() if n != name and world.positions[n] == card
              and n not in world.passed and n not in world.turned]
    groups: list[tuple[str, ...]] = []
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            groups.append(tuple(n for n in world.order() if n == name or n in chosen))
    return groups


def _actions(campaign: Campaign, party: tuple[str, ...]) -> list[str]:
    card = campaign.world.positions[party[0]]
    who = ",".join(party)
    out: list[str] = []
    for pay in payments(campaign, party):
        if campaign.book.hook(card, "explore") is not None:
            out.append(f":explore {who}{pay}")
        out += [f":travel {who} {n}{pay}" for n in sorted(campaign.table.connected_placed(card))]
    location = campaign.book.locations.get(card)
    if any(campaign.character(n).tracks[ENERGY] >= 1 for n in party):
        out += [f":act {who} {a.name}" for a in (location.actions if location is not None else ())]
    if "menhir" in campaign.geo.cards[card].seals and campaign.book.hook(card, "menhir") is not None:
        out.append(f":inspect {who}")
    return out


def payments(campaign: Campaign, party: tuple[str, ...]) -> list[str]:
    """How the party may pay 1 Energy a member (PTY-3, A20): each their own share (``""``,
    when everyone has 1), and with each member spared in turn, the others covering that
    member's share and the shares of those with none, the richest first (`` pay
    A=0,B=2``). For two members these are all the splits there are; none when the party
    cannot pay at all."""
    energy = {n: campaign.character(n).tracks[ENERGY] for n in party}
    broke = {n for n in party if energy[n] == 0}
    out = [] if broke else [""]
    spared_sets = [broke] if broke else []
    spared_sets += [broke | {n} for n in party if n not in broke] if len(party) > 1 else []
    for spared in spared_sets:
        split = _split(party, energy, spared)
        if split is not None and split not in out:
            out.append(split)
    return out


def _split(party: tuple[str, ...], energy: dict[str, int], spared: set[str]) -> str | None:
    """Those not ``spared`` pay their own share, then the spared ones' shares, the richest
    first; None when they cannot."""
    payers = [n for n in party if n not in spared]
    if not payers or sum(energy[n] for n in payers) < len(party):
        return None
    shares = {n: (1 if n in payers else 0) for n in party}
    owed = len(spared)
    for name in sorted(payers, key=lambda n: -energy[n]):
        more = min(energy[name] - 1, owed)
        shares[name] += more
        owed -= more
    if owed:
        return None
    return " pay " + ",".join(f"{n}={shares[n]}" for n in party)


def summary(campaign: Campaign, watch: Watched | None = None) -> Summary:
    """The walk's view (docs/campaign.md, "Exploring it"): the world (the day and its
    phase, menhirs, guardians, the event cards, dials and tokens, the cards removed or
    replaced, the readings owed, the dreams read), what a reading may still read of the
    campaign (``_journal``: the statuses, verses read and dials some condition reads, the
    location actions taken today, the Items lying on cards) and, for each character, where
    it stands, whether it has passed or taken this round's turn, whether it is dying or
    going insane; then the amounts, where more is better (Energy and Food, and the
    numbers read only where more never hurts). Whether one has passed is in the place, not
    an amount: the pass changes nothing else, so as an amount the state before it covered
    the state after it, and no pass was ever walked. With ``watch``, each character's
    numbers that something reads where less may help (its attributes read, Health and
    Terror, Energy and Food in ``watch.exact``) and the Items and Secrets it holds that a
    condition reads are kept beside where it stands: leaving them out merged a line of
    play that kept the Grey Hound into one that did not, and lost 209.4. Left out: the
    cards in play (where the party has stood decides them, and keeping them multiplied a
    day of the sample by four for no card or verse more) and everything no condition,
    cost or rule reads. Once the walk's last night is over (``last_night``) nothing is
    walked on, so every such state has the same summary: the first of them is walked (to
    nothing) and the others merged with it, their cards and verses recorded as every
    merged state's are."""
    world = campaign.world
    if watch is not None and last_night(campaign, watch):
        return Summary(_digest([campaign.state.day, world.phase]))
    shared = _shared(campaign)
    places = [_place(campaign, shared, card, watch)[1:] for card in sorted(set(world.positions.values()))]
    return Summary(_digest([shared, _journal(campaign, watch), places]),
                   tuple(a for n in world.order() for a in _amounts(campaign, n, watch)))


def readers(campaign: Campaign, moves: list[str], watch: Watched | None = None) -> list[str | None]:
    """What the readings each move starts read (a walk replays their ends elsewhere instead
    of walking them answer by answer again): the move, the world, the characters on the
    card of those it names with all they hold, the statuses and the rest of the campaign
    a condition reads (``_journal``); not where the others stand. None for a move that
    starts no reading of one card's characters (``:sod``, ``:eod``, ``:pass``)."""
    shared = _shared(campaign)
    statuses = sorted((k, sorted(v)) for k, v in campaign.state.statuses.items())
    journal = _journal(campaign, watch)
    return [_reader(campaign, shared, [statuses, journal], move) for move in moves]


def _reader(campaign: Campaign, shared: str, journal: list[Any], move: str) -> str | None:
    words = move.split()
    if len(words) < 2 or words[0] not in _READERS:
        return None
    card = campaign.world.positions.get(words[1].split(",")[0])
    if card is None:
        return None
    held = [_held(campaign.character(n)) for n in campaign.world.on(card)]
    return _digest([move, _place(campaign, shared, card), held, journal])


def _journal(campaign: Campaign, watch: Watched | None) -> list[Any]:
    """What a reading may read of the campaign beyond the map: the statuses, the verses
    read and the dials some condition reads (all of them without ``watch``), the location
    actions taken today (once a day: A22) and the Items of the dead lying on cards
    (DTH-4: out of the Item deck)."""
    state = campaign.state
    statuses = sorted((k, sorted(v)) for k, v in state.statuses.items()
                      if v and (watch is None or k in watch.statuses))
    verses = sorted(v for v in state.visited if watch is None or v in watch.verses)
    dials = sorted((k, v) for k, v in state.dials.items() if watch is None or k in watch.dials)
    acted = sorted(k for k, day in state.acted.items() if day == state.day)
    lying = sorted((card, sorted(items)) for card, items in campaign.world.lying.items() if items)
    return [statuses, verses, dials, acted, lying]


_PILES = tuple(f.name for f in fields(Piles))
_READERS = frozenset({":explore", ":travel", ":act", ":inspect", ":action"})


def _held(member: Character) -> list[Any]:
    return [sorted(member.tracks.items()), sorted(member.resources.items()),
            sorted(member.attributes.items()), sorted(member.items), sorted(member.secrets),
            sorted(member.piles.items())]


def _shared(campaign: Campaign) -> str:
    """The world as the summary keeps it, one string."""
    world, state = campaign.world, campaign.state
    return _dump([state.day, str(state.chapter), world.phase,
                  [(m.card, m.dial) for m in world.menhirs], [(g.name, g.card) for g in world.guardians],
                  None if world.events is None else [getattr(world.events, f) for f in _PILES],
                  sorted(world.time_dials.items()), sorted(world.time_tokens.items()),
                  sorted(world.quest_tokens.items()), sorted(world.kept.items()),
                  sorted(state.removed), sorted(state.replaced.items()), world.dead, world.ending,
                  [(r.card, r.hook, r.members, r.event) for r in campaign.readings], world.dreamt])


def _place(campaign: Campaign, shared: str, card: int, watch: Watched | None = None) -> list[Any]:
    """The world, the card and who stands on it: whether each has taken this round's
    turn, is dying or going insane, has passed (and, with ``watch``, the numbers it
    watches)."""
    world = campaign.world
    who: list[Any] = [(n, n in world.turned and n not in world.passed,
                       campaign.character(n).tracks["health"] == 0, campaign.insane(campaign.character(n)),
                       *((True,) if n in world.passed else ()))
                      for n in world.on(card)]
    if watch is not None:
        who = [[*row, _watched(campaign.character(row[0]), watch, late(campaign, watch, row[0]))]
               for row in who]
    return [shared, card, who]


def _watched(member: Character, watch: Watched, passed: bool = False) -> list[Any]:
    """A character's numbers kept exactly, then the Items and Secrets it holds that some
    condition reads; once it has passed on the walk's last day (``passed``), only what the
    readings it still takes part in may read (``_late``)."""
    numbers = [_late(member, a, watch, passed) for a in (*watch.attributes, *watch.exact, *watch.numbers)]
    if watch.exp:
        numbers.append(_late(member, EXP, watch, passed))
    owed = watch.owed if passed and watch.owed is not None else None
    items = sorted(i for i in member.items if i in watch.items
                   and (owed is None or ("item", i) in owed or i in watch.drawn))
    return [numbers, items, sorted(n for n in member.secrets if n in watch.secrets)]


def _late(member: Character, name: str, watch: Watched, passed: bool) -> int:
    """A number as the walk keeps it: all of it, but for one who has passed on the last
    day (``passed``) and whom no reading still owed reads it, only what the night reads
    (EOD-1: Food to eat, Energy left to go hungry on, or none and Health lost; Health and
    Terror whole: Dying, Insane, the dreams or the nightmares); nothing of the rest."""
    value = _amount(member, name)
    if not passed or watch.owed is None or ("num", name) in watch.owed or name in RULE_READS:
        return value
    return min(value, 1) if name in AMOUNTS else 0


def _amounts(campaign: Campaign, name: str, watch: Watched | None = None) -> tuple[int, ...]:
    """Energy and Food: more pays for more (EOD-2 restores no more from less); but not
    those in ``watch.exact``, read somewhere where less may help (``if food < 1 -> 3``: the
    one with less Food reads a verse the one with more never does), which the place
    keeps; then the other numbers read only where more never hurts (``watch.more``)."""
    member = campaign.character(name)
    if watch is None:
        return tuple(_amount(member, a) for a in AMOUNTS)
    passed = late(campaign, watch, name)
    return tuple(_late(member, a, watch, passed) for a in (*AMOUNTS, *watch.more) if a not in watch.exact)


def _amount(member: Character, name: str) -> int:
    if name in member.tracks:
        return member.tracks[name]
    return member.attributes.get(name, 0) if name in ATTRIBUTES else member.resources.get(name, 0)


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _digest(data: Any) -> str:
    """A place or a reading's key as a walk stores it, a hundred thousand of them and more:
    the digest of its text (128 bits: two different texts share one with a chance far
    below any other fault of a run), a tenth of the text's size."""
    return hashlib.blake2b(_dump(data).encode(), digest_size=16).hexdigest()
