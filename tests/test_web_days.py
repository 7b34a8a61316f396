"""The web player's campaign played by its days (tgc/render/templates/player-days.js and
Tainted Grail's layer in its page scripts, tgc/rulesets/tainted_grail/page/campaign*.js)
against `tgc play --campaign`: the same inputs, one after another, give the same lines
of the campaign layer (every command's reply, the `[RULE-N]` lines of the readings), the
same refusals with the same words, and the same save file, world included; the page's
save loads in `tgc play --campaign --state`. The recorded campaign transcripts replay in
Chromium through tests/test_web_transcripts.py; this covers the commands they never
type and what is refused."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.test_transcripts import books
from tgc.bundle import schema as s
from tgc.bundle.io import dump_bundle
from tgc.playtest.output import Line
from tgc.playtest.session import Files, Session, SessionError
from tgc.render.web import SCRIPTS, player_rules
from tgc.rulesets import get
from tgc.runtime.book import Book
from tgc.runtime.save import load_save

REPO = Path(__file__).resolve().parents[1]
TEMPLATES = REPO / "tgc" / "render" / "templates"
DAYS = REPO / "tests" / "cases" / "play" / "days"
NODE = shutil.which("node")
PARTY = ("Ailei", "Beor")
SEED = 5
# Two days and a night of the days case, with refusals on the way: each input is a
# command or an answer to the reading under way.
INPUTS = (
    ":travel Ailei up", ":sod", ":sod", ":travel Zed up", ":travel Ailei,Beor sideways",
    ":travel Ailei,Beor 106", ":travel Ailei,Beor up pay Beor=3", ":travel Ailei,Beor up pay Beor=2",
    ":explore Ailei", ":map", "lose", ":world", ":enter 101", ":goto 101.1", ":inspect Beor",
    ":act Beor Nope", ":travel Beor left", ":pass Ailei", ":eod", ":pass Beor,Beor", ":pass Beor",
    ":eod eat Zed", ":eod give Ailei 9 Beor", ":eod give Ailei 1 wealth Beor", ":eod give Ailei 1 rep Beor",
    ":eod eat Ailei fast Beor", ":claim Arev", ":mercy", ":guardian sideways", ":guardian up down",
    ":fight maybe", ":fight lose", ":travel Ailei down", ":sod", ":sod extra", ":map",
    ":travel Ailei down", ":inspect Ailei", ":act Ailei Barter", ":pass Beor", ":travel Ailei right",
    ":act Ailei Bar", ":world", ":pass Ailei", ":eod",
)
PROGRAM = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
const files = process.argv.slice(1);
vm.runInNewContext(files.map(function (name) { return fs.readFileSync(name, "utf8"); }).join("\\n"), c);
const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const days = new c.TgcPlayer.Days(plan.bundle, { rules: plan.rules, party: plan.party, seed: plan.seed });
function lines(events) {
  return events.filter(function (e) { return e.kind === "campaign"; }).map(function (e) { return e.text; });
}
const out = [{ said: lines(days.run()) }];
plan.inputs.forEach(function (text) {
  try {
    if (text[0] === ":") days.command(text.slice(1));
    else days.resolve(text);
    out.push({ said: lines(days.run()) });
  } catch (e) { out.push({ error: e.message }); }
});
process.stdout.write(JSON.stringify({ out: out, save: days.exportSave(plan.seed) }));
"""


@pytest.fixture(scope="module")
def bundle() -> s.Bundle:
    return books(DAYS)[0].bundle


def page_side(bundle: s.Bundle) -> dict[str, Any]:
    """The page's engine under node (the page's scripts, in its order), given the inputs."""
    assert NODE is not None
    scripts = [str(TEMPLATES / name) for name in SCRIPTS if name != "player-ui.js"]
    scripts += [str(REPO / "tgc" / "rulesets" / "tainted_grail" / path.partition(":")[2])
                for path in get("tainted-grail").story_page]
    plan = {"bundle": json.loads(dump_bundle(bundle)), "rules": player_rules(bundle), "party": list(PARTY),
            "seed": SEED, "inputs": list(INPUTS)}
    done = subprocess.run([NODE, "-e", PROGRAM, *scripts], input=json.dumps(plan), capture_output=True,
                          text=True, timeout=60, check=True)
    page: dict[str, Any] = json.loads(done.stdout)
    return page


def python_side(bundle: s.Bundle, folder: Path) -> tuple[list[dict[str, Any]], str]:
    """`tgc play --campaign --seed SEED --party Ailei,Beor`'s side: the layer's lines
    (the session's map and info lines) after the start and after each input, or the
    refusal; then its `:save`."""
    shown: list[Line] = []
    session = Session(Book(bundle), shown.append, seed=SEED, party=PARTY, campaign=True,
                      files=Files(write=folder))
    session.start(None)
    out: list[dict[str, Any]] = [{"said": [line.text for line in shown if line.kind in ("map", "info")]}]
    for text in INPUTS:
        shown.clear()
        try:
            session.handle(text)
        except SessionError as err:
            out.append({"error": str(err)})
        else:
            out.append({"said": [line.text for line in shown if line.kind in ("map", "info")]})
    session.handle(":save python.json")
    return out, (folder / "python.json").read_text(encoding="utf-8")


@pytest.mark.skipif(NODE is None, reason="node is not installed: the page's engine is run under it")
def test_the_pages_days_say_refuse_and_save_what_tgc_play_campaign_does(bundle: s.Bundle,
                                                                       tmp_path: Path) -> None:
    want, saved = python_side(bundle, tmp_path)
    page = page_side(bundle)
    for n, (mine, theirs) in enumerate(zip(page["out"], want, strict=True)):
        said = INPUTS[n - 1] if n else "the start"
        assert mine == theirs, f"after {said}"
    assert sum("error" in x for x in want) >= 20  # the refusals are compared, word for word
    assert page["save"] == saved
    (tmp_path / "page.json").write_text(page["save"], encoding="utf-8")
    assert resumed(bundle, tmp_path / "page.json") == resumed(bundle, tmp_path / "python.json")


def resumed(bundle: s.Bundle, path: Path) -> list[str]:
    """What `tgc play --campaign --state PATH` shows first, then after `:sod` and `:world`."""
    shown: list[Line] = []
    book = Book(bundle)
    session = Session(book, shown.append, seed=SEED, campaign=True)
    session.start(None, load_save(path, book))
    for text in (":sod", ":world"):
        session.handle(text)
    return [line.text for line in shown]
