"""The web player (tgc/render/web.py, templates/player*.js): one self-contained page
with a strict Content-Security-Policy, author text kept out of the markup, written by
`tgc build --web` and `tgc render --web`; and its engine, run under node, against the
Python runtime on the same answers: the same verses, lines, effects, waits and endings,
and the same state after several explorations, under node and in headless Chromium.
The recorded transcripts are replayed in the page by tests/test_web_transcripts.py."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import html
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.bundle_helpers import CAMPAIGNS, SAMPLE
from tgc.bundle import schema as s
from tgc.bundle.io import load_bundle, parse_bundle
from tgc.cli.main import cli
from tgc.render.web import SCRIPTS, inline_json, player_rules, render_player
from tgc.rulesets.spec import vocabulary_of
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.save import dump_save, parse_save
from tgc.runtime.state import GameState, new_state
from tgc.runtime.story import InputError, Story

TEMPLATES = Path(__file__).resolve().parents[1] / "tgc" / "render" / "templates"
DRIVER = Path(__file__).parent / "player" / "drive.js"
TRACE = Path(__file__).parent / "player" / "trace.js"
NODE = shutil.which("node")
MAX_ANSWERS = 200
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: the engine test runs it")


# ---------------------------------------------------------------- the page


def test_the_page_holds_everything_and_allows_only_its_own_script_and_style() -> None:
    page = render_player(load_bundle(CAMPAIGNS / "sample.bundle.json"))
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert csp is not None
    policy = csp[1].replace("&#39;", "'")
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(scripts) == 1 and len(styles) == 1
    assert policy.startswith("default-src 'none'; ")
    for text, directive in ((scripts[0], "script-src"), (styles[0], "style-src")):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"{directive} 'sha256-{digest}'" in policy
    assert not re.search(r"(src|href)=", page)  # nothing is loaded
    data = re.search(r'<script type="application/json" id="tgc-bundle">(.*?)</script>', page, re.S)
    assert data is not None
    assert parse_bundle(json.dumps(json.loads(data[1]))) == load_bundle(CAMPAIGNS / "sample.bundle.json")


def test_a_hostile_campaign_stays_text() -> None:
    """Markup and script in every piece of author text never reach the page as markup:
    the title is escaped, everything else sits inside the JSON, which cannot close its
    script element; the player sets text with textContent only."""
    bundle = load_bundle(CAMPAIGNS / "every_construct.bundle.json")
    evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)>&amp;'
    hostile = bundle.model_copy(update={
        "campaign": bundle.campaign.model_copy(update={"title": evil}),
        "verses": tuple(v.model_copy(update={"ops": (s.Text(text=evil), *v.ops)}) for v in bundle.verses),
    })
    page = render_player(hostile)
    assert "<img" not in page and "alert(1)</script>" not in page
    assert page.count("<script") == 3 and page.count("</script>") == 3  # the bundle, the rules, the player
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in page  # the title, escaped
    data = re.search(r'id="tgc-bundle">(.*?)</script>', page, re.S)
    assert data is not None and json.loads(data[1])["verses"][0]["ops"][0]["text"] == evil
    for name in SCRIPTS:
        code = (TEMPLATES / name).read_text(encoding="utf-8")
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function",
                             code), name


def test_inline_json_cannot_end_its_script() -> None:
    text = inline_json({"a": "</script><!-- \u2028 & >"})
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == {"a": "</script><!-- \u2028 & >"}


def test_build_and_render_write_play_html(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SAMPLE, tmp_path / "src")
    runner = CliRunner()
    built = runner.invoke(cli, ["build", "src", "--web", "--no-html"], catch_exceptions=False)
    assert built.exit_code == 0, built.output
    page = tmp_path / "build" / "the-lantern-stones-of-caer-morwen" / "play.html"
    wrote = f"wrote {page.relative_to(tmp_path)} (open it in a browser to play)"
    assert built.output.splitlines()[-1] == wrote
    rendered = runner.invoke(cli, ["render", "build/the-lantern-stones-of-caer-morwen.bundle.json", "--web",
                                   "--no-html", "-o", "again"], catch_exceptions=False)
    assert rendered.exit_code == 0, rendered.output
    assert rendered.output == "wrote again/play.html (open it in a browser to play)\n"
    assert (tmp_path / "again" / "play.html").read_bytes() == page.read_bytes()  # the same bytes


# ---------------------------------------------------------------- the engine, against Python


class Lcg:
    """The answers both engines are given: the same minimal-standard generator."""

    def __init__(self, seed: int) -> None:
        self.x = seed

    def next(self, n: int) -> int:
        self.x = self.x * 48271 % 2147483647
        return self.x % n


def _record(trace: list[str], events: list[ev.Event]) -> None:
    for e in events:
        match e:
            case ev.VerseEntered():
                trace.append(f"verse:{e.verse}" + (f".{e.block}" if e.block else ""))
            case ev.Text():
                trace.append(f"text:{e.text}")
            case ev.EffectApplied():
                trace.append(f"effect:{e.effect.kind}")
            case ev.RollMade():
                trace.append(f"roll:{e.total}")
            case ev.TossMade():
                trace.append(f"toss:{e.side}")
            case ev.EncounterStarted():
                trace.append("encounter?" + ",".join(e.outcomes))
            case ev.EncounterResolved():
                trace.append(f"encounter:{e.outcome}")
            case ev.TriggerFired():
                trace.append(f"trigger:{e.status}")
            case ev.ChoicesOffered():
                trace.append("choices:" + "|".join(c.text for c in e.choices) + f"/{len(e.locked)}")
            case ev.AskPosed():
                trace.append(f"ask:{e.question}")
            case ev.RollRequested():
                trace.append(f"roll?{e.dice}d{e.sides}+{e.modifier}")
            case ev.TossRequested():
                trace.append("toss?")
            case ev.ExplorationEnded():
                trace.append(f"stop:end:{e.verse}")
            case ev.ChapterEnded():
                trace.append(f"stop:end-chapter:{e.verse}")
            case ev.GameOver():
                trace.append(f"stop:game-over:{e.verse}")
            case ev.DeadEnd():
                trace.append(f"stop:dead-end:{e.verse}")
            case _:
                trace.append(f"stop:{type(e).__name__}")


def _answer(story: Story, lcg: Lcg) -> None:
    w = story.waiting
    match w:
        case ev.ChoicesOffered():
            story.choose(lcg.next(len(w.choices)))
        case ev.AskPosed():
            story.answer(lcg.next(2) == 0)
        case ev.RollRequested():
            story.give_roll(w.dice + lcg.next(w.dice * (w.sides - 1) + 1))
        case ev.TossRequested():
            story.give_toss("heads" if lcg.next(2) == 0 else "tails")
        case ev.EncounterStarted():
            story.resolve(w.outcomes[lcg.next(len(w.outcomes))])


def _summary(state: GameState) -> dict[str, Any]:
    return {
        "party": [{"name": c.name, "tracks": c.tracks, "resources": c.resources, "attributes": c.attributes}
                  for c in state.party],
        "statuses": {k: sorted(v) for k, v in sorted(state.statuses.items()) if v},
        "secrets": sorted(state.secrets), "items": state.items, "visited": sorted(state.visited),
        "dials": state.dials, "tasks": state.tasks, "in_play": sorted(state.in_play),
        "location": state.location, "time_tokens": state.time_tokens, "chapter": state.chapter.number,
        "day": state.day, "acted": state.acted,
    }


# seed, explorations, the first verse (None: the start location), and optionally the
# party's names and whether days, chapters and actions come between explorations
Run = tuple[int, int, str | None] | tuple[int, int, str | None, list[str], bool]


def _attempt(trace: list[str], what: str, move: Callable[[], None]) -> bool:
    try:
        move()
    except InputError:
        trace.append("refused:" + what.split(":")[0])
        return False
    trace.append(what)
    return True


def _between(story: Story, bundle: s.Bundle, lcg: Lcg, trace: list[str]) -> bool:
    """As trace.js's between: maybe a day or a chapter passes, maybe an action is taken."""
    kind = lcg.next(6)
    if kind == 0:
        _attempt(trace, f"day:{story.state.day + 1}", story.next_day)
    if kind == 1:
        _attempt(trace, f"chapter:{story.state.chapter.number + 1}", story.next_chapter)
    actions = [(loc.number, action.name) for loc in sorted(bundle.locations, key=lambda loc: loc.number)
               if loc.number in story.state.in_play for action in loc.actions]
    if not actions or lcg.next(3) != 0:
        return False
    where, name = actions[lcg.next(len(actions))]
    return _attempt(trace, f"act:{where}/{name}", lambda: story.act(where, name))


def python_runs(bundle: s.Bundle, runs: list[Run]) -> list[dict[str, Any]]:
    out = []
    explore = sorted(loc.number for loc in bundle.locations if "explore" in loc.hooks)
    for seed, explorations, first, *rest in runs:
        party, moves = (rest[0], rest[1]) if rest else ([], False)
        lcg, story, trace = Lcg(seed), Story(bundle, new_state(bundle, party), dice="ask"), []
        for n in range(explorations):
            places = [number for number in explore if number in story.state.in_play]
            if n > 0 and moves and _between(story, bundle, lcg, trace):
                pass  # the action's exploration is under way
            elif n == 0 and first is not None:
                trace.append(f"goto:{first}")
                story.goto(first)
            elif not places:
                break
            else:
                start = bundle.campaign.start
                where = start if n == 0 and start in places else places[lcg.next(len(places))]
                trace.append(f"explore:{where}")
                story.enter(where, "explore")
            _record(trace, story.run())
            answers = 0
            while story.waiting is not None and answers < MAX_ANSWERS:
                answers += 1
                _answer(story, lcg)
                _record(trace, story.run())
            if story.waiting is not None:
                break
        out.append({"trace": trace, "state": _summary(story.state),
                    "save": dump_save(story.state, campaign=bundle.campaign.title)})
    return out


def node_runs(bundle_path: Path, runs: list[Run]) -> list[dict[str, Any]]:
    assert NODE is not None
    rules = json.dumps(player_rules(load_bundle(bundle_path)))
    command = [NODE, str(DRIVER), str(TEMPLATES / "player.js"), str(TRACE), str(bundle_path), rules,
               json.dumps(runs)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


@needs_node
@pytest.mark.parametrize(("name", "seen"), [
    ("sample", {"verse", "text", "choices", "effect", "roll", "toss", "encounter", "stop"}),
    ("every_construct", {"verse", "text", "effect", "trigger", "encounter", "stop"}),
])
def test_the_player_plays_as_the_python_runtime_does(name: str, seen: set[str]) -> None:
    """Playthroughs of 4 explorations each, every answer drawn from one seed: 40 from the
    start location, and one from every verse: the player's trace (verses, lines,
    effects, rolls, waits, triggers, endings) and the state after match Python's."""
    path = CAMPAIGNS / f"{name}.bundle.json"
    bundle = load_bundle(path)
    runs: list[Run] = [(seed, 4, None) for seed in range(1, 41)]
    runs += [(seed, 4, verse.id) for seed, verse in enumerate(bundle.verses, start=41)]
    expected, actual = python_runs(bundle, runs), node_runs(path, runs)
    kinds = {line.split(":")[0].split("?")[0] for run in expected for line in run["trace"]}
    assert seen <= kinds
    for run, want, got in zip(runs, expected, actual, strict=True):
        assert got["trace"] == want["trace"], f"run {run}"
        assert got["state"] == want["state"], f"run {run}"


@needs_node
@pytest.mark.parametrize(("name", "parties", "moves"), [
    ("sample", [["Beor"], ["Ailei", "Beor"], ["Beor", "Ailei", "Maggot"]],
     ("day:", "chapter:", "act:", "refused:act")),
    ("every_construct", [["Beor"], []], ("day:", "chapter:")),  # its action's location is never in play
])
def test_a_chosen_party_days_chapters_and_actions_play_as_in_python(name: str, parties: list[list[str]],
                                                                    moves: tuple[str, ...]) -> None:
    """The party picker's parties (declared characters, with their own numbers; a name
    the campaign does not declare plays the default adventurer), and between
    explorations a day or a chapter passing and locations' actions taken (paid, refused
    when once a day was taken today or the party cannot pay), as `tgc play --party`'s
    `:day`, `:chapter` and `:act` do: the traces, the state and the save file match."""
    path = CAMPAIGNS / f"{name}.bundle.json"
    bundle = load_bundle(path)
    runs: list[Run] = [(seed, 8, None, parties[seed % len(parties)], True) for seed in range(1, 31)]
    expected, actual = python_runs(bundle, runs), node_runs(path, runs)
    lines = [line for run in expected for line in run["trace"]]
    for move in moves:
        assert any(line.startswith(move) for line in lines), move
    assert max(len(run["state"]["party"]) for run in expected) == max(1, *(len(party) for party in parties))
    for run, want, got in zip(runs, expected, actual, strict=True):
        assert got["trace"] == want["trace"], f"run {run}"
        assert got["state"] == want["state"], f"run {run}"
        assert got["save"] == want["save"], f"run {run}"


def test_the_rules_beside_the_bundle_come_from_its_ruleset() -> None:
    """The player's script names no ruleset's words: they reach it as data, here the
    sample's declared characters and its ruleset's tracks and decks."""
    bundle = load_bundle(CAMPAIGNS / "sample.bundle.json")
    rules = player_rules(bundle)
    words = vocabulary_of(bundle)
    assert rules["tracks"] == list(words.tracks) and rules["attributes"] == list(words.attributes)
    members = rules["members"]
    assert bundle.rules is not None and isinstance(members, list)
    assert [m["name"] for m in members] == [m.name for m in bundle.rules.members()] and len(members) == 4
    assert rules["decks"] == {deck: list(outcomes) for deck, outcomes in sorted(words.decks.items())}
    script = "".join((TEMPLATES / name).read_text(encoding="utf-8") for name in SCRIPTS)
    core = {f.name for f in dataclasses.fields(GameState)}  # time_tokens is the runtime's too
    for word in {*words.tracks, *words.attributes, *words.resources, *words.facts, *words.decks} - core:
        assert not re.search(rf"\b{word}\b", script, re.I), word


@needs_node
def test_the_player_exports_and_imports_tgcs_own_save_file(tmp_path: Path) -> None:
    """After each seeded playthrough the player's Export is byte for byte the save file
    `tgc play :save` writes for the same state, `tgc play --state` reads it, and a save of
    tgc play (mid-verse, with its position) imported into the player exports unchanged."""
    path = CAMPAIGNS / "sample.bundle.json"
    bundle = load_bundle(path)
    runs: list[Run] = [(seed, 3, None) for seed in range(1, 13)]
    expected, actual = python_runs(bundle, runs), node_runs(path, runs)
    for run, want, got in zip(runs, expected, actual, strict=True):
        assert got["save"] == want["save"], f"run {run}"
    loaded = parse_save(actual[-1]["save"], Book(bundle), "export.json")
    assert sorted(loaded.state.secrets) == actual[-1]["state"]["secrets"]
    story = Story(bundle)
    story.enter(bundle.campaign.start, "explore")
    story.run()
    assert story.cursor is not None
    saved = dump_save(story.state, campaign=bundle.campaign.title, cursor=story.cursor, queue=story.queue)
    assert '"position": {' in saved
    assert node_round_trip(path, saved) == saved
    exported = tmp_path / "export.json"
    exported.write_text(actual[0]["save"], encoding="utf-8")
    script = tmp_path / "inputs.txt"
    script.write_text(":state\n", encoding="utf-8")
    played = CliRunner().invoke(cli, ["play", str(path), "--state", str(exported), "--script", str(script)])
    assert played.exit_code == 0, played.output


def test_the_player_refuses_what_tgc_would_refuse() -> None:
    if NODE is None:
        pytest.skip("node is not installed: the engine test runs it")
    path = CAMPAIGNS / "sample.bundle.json"
    for text, reason in (('{"kind": "tgc-bundle"}', "not a tgc save file"),
                         ('{"kind": "tgc-save", "format": 9}', "save format 9"),
                         ('{"kind": "tgc-save", "format": 2, "position": {"verse": "999.1"}}', "999.1")):
        with pytest.raises(subprocess.CalledProcessError) as failed:
            node_round_trip(path, text)
        assert reason in failed.value.stderr


def node_round_trip(bundle_path: Path, save: str) -> str:
    """A save imported into the player's engine and exported again."""
    assert NODE is not None
    program = ("const fs=require('fs'),vm=require('vm');const c={};c.globalThis=c;"
               "vm.runInNewContext(fs.readFileSync(process.argv[1].replace(/player[.]js$/,'rng.js'),'utf8')+"
               "fs.readFileSync(process.argv[1],'utf8'),c);"
               "const b=JSON.parse(fs.readFileSync(process.argv[2],'utf8'));"
               "const s=new c.TgcPlayer.Story(b,{rules:JSON.parse(process.argv[3])});"
               "try{s.importSave(fs.readFileSync(0,'utf8'));}catch(e){process.stderr.write(e.message);process.exit(1);}"
               "process.stdout.write(s.exportSave(null));")
    rules = json.dumps(player_rules(load_bundle(bundle_path)))
    done = subprocess.run([NODE, "-e", program, str(TEMPLATES / "player.js"), str(bundle_path), rules],
                          input=save, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


# ---------------------------------------------------------------- in headless Chromium

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None,
                                    reason="Debian's chromium is not installed (.ci/run installs it)")
# The flags that work on this project's machines (no sandbox as root, no network).
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def chromium_dom(page: Path, tmp_path: Path, fragment: str = "") -> str:
    """The page's DOM once it has loaded and its scripts have run."""
    assert CHROMIUM is not None
    profile = tmp_path / f"profile-{page.stem}"
    command = [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri() + fragment]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def _log(dom: str) -> str:
    found = re.search(r'<div id="log">(.*?)</div><div id="answers">', dom, re.S)
    assert found is not None, dom[-2000:]
    return found[1]


@needs_chromium
@pytest.mark.parametrize("name", ["sample", "every_construct"])
def test_in_chromium_the_player_plays_as_the_python_runtime_does(name: str, tmp_path: Path) -> None:
    """The same runs as under node, with the engine inside the browser."""
    path = CAMPAIGNS / f"{name}.bundle.json"
    bundle = load_bundle(path)
    runs: list[Run] = [(seed, 4, None) for seed in range(1, 21)]
    runs += [(seed, 4, verse.id) for seed, verse in enumerate(bundle.verses, start=41)]
    scripts = "".join(f"<script>{(folder / name).read_text(encoding='utf-8')}</script>\n"
                      for folder, name in ((TEMPLATES, "player.js"), (TRACE.parent, "trace.js")))
    harness = tmp_path / "harness.html"
    harness.write_text(
        "<!DOCTYPE html>\n<html><body><pre id=\"out\"></pre>\n"
        f'<script type="application/json" id="bundle">{inline_json(json.loads(path.read_text()))}</script>\n'
        f'<script type="application/json" id="rules">{inline_json(player_rules(bundle))}</script>\n'
        f'<script type="application/json" id="runs">{inline_json(runs)}</script>\n{scripts}'
        '<script>function data(id) { return JSON.parse(document.getElementById(id).textContent); }\n'
        'document.getElementById("out").textContent = JSON.stringify(drive(window.TgcPlayer, '
        'data("bundle"), data("rules"), data("runs")));</script>\n</body></html>\n',
        encoding="utf-8")
    out = re.search(r'<pre id="out">(.*?)</pre>', chromium_dom(harness, tmp_path), re.S)
    assert out is not None and out[1], "the harness printed nothing"
    actual = json.loads(html.unescape(out[1]))
    for run, want, got in zip(runs, python_runs(bundle, runs), actual, strict=True):
        assert got["trace"] == want["trace"], f"run {run}"
        assert got["state"] == want["state"], f"run {run}"


@needs_chromium
def test_in_chromium_a_deep_link_opens_its_verse(tmp_path: Path) -> None:
    page = tmp_path / "play.html"
    page.write_text(render_player(load_bundle(CAMPAIGNS / "sample.bundle.json")), encoding="utf-8")
    log = _log(chromium_dom(page, tmp_path, "#201.3"))
    assert log.startswith('<h3 class="verse">Location 201 · 3</h3>'
                          '<p class="prose"><span>A fisherman named Tegid')
    assert log.endswith('<p class="ending">Exploration ends.</p>')


@needs_chromium
def test_in_chromium_an_icon_in_prose_is_its_glyph(tmp_path: Path) -> None:
    """201.11's prose holds `:food:`: the page builds its drawing (an svg of paths), named
    for screen readers, from the rules' data."""
    page = tmp_path / "play.html"
    page.write_text(render_player(load_bundle(CAMPAIGNS / "sample.bundle.json")), encoding="utf-8")
    log = _log(chromium_dom(page, tmp_path, "#201.11"))
    found = re.search(r'<span class="icon glyph" role="img" aria-label="Food" title="Food">'
                      r'<svg ([^>]*)><path [^>]*></path><path [^>]*></path></svg></span>', log)
    assert found is not None, log[:1500]
    assert 'viewBox="0 0 16 16"' in found[1]


@needs_chromium
def test_in_chromium_hostile_text_is_shown_as_text_and_a_foreign_script_never_runs(tmp_path: Path) -> None:
    bundle = load_bundle(CAMPAIGNS / "sample.bundle.json")
    evil = '<img src=x onerror="document.title=1"><script>document.title=2</script>'
    hostile = bundle.model_copy(update={
        "verses": tuple(v.model_copy(update={"ops": (s.Text(text=evil), *v.ops)}) for v in bundle.verses)})
    page = tmp_path / "play.html"
    page.write_text(render_player(hostile), encoding="utf-8")
    dom = chromium_dom(page, tmp_path, "#201.3")
    log = _log(dom)
    assert '<p class="prose"><span>&lt;img src=x onerror="document.title=1"&gt;&lt;script&gt;' in log
    assert "<img" not in log and "<script" not in log
    assert "<title>Play · The Lantern-Stones of Caer Morwen</title>" in dom
    # The policy lets only tgc's own script run: change one character and nothing runs.
    tampered = tmp_path / "tampered.html"
    tampered.write_text(page.read_text(encoding="utf-8").replace('"use strict";', '"use strict"; ', 1),
                        encoding="utf-8")
    assert _log(chromium_dom(tampered, tmp_path, "#201.3")) == ""


@needs_chromium
def test_in_chromium_choices_undo_and_the_save_sheet_panel(tmp_path: Path) -> None:
    """Clicked as a tester would (a script added to a copy of the page, its policy
    dropped): the first choice reads its verse and the panel shows the state; Undo goes
    back to the choices; the save exported and imported resumes at the same place."""
    page = render_player(load_bundle(CAMPAIGNS / "sample.bundle.json"))
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]+>', "", page)
    clicks = """<script>
document.addEventListener("DOMContentLoaded", function () { setTimeout(function () {
  var seen = [], log = document.getElementById("log");
  function verses() { return log.querySelectorAll("h3.verse").length; }
  function buttons() { return document.querySelectorAll("#answers button"); }
  seen.push(verses() + " " + buttons().length);
  buttons()[0].click();
  seen.push(verses() + " " + log.lastChild.textContent);
  seen.push(document.getElementById("state").textContent.indexOf("Day: 1, chapter 1") >= 0);
  document.getElementById("undo").click();
  seen.push(verses() + " " + buttons().length);
  document.getElementById("export").click();
  var saved = document.getElementById("save-text").value;
  document.getElementById("import").click();
  seen.push(saved.length > 100 && buttons().length);
  document.getElementById("out").textContent = JSON.stringify(seen);
}, 0); });
</script><pre id="out"></pre>
</body>"""
    file = tmp_path / "clicks.html"
    file.write_text(page.replace("</body>", clicks, 1), encoding="utf-8")
    assert CHROMIUM is not None
    command = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000",
               "--dump-dom", file.as_uri()]
    dom = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True).stdout
    out = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    assert out is not None and out[1], dom[-1500:]
    first, chosen, panel, undone, resumed = json.loads(html.unescape(out[1]))
    assert first == "1 3"  # verse 201.1, three choices
    assert chosen.startswith("2 ") and panel is True
    assert undone == "1 3" and resumed == 3


@needs_chromium
def test_in_chromium_the_party_picker_days_chapters_and_actions(tmp_path: Path) -> None:
    """A tester ticks two characters and begins; plays the exploration to its end;
    moves to the next day and to chapter 3A; takes a once-a-day action, which a second
    try the same day refuses; Undo takes the action back."""
    page = render_player(load_bundle(CAMPAIGNS / "sample.bundle.json"))
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]+>', "", page)
    clicks = """<script>
document.addEventListener("DOMContentLoaded", function () { setTimeout(function () {
  var seen = [], log = document.getElementById("log");
  function $(id) { return document.getElementById(id); }
  function last() { return log.lastChild.textContent; }
  function panel() { return $("state").textContent; }
  var labels = $("party").querySelectorAll("label");
  seen.push(Array.prototype.map.call(labels, function (l) { return l.textContent; }));
  $("party").querySelectorAll("input")[0].click();
  $("party").querySelectorAll("input")[2].click();
  $("begin").click();
  seen.push(panel().indexOf("Ailei: ") >= 0 && panel().indexOf("Beor: ") >= 0 &&
            panel().indexOf("Adventurer") < 0);
  for (var n = 0; n < 100 && document.querySelectorAll("#answers button").length; n++) {
    document.querySelectorAll("#answers button")[0].click();
  }
  seen.push(log.querySelector(".ending") !== null);
  $("next-day").click();
  seen.push(last());
  $("chapter").value = "3A";
  $("next-chapter").click();
  seen.push(last());
  seen.push(panel().indexOf("Day: 2, chapter 3A") >= 0);
  var actions = $("action");
  for (var i = actions.options.length - 1; i >= 0; i--) {
    if (actions.options[i].text.indexOf("once per day") >= 0) actions.selectedIndex = i;
  }
  seen.push(actions.options[actions.selectedIndex].text);
  $("act").click();
  seen.push(panel().indexOf("Actions taken today: 201/Barter at the Tidemarket") >= 0);
  $("act").click();
  seen.push(last());
  $("undo").click();
  seen.push(panel().indexOf("Actions taken today") < 0);
  document.getElementById("out").textContent = JSON.stringify(seen);
}, 0); });
</script><pre id="out"></pre>
</body>"""
    file = tmp_path / "party.html"
    file.write_text(page.replace("</body>", clicks, 1), encoding="utf-8")
    assert CHROMIUM is not None
    command = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000",
               "--dump-dom", file.as_uri()]
    dom = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True).stdout
    out = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    assert out is not None and out[1], dom[-1500:]
    seen = json.loads(html.unescape(out[1]))
    names, both, ended, day, chapter, panel, action, taken, refused, undone = seen
    assert names == [" Ailei", " Arev", " Beor", " Maggot"]  # the sample's characters, none ticked
    assert both is True and ended is True
    assert day == "Day 2 begins." and chapter == "Chapter 3A begins." and panel is True
    assert action == "Location 201: Barter at the Tidemarket (1 energy, once per day)"
    assert taken is True
    assert refused == '"Barter at the Tidemarket" is taken once per day, and was taken on day 2'
    assert undone is True


def test_the_pages_own_words_are_the_editions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Portuguese edition's page: its controls in Portuguese, and every phrase the
    player's script says (`say(...)`) in the rules' words, translated; the English page
    keeps its words. In Chromium the page ends an exploration in Portuguese."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SAMPLE, tmp_path / "src")
    built = CliRunner().invoke(cli, ["build", "src", "--lang", "pt_BR", "--web", "--no-html", "-o", "out"],
                               catch_exceptions=False)
    assert built.exit_code == 0, built.output
    page = tmp_path / "out" / "the-lantern-stones-of-caer-morwen.pt_BR" / "play.html"
    text = page.read_text(encoding="utf-8")
    assert '<html lang="pt-BR">' in text
    for control in ("Começar", "Desfazer", "Próximo dia", "Exportar", "Importar", "Folha de Registro"):
        assert f">{control}<" in text, control
    rules = re.search(r'id="tgc-rules">(.*?)</script>', text, re.S)
    assert rules is not None
    words = json.loads(rules[1])["words"]
    said = set(re.findall(r'\bsay\("([^"]+)"', (TEMPLATES / "player-ui.js").read_text(encoding="utf-8")))
    assert said and said <= set(words), said - set(words)
    assert words["Exploration ends."] == "A exploração termina."
    assert words["Day {day} begins."] == "Começa o dia {day}."
    english = player_rules(load_bundle(CAMPAIGNS / "sample.bundle.json"))["words"]
    assert isinstance(english, dict) and all(key == value for key, value in english.items())
    if CHROMIUM is not None:
        log = _log(chromium_dom(page, tmp_path, "#201.3"))
        assert log.startswith('<h3 class="verse">Local 201 · 3</h3>'), log[:200]
        assert log.endswith('<p class="ending">A exploração termina.</p>')
