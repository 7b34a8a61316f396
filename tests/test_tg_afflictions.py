"""The "You Are Dying" and "You Are Going Insane" cards as rule data a campaign supplies
(issue 9, point 13): `@affliction` records, the loader's mistakes, the engines attaching
them in fights and in the state, their rules in later encounters, `tgc play` and
`tgc sim --state` reading them."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tests.tg_helpers import ScriptedPolicy, load_text, member, rules_of
from tgc.rulesets.tainted_grail.engines import afflictions
from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Outcome
from tgc.rulesets.tainted_grail.engines.hero import ItemInUse, Member
from tgc.rulesets.tainted_grail.records import CombatEncounter, DiplomacyEncounter, Rules
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.runtime.state import new_character

HERO = """
@character "Beor"
  number: 4
  colour: blue
  health: 9
  energy: 6
  terror: 0
  aggression: 2
  rep: 3
  wealth: 2

@card combat 1U "Jab"
  left: marker
  right: aggression 1
  free: marker

@card diplomacy 1U "Plea"
  left: up
  right: empathy 1
  free: up
"""

CARDS = """
@affliction "You Are Dying" coop
  attach: dying
  attached: lose 1 rep
  item_limit: 1
  remove: health >= 3

@affliction "You Are Dying (solo)" solo
  attach: dying
  attached: lose 2 wealth

@affliction "You Are Going Insane" coop
  attach: insane
  encounter: gain 1 terror
  remove: terror <= 4

@affliction "You Are Going Insane (solo)" solo
  attach: insane
  encounter: gain 1 terror; draw 1
  remove: terror <= 4
"""


def fight_text(attack: str, value: int = 9) -> str:
    return (f'@encounter "Brute"\n  deck: gray\n  level: 1\n  value: {value}\n'
            f"  right: aggression 1\n  attack:\n    0+: {attack}\n  opportunity: damage 1\n")


def rules(attack: str = "damage 1", value: int = 9) -> Rules:
    return rules_of(HERO + CARDS + fight_text(attack, value))


def fight(r: Rules, members: list[Member], players: int | None = None) -> tuple[CombatGame, Outcome]:
    enc = r.encounters["Brute"]
    assert isinstance(enc, CombatEncounter)
    game = CombatGame(members, enc, ScriptedPolicy(["Jab"]), random.Random(1), log=True,
                      shuffle=False, afflictions=r.afflictions, players=players)
    return game, game.fight()


# ---------------------------------------------------------------- the records


def test_affliction_records_load_and_ride_in_the_bundle() -> None:
    """000, "Death and insanity": the rulebook says when each card is attached and that the
    solo card is milder; the rest is the campaign's data, kept in the bundle's records."""
    r = rules()
    dying = r.afflictions["You Are Dying"]
    assert (dying.mode, dying.attach, dying.item_limit) == ("coop", "dying", 1)
    assert [e.text for e in dying.attached] == ["lose 1 rep"]
    assert r.affliction_for("dying", 1) is r.afflictions["You Are Dying (solo)"]
    assert r.affliction_for("dying", 3) is dying
    data = TaintedGrailRules.of(r)
    again = TaintedGrailRules.model_validate(json.loads(data.model_dump_json())).rules
    assert again.afflictions == r.afflictions


def test_a_campaign_without_afflictions_keeps_its_bundle_bytes() -> None:
    """The records are written only when declared (existing bundles keep their bytes)."""
    dumped = TaintedGrailRules.of(rules_of(HERO)).model_dump(mode="json")
    assert "afflictions" not in dumped


def test_affliction_mistakes_are_reported() -> None:
    """The rulebook fixes when the cards are attached (Health 0, Terror in the red): any
    other moment is TGC503; rules that need an encounter where none is are TGC504."""
    _, problems = load_text(
        '@affliction "A" coop\n  attach: health <= 0\n'
        '@affliction "B" sometimes\n  attach: dying\n'
        '@affliction "C" coop\n  attach: dying\n  attached: draw 1\n  remove: pool >= 2\n'
        '@affliction "D" solo\n  remove: health >= 2\n'
        '@affliction "E" solo\n  attach: insane\n  encounter: if affinity green: draw 1\n')
    codes = sorted(p.code for p in problems)
    assert codes == ["TGC502", "TGC503", "TGC503", "TGC504", "TGC504", "TGC504"]


# ---------------------------------------------------------------- in a fight


def test_health_at_zero_attaches_the_dying_card_and_resolves_it() -> None:
    """000, "At death's door": Health dropping to 0 attaches "You Are Dying", the member
    escapes the encounter and resolves the card's rules (here: lose 1 Rep)."""
    r = rules("damage 9")
    beor = member(r, "Beor", "combat", ["Jab"] * 3)
    ailei = member(r, "Beor", "combat", ["Jab"] * 3)
    _, outcome = fight(r, [beor, ailei])
    first = outcome.heroes[0]
    assert first.dying and first.afflictions == ("You Are Dying",)
    assert first.resources["rep"] == 2


def test_a_solo_game_attaches_the_solo_card() -> None:
    """000, "Death": in a solo game the milder solo card is used."""
    r = rules("damage 9")
    _, outcome = fight(r, [member(r, "Beor", "combat", ["Jab"] * 3)])
    hero = outcome.heroes[0]
    assert hero.afflictions == ("You Are Dying (solo)",)
    assert hero.resources["wealth"] == 0 and hero.resources["rep"] == 3


def test_terror_in_the_red_attaches_the_insane_card() -> None:
    """000, "Terror": Terror reaching the top red slots attaches "You Are Going Insane"
    (the member fights on: going insane is not dying)."""
    r = rules("gain 9 terror")
    _, outcome = fight(r, [member(r, "Beor", "combat", ["Jab"] * 3)], players=2)
    hero = outcome.heroes[0]
    assert hero.insane and hero.afflictions == ("You Are Going Insane",)
    assert not hero.dying


def test_an_attached_card_rules_every_later_encounter() -> None:
    """The card stays attached (000: "from now on ..."): at the start of every encounter
    its `encounter` rules resolve for that member, and its item limit leaves only one
    item in use (the Dying card's limit, 000, "Secrets")."""
    r = rules("nothing", value=2)
    items = (ItemInUse("Knife", frozenset({"weapon"})), ItemInUse("Buckler", frozenset({"shield"})))
    entering = Member(r.characters["beor"], terror=5, items=items,
                      combat_deck=member(r, "Beor", "combat", ["Jab"] * 3).combat_deck,
                      afflictions=("You Are Going Insane", "You Are Dying"))
    game, outcome = fight(r, [entering], players=2)
    assert "Beor, You Are Going Insane: gain 1 terror" in game.log
    assert outcome.heroes[0].terror == 6
    assert [i.name for i in game.heroes[0].items] == ["Knife"]
    assert [i.name for i in game.heroes[0].aside] == ["Buckler"]


def test_a_card_comes_off_by_its_own_rule() -> None:
    """What takes a card off is the card's rule (its `remove`): Terror back at 4 or
    less ends going insane when the encounter ends; a Dying card still at 1 Health stays."""
    r = rules("nothing", value=2)
    deck = member(r, "Beor", "combat", ["Jab"] * 3).combat_deck
    sane = Member(r.characters["beor"], terror=3, combat_deck=deck,
                  afflictions=("You Are Going Insane (solo)",))
    _, outcome = fight(r, [sane])
    assert outcome.heroes[0].afflictions == ()  # 3 + 1 = 4: it comes off
    weak = Member(r.characters["beor"], health=1, combat_deck=deck, afflictions=("You Are Dying",))
    _, outcome = fight(r, [weak])
    assert outcome.heroes[0].afflictions == ("You Are Dying",)


def test_dying_in_diplomacy_attaches_the_card_too() -> None:
    """002, "You are Dying!": the card ends the diplomacy; it is attached all the same."""
    r = rules_of(HERO + CARDS + '@encounter "Elder"\n  deck: blue\n  level: 1\n'
                 "  affinity: red 1, gray 1, green 2\n  right: empathy 1\n"
                 "  stage1:\n    2-3: damage 9\n", kind="diplomacy")
    enc = r.encounters["Elder"]
    assert isinstance(enc, DiplomacyEncounter)
    beor = member(r, "Beor", "diplomacy", ["Plea"] * 4)
    game = DiplomacyGame([beor], enc, ScriptedPolicy([]), random.Random(1), log=True,
                         shuffle=False, afflictions=r.afflictions)
    outcome = game.negotiate()
    assert outcome.outcome == "dying"
    assert outcome.heroes[0].afflictions == ("You Are Dying (solo)",)


# ---------------------------------------------------------------- outside a fight


def test_the_state_attaches_and_removes_cards_at_any_moment() -> None:
    """000: Health dropping to 0 "at any point of the game" attaches the card, so a story's
    or the day's change does too (`afflictions.update`, which the campaign layer calls);
    the card's `attached` rules change the member's state."""
    r = rules()
    state_beor = new_character("Beor")
    state_beor.resources["rep"] = 3
    state_beor.tracks["health"] = 0
    said = afflictions.update(state_beor, r, players=2)
    assert state_beor.piles["afflictions"] == ["You Are Dying"]
    assert state_beor.resources["rep"] == 2
    assert said == ["Beor: You Are Dying is attached", "Beor: lose 1 rep"]
    assert afflictions.update(state_beor, r, players=2) == []  # once
    state_beor.tracks["health"] = 3
    assert afflictions.update(state_beor, r, players=2) == ["Beor: You Are Dying comes off"]
    assert state_beor.piles["afflictions"] == []


def test_play_writes_the_attached_card_to_the_member() -> None:
    """`tgc play`: a fight's attached card is written to the member (their
    `afflictions` pile, saved with them), and their next fight starts with it."""
    from tgc.rulesets.tainted_grail.engines.game import Outcome
    from tgc.rulesets.tainted_grail.engines.hero import HeroResult
    from tgc.rulesets.tainted_grail.engines.ruleset import TaintedGrailRuleset
    from tgc.runtime import Rng
    from tgc.runtime.state import GameState

    r = rules()
    ruleset = TaintedGrailRuleset(r)
    state = GameState(party=[new_character("Beor")])
    beor = state.party[0]
    outcome = Outcome("Brute", "combat", "dying", 2, [
        HeroResult("Beor", 0, 0, 0, dict(beor.resources), afflictions=("You Are Dying",))])
    ruleset.apply(outcome, state, Rng(0))
    assert beor.piles["afflictions"] == ["You Are Dying"]
    entering = ruleset.member(beor, state)
    assert entering is not None and entering.afflictions == ("You Are Dying",)
    from tgc.rulesets.tainted_grail.engines.table_commands import AdvanceCommands

    shown = AdvanceCommands(r).summary(beor, state)  # `:advance Beor` shows the tray's cards
    assert shown[-1] == "  attached: You Are Dying"


def test_sim_state_members_enter_with_their_cards() -> None:
    """`tgc sim --state`: a member saved with a card attached fights with its rules."""
    from tgc.rulesets.tainted_grail.engines.bundled import rules_payload
    from tgc.rulesets.tainted_grail.engines.simulate import (
        MemberSpec,
        Setup,
        members_of,
        play_one,
    )

    r = rules("nothing", value=30)
    spec = MemberSpec("Beor", combat=("1U",) * 8, afflictions=("You Are Going Insane (solo)",))
    setup = Setup(rules_payload(TaintedGrailRules.of(r)), "Brute", "combat", (spec,))
    assert members_of(r, (spec,))[0].afflictions == ("You Are Going Insane (solo)",)
    outcome = play_one(r, setup, "greedy", 3, log=True)
    assert "Beor, You Are Going Insane (solo): gain 1 terror; draw 1" in outcome.log


FALL = """@campaign "Fall"
  ruleset: tainted-grail
  start: 101
  players: 1

@character "Beor"
  number: 4
  colour: blue
  health: 9
  energy: 6
  terror: 0
  wealth: 3

@affliction "You Are Dying (solo)" solo
  attach: dying
  attached: lose 2 wealth
  remove: health >= 3

@location 101 "Cliff"
  explore -> 101.1

== 101.1
The ledge gives way.
~ lose 9 health
* Climb back up -> 2

== 101.2
You haul yourself up.
~ gain 3 health
-> end
"""


def test_a_story_effect_attaches_the_card_in_tgc_play(tmp_path: Path) -> None:
    """000, the Health track ("When your Health runs out, you start dying ... attach the
    'You Are Dying' card") and "You are dying!" (Health dropping to 0, whatever drops it):
    a verse's `~ lose 9 health`, outside any fight, attaches the solo card of a one-player
    game and applies its `attached:` rules; the story's later `gain 3 health` takes it off
    by its `remove:` rule. In every fight mode (`ask`, the default `hand`), by `--script`
    and in a transcript that `tgc test` replays."""
    from click.testing import CliRunner

    from tgc.cli.main import cli

    campaign = tmp_path / "fall"
    (campaign / "playtests").mkdir(parents=True)
    (campaign / "campaign.tgj").write_text(FALL, encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text(":advance Beor\n1\n:state\n", encoding="utf-8")
    runner = CliRunner()
    for fights in ("ask", "hand"):
        result = runner.invoke(cli, ["play", str(campaign), "--party", "Beor", "--fights", fights,
                                     "--script", str(script)])
        assert result.exit_code == 0, result.output
        out = result.stdout
        assert ("  ~ lose 9 health (each: Beor 9->0)\n  ~ Beor: You Are Dying (solo) is attached\n"
                "  ~ Beor: lose 2 wealth\n") in out
        assert "  attached: You Are Dying (solo)\n" in out  # :advance shows the tray's card
        assert "  ~ Beor: You Are Dying (solo) comes off\n" in out
        # wealth 3 declared, 2 lost to the card; no food declared: none (000, setup V)
        assert "resources: food 0, wealth 1, rep 0, magic 0, exp 0" in out
    transcript = campaign / "playtests" / "fall.transcript"
    wrote = runner.invoke(cli, ["play", str(campaign), "--party", "Beor", "--script", str(script),
                                "-o", str(transcript)])
    assert wrote.exit_code == 0, wrote.output
    assert "~ Beor: You Are Dying (solo) is attached" in transcript.read_text(encoding="utf-8")
    replayed = runner.invoke(cli, ["test", str(campaign)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.endswith("1 transcript(s): 1 passed\n")
    # a transcript that leaves the card out no longer replays: the card is behaviour
    text = transcript.read_text(encoding="utf-8")
    transcript.write_text(text.replace("  ~ Beor: You Are Dying (solo) is attached\n", ""),
                          encoding="utf-8")
    assert runner.invoke(cli, ["test", str(campaign)]).exit_code == 1

