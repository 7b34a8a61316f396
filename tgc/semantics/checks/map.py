"""Map checks (TGC4xx): the analysis of a resolved Campaign in, diagnostics about location keys that
lead nowhere or are not mirrored, replacement cards whose legacy numbers loop, and
locations nothing ever brings into play out. Replacement cards are followed through
their `legacy:` numbers: a card and the cards it replaces (or that replace it) form one
family, and a key may be mirrored by any card of the family."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tgc.diagnostics.codes import diag, did_you_mean
from tgc.diagnostics.model import Diagnostic, Label
from tgc.semantics.analysis import Analysis, Check
from tgc.semantics.model import MIRROR, Campaign, LocationInfo
from tgc.syntax import ast


def check_unknown_keys(analysis: Analysis) -> list[Diagnostic]:
    """TGC401: a key to a location no card declares (nor replaces)."""
    campaign = analysis.campaign
    families = _Families(campaign)
    hidden = analysis.hidden
    diags = []
    for loc in campaign.locations.values():
        for key in loc.keys:
            if families.cards(key.location) or key.location in hidden.numbers:
                continue
            hint = did_you_mean(str(key.location), [str(n) for n in campaign.locations])
            diags.append(diag("TGC401", key.span, direction=key.direction, number=key.location,
                              hint=hint or f'declare `@location {key.location} "..."`, '
                              "or fix the number"))
    return diags


def check_unmirrored_keys(analysis: Analysis) -> list[Diagnostic]:
    """TGC402: a key whose neighbour has no key back (through legacy numbers too)."""
    campaign = analysis.campaign
    unmirrored = _unmirrored_keys(analysis, _Families(campaign))
    if unmirrored:
        # A `replace location A with B` effect says B stands for A even when B's `legacy:`
        # is wrong (TGC120): read the effects, which only a key that fails needs.
        replaced = [(e.number, e.other) for e in _location_effects(campaign)
                    if e.verb == "replace" and e.other is not None]
        unmirrored = _unmirrored_keys(analysis, _Families(campaign, replaced))
    return unmirrored


def _unmirrored_keys(analysis: Analysis, families: _Families) -> list[Diagnostic]:
    campaign = analysis.campaign
    hidden = analysis.hidden
    diags = []
    for loc in campaign.locations.values():
        home = families.family(loc.number)
        for key in loc.keys:
            cards = families.cards(key.location)
            if not cards or any(card.number in hidden.locations for card in cards):
                continue  # unknown (TGC401), or a neighbour that lost a line to a syntax error
            back = MIRROR[key.direction]
            backs = [(card, k) for card in cards for k in card.keys if k.direction == back]
            if any(k.location in home for _, k in backs):
                continue
            crossed = [(card, k) for card in cards for k in card.keys
                       if k.location in home and card.number != loc.number]
            if crossed:
                # Two keys between the same cards in directions that do not mirror: one
                # mistake, reported once, at the key of the higher-numbered card.
                card, other = crossed[0]
                if card.number < loc.number:
                    diags.append(_crossed(loc, key, back, card, other))
                continue
            diags.append(_unmirrored(loc, key, back, backs))
    return diags


def _crossed(loc: LocationInfo, key: ast.Key, back: str, card: LocationInfo,
             other: ast.Key) -> Diagnostic:
    detail = (f"location {card.number} keys back to it with `{other.direction} "
              f"{other.location}`, and `{key.direction}` is mirrored by `{back}`")
    return diag("TGC402", key.span, direction=key.direction, here=loc.number, detail=detail,
                labels=(Label(other.span, "the key back"),),
                hint=f"one of the two keys has the wrong direction: write `{back} "
                f"{loc.number}` on location {card.number}, or `{MIRROR[other.direction]} "
                f"{card.number}` here")


def check_replacement_loops(analysis: Analysis) -> list[Diagnostic]:
    """TGC403: legacy numbers that lead back to where they started."""
    campaign = analysis.campaign
    locations = campaign.locations
    state: dict[int, int] = {}  # 1: on the current path, 2: done
    diags = []
    for start in sorted(locations):
        path: list[int] = []
        number: int | None = start
        while number is not None and number in locations and number not in state:
            state[number] = 1
            path.append(number)
            number = locations[number].legacy
        if number is not None and state.get(number) == 1:
            loop = path[path.index(number):]
            diags.append(_loop(campaign, loop))
        for done in path:
            state[done] = 2
    return diags


def check_never_in_play(analysis: Analysis) -> list[Diagnostic]:
    """TGC404: a location no key, no effect and not the start brings into play."""
    campaign = analysis.campaign
    info = campaign.info
    if info is None or info.start not in campaign.locations:
        return []  # no start location, or an unknown one: TGC114 or TGC103 says so
    if not campaign.vocabulary.location_map:
        return []  # the ruleset lays its locations out another way (and checks that)
    assert info.start is not None
    in_play = {info.start} | analysis.hidden.numbers
    for loc in campaign.locations.values():
        in_play.update(key.location for key in loc.keys if key.location != loc.number)
    if all(number in in_play for number in campaign.locations):
        return []  # the usual case: every card is keyed, no need to read every verse
    for effect in _location_effects(campaign):
        if effect.verb in ("reveal", "move"):
            in_play.add(effect.number)
        elif effect.verb == "replace" and effect.other is not None:
            in_play.add(effect.other)
    return [diag("TGC404", loc.decl.header_span, number=number,
                 hint=f"add a key to it on a neighbouring card, or bring it into play with "
                 f"`~ reveal location {number}`, `~ move to {number}` or `~ replace location "
                 f"N with {number}`")
            for number, loc in campaign.locations.items() if number not in in_play]


# ---------------------------------------------------------------- helpers


class _Families:
    """Cards joined by legacy numbers (union-find): a replacement card and the card it
    replaces stand for each other on the map."""

    def __init__(self, campaign: Campaign, replaced: Iterable[tuple[int, int]] = ()) -> None:
        self.locations = campaign.locations
        self.parent: dict[int, int] = {}
        for number, loc in campaign.locations.items():
            if loc.legacy is not None:
                self.union(number, loc.legacy)
        for old, new in replaced:
            self.union(old, new)
        self.members: dict[int, set[int]] = {}
        for number in list(self.parent):
            self.members.setdefault(self.find(number), set()).add(number)

    def find(self, number: int) -> int:
        root = number
        while self.parent.get(root, root) != root:
            root = self.parent[root]
        while number != root:  # path compression keeps every later lookup short
            self.parent[number], number = root, self.parent[number]
        return root

    def union(self, a: int, b: int) -> None:
        self.parent.setdefault(a, a)
        self.parent.setdefault(b, b)
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def family(self, number: int) -> set[int]:
        if number not in self.parent:
            return {number}
        return self.members[self.find(number)]

    def cards(self, number: int) -> list[LocationInfo]:
        """The declared cards a key to ``number`` may mean: it, or its replacements."""
        return [self.locations[n] for n in sorted(self.family(number)) if n in self.locations]


def _unmirrored(loc: LocationInfo, key: ast.Key, back: str,
                backs: list[tuple[LocationInfo, ast.Key]]) -> Diagnostic:
    there = key.location
    labels: tuple[Label, ...] = ()
    if backs:
        card, other = backs[0]
        detail = f"the `{back}` key of location {card.number} leads to {other.location}"
        labels = (Label(other.span, "this key"),)
    else:
        detail = f"location {there} has no `{back}` key"
    return diag("TGC402", key.span, direction=key.direction, here=loc.number, detail=detail,
                labels=labels,
                hint=f"give location {there} the key `{back} {loc.number}`, or fix this one")


def _loop(campaign: Campaign, loop: list[int]) -> Diagnostic:
    first = min(loop)
    at = loop.index(first)
    loop = loop[at:] + loop[:at]
    chain = ", which replaces ".join(str(n) for n in [*loop, first])
    spans = [campaign.locations[n].legacy_span or campaign.locations[n].decl.header_span
             for n in loop]
    labels = tuple(Label(span, "part of the loop") for span in spans[1:])
    return diag("TGC403", spans[0], chain=chain, labels=labels,
                hint="a replacement card names the card it replaces; the first card of a chain "
                "has no `legacy:`")


def _location_effects(campaign: Campaign) -> Iterator[ast.LocationEffect]:
    for info in campaign.verses.values():
        for body in (info.verse.body, *(block.body for block in info.verse.blocks)):
            for stmt in body:
                if type(stmt) is ast.EffectLine and type(stmt.effect) is ast.LocationEffect:
                    yield stmt.effect


CHECKS: tuple[Check, ...] = (
    check_unknown_keys,
    check_unmirrored_keys,
    check_replacement_loops,
    check_never_in_play,
)
