"""Grimslingers card and creature checks (spec §19, checks 13, 17-22 and names): skill
decks and RNs, the element relation, spelled amounts, rewards, foreign resources, story
duels without dispositions, and names no record of their kind declares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tgc.rulesets.grimslingers.checks import fx_words, is_two_triangles
from tgc.rulesets.grimslingers.data import Action, DuelAction
from tgc.source import Span

if TYPE_CHECKING:
    from tgc.rulesets.grimslingers.checks import Checker


def check_cards(c: Checker) -> None:
    _creatures(c)
    _elements(c)
    _spelled(c)
    _rewards(c)
    _resources(c)
    _story_duels(c)
    _game_over_duels(c)


def _creatures(c: Checker) -> None:
    skills = {card.name: card for card in c.tale.cards if card.kind == "skill"}
    for creature in c.tale.creatures:
        span = c.span("creature", creature.name, "skills")
        if not creature.skills:
            c.add("TGC587", span, creature=creature.name, detail="has no skills")
        for name in creature.skills:
            skill = skills.get(name)
            if skill is None:
                c.add("TGC587", span, creature=creature.name,
                      detail=f"has the skill \"{name}\", which no @skill declares")
            elif skill.rn is None or not 1 <= skill.rn <= 10:
                c.add("TGC587", c.span("skill", "creature"), creature=creature.name,
                      detail=f"has the skill \"{name}\" without an RN from 1 to 10")


def _elements(c: Checker) -> None:
    relation = c.tale.elements
    if relation is None:
        return
    if not is_two_triangles({(a, b) for a, b in relation.beats}):
        c.add("TGC592", c.span("elements", "", "beats"),
              detail="is not two 3-cycles over fire, water, earth, wind, ice and lightning",
              hint="e.g. fire > ice; ice > wind; wind > fire; water > earth; earth > "
              "lightning; lightning > water")


def _spelled(c: Checker) -> None:
    for card in c.tale.cards:
        for word in fx_words(card.fx):
            c.add("TGC593", _card_span(c, card.kind, card.name, "fx"), card=card.name,
                  word=word)


def _card_span(c: Checker, kind: str, name: str, key: str) -> Span:
    for decl in c.loaded.decls:
        if decl.kind == kind and name in map(str, decl.args):
            return decl.props.get(key, (None, decl.span))[1]
    return c.span(kind, name)


def _rewards(c: Checker) -> None:
    deck = set(c.tale.items)
    achievements = {a.name for a in c.tale.achievements}
    for creature in c.tale.creatures:
        span = c.span("creature", creature.name, "reward")
        for action in creature.reward:
            if action.kind == "item" and action.item is not None and action.item not in deck:
                c.add("TGC594", span, detail=f"\"{creature.name}\" rewards the item "
                      f"\"{action.item}\", which is not in the item deck")
        if creature.achievement and creature.achievement not in achievements:
            c.add("TGC594", c.span("creature", creature.name, "achievement"),
                  detail=f"\"{creature.name}\" checks the achievement "
                  f"\"{creature.achievement}\", which no @achievement declares")


def _resources(c: Checker) -> None:
    owners = {g.name: g for g in c.tale.grimslingers}
    for card in c.tale.cards:
        g = owners.get(card.owner or "")
        if card.kind != "skill" or g is None:
            continue
        for cost in card.costs:
            if cost.resource not in ("hp", "ep", g.resource):
                c.add("TGC596", _card_span(c, "skill", card.name, "cost"), card=card.name,
                      resource=cost.resource, owner=g.name)


def _story_duels(c: Checker) -> None:
    items = {card.name for card in c.tale.cards if card.kind == "item"}
    paths = {p.name for p in c.tale.paths}
    for part in c.tale.parts:
        span = c.span("part", part.id, "actions")
        for action in part.actions:
            name_check(c, action, span, items, paths)
            if isinstance(action, DuelAction) and not action.dispositions \
                    and action.creature in c.g.creatures:
                c.add("TGC597", span, creature=action.creature, part=part.id)
    for bounty in c.tale.bounties:
        for action in bounty.actions:
            name_check(c, action, c.span("bounty", bounty.name, "actions"), items, paths)


GAME_OVER_RUNS = 200


def _game_over_duels(c: Checker) -> None:
    """Check 20: simulate each `lose: game over` duel for one new character."""
    from tgc.rulesets.grimslingers.engines.sim import Build, simulate_duel
    from tgc.rulesets.grimslingers.rules import index

    duels = [(part, a) for part in c.tale.parts for a in part.actions
             if isinstance(a, DuelAction) and a.on_lose == "game_over"
             and a.creature in c.g.creatures]
    if not duels:
        return
    rules = index(c.tale)
    build = Build(c.tale.grimslingers[0].name if c.tale.grimslingers else None)
    for part, action in duels:
        report = simulate_duel(rules, action.creature, (build,), GAME_OVER_RUNS,
                               dispositions=action.dispositions)
        rate = report.outcomes["win"] / report.runs
        if rate < 0.5:
            c.add("TGC595", c.span("part", part.id, "actions"), creature=action.creature,
                  rate=f"{rate:.0%}", part=part.id)


def name_check(c: Checker, action: Action, span: Span, items: set[str],
                paths: set[str]) -> None:
    match action.kind:
        case "duel":
            if action.creature not in c.g.creatures:
                c.add("TGC598", span, detail=f"no @creature \"{action.creature}\"")
        case "item":
            if action.item is not None and action.item not in items:
                c.add("TGC598", span, detail=f"no @item \"{action.item}\"")
        case "path":
            if action.path not in paths:
                c.add("TGC598", span, detail=f"no @path \"{action.path}\"")
        case "bounty":
            if action.bounty not in c.g.bounties:
                c.add("TGC598", span, detail=f"no @bounty \"{action.bounty}\"")
        case "move":
            if (action.area, action.tile) not in c.g.tiles:
                c.add("TGC598", span, detail=f"area {action.area} has no tile {action.tile}")
        case _:
            pass
