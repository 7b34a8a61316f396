"""The rulesets' own parts of the web player (``RulesetSpec.page``) against their Python
players, under node: 20 Strong games and Grimslingers duels played by Python with answers
drawn from a seeded generator (wrong answers among them: a number out of range, a word no
option has), then played by the page's engine on the same answers, must give the same
transcript, line for line. The recorded transcripts replay in headless Chromium
(tests/test_web_transcripts.py); these cover the rest of the rules: every hero and boss
at every rank, dice typed in; Tall Tales and duels alone, by hand, greedy and random,
parties of one to three."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.test_transcripts import books
from tgc.bundle import schema as s
from tgc.bundle.io import dump_bundle
from tgc.bundle.markup import plain
from tgc.rulesets.grimslingers.data import Chapter, TallTale
from tgc.rulesets.grimslingers.engines import session as grim
from tgc.rulesets.grimslingers.engines.hand import Asker
from tgc.rulesets.twenty_strong.data import Box
from tgc.rulesets.twenty_strong.engines import session as deck
from tgc.rulesets.twenty_strong.engines.game import Game
from tgc.rulesets.twenty_strong.engines.policies import POLICIES

REPO = Path(__file__).resolve().parents[1]
RNG = REPO / "tgc" / "render" / "templates" / "rng.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (.ci/run installs it)")

REPLAY = """
const fs = require("fs");
for (const file of %s) require(file);
const bundle = JSON.parse(fs.readFileSync(%s, "utf8")), cases = JSON.parse(fs.readFileSync(%s, "utf8"));
const play = %s;
console.log(JSON.stringify(cases.map(function ([text, rules]) {
  const answers = text.split("\\n").filter(l => l.startsWith("> ")).map(l => l.slice(2));
  const played = play(rules ? Object.assign({}, bundle, {rules: rules}) : bundle, text, answers);
  return played.lines.join("\\n") + "\\n";
})));
"""
# Each page engine's entry, on the bundle, a transcript (its header) and the answers:
DECK = "(b, text, answers) => TgcTwentyStrong.play(b.rules, TgcTwentyStrong.readHeader(text), answers)"
SITTING = ("(b, text, answers) => TgcGrimslingers.play(b.rules, TgcGrimslingers.texts(b, {}), "
           "TgcGrimslingers.readHeader(text), answers)")


def bundle(name: str) -> s.Bundle:
    """The example compiled once for the whole run (the transcripts' tests share it)."""
    return books(REPO / "examples" / name)[0].bundle


def page_replays(tmp_path: Path, scripts: list[Path], found: s.Bundle, cases: list[str],
                 play: str, rules: list[TallTale | None] | None = None) -> list[str]:
    """Each case's answers given to the page's engine (``play``), its transcript back;
    ``rules``, case by case, plays that case on other rule data than the bundle's."""
    assert NODE is not None
    dumped, texts = tmp_path / "bundle.json", tmp_path / "cases.json"
    dumped.write_text(dump_bundle(found), encoding="utf-8")
    other = [None if r is None else json.loads(dump_bundle(found.model_copy(update={"rules": r})))["rules"]
             for r in rules or [None] * len(cases)]
    texts.write_text(json.dumps(list(zip(cases, other, strict=True))), encoding="utf-8")
    script = REPLAY % (json.dumps([str(p) for p in [RNG, *scripts]]), json.dumps(str(dumped)),
                       json.dumps(str(texts)), play)
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=120, check=True)
    replayed: list[str] = json.loads(done.stdout)
    return replayed


class Answers:
    """A player who answers each question with a number drawn from one seed (now and then
    a wrong one), reading how many options the last question had from what was written;
    ``fixed`` answers the questions that start with its keys."""

    def __init__(self, seed: int, fixed: dict[str, str]) -> None:
        self.rng, self.fixed = random.Random(seed), fixed
        self.options, self.question, self.lines = 0, "", list[str]()
        self.labels: list[str] = []

    def write(self, text: str) -> None:
        self.lines.append(text)
        if text.startswith("? "):
            self.options, self.question, self.labels = 0, text[2:], []
        elif re.match(r"  \d+\. ", text):
            self.options += 1
            self.labels.append(text.split(". ", 1)[1])

    def read(self, prompt: str) -> str:
        fixed = next((a for q, a in self.fixed.items() if self.question.startswith(q)), None)
        if fixed is not None:
            answer = fixed
        elif "die: miss, hit or crit" in self.question:
            answer = self.rng.choice(["m", "h", "c", "hit", "x"])
        elif self.rng.random() < 0.05:
            answer = self.rng.choice(["0", "x", str(self.options + 1), " 2 "])
        else:
            answer = str(self.rng.randint(1, max(1, self.options)))
        self.lines.append(f"> {answer}")
        return answer

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


@needs_node
def test_the_page_plays_20_strong_games_as_python_does(tmp_path: Path) -> None:
    box = bundle("twenty_strong").rules
    assert isinstance(box, Box)
    cases = []
    for n in range(5):
        pick = random.Random(n)
        hero = pick.choice([None, *(h.name for h in box.heroes)])
        boss = pick.choice([None, *(b.name for b in box.bosses)])
        rank, dice = 1 + n % 5, n % 3 == 2
        header = {k: v for k, v in (("hero", hero), ("boss", boss), ("rank", str(rank)), ("seed", str(n * 7)),
                                    ("dice", "asked" if dice else None)) if v is not None}
        player = Answers(n, {})
        player.lines.append(f"{deck.HEAD}{'; '.join(f'{k} {v}' for k, v in header.items())}")
        deck.play_by_hand(box, hero, boss, rank, n * 7, player.write, player.read, dice)
        cases.append(player.text())
    page = REPO / "tgc" / "rulesets" / "twenty_strong" / "page"
    got = page_replays(tmp_path, [page / "engine.js"], bundle("twenty_strong"), cases, DECK)
    for want, have in zip(cases, got, strict=True):
        assert have == want, want.splitlines()[0]
    assert all(re.search(r"\n(Won|Lost) in round \d+", c) for c in cases)
    assert any("? Roll a " in c for c in cases) and any("? Rank 4: lower a stat" in c for c in cases)


def _sitting(tale: TallTale, texts: dict[str, tuple[str, ...]], n: int, what: int) -> str:
    """A sitting: the Tall Tale (``what`` 1) or a duel alone, with duels fought by hand,
    greedy or random in turn."""
    pick = random.Random(1000 + n)
    names = [g.name for g in tale.grimslingers]
    party = tuple(pick.sample(names, pick.randint(1, min(3, len(names)))))
    fights = 1 + (n // len(tale.creatures)) % 3  # by hand, greedy, random
    player = Answers(n, {"What do you play": str(what), "How do you fight": str(fights)})
    grim.play(tale, texts, grim.Header(party if n % 4 else (), n), Asker(player.write, _quitting(player)))
    return player.text()


def _quitting(player: Answers | _Scripted, most: int = 300) -> Callable[[str], str]:
    """A player who leaves the table after ``most`` answers."""
    def read(prompt: str) -> str:
        if sum(line.startswith("> ") for line in player.lines) > most:
            player.lines.append("> :quit")
            return ":quit"
        return player.read(prompt)
    return read


class Moving(Answers):
    """A player who always moves on (never rests nor ends the session)."""

    def read(self, prompt: str) -> str:
        if self.question != "Move":
            return super().read(prompt)
        moves = [i for i, label in enumerate(self.labels, 1)
                 if " to " in label and not label.startswith("rest:")]
        answer = str(self.rng.choice(moves))
        self.lines.append(f"> {answer}")
        return answer


class GoingOn(Answers):
    """A player who never leaves the table between sessions (the last answer to "What
    now": the characters remade when that is offered) and who seldom ends one."""

    def read(self, prompt: str) -> str:
        if self.question.startswith("What now"):
            answer = str(self.options)
        elif self.question.startswith("Move") and self.rng.random() < 0.9:
            answer = str(self.rng.randint(1, max(1, self.options - 1)))  # not "end the session"
        else:
            return super().read(prompt)
        self.lines.append(f"> {answer}")
        return answer


@needs_node
def test_the_page_plays_grimslingers_sittings_as_python_does(tmp_path: Path) -> None:
    found = bundle("grimslingers")
    tale = found.rules
    assert isinstance(tale, TallTale)
    texts = {v.id: tuple(plain(op.text) for op in v.ops if op.kind == "text") for v in found.verses}
    # the sittings' seeds: 0-11 and 15 duels alone (15 is lost since La Fleur has her
    # Vampyric Abilities), 12-14 the Tall Tale
    cases = [_sitting(tale, texts, n, 2 + n % len(tale.creatures)) for n in (*range(12), 15)]
    cases += [_sitting(tale, texts, n, 1) for n in range(12, 15)]
    page = REPO / "tgc" / "rulesets" / "grimslingers" / "page"
    got = page_replays(tmp_path, [page / name for name in ("duel.js", "tale.js", "sitting.js")], found, cases,
                       SITTING)
    for want, have in zip(cases, got, strict=True):
        assert have == want, want.splitlines()[0]
    assert any("The duel is a win" in c for c in cases) and any("The duel is a lose" in c for c in cases)
    assert any("Who rides" in c for c in cases)
    assert sum("\n-- turn 2: area" in c for c in cases) == 3 and any("== part " in c for c in cases)
    assert sum(c.count("\n? Who takes ") for c in cases) >= 3
    assert any("refuses it: +3 bullets" in c for c in cases)
    assert any("\nend: session ended after " in c for c in cases)


def _tale_with(tale: TallTale, **changes: object) -> s.Bundle:
    """The sample with its Tall Tale changed (a chapter more, a skill with a price)."""
    found = bundle("grimslingers")
    return found.model_copy(update={"rules": tale.model_copy(update=changes)})


@needs_node
def test_the_page_plays_sessions_after_sessions_as_python_does(tmp_path: Path) -> None:
    """Free Roam (GS-11.1), sessions ended and continued from their record (GS-14.4), game
    over and characters remade (GS-16.9, GS-11.6), items taken or refused (GS-16.1,
    GS-6.10) and the passive space (GS-3.9); chapter one's recorded answers on the sample
    with a second chapter, begun with the same or remade characters (items kept,
    GS-16.3); a skill, a signature spell or a tracker's upgrade bought with PP on a
    landmark (GS-11.5): the page's transcripts are Python's."""
    found = bundle("grimslingers")
    tale = found.rules
    assert isinstance(tale, TallTale)
    texts = {v.id: tuple(plain(op.text) for op in v.ops if op.kind == "text") for v in found.verses}
    roam, names = 2 + len(tale.creatures), [g.name for g in tale.grimslingers]
    roaming = []
    for n, seed in ((0, 20), (1, 25)):  # 25: a game over, since La Fleur can resist
        player: Answers = GoingOn(seed, {"What do you play": str(roam), "How do you fight": "3"})
        grim.play(tale, texts, grim.Header(tuple(names[n:n + 3]), seed),
                  Asker(player.write, _quitting(player, 150)))
        roaming.append(player.text())
    two = _tale_with(tale, chapters=(*tale.chapters, Chapter(number=2, title="Ash")))
    recorded = REPO / "examples" / "grimslingers" / "playtests" / "chapter-one.transcript"
    header, answers = grim.read_transcript(recorded.read_text(encoding="utf-8"))
    chapters = []
    for then in ("2", "3"):  # chapter 2 with the same characters, or remade
        player = Answers(int(then), {"How do you fight": "2"})
        scripted = _Scripted(player, [*answers, then])
        grim.play(two, texts, header, Asker(player.write, _quitting(scripted, 230)))
        chapters.append(player.text())
    kipper = next(c for c in tale.cards if c.kind == "skill" and c.owner == "Kipper")
    whiskers = kipper.model_copy(update={"name": "Tin Whiskers", "pp": 6})
    priced = _tale_with(tale, cards=(*tale.cards, whiskers))
    buying = []
    for n in range(3):
        player = Moving(40 + n, {"What do you play": "1", "How do you fight": "2"})
        grim.play(priced, texts, grim.Header(("Kipper",), 40 + n), Asker(player.write, _quitting(player, 60)))
        buying.append(player.text())
    page = REPO / "tgc" / "rulesets" / "grimslingers" / "page"
    scripts = [page / name for name in ("duel.js", "tale.js", "sitting.js")]
    rules = [None] * len(roaming) + [two] * len(chapters) + [priced] * len(buying)
    got = page_replays(tmp_path, scripts, found, roaming + chapters + buying, SITTING, rules)
    for want, have in zip(roaming + chapters + buying, got, strict=True):
        assert have == want, want.splitlines()[0]
    assert all("\nThe Lantern Road, Free Roam: " in c for c in roaming)
    assert sum(c.count("\n  session record: area ") for c in roaming) >= 4
    assert any("\nend: game over after " in c for c in roaming)
    assert any("~ the characters are remade" in c for c in roaming)
    assert any(" (to the passive space)" in c for c in roaming)
    for c in chapters:
        assert "\nThe Lantern Road, chapter 2 \"Ash\": Kipper, Luella, Nyunyo;" in c
    assert "~ the characters are remade" in chapters[1] and "remade" not in chapters[0].split("> 2")[-1]
    assert any("~ Kipper buys Tin Whiskers: " in c or "~ Kipper buys Cinder Lash: " in c for c in buying)
    assert any(re.search(r"~ Kipper buys [A-Za-z ]+: \d+ PP left; [a-zA-Z ]+ now \d+", c) for c in buying)


def _tale_with(tale: TallTale, **changes: object) -> TallTale:
    """The sample's Tall Tale changed (a chapter more, a skill with a price)."""
    return tale.model_copy(update=changes)


class _Scripted:
    """Answers given in order, then ``then``'s (a recorded game, then a seeded player)."""

    def __init__(self, then: Answers, first: list[str]) -> None:
        self.then, self.first, self.lines = then, iter(first), then.lines

    def read(self, prompt: str) -> str:
        answer = next(self.first, None)
        if answer is None:
            return self.then.read(prompt)
        self.lines.append(f"> {answer}")
        return answer


@needs_node
def test_the_page_resolves_instant_items_between_duels_as_python_does(tmp_path: Path) -> None:
    """An Instant item a story part gives (GS-3.6, GS-10.8): Unstable Dynamite going off or
    kept, a heal, one for the whole party, one aimed at a foe who is not there, one with a
    choice the players make at the table; taken by Kipper or by Nyunyo, or refused."""
    from tests.test_gs_tale_instants import _opening

    found = bundle("grimslingers")
    texts = {v.id: tuple(plain(op.text) for op in v.ops if op.kind == "text") for v in found.verses}
    items = ("Unstable Dynamite", "Quick Tonic", "Round of Whiskey", "Stray Shot", "Tumbleweed Letter")
    cases, rules = [], []
    for n in range(12):
        opened = _opening(items[n % len(items)])
        player = Answers(60 + n, {"What do you play": "1", "How do you fight": "2", "Move": "1"})
        party = ("Kipper", "Nyunyo") if n % 2 else ("Kipper",)
        grim.play(opened, texts, grim.Header(party, 60 + n), Asker(player.write, _quitting(player, 30)))
        cases.append(player.text())
        rules.append(opened)
    page = REPO / "tgc" / "rulesets" / "grimslingers" / "page"
    got = page_replays(tmp_path, [page / name for name in ("duel.js", "tale.js", "sitting.js")], found, cases,
                       SITTING, rules)
    for want, have in zip(cases, got, strict=True):
        assert have == want, want.splitlines()[0]
    assert sum(", an Instant item: it resolves at once\n" in c for c in cases) >= 8
    assert any("Unstable Dynamite goes to the item discard pile" in c for c in cases)
    assert any("? Kipper: card 1 of 1 to discard" in c for c in cases)


POLICED = ("(b, text, answers) => TgcTwentyStrong.play(b.rules, TgcTwentyStrong.readHeader(text), [], "
           "/; policy (\\w+)/.exec(text)[1])")


@needs_node
def test_the_pages_policies_play_20_strong_games_as_python_does(tmp_path: Path) -> None:
    """`tgc play --fights greedy` (and ``random``) in the page (policies.js): every hero
    against every boss by greedy (ranks 1 to 5 in turn) and six of them by random (ranks
    1, 3 and 5), played by Python's policies (greedy through the engine's fast paths) and
    by the page's, whose engine asks each decision: every line of each game's log is the
    same."""
    box = bundle("twenty_strong").rules
    assert isinstance(box, Box)
    cases, results = [], set()
    pairs = [(h.name, b.name) for h in box.heroes for b in box.bosses]
    for policy, ranks, games in (("greedy", (1, 2, 3, 4, 5), pairs), ("random", (1, 3, 5), pairs[::3])):
        for n, (hero, boss) in enumerate(games):
            rank = ranks[n % len(ranks)]
            lines = [f"{deck.HEAD}hero {hero}; boss {boss}; rank {rank}; seed {n}; policy {policy}"]
            game = Game(box, POLICIES[policy](), n, log=lines.append)
            game.setup(hero=hero, boss=boss, rank=rank)
            results.add((policy, game.play().result))
            cases.append("\n".join(lines) + "\n")
    got = page_replays(tmp_path, [REPO / "tgc" / "rulesets" / "twenty_strong" / "page" / name
                                  for name in ("engine.js", "policies.js")], bundle("twenty_strong"), cases,
                       POLICED)
    for want, have in zip(cases, got, strict=True):
        assert have == want, want.splitlines()[0]
    assert results == {("greedy", "win"), ("greedy", "lose"), ("random", "lose")}


NIGHT_GIFTS = REPO / "tests" / "cases" / "grimslingers" / "night-gifts"


class Feasting(Answers):
    """A player who feasts half the time it is offered (Feast draws from the Fate cards
    not laid out in the area, GS-A25)."""

    def read(self, prompt: str) -> str:
        if "Feast (both actions)" not in self.labels or self.rng.random() < 0.5:
            return super().read(prompt)
        answer = str(self.labels.index("Feast (both actions)") + 1)
        self.lines.append(f"> {answer}")
        return answer


@needs_node
def test_the_page_uses_abilities_at_every_timing_as_python_does(tmp_path: Path) -> None:
    """GS-6.7's parts at each timing (tests/cases/grimslingers/night-gifts: a Standoff heal
    and shield, a lower RN and extra power used with the card played, DMG prevented as
    it lands, one part hitting back; Kipper's and Luella's shields, hers raised by her
    stage; a card that only heals, kept at full HP; a combine card at its main card's
    RN, GS-A37; a copy that pays the copied card's cost, GS-A9; costs inside FX and
    inside a choice, GS-A14) in duels alone with La Fleur, alone, with Kipper, with Luella
    and with Nyunyo, fought by hand, greedy and random, and in six of its Tall Tales,
    where Hot Coal goes off at the party's table (resisted, or felling her and discarded
    all the same) and Feast draws from the Fate cards not laid out (GS-A25): the page's
    transcripts are Python's, every question and note."""
    found = books(NIGHT_GIFTS)[0].bundle
    tale = found.rules
    assert isinstance(tale, TallTale)
    texts = {v.id: tuple(plain(op.text) for op in v.ops if op.kind == "text") for v in found.verses}
    cases = []
    parties = (("La Fleur",), ("La Fleur", "Kipper"), ("La Fleur", "Luella"), ("La Fleur", "Nyunyo"))
    for n in range(30):
        what = 1 if n >= 24 else 2 + (n // 12) % len(tale.creatures)
        player = Feasting(80 + n, {"What do you play": str(what), "How do you fight": str(1 + (n // 4) % 3)})
        party = parties[n % 4]
        grim.play(tale, texts, grim.Header(party, 80 + n), Asker(player.write, _quitting(player)))
        cases.append(player.text())
    page = REPO / "tgc" / "rulesets" / "grimslingers" / "page"
    got = page_replays(tmp_path, [page / name for name in ("duel.js", "tale.js", "sitting.js")], found, cases,
                       SITTING)
    for want, have in zip(cases, got, strict=True):
        assert have == want, want.splitlines()[0]
    every = "\n".join(cases)
    for said in ("La Fleur uses Regenerate (Night Gifts) in the Standoff",
                 "La Fleur uses Mist Form (Night Gifts) in the Standoff",
                 "La Fleur uses Quickened Blood (Night Gifts) with ",
                 "La Fleur uses Red Fury (Night Gifts) with ",
                 "La Fleur uses Thick Skin (Night Gifts) as the DMG lands",
                 "La Fleur uses Thorn Hide (Night Gifts) as the DMG lands",
                 "DMG to La Fleur is prevented", "La Fleur cannot pay for ",
                 "? Use with Fang\n  1. nothing more\n"
                 "  2. Red Fury (Night Gifts, cost 2 blood): +1 nv to played card\n"
                 "  3. Quickened Blood (Night Gifts, cost 1 blood): rn -3",
                 "  2. use Thick Skin (Night Gifts, cost 4 blood): prevent 4 dmg",
                 "  2. use Thorn Hide (Night Gifts, cost 1 blood): prevent 1 dmg; 1 dmg",
                 "La Fleur draws Hot Coal, an Instant item: it resolves at once",
                 "Kipper uses Tin Hide (Tin Hide) in the Standoff", "DMG to Kipper is prevented",
                 "Luella uses Veil (Veil) in the Standoff",
                 "2 DMG to Luella is prevented",  # Veil's 1, conflicted: +1 NV
                 "? Nyunyo: which of your RN 2 cards resolves first",  # GS-A37
                 "Grave Hound copies EARTH",  # paying its 1 EP (GS-A9)
                 "chooses: pay 2 ep", "Dusk Bats reveals Toll"):  # a cost inside FX (GS-A14)
        assert said in every, said
    assert re.search(r"La Fleur plays \w+ \(RN [1-6]\)", every)  # an RN lowered
    assert re.search(r"\? La Fleur: \d DMG lands from (Dusk Bats|Grave Hound)\n", every)
    assert re.search(r"La Fleur draws Hot Coal.*\n(.*\n){0,12}.*as the DMG lands", every)
    tales = "\n".join(cases[24:])
    assert "La Fleur feasts: " in tales  # in a Tall Tale: from the cards not laid out (GS-A25)
    # Hot Coal that fells its taker is discarded all the same (GS-10.8)
    assert re.search(r"  La Fleur is defeated\n(.*\n){0,3}  Hot Coal goes to the item discard pile\n", every)
