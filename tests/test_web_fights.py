"""Tainted Grail's fights in the web player (the ruleset's page scripts,
tgc/rulesets/tainted_grail/page/: game.js, combat.js, diplomacy.js, policies.js, fights.js)
against tgc play's engines, under node: the same fights played by each policy, fights
played by hand question by question, and encounters met in the story with the Fights
box's modes, compared line for line and by the save file afterwards. The sample's
fight-by-hand and fight-by-policy transcripts replay in Chromium through
tests/test_web_transcripts.py."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.bundle_helpers import CAMPAIGNS
from tgc.bundle import schema as s
from tgc.bundle.io import dump_bundle, load_bundle
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.render.web import player_rules
from tgc.rulesets import get
from tgc.rulesets.tainted_grail.engines.game import Outcome
from tgc.rulesets.tainted_grail.engines.ruleset import Fight, TaintedGrailRuleset
from tgc.rulesets.tainted_grail.engines.table import HandFight, table_ruleset
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.save import dump_save
from tgc.runtime.state import Character, GameState, new_state
from tgc.runtime.story import Story

REPO = Path(__file__).resolve().parents[1]
TEMPLATES = REPO / "tgc" / "render" / "templates"
NODE = shutil.which("node")
POLICIES = ("random", "greedy", "planner")
PARTIES = (("Beor",), ("Ailei", "Arev"))
# near Health 0, Terror near the red slots, the Dying card attached already
NEAR_THE_END: tuple[tuple[dict[str, int], list[str]], ...] = (
    ({"health": 1}, []), ({"terror": 9}, []), ({"health": 3}, ["You Are Dying"]))
STARTED = re.compile(r"~ (encounter .*?)(: (?:win|lose|avoid))?")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (.ci/run installs it)")

PROGRAM = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
const read = function (n) { return fs.readFileSync(n, "utf8"); };
vm.runInNewContext(process.argv.slice(1).map(read).join("\\n"), c);
const plan = JSON.parse(fs.readFileSync(0, "utf8")), F = c.TgcFights, P = c.TgcPlayer;
function outcome(o) {
  return { outcome: o.outcome, log: o.log,
           story: o.story.map(function (p) { return [p[0], p[1].verb, p[1].what, p[1].amount]; }),
           heroes: o.heroes.map(function (h) {
             return [h.name, h.health, h.energy, h.terror, h.resources, h.items, h.afflictions];
           }) };
}
const engine = new F.Engine(plan.bundle, plan.rules, "hand");
const fights = plan.fights.map(function (f) {
  return outcome(engine.game(f.fight, new F.POLICIES[f.policy]()).playOut());
});
const hands = plan.hands.map(function (h) {
  const asked = [];
  for (let n = 0; n <= h.answers.length; n++) {
    const played = engine.replay(h.fight, h.answers.slice(0, n));
    if (played.question) asked.push(F.questionLines(played.question).concat(played.question.options));
    else asked.push(outcome(played.outcome));
  }
  return asked;
});
const stories = plan.stories.map(function (r) {
  const story = new P.Story(plan.bundle, { rules: plan.rules, party: r.party, seed: r.seed, fights: r.mode });
  story.goto(r.verse);
  const shown = story.run().filter(function (e) { return e.kind === "fight" || e.kind === "effect"; })
    .map(function (e) { return [e.kind, e.text]; });
  return { shown: shown, save: story.exportSave(null) };
});
const settled = (plan.settles || []).map(function (r) {
  const story = new P.Story(plan.bundle, { rules: plan.rules, party: r.party, seed: r.seed, fights: "ask" });
  story.state.party.forEach(function (c) {
    Object.keys(r.tracks).forEach(function (t) { P.setTrack(c, t, r.tracks[t], plan.rules); });
    if (r.cards.length) c.piles.afflictions = r.cards.slice();
  });
  story.goto(r.verse);
  const rules = story.run().filter(function (e) { return e.kind === "effect" && e.op.kind === "rules"; })
    .map(function (e) { return e.text; });
  return { rules: rules, save: story.exportSave(null) };
});
const refused = (plan.refusals || []).map(function (r) {
  const story = new P.Story(plan.bundle, { rules: plan.rules, party: r.party, seed: r.seed, fights: "hand" });
  story.goto(r.verse);
  story.run();
  return r.typed.map(function (text) {
    try {
      if (text.indexOf(":give ") === 0) story.give(text.slice(6)); else story.command(text.slice(1));
      return null;
    } catch (e) { return e.message; }
  });
});
process.stdout.write(JSON.stringify({ fights: fights, hands: hands, stories: stories, refused: refused,
                                     settled: settled }));
"""


def effect(verb: str, what: str = "", amount: int = 0) -> dict[str, Any]:
    text = " ".join(w for w in (verb.replace("_", " "), str(amount) if amount else "", what) if w)
    return {"verb": verb, "what": what, "amount": amount, "cond": None, "per": None, "text": text}


def ability(trigger: str, *effects: dict[str, Any]) -> dict[str, Any]:
    return {"trigger": trigger, "text": f"{trigger}: " + "; ".join(e["text"] for e in effects),
            "effects": list(effects), "cost": 0, "tokens": 0}


# Abilities for three of the sample's items and a Skill (it declares none), so the fights
# meet every trigger of an Item's and a Skill's (records.py's ITEM_TRIGGERS): flipped once
# per encounter, at the start, on the enemy's attack or the opponent's response.
ITEMS = [
    {"name": "Bell-Bronze Knife", "abilities": [ability("combat flip", effect("gain", "marker", 2)),
                                                ability("diplomacy flip", effect("move", "", 1))]},
    {"name": "Saltiron Buckler", "abilities": [ability("attack", effect("prevent", "damage", 1))]},
    {"name": "Grey Hound", "abilities": [ability("start", effect("draw", "", 1)),
                                         ability("flip", effect("gain", "health", 1))]},
]
SKILL = {"name": "Iron Will", "attribute": "courage", "card": "S1",
         "abilities": [ability("attack", effect("prevent", "terror", 1)),
                       ability("diplomacy start", effect("gain", "magic", 1))]}


@pytest.fixture(scope="module")
def bundle() -> s.Bundle:
    """The sample, with abilities on three items and a Skill card."""
    found = load_bundle(CAMPAIGNS / "sample.bundle.json")
    assert isinstance(found.rules, TaintedGrailRules)
    data = found.rules.model_dump(mode="json") | {"items": ITEMS, "skills": [SKILL]}
    return found.model_copy(update={"rules": TaintedGrailRules.model_validate(data)})


def page(bundle: s.Bundle, plan: dict[str, Any]) -> dict[str, Any]:
    """The page's engines under node, given the plan (one process for all)."""
    assert NODE is not None
    scripts = [str(TEMPLATES / name) for name in ("rng.js", "player.js", "player-edit.js", "player-days.js")]
    scripts += [str(REPO / "tgc" / "rulesets" / "tainted_grail" / path.partition(":")[2])
                for path in get("tainted-grail").story_page]
    plan = {"bundle": json.loads(dump_bundle(bundle)), "rules": player_rules(bundle), **plan}
    done = subprocess.run([NODE, "-e", PROGRAM, *scripts], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=120, check=True)
    shown: dict[str, Any] = json.loads(done.stdout)
    return shown


def character(c: Character) -> dict[str, Any]:
    """A member as the page's state holds it."""
    return {"name": c.name, "tracks": c.tracks, "limits": c.limits, "attributes": c.attributes,
            "resources": c.resources, "items": c.items, "piles": c.piles, "secrets": sorted(c.secrets)}


def outcome(found: Outcome) -> dict[str, Any]:
    return {"outcome": found.outcome, "log": found.log,
            "story": [[who, e.verb, e.what, e.amount] for who, e in found.story],
            "heroes": [[h.name, h.health, h.energy, h.terror, h.resources, list(h.items), list(h.afflictions)]
                       for h in found.heroes]}


def parties(bundle: s.Bundle) -> list[GameState]:
    """A fresh party of one and one of two; the same, hurt (low Health, Terror high: the
    Dying and Insane cards, panic), carrying items, with a Dying card attached."""
    out = []
    for names in PARTIES:
        out.append(new_state(bundle, names))
        hurt = new_state(bundle, names)
        for n, c in enumerate(hurt.party):
            c.set_track("health", 2 + n)
            c.set_track("terror", 6)
            c.items = ["Bell-Bronze Knife", "Saltiron Buckler", "Grey Hound"][: n + 2]
            c.resources["magic"] = 4
        hurt.party[0].piles["afflictions"] = ["You Are Dying"]
        hurt.party[-1].piles["skills"] = ["Iron Will"]
        out.append(hurt)
    return out


def fights(bundle: s.Bundle, ruleset: TaintedGrailRuleset) -> list[tuple[Fight, dict[str, Any]]]:
    """Every encounter of the sample for each party, its seed drawn from one generator."""
    draw = random.Random(16)
    out = []
    for state in parties(bundle):
        members = tuple(m for m in (ruleset.member(c, state) for c in state.party) if m is not None)
        for name, encounter in sorted(ruleset.rules.encounters.items()):
            fight = Fight(encounter, members, draw.randrange(1 << 30), state.player_count)
            out.append((fight, {"encounter": name, "members": [character(c) for c in state.party],
                                "seed": fight.seed, "players": fight.players}))
    return out


def test_every_encounter_is_fought_in_the_page_as_tgc_plays_it_by_each_policy(bundle: s.Bundle) -> None:
    """Each of the sample's 17 encounters (combat and diplomacy; traits, deck draws, stage
    bonuses, avoiding) for a party of one and of two, fresh and hurt, by `random`, `greedy`
    and `planner`: the page's log, outcome, each member's state and the loot and secrets
    for the story equal Python's, line for line."""
    ruleset = TaintedGrailRuleset.from_bundle(bundle)
    wanted, plan = [], []
    for n, (fight, data) in enumerate(fights(bundle, ruleset)):
        policy = POLICIES[n % len(POLICIES)]
        played = TaintedGrailRuleset(ruleset.rules, policy, ruleset.item_keywords).play(
            fight.encounter, list(fight.members), random.Random(fight.seed), log=True, players=fight.players)
        wanted.append(outcome(played))
        plan.append({"fight": data, "policy": policy})
    got = page(bundle, {"fights": plan, "hands": [], "stories": []})["fights"]
    assert len(got) == len(wanted) == 68
    for want, have, asked in zip(wanted, got, plan, strict=True):
        assert have == want, (asked["fight"]["encounter"], asked["policy"])
    kinds = {w["outcome"] for w in wanted}
    assert {"win", "failure"} <= kinds and len(kinds) >= 3, kinds  # won, lost and left some other way


def test_a_fight_played_by_hand_asks_the_same_questions_in_the_page(bundle: s.Bundle) -> None:
    """Fights played by hand on answers drawn from a seed: after every answer the page's
    next question (its rows, prompt and options) is `tgc play`'s, and the fight ends the
    same way."""
    ruleset = TaintedGrailRuleset.from_bundle(bundle)
    draw = random.Random(7)
    wanted, plan = [], []
    for fight, data in fights(bundle, ruleset)[::5]:
        hand = HandFight.start(fight, ruleset)
        asked: list[Any] = []
        while hand.question is not None:
            lines = [f"{label}: {value}" for label, value in hand.question.rows]
            lines.append(f"? {hand.question.prompt} ({hand_expected(hand)})")
            asked.append(lines + list(hand.question.options))
            answer = draw.randrange(len(hand.question.options))
            hand = HandFight.replay(fight, (*hand.answers, answer), ruleset)
        assert hand.outcome is not None
        asked.append(outcome(hand.outcome))
        wanted.append(asked)
        plan.append({"fight": data, "answers": list(hand.answers)})
    got = page(bundle, {"fights": [], "hands": plan, "stories": []})["hands"]
    assert sum(len(w) for w in wanted) > 100  # questions asked, across the fights
    for want, have, fight in zip(wanted, got, plan, strict=True):
        assert have == want, fight["fight"]["encounter"]


def hand_expected(hand: HandFight) -> str:
    from tgc.rulesets.tainted_grail.engines.table import expected

    assert hand.question is not None
    return expected(hand.question)


def encounter_verses(bundle: s.Bundle) -> list[s.Verse]:
    """The sample's verses that start an encounter (named, or drawn from a deck)."""
    return [v for v in bundle.verses if any(isinstance(op, s.Encounter) for op in v.ops)]


def test_an_encounter_in_the_story_is_fought_as_tgc_play_fights_it(bundle: s.Bundle) -> None:
    """Each verse of the sample that starts an encounter, read with the Fights box's modes
    (`auto`, `random`, `planner`) and a party of one or two, seeded: the encounter drawn
    from its deck, the fight's seed from the story's generator, its log and what it wrote
    back are the lines `tgc play --fights MODE` prints, and the save file afterwards (the
    state, the arm the story followed) is the same."""
    verses = encounter_verses(bundle)
    assert len(verses) >= 8
    wanted, plan = [], []
    for n, verse in enumerate(verses * 2):
        mode, party, seed = ("auto", "random", "planner")[n % 3], PARTIES[n % 2], n
        lines: list[Line] = []
        session = Session(Book(bundle), lines.append, seed=seed, party=party, fights=mode)
        session.start(verse.id)
        story = session.story
        save = dump_save(story.state, campaign=bundle.campaign.title, cursor=story.cursor, queue=story.queue)
        wanted.append({"shown": shown(lines), "save": save})
        plan.append({"verse": verse.id, "mode": mode, "party": list(party), "seed": seed})
    got = page(bundle, {"fights": [], "hands": [], "stories": plan})["stories"]
    fought = 0
    for want, have, asked in zip(wanted, got, plan, strict=True):
        assert [x for x in have["shown"] if x[0] == "fight"] == want["shown"], asked
        assert have["save"] == want["save"], asked
        fought += bool(want["shown"])
    assert fought >= 12


def shown(lines: list[Line]) -> list[list[str]]:
    """tgc play's lines of each fight: from the encounter's line to its outcome's."""
    out, fighting = [], False
    for line in lines:
        started = STARTED.fullmatch(line.text) if line.kind in ("event", "effect") else None
        if started is not None:
            fighting = started[2] is None
        elif fighting:
            out.append(["fight", line.text])
    return out


def test_trades_and_the_rulesets_commands_wait_until_the_fight_is_over(bundle: s.Bundle) -> None:
    """While a fight is played by hand, Give and Command are refused with tgc play's words."""
    verse = next(v for v in encounter_verses(bundle) if any(
        isinstance(op, s.Encounter) and op.name == "Barrow-Wight" for op in v.ops))
    typed = [':give Rope to Beor', ":advance", ":advance Beor combat"]
    session = Session(Book(bundle), lambda line: None, seed=3, party=("Beor",), fights="hand")
    session.start(verse.id)
    assert session.hand is not None
    wanted = []
    for text in typed:
        with pytest.raises(SessionError) as refused:
            session.handle(text)
        wanted.append(str(refused.value))
    got = page(bundle, {"fights": [], "hands": [], "stories": [],
                        "refusals": [{"verse": verse.id, "party": ["Beor"], "seed": 3, "typed": typed}]})
    assert got["refused"] == [wanted]


def test_a_story_effect_attaches_and_takes_off_the_dying_and_insane_cards_as_tgc_play_does(
        bundle: s.Bundle) -> None:
    """The story's Settling seam (engines/ruleset.py's settle, in every Fights mode): each
    verse of the sample that changes Health or Terror, read by a party of one and of two
    near Health 0, with Terror near the red slots, and with the Dying card attached
    already: the cards attached and taken off after each effect (the solo card or the
    co-op one, its rules applied) are those `tgc play` attaches, and so is the save."""
    book = Book(bundle)
    ruleset = table_ruleset(book, "ask")
    assert ruleset is not None
    verses = [v for v in bundle.verses if any(isinstance(op, s.Amount) and op.what in ("health", "terror")
                                              for op in v.ops)]
    assert len(verses) >= 4
    wanted, plan = [], []
    for n, verse in enumerate(verses):
        for party in PARTIES:
            for tracks, cards in NEAR_THE_END:
                state = new_state(bundle, party)
                for c in state.party:
                    for track, value in tracks.items():
                        c.set_track(track, value)
                    if cards:
                        c.piles["afflictions"] = list(cards)
                story = Story(book, state, ruleset, Rng(n))
                story.goto(verse.id)
                said = [line for e in story.run() if isinstance(e, ev.RulesFollowed) for line in e.lines]
                wanted.append({"rules": said, "save": dump_save(story.state, campaign=bundle.campaign.title,
                                                                cursor=story.cursor, queue=story.queue)})
                plan.append({"verse": verse.id, "party": list(party), "seed": n, "tracks": tracks,
                             "cards": cards})
    got = page(bundle, {"fights": [], "hands": [], "stories": [], "settles": plan})["settled"]
    for want, have, asked in zip(wanted, got, plan, strict=True):
        assert have == want, asked
    said = " ".join(line for w in wanted for line in w["rules"])
    assert all(words in said for words in ("You Are Dying (solo) is attached", "You Are Dying is attached",
                                           "Insane", "comes off")), said
