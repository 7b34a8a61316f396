"""Catalogue entries of the family TGC3xx: state (statuses, secrets, items) and what can ever hold."""

from __future__ import annotations

from tgc.diagnostics.rule import INFO, E, Rule, W, example

# What every explanation below relies on, said once here and added to each rule.
_MODEL = (
    "\n\nHow tgc decides what can happen: it starts from every entry except the status "
    "triggers, with nothing held; it follows only the choices, diverts and arms whose "
    "conditions can hold, and counts a mark, secret or item as possible only where such "
    "a path reaches the line that grants it (a conditional effect only if its own "
    "condition can hold, a line below a conditional divert only if that divert can "
    "fail); a trigger becomes an entry once it can fire; and it repeats until nothing "
    "new becomes possible. Statuses, secrets and items are the only state it follows: "
    "attributes, resources, tracks, counters, dials, chapters, characters, `visited` and "
    "`ask` are taken to be able both to hold and to fail (except where two of them "
    "contradict each other inside one `and`), costs to be affordable, and any part, "
    "secret or item to be possibly missing, since play starts without it. Verses that no "
    "entry reaches at all (TGC201) are taken to grant what they say, so that their "
    "mistake is not reported twice."
)
_SOUND = (
    "\n\nSoundness: a sound over-approximation. What this check calls impossible is "
    "impossible in every playthrough (given that statuses, secrets and items enter play "
    "only through the campaign's own lines), so it never reports a false problem. It may "
    "miss "
    "cases: it ignores the order in which verses are read (a part marked only after the "
    "one place that checks it still counts as marked there), and it treats counters, "
    "dials, resources, attributes and `ask` as always satisfiable."
)

RULES: tuple[Rule, ...] = (
    Rule(
        "TGC301", "blocked-verse", E,
        "{what} can never be read: every way to it needs a condition that never holds{more}",
        "A verse can be reached only through guards or diverts that can never be taken.",
        "Some entry leads to this verse (so it is not TGC201's unreachable verse), but "
        "every choice, divert or arm that leads to it needs something that can never hold: "
        "a status part, secret or item that nothing reachable grants, two conditions that "
        "contradict each other, or a line below a conditional divert that always holds. "
        "The labels show each way in and why it is closed. A whole region cut off at one "
        "place is reported once, at its first verse, with the count of the verses behind "
        "it; a region reached only through a trigger that can never fire is reported at "
        "the trigger (TGC304) instead." + _MODEL + _SOUND,
        (example('@secret 12 "Menhir Rites"\n== 101.1\n* {secret 12} Speak the rite -> 2\n'
                 "* Leave -> end\n== 101.2\nThe stone wakes.\n-> end\n"),),
        example('@secret 12 "Menhir Rites"\n== 101.1\n* {secret 12} Speak the rite -> 2\n'
                "* Study the carvings -> 3\n* Leave -> end\n== 101.2\nThe stone wakes.\n"
                "-> end\n== 101.3\n~ gain secret 12\n-> 1\n"),
    ),
    Rule(
        "TGC302", "status-never-marked", E, "{detail}",
        "A condition checks a status part, box or flag that is never marked.",
        "A condition such as `status \"Cold Pyre\" 5` can hold only once part 5 has been "
        "marked, and no line play can reach marks it (or only lines behind conditions "
        "that never hold do; the labels show them). `status \"X\"` needs any part, "
        "`status \"X\" any 3` three different parts, and on a boxes status any ticked box. "
        "Each missing part is reported once, at the first condition that needs it, with "
        "the other conditions, triggers, `not` tests and unmarks that use it as labels."
        + _MODEL + _SOUND,
        (example('@status "Cold Pyre" parts 6\n== 101.1\n~ mark "Cold Pyre" 4\n'
                 '~ if status "Cold Pyre" 5: gain 1 $reward\n~ if status "Cold Pyre" 4: gain 1 $resource\n'
                 "-> end\n"),),
        example('@status "Cold Pyre" parts 6\n== 101.1\n~ mark "Cold Pyre" 4-5\n'
                '~ if status "Cold Pyre" 5: gain 1 $reward\n~ if status "Cold Pyre" 4: gain 1 $resource\n'
                "-> end\n"),
    ),
    Rule(
        "TGC303", "status-never-checked", W, "{what} {be} marked but never checked, and no "
        "trigger reads it",
        "A status part, box or flag is marked, but no condition checks it and no trigger "
        "reads it.",
        "Marking it changes nothing in the campaign: no condition tests it and no `when` "
        "trigger of its status counts it. It may be kept for a later chapter, or it may be "
        "a wrong part number. A status nothing reads at all is reported once, at its first "
        "mark; otherwise each unread part is reported at the first line that marks it. It "
        "is a warning because the save sheet may still mean something to the players."
        "\n\nSoundness: a sound over-approximation. A check or trigger anywhere in the "
        "campaign, even where play never goes, counts as reading the part, so it never "
        "calls a part unread that some line reads; it may miss parts that are read only "
        "where play never goes. A status whose checks did not parse or name it wrongly "
        "is left alone.",
        (example('@status "Pathfinder"\n== 101.1\n~ mark "Pathfinder"\n-> end\n'),),
        example('@status "Pathfinder"\n  when marked -> bos.1\n== 101.1\n~ mark "Pathfinder"\n'
                "-> end\n== bos.1\nThe paths open to you.\n-> end\n"),
    ),
    Rule(
        "TGC304", "trigger-never-fires", E, "{detail}",
        "A status trigger can never fire, because the parts it needs are never all marked.",
        "`when marked` needs the flag marked, `when full` and `when any N` on a boxes "
        "status a box ticked (boxes can be ticked again until full), `when parts 1-8` "
        "each of those parts, and `when any 6 parts` six different parts. The message "
        "names what is never marked where play can reach; the verse the trigger leads to "
        "is then read only if something else leads there. A missing part that a "
        "condition also checks is reported there (TGC302), with this trigger as a label."
        + _MODEL + _SOUND,
        (example('@status "Pale Tide" parts 8\n  when parts 1-8 -> bos.1\n== 101.1\n'
                 '~ mark "Pale Tide" 1-7\n-> end\n== bos.1\nThe tide takes the coast.\n'
                 "-> end\n"),),
        example('@status "Pale Tide" parts 8\n  when parts 1-8 -> bos.1\n== 101.1\n'
                '~ mark "Pale Tide" 1-7\n* Wait for the tide -> 2\n* Leave -> end\n'
                '== 101.2\n~ mark "Pale Tide" 8\n-> end\n== bos.1\n'
                "The tide takes the coast.\n-> end\n"),
    ),
    Rule(
        "TGC305", "secret-never-granted", E, "{detail}",
        "A condition checks a secret that is never granted.",
        "`secret 12` can hold only after `~ gain secret 12`, and no line play can reach "
        "grants it. Reported once, at the first condition that needs it, with the other "
        "uses as labels. A secret that is only lost or tested with `not` is TGC307; one "
        "that is not declared at all is TGC106." + _MODEL + _SOUND,
        (example('@secret 12 "Menhir Rites"\n== 101.1\n~ if secret 12: gain 1 $reward\n-> end\n'),),
        example('@secret 12 "Menhir Rites"\n== 101.1\n~ gain secret 12\n'
                "~ if secret 12: gain 1 $reward\n-> end\n"),
    ),
    Rule(
        "TGC306", "item-never-gained", E, "{detail}",
        "A condition checks an item, or an item keyword, that is never gained.",
        "`item \"Rope\"` can hold only after `~ gain item \"Rope\"` (or after gaining an "
        "item by one of Rope's keywords, since the reader may pick Rope then). "
        "`item $gear` holds after gaining any item with the keyword `$gear`, or "
        "`~ gain item $gear`. Items from outside the journal (a market, starting "
        "equipment) are not known to tgc: lower this code's severity in the configuration "
        "if your campaign relies on them." + _MODEL + _SOUND,
        (example('@item "Rope"\n  keywords: $keyword\n== 101.1\n'
                 '~ if item "Rope": gain 1 $resource\n-> end\n'),),
        example('@item "Rope"\n  keywords: $keyword\n== 101.1\n~ gain item $keyword\n'
                '~ if item "Rope": gain 1 $resource\n-> end\n'),
    ),
    Rule(
        "TGC307", "never-held", W, "{detail}",
        "A `not` test or a removal names a status part, secret or item that is never held.",
        "`not secret 12` always holds and `~ lose secret 12` does nothing when no line "
        "play can reach grants secret 12 (likewise `unmark`, `lose item` and `not status`). "
        "That is harmless to play, hence a warning, but it is usually a wrong number or "
        "name. Reported once per missing part, secret or item, at its first such use, and "
        "only when no condition or trigger needs it (then TGC302, TGC304, TGC305 or TGC306 "
        "reports it with these uses as labels)." + _MODEL + _SOUND,
        (example('@secret 12 "Menhir Rites"\n== 101.1\n~ lose secret 12\n-> end\n'),),
        example('@secret 12 "Menhir Rites"\n== 101.1\n~ gain secret 12\n~ lose secret 12\n'
                "-> end\n"),
    ),
    Rule(
        "TGC308", "contradictory-condition", E, "`{first}` and `{second}` can never hold together",
        "Conditions joined by `and` (or by `;` in a guard) contradict each other.",
        "One guard, conditional divert or conditional effect asks for two things that "
        "exclude each other, so the choice is never offered, the divert never taken or "
        "the effect never applied: `status \"X\" 2 and not status \"X\"`, `secret 1 and not "
        "secret 1`, `item \"Rope\" and not item $keyword` when Rope is $keyword, "
        "`$attribute >= 3 and $attribute < 2`, `chapter 2 and chapter >= 3`. Alternatives of an "
        "`or` are checked each on its own. Reported once per line, at the second of the "
        "two conditions."
        "\n\nSoundness: a sound over-approximation; it never reports a false problem. It "
        "may miss contradictions that need three or more conditions, or reasoning about "
        "`or` and `not` around an `and`, or the vocabulary's ranges (`players >= 5`).",
        (example('@status "Cold Pyre" parts 6\n== 101.1\n~ mark "Cold Pyre" 2\n'
                 '* {status "Cold Pyre" 2 and not status "Cold Pyre"} Sift the ashes -> end\n'
                 "* Leave -> end\n"),
         example("== 101.1\n* {$attribute >= 3; $attribute < 2} Climb -> end\n* Leave -> end\n")),
        example('@status "Cold Pyre" parts 6\n== 101.1\n~ mark "Cold Pyre" 2\n'
                '* {status "Cold Pyre" 2 and not status "Cold Pyre" 3} Sift the ashes -> end\n'
                "* Leave -> end\n"),
    ),
    Rule(
        "TGC309", "declared-never-used", INFO, "{what} is declared but never used",
        "A status, secret or item is declared and named nowhere else.",
        "No line marks, grants, gains, loses or checks it, no trigger reads it and no "
        "rule data names it. Usually a leftover of an edit, or the first step of a thread "
        "not yet written; sometimes the name is misspelt where it is used (that line is "
        "reported as an unknown name). Information only: it never fails a build."
        "\n\nSoundness: exact. A line lost to a syntax error that may have named it "
        "counts as a use.",
        (example('@secret 7 "The Hermit\'s True Name"\n== 101.1\n-> end\n'),),
        example('@secret 7 "The Hermit\'s True Name"\n== 101.1\n~ gain secret 7\n'
                "* {secret 7} Speak the name -> end\n* Leave -> end\n"),
    ),
)
