"""The web player's `:set` and `:unset` (tgc/render/templates/player-edit.js) against
tgc play's (tgc/playtest/edit.py): the same commands, one after another on one party,
give the same message or the same refusal, and leave the same state, compared as the
save file both write after every command; a trigger an edit makes true between
explorations is read at once, as tgc play reads it. The recorded transcripts with edits
replay in the page through tests/test_web_transcripts.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.bundle_helpers import CAMPAIGNS
from tgc.bundle.io import load_bundle
from tgc.playtest.edit import set_help
from tgc.playtest.output import Line
from tgc.playtest.places import PlaceError, find_place
from tgc.playtest.session import Session, SessionError
from tgc.render.web import player_rules
from tgc.rulesets.spec import vocabulary_of
from tgc.runtime.book import Book
from tgc.runtime.save import dump_save

TEMPLATES = Path(__file__).resolve().parents[1] / "tgc" / "render" / "templates"
NODE = shutil.which("node")
PARTY = ["Beor", "Ailei"]


def commands(bundle_path: Path) -> list[tuple[str, bool]]:
    """Edits of every kind, with mistakes among them; the ruleset's words come from its
    vocabulary (no test names them)."""
    words = vocabulary_of(load_bundle(bundle_path))
    track, attribute, resource = words.tracks[0], words.attributes[0], words.resources[0]
    sets = [
        'status "Mourning Bells" 1-3', 'status "Mourning Bells" 4', 'status "Mourning Bells" 2,4', "status",
        'status "Mourning Bell" 1', 'status "Pale Tide" 1,3-5', 'status "Pale Tide" 9',
        'status "Pale Tide"', "status \"Smugglers' Trust\"", "status \"Smugglers' Trust\"",
        "status \"Smugglers' Trust\" 3", "status \"Smugglers' Trust\" 7", 'status "Barrow Opened"',
        'status "Barrow Opened" 2', 'status "Oathbreaker" on', 'status "Pale Tide" all',
        'status "Pale Tide" none', "secret 44", "secret 99", "secret x", 'item "Grey Hound"', "item Rope",
        'item "Grey Hund"', "item Lantern", "item [weapon]", 'Ailei item "Tallow Lantern"', f"{track} 3",
        f"Beor {track} 99", f"{attribute} 4", f"Ailei {resource} 2", f"{resource} -1",
        f"{resource} 1000000000", f"{resource} 12345678901", "Beor status x 1", "visited 203.2",
        "visited 999.9", "task Find the bell", "task Find the bell", "task", "dial Tide 3", "dial Tide 99",
        "day 3", "day 0", "chapter 3A", "chapter 4B-2", "chapter 3AB", "chapter 2-x", "chapter 'x'",
        'chapter "it\'s"', "players 2", "tokens 4", "location 205", "location 999", "helth 3",
        "visted 203.2", "", 'status "open', 'status "Lantern Vigil" 1-6',
    ]
    unsets = ['status "Mourning Bells" 2', 'status "Mourning Bells"', "status \"Smugglers' Trust\" 1",
              "secret 44", "secret 44", "item Rope", "item Rope", 'Ailei item "Grey Hound"', "visited 203.2",
              "task Find the bell", "task Nothing", "dial Tide", "day", f"{track}", 'status "Pale Tide"']
    return [(text, False) for text in sets] + [(text, True) for text in unsets]


def python_edits(bundle_path: Path) -> list[dict[str, Any]]:
    """tgc play's side: each edit typed into a session between explorations."""
    bundle = load_bundle(bundle_path)
    lines: list[Line] = []
    session = Session(Book(bundle), lines.append, party=tuple(PARTY))
    session.start("none")
    out = []
    for text, unset in commands(bundle_path):
        lines.clear()
        try:
            session.handle((":unset " if unset else ":set ") + text)
        except SessionError as err:
            said = {"error": str(err)}
        else:
            said = {"said": lines[0].text}
        story = session.story
        save = dump_save(story.state, campaign=bundle.campaign.title, cursor=story.cursor, queue=story.queue)
        out.append({**said, "save": save})
    return out


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page's engine is run under it")
def test_the_pages_set_and_unset_say_and_change_what_tgc_plays_do() -> None:
    assert NODE is not None
    path = CAMPAIGNS / "sample.bundle.json"
    bundle = load_bundle(path)
    program = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
const dir = process.argv[1];
vm.runInNewContext(["rng.js", "player.js", "player-edit.js"].map(function (name) {
  return fs.readFileSync(dir + "/" + name, "utf8"); }).join("\\n"), c);
const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const story = new c.TgcPlayer.Story(plan.bundle, { rules: plan.rules, party: plan.party });
const out = plan.commands.map(function (command) {
  let said;
  try { said = { said: story.edit(command[0], command[1]) }; story.run(); }
  catch (e) { said = { error: e.message }; }
  return Object.assign(said, { save: story.exportSave(null) });
});
process.stdout.write(JSON.stringify({ out: out, help: c.TgcPlayer.setHelp(plan.rules) }));
"""
    plan = {"bundle": json.loads(path.read_text(encoding="utf-8")), "rules": player_rules(bundle),
            "party": PARTY, "commands": commands(path)}
    done = subprocess.run([NODE, "-e", program, str(TEMPLATES)], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=60, check=True)
    page = json.loads(done.stdout)
    for (text, unset), mine, python in zip(commands(path), page["out"], python_edits(path), strict=True):
        assert mine == python, f":{'unset' if unset else 'set'} {text}"
    assert page["help"] == set_help(vocabulary_of(bundle))
    refused = [said["error"] for said in page["out"] if "error" in said]
    assert len(refused) == 33 and "did you mean 'health'?" in " ".join(refused)


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page's engine is run under it")
def test_an_edit_between_explorations_reads_what_it_makes_fire_at_once() -> None:
    """The sample's Lantern Vigil fires when all six parts are marked: set between
    explorations, its verse is read at once; set again, nothing fires twice."""
    assert NODE is not None
    path = CAMPAIGNS / "sample.bundle.json"
    program = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
const dir = process.argv[1];
vm.runInNewContext(["rng.js", "player.js", "player-edit.js"].map(function (name) {
  return fs.readFileSync(dir + "/" + name, "utf8"); }).join("\\n"), c);
const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const story = new c.TgcPlayer.Story(plan.bundle, { rules: plan.rules });
const first = story.edit('status "Lantern Vigil" all', false);
const fired = story.run().map(function (e) { return e.kind; });
story.edit('status "Lantern Vigil" 1', false);
process.stdout.write(JSON.stringify({ first: first, fired: fired, again: story.run().length }));
"""
    plan = {"bundle": json.loads(path.read_text(encoding="utf-8")), "rules": player_rules(load_bundle(path))}
    done = subprocess.run([NODE, "-e", program, str(TEMPLATES)], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=60, check=True)
    got = json.loads(done.stdout)
    assert got["first"] == 'status "Lantern Vigil" 1, 2, 3, 4, 5, 6 of 6'
    assert got["fired"][:2] == ["trigger", "verse"]
    assert got["fired"][-1] in ("end", "end-chapter", "game-over")
    assert got["again"] == 0


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page's engine is run under it")
def test_the_pages_go_to_finds_the_verse_tgc_plays_goto_finds() -> None:
    """`:goto PLACE` (the page's Verse and Go to): the same verse, block or location from
    the same words, and the same refusal with the same hint."""
    assert NODE is not None
    path = CAMPAIGNS / "sample.bundle.json"
    bundle = load_bundle(path)
    places = ["201.3", "201", "3", "bos.44", "bos.oath", "208.menhir", "208.8", "menhir", "999.1", "bso.44",
              "201.99", "99", "nowhere", "201.2a", " 202 ", "bos.", "208.arrivel", "2O1.3"]
    program = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
const dir = process.argv[1];
vm.runInNewContext(["rng.js", "player.js", "player-edit.js"].map(function (name) {
  return fs.readFileSync(dir + "/" + name, "utf8"); }).join("\\n"), c);
const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const story = new c.TgcPlayer.Story(plan.bundle, { rules: plan.rules });
process.stdout.write(JSON.stringify(plan.places.map(function (text) {
  try { return { place: c.TgcPlayer.findPlace(story.book, text, "205.2", 205) }; }
  catch (e) { return { error: e.message }; }
})));
"""
    plan = {"bundle": json.loads(path.read_text(encoding="utf-8")), "rules": player_rules(bundle),
            "places": places}
    done = subprocess.run([NODE, "-e", program, str(TEMPLATES)], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=60, check=True)
    book = Book(bundle)
    for text, mine in zip(places, json.loads(done.stdout), strict=True):
        try:
            found = find_place(book, text, "205.2", 205)
        except PlaceError as err:
            assert mine == {"error": str(err)}, text
        else:
            assert mine == {"place": found if isinstance(found, int) else list(found)}, text
