"""The catalogue of diagnostic codes: the single source of truth for codes, names,
severities, messages, explanations and the examples that must trigger them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from difflib import get_close_matches

from tgc.diagnostics.model import Diagnostic, Label
from tgc.diagnostics.rule import CAMPAIGN as _CAMPAIGN
from tgc.diagnostics.rule import LOCATION as _LOC
from tgc.diagnostics.rule import E, Rule, W
from tgc.diagnostics.rule import example as _ex
from tgc.diagnostics.rules import FAMILIES
from tgc.source import Span

__all__ = ["BY_NAME", "CATALOGUE", "Rule", "did_you_mean", "diag", "lookup", "register"]

_RULES: tuple[Rule, ...] = (
    # 0xx: files and syntax
    Rule(
        "TGC001", "syntax-error", E, "{detail}",
        "A line does not follow the journal grammar.",
        "The parser could not read a structural line (a choice, a logic line, a header or "
        "a property). The message names what it expected in plain words. A syntax error "
        "costs only its own line: every other line of the file is still checked.",
        (_ex("== 101.1\n* Open the gate 101.2\n* Leave -> end\n"),),
        _ex("== 101.1\n* Open the gate -> 101.2\n* Leave -> end\n== 101.2\n-> end\n"),
    ),
    Rule(
        "TGC002", "unknown-declaration", E, "unknown declaration `@{kind}`",
        "A line starts with `@` and a word that is not a declaration keyword.",
        "Declarations are `@campaign`, `@section`, `@status`, `@secret`, `@item`, "
        "`@location`, `@event`, `@quest`, `@encounter`, `@card` and `@character`. "
        "Prose that must start with `@` is written `\\@`.",
        (_ex("@locaton 102 \"Mill\"\n== 101.1\n-> end\n"),),
    ),
    Rule(
        "TGC003", "indented-header", E, "{what} must start at column 0",
        "A declaration or verse header is indented.",
        "`@` and `==` lines are headers only at column 0; an indented one is almost "
        "always a mistake that would silently join the previous verse. Remove the "
        "indentation, or escape the line with `\\` if it is prose.",
        (_ex("== 101.1\nThe gate creaks.\n  == 101.2\n-> end\n"),),
    ),
    Rule(
        "TGC004", "text-outside-verse", E, "{what} outside a verse",
        "Prose, a choice or a logic line appears where no verse is open.",
        "Story lines belong to a verse: they must follow a `== SECTION.VERSE` header. "
        "Before the first header of a file, or directly after a declaration, they "
        "have nowhere to go. Indent a line by two spaces to make it a property of the "
        "declaration above.",
        ("Prose before any header.\n" + _CAMPAIGN + _LOC + "== 101.1\n-> end\n",),
    ),
    Rule(
        "TGC005", "bad-block-header", E, "{detail}",
        "A line starting with `=` is not a valid inline block header.",
        "Inside a verse, `= NAME` starts an inline block; any other line starting with a "
        "single `=` is an error, and a block header outside a verse has no verse to "
        "belong to.",
        (_ex("== 101.1\n-> .a\n= a b\n-> end\n"),),
    ),
    Rule(
        "TGC006", "unreadable-file", E, "cannot read {path}: {reason}",
        "A source file cannot be read or is not UTF-8.",
        "Every `.tgj` file of the campaign folder is read as UTF-8 (a BOM is ignored). "
        "The diagnostic points at the first byte that is not valid UTF-8. Only regular "
        "files of at most 16 MB are read, and a link that leads out of the campaign "
        "folder is refused unless the configuration says `links = \"anywhere\"`.",
        (),
    ),
    Rule(
        "TGC007", "unknown-icon", W, "unknown icon `:{name}:`",
        "Prose uses `:name:` for an icon the language does not know.",
        "Icons are $icons. An unknown one stays literal text. Write `\\:` for a literal colon.",
        (_ex("== 101.1\nYou find :gold: in the hay.\n-> end\n"),),
    ),
    Rule(
        "TGC008", "reserved-name", E, "`{name}` is reserved and cannot name {what}",
        "A section, verse or block is named `end` or `game`.",
        "`-> end` and `-> game over` are terminals, so `end` and `game` can never be "
        "the names of sections, verses or inline blocks.",
        (_ex("== 101.1\n-> .end\n= end\n-> end\n"),),
    ),
    Rule(
        "TGC009", "line-after-choices", E, "{what} after the choices of this body",
        "A line other than a choice follows the first choice of a body.",
        "Choices are the tail of a body: once the first `*` line appears, only further "
        "choices, blank lines and comments may follow until the next block or verse. "
        "Move the line above the first choice.",
        (_ex("== 101.1\n* Leave -> end\nThe wind howls.\n"),),
    ),
    Rule(
        "TGC010", "bad-property", E, "{detail}",
        "An indented line in a declaration is not a property.",
        "Inside a declaration, lines indented by two or more spaces are properties: "
        "`key: value`, `hook -> REF`, `action \"Name\" (costs) -> REF` or "
        "`when TRIGGER -> REF`. Deeper lines continue or nest the property above.",
        (_ex('@item "Rope"\n  keywords $keyword\n== 101.1\n-> end\n'),),
        _ex('@item "Rope"\n  keywords: $keyword\n== 101.1\n-> end\n'),
    ),
    Rule(
        "TGC011", "number-out-of-range", E, "{detail}",
        "A number is larger than tgc allows where it stands.",
        "Every number is written with the digits 0-9 and has a maximum: 999999999 in "
        "general, 100 parts or boxes for a status, 16 players, 100 dice of at most 1000 "
        "sides, 10000 for one gain, loss or cost (docs/language.md, \"Limits\"). The "
        "line is dropped, as for a syntax error.",
        (_ex('@status "Vigil" parts 1000\n== 101.1\n-> end\n'),
         _ex("== 101.1\n~ gain 99999999999999999999 $resource\n-> end\n")),
        _ex('@status "Vigil" parts 6\n== 101.1\n~ mark "Vigil" 1\n-> end\n'),
    ),
    Rule(
        "TGC012", "too-deeply-nested", E, "this line nests more than {limit} levels deep",
        "A condition nests `not`s or brackets beyond the limit.",
        "Conditions may nest up to 64 levels (`not not ...`, `((...))`); no writer means "
        "more, and a bound keeps every later pass safe. Simplify the condition: two "
        "`not`s cancel out.",
        (_ex("== 101.1\n~ if " + "not " * 70 + "secret 4 -> end\n-> end\n"),),
    ),
    Rule(
        "TGC020", "missing-tilde", W, "this prose line reads as {what}: is a `~` missing?",
        "A prose line would be an effect or a conditional divert if it started with `~`.",
        "Only lines that start with `~` are logic lines; any other line is prose, printed "
        "to the players as it stands. `gain 1 $reward` or `mark \"Creeping Rot\" 3` on a line "
        "of its own is almost always an effect whose `~` was forgotten: the players would "
        "read the words and nothing would happen. Add the `~`; if the words are meant as "
        "prose, start the line with `\\` (which is removed), or reword it."
        "\n\nSoundness: a heuristic over the line's words: it fires when the line, with "
        "`~ ` in front, is a complete logic line.",
        (_ex("== 101.1\nYou find a coin.\ngain 1 $coin\n-> end\n"),),
        _ex("== 101.1\nYou find a coin.\n~ gain 1 $coin\n-> end\n"),
    ),
    # 1xx: names and declarations
    Rule(
        "TGC101", "unknown-verse", E, "no verse `{ref}`",
        "A reference names a verse that is not declared.",
        "Relative references (`-> 3`, `-> forge`) resolve in the current section; "
        "absolute ones (`-> 211.1`, `-> bos.ritual`) name the section. References in "
        "declarations other than `@location N` must be absolute.",
        (_ex("== 101.1\n-> 101.9\n"),),
    ),
    Rule(
        "TGC102", "unknown-block", E, "verse `{verse}` has no inline block `{name}`",
        "`-> .NAME` names an inline block the current verse does not have.",
        "Inline blocks are addressable only from inside the verse that contains them.",
        (_ex("== 101.1\n-> .sorrow\n= sorow\n-> end\n"),),
    ),
    Rule(
        "TGC103", "unknown-location", E, "no location {number}",
        "A location number is used but no `@location` declares it.",
        "Location numbers appear in `start:`, keys, `legacy:`, the location effects and "
        "verse sections. Declare the location or fix the number.",
        (_ex("== 101.1\n~ reveal location 199\n-> end\n"),),
    ),
    Rule(
        "TGC104", "unknown-section", E, "no section `{name}`",
        "A verse id or reference names a section that is not declared.",
        "A section is a location number, `bos`, or a name declared with `@section`.",
        (_ex("== 101.1\n-> tavern.1\n"),),
    ),
    Rule(
        "TGC105", "unknown-status", E, "no status \"{name}\"",
        "A condition or effect names a status that is not declared.",
        "Statuses are declared with `@status \"Name\"` (a flag), `parts N` or `boxes N`.",
        (_ex('== 101.1\n~ mark "Cold Pyr" 1\n-> end\n@status "Cold Pyre" parts 6\n'),),
    ),
    Rule(
        "TGC106", "unknown-secret", E, "no secret {number}",
        "A secret number is used but no `@secret` declares it.",
        "Secrets are numbered cards declared with `@secret N \"Title\"`; granting, "
        "losing or checking an undeclared one is an error.",
        (_ex("== 101.1\n~ gain secret 77\n-> end\n"),),
    ),
    Rule(
        "TGC107", "unknown-item", E, "no item \"{name}\"",
        "An item is named but not declared.",
        "Items are declared with `@item \"Name\"`. A bare word (`item $gear`) is an item "
        "keyword instead: ${keywords|code}, "
        "or one declared under `keywords:` of an `@item`.",
        (_ex('== 101.1\n~ gain item "Rop"\n-> end\n@item "Rope"\n'),),
    ),
    Rule(
        "TGC108", "unknown-keyword", E, "no item keyword `{name}`",
        "A bare item keyword is neither built in nor declared on any `@item`.",
        "Built-in keywords are ${keywords|code-and}; others must appear under `keywords:` of some `@item`.",
        (_ex("== 101.1\n~ gain item wepon\n-> end\n"),),
    ),
    Rule(
        "TGC109", "unknown-encounter", E, "no encounter {what}",
        "An encounter names an undeclared `@encounter` or an unknown deck colour.",
        "`~ encounter` takes a deck colour (`gray`, `green`, `purple`, `blue`) with an "
        "optional `level N` (N >= 1), or the name of an `@encounter` declaration.",
        (_ex('== 101.1\n~ encounter "Vagabnd": win -> end; lose -> end\n'),),
    ),
    Rule(
        "TGC110", "duplicate-verse", E, "verse `{id}` is declared twice",
        "Two verse headers have the same id.",
        "Verse ids are unique across the whole campaign, in every file. `2` and `2a` are "
        "distinct ids; `2` and `02` are the same.",
        (_ex("== 101.1\n-> end\n== 101.1\n-> end\n"),),
    ),
    Rule(
        "TGC111", "duplicate-declaration", E, "{what} is declared twice",
        "A location number, secret number, status, item, section, encounter, inline "
        "block or the campaign is declared more than once.",
        "Every declared thing has one home. The diagnostic is at the second declaration "
        "and points at the first.",
        (_ex('@secret 1 "A"\n@secret 1 "B"\n== 101.1\n-> end\n'),),
    ),
    Rule(
        "TGC112", "part-out-of-range", E, "status \"{name}\" has {parts} parts; there is no part {part}",
        "A part number exceeds the parts a status declares.",
        "`@status \"X\" parts 6` has parts 1 to 6.",
        (_ex('@status "Cold Pyre" parts 6\n== 101.1\n~ mark "Cold Pyre" 7\n-> end\n'),),
    ),
    Rule(
        "TGC113", "wrong-status-shape", E, "{detail}",
        "A status is used in a way its shape does not allow.",
        "Statuses with parts need a part number to `mark`; boxes statuses and flags "
        "take none. A part number on a boxes status is an error; `any N` counts parts or "
        "ticked boxes. Triggers must fit the shape: `when marked` for flags, `when full` "
        "for boxes, `when parts ...` or `when any N parts` for numbered parts.",
        (_ex('@status "Supplies" boxes 4\n== 101.1\n~ mark "Supplies" 2\n-> end\n'),),
    ),
    Rule(
        "TGC114", "campaign-declaration", E, "{detail}",
        "The campaign has no `@campaign` declaration, or it lacks what it needs.",
        "Exactly one `@campaign \"Title\"` names the campaign; it needs `start:` (a "
        "location number) and may set `ruleset:` (default `$ruleset`) and "
        "`players:` (a range such as `1-4`).",
        ('@location 101 "Farmhold"\n  explore -> 101.1\n== 101.1\n-> end\n',),
    ),
    Rule(
        "TGC115", "unknown-name", E, "`{name}` is not {what}",
        "A condition or effect uses a word the vocabulary does not know.",
        "Attributes: $attributes. Resources: $resources. Tracks: $tracks. "
        "Counters: $counters.",
        (_ex("== 101.1\n~ gain 2 fod\n-> end\n"),),
    ),
    Rule(
        "TGC116", "relative-reference", E, "`{ref}` must be absolute here",
        "A declaration other than `@location` uses a relative verse reference.",
        "Only `@location N` gives references a section (N). Everywhere else write the "
        "section: `-> bos.12`, `-> 101.3`. Inline blocks cannot be reached from "
        "declarations.",
        (_ex('@status "Pathfinder"\n  when marked -> 12\n== 101.1\n-> end\n'),),
        _ex('@status "Pathfinder"\n  when marked -> 101.1\n== 101.1\n-> end\n'),
    ),
    Rule(
        "TGC117", "invalid-value", E, "{detail}",
        "A value is outside what the language allows.",
        "Dials hold 0 to 8; seals are ${seals|code}; key "
        "directions are `up`, `down`, `left`, `right`, each at most once; encounter "
        "levels are 1 to 4; the amount of a gain, loss or cost is at least 1.",
        (_ex('== 101.1\n~ set dial "Quest Dial 1" to 9\n-> end\n'),),
    ),
    Rule(
        "TGC118", "hook-without-seal", W, "{detail}",
        "A location has a $hook, $hook2 or $hook3 hook but not the matching seal.",
        "The `$hook` hook is read only where the card shows the $seal seal, and "
        "`$hook2`/`$hook3` only where it shows the $seal2 seal: add the seal to "
        "`seals:` or remove the hook.",
        (_ex('@location 102 "Mill"\n  explore -> 102.1\n  $hook -> 102.1\n'
             '== 101.1\n-> end\n== 102.1\n-> end\n'),),
        _ex('@location 102 "Mill"\n  seals: $seal\n  explore -> 102.1\n  $hook -> 102.1\n'
            '== 101.1\n-> end\n== 102.1\n-> end\n'),
    ),
    Rule(
        "TGC119", "unknown-property", W, "`{key}` is not a property of `@{kind}`",
        "A known declaration has a property it does not use.",
        "Unknown properties are ignored by the compiler, so a typo (`keywrods:`) would "
        "silently lose data.",
        (_ex('@item "Rope"\n  keywrods: $keyword\n== 101.1\n-> end\n'),),
        _ex('@item "Rope"\n  keywords: $keyword\n== 101.1\n-> end\n'),
    ),
    Rule(
        "TGC120", "replace-without-legacy", E,
        "location {new} has no `legacy: {old}`, so it cannot replace location {old}",
        "`replace location A with B` where B does not carry `legacy: A`.",
        "A replacement card names the card it replaces with its legacy number.",
        (_ex('@location 102 "Mill"\n  explore -> 102.1\n== 102.1\n-> end\n'
             "== 101.1\n~ replace location 101 with 102\n-> end\n"),),
        _ex('@location 102 "Mill"\n  legacy: 101\n  explore -> 102.1\n== 102.1\n-> end\n'
            "== 101.1\n~ replace location 101 with 102\n-> end\n"),
    ),
    Rule(
        "TGC121", "missing-property", E, "{detail}",
        "A declaration lacks a property it needs.",
        "A `@location` needs an `explore` hook (the verse read when the location is "
        "explored); `@status ... parts N` and `boxes N` need N >= 1. A campaign without "
        "`start:` is TGC114.",
        (_CAMPAIGN + '@location 101 "Farmhold"\n  keys: up 102\n',),
    ),
    Rule(
        "TGC122", "unknown-event", E, 'no {what} "{name}"',
        "A `quest \"X\"` or `event \"X\"` condition names no declared event or quest.",
        "`event \"X\"` holds while X is the regular Event in force today and names an "
        "`@event`; `quest \"X\"` holds while X is an Active Quest and names an `@event` or "
        "an `@quest`. A misspelt name would make the condition false in every game.",
        (_ex('@quest "Ancient Knowledge"\n== 101.1\n~ if quest "Ancient Knowlege" -> end\n-> end\n'),),
        _ex('@quest "Ancient Knowledge"\n== 101.1\n~ if quest "Ancient Knowledge" -> end\n-> end\n'),
    ),
    Rule(
        "TGC130", "bad-lock-file", E, "{detail}",
        "`tgc.lock` cannot be read.",
        "`tgc.lock` at the campaign root records the printed number of every named verse "
        "and the numbers retired verses had (docs/bundle.md). `tgc build` writes it; a line "
        "it cannot read, a verse numbered twice or a number given twice stops the build, "
        "because guessing would renumber a printed book. Fix the line or restore the file "
        "from version control.",
        (),
    ),
    Rule(
        "TGC131", "printed-number-taken", E,
        "verse `{id}` prints as {number}, which tgc.lock gives to `{other}`",
        "A numbered verse uses a number that a named verse already prints as.",
        "Named verses keep the printed number tgc.lock gives them, so a numbered verse "
        "written later must not take it: two verses of the book would print as the same "
        "number. Give the numbered verse another number, or delete the named verse's "
        "line from tgc.lock to give that verse a new number.",
        (),
    ),
    # 9xx: the tool itself
    Rule(
        "TGC901", "unused-suppression", W, "this suppression of {codes} suppresses nothing",
        "A `// tgc: ignore[CODE]` comment matches no diagnostic on its line.",
        "Stale suppressions hide future mistakes. Remove the comment, or fix the code "
        "it names.",
        (_ex("== 101.1\n-> end // tgc: ignore[TGC101]\n"),),
    ),
    Rule(
        "TGC902", "bad-configuration", E, "{detail}",
        "The `[tool.tgc]` table or `tgc.toml` is invalid.",
        "Configuration maps codes or names to `error`, `warning`, `info` or `ignore`: "
        "`[tool.tgc.severity]` with `TGC119 = \"error\"` or `unknown-icon = \"ignore\"`.",
        (),
    ),
    Rule(
        "TGC910", "card-text-outside-safe-area", W,
        "the {card} card's text reaches {amount} mm past its safe area (“{words}”)",
        "Text on a card is closer to the trim than the safe area allows.",
        "Cutting is never exact: printers ask that text stay inside the safe area, 3 mm "
        "inside the trim on every side, so a cut a little off never touches a letter. "
        "`tgc check --print` lays the cards out as `tgc build --pdf` prints them and "
        "reports how far the text reaches. Shorten the text (a long card text or action), or "
        "give that kind of card a larger size in `[tool.tgc.print.cards]`.",
        (),
    ),
    Rule(
        "TGC911", "card-text-overflows", W,
        "the {card} card's text runs {amount} mm past its trim (“{words}”): the cutter takes it",
        "Text on a card does not fit on the card.",
        "The card's text is longer than the card: what runs past the trim is cut off "
        "when the sheet is cut. Shorten the text, or give that kind of card a larger size "
        "in `[tool.tgc.print.cards]`.",
        (),
    ),
    Rule(
        "TGC912", "spoiler-on-spread", W,
        "{verse} prints on the same spread as {source} ({pages}), which leads to it by a choice "
        "or an outcome",
        "A verse a reader may be sent to is visible while the reader decides.",
        "A gamebook hides where each choice leads: a verse printed on the same two facing "
        "pages as a choice that leads to it can be read before the choice is made. "
        "Renumber the book (`tgc build --shuffle SEED` for a new book), or move one of the "
        "two verses.",
        (),
    ),
    Rule(
        "TGC913", "signature-not-filled", W,
        "the {book} has {count} pages, not a multiple of the signature of {signature} pages",
        "A book's page count does not fill its last signature.",
        "A printer folds sheets into signatures of a fixed number of pages "
        "(`signature` in `[tool.tgc.print]`); a book whose page count is not a multiple of "
        "it ends with blank pages the printer adds, or costs a partial signature. Adjust "
        "the text or the trim size, or plan the blank pages.",
        (),
    ),
    Rule(
        "TGC999", "internal-error", E, "internal error: {detail}",
        "tgc itself failed.",
        "This is a bug in tgc, not in your campaign. Please report it at "
        "https://github.com/tgc-dev/tgc/issues with the command you ran and the "
        "traceback printed with `--debug`.",
        (),
    ),
)

_ALL: tuple[Rule, ...] = tuple(sorted(_RULES + FAMILIES, key=lambda rule: rule.code))
CATALOGUE: dict[str, Rule] = {rule.code: rule for rule in _ALL}
BY_NAME: dict[str, Rule] = {rule.name: rule for rule in _ALL}


def register(rules: tuple[Rule, ...]) -> None:
    """Add a family of rules defined elsewhere (graph, state, map, ruleset checks)."""
    for rule in rules:
        if rule.code in CATALOGUE or rule.name in BY_NAME:
            raise ValueError(f"duplicate catalogue entry {rule.code} {rule.name}")
        if _WORDS:
            rule = rule.in_words(_WORDS)
        CATALOGUE[rule.code] = rule
        BY_NAME[rule.name] = rule


# The default ruleset's words, once the registry has found it (_find_ruleset_families).
_WORDS: dict[str, str | tuple[str, ...]] = {}


def catalogue_words() -> dict[str, str | tuple[str, ...]]:
    """The words the catalogue's texts are written in (tgc.diagnostics.rule.in_words)."""
    return dict(_WORDS)


def lookup(key: str) -> Rule | None:
    """A rule by code (any case) or by kebab-case name."""
    return CATALOGUE.get(key.upper()) or BY_NAME.get(key.lower())


def diag(
    code: str,
    span: Span,
    hint: str | None = None,
    labels: tuple[Label, ...] = (),
    **args: object,
) -> Diagnostic:
    """Build a diagnostic from its catalogue entry, filling the message template."""
    rule = CATALOGUE[code]
    return Diagnostic(
        code, rule.name, rule.severity, rule.message.format(**args), span, hint, labels
    )


# Above this many candidates, only names of about the same length are compared, and one
# run (tgc.pipeline.run, inside ``hint_budget``) compares at most LARGE_BUDGET such
# candidates in all (about a second): a campaign with hundreds of broken references into
# a large section must stay fast, and after the first hundred hints the rest are unlikely
# to be read. Each run starts afresh, so hints never run out in a long `tgc watch`.
_POOL_LIMIT = 200
LARGE_BUDGET = 60_000
_BUDGET: ContextVar[list[int] | None] = ContextVar("tgc_hint_budget", default=None)


@contextmanager
def hint_budget(total: int | None = None) -> Iterator[None]:
    """Large did-you-mean comparisons share one budget of ``total`` (default LARGE_BUDGET)
    until the block ends; outside any block a single lookup is never limited."""
    token = _BUDGET.set([LARGE_BUDGET if total is None else total])
    try:
        yield
    finally:
        _BUDGET.reset(token)


def hints_left() -> int | None:
    """What is left of the run's budget of large did-you-mean comparisons (None outside
    ``hint_budget``): a result replayed from an earlier run records what it spent."""
    budget = _BUDGET.get()
    return budget[0] if budget is not None else None


def spend_hints(count: int) -> None:
    """Take what the searches of a replayed result once spent, so that every later
    search sees the budget a full run would leave it."""
    budget = _BUDGET.get()
    if budget is not None:
        budget[0] -= count


def did_you_mean(name: str, candidates: Iterable[object]) -> str | None:
    """A "did you mean" hint when a close name exists (difflib, as sqlglot does).

    >>> did_you_mean("forje", ["forge", "gate"])
    'did you mean `forge`?'
    """
    pool = [str(c) for c in candidates]
    if len(pool) > _POOL_LIMIT:
        # A ratio of 0.6 or more is impossible when the lengths differ by more than half.
        low, high = len(name) / 2, len(name) * 2
        pool = [c for c in pool if low <= len(c) <= high]
        budget = _BUDGET.get()
        if budget is not None:
            if len(pool) > budget[0]:
                return None
            budget[0] -= len(pool)
    close = get_close_matches(name, pool, n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None


def write_in_words(words: dict[str, str | tuple[str, ...]]) -> None:
    """Write every entry, and every one registered later, in these words (the default
    ruleset's: the registry calls this once it has found every spec)."""
    _WORDS.clear()
    _WORDS.update(words)
    for rule in list(CATALOGUE.values()):
        CATALOGUE[rule.code] = BY_NAME[rule.name] = rule.in_words(_WORDS)


def _find_ruleset_families() -> None:
    """A ruleset's own catalogue family registers when the registry finds its spec, so
    every reader of the catalogue (explain, the docs page, diag) sees all of them; once it
    has found them all, the registry writes the catalogue in the default ruleset's words
    (``write_in_words``). When the registry is itself importing a spec that led here, it
    does both when that import is done."""
    from tgc import rulesets

    rulesets.names()


_find_ruleset_families()
