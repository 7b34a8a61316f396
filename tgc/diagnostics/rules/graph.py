"""Catalogue entries of the family TGC2xx: the verse graph (reachability, dead ends, loops, arms)."""

from __future__ import annotations

from tgc.diagnostics.rule import E, Rule, W
from tgc.diagnostics.rule import example as _ex

RULES: tuple[Rule, ...] = (
    Rule(
        "TGC201", "unreachable-verse", W,
        "verse `{id}` is unreachable: no entry point leads to it{needed}",
        "No path from any entry point reaches a verse.",
        "Nothing leads to this verse, so no player will ever read it. Divert to it from a "
        "verse that is read (`-> 4`, a choice, a roll arm), or make it an entry point: a "
        "location hook or action, a status trigger (`when ... -> VERSE`), or an `@event` "
        "or `@quest` reference. A warning, not an error: writers draft verses before they "
        "wire them in. When play needs what the verse grants (the only `~ gain secret 7` "
        "of a secret a guard checks, the marks a trigger counts), the message says so, and "
        "what needs it is reported too, right after it, since it can never happen either."
        "\n\nThe start location and every hook, action, trigger, event and quest are the "
        "entry points; guards are ignored here (a verse reached only through a guard that "
        "can never hold is TGC301). Inline blocks count as part of their verse (see "
        "TGC208). When a reference fails to resolve, the verses it may have meant (its "
        "closest names, or its whole section) are not reported, nor those a line lost to a "
        "syntax error names."
        "\n\nSoundness: exact for the graph as written, and never a false report: guards are "
        "ignored, so a verse reported here is unread in every playthrough. It misses verses "
        "reachable only through guards that can never hold (TGC301 finds those), and, while "
        "a reference or a line is broken, the verses it may have named.",
        (_ex("== 101.1\n-> end\n== 101.2\nA verse nothing leads to.\n-> end\n"),),
        _ex("== 101.1\n-> 101.2\n== 101.2\nA verse nothing leads to.\n-> end\n"),
    ),
    Rule(
        "TGC202", "line-after-divert", E,
        "this {what} is never read: control always leaves the body at line {line} ({cause})",
        "A line follows a line that always leaves its body.",
        "A body runs top to bottom and leaves at a plain divert, so a plain divert must be "
        "its last line. The same holds after a roll or toss, after an encounter with an arm "
        "for every outcome, and after conditional diverts of which one always holds. Lines "
        "below never run: their prose is never shown and their effects never apply. An "
        "error, because the writer meant them to be read; move them above the line that "
        "leaves, or remove them."
        "\n\nSoundness: exact for plain diverts, rolls, tosses and encounters. For conditional "
        "diverts it uses TGC203's truth table: when it says one of them always holds, one "
        "does, in every state; runs that always hold only through relations the table does "
        "not know are not reported (it may miss those).",
        (_ex("== 101.1\n-> end\nYou never read this.\n"),),
        _ex("== 101.1\nYou read this now.\n-> end\n"),
    ),
    Rule(
        "TGC203", "dead-end", E, "{what} is a dead end: {why}",
        "A body can run off its end.",
        "The reader reaches the end of a verse (or of an inline block) and has nowhere to "
        "go. End the body with a divert (`-> 4`, `-> end`), a choice that is always "
        "offered (`* Leave -> end`, or `* {otherwise} ...` beside guarded ones), a `roll` "
        "or `toss` line, an `encounter` line with an arm for every outcome its kind can "
        "have (`win` and `lose`; blue-deck encounters and `@encounter`s with `kind: "
        "$talk` or `deck: blue` also `avoid`), or conditional diverts that together "
        "always hold (`~ if $attribute >= 3 -> 4` then `~ if $attribute < 3 -> 5`). An empty "
        "body is a dead end too. The diagnostic points at the last line of the body; "
        "while a verse is a draft, `// tgc: ignore[TGC203]` on its header silences it."
        "\n\nHow \"always hold\" is judged (docs/language.md, \"How a body runs\"): the "
        "conditions of the last conditional diverts, or the guards of the choices, are "
        "tried in every case: `X >= n` and `X < n` (and the other complementary "
        "comparisons) are complements, found by trying values of X around every number "
        "written, as are `C` and `not C`, `ask \"Q\"` and `not ask \"Q\"`; every other "
        "condition may be true or false on its own. Prose between the diverts, and "
        "effects that cannot change what they test, do not matter. A choice with a cost "
        "never counts: the reader may be unable to pay."
        "\n\nSoundness: exact for what docs/language.md defines. That definition treats atoms as "
        "independent, so a run whose atoms are related in other ways (`status \"X\"` and "
        "`not status \"X\" 2`) is reported although no playthrough runs off it. It is "
        "silent, and may miss a dead end, where a body lost a line to a syntax error, where "
        "its last conditions name something undeclared (already reported) and where a "
        "run's truth table would pass 4096 rows.",
        (
            _ex("== 101.1\nThe road ends at a wall.\n"),
            _ex("== 101.1\n~ if $attribute >= 3 -> 101.2\n~ if $attribute < 2 -> 101.2\n"
                "== 101.2\n-> end\n"),
            _ex("== 101.1\n* {secret 1} Use the password -> end\n@secret 1 \"Password\"\n"),
            _ex("== 101.1\n* {$attribute >= 3} Climb -> end\n* {$attribute < 2} Walk round -> end\n"),
        ),
        _ex("== 101.1\n~ if $attribute >= 3 -> 101.2\n~ if $attribute < 3 -> 101.2\n"
            "== 101.2\n-> end\n"),
    ),
    Rule(
        "TGC204", "trap-loop", E, "a loop through {verses} that no path leaves and that never ends",
        "Bodies divert to each other with no way out.",
        "These verses lead only to each other and none ends the exploration, so a reader "
        "who enters them can never leave. Give the loop a way out: a choice or divert to a "
        "verse outside it, or a terminal such as `-> end`. A loop left only through a "
        "guarded choice is not reported: the guard may hold. A loop that also holds a dead "
        "end (TGC203) or a line lost to a syntax error is not reported again."
        "\n\nSoundness: exact for the graph, never a false report: a loop reported has no "
        "way out in any playthrough. It misses loops whose only way out is a guard that "
        "can never hold.",
        (_ex("== 101.1\n-> 101.2\n== 101.2\nYou walk in circles.\n-> 101.3\n"
             "== 101.3\nThe same stones again.\n-> 101.2\n"),),
        _ex("== 101.1\n-> 101.2\n== 101.2\nYou walk in circles.\n-> 101.3\n"
            "== 101.3\nThe same stones again.\n* Go on -> 101.2\n* Give up -> end\n"),
    ),
    Rule(
        "TGC205", "bad-roll-arms", E, "{detail}",
        "The arms of a roll miss a total, overlap or can never come up.",
        "`MdN` gives M to M*N; integer modifiers shift that range. The arms must cover every "
        "possible total exactly once: a gap, an overlap or an arm outside the range is an "
        "error. `N+` covers N and everything above, so it may only be the highest arm. "
        "With an attribute modifier (`d6 + $attribute`) the first arm must start at the lowest "
        "possible total and the last arm must be open, because an attribute can grow "
        "without a fixed limit. The check takes attributes to range from 0 upwards "
        "(subtracting one lowers the bottom by up to 5, the tray's highest printed value)."
        "\n\nSoundness: exact for dice and integer modifiers. For a subtracted attribute "
        "it assumes attributes of at most 5.",
        (
            _ex("== 101.1\n~ roll d6: 1-2 -> end; 4-6 -> end\n"),
            _ex("== 101.1\n~ roll d6 + $attribute: 1-3 -> end; 4-6 -> end\n"),
        ),
        _ex("== 101.1\n~ roll d6 + $attribute: 1-3 -> end; 4+ -> end\n"),
    ),
    Rule(
        "TGC206", "bad-toss-arms", E, "a toss needs one `heads` and one `tails` arm: {detail}",
        "A coin toss lacks a side or repeats one.",
        "`~ toss: heads -> A; tails -> B` flips the dial coin: it has exactly two arms, "
        "one for each side.\n\nSoundness: exact.",
        (_ex("== 101.1\n~ toss: heads -> end; heads -> end\n"),),
        _ex("== 101.1\n~ toss: heads -> end; tails -> end\n"),
    ),
    Rule(
        "TGC207", "missing-outcome", W,
        "this encounter has no arm for {missing}: that outcome goes on with the next line",
        "An encounter line with arms lacks an outcome its kind can have.",
        "Encounters end in `win` or `lose`; blue-deck encounters and `@encounter`s with "
        "`kind: $talk` or `deck: blue` can also be avoided. A missing arm continues "
        "after the line, which is legal but usually an oversight once some arms are "
        "written, hence a warning. When the encounter is the last line of its body the "
        "missing arm makes a dead end instead, reported once as TGC203."
        "\n\nSoundness: exact for deck colours and declared encounters. Silent, so it may "
        "miss one, where the encounter's name or deck is unknown or an arm is given twice "
        "(both already reported).",
        (_ex("== 101.1\n~ encounter blue: win -> 101.2; lose -> 101.2\nYou press on.\n-> 101.2\n"
             "== 101.2\n-> end\n"),),
        _ex("== 101.1\n~ encounter blue: win -> 101.2; lose -> 101.2; avoid -> 101.2\n"
            "== 101.2\n-> end\n"),
    ),
    Rule(
        "TGC208", "unused-block", W, "inline block `{name}` of verse `{verse}` is never used",
        "No `-> .name` in its verse reaches an inline block.",
        "Inline blocks are addressable only from inside their verse, so a block that the "
        "verse's own lines (and the blocks they reach) never divert to is never read. When "
        "several blocks hang off one another, only the first unreached one is reported."
        "\n\nSoundness: exact within the verse. A `-> .name` on a line that is never read "
        "(TGC202) still counts as a use, so it may miss such a block.",
        (_ex("== 101.1\n-> .a\n= a\n-> end\n= b\nForgotten.\n-> end\n"),),
        _ex("== 101.1\n~ toss: heads -> .a; tails -> .b\n= a\n-> end\n= b\nRemembered.\n-> end\n"),
    ),
)
