"""The web player's `:give` (tgc/render/templates/player-edit.js) and a ruleset's own
session commands in the page (``RulesetSpec.story_page``: Tainted Grail's `:advance` and
`:use`, tgc/rulesets/tainted_grail/page/advance.js) against tgc play's: the same commands, one
after another on one party, give the same reply (every row) or the same refusal, and
leave the same state, compared as the save file both write after every command. The
Advancement Pools' draws come from the story's seeded generator on both sides, so the
cards offered are the same. The sample's transcript of `:advance` and `:give` replays in
the page through tests/test_web_transcripts.py."""

from __future__ import annotations

import json
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
from tgc.rulesets.tainted_grail.records import Skill
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.runtime.book import Book
from tgc.runtime.save import dump_save

REPO = Path(__file__).resolve().parents[1]
TEMPLATES = REPO / "tgc" / "render" / "templates"
NODE = shutil.which("node")
PARTY = ("Beor", "Ailei")
SEED = 7
# Skill cards for the sample (it declares none): two sides of one card, and one more.
SKILLS = (Skill(name="Iron Will", attribute="courage", card="S1"),
          Skill(name="Cold Nerve", attribute="caution", card="S1"),
          Skill(name="Steady Hand", attribute="courage", card="S2"))


def effect(verb: str, what: str = "", amount: int = 0, cond: dict[str, Any] | None = None) -> dict[str, Any]:
    words = [verb.replace("_", " "), str(amount) if amount else "", what]
    return {"verb": verb, "what": what, "amount": amount, "cond": cond, "per": None,
            "text": " ".join(w for w in words if w)}


def action(*effects: dict[str, Any]) -> list[dict[str, Any]]:
    text = "action: " + "; ".join(e["text"] for e in effects)
    return [{"trigger": "action", "text": text, "effects": list(effects), "cost": 0, "tokens": 0}]


# Actions on two of the sample's items and on a Skill (it declares none): every kind of
# effect `:use` applies outside an encounter, with conditions that hold and that fail.
ITEMS = [
    {"name": "Rope", "abilities": action(effect("pay", "energy", 1), effect("gain", "health", 2))},
    {"name": "Tallow Lantern", "abilities": action(
        effect("gain", "magic", 1, {"kind": "compare", "name": "courage", "op": ">=", "value": 2,
                                    "negate": False}),
        effect("gain", "terror", 1, {"kind": "panic", "name": "", "op": "", "value": 0, "negate": True}),
        effect("gain_item", "weapon"), effect("gain_item", "companion"), effect("lose_item", "craftable"),
        effect("lose", "food", 5))},
]
ACTING_SKILL = {"name": "Steady Hand", "attribute": "courage", "card": "S2", "abilities": action(
    effect("gain_secret", "", 44),
    effect("lose_secret", "", 41, {"kind": "item", "name": "weapon", "op": "", "value": 0, "negate": False}))}

PROGRAM = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
const files = process.argv.slice(1);
vm.runInNewContext(files.map(function (name) { return fs.readFileSync(name, "utf8"); }).join("\\n"), c);
const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const story = new c.TgcPlayer.Story(plan.bundle, { rules: plan.rules, party: plan.party, seed: plan.seed });
const out = plan.commands.map(function (text) {
  const name = text.split(" ")[0], rest = text.slice(name.length + 1);
  let said;
  try {
    if (name === ":set") said = [story.edit(rest, false)];
    else if (name === ":give") said = [story.give(rest)];
    else said = story.command(text.slice(1));
    story.run();
    said = { said: said };
  } catch (e) { said = { error: e.message }; }
  return Object.assign(said, { save: story.exportSave(null) });
});
process.stdout.write(JSON.stringify(out));
"""


def sample(skills: list[dict[str, Any]], items: list[dict[str, Any]] | None = None) -> s.Bundle:
    """The sample, with these Skill cards (and items' abilities)."""
    found = load_bundle(CAMPAIGNS / "sample.bundle.json")
    assert isinstance(found.rules, TaintedGrailRules)
    data = found.rules.model_dump(mode="json")
    data["skills"] = skills
    if items is not None:
        data["items"] = items
    return found.model_copy(update={"rules": TaintedGrailRules.model_validate(data)})


@pytest.fixture(scope="module")
def bundle() -> s.Bundle:
    """The sample, with Skill cards to buy."""
    return sample([{"name": k.name, "attribute": k.attribute, "card": k.card} for k in SKILLS])


def page_side(bundle: s.Bundle, typed: list[str]) -> list[dict[str, Any]]:
    """The page's engine under node, given the same commands."""
    assert NODE is not None
    scripts = [str(TEMPLATES / name) for name in ("rng.js", "player.js", "player-edit.js", "player-days.js")]
    scripts += [str(REPO / "tgc" / "rulesets" / "tainted_grail" / path.partition(":")[2])
                for path in get("tainted-grail").story_page]
    plan = {"bundle": json.loads(dump_bundle(bundle)), "rules": player_rules(bundle), "party": list(PARTY),
            "seed": SEED, "commands": typed}
    done = subprocess.run([NODE, "-e", PROGRAM, *scripts], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=60, check=True)
    page: list[dict[str, Any]] = json.loads(done.stdout)
    return page


class Typist:
    """tgc play's side: commands typed one after another into one session between
    explorations, each reply (or refusal) and the save file after it kept."""

    def __init__(self, bundle: s.Bundle) -> None:
        self.bundle = bundle
        self.lines: list[Line] = []
        self.session = Session(Book(bundle), self.lines.append, seed=SEED, party=PARTY)
        self.session.start("none")
        self.typed: list[str] = []
        self.out: list[dict[str, Any]] = []

    def run(self, text: str) -> None:
        self.lines.clear()
        try:
            self.session.handle(text)
        except SessionError as err:
            said: dict[str, Any] = {"error": str(err)}
        else:
            said = {"said": [line.text for line in self.lines]}
        story = self.session.story
        save = dump_save(story.state, campaign=self.bundle.campaign.title, cursor=story.cursor,
                         queue=story.queue)
        self.typed.append(text)
        self.out.append({**said, "save": save})


def python_side(bundle: s.Bundle) -> tuple[list[str], list[dict[str, Any]]]:
    """tgc play's side, and the commands: some name what an earlier one drew."""
    typist = Typist(bundle)
    run = typist.run

    def piles(name: str, pile: str) -> list[str]:
        member = next(c for c in typist.session.story.state.party if c.name == name)
        return list(member.piles.get(pile, ()))

    first = (":advance", ":advance Beor", ":advance Zed", ":advance Beor courage", ":set Beor exp 40",
             ":set Ailei exp 3", ":advance Beor courage", ":advance Beor courage",
             ":advance Beor courage Nope", ":advance Beor courage iron will", ":advance Beor caution",
             ":advance Beor caution", ":advance Beor aggression", ":advance Beor aggression",
             ":advance Ailei courage", ":advance Beor combat", ":advance Beor diplomacy",
             ":advance Beor combat", ":advance Beor keep 99X")
    for text in first:
        run(text)
    run(f":advance Beor keep {piles('Beor', 'combat_offer')[1]}")
    run(f":advance Beor keep {piles('Beor', 'diplomacy_offer')[0].lower()}")
    card = piles("Beor", "combat")
    then = (f":advance Beor out {card[0]}", f":advance Beor out {card[1]}", f":advance Beor in {card[0]}",
            f":advance Beor in {card[0]}", f":advance Beor out {card[0]}", ":advance Beor frobnicate",
            ':advance "Beor', ":advance Ailei combat", ":advance Ailei combat", ":advance Beor",
            ":give Rope to Beor", ":set Ailei item Rope", ":give Rope", ":give Rope to Bor",
            ":give Rope from Beor to Ailei", ":give Rope to Beor", ":give Rope to beor",
            ":give Rope from Beor to Ailei", ":give secret 44 to Ailei", ":set secret 44",
            ":give secret 44 to Ailei", ":give secret 44 to Ailei", ":give secret 44 from Beor to Ailei",
            ":set secret 41", ":give secret 41 to Ailei", ":give secret x to Ailei", ':give "Rope to Beor')
    for text in then:
        run(text)
    return typist.typed, typist.out


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page's engine is run under it")
def test_the_pages_advance_and_give_say_and_change_what_tgc_plays_do(bundle: s.Bundle) -> None:
    typed, python = python_side(bundle)
    page = page_side(bundle, typed)
    for text, mine, theirs in zip(typed, page, python, strict=True):
        assert mine == theirs, text
    refused = [said["error"] for said in python if "error" in said]
    said = " ".join(row for step in python for row in step.get("said", ()))
    assert len(refused) == 26, refused
    assert 'with the Skill "Iron Will"' in said
    assert "every one the campaign declares is taken" in " ".join(refused)
    assert "never changes hands" in " ".join(refused) and "Beor gives secret 44 to Ailei" in said
    assert "nobody in the party holds secret 44" in refused


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page's engine is run under it")
def test_the_pages_use_applies_an_action_as_tgc_plays_does() -> None:
    """`:use` (an Item's or a Skill's action): who acts, the costs it must pay first, and
    each effect (tracks clamped, resources never below 0, items by name or by keyword
    drawn with the story's generator, secrets) as tgc play applies it."""
    typist = Typist(sample([ACTING_SKILL], ITEMS))
    for text in (":use Rope", ":use Beor Rope", ":set Beor item Rope", ":set Beor health 5", ":use Beor rope",
                 ":use Beor Rope", ":set Beor energy 0", ":use Beor Rope", ":use Beor Lantern",
                 ':set Ailei item "Tallow Lantern"', ":use Ailei tallow lantern", ":set Ailei courage 2",
                 ":set Ailei terror 9", ':set Ailei item "Tallow Lantern"', ':use Ailei "Tallow Lantern"',
                 ":set secret 41", ":use Beor Steady Hand", ":set Beor exp 20", ":set Beor courage 2",
                 ':advance Beor courage "Steady Hand"', ":use Beor Steady Hand",
                 ':give "Bell-Bronze Knife" to Beor', ":use Beor steady hand", ":use Beor steady hand"):
        typist.run(text)
    page = page_side(typist.bundle, typist.typed)
    for mine, theirs, text in zip(page, typist.out, typist.typed, strict=True):
        assert mine == theirs, text
    said = [row for step in typist.out for row in step.get("said", ())]
    assert "Beor uses Rope: action: pay 1 energy; gain 2 health" in said
    assert any(row.startswith("Ailei gains ") for row in said) and "Ailei loses Tallow Lantern" in said
    assert any("cannot pay 1 energy for Rope (has 0)" in step.get("error", "") for step in typist.out)
    assert said.count("Beor: lose secret 41") == 2
    party = json.loads(typist.out[-1]["save"])["state"]["party"]
    assert [m["secrets"] for m in party] == [[44], []]  # 41 lost, 44 gained once
