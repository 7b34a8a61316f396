"""Item and Skill abilities (issue 9, point 12): `ability:` on `@item`, Tainted Grail's
`@skill` with its two sides, their records in the bundle, the engines firing them in
combat and diplomacy (flipping used items), their actions in `tgc play` (`:use`), and
`tgc sim --state` fighting with a member's Skills."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tests.tg_helpers import ScriptedPolicy, load_text, member, rules_of
from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Outcome
from tgc.rulesets.tainted_grail.engines.hero import ItemInUse, Member
from tgc.rulesets.tainted_grail.engines.policies import POLICIES, Policy
from tgc.rulesets.tainted_grail.records import CombatEncounter, DiplomacyEncounter, Rules
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules

HEROES = """
@character "Beor"
  number: 4
  colour: blue
  health: 9
  energy: 6
  terror: 0
  aggression: 2
  empathy: 1
  food: 1

@character "Ailei"
  number: 1
  colour: green
  health: 7
  energy: 6
  terror: 0
  aggression: 1

@card combat 1U "Jab"
  left: marker
  right: aggression 1
  free: marker
"""

GEAR = """
@item "Knife"
  keywords: weapon
  ability: combat flip: gain 3 markers

@item "Buckler"
  keywords: shield
  ability: attack: prevent 1 damage

@item "Amulet"
  keywords: relic
  ability:
    - flip: prevent 2 damage
    - action: pay 1 energy; gain 1 health

@skill 12 aggression
  front: Brawler
  front_ability: combat start: draw 1
  back: Bully
  back_ability: diplomacy start: move affinity up 1
"""


def fight_text(attack: str = "damage 2", value: int = 20) -> str:
    return (f'@encounter "Brute"\n  deck: gray\n  level: 1\n  value: {value}\n'
            f"  right: aggression 1\n  attack:\n    0+: {attack}\n  opportunity: damage 1\n")


def rules(attack: str = "damage 2", value: int = 20) -> Rules:
    return rules_of(HEROES + GEAR + fight_text(attack, value))


def items(r: Rules, *names: str) -> tuple[ItemInUse, ...]:
    keywords = {"Knife": "weapon", "Buckler": "shield", "Amulet": "relic"}
    return tuple(ItemInUse(n, frozenset({keywords[n]}), r.item_abilities(n)) for n in names)


def fight(r: Rules, members: list[Member], policy: Policy) -> tuple[CombatGame, Outcome]:
    enc = r.encounters["Brute"]
    assert isinstance(enc, CombatEncounter)
    game = CombatGame(members, enc, policy, random.Random(1), log=True, shuffle=False)
    return game, game.fight()


# ---------------------------------------------------------------- the records


def test_item_and_skill_abilities_load_and_ride_in_the_bundle() -> None:
    """`ability:` on `@item` and the two sides of `@skill NUMBER ATTRIBUTE` (000, "Buying
    skills": double-sided, the sides exclusive) are typed records in the bundle."""
    r = rules()
    assert [a.trigger for a in r.item_abilities("Amulet")] == ["flip", "action"]
    assert r.item_abilities("Knife")[0].trigger == "combat flip"
    brawler, bully = r.skills["Brawler"], r.skills["Bully"]
    assert (brawler.attribute, brawler.card, bully.card) == ("aggression", "12", "12")
    again = TaintedGrailRules.model_validate(
        json.loads(TaintedGrailRules.of(r).model_dump_json())).rules
    assert again.items == r.items and again.skills == r.skills
    assert "items" not in TaintedGrailRules.of(rules_of(HEROES)).model_dump(mode="json")


def test_item_and_skill_mistakes_are_reported() -> None:
    """Only Items are flipped (000, "Flipping cards"): `flip` on a Skill is TGC503, as is
    an unknown trigger or an action tied to an encounter; effects an encounter cannot
    read there are TGC504; every skill is unique (TGC506); a card needs its front."""
    _, problems = load_text(
        '@skill 3 courage\n  front: Stoic\n  front_ability: flip: draw 1\n'
        '@skill 4 courage\n  front: Stoic\n'
        '@skill 5 bravado\n  front: X\n'
        '@skill 6 caution\n  back: Wary\n'
        '@item "Rope"\n  ability: combat action: gain 1 food\n'
        '@item "Pick"\n  ability: whenever: gain 1 food\n'
        '@item "Lamp"\n  ability: action: draw 1\n'
        '@item "Bell"\n  ability: diplomacy start: if pool >= 2: draw 1\n'
        '@item "Horn"\n  ability: attack: if charges >= 1: prevent 1 damage\n')
    codes = sorted(p.code for p in problems)
    assert codes == ["TGC502", "TGC503", "TGC503", "TGC503", "TGC503", "TGC504", "TGC504",
                     "TGC504", "TGC506"]


# ---------------------------------------------------------------- in a fight


def test_ITM_6_a_flip_item_is_used_once_and_flipped_face_down() -> None:
    """000, "Flipping cards": an item used in Combat is flipped face down and is face up
    again only when the encounter ends: its `flip` ability is offered once per encounter."""
    r = rules("nothing")
    beor = member(r, "Beor", "combat", ["Jab"] * 6, items=items(r, "Knife"))
    game, outcome = fight(r, [beor], ScriptedPolicy(["use Knife", "Jab", "stop", "Jab", "stop"]))
    assert game.log.count("Beor flips Knife: combat flip: gain 3 markers") == 1
    assert "+3 marker(s): pool 3" in game.log
    assert not any(o.kind == "flip" for o in game.options(game.heroes[0]))


def test_greedy_flips_an_item_to_prevent_damage_during_the_attack() -> None:
    """A `flip` ability may be used at any moment of the owner's activation, so also while
    the enemy attacks (as charge abilities are: 001, "Charges"); `prevent` counts there."""
    r = rules("damage 3", value=30)
    beor = member(r, "Beor", "combat", ["Jab"] * 6, items=items(r, "Amulet"))
    game, _ = fight(r, [beor], POLICIES["greedy"]())
    assert "Beor flips Amulet: flip: prevent 2 damage" in game.log
    assert "2 damage prevented" in game.log


def test_an_attack_item_protects_only_its_carrier() -> None:
    """000, "Parties": effects during a Character Activation apply to the Active Character
    only, so the Buckler's `attack` ability prevents its carrier's damage, not Ailei's."""
    r = rules("damage 2")
    beor = member(r, "Beor", "combat", ["Jab"] * 4, items=items(r, "Buckler"))
    ailei = member(r, "Ailei", "combat", ["Jab"] * 4)
    game, _ = fight(r, [beor, ailei], ScriptedPolicy(["Jab", "Jab", "stop", "stop"]))
    losses = [line for line in game.log if " loses " in line and " health " in line]
    assert losses[:2] == ["Ailei loses 2 health (5 left)", "Beor loses 1 health (8 left)"]
    assert "Beor, Buckler: attack: prevent 1 damage" in game.log


def test_a_skill_fires_in_the_encounter_its_trigger_names() -> None:
    """Extra cards from Skills are drawn as normal (001, "Panic"): Brawler's `combat
    start: draw 1` gives Beor a fourth starting card in a combat; its other side, Bully,
    moves the affinity in a diplomacy only."""
    r = rules("nothing")
    jabs = member(r, "Beor", "combat", ["Jab"] * 6).combat_deck
    skilled = Member(r.characters["beor"], combat_deck=jabs, skills=(r.skills["Brawler"],))
    game, _ = fight(r, [skilled], ScriptedPolicy(["stop"]))
    assert "Beor, Brawler: combat start: draw 1" in game.log
    talk = (HEROES.replace("@card combat 1U", "@card diplomacy 1U")
            .replace("left: marker", "left: up").replace("free: marker", "free: up"))
    r2 = rules_of(talk + GEAR + '@encounter "Elder"\n  deck: blue\n  affinity: red 1, gray 1, '
                  "green 3\n  right: empathy 1\n  stage1:\n    2-4: nothing\n", kind="diplomacy")
    enc = r2.encounters["Elder"]
    assert isinstance(enc, DiplomacyEncounter)
    pleas = member(r2, "Beor", "diplomacy", ["Jab"] * 4).diplomacy_deck
    bully = Member(r2.characters["beor"], diplomacy_deck=pleas,
                   skills=(r2.skills["Bully"], r2.skills["Brawler"]))
    game2 = DiplomacyGame([bully], enc, ScriptedPolicy(["stop"]), random.Random(1), log=True,
                          shuffle=False)
    game2.negotiate()
    assert "Beor, Bully: diplomacy start: move affinity up 1" in game2.log
    assert not any("Brawler" in line for line in game2.log)


# ---------------------------------------------------------------- play and sim


def test_play_and_sim_members_carry_their_abilities() -> None:
    """`tgc play` builds each member's items with their abilities and Skills from their
    `skills` pile; `tgc sim --state` does the same from the state file's."""
    from tgc.rulesets.tainted_grail.engines.ruleset import TaintedGrailRuleset
    from tgc.rulesets.tainted_grail.engines.simulate import MemberSpec, members_of
    from tgc.runtime.state import GameState, new_character

    r = rules()
    state = GameState(party=[new_character("Beor")])
    state.party[0].items = ["Knife"]
    state.party[0].piles["skills"] = ["Brawler"]
    ruleset = TaintedGrailRuleset(r, item_keywords={"Knife": ("weapon",)})
    entering = ruleset.member(state.party[0], state)
    assert entering is not None
    assert entering.items[0].abilities == r.item_abilities("Knife")
    assert entering.skills == (r.skills["Brawler"],)
    spec = MemberSpec("Beor", items=(("Knife", ("weapon",)),), skills=("Brawler",))
    simmed = members_of(r, (spec,))[0]
    assert simmed.items[0].abilities == r.item_abilities("Knife")
    assert simmed.skills == (r.skills["Brawler"],)


CAMPAIGN = """@campaign "Gear"
  ruleset: tainted-grail
  start: 101

@location 101 "Farmhold"
  explore -> 101.1

== 101.1
A quiet field.
-> end
"""


def test_ACT_8_use_plays_an_items_action_in_tgc_play(tmp_path: Path) -> None:
    """000, "Actions": "further Actions listed on ... your Items, Skills": `:use Amulet`
    pays its cost (1 Energy) and applies its effect; a cost the member cannot pay, or an
    item they do not carry, changes nothing."""
    import pytest

    from tests.bundle_helpers import number
    from tgc.bundle.compile import compile_bundle
    from tgc.pipeline import check
    from tgc.playtest.session import Session, SessionError
    from tgc.runtime.book import Book

    deck = ", ".join(["1U"] * 15)
    (tmp_path / "campaign.tgj").write_text(
        CAMPAIGN + HEROES.replace("  food: 1\n", f"  food: 1\n  combat: {deck}\n") + GEAR,
        encoding="utf-8")
    result = check(tmp_path)
    errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
    assert result.campaign is not None and not errors, errors
    numbering, _ = number(tmp_path)
    bundle = compile_bundle(result.campaign, numbering, tmp_path)
    lines: list[object] = []
    session = Session(Book(bundle), lines.append, fights="ask", party=("Beor",))
    session.start("none")
    beor = session.story.state.party[0]
    with pytest.raises(SessionError, match="no Item or Skill 'Amulet'"):
        session.handle(":use Amulet")
    beor.items.append("Amulet")
    beor.tracks["health"] = 5
    session.handle(":use Amulet")
    beor = session.story.state.party[0]
    assert (beor.tracks["health"], beor.tracks["energy"]) == (6, 5)
    beor.tracks["energy"] = 0
    with pytest.raises(SessionError, match="cannot pay 1 energy"):
        session.handle(":use Beor Amulet")
