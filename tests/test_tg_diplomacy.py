"""Diplomacy rules, one focused test each: the gray slot, stages and their bonus, the
affinity checks, the response table, avoiding, escaping, rewards, panic and dying."""

from __future__ import annotations

from typing import Any

from tests.tg_helpers import Recorder, at_turn, diplomacy, member, rules_of, turn_log
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Outcome
from tgc.rulesets.tainted_grail.engines.hero import Member
from tgc.rulesets.tainted_grail.records import Rules

HEROES = """
@character "Arev"
  number: 2
  colour: brown
  health: 8
  energy: 6
  terror: 0
  empathy: 1
  caution: 1
  magic: 1
  rep: 2
  wealth: 3

@character "Ailei"
  number: 1
  colour: green
  health: 7
  energy: 6
  terror: 0
  empathy: 2
  rep: 1
"""

CARDS = """
@card diplomacy 1B "Kind Word"
  left: up, -, -
  right: empathy 1, -, -
  free: up

@card diplomacy 2B "Appeal"
  left: stage, -, -
  right: caution 1, -, -

@card diplomacy 3B "Follow-up"
  left: again, -, -
  right: empathy 1, -, -
  free: up

@card diplomacy 4B "Soothe"
  left: -
  right: empathy 1
  ability: response: prevent 1 affinity

@card diplomacy 5B "Big Push"
  left: -
  right: -
  free: 4 up

@card diplomacy 6B "Slip"
  left: -
  right: -
  free: down

@card diplomacy 8B "Open Appeal"
  left: -
  right: -
  free: stage up

@card diplomacy 7B "Pause"
  left: -
  right: empathy 1
  ability: delayed 1: move affinity up 2
"""


def encounter(stage1: str = "empathy: move affinity up 2",
              responses: str = "red: nothing | gray: move affinity down 1 | green: move affinity down 1",
              stage2: str | None = None, avoid: str | None = None) -> str:
    def stage(number: int, rules: str) -> str:
        rows = [r.strip() for r in (rules + " | " + responses).split("|")]
        return f"  stage{number}:\n" + "".join(f"    {row}\n" for row in rows)

    text = ('@encounter "Talk"\n  deck: blue\n  level: 1\n  affinity: red 2, gray 1, green 4\n'
            "  right: empathy 1, -, -\n" + stage(1, stage1))
    if stage2 is not None:
        text += stage(2, stage2)
    if avoid is not None:
        text += f"  avoid: {avoid}\n"
    return text + "  failure: lose 1 rep; gain 1 terror\n  reward: gain 1 exp; gain 1 rep\n"


def setup(**enc: Any) -> Rules:
    return rules_of(HEROES + CARDS + encounter(**enc), "diplomacy", "B")


def run(rules: Rules, order: list[str], plays: list[str], who: str = "Arev",
        extra: list[Member] | None = None, avoid: bool = False, fillers: int = 10,
        **state: Any) -> tuple[DiplomacyGame, Outcome, Recorder]:
    policy = Recorder(plays, avoid=avoid)
    members = [member(rules, who, "diplomacy", order, fillers, **state)] + (extra or [])
    game, outcome = diplomacy(rules, "Talk", members, policy)
    return game, outcome, policy


def test_marker_starts_on_the_gray_slot() -> None:
    _, _, policy = run(setup(), ["Kind Word", "Idle Word", "Idle Word"], ["Kind Word"])
    assert policy.seen[0]["affinity"] == 3 and policy.seen[0]["stage"] == 1


def test_up_keys_and_the_free_key_move_the_marker() -> None:
    game, _, _ = run(setup(), ["Kind Word", "Idle Word", "Idle Word"], ["Kind Word"])
    # The bonus key (empathy 1), then the free key: one move each, in that order.
    assert turn_log(game, 1)[1:3] == ["affinity +1: 4", "affinity +1: 5"]


def test_stage_bonus_follows_the_current_stage_rule_for_the_attribute() -> None:
    # Appeal's stage bonus connects to the encounter's empathy key: stage 1 says up 2.
    game, _, _ = run(setup(), ["Appeal", "Idle Word", "Idle Word"], ["Appeal"])
    assert turn_log(game, 1)[1] == "affinity +2: 5"
    # A stage without a rule for that attribute gives nothing.
    game, _, _ = run(setup(stage1="courage: move affinity up 2"), ["Appeal", "Idle Word", "Idle Word"],
                     ["Appeal"])
    assert turn_log(game, 1)[1].startswith("response at affinity 3")


def test_stage_bonus_needs_an_attribute_key() -> None:
    # A stage icon on the free key has no attribute to look up: only the up counts.
    game, _, _ = run(setup(), ["Open Appeal", "Idle Word", "Idle Word"], ["Open Appeal"])
    assert turn_log(game, 1)[1] == "affinity +1: 4"


def test_affinity_check_after_playing_wins_without_a_response() -> None:
    game, outcome, _ = run(setup(), ["Big Push", "Idle Word", "Idle Word"], ["Big Push"])
    assert outcome.outcome == "win" and outcome.turns == 1
    assert not any(line.startswith("response") for line in game.log)


def test_reward_applies_to_each_member() -> None:
    rules = setup()
    ailei = member(rules, "Ailei", "diplomacy", ["Idle Word"] * 3)
    policy = Recorder(["Big Push"], order=lambda waiting: max(waiting, key=lambda h: h.number))
    game, outcome = diplomacy(rules, "Talk", [member(rules, "Arev", "diplomacy", ["Big Push"]), ailei],
                              policy)
    assert outcome.outcome == "win"
    for hero in outcome.heroes:
        assert hero.resources["exp"] == 1
    assert [h.resources["rep"] for h in outcome.heroes] == [3, 2]


def test_two_stages_restart_at_the_gray_slot_without_a_response() -> None:
    rules = setup(stage2="caution: move affinity up 1")
    game, outcome, policy = run(rules, ["Big Push", "Kind Word", "Idle Word", "Idle Word"],
                                ["Big Push", "Kind Word"])
    assert "stage won: stage 2 begins at the gray slot" in turn_log(game, 1)
    assert not any(line.startswith("response") for line in turn_log(game, 1))
    turn2 = at_turn(policy, 2)
    assert turn2["stage"] == 2 and turn2["affinity"] == 3
    assert outcome.outcome != "win" or outcome.turns > 1


def test_response_table_by_affinity_colour() -> None:
    rules = setup(responses="red: gain 2 terror | gray: lose 1 health | green: lose 1 rep")
    game, _, policy = run(rules, ["Kind Word", "Idle Word", "Idle Word"], ["Kind Word"])
    assert "response at affinity 5: lose 1 rep" in turn_log(game, 1)
    game, _, policy = run(rules, ["Slip", "Idle Word", "Idle Word"], ["Slip"])
    assert "response at affinity 2: gain 2 terror" in turn_log(game, 1)


def test_affinity_check_after_the_response_can_fail() -> None:
    # Slip drops the marker to slot 2 (red); the red response pushes it to the lowest.
    rules = setup(responses="red: move affinity down 1 | gray: nothing | green: nothing")
    game, outcome, _ = run(rules, ["Slip", "Idle Word", "Idle Word"], ["Slip"])
    assert outcome.outcome == "failure" and outcome.arm == "lose"
    hero = outcome.heroes[0]
    assert hero.resources["rep"] == 1 and hero.terror == 1  # the failure penalty


def test_lowest_slot_after_playing_fails_at_once() -> None:
    rules = setup()
    # Turn 1: Slip moves the marker from 3 to 2 (red), whose response is nothing.
    # Turn 2: Slip again, to the lowest slot: the check after playing fails at once.
    game, outcome, _ = run(rules, ["Slip", "Slip", "Idle Word"], ["Slip", "Slip"])
    assert outcome.outcome == "failure"
    log = turn_log(game, 2)
    assert log[log.index("affinity -1: 1") + 1] == "the affinity marker reaches the lowest slot: failure"
    assert not any(line.startswith("response") for line in log)


def test_avoid_pays_each_member_and_needs_the_party_highest() -> None:
    rules = setup(avoid="rep >= 2; pay 1 wealth")
    _, outcome, _ = run(rules, ["Kind Word", "Idle Word", "Idle Word"], [], avoid=True)
    assert outcome.outcome == "avoid" and outcome.arm == "avoid"
    assert outcome.heroes[0].resources["wealth"] == 2
    # Ailei alone has Rep 1: the requirement fails, so the diplomacy starts.
    _, outcome, _ = run(rules, ["Kind Word", "Idle Word", "Idle Word"], ["Kind Word"], who="Ailei",
                        avoid=True)
    assert outcome.outcome != "avoid"


def test_escape_applies_the_failure_penalty() -> None:
    _, outcome, _ = run(setup(), ["Kind Word", "Idle Word", "Idle Word"], ["escape"])
    assert outcome.outcome == "escape" and outcome.arm == "lose"
    assert outcome.heroes[0].resources["rep"] == 1 and outcome.heroes[0].terror == 1


def test_no_cards_in_deck_fails_the_encounter() -> None:
    rules = setup(responses="red: nothing | gray: nothing | green: nothing")
    _, outcome, _ = run(rules, ["Kind Word", "Idle Word", "Idle Word"], ["Kind Word"], fillers=0)
    assert outcome.outcome == "failure"


def test_panic_plays_from_the_deck_and_skips_the_draw() -> None:
    rules = setup(responses="red: nothing | gray: nothing | green: nothing")
    order = ["Idle Word", "Idle Word", "Idle Word", "Kind Word", "Follow-up", "Idle Word"]
    game, _, policy = run(rules, order, ["Kind Word", "stop"], health=3, terror=4)
    assert "Arev plays Kind Word (1B)" in turn_log(game, 1)
    assert len(at_turn(policy, 2)["hand"]) == 3  # no end-of-turn draw


def test_dying_ends_the_encounter() -> None:
    rules = setup(responses="red: nothing | gray: nothing | green: lose 9 health")
    _, outcome, _ = run(rules, ["Kind Word", "Idle Word", "Idle Word"], ["Kind Word"])
    assert outcome.outcome == "dying" and outcome.heroes[0].dying


def test_response_ability_prevents_affinity_loss() -> None:
    rules = setup(responses="red: nothing | gray: move affinity down 2 | green: nothing")
    game, _, _ = run(rules, ["Soothe", "Idle Word", "Idle Word"], ["Soothe"])
    assert turn_log(game, 1)[-1] == "affinity -1: 2"


def test_delayed_ability_in_diplomacy() -> None:
    rules = setup(responses="red: nothing | gray: nothing | green: nothing")
    game, _, _ = run(rules, ["Pause", "Idle Word", "Idle Word"], ["Pause", "stop"])
    assert "Pause (7B) (delayed): delayed 1: move affinity up 2" in turn_log(game, 2)


def test_response_applies_to_the_active_character_only() -> None:
    rules = setup(responses="red: nothing | gray: gain 1 terror | green: gain 1 terror")
    ailei = member(rules, "Ailei", "diplomacy", ["Idle Word"] * 3)
    policy = Recorder(["stop", "stop"])
    game, outcome = diplomacy(rules, "Talk", [member(rules, "Arev", "diplomacy", ["Idle Word"]), ailei],
                              policy)
    first = turn_log(game, 1)
    # Ailei (number 1) is active first: only she takes her response's Terror.
    assert first[0] == "response at affinity 3: gain 1 terror" and first[1] == "Ailei gains 1 terror (1)"
    assert first[3] == "Arev gains 1 terror (1)"


# ---------------------------------------------------------------- the rules review (issue 9)


ORDER = """
@card diplomacy 9B "Overreach"
  left: 5 up, -, -
  right: -, -, -
  free: down

@card diplomacy 10B "Calming Token"
  left: -
  right: empathy 1
  ability:
    - placement: gain 1 charge
    - pay 1 charge: prevent 1 affinity
"""


def test_keys_move_the_marker_one_by_one_in_the_rulebooks_order() -> None:
    """002, "Playing Cards" (keys in order: each Bonus Key with its stage rule, the Magic Key,
    then the Free Key): the Bonus Key's 5 up stops at the top slot (7), then the Free Key's
    down leaves the marker on 6, so the stage is not won. A single summed move (+4) used to
    reach the top and win the stage."""
    rules = rules_of(HEROES + CARDS + ORDER + encounter(), "diplomacy", "B")
    game, _, _ = run(rules, ["Overreach", "Idle Word", "Idle Word"], ["Overreach"])
    assert turn_log(game, 1)[1:4] == ["affinity +5: 7", "affinity -1: 6",
                                      "response at affinity 6: move affinity down 1"]


def test_a_charge_ability_prevents_affinity_loss_during_the_response() -> None:
    """002, "Charges": "You can use Pay x Charges abilities any time you want", also during
    the opponent's Response: the prevented move leaves the marker where it is (it used to
    drop from 4 to 3)."""
    rules = rules_of(HEROES + CARDS + ORDER + encounter(), "diplomacy", "B")
    game, _, policy = run(rules, ["Calming Token", "Idle Word", "Idle Word"],
                          ["Calming Token", "stop", "react Calming Token"])
    assert "Arev uses Calming Token (10B): pay 1 charge: prevent 1 affinity" in turn_log(game, 1)
    assert at_turn(policy, 2)["affinity"] == 3 + 0  # no key moved it; the response was stopped


def test_a_member_pays_the_avoid_magic_for_another() -> None:
    """000, "Parties and Party Actions": a party member may spend their Energy or Magic
    instead of another. Avoiding costs 1 Magic each; Arev has 2 and Ailei none, so Arev
    pays for both (the party used to be unable to avoid)."""
    rules = setup(avoid="pay 1 magic")
    ailei = member(rules, "Ailei", "diplomacy", ["Idle Word", "Idle Word", "Idle Word"])
    game, outcome, _ = run(rules, ["Kind Word", "Idle Word", "Idle Word"], [], avoid=True,
                           extra=[ailei], resources={"magic": 2})
    assert outcome.outcome == "avoid" and "Arev pays 1 magic for Ailei" in game.log
    assert [h.resources["magic"] for h in outcome.heroes] == [0, 0]
    # Wealth cannot be paid for another: each member still needs their own.
    rules = setup(avoid="pay 1 wealth")
    ailei = member(rules, "Ailei", "diplomacy", ["Idle Word", "Idle Word", "Idle Word"])
    _, outcome, _ = run(rules, ["Kind Word", "Idle Word", "Idle Word"], [], avoid=True, extra=[ailei])
    assert outcome.outcome != "avoid"


def test_a_diplomacy_may_offer_a_second_approach() -> None:
    """002, "Diplomacy" (some encounters "allow for two alternative approaches"): the party
    picks one before the first card, and only that approach's stages count. Here the second
    approach has one stage whose empathy rule moves 3 up; the greedy rule takes the shorter
    approach. The engine used to know a single sequence of stages."""
    from tgc.rulesets.tainted_grail.engines.policies import GreedyPolicy

    text = encounter(stage2="empathy: move affinity up 1") + (
        "  approach2_stage1:\n    empathy: move affinity up 3\n    red: nothing\n"
        "    gray: nothing\n    green: nothing\n")
    rules = rules_of(HEROES + CARDS + ORDER + text, "diplomacy", "B")
    talk = rules.encounters["Talk"]
    assert [len(a) for a in talk.approaches] == [2, 1]  # type: ignore[union-attr]
    arev = member(rules, "Arev", "diplomacy", ["Appeal", "Kind Word", "Idle Word"])
    game, outcome = diplomacy(rules, "Talk", [arev], GreedyPolicy())
    assert "the party takes the second approach" in game.log and outcome.outcome == "win"
    policy = Recorder(["Appeal"])
    policy.approach = lambda game, approaches: 0  # type: ignore[method-assign]
    game, _ = diplomacy(rules, "Talk", [member(rules, "Arev", "diplomacy", ["Appeal"])], policy)
    assert "the party takes the first approach" in game.log and game.stages == talk.stages


def test_a_second_approach_is_checked_like_the_first() -> None:
    """002 (stages and their tables): the second approach's stages follow the first's
    rules, so a gap in a response table is TGC505 there too."""
    from tests.tg_helpers import load_text

    text = encounter() + "  approach2_stage1:\n    empathy: move affinity up 3\n    red: nothing\n"
    _, problems = load_text(HEROES + text)
    assert [p.code for p in problems] == ["TGC505"]
