"""The web player's `:give` (tgc/render/templates/player-edit.js) and a ruleset's own
session commands in the page (``RulesetSpec.story_page``: Tainted Grail's `:advance`,
tgc/rulesets/tainted_grail/page/advance.js) against tgc play's: the same commands, one
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


@pytest.fixture(scope="module")
def bundle() -> s.Bundle:
    """The sample, with Skill cards to buy."""
    sample = load_bundle(CAMPAIGNS / "sample.bundle.json")
    assert isinstance(sample.rules, TaintedGrailRules)
    data = sample.rules.model_dump(mode="json")
    data["skills"] = [{"name": k.name, "attribute": k.attribute, "card": k.card} for k in SKILLS]
    return sample.model_copy(update={"rules": TaintedGrailRules.model_validate(data)})


def python_side(bundle: s.Bundle) -> tuple[list[str], list[dict[str, Any]]]:
    """tgc play's side, and the commands: some name what an earlier one drew."""
    lines: list[Line] = []
    session = Session(Book(bundle), lines.append, seed=SEED, party=PARTY)
    session.start("none")
    typed: list[str] = []
    out: list[dict[str, Any]] = []

    def run(text: str) -> None:
        lines.clear()
        try:
            session.handle(text)
        except SessionError as err:
            said: dict[str, Any] = {"error": str(err)}
        else:
            said = {"said": [line.text for line in lines]}
        story = session.story
        save = dump_save(story.state, campaign=bundle.campaign.title, cursor=story.cursor, queue=story.queue)
        typed.append(text)
        out.append({**said, "save": save})

    def piles(name: str, pile: str) -> list[str]:
        member = next(c for c in session.story.state.party if c.name == name)
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
    return typed, out


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page's engine is run under it")
def test_the_pages_advance_and_give_say_and_change_what_tgc_plays_do(bundle: s.Bundle) -> None:
    assert NODE is not None
    typed, python = python_side(bundle)
    scripts = [str(TEMPLATES / name) for name in ("rng.js", "player.js", "player-edit.js")]
    scripts += [str(REPO / "tgc" / "rulesets" / "tainted_grail" / path.partition(":")[2])
                for path in get("tainted-grail").story_page]
    plan = {"bundle": json.loads(dump_bundle(bundle)), "rules": player_rules(bundle), "party": list(PARTY),
            "seed": SEED, "commands": typed}
    done = subprocess.run([NODE, "-e", PROGRAM, *scripts], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=60, check=True)
    page = json.loads(done.stdout)
    for text, mine, theirs in zip(typed, page, python, strict=True):
        assert mine == theirs, text
    refused = [said["error"] for said in python if "error" in said]
    said = " ".join(row for step in python for row in step.get("said", ()))
    assert len(refused) == 26, refused
    assert 'with the Skill "Iron Will"' in said
    assert "every one the campaign declares is taken" in " ".join(refused)
    assert "never changes hands" in " ".join(refused) and "Beor gives secret 44 to Ailei" in said
    assert "nobody in the party holds secret 44" in refused
