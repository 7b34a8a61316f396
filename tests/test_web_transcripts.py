"""The conformance runner of issue 16: every recorded transcript (the sample's playtests,
the play cases, the examples') replayed in the built web player in headless Chromium,
one browser for all of them. Each transcript's inputs are given to the page's own
controls (its choice buttons, Win / Lose / Avoid, Yes / No, Explore it, Take the action,
the party picker; dice and coins typed in from the transcript's record), and what the
page shows must be what `tgc play` printed, input by input: the verses under their
printed numbers, the prose, the endings, the choices offered and as many rules applied.
A transcript the page cannot play (a `tgc play` command with no control in the page,
fights played card by card, a ruleset that plays its own way without a page part for it)
is named with the reason, and the runner checks that reason holds, so a transcript is
never skipped silently. A ruleset's own transcripts (20 Strong's games) replay in the
ruleset's own part of the page (``RulesetSpec.page``), every line compared."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.player.devtools import Browser
from tests.test_own_pages import Answers
from tests.test_transcripts import TRANSCRIPTS, books, campaign_root
from tgc import rulesets
from tgc.bundle import schema as s
from tgc.cli.main import cli
from tgc.playtest.output import Line
from tgc.playtest.seam import game_player, transcript_player
from tgc.playtest.session import Session
from tgc.render.web import render_player
from tgc.rulesets.twenty_strong.data import Box
from tgc.rulesets.twenty_strong.engines import session as deck
from tgc.rulesets.twenty_strong.engines.policies import POLICIES
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.campaign import CampaignLayer, campaign_for
from tgc.runtime.rng import Rng

REPO = Path(__file__).resolve().parents[1]
REPLAY = Path(__file__).parent / "player" / "replay.js"
OWN = Path(__file__).parent / "player" / "own.js"
VERSE_GAME = Path(__file__).parent / "player" / "verse-game.js"
CLICKED = 8  # a game of a ruleset's own: its last answers are given through the page's buttons
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# tgc play's endings, each as the page words it (a game over: "Game over." against the
# page's "The game is over.")
ENDINGS = {"Exploration ends.": "Exploration ends.", "The chapter ends.": "The chapter ends.",
           "Game over.": "The game is over."}
PAGE_COMMANDS = (":enter", ":act", ":state", ":day", ":chapter", ":set", ":unset", ":goto", ":undo", ":save",
                 ":load", ":give")
EDITS = (":set", ":unset", ":give")  # what tgc play says after one is compared, word for word
SAID = (*EDITS, ":undo", ":save", ":load")  # a reply of its own (the page's Save box, its Undo say none)
# the ruleset's own commands the page has (RulesetSpec.story_page: Tainted Grail's `:advance`)
PAGE_OWN = ("Object.keys(TgcPlayer.commandsOf(JSON.parse(document.getElementById('tgc-bundle').textContent), "
            "JSON.parse(document.getElementById('tgc-rules').textContent)))")
# how the page may play fights (its Fights box: `ask`, and the modes a ruleset's page adds)
PAGE_FIGHTS = ("Array.prototype.map.call(document.getElementById('fights').options, "
               "function (o) { return o.value; })")
LOCKED = re.compile(r"  -  (.*?) \(locked: .*\)")
# an encounter or game that `--fights hand`, `auto` or `greedy` settled (its outcome line)
FOUGHT = re.compile(r"^  ~ .+: (?:win|lose|avoid)$", re.MULTILINE)
# a fight played in the story (`--fights hand`, `auto`, a policy): the line that starts it,
# and the one that ends it with its outcome; every line between them is compared as it is
STARTED = re.compile(r"  ~ (encounter .*?)(: (?:win|lose|avoid))?")
CHOICE = re.compile(r"  \d+\. (.*)")
ICON = re.compile(r"\[[a-z_]+\]|:[a-z][a-z_]*:")
RULE = re.compile(r"\[[A-Z]+-\d+\] ")  # a line of a campaign layer's, in a reading: `[GRD-1] ...`
# The transcripts the page replays today (docs/web-player.md says why the others wait):
# one of them turning unplayable fails the runner.
REPLAYED = {
    "journal_src/playtests/start.transcript", "journal_src/playtests/201-caer-morwen.transcript",
    "journal_src/playtests/204-gallows-ford.transcript",
    "journal_src/playtests/206-saltcliff-watchtower.transcript",
    "journal_src/playtests/207-drowned-chapel.transcript", "journal_src/playtests/208-hollow-tor.transcript",
    "journal_src/playtests/209-smugglers-stair.transcript", "journal_src/playtests/210-sunken-way.transcript",
    "journal_src/playtests/trigger-oath.transcript", "journal_src/playtests/202-greyreed-mere.transcript",
    "journal_src/playtests/203-weeping-orchard.transcript",
    "journal_src/playtests/205-nine-barrows.transcript",
    "tests/cases/play/tiny/playtests/state-file.transcript",
    "examples/twenty_strong/story-told.transcript",
    "journal_src/playtests/save-and-load.transcript", "journal_src/playtests/trigger-vigil.transcript",
    "tests/cases/play/tiny/playtests/asked-dice.transcript",
    "tests/cases/play/tiny/playtests/lanes.transcript", "tests/cases/play/tiny/playtests/toll.transcript",
    "journal_src/playtests/211-beacon-stair.transcript", "journal_src/playtests/212-wyrm-hollow.transcript",
    "journal_src/playtests/advance.transcript",
    "journal_src/playtests/fight-by-hand.transcript", "journal_src/playtests/fight-by-policy.transcript",
    # campaigns played by their days (the ruleset's campaign layer in the page)
    "journal_src/playtests/campaign-three-days.transcript",
    "journal_src/playtests/campaign-co-op-death.transcript",
    "tests/cases/play/days/playtests/last-light.transcript",
    "tests/cases/play/days/playtests/three-days.transcript",
    "examples/twenty_strong/story-greedy.transcript",
}


@dataclass
class Transcript:
    """A transcript read for the page: its header, inputs, the rolls and tosses it
    recorded, and what it shows after the start and after each input."""

    path: Path
    header: dict[str, str]
    inputs: list[str] = field(default_factory=list)
    shown: list[list[tuple[str, str]]] = field(default_factory=lambda: [[]])
    rolls: list[int] = field(default_factory=list)
    tosses: list[str] = field(default_factory=list)


def read(path: Path, bundle: s.Bundle, commands: frozenset[str] = frozenset()) -> Transcript:
    """The transcript as the page can show it; after an edit, a `:give` or one of the
    ruleset's ``commands`` (by name, no colon), its reply too, every row of it. In a
    campaign played by its days (`# mode: campaign`) the campaign layer's lines too, as
    they are: the opening map, each layer command's reply and its `[RULE-N]` lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header: dict[str, str] = {}
    at = 1
    while at < len(lines) and lines[at].startswith("# ") and ": " in lines[at]:
        key, _, value = lines[at][2:].partition(": ")
        header[key] = value
        at += 1
    out = Transcript(path, header)
    layer = campaign_layer(bundle, header)
    replying = layer is not None  # the layer's lines until the next blank line: first, the opening
    verses = printed(bundle)
    prose: list[str] = []
    verse: s.Verse | None = None
    typed = said = edited = rows = fighting = False

    def add(kind: str, text: str) -> None:
        out.shown[-1].append((kind, text))

    def flush() -> None:
        if prose:
            text = " ".join(prose)
            if text in ENDINGS:
                add("ending", ENDINGS[text])
            else:
                add("prose", normal(text))
            prose.clear()

    while at < len(lines) and not lines[at].strip():
        at += 1
    for line in lines[at:]:
        if layer is not None and not line.startswith(("> ", "#", "== ", "  ~ ")) and line.strip() and \
                (replying or RULE.match(line)):
            flush()
            add("campaign", line)
            continue
        replying = replying and bool(line.strip())
        if line.startswith("> "):
            flush()
            out.inputs.append(line[2:])
            out.shown.append([])
            typed = line[2:].split()[0] in ("roll", "toss")  # the echo that follows is not the record's
            command = line[2:].split()[0]
            replying = layer is not None and command.startswith(":") and layer.has(command[1:].casefold())
            rows = command.startswith(":") and command[1:].casefold() in commands
            said = command in SAID or rows
            edited = command in EDITS or rows
        elif said and line.strip() and not line.startswith(" "):
            if edited:
                add("info", line)
        elif said and rows and line.startswith("  "):  # a ruleset command's reply, row by row
            add("info", line)
        elif fighting and (line.startswith(("  | ", "? ")) or (
                line.startswith("  ") and not line.startswith("  ~ ") and CHOICE.fullmatch(line) is None)):
            flush()  # a fight's log, its rows and its prompt, word for word
            add("fight", line.removeprefix("  "))
        elif (locked := LOCKED.fullmatch(line)) is not None:
            flush()
            add("locked", normal(locked[1]))
        elif not line.strip() or line.startswith("#"):
            said = False
            flush()
        elif line.startswith("== "):
            flush()
            verse = verses[line[3:].split(" (")[0]]
            add("verse", heading(bundle, verse))
        elif line.startswith("= ") and verse is not None:
            flush()
            add("verse", heading(bundle, verse) + " · " + line[2:])
        elif line.startswith("  ~ "):
            flush()
            if (roll := re.fullmatch(r"  ~ roll \S+: ([\d +]+)(?:,.*)? = \d+|  ~ roll \S+: (\d+)", line)):
                if not typed:
                    out.rolls.append(sum(int(face) for face in (roll[1] or roll[2]).split("+")))
                typed = False
            elif (toss := re.fullmatch(r"  ~ toss: (heads|tails)", line)) is not None:
                if not typed:
                    out.tosses.append(toss[1])
                typed = False
            elif fighting and STARTED.fullmatch(line) is None:
                add("fight", line.removeprefix("  "))  # what the fight wrote back to the state
            else:
                add("effect", "")
                started = STARTED.fullmatch(line)
                fighting = started is not None and started[2] is None
        elif (choice := CHOICE.fullmatch(line)) is not None:
            flush()
            add("choice", normal(_costless(choice[1])))
        elif line.startswith((" ", "? ", "! ", "| ")):
            flush()
        else:
            prose.append(line.strip())
    flush()
    return out


def campaign_layer(bundle: s.Bundle, header: dict[str, str]) -> CampaignLayer | None:
    """The campaign layer of a transcript played by its days (None: not one), to ask
    which commands are the layer's."""
    if header.get("mode") != "campaign":
        return None
    return campaign_for(Book(bundle), [], rng=Rng(0), ruleset=None)


def heading(bundle: s.Bundle, verse: s.Verse) -> str:
    """The page's heading of a verse: ``Location 201 · 3``, ``Secret Verse · 12``."""
    section = next(sec for sec in bundle.sections if sec.name == verse.section)
    name = {"location": f"Location {verse.section}", "bos": "Secret Verse"}.get(section.role, section.title)
    return f"{name} · {verse.printed}"


def normal(text: str) -> str:
    """Text as both sides can show it: no icons (a glyph on the page, ``[word]`` in a
    transcript), no inline markup, single spaces."""
    text = ICON.sub("", text).replace("**", "").replace("\\", "")
    text = re.sub(r"(?<![\w])_([^_]+)_(?![\w])", r"\1", text)
    return " ".join(text.split())


def _costless(text: str) -> str:
    """A choice without its costs, which each side words its own way."""
    return re.sub(r" \((pay |\d)[^()]*\)$", "", text)


def page_shows(segment: dict[str, Any], edit: bool = False) -> list[tuple[str, str]]:
    """What the page showed in one step, as ``read`` reads a transcript (after an ``edit``,
    a `:set` or `:unset`, what it said too)."""
    out: list[tuple[str, str]] = []
    for kind, text in segment["shown"]:
        if kind == "info" and edit:
            out.append(("info", text))
        elif kind == "verse":
            out.append(("verse", text))
        elif kind == "prose":
            if out and out[-1][0] == "prose":
                out[-1] = ("prose", out[-1][1] + " " + normal(text))
            else:
                out.append(("prose", normal(text)))
        elif kind == "ending":
            out.append(("ending", text))
        elif kind == "effect" and not text.endswith(": its trigger fires"):
            out.append(("effect", ""))
        elif kind == "error":
            out.append(("error", text))
        elif kind == "fight":
            out.append(("fight", text))
        elif kind == "campaign":
            out.append(("campaign", text))
    for answer in segment["answers"]:
        if (choice := re.fullmatch(r"\d+\. (.*)", answer)) is not None:
            out.append(("choice", normal(_costless(choice[1]))))
    for text in segment["locked"]:
        locked = re.fullmatch(r"Locked: (.*) \((?:locked|costs [^()]*\([^()]*\))\)", text)
        assert locked is not None, text
        out.append(("locked", normal(locked[1])))
    return out


def joined(shown: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Consecutive prose paragraphs as one (the transcript wraps, the page sets each line)."""
    out: list[tuple[str, str]] = []
    for kind, text in shown:
        if kind == "prose" and out and out[-1][0] == "prose":
            out[-1] = ("prose", out[-1][1] + " " + text)
        else:
            out.append((kind, text))
    return out


def unplayable(transcript: Transcript, bundle: s.Bundle, commands: frozenset[str] = frozenset(),
               fights: frozenset[str] = frozenset({"ask"})) -> str | None:
    """Why the page cannot replay this transcript (None: it can); ``commands``: the
    ruleset's own commands the page has; ``fights``: the fight modes its Fights box offers."""
    text = transcript.path.read_text(encoding="utf-8")
    if transcript_player(bundle, text) is not None and not rulesets.get(bundle.campaign.ruleset).page:
        return f"{bundle.campaign.ruleset} plays this transcript with its own player, which the page lacks"
    mode = transcript.header.get("fights", "ask")
    if mode not in fights and FOUGHT.search(text):  # how fights are played matters only when one is met
        has = ", ".join(sorted(fights))
        return f"`fights: {mode}`: the page's Fights box has no such mode (it has {has})"
    declared = {m.name for m in bundle.rules.members()} if bundle.rules is not None else set()
    party = [name.strip() for name in transcript.header.get("party", "").split(",") if name.strip()]
    if declared and not set(party) <= declared:
        return f"`party: {transcript.header['party']}`: the page's picker offers declared characters only"
    layer = campaign_layer(bundle, transcript.header)
    start = transcript.header.get("start")
    known = start is not None and (start.isdigit() or start in printed(bundle) or start in named(bundle)
                                   or start == "none")
    if not known and (layer is None or start is not None):  # by its days: no `start:`
        return f"`start: {start}`: the page begins at a location, a verse, or none (New game)"
    for line in transcript.inputs:
        command = line.split()[0]
        own = command[1:].casefold() in commands or (layer is not None and layer.has(command[1:].casefold()))
        if command.startswith(":") and command not in PAGE_COMMANDS and not own:
            return f"`{line}`: a `tgc play` command the page has no control for"
    return None


def plan(transcript: Transcript, bundle: s.Bundle) -> dict[str, Any]:
    start = transcript.header.get("start", "")
    if start in named(bundle):  # a verse by its name: the page links by printed number
        start = named(bundle)[start]
    state = transcript.header.get("state")
    party = [name.strip() for name in transcript.header.get("party", "").split(",") if name.strip()]
    return {
        "party": party, "inputs": transcript.inputs, "rolls": transcript.rolls, "tosses": transcript.tosses,
        "start": ({"days": True} if transcript.header.get("mode") == "campaign"  # --campaign
                  else {"location": int(start)} if start.isdigit() else {"none": True} if start == "none"
                  else {"hash": start}),
        "state": (transcript.path.parent / state).read_text(encoding="utf-8") if state else None,
        "words": {"heads": "Heads", "tails": "Tails", "yes": "Yes", "no": "No"},
        "locked": transcript.header.get("locked") == "shown",
        "seed": int(transcript.header.get("seed", "0")),
        "fights": transcript.header.get("fights", "ask"),
    }


def named(bundle: s.Bundle) -> dict[str, str]:
    """Each verse by its id (``208.menhir``) to its printed name (``208.8``)."""
    return {v.id: f"{v.section}.{v.printed}" for v in bundle.verses}


def printed(bundle: s.Bundle) -> dict[str, s.Verse]:
    """Each verse by its section and printed number (``201.9``), as transcripts and the
    page's deep links name it."""
    return {f"{v.section}.{v.printed}": v for v in bundle.verses}


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Any:
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    chromium = Browser(CHROMIUM, tmp_path_factory.mktemp("chromium"))
    yield chromium
    chromium.close()


def test_every_transcript_plays_in_the_web_player_as_in_tgc_play(browser: Browser, tmp_path: Path) -> None:
    replay = REPLAY.read_text(encoding="utf-8")
    pages: dict[Path, Path] = {}
    commands: dict[Path, frozenset[str]] = {}  # each campaign's ruleset commands in the page
    fights: dict[Path, frozenset[str]] = {}  # and the fight modes its page offers
    played, skipped, failures = [], {}, []
    for run, path in enumerate(TRANSCRIPTS):
        root = campaign_root(path)
        bundle = books(root)[0].bundle
        own = transcript_player(bundle, path.read_text(encoding="utf-8")) is not None
        if not own and root not in pages:
            pages[root] = tmp_path / f"play-{len(pages)}.html"
            pages[root].write_text(render_player(bundle), encoding="utf-8")
            browser.open(f"{pages[root].as_uri()}?commands", "window.TgcPlayer")
            commands[root] = frozenset(browser.evaluate(PAGE_OWN))
            fights[root] = frozenset(browser.evaluate(PAGE_FIGHTS))
        transcript = Transcript(path, {}) if own else read(path, bundle, commands[root])
        reason = unplayable(transcript, bundle, commands.get(root, frozenset()),
                            fights.get(root, frozenset({"ask"})))
        name = path.relative_to(REPO).as_posix()
        if own and reason is None:
            continue  # the ruleset's own page plays it: the test below
        if reason is not None:
            skipped[name] = reason
            continue
        steps = plan(transcript, bundle)
        hash_ = "#" + steps["start"]["hash"] if "hash" in steps["start"] else ""
        # a query of its own: a new document each time (only the hash changed, Chromium
        # would move within the last one, and fire no load)
        browser.open(f"{pages[root].as_uri()}?run={run}{hash_}", "window.TgcPlayer")
        try:
            segments = browser.evaluate(f"({replay})({json.dumps(steps)})")
        except RuntimeError as err:
            failures.append(f"{name}: {err}")
            continue
        for n, (want, got) in enumerate(zip(transcript.shown, segments, strict=True)):
            said = transcript.inputs[n - 1].split()[0] if n > 0 else ""
            edit = said in EDITS or (said.startswith(":") and said[1:].casefold() in commands[root])
            if joined(want) != joined(page_shows(got, edit)):
                after = "the start" if n == 0 else repr(transcript.inputs[n - 1])
                failures.append(f"{name}, after {after}:\n"
                                f"  tgc play: {joined(want)}\n  the page: {joined(page_shows(got, edit))}\n"
                                f"  its save sheet: {got['panel']}")
                break
        played.append(name)
    assert not failures, "\n".join(failures)
    print(f"{len(played)} replayed, {len(skipped)} the page cannot play:", json.dumps(skipped, indent=1))
    assert REPLAYED <= set(played), REPLAYED - set(played)


def test_every_game_of_a_ruleset_that_plays_its_own_way_plays_in_its_page(browser: Browser,
                                                                          tmp_path: Path) -> None:
    """A transcript that a ruleset's own player replays (`tgc play --script` hands it to
    ``RulesetSpec.play``: a 20 Strong game, a Grimslingers sitting) replays in that
    ruleset's own part of the page (``RulesetSpec.page``, tgc/render/templates/own.js): the
    page's engine, seeded as the header says, draws what Python's ``random.Random`` draws,
    and the page shows the transcript's every line, its last answers given by clicking
    the page's own buttons. Every one of them replays."""
    own = OWN.read_text(encoding="utf-8")
    played, pages = [], {}
    for path in TRANSCRIPTS:
        root = campaign_root(path)
        bundle = books(root)[0].bundle
        text = path.read_text(encoding="utf-8")
        if transcript_player(bundle, text) is None or not rulesets.get(bundle.campaign.ruleset).page:
            continue
        name = path.relative_to(REPO).as_posix()
        if root not in pages:
            pages[root] = tmp_path / f"own-{len(pages)}.html"
            pages[root].write_text(render_player(bundle), encoding="utf-8")
        browser.open(pages[root].as_uri(), "document.querySelector('[data-own=\"replay\"]')")
        lines = text.splitlines()
        answers = [n for n, line in enumerate(lines) if line.startswith("> ")]
        cut = answers[-min(CLICKED, len(answers))]
        plan = {"head": "\n".join(lines[:cut]) + "\n",
                "answers": [line[2:] for line in lines[cut:] if line.startswith("> ")]}
        shown = browser.evaluate(f"({own})({json.dumps(plan)})")
        assert shown["lines"] == lines, f"{name}: the page differs from tgc play"
        assert shown["transcript"] == text, f"{name}: the page's transcript differs"
        played.append(name)
    assert len(played) == 5, played  # 20 Strong's three games, Grimslingers' two sittings



def _verse_game(book: Book, seed: int, choice: str, player: Answers | None) -> tuple[str, str, list[str]]:
    """A verse's game as `tgc play --seed SEED` plays it by hand (cli/play.py's
    _verse_game): the story's next draw is the game's seed, the ruleset's player plays it
    on ``player``'s answers (None: the answers the greedy policy gives), the story follows
    the outcome. The game's transcript (as `tgc play --script` replays it), its outcome
    and the story's prose after it."""
    shown: list[Line] = []
    session = Session(book, shown.append, seed=seed)
    session.start(None)
    session.handle(choice)
    waiting = session.story.waiting
    assert isinstance(waiting, ev.EncounterStarted) and waiting.encounter.game is not None
    games = game_player(book.bundle)
    assert games is not None and isinstance(book.bundle.rules, Box)
    game_seed = session.story.rng.pick(range(1 << 31))
    header = {a.key: str(a.value) for a in waiting.encounter.game.args} | {"seed": str(game_seed)}
    if player is None:
        transcript, played = deck.transcript_of(book.bundle.rules, header, POLICIES["greedy"]())
        outcome = played.result
    else:
        player.lines.append(deck.HEAD + "; ".join(f"{k} {v}" for k, v in header.items()))
        found = games.play_game(book.bundle, waiting.encounter.game, game_seed, False, player.write,
                                player.read)
        assert found is not None
        transcript, outcome = player.text(), found
    shown.clear()
    session.handle(outcome)
    return transcript, outcome, [line.text for line in shown if line.kind == "prose"]


def test_a_game_a_verse_starts_is_played_in_the_page_as_tgc_play_plays_it(browser: Browser,
                                                                          tmp_path: Path) -> None:
    """20 Strong's story (`~ twenty-strong hero ... boss ... rank N: win -> ...; lose ->
    ...`): "Play the game by hand" plays the game in 20 Strong's part of the page, its seed
    the story generator's next draw, as `tgc play --seed N` plays it by default; the game's
    every line is the one `tgc play` prints for the same answers (the CLI is run once, on
    the game with wrong answers among them), its Transcript box replays with `tgc play
    --script`, and the story goes on down the outcome's arm."""
    root = REPO / "examples" / "twenty_strong"
    book = books(root)[0]
    page = tmp_path / "story.html"
    page.write_text(render_player(book.bundle), encoding="utf-8")
    script = VERSE_GAME.read_text(encoding="utf-8")
    outcomes = set()
    for seed, choice, player in ((18, "1", None), (21, "2", Answers(21, {}))):  # won, lost
        transcript, outcome, after = _verse_game(book, seed, choice, player)
        outcomes.add(outcome)
        header, answers = deck.read_transcript(transcript)
        assert deck.replay(book.bundle.rules, header, iter(answers)) == transcript
        if player is not None:
            _same_in_tgc_play(root, seed, choice, transcript, after)
        browser.open(page.as_uri(), "document.getElementById('deck-game')")
        plan = {"seed": seed, "choice": choice, "answers": answers}
        shown = browser.evaluate(f"({script})({json.dumps(plan)})")
        assert shown["transcript"] == transcript, f"seed {seed}: the page's game is not tgc play's"
        assert shown["lines"] == transcript.splitlines()
        assert not shown["waiting"], f"seed {seed}: the story still waits on the game"
        story = [" ".join(x.split()) for x in shown["story"]]
        resolved = story.index(f"Encounter: {outcome}")
        assert [x for x in story[resolved:] if x in after] == after, story[resolved:]
    assert outcomes == {"win", "lose"}


def _same_in_tgc_play(root: Path, seed: int, choice: str, transcript: str, after: list[str]) -> None:
    """`tgc play ROOT --seed SEED` given the choice and the game's answers prints the
    game's every line, then the outcome's arm."""
    answers = [line[2:] for line in transcript.splitlines() if line.startswith("> ")]
    typed = "".join(f"{a}\n" for a in [choice, *answers, ":quit"])
    played = CliRunner().invoke(cli, ["play", str(root), "--seed", str(seed)], input=typed)
    assert played.exit_code == 0, played.output
    said, at = " ".join(played.stdout.split()), 0
    game = [line for line in transcript.splitlines()[1:] if not line.startswith("> ")]
    for line in [*game, *after]:  # every line of the game, then the arm, in order
        at = said.index(" ".join(line.split()), at)
