"""The printed pages (tgc/render): golden HTML for a small campaign, escaping of author
text, determinism, rendering from a bundle file alone, and every verse of the sample
campaign under its printed number."""

from __future__ import annotations

import doctest
import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.bundle_helpers import CAMPAIGNS, REPO, SAMPLE, compile_dir
from tests.golden import Golden
from tgc.bundle import schema as s
from tgc.bundle.io import dump_bundle, load_bundle, parse_bundle
from tgc.cli.main import cli
from tgc.render import FILES, RenderError, render_site, write_site
from tgc.render import inline as inline_module
from tgc.render import view as view_module
from tgc.render.inline import plain_text
from tgc.render.places import JOURNAL, Here, Places
from tgc.render.words import condition, effect

GOLDENS = REPO / "tests" / "cases" / "render_html"
PAGES = [name for name in FILES if name.endswith(".html")]


@pytest.fixture(scope="module")
def every_construct() -> s.Bundle:
    return load_bundle(CAMPAIGNS / "every_construct.bundle.json")


@pytest.fixture(scope="module")
def sample() -> s.Bundle:
    return load_bundle(CAMPAIGNS / "sample.bundle.json")


@pytest.mark.parametrize("page", PAGES)
def test_every_construct_pages_match_their_goldens(every_construct: s.Bundle, page: str,
                                                   golden: Golden) -> None:
    golden(GOLDENS / "every_construct" / page, render_site(every_construct)[page])


@pytest.mark.parametrize("module", [inline_module, view_module])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


# ---------------------------------------------------------------- wording


@pytest.fixture(scope="module")
def places(every_construct: s.Bundle) -> Places:
    return Places(every_construct)


HERE = Here(JOURNAL, "101", "101.1")


@pytest.mark.parametrize(("target", "words"), [
    (s.Goto(verse="101.2"), "go to verse 2"),
    (s.Goto(verse="102.1"), "go to Location 102, verse 1"),
    (s.Goto(verse="bos.ritual"), "read Secret Verse 6"),
    (s.Goto(verse="tavern.1"), "go to The Tavern, verse 1"),
    (s.Goto(verse="101.1", block="lost"), "read Lost below"),
    (s.End(kind="end"), "exploration ends"),
    (s.End(kind="end-chapter"), "the chapter ends"),
    (s.End(kind="game-over"), "the game is over"),
])
def test_references_print_as_printed_numbers(places: Places, target: s.Target, words: str) -> None:
    assert plain_text(places.goto(target, HERE)) == words


def test_a_reference_inside_the_book_of_secrets_stays_in_it(places: Places) -> None:
    here = Here("secrets.html", "bos", "bos.1")
    pieces = places.goto(s.Goto(verse="bos.ritual"), here)
    assert plain_text(pieces) == "go to verse 6"
    assert pieces[-1].href == "#v-bos-6"
    assert places.goto(s.Goto(verse="101.2"), here)[-1].href == "journal.html#v-101-2"


@pytest.mark.parametrize(("cond", "words"), [
    ('{"kind": "status", "status": "Cold Pyre", "low": 3, "high": 3}', "you have status Cold Pyre part 3"),
    ('{"kind": "not", "operand": {"kind": "status", "status": "Cold Pyre", "at_least": 3}}',
     "you have fewer than 3 parts of status Cold Pyre"),
    ('{"kind": "not", "operand": {"kind": "or", "operands": [{"kind": "secret", "number": 12},'
     ' {"kind": "compare", "name": "courage", "op": ">=", "value": 2}]}}',
     "you do not have Secret 12 and your Courage is less than 2"),
    ('{"kind": "or", "operands": [{"kind": "and", "operands": [{"kind": "character", "character": "Beor"},'
     ' {"kind": "item", "item": "tool", "keyword": true}]}, {"kind": "visited", "verse": "102.1"}]}',
     "(Beor is in the Party and you have a tool Item) or you have read Location 102, verse 1"),
    ('{"kind": "chapter", "number": 3, "letter": "A", "part": 2}', "it is Chapter 3A, part 2"),
    ('{"kind": "ask", "question": "Is it _late_?"}', "the answer to “Is it late?” is yes"),
])
def test_conditions_read_as_a_printed_book_writes_them(places: Places, cond: str, words: str) -> None:
    parsed = s.Bundle.model_validate_json(_with_guard(cond)).verses[0].ops[0]  # no statuses: not loaded
    assert isinstance(parsed, s.IfDivert)
    assert plain_text(condition(parsed.cond, places, HERE)) == words


def _with_guard(cond: str) -> str:
    verse = (f'{{"id": "101.1", "section": "101", "printed": "1", "ops": [{{"kind": "if-divert", '
             f'"cond": {cond}, "target": {{"kind": "end"}}}}]}}')
    return (f'{{"format": 3, "kind": "tgc-bundle", "campaign": {{"title": "t", "ruleset": "r", '
            f'"start": 101, "players": {{"min": 1, "max": 1}}}}, "sections": [], "locations": [], '
            f'"verses": [{verse}]}}')


@pytest.mark.parametrize(("op", "words"), [
    (s.Amount(kind="gain", amount=2, what="food"), "gain 2 Food"),
    (s.Amount(kind="lose", amount=1, what="energy", party="each"), "each Party member loses 1 Energy"),
    (s.Mark(kind="mark", status="Cold Pyre", low=3, high=3), "mark Cold Pyre part 3"),
    (s.Mark(kind="mark", status="Supplying the Revolt"), "mark one box of Supplying the Revolt"),
    (s.Roll(dice=2, sides=6, arms=(),
            modifiers=(s.Modifier(sign=1, attribute="courage"), s.Modifier(sign=-1, value=1))),
     "roll 2 dice, add your Courage and subtract 1"),
    (s.Encounter(deck="blue", level=2), "draw a blue Encounter of level 2"),
])
def test_effects_read_as_a_printed_book_writes_them(places: Places, op: s.Effect, words: str) -> None:
    assert plain_text(effect(op, places, HERE)) == words


def test_journal_prints_choices_conditions_and_outcomes(every_construct: s.Bundle) -> None:
    text = _visible_text(render_site(every_construct)["journal.html"])
    assert "— Visit the forge: go to verse 2" in text
    assert "If you have status Cold Pyre part 2, go to verse 2." in text
    assert "Bribe the guard (if your Courage is 2 or more; pay 3 Wealth): read Secret Verse 6" in text
    assert "Gain 2 Food." in text and "Mark Cold Pyre part 3." in text
    assert "1-2: Read Lost below." in text and "Win: Go to verse 2." in text
    assert "1-7: Toss a coin:" in text  # a block reached by one outcome is printed inside it


# ---------------------------------------------------------------- escaping

NASTY = """@campaign "Bad <script>alert(1)</script> \\"Title\\""
  ruleset: tainted-grail
  start: 101

@section bos "Secrets <script>alert(0)</script>"

@status "Cold <script>x</script> \\"Pyre\\"" parts 3
  when parts 1-3 -> bos.1
@secret 12 "Rite <script>alert(7)</script>"
  keywords: relic
  text: Words <script>alert(8)</script> "said"
@item "Rope <script>alert(9)</script> \\"x\\""

@location 101 "Farm <script>alert(2)</script> \\"x\\""
  explore -> 101.1
  action "Barter <b>\\"now\\"</b>" (1 energy) -> 101.1
  text: A "farm" <script>alert(3)</script>

== 101.1
Prose <script>alert(4)</script> with "quotes" & ampersands.
~ mark "Cold <script>x</script> \\"Pyre\\"" 1
~ task "Find <script>alert(5)</script> \\"it\\""
~ if ask "Is it <script>alert(10)</script>?" -> bos.1
~ set dial "Dial <script>" to 2
* {status "Cold <script>x</script> \\"Pyre\\"" 1} Choose <script>alert(6)</script> "this" -> end
* Leave -> end

== bos.1
Secret <script>alert(11)</script> "verse".
-> end
"""
TAGS = {"html", "head", "meta", "title", "link", "body", "nav", "a", "main", "header", "h1", "h2", "h3", "h4",
        "p", "span", "ul", "li", "section", "div", "article", "strong", "em", "table", "thead", "tbody",
        "tr", "th", "td", "label", "input"}
ATTRIBUTES = {"class", "id", "href", "lang", "charset", "name", "content", "rel", "type", "aria-label",
              "aria-current"}
# The icons' glyphs: tgc's own drawings (the rulesets' icons/*.svg) as data: images,
# never author text (test_icons.py checks the URLs).
TAGS |= {"img"}
ATTRIBUTES |= {"src", "alt", "title"}


class _Tags(HTMLParser):
    """Every tag and attribute of a page, and its text as a reader gets it: an icon's
    glyph reads as its name (its ``alt``), as a screen reader says it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        named = dict(attrs)
        if tag == "img" and named.get("alt"):
            self.text.append(named["alt"] or "")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(page: str) -> _Tags:
    parser = _Tags()
    parser.feed(page)
    parser.close()
    return parser


def _visible_text(page: str) -> str:
    return " ".join("".join(_parse(page).text).split())


def test_author_text_is_escaped_everywhere(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "campaign.tgj").write_text(NASTY, encoding="utf-8")
    site = render_site(parse_bundle(compile_dir(tmp_path / "src")))
    for name in PAGES:
        page = site[name]
        assert "<script" not in page and "<b>" not in page, name
        parsed = _parse(page)
        assert {tag for tag, _ in parsed.tags} <= TAGS, name
        for _, attrs in parsed.tags:
            assert {key for key, _ in attrs} <= ATTRIBUTES, (name, attrs)
            assert all(not (value or "").lower().startswith("javascript") for _, value in attrs)
    journal = site["journal.html"]
    assert "Prose &lt;script&gt;alert(4)&lt;/script&gt; with &#34;quotes&#34; &amp; ampersands." in journal
    assert 'Choose &lt;script&gt;alert(6)&lt;/script&gt; &#34;this&#34;' in journal
    assert '<span class="name">Cold &lt;script&gt;x&lt;/script&gt; &#34;Pyre&#34;</span>' in journal
    assert 'aria-label="Cold &lt;script&gt;x&lt;/script&gt; &#34;Pyre&#34; 1"' in site["save-sheet.html"]
    assert "Farm &lt;script&gt;alert(2)&lt;/script&gt; &#34;x&#34;" in site["cards.html"]
    assert "<title>Exploration Journal · Bad &lt;script&gt;" in journal


def test_a_hostile_bundle_cannot_inject_markup(every_construct: s.Bundle) -> None:
    """A bundle is data from anywhere: section names, printed numbers and every name in it
    end up in attributes too, and stay there."""
    data = json.loads(dump_bundle(every_construct))
    payload = '"><script>alert(1)</script><a href="javascript:x'

    def poison(node: object) -> object:
        if isinstance(node, dict):
            return {k: (v + payload if k in {"text", "title", "name", "status", "dial", "printed", "item",
                                             "question", "character"} and isinstance(v, str) else poison(v))
                    for k, v in node.items()}
        if isinstance(node, list):
            return [poison(v) for v in node]
        return node

    # Loading would refuse it (its block names no longer match the references); the
    # renderer must hold even for a bundle nobody loaded through tgc.bundle.io.
    site = render_site(s.Bundle.model_validate_json(json.dumps(poison(data))))
    for name in PAGES:
        assert "<script" not in site[name]
        for _, attrs in _parse(site[name]).tags:
            assert {key for key, _ in attrs} <= ATTRIBUTES
            assert all(not (v or "").startswith("javascript") for _, v in attrs)


# ---------------------------------------------------------------- determinism and sources


def test_the_same_bundle_gives_the_same_bytes(sample: s.Bundle) -> None:
    assert render_site(sample) == render_site(sample)


def test_a_bundle_in_memory_and_its_json_render_alike(sample: s.Bundle) -> None:
    from tgc.pipeline import compile_folder

    in_memory = compile_folder(SAMPLE)  # dicts in source order, not the JSON's sorted keys
    assert render_site(in_memory) == render_site(sample)


def test_the_hash_seed_does_not_matter(tmp_path: Path) -> None:
    script = ("import sys, hashlib; from pathlib import Path; from tgc.bundle.io import load_bundle; "
              "from tgc.render import render_site; site = render_site(load_bundle(Path(sys.argv[1]))); "
              "print(hashlib.sha256(repr(sorted(site.items())).encode()).hexdigest())")
    digests = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run([sys.executable, "-c", script, str(CAMPAIGNS / "sample.bundle.json")],
                              cwd=REPO, env=env, capture_output=True, text=True, check=True)
        digests.add(proc.stdout.strip())
    assert len(digests) == 1


def test_tgc_render_needs_only_the_bundle_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(CAMPAIGNS / "every_construct.bundle.json", tmp_path / "x.bundle.json")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["render", "x.bundle.json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output == "wrote every-construct/ (6 files; open index.html to print)\n"
    for name in PAGES:
        expected = (GOLDENS / "every_construct" / name).read_text(encoding="utf-8")
        assert (tmp_path / "every-construct" / name).read_text(encoding="utf-8") == expected
    result = CliRunner().invoke(cli, ["render", "x.bundle.json", "-o", "print"], catch_exceptions=False)
    assert result.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "print").iterdir()) == sorted(FILES)


def test_tgc_render_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(cli, ["render", "missing.json"])
    assert result.exit_code == 2 and "cannot read the bundle" in result.output
    (tmp_path / "bad.json").write_text('{"kind": "tgc-bundle", "format": 9}', encoding="utf-8")
    result = runner.invoke(cli, ["render", "bad.json"])
    assert result.exit_code == 2 and "newer than this tgc supports" in result.output
    shutil.copy(CAMPAIGNS / "every_construct.bundle.json", tmp_path / "x.bundle.json")
    (tmp_path / "file").write_text("", encoding="utf-8")
    result = runner.invoke(cli, ["render", "x.bundle.json", "-o", "file"])
    assert result.exit_code == 2 and "file: not a folder" in result.output
    data = json.loads((tmp_path / "x.bundle.json").read_text(encoding="utf-8"))
    data["verses"].append(data["verses"][0])
    (tmp_path / "twice.json").write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(cli, ["render", "twice.json"])
    assert result.exit_code == 2
    assert "twice.json: the bundle has two verses 100.1; rebuild it with `tgc build`" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "file", "twice.json", "x.bundle.json"]


def test_write_site_writes_only_its_own_file_names(tmp_path: Path, every_construct: s.Bundle) -> None:
    with pytest.raises(ValueError, match="not a file of the site"):
        write_site({"../escape.html": "x"}, tmp_path / "out")
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(RenderError):
        write_site(render_site(every_construct), tmp_path / "file")
    written = write_site(render_site(every_construct), tmp_path / "out")
    assert [p.name for p in written] == list(FILES)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "out"]


# ---------------------------------------------------------------- the sample campaign


class _Verses(HTMLParser):
    """(section anchor, verse anchor, printed number) of every verse heading."""

    def __init__(self) -> None:
        super().__init__()
        self.section = ""
        self.verse = ""
        self.in_number = False
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "section" and attr.get("class") == "section":
            self.section = attr.get("id") or ""
        elif tag == "article" and attr.get("class") == "verse":
            self.verse = attr.get("id") or ""
        self.in_number = tag == "h3" and attr.get("class") == "number"

    def handle_data(self, data: str) -> None:
        if self.in_number:
            self.found.append((self.section, self.verse, data))
            self.in_number = False


def test_every_verse_of_the_sample_prints_under_its_number(sample: s.Bundle) -> None:
    site = render_site(sample)
    found = []
    for page in ("journal.html", "secrets.html"):
        parser = _Verses()
        parser.feed(site[page])
        found += parser.found
    expected = sorted((f"s-{v.section}", f"v-{v.section}-{v.printed}", v.printed) for v in sample.verses)
    assert sorted(found) == expected
    assert len(found) == len(sample.verses) == 119


def test_the_sample_pages_hold_its_statuses_cards_and_secrets(sample: s.Bundle) -> None:
    site = render_site(sample)
    sheet = _visible_text(site["save-sheet.html"])
    assert all(status.name in sheet for status in sample.statuses)
    assert ("Lantern Vigil 1 2 3 4 5 6 When you have any 6 parts of this status, read Secret Verse 41."
            in sheet)
    assert "Tide Dial" in sheet
    cards = _visible_text(site["cards.html"])
    assert all(f"{loc.number} {loc.title}" in cards for loc in sample.locations)
    assert "Barter at the Tidemarket (1 Energy, once per day): go to verse 11" in cards
    secrets = _visible_text(site["secrets.html"])
    assert secrets.count("Book of Secrets") >= 1


def test_build_writes_the_pages_beside_the_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   sample: s.Bundle) -> None:
    shutil.copytree(SAMPLE, tmp_path / "src")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "src"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == ("wrote build/the-lantern-stones-of-caer-morwen/ "
                                              "(6 files; open index.html to print)")
    folder = tmp_path / "build" / "the-lantern-stones-of-caer-morwen"
    assert {name: (folder / name).read_text(encoding="utf-8") for name in FILES} == render_site(sample)
