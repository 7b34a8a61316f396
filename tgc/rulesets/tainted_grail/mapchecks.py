"""Tainted Grail's map checks (TGC405-407): the analysis of a resolved Campaign in,
diagnostics about the map the campaign layer plays out: two cards claiming one grid
cell, a menhir lit where no menhir can stand, a location no travel can reach with the
menhirs the campaign can light. The geometry is the campaign layer's own
(tgc/rulesets/tainted_grail/geometry.py), so the checker and the game agree."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.limits import as_number
from tgc.rulesets.tainted_grail.geometry import Card, Geometry, cheb, geometry
from tgc.semantics.analysis import Analysis
from tgc.semantics.model import Campaign, VerseInfo
from tgc.syntax import ast

ACTIVATE = "activate menhir"
SEAL = "menhir"


def _applies(campaign: Campaign) -> bool:
    info = campaign.info
    return (info is not None and info.ruleset == "tainted-grail" and info.start in campaign.locations
            and campaign.vocabulary.location_map)


def map_geometry(campaign: Campaign) -> Geometry:
    assert campaign.info is not None and campaign.info.start is not None
    cards = [Card(loc.number, loc.title, loc.legacy, {k.direction: k.location for k in loc.keys}, loc.seals)
             for loc in campaign.locations.values()]
    return geometry(campaign.info.start, cards)


def _geometry(analysis: Analysis) -> Geometry:
    return map_geometry(analysis.campaign)


def check_cells(analysis: Analysis) -> list[Diagnostic]:
    """TGC405: two cards of different legacy families claim one cell, or one card two
    (in campaigns whose map the campaign layer plays: they use its effects)."""
    campaign = analysis.campaign
    if not _applies(campaign) or not analysis.derive(_found_phrases):
        return []
    geo = analysis.derive(_geometry)
    diags = []
    for conflict in geo.conflicts:
        via = campaign.locations[conflict.via]
        key = next((k for k in via.keys if geo.names(k.location, conflict.second)), None)
        span = key.span if key is not None else via.decl.header_span
        if conflict.first == conflict.second:
            held = geo.cells[conflict.first]
            detail = (f"this key puts location {conflict.second} at {conflict.cell}, "
                      f"but other keys put it at {held}")
        else:
            detail = (f"this key puts location {conflict.second} at {conflict.cell}, "
                      f"where location {conflict.first} already lies")
        diags.append(diag("TGC405", span, detail=detail,
                          hint="cards lie on a grid: a key `up N` puts N in the cell above; "
                          "check the keys around this cell"))
    return diags


def check_activations(analysis: Analysis) -> list[Diagnostic]:
    """TGC406: `activate menhir` in a verse no menhir-sealed card reads."""
    campaign = analysis.campaign
    if not _applies(campaign):
        return []
    allowed = _menhir_sections(campaign)
    diags = []
    for info, phrase in analysis.derive(_found_phrases):
        if phrase.phrase != ACTIVATE:
            continue
        if phrase.at is not None:
            loc = campaign.locations.get(phrase.at)
            if loc is not None and SEAL not in loc.seals:
                diags.append(diag("TGC406", phrase.span, where=f"location {phrase.at}",
                                  hint=f"give location {phrase.at} the menhir seal, or light "
                                  "the menhir of a card that has it"))
        elif info.section not in allowed and info.id not in allowed:
            diags.append(diag("TGC406", phrase.span, where=f"verse {info.id}",
                              hint="light menhirs in the verses of a location with "
                              "`seals: menhir` (or the verse its `menhir ->` hook names), "
                              "or name the card: `activate menhir 4 at N`"))
    return diags


def check_reachable(analysis: Analysis) -> list[Diagnostic]:
    """TGC407: a card that no travel reaches from the start, through cards within range
    of the menhirs the campaign can light (the start's and every card with an
    `activate menhir`). Only in campaigns that light menhirs at all."""
    campaign = analysis.campaign
    if not _applies(campaign):
        return []
    lit = _lightable(campaign, analysis.derive(_found_phrases))
    if lit is None:
        return []
    geo = analysis.derive(_geometry)
    lit_cells = [geo.cells[n] for n in lit if n in geo.cells]

    def in_range(card: int) -> bool:
        return any(cheb(geo.cells[card], cell) <= 1 for cell in lit_cells)

    assert campaign.info is not None and campaign.info.start is not None
    start = campaign.info.start
    reached = {start}
    queue = deque([start])
    while queue:
        card = queue.popleft()
        for other in geo.cells:
            if other not in reached and in_range(other) and geo.connected(card, other):
                reached.add(other)
                queue.append(other)
    reached_families = {geo.root.get(n, n) for n in reached}
    placed_by_story = _placed_by_story(campaign)
    diags = []
    for number, loc in sorted(campaign.locations.items()):
        if number not in geo.cells or geo.root.get(number, number) in reached_families:
            continue
        if number in placed_by_story:
            continue
        why = ("it lies out of range of every menhir the campaign can light" if not in_range(number)
               else "no key joins it to a card the party can reach")
        diags.append(diag("TGC407", loc.decl.header_span, number=number, why=why,
                          hint="light a menhir near it (`~ activate menhir N` in a menhir card's "
                          "verses), add a key, or bring it into play with `~ move to` or "
                          "`~ reveal location`"))
    return diags


def _lightable(campaign: Campaign,
               found_phrases: list[tuple[VerseInfo, ast.Phrase]]) -> set[int] | None:
    """The cards where a menhir can stand: the start and every card an `activate menhir`
    acts on; None when the campaign lights no menhir (it does not model them)."""
    assert campaign.info is not None and campaign.info.start is not None
    hooks = _menhir_hooks(campaign)
    found: set[int] = set()
    for info, phrase in found_phrases:
        if phrase.phrase != ACTIVATE:
            continue
        if phrase.at is not None:
            found.add(phrase.at)
        elif (number := as_number(info.section)) is not None and number in campaign.locations:
            found.add(number)
        elif info.id in hooks:
            found.update(hooks[info.id])
    return found | {campaign.info.start} if found else None


def _menhir_hooks(campaign: Campaign) -> dict[str, set[int]]:
    """Verse id -> the menhir-sealed cards whose `menhir ->` hook names it."""
    out: dict[str, set[int]] = {}
    for number, loc in campaign.locations.items():
        target = loc.hooks.get(SEAL)
        if target is not None and SEAL in loc.seals:
            verse = campaign.target_of(target)
            if verse is not None:
                out.setdefault(verse, set()).add(number)
    return out


def _menhir_sections(campaign: Campaign) -> set[str]:
    sections = {str(n) for n, loc in campaign.locations.items() if SEAL in loc.seals}
    return sections | set(_menhir_hooks(campaign))


def _placed_by_story(campaign: Campaign) -> set[int]:
    out: set[int] = set()
    for _, stmt in _effects(campaign):
        effect = stmt.effect
        if isinstance(effect, ast.LocationEffect):
            if effect.verb in ("reveal", "move"):
                out.add(effect.number)
            elif effect.verb == "replace" and effect.other is not None:
                out.add(effect.other)
    return out


def _found_phrases(analysis: Analysis) -> list[tuple[VerseInfo, ast.Phrase]]:
    """Every phrase of the campaign with its verse, found once for the three checks (each
    walked every statement of every verse before); an editor's run finds again only
    those of the verses an edit changed (Analysis.per_verse)."""
    if not analysis.keep:
        return list(_phrases(analysis.campaign))
    verses = analysis.campaign.verses
    return [(verses[vid], phrase) for vid, phrases in analysis.per_verse(_verse_phrases).items()
            for phrase in phrases]


def _verse_phrases(info: VerseInfo) -> tuple[ast.Phrase, ...]:
    return tuple(stmt.effect for stmt in _verse_effects(info) if isinstance(stmt.effect, ast.Phrase))


def _phrases(campaign: Campaign) -> Iterator[tuple[VerseInfo, ast.Phrase]]:
    for info, stmt in _effects(campaign):
        if isinstance(stmt.effect, ast.Phrase):
            yield info, stmt.effect


def _effects(campaign: Campaign) -> Iterator[tuple[VerseInfo, ast.EffectLine]]:
    for info in campaign.verses.values():
        for stmt in _verse_effects(info):
            yield info, stmt


def _verse_effects(info: VerseInfo) -> Iterator[ast.EffectLine]:
    for body in (info.verse.body, *(b.body for b in info.verse.blocks)):
        for stmt in body:
            if isinstance(stmt, ast.EffectLine):
                yield stmt


CHECKS = (check_cells, check_activations, check_reachable)
