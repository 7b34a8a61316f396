"""The rulebook's two worked examples, replayed play by play with the same intermediate
values: Beor against the Vagabond (combat) and Arev against the Weeping Orphan
(a two-stage diplomacy). The cards are encoded as the examples describe them."""

from __future__ import annotations

from tests.tg_helpers import Recorder, combat, diplomacy, member, rules_of

VAGABOND = """
@character "Beor"
  number: 4
  colour: blue
  health: 9
  max_health: 12
  energy: 6
  terror: 0
  aggression: 2
  courage: 1
  practicality: 1
  caution: 1
  magic: 2

@encounter "Vagabond"
  deck: gray
  level: 1
  kind: combat
  value: 5
  traits: fast
  right: aggression 2, -, -
  attack:
    0-1: damage 1
    2-3: damage 2; lose 1 marker
    4: damage 3; lose 1 marker
  opportunity: damage 2
  reward: gain 1 exp
  loot: gain 2 wealth

@card combat 1U "Attack"
  left: marker, -, -
  right: aggression 1, -, magic
  free: marker

@card combat 2U "Defend"
  left: -, -, magic again
  right: aggression 1, -, magic
  ability:
    - attack: prevent 2 damage
    - delayed 1: draw 1

@card combat 3U "Throw"
  left: marker, -, magic marker
  right: -, -, magic
  free: 2x marker
  ability: placement: if item weapon: gain 2 markers; if item weapon: lose item weapon

@card combat 4U "Enrage"
  left: -, -, magic again
  right: courage 1, -, -
  ability: placement: lose 1 health; gain 1 marker per connected aggression
"""


def test_beor_against_the_vagabond() -> None:
    rules = rules_of(VAGABOND)
    beor = member(rules, "Beor", "combat", ["Attack", "Defend", "Idle Word", "Throw", "Enrage"])
    policy = Recorder(["Attack", "Defend+magic", "Throw", "Enrage+magic"])
    game, outcome = combat(rules, "Vagabond", [beor], policy)
    seen = policy.seen
    # Turn 1: three cards drawn; Attack connects the Vagabond's aggression key (Beor has 2).
    assert seen[0]["turn"] == 1 and seen[0]["hand"] == ["Attack", "Defend", "Idle Word"]
    assert seen[0]["pool"] == 0
    # Attack: 1 marker from the key, 1 from the Free Key.
    assert seen[1]["pool"] == 2 and seen[1]["magic"] == 2
    # Turn 2 begins: Defend's magic key cost 1 Magic; the attack at pool 2 dealt 2 damage,
    # all prevented by Defend, and removed 1 marker. The delayed draw brought Enrage.
    turn2 = seen[2]
    assert turn2["turn"] == 2
    assert turn2["magic"] == 1 and turn2["health"] == 9 and turn2["pool"] == 1
    assert turn2["tokens"] == [0, 0]  # Defend's Time Token came off and drew a card
    assert turn2["hand"] == ["Enrage", "Idle Word", "Throw"]
    # Throw: 1 from the key and 2 from the doubled Free Key, Magic Key left unpaid.
    assert seen[3]["pool"] == 4 and seen[3]["magic"] == 1
    # Enrage: 1 Magic for the again key, 1 Health, 2 markers for 2 connected aggression keys.
    assert outcome.outcome == "win" and outcome.turns == 2
    assert game.pool == 6 and game.linked == {"aggression": 2}
    beor_after = outcome.heroes[0]
    assert beor_after.health == 8 and beor_after.resources["magic"] == 0
    assert beor_after.spent_magic == 2
    # The reward applies to Beor; the loot is shared (Beor alone takes it).
    assert beor_after.resources["exp"] == 1 and beor_after.resources["wealth"] == 2
    assert "2 damage prevented" in game.log


WEEPING_ORPHAN = """
@character "Arev"
  number: 2
  colour: brown
  health: 8
  energy: 6
  terror: 0
  empathy: 1
  practicality: 1
  caution: 1
  courage: 1
  magic: 1
  rep: 1

@encounter "The Weeping Orphan"
  deck: blue
  level: 1
  kind: diplomacy
  affinity: red 2, gray 1, green 4
  right: empathy 1, -, -
  stage1:
    empathy: move affinity up 2
    red: move affinity down 1
    gray: move affinity down 1
    green: move affinity down 1; gain 1 terror
  stage2:
    caution: move affinity up 1
    red: move affinity down 1
    gray: lose 1 health
    green: lose 1 health; destroy last card
  failure: lose 1 rep
  reward: gain 1 exp

@card diplomacy 1B "Simple Truth"
  left: stage, -, -
  right: practicality 1, empathy 1, magic
  free: up

@card diplomacy 2B "False Promise"
  left: up, -, magic draw
  right: caution 1, practicality 1, -
  free: up

@card diplomacy 3B "Bleak Joke"
  left: again, draw, -
  right: caution 1, -, -
  ability:
    - placement: if not affinity green: lose 1 rep; gain 1 charge
    - pay 1 charge: play as connected

@card diplomacy 4B "Eye for Detail"
  left: stage, -, -
  right: -, -, -
  ability: delayed 1: draw 1
"""


def test_arev_and_the_weeping_orphan() -> None:
    rules = rules_of(WEEPING_ORPHAN, "diplomacy", "B")
    order = ["Simple Truth", "False Promise", "Idle Word", "Idle Word", "Idle Word",
             "Bleak Joke", "Eye for Detail"]
    arev = member(rules, "Arev", "diplomacy", order)
    policy = Recorder(["Simple Truth", "stop", "False Promise+magic", "stop",
                       "Bleak Joke", "Eye for Detail+charge", "stop"])
    game, outcome = diplomacy(rules, "The Weeping Orphan", [arev], policy)
    seen = policy.seen
    log = game.log
    # Stage 1, turn 1: the marker starts on the gray slot (3 of 7); three cards drawn.
    assert seen[0]["turn"] == 1 and seen[0]["affinity"] == 3 and seen[0]["stage"] == 1
    assert len(seen[0]["hand"]) == 3
    # Simple Truth: the stage bonus on Arev's empathy key moves 2 up, then the Free Key 1
    # more (the example's order); nothing else can be played. The Response: 1 down and
    # 1 Terror.
    turn1 = log[log.index("-- turn 1, stage 1, affinity 3"):log.index("-- turn 2, stage 1, affinity 5")]
    assert turn1[1:] == ["Arev plays Simple Truth (1B)", "affinity +2: 5", "affinity +1: 6",
                         "response at affinity 6: move affinity down 1; gain 1 terror",
                         "affinity -1: 5", "Arev gains 1 terror (1)"]
    turn2 = seen[1]
    assert turn2["turn"] == 2 and turn2["affinity"] == 5 and turn2["terror"] == 1
    assert len(turn2["hand"]) == 3  # the end-of-turn draw
    # False Promise with its Magic Key: two slots up (its Bonus Key, then its Free Key,
    # with the Magic Key's draw between them), to the top slot. Arev stops; the Affinity
    # Check wins stage 1 and no Response follows.
    turn2_log = log[log.index("-- turn 2, stage 1, affinity 5"):log.index("-- turn 3, stage 2, affinity 3")]
    assert turn2_log[1:] == ["Arev plays False Promise (2B), paying 1 magic", "affinity +1: 6",
                             "affinity +1: 7",
                             "stage won: stage 2 begins at the gray slot"]
    turn3 = seen[2]
    assert turn3["stage"] == 2 and turn3["affinity"] == 3 and turn3["magic"] == 0
    assert turn3["terror"] == 1 and turn3["health"] == 8 and len(turn3["hand"]) == 4
    # Bleak Joke: its again key is ignored (first card), its connected key draws a card,
    # the affinity is not green so Arev loses 1 Rep, and the card gains 1 Charge.
    after_joke = seen[3]
    assert after_joke["rep"] == 0 and after_joke["charges"] == [0, 0, 1]
    assert "Eye for Detail" in after_joke["hand"] and len(after_joke["hand"]) == 4
    # The Charge pays to play Eye for Detail as if connected; its stage key (caution in
    # stage 2) moves the marker 1 up. The Response costs 1 Health and destroys the last
    # card, Eye for Detail with its Time Token; Bleak Joke is the last card again.
    turn3_log = log[log.index("-- turn 3, stage 2, affinity 3"):log.index("-- turn 4, stage 2, affinity 4")]
    assert turn3_log[4:] == ["Bleak Joke (3B) pays 1 charge(s) to play as connected",
                             "Arev plays Eye for Detail (4B)", "affinity +1: 4",
                             "response at affinity 4: lose 1 health; destroy last card",
                             "Arev loses 1 health (7 left)", "Eye for Detail (4B) is destroyed"]
    turn4 = seen[4]
    assert turn4["health"] == 7 and turn4["affinity"] == 4
    assert turn4["sequence"] == ["Simple Truth", "False Promise", "Bleak Joke"]
    assert turn4["charges"] == [0, 0, 0] and turn4["tokens"] == [0, 0, 0]
    assert outcome.kind == "diplomacy"
