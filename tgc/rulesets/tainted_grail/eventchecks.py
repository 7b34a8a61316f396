"""Tainted Grail's event checks (TGC408-410): the analysis of a resolved Campaign in,
diagnostics about what the campaign layer's Event deck plays out (campaign/events.py):
a chapter whose deck can run out with no way to end the chapter, a quest with nothing
to read when it succeeds, and event, quest, chapter, dial and header properties the
layer cannot read (campaign/header.py). The deck checks run only in campaigns that
declare a chapter's setup (``@chapter``): without one there is no deck, and events are
entry points like in every ruleset."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tgc.diagnostics.codes import diag, did_you_mean
from tgc.diagnostics.model import Diagnostic
from tgc.limits import as_number
from tgc.semantics.analysis import Analysis
from tgc.semantics.model import Campaign
from tgc.syntax import ast
from tgc.syntax.parser import condition_value

CHAPTER = "chapter"
BY_PART = "by part"
DIAL_TOP, MAX_PLAYERS = 8, 4  # A7: dials show 1-8; SET-1: 1-4 players
_CHAPTER_ID = re.compile(r"[0-9]+[A-Z]?")


def _chapters(campaign: Campaign) -> list[ast.Declaration]:
    info = campaign.info
    if info is not None and info.ruleset != "tainted-grail":
        return []
    return [d for d in campaign.others if d.kind == CHAPTER]


def _props(decl: ast.Declaration) -> dict[str, ast.Property]:
    out: dict[str, ast.Property] = {}
    for prop in decl.props:
        if isinstance(prop, ast.Prop | ast.RefProp | ast.ListProp | ast.NumberProp):
            out.setdefault(prop.key, prop)
    return out


def _text(prop: ast.Property | None) -> str | None:
    return prop.value.strip() if isinstance(prop, ast.Prop) and isinstance(prop.value, str) else None


def _name(decl: ast.Declaration) -> str:
    return str(decl.args[0]) if decl.args else ""


def _chapter_of(decl: ast.Declaration) -> str | None:
    return _text(_props(decl).get("chapter"))


def _story_events(campaign: Campaign, chapter: str) -> list[ast.Declaration]:
    return [d for d in campaign.events if d.kind == "event" and "random" not in d.args[1:]
            and _chapter_of(d) == chapter]


def _deck(campaign: Campaign, chapter: ast.Declaration) -> list[ast.Declaration]:
    """The chapter's Event deck as the campaign layer builds it (by part, or listed)."""
    prop = _props(chapter).get("deck")
    names = _deck_names(prop)
    if names is None:
        return _story_events(campaign, _name(chapter))
    by_name = {_name(d): d for d in campaign.events}
    return [by_name[n] for n in names if n in by_name]


def _deck_names(prop: ast.Property | None) -> list[str] | None:
    if prop is None:
        return None
    if isinstance(prop, ast.ListProp):
        return list(prop.items)
    text = _text(prop)
    if text is None or text == BY_PART:
        return None
    return [n.strip() for n in text.split(",") if n.strip()]


def check_event_decks(analysis: Analysis) -> list[Diagnostic]:
    """TGC408 (A15): a chapter's Event deck reveals one card a day, and once it is empty
    nothing more comes. A chapter none of whose cards (their verses, the setup card's,
    nor any location's, action's or status trigger's) can reach `-> end chapter` runs
    its deck out and stays there."""
    campaign = analysis.campaign
    diags = []
    graph = analysis.graph
    for chapter in _chapters(campaign):
        deck = _deck(campaign, chapter)
        mine = {_name(d) for d in campaign.events if _chapter_of(d) == _name(chapter)}
        mine |= {_name(d) for d in deck}
        starts = [e.target for e in graph.entries
                  if e.kind != "event" or e.owner.split(" ", 1)[1].strip('"') in mine]
        for prop in chapter.props:
            if isinstance(prop, ast.RefProp):
                target = campaign.target_of(prop.target)
                if target is not None:
                    starts.append(target)
        reached = graph.reachable(starts)
        ends = any(edge.terminal == "end chapter" for node in reached for edge in graph.out(node))
        if not ends:
            diags.append(diag("TGC408", chapter.header_span, chapter=_name(chapter), cards=len(deck),
                              day=len(deck) + 1,
                              hint="give a quest's `success ->` verse (or a verse it leads to) "
                              "`-> end chapter`, or add cards to the deck"))
    return diags


def check_quest_success(analysis: Analysis) -> list[Diagnostic]:
    """TGC409: a quest (``quest: yes`` on an event, or an ``@quest``) with no ``success ->``
    verse: when its condition holds, nothing is read and the story cannot go on."""
    campaign = analysis.campaign
    if not _chapters(campaign):
        return []
    diags = []
    for decl in campaign.events:
        props = _props(decl)
        quest = decl.kind == "quest" or (_text(props.get("quest")) or "").casefold() == "yes"
        if quest and not any(isinstance(p, ast.RefProp) and p.key == "success" for p in decl.props):
            diags.append(diag("TGC409", decl.header_span, name=_name(decl),
                              hint="add `success -> VERSE`: the verse read when the quest succeeds"))
    return diags


def check_event_properties(analysis: Analysis) -> list[Diagnostic]:
    """TGC410: the properties the campaign layer reads (``part``, ``quest``, ``secret``,
    ``succeed`` on events and quests; ``deck`` on a chapter) in a shape it cannot read."""
    campaign = analysis.campaign
    if not _chapters(campaign):
        return []
    diags = [*_bad_cards(campaign)]
    names = sorted(_name(d) for d in campaign.events if d.kind == "event")
    for chapter in _chapters(campaign):
        prop = _props(chapter).get("deck")
        for name in _deck_names(prop) or ():
            if name not in names:
                assert prop is not None
                diags.append(diag("TGC410", prop.span, detail=f'the deck lists "{name}", which no '
                                  "`@event` declares", hint=did_you_mean(name, names)
                                  or "list event titles top first, or write `deck: by part`"))
    return diags


def check_header(analysis: Analysis) -> list[Diagnostic]:
    """TGC410 on the ruleset's ``@campaign`` keys and ``@dial`` declarations: ``menhir:``
    is one dial (1-8) or one per player count, ``chapter:`` a chapter id, a dial is
    ``time`` or ``quest``, and only a time dial runs out (``expired ->``)."""
    campaign = analysis.campaign
    info = campaign.info
    if info is None or info.ruleset != "tainted-grail":
        return []
    diags = []
    props = _props(info.decl)
    menhir = props.get("menhir")
    if menhir is not None:
        dials = [as_number(part.strip()) for part in (_text(menhir) or "").split(",")]
        if not 1 <= len(dials) <= MAX_PLAYERS or any(d is None or not 1 <= d <= DIAL_TOP for d in dials):
            diags.append(diag("TGC410", menhir.span, detail="`menhir:` is the starting menhir's dial "
                              f"(1-{DIAL_TOP}), or one for each player count",
                              hint="write `menhir: 8, 7, 6, 5` (1, 2, 3, 4 players) or `menhir: 6`"))
    chapter = props.get("chapter")
    if chapter is not None and not _CHAPTER_ID.fullmatch(_text(chapter) or ""):
        diags.append(diag("TGC410", chapter.span, detail="`chapter:` is the first chapter's id",
                          hint="write `chapter: 1` (or `3A`)"))
    for decl in campaign.others:
        if decl.kind != "dial":
            continue
        kind = decl.args[1] if len(decl.args) > 1 else None
        if kind not in ("time", "quest"):
            diags.append(diag("TGC410", decl.header_span, detail=f'the dial "{_name(decl)}" is '
                              "`time` (the Start of the Day lowers it) or `quest`",
                              hint=f'write `@dial "{_name(decl)}" time`'))
        expired = _props(decl).get("expired")
        if kind == "quest" and expired is not None:
            diags.append(diag("TGC410", expired.span, detail="a quest dial never runs out: "
                              "`expired ->` belongs to a time dial",
                              hint=f'write `@dial "{_name(decl)}" time`'))
    return diags


def _bad_cards(campaign: Campaign) -> Iterator[Diagnostic]:
    for decl in campaign.events:
        props = _props(decl)
        for key, shape in (("part", "a number"), ("secret", "a secret's number")):
            prop = props.get(key)
            if prop is not None and as_number(_text(prop) or "") is None:
                yield diag("TGC410", prop.span, detail=f"`{key}:` takes {shape}",
                           hint=f"write `{key}: 2`")
        prop = props.get("quest")
        if prop is not None and (_text(prop) or "").casefold() not in ("yes", "no"):
            yield diag("TGC410", prop.span, detail="`quest:` is `yes` or `no`",
                       hint="write `quest: yes` for an event with the red padlock")
        prop = props.get("succeed")
        if isinstance(prop, ast.Prop):
            cond = condition_value(prop)
            if isinstance(cond, str):
                yield diag("TGC410", prop.span, detail=cond, hint="write a condition: "
                           '`succeed: secret 11`, `succeed: status "Lady\'s Task" 2`')


CHECKS = (check_event_decks, check_quest_success, check_event_properties, check_header)
