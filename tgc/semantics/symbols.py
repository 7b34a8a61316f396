"""The symbol table: collects every declaration and verse of all files into a Campaign,
reporting duplicates at the second site with a label at the first. References are
not looked at here (that is ``resolve``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from tgc import rulesets
from tgc.diagnostics.codes import diag, did_you_mean
from tgc.diagnostics.model import Diagnostic, Label
from tgc.semantics.model import (
    DIRECTIONS,
    Campaign,
    CampaignInfo,
    ItemInfo,
    LocationInfo,
    SecretInfo,
    SectionInfo,
    StatusInfo,
    StatusShape,
    VerseInfo,
    block_id,
    canonical_section,
    canonical_verse,
    status_shape,
)
from tgc.source import Span
from tgc.syntax import ast

# Properties each core declaration understands; generic declarations take any. A
# location also takes its ruleset's hooks.
KNOWN_PROPS: dict[str, frozenset[str]] = {
    "campaign": frozenset({"ruleset", "start", "players", "text", "author", "version"}),
    "section": frozenset({"text"}),
    "status": frozenset({"when", "text"}),
    "secret": frozenset({"keywords", "text"}),
    "item": frozenset({"keywords", "text"}),
    "location": frozenset({"legacy", "seals", "keys", "action", "text"}),
}
CORE_KINDS = frozenset({"campaign", "section", "status", "secret", "item", "location", "event",
                        "quest", "encounter"})


class SymbolCollector:
    """Fills a Campaign's tables from the files, in path order (first wins)."""

    def __init__(self, files: Iterable[ast.File]) -> None:
        chosen = tuple(files)
        self.spec = _ruleset_of(chosen)
        self.vocabulary = self.spec.vocabulary
        self.campaign = Campaign(chosen, ruleset=self.spec, vocabulary=self.vocabulary)
        self.diags: list[Diagnostic] = []
        self.campaign.sections["bos"] = SectionInfo("bos", "Book of Secrets", "bos")
        self.first_campaign: ast.Declaration | None = None
        self.info: CampaignInfo | None = None
        self.known_props = {**KNOWN_PROPS,
                            "campaign": KNOWN_PROPS["campaign"] | set(self.vocabulary.campaign_keys),
                            "location": KNOWN_PROPS["location"] | set(self.vocabulary.hooks),
                            "item": KNOWN_PROPS["item"] | set(self.vocabulary.item_keys)}

    def run(self) -> tuple[Campaign, list[Diagnostic]]:
        for file in self.campaign.files:
            for item in file.items:
                if isinstance(item, ast.Declaration):
                    self.declaration(item)
        for file in self.campaign.files:
            for item in file.items:
                if isinstance(item, ast.Verse):
                    self.verse(item)
        if self.first_campaign is None:
            self.missing_campaign()
        return replace(self.campaign, info=self.info), self.diags

    # ------------------------------------------------------------ helpers

    def duplicate(self, span: Span, first: Span, what: str) -> None:
        self.diags.append(diag("TGC111", span, labels=(Label(first, "first declared here"),),
                               hint="remove one of them, or give this one another name",
                               what=what))

    def check_props(self, decl: ast.Declaration) -> None:
        known = self.known_props.get(decl.kind)
        if known is None:
            return
        for prop in decl.props:
            key = _prop_key(prop)
            if key not in known:
                self.diags.append(diag("TGC119", prop.span, key=key, kind=decl.kind,
                                       hint=did_you_mean(key, known)))

    # ------------------------------------------------------------ declarations

    def declaration(self, decl: ast.Declaration) -> None:
        if decl.kind not in CORE_KINDS and decl.kind not in self.vocabulary.declarations:
            self.foreign_kind(decl)
            return
        self.check_props(decl)
        handler = getattr(self, f"decl_{decl.kind}", None)
        if handler is not None:
            handler(decl)
        elif decl.kind == "encounter":
            self.decl_encounter(decl)
        elif decl.kind in ("event", "quest"):
            self.campaign.events.append(decl)
        else:
            self.campaign.others.append(decl)

    def foreign_kind(self, decl: ast.Declaration) -> None:
        """A declaration kind of another ruleset than the campaign's."""
        owners = [name for name in rulesets.names()
                  if decl.kind in rulesets.get(name).vocabulary.declarations]
        head = decl.header_span
        span = head._replace(end_line=head.line, end_col=head.col + len(decl.kind) + 1)
        self.diags.append(diag("TGC002", span, kind=decl.kind,
                               hint=f"`@{decl.kind}` belongs to the `{'`, `'.join(owners)}` "
                               f"ruleset; this campaign's ruleset is `{self.spec.name}`"))

    def decl_campaign(self, decl: ast.Declaration) -> None:
        if self.first_campaign is not None:
            self.duplicate(decl.header_span, self.first_campaign.header_span, "the campaign")
            return
        self.first_campaign = decl
        ruleset, start, players = self.spec.name, None, (1, 4)
        for prop in decl.props:
            if isinstance(prop, ast.NumberProp) and prop.key == "start":
                start = prop.low
            elif isinstance(prop, ast.NumberProp) and prop.key == "players":
                players = (prop.low, prop.high)
                if not 1 <= prop.low <= prop.high:
                    self.diags.append(diag("TGC117", prop.span,
                                           detail="players must be a range such as `1-4`"))
            elif isinstance(prop, ast.Prop) and prop.key == "ruleset":
                ruleset = str(prop.value)
                try:
                    rulesets.get(ruleset)
                except rulesets.UnknownRuleset as err:
                    self.diags.append(diag("TGC117", prop.span, detail=str(err), hint=err.hint))
        if start is None:
            self.diags.append(diag("TGC114", decl.header_span,
                                   detail="the campaign has no `start:` location",
                                   hint="add `  start: 101` with the first location's number"))
        self.info = CampaignInfo(str(decl.args[0]), ruleset, start, players, decl)

    def decl_section(self, decl: ast.Declaration) -> None:
        name = str(decl.args[0])
        title = str(decl.args[1]) if len(decl.args) > 1 else name
        if name in ("end", "game"):
            self.diags.append(diag("TGC008", decl.header_span, name=name, what="a section"))
            return
        if name == "bos":
            old = self.campaign.sections["bos"]
            if old.span is not None:
                self.duplicate(decl.header_span, old.span, "section `bos`")
                return
            self.campaign.sections["bos"] = SectionInfo("bos", title, "bos", decl.header_span)
            return
        existing = self.campaign.sections.get(name)
        if existing is not None and existing.span is not None:
            self.duplicate(decl.header_span, existing.span, f"section `{name}`")
            return
        self.campaign.sections[name] = SectionInfo(name, title, "named", decl.header_span)

    def decl_status(self, decl: ast.Declaration) -> None:
        name = str(decl.args[0])
        if name in self.campaign.statuses:
            self.duplicate(decl.header_span, self.campaign.statuses[name].decl.header_span,
                           f'status "{name}"')
            return
        shape: StatusShape = "flag"
        size = 1
        if len(decl.args) == 3:
            shape, size = status_shape(str(decl.args[1])), int(decl.args[2])
            if size < 1:
                unit = "part" if shape == "parts" else "box"
                self.diags.append(diag("TGC121", decl.header_span,
                                       detail=f"a status needs at least 1 {unit}"))
                size = 1
        triggers = tuple(p for p in decl.props if isinstance(p, ast.Trigger))
        text = _text_of(decl)
        self.campaign.statuses[name] = StatusInfo(name, shape, size, decl, triggers, text)

    def decl_secret(self, decl: ast.Declaration) -> None:
        number, title = int(decl.args[0]), str(decl.args[1])
        if number in self.campaign.secrets:
            self.duplicate(decl.header_span, self.campaign.secrets[number].decl.header_span,
                           f"secret {number}")
            return
        keywords = _keywords_of(decl)
        self.campaign.secrets[number] = SecretInfo(number, title, decl, keywords, _text_of(decl))

    def decl_item(self, decl: ast.Declaration) -> None:
        name = str(decl.args[0])
        if name in self.campaign.items:
            self.duplicate(decl.header_span, self.campaign.items[name].decl.header_span,
                           f'item "{name}"')
            return
        keywords = _keywords_of(decl)
        self.campaign.item_keywords.update(keywords)
        self.campaign.items[name] = ItemInfo(name, decl, keywords, _text_of(decl))

    def decl_encounter(self, decl: ast.Declaration) -> None:
        if not decl.args or not isinstance(decl.args[0], str):
            return  # unnamed encounter data: nothing refers to it by name
        name = str(decl.args[0])
        if name in self.campaign.encounters:
            self.duplicate(decl.header_span, self.campaign.encounters[name].header_span,
                           f'encounter "{name}"')
            return
        self.campaign.encounters[name] = decl

    def decl_location(self, decl: ast.Declaration) -> None:
        number = int(decl.args[0])
        title = str(decl.args[1]) if len(decl.args) > 1 else f"Location {number}"
        if number in self.campaign.locations:
            self.duplicate(decl.header_span, self.campaign.locations[number].decl.header_span,
                           f"location {number}")
            return
        info = LocationInfo(number, title, decl, text=_text_of(decl))
        actions: list[ast.Action] = []
        for prop in decl.props:
            self.location_prop(info, prop, actions)
        info.actions = tuple(actions)
        if "explore" not in info.hooks:
            self.diags.append(diag("TGC121", decl.header_span,
                                   detail=f"location {number} has no `explore` hook",
                                   hint=f"add `  explore -> {number}.1` with the verse read "
                                   "when the location is explored"))
        self.hook_seals(info)
        self.campaign.locations[number] = info
        self.campaign.sections[str(number)] = SectionInfo(str(number), title, "location",
                                                          decl.header_span)

    def location_prop(self, info: LocationInfo, prop: ast.Property,
                      actions: list[ast.Action]) -> None:
        if isinstance(prop, ast.NumberProp) and prop.key == "legacy":
            info.legacy, info.legacy_span = prop.low, prop.span
        elif isinstance(prop, ast.ListProp) and prop.key == "seals":
            for seal in prop.items:
                seals = self.vocabulary.seals
                if seal not in seals:
                    self.diags.append(diag("TGC117", prop.span, detail=f"unknown seal `{seal}`",
                                           hint=did_you_mean(seal, seals)
                                           or ("seals are " + ", ".join(seals) if seals
                                               else f"the `{self.spec.name}` ruleset has no seals")))
            info.seals = prop.items
        elif isinstance(prop, ast.ListProp) and prop.key == "keys":
            info.keys = self.location_keys(prop)
        elif isinstance(prop, ast.RefProp) and prop.key in self.vocabulary.hooks:
            if prop.key in info.hooks:
                self.diags.append(diag("TGC117", prop.span,
                                       detail=f"the `{prop.key}` hook is given twice"))
            info.hooks[prop.key] = prop.target
        elif isinstance(prop, ast.Action):
            actions.append(prop)

    def location_keys(self, prop: ast.ListProp) -> tuple[ast.Key, ...]:
        seen: dict[str, ast.Key] = {}
        keys: list[ast.Key] = []
        for key in prop.keys:
            if key.direction not in DIRECTIONS:
                self.diags.append(diag("TGC117", key.span,
                                       detail=f"unknown key direction `{key.direction}`",
                                       hint=did_you_mean(key.direction, DIRECTIONS)
                                       or "directions are up, down, left and right"))
                continue
            if key.direction in seen:
                self.diags.append(diag("TGC117", key.span,
                                       detail=f"the `{key.direction}` key is given twice",
                                       labels=(Label(seen[key.direction].span, "first here"),)))
                continue
            seen[key.direction] = key
            keys.append(key)
        return tuple(keys)

    def hook_seals(self, info: LocationInfo) -> None:
        for hook, seal in self.vocabulary.hook_seals.items():
            if hook in info.hooks and seal not in info.seals:
                target = info.hooks[hook]
                span = _hook_span(info.decl, hook) or target.span
                self.diags.append(diag("TGC118", span,
                                       detail=f"location {info.number} has a `{hook}` hook "
                                       f"but no `{seal}` seal",
                                       hint=f"add `{seal}` to `seals:` or remove the hook"))

    # ------------------------------------------------------------ verses

    def verse(self, verse: ast.Verse) -> None:
        section = canonical_section(verse.id.section)
        vid = f"{section}.{canonical_verse(verse.id.verse)}"
        existing = self.campaign.verses.get(vid)
        if existing is not None:
            self.diags.append(diag("TGC110", verse.id.span, id=vid,
                                   labels=(Label(existing.span, "first declared here"),),
                                   hint="give one of them another number or name"))
            return
        info = VerseInfo(vid, section, verse)
        for block in verse.blocks:
            if not block.name:
                continue
            if block.name in info.blocks:
                self.duplicate(block.span, info.blocks[block.name].span,
                               f"inline block `{block.name}` of verse {vid}")
                continue
            info.blocks[block.name] = block
        self.campaign.verses[vid] = info

    def missing_campaign(self) -> None:
        files = self.campaign.files
        name = files[0].name if files else "."
        self.diags.append(diag("TGC114", Span(name, 1, 1, 1, 1),
                               detail="the campaign has no `@campaign` declaration",
                               hint='add `@campaign "Title"` with `start:` in one file'))


def _prop_key(prop: ast.Property) -> str:
    if isinstance(prop, ast.Action):
        return "action"
    if isinstance(prop, ast.Trigger):
        return "when"
    return prop.key


def _text_of(decl: ast.Declaration) -> str:
    for prop in decl.props:
        if isinstance(prop, ast.Prop) and prop.key == "text" and isinstance(prop.value, str):
            return prop.value
    return ""


def _keywords_of(decl: ast.Declaration) -> tuple[str, ...]:
    for prop in decl.props:
        if isinstance(prop, ast.ListProp) and prop.key == "keywords":
            return prop.items
    return ()


def _hook_span(decl: ast.Declaration, hook: str) -> Span | None:
    for prop in decl.props:
        if isinstance(prop, ast.RefProp) and prop.key == hook:
            return prop.span
    return None


def _ruleset_of(files: Iterable[ast.File]) -> rulesets.RulesetSpec:
    """The ruleset the first ``@campaign`` names (the default when it names none, or one
    that does not exist: that mistake is reported with the campaign)."""
    for file in files:
        for item in file.items:
            if isinstance(item, ast.Declaration) and item.kind == "campaign":
                for prop in item.props:
                    if isinstance(prop, ast.Prop) and prop.key == "ruleset":
                        try:
                            return rulesets.get(str(prop.value))
                        except rulesets.UnknownRuleset:
                            return rulesets.default()
                return rulesets.default()
    return rulesets.default()


def collect(files: Iterable[ast.File]) -> tuple[Campaign, list[Diagnostic]]:
    """Build the symbol tables of a campaign from its parsed files."""
    return SymbolCollector(files).run()


def with_new_prose(campaign: Campaign, old: Sequence[ast.File], new: Sequence[ast.File]) -> Campaign:
    """The campaign collected from ``old``, holding the trees of ``new`` instead: files of
    the same shape (syntax.shape), item for item, so that only words of prose differ.
    The tables are the same but for the verses of the files that changed, which now hold
    their new trees (same ids, same blocks, same order); what collect() would build from
    ``new``, without walking every file again (an editor does this on every keystroke)."""
    verses = dict(campaign.verses)
    for before, after in zip(old, new, strict=True):
        if before is after:
            continue
        for was, now in zip(before.items, after.items, strict=True):
            if not isinstance(was, ast.Verse) or not isinstance(now, ast.Verse) or was is now:
                continue
            vid = f"{canonical_section(was.id.section)}.{canonical_verse(was.id.verse)}"
            info = verses.get(vid)
            if info is None or info.verse is not was:
                continue  # a second copy of an id (TGC110) is in no table
            fresh = VerseInfo(vid, info.section, now)
            fresh.blocks = {name: now.blocks[i] for name, i in _block_positions(was, info).items()}
            verses[vid] = fresh
    return replace(campaign, files=tuple(new), verses=verses)


def collect_again(campaign: Campaign, old: Sequence[ast.File], new: Sequence[ast.File],
                  diags: Sequence[Diagnostic]) -> tuple[Campaign, bool] | None:
    """What ``collect(new)`` would build (its diagnostics are ``diags``, those of
    collecting ``old``), from the campaign collected from ``old`` (an editor's last run,
    resolved or not), and whether it holds the same verses and blocks in the same order:
    when every file that changed keeps its declarations as they were and no diagnostic
    of the collection points into it. Then the tables are the same but for the changed
    files' verses: when their ids and blocks are the same, in order, they hold their new
    trees; else (a verse added, removed or renamed) the changed files' verses are
    tabled again in their places, when that adds no diagnostic (no id or block name
    repeated). None when that cannot be told (collect again). Work in proportion to the
    changed files (and, when verse ids come or go, one pass over the verse table)."""
    if len(old) != len(new):
        return None
    renamed: list[ast.File] = []
    for before, after in zip(old, new, strict=True):
        if before is after:
            continue
        if before.name != after.name or any(_points_into(d, after.name) for d in diags):
            return None
        if _same_names(before, after):
            continue
        if _declarations(before) != _declarations(after):
            return None
        renamed.append(after)
    if not renamed:
        return replace(with_new_prose(campaign, old, new), targets={}, unresolved=set()), True
    verses = _tabled_again(campaign, renamed)
    if verses is None:
        return None
    return replace(campaign, files=tuple(new), verses=verses, targets={}, unresolved=set()), False


def _same_names(before: ast.File, after: ast.File) -> bool:
    """The same declarations, and verses of the same ids and blocks, item for item."""
    if len(before.items) != len(after.items):
        return False
    for was, now in zip(before.items, after.items, strict=True):
        if isinstance(was, ast.Verse) and isinstance(now, ast.Verse):
            if _verse_names(was) != _verse_names(now):
                return False
        elif was != now:
            return False
    return True


def _declarations(file: ast.File) -> list[ast.Item]:
    return [item for item in file.items if not isinstance(item, ast.Verse)]


def _tabled_again(campaign: Campaign, files: list[ast.File]) -> dict[str, VerseInfo] | None:
    """The verse table with the verses of ``files`` (changed files whose declarations
    stand) tabled anew where the old table held that file's first verse; None when a
    new id or block name repeats one (a diagnostic collect() would add) or a file held
    no verse before (its place in the table is not known)."""
    names = {file.name for file in files}
    fresh: dict[str, dict[str, VerseInfo]] = {}
    for file in files:
        table: dict[str, VerseInfo] = {}
        for item in file.items:
            if not isinstance(item, ast.Verse):
                continue
            section = canonical_section(item.id.section)
            vid = f"{section}.{canonical_verse(item.id.verse)}"
            existing = campaign.verses.get(vid)
            if vid in table or (existing is not None and existing.verse.id.span.file not in names):
                return None
            info = VerseInfo(vid, section, item)
            for block in item.blocks:
                if not block.name:
                    continue
                if block.name in info.blocks:
                    return None
                info.blocks[block.name] = block
            table[vid] = info
        fresh[file.name] = table
    verses: dict[str, VerseInfo] = {}
    for vid, info in campaign.verses.items():
        name = info.verse.id.span.file
        if name in names:
            if name in fresh:
                verses.update(fresh.pop(name))
        else:
            verses[vid] = info
    return None if fresh else verses


def _verse_names(verse: ast.Verse) -> tuple[str, str, tuple[str, ...]]:
    return (canonical_section(verse.id.section), canonical_verse(verse.id.verse),
            tuple(block.name for block in verse.blocks))


def _points_into(d: Diagnostic, name: str) -> bool:
    return d.span.file == name or any(label.span.file == name for label in d.labels)


def _block_positions(verse: ast.Verse, info: VerseInfo) -> dict[str, int]:
    """Where each of the verse's tabled blocks stands among its blocks (in table order)."""
    return {name: next(i for i, b in enumerate(verse.blocks) if b is block)
            for name, block in info.blocks.items()}


__all__ = ["collect", "block_id"]
