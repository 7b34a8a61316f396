"""Catalogue entries of the family TGC6xx: translations (gettext catalogues in ``l10n/``).

Unlike the other families, an example here is a PO file, not a ``.tgj`` file: it is read
as ``l10n/pt_BR.po`` beside the campaign ``example_campaign()`` below
(tests/test_l10n_catalogue.py runs every example that way).
"""

from __future__ import annotations

from tgc.diagnostics.rule import CAMPAIGN, E, Rule, W, in_words

# The campaign every example translates: its units are `campaign#title`,
# `section.bos#title`, `location.101#title`, `101.1#p1`, `101.1#c1`, `101.1#c2`, and the
# questions `ask#q1` and `ask#q2`.
_EXAMPLE_CAMPAIGN = (
    CAMPAIGN + '@location 101 "Farmhold"\n  explore -> 101.1\n\n'
    "== 101.1\nThe rain has not stopped for three days, and the _well_ is full. :$resource:\n"
    "* Wait it out -> end\n* Walk to the mill -> 2\n\n"
    '== 101.2\n~ if ask "Is the well full?" -> end\n~ if ask "Is the mill far?" -> end\n-> end\n'
)


def example_campaign() -> str:
    """The campaign the examples translate, in the default ruleset's words (which the
    catalogue has once it is loaded)."""
    from tgc.diagnostics.codes import catalogue_words

    return in_words(_EXAMPLE_CAMPAIGN, catalogue_words())


_P1 = "The rain has not stopped for three days, and the _well_ is full. :$resource:"


def _po(context: str, msgid: str, msgstr: str, flags: str = "") -> str:
    flag_line = f"#, {flags}\n" if flags else ""
    return f'{flag_line}msgctxt "{context}"\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n'


_GOOD_P1 = _po("101.1#p1", _P1, "Não para de chover há três dias, e o _poço_ está cheio. :$resource:")

RULES: tuple[Rule, ...] = (
    Rule(
        "TGC601", "missing-translation-entries", W,
        "{count} text(s) of the campaign have no entry in this catalogue (first: `{first}`)",
        "The catalogue lacks entries for texts the campaign has.",
        "Every translatable text of the campaign (a paragraph, a choice, a title...) should "
        "have an entry in each language's catalogue, even an untranslated one, so that "
        "translators see it. Texts added to the sources since the last extraction have "
        "none: run `tgc l10n extract --lang LANG` to add them. Until then they are printed "
        "in the source language. Reported once per catalogue, at its first line.",
        (_GOOD_P1,),
    ),
    Rule(
        "TGC602", "unknown-translation-entry", W,
        "no text of the campaign has the id `{id}`",
        "A catalogue entry's `msgctxt` names no text of the campaign.",
        "The `msgctxt` of each entry is the stable id of one text (`201.1#p2`: the second "
        "paragraph of verse 201.1). An entry whose id names nothing is never used: its text "
        "was removed from the sources, or the id was edited by hand. `tgc l10n extract` "
        "moves such entries to the obsolete section (`#~`) of the file.",
        (_po("101.9#p1", "Gone", "Sumiu"),),
    ),
    Rule(
        "TGC603", "stale-translation", W,
        "the source of `{id}` changed since it was translated",
        "A translation was made for an earlier version of its source text.",
        "When a source text is edited, its id stays and `tgc l10n extract` marks its "
        "translation `fuzzy` (the previous source is kept as `#| msgid`). A stale "
        "translation is not printed: the build falls back to the source text until a "
        "translator updates it and removes the `fuzzy` flag.",
        (_po("101.1#c1", "Wait it out", "Esperar", "fuzzy"),
         _po("101.1#c1", "Wait", "Esperar")),
    ),
    Rule(
        "TGC604", "translation-icons-differ", E,
        "the icons of this translation differ from its source: {detail}",
        "A translation drops, adds or changes an icon token (`:$resource:`).",
        "Icons stand for the game's resources and attributes, so the printed page must show "
        "the same ones in every language. Keep each `:name:` token of the source, in any "
        "position, and add none.",
        (_po("101.1#p1", _P1, "Não para de chover há três dias, e o _poço_ está cheio."),),
    ),
    Rule(
        "TGC605", "translation-emphasis-differs", W,
        "this translation has {got} emphasized run(s) where its source has {want}",
        "A translation's `_italic_` or `**bold**` marks are unbalanced or differ in number.",
        "Emphasis follows CommonMark's rules, as in the sources: an unpaired `_` or `**` is "
        "printed as a literal character. Pair every mark, and keep as many emphasized runs "
        "as the source has (write `\\_` for a literal underscore).",
        (_po("101.1#p1", _P1, "Não para de chover há três dias, e o _poço está cheio. :$resource:"),),
    ),
    Rule(
        "TGC606", "sigil-in-translation", E,
        "this translation contains `{sigil}`, which looks like {what}",
        "Translated text contains a divert, a logic line, a choice or a header.",
        "A translation is only words: where the story goes, what a choice costs and what an "
        "effect does come from the sources and cannot be changed by a catalogue. A "
        "translated `-> 12` or `~ gain 2 $resource` would be printed as text, never obeyed, and "
        "readers would be misled. Remove it (to print such text, escape it in the source).",
        (_po("101.1#c2", "Walk to the mill", "Ir ao moinho -> 3"),
         _po("101.1#p1", _P1, "Chove. :$resource:\\n~ gain 2 $resource")),
    ),
    Rule(
        "TGC607", "empty-translated-choice", E, "the translation of choice `{id}` is blank",
        "A choice is translated to nothing but spaces.",
        "A choice without text cannot be read or picked on the page. An empty `msgstr \"\"` "
        "means untranslated (the source is printed); a translation of spaces is a mistake.",
        (_po("101.1#c1", "Wait it out", "   "),),
    ),
    Rule(
        "TGC608", "translation-too-long", W,
        "this translation is {ratio}% of its source's length",
        "A translation is much longer than its source.",
        "The printed journal has a page budget: a translation more than half again as long "
        "as its source (and at least 40 characters longer) may not fit the layout made for "
        "the source. Shorten it, or check the page.",
        (_po("101.1#c1", "Wait it out",
             "Esperar pacientemente que a chuva pare, sentado junto ao fogo da lareira"),),
    ),
    Rule(
        "TGC609", "bad-catalogue", E, "cannot read this catalogue: {detail}",
        "A translation catalogue is not a valid PO file.",
        "Catalogues in `l10n/` are gettext PO files (UTF-8). The message names the first "
        "line a PO reader cannot read; the file's translations are not used until it is "
        "fixed.",
        ('msgctxt "101.1#c1"\nmsgid "Wait it out"\n\nmsgctxt "101.1#c2"\nmsgid "Walk to the mill"\n'
         'msgstr "Ir ao moinho"\n',),
    ),
    Rule(
        "TGC611", "translated-questions-merge", E,
        "this translation prints question `{id}` as `{other}` already is",
        "Two different `ask` questions would read the same in the translation.",
        "The reader answers each `ask` question once per exploration, and the answer is "
        "remembered by its wording: two questions that read the same would share one answer "
        "in the translated edition, which changes the story's logic. Word them apart.",
        (_po("ask#q1", "Is the well full?", "O moinho está longe?")
         + "\n" + _po("ask#q2", "Is the mill far?", "O moinho está longe?"),),
    ),
    Rule(
        "TGC612", "bad-sheet", E, "cannot read this sheet: {detail}",
        "A translator's sheet given to `tgc l10n import` is not a sheet tgc can read.",
        "`tgc l10n import` reads the sheets `tgc l10n extract --csv` (or `--xlsx`) writes: "
        "a first row naming the columns, with at least `id` and `translation`, then one "
        "row per text. A CSV file must be comma-separated UTF-8 with quotes doubled inside "
        "quoted cells; a row with a translation but no id cannot be placed. Nothing is "
        "imported from a sheet with this error.",
        ("text,translation\nWait it out,Esperar\n",
         'id,translation\n101.1#c1,"Esperar\n',
         "id,where,source,translation,state\n,,Wait it out,Esperar,done\n"),
    ),
    Rule(
        "TGC613", "sheet-unknown-id", W, "this row's id `{id}` names no text of the campaign",
        "A row of an imported sheet names a text the campaign no longer has.",
        "Each row of a translator's sheet is put into the catalogue under its id. An id "
        "that names no text (the text was removed since the sheet was extracted, or the "
        "cell was edited) is skipped; the rest of the sheet is imported.",
        ("id,translation\n101.1#c9,Esperar\n",),
    ),
    Rule(
        "TGC614", "sheet-id-twice", E, "id `{id}` is already on row {first} of this sheet",
        "Two rows of an imported sheet have the same id.",
        "A sheet has one row per text; with two rows for one id tgc cannot tell which "
        "translation is meant, so nothing is imported. Keep one of them.",
        ("id,translation\n101.1#c1,Esperar\n101.1#c1,Aguardar\n",),
    ),
    Rule(
        "TGC615", "glossary-word-unused", W,
        "the source says `{word}`, which this edition prints as `{printed}`, but the translation does not",
        "A translation does not use the glossary's word for a word of the rules.",
        "The pages tgc prints around the campaign's texts name the rules' words (a Secret "
        "Verse, a Location, Food) by the edition's word for them: the catalogue's glossary "
        "entry (`term.WORD#name`), else tgc's own translation. A text that names the same "
        "thing another way leaves the reader wondering whether it is the same thing. Use "
        "the glossary's word, or change the glossary entry.",
        (_po("term.Book of Secrets#name", "Book of Secrets", "Livro dos Mistérios")
         + "\n" + _po("section.bos#title", "Book of Secrets", "Livro dos Segredos"),),
    ),
    Rule(
        "TGC610", "bad-l10n-lock", E, "tgc.l10n.lock: {detail}",
        "The translation id lock file cannot be read.",
        "`tgc.l10n.lock` keeps the id of every translatable text (with a hash of its source) "
        "so ids stay stable when texts are inserted or edited. It is written by "
        "`tgc l10n extract` and should not be edited by hand; restore it from version "
        "control.",
        (),
    ),
)
