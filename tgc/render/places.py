"""Render stage, where things print: a Bundle in; for every verse its page, anchor and
printed number, for every inline block where it is printed, and references worded as the
printed book words them ("go to verse 4", "go to Location 211, verse 4", "read Secret
Verse 12").

An inline block reached by exactly one dice, coin or encounter outcome is printed inside
that outcome, under its label ("1-3:", "Win:"). Every other block is printed after its
verse's own lines, in source order, under its name ("Smith"), and references to it say
"read Smith below" (or "above").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from tgc.bundle import schema as s
from tgc.lexicon import tr
from tgc.render.inline import Inline, ref, say, text

JOURNAL = "journal.html"
SECRETS = "secrets.html"


def ending(kind: str) -> str:
    """``exploration ends``, ``the chapter ends``, ``the game is over``."""
    match kind:
        case "end":
            return tr("exploration ends")
        case "end-chapter":
            return tr("the chapter ends")
    return tr("the game is over")


@dataclass(frozen=True, slots=True)
class Here:
    """Where a reference is printed: the page, the section (None: no section is "this
    one"), the verse, and the block being printed (None: the verse's own lines)."""

    page: str
    section: str | None = None
    verse: str | None = None
    block: str | None = None


@dataclass(frozen=True, slots=True)
class Layout:
    """How a verse's blocks are printed: ``inline`` maps a block to the outcome label it is
    printed under; ``apart`` lists the others in print order."""

    inline: dict[str, str] = field(default_factory=dict)
    apart: tuple[str, ...] = ()


def arm_label(arm: s.DiceArm | s.TossArm | s.OutcomeArm) -> str:
    """``1-3``, ``6``, ``8+``, ``Heads``, ``Win``."""
    if isinstance(arm, s.DiceArm):
        if arm.high is None:
            return f"{arm.low}+"
        return str(arm.low) if arm.high == arm.low else f"{arm.low}-{arm.high}"
    word = arm.side if isinstance(arm, s.TossArm) else arm.outcome
    return word.capitalize()


def arms(op: s.Op | s.Effect) -> tuple[s.DiceArm | s.TossArm | s.OutcomeArm, ...]:
    """The outcome arms of a roll, toss or encounter (also under ``~ if``)."""
    if isinstance(op, s.IfEffect):
        return arms(op.effect)
    if isinstance(op, s.Roll | s.Toss | s.Encounter):
        return op.arms
    return ()


def targets(bundle: s.Bundle) -> Iterator[s.Target]:
    """Every target the bundle holds, wherever it is."""
    for verse in bundle.verses:
        for body in (verse.ops, *(block.ops for block in verse.blocks)):
            for op in body:
                yield from (arm.target for arm in arms(op))
                if isinstance(op, s.IfDivert | s.Divert | s.Choice):
                    yield op.target
    for location in bundle.locations:
        yield from location.hooks.values()
        yield from (action.target for action in location.actions)
    for status in bundle.statuses:
        yield from (trigger.target for trigger in status.triggers)
    for records in (bundle.encounters, bundle.events, bundle.quests):
        for record in records:
            yield from (link.target for link in record.links)


def layout(verse: s.Verse, uses: Counter[tuple[str, str]]) -> Layout:
    """Which blocks print inside an outcome, and the order of the others."""
    blocks = {block.name: block for block in verse.blocks}
    inline: dict[str, str] = {}
    apart: list[str] = []
    placed: set[str] = set()

    def walk(ops: tuple[s.Op, ...]) -> None:
        for op in ops:
            for arm in arms(op):
                goto = arm.target
                if (isinstance(goto, s.Goto) and goto.verse == verse.id and goto.block in blocks
                        and goto.block not in placed and uses[(verse.id, goto.block)] == 1):
                    placed.add(goto.block)
                    inline[goto.block] = arm_label(arm)
                    walk(blocks[goto.block].ops)

    walk(verse.ops)
    for block in verse.blocks:
        if block.name not in placed:
            placed.add(block.name)
            apart.append(block.name)
            walk(block.ops)
    return Layout(inline, tuple(apart))


def block_title(block: str) -> str:
    """A block's printed name: ``lost_way`` prints as ``Lost way``."""
    words = block.replace("_", " ").strip() or block
    return words[0].upper() + words[1:]


class Places:
    """Where every verse and block of a bundle prints, and how references to them read."""

    def __init__(self, bundle: s.Bundle) -> None:
        self.bundle = bundle
        self.sections = {section.name: section for section in bundle.sections}
        self.verses = {verse.id: verse for verse in bundle.verses}
        self.statuses = {status.name: status for status in bundle.statuses}
        uses = Counter((t.verse, t.block) for t in targets(bundle)
                       if isinstance(t, s.Goto) and t.block is not None)
        self.layouts = {verse.id: layout(verse, uses) for verse in bundle.verses if verse.blocks}

    def page(self, section: str) -> str:
        known = self.sections.get(section)
        return SECRETS if known is not None and known.role == "bos" else JOURNAL

    def anchor(self, verse_id: str, block: str | None = None) -> str:
        """``v-201-9`` for a verse (its printed number), ``v-201-9-smith`` for a block."""
        verse = self.verses.get(verse_id)
        section, printed = (verse.section, verse.printed) if verse else verse_id.partition(".")[::2]
        return f"v-{section}-{printed}" + (f"-{block}" if block else "")

    def href(self, verse_id: str, here: Here, block: str | None = None) -> str:
        page = self.page(self.section_of(verse_id))
        return ("" if page == here.page else page) + "#" + self.anchor(verse_id, block)

    def section_of(self, verse_id: str) -> str:
        verse = self.verses.get(verse_id)
        return verse.section if verse else verse_id.partition(".")[0]

    def place(self, verse_id: str, here: Here) -> Inline:
        """A verse as the book names it: ``verse 4`` in its own section, else ``Location
        211, verse 4``, ``Secret Verse 12`` or ``The Tavern, verse 1``."""
        verse = self.verses.get(verse_id)
        section = self.section_of(verse_id)
        printed = verse.printed if verse else verse_id.partition(".")[2]
        info = self.sections.get(section)
        if section == here.section:
            words = tr("verse {number}", number=printed)
        elif info is not None and info.role == "bos":
            words = tr("[[Secret Verse]] {number}", number=printed)
        elif info is not None and info.role == "named":
            words = tr("{section}, verse {number}", section=info.title, number=printed)
        else:
            words = tr("[[Location]] {section}, verse {number}", section=section, number=printed)
        return (ref(words, self.href(verse_id, here)),)

    def block_place(self, goto: s.Goto, here: Here) -> Inline:
        """A block: ``Smith below`` in its own verse, else its verse's place and its name."""
        assert goto.block is not None
        title = block_title(goto.block)
        href = self.href(goto.verse, here, goto.block)
        if goto.verse != here.verse:
            return say("{place}, {block}", place=self.place(goto.verse, here), block=ref(title, href))
        order = self.layouts.get(goto.verse, Layout()).apart
        after = here.block is None or (goto.block in order and here.block in order
                                       and order.index(goto.block) > order.index(here.block))
        return say("{block} below", block=ref(title, href)) if after else say("{block} above",
                                                                             block=ref(title, href))

    def goto(self, target: s.Target, here: Here) -> Inline:
        """Where a target leads, as a phrase: ``go to verse 4``, ``read Secret Verse 12``,
        ``read Smith below``, ``exploration ends``."""
        if isinstance(target, s.End):
            return (text(ending(target.kind)),)
        if target.block is not None:
            return say("read {place}", place=self.block_place(target, here))
        section = self.sections.get(self.section_of(target.verse))
        if section is not None and section.role == "bos" and here.section != section.name:
            return say("read {place}", place=self.place(target.verse, here))
        return say("go to {place}", place=self.place(target.verse, here))

    def printed_name(self, kind: str, key: str) -> str:
        """A status's or item's name as this edition prints it (a translated bundle's
        ``language.names``); conditions and effects name it by its source name."""
        names = self.bundle.language.names if self.bundle.language is not None else {}
        return names.get(f"{kind}:{key}", key)

    def shape(self, status: str) -> str:
        known = self.statuses.get(status)
        return known.shape if known is not None else "flag"
