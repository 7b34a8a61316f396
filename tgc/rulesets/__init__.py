"""Rulesets: the registry of game systems, one package per system under this folder.

Each package ``tgc/rulesets/NAME/`` has a ``spec`` module holding ``SPEC``, a
`RulesetSpec`; the registry finds them by listing this folder (adding a ruleset is
adding a folder) and looks a name up with a did-you-mean, like sqlglot's dialects.
`register` adds one from elsewhere (a test, a plug-in)."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from tgc.rulesets.spec import RulesetSpec, SimNumber, Vocabulary

__all__ = ["RulesetSpec", "UnknownRuleset", "Vocabulary", "declaration_kinds", "default", "get",
           "game_keys", "icon_art", "icon_synonyms", "icons", "libraries", "names", "phrases",
           "register", "registered_rule_data", "rule_data_model", "rule_data_models", "sim_numbers",
           "unregister"]

_specs: dict[str, RulesetSpec] = {}
_found = False
# Every ruleset's declaration kinds and icons, kept until the next registration.
_kinds: dict[str, tuple[str, ...]] = {}
_icons: dict[str, frozenset[str]] = {}
_phrases: dict[str, dict[str, str]] = {}
_art: dict[str, dict[str, str]] = {}


class UnknownRuleset(LookupError):
    """A name no ruleset answers to; ``hint`` is a did-you-mean or the list of names."""

    def __init__(self, name: str) -> None:
        self.name = name
        known = names()
        close = get_close_matches(name, known, n=1, cutoff=0.6)
        self.hint = f"did you mean `{close[0]}`?" if close else "rulesets are " + ", ".join(
            f"`{n}`" for n in known)
        super().__init__(f"unknown ruleset `{name}`")


def register(spec: RulesetSpec) -> RulesetSpec:
    """Make ``spec`` known by its name (a later registration of the same name wins)."""
    _find()
    _specs[spec.name] = spec
    _kinds.clear()
    _icons.clear()
    _phrases.clear()
    _art.clear()
    return spec


def unregister(name: str) -> None:
    """Forget a ruleset registered by `register` (tests clean up with it)."""
    _specs.pop(name, None)
    _kinds.clear()
    _icons.clear()
    _phrases.clear()
    _art.clear()


def get(name: str) -> RulesetSpec:
    """The ruleset a campaign names; `UnknownRuleset` with a did-you-mean otherwise."""
    _find()
    try:
        return _specs[name]
    except KeyError:
        raise UnknownRuleset(name) from None


def names() -> tuple[str, ...]:
    """Every known ruleset name, sorted."""
    _find()
    return tuple(sorted(_specs))


def rule_data_models() -> tuple[type[Any], ...]:
    """The rule-data model (``RULE_DATA``, a ``ruledata.RuleData``) of every ruleset folder
    here that has a ``schema`` module, in folder order: what the bundle's schema is built
    from. Specs are not imported (nor the catalogue codes they register), so the bundle's
    schema stays light; and rulesets added by `register` do not count, so the schema never
    depends on who registered what first."""
    models = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.ispkg and importlib.util.find_spec(f"{__name__}.{info.name}.schema") is not None:
            models.append(importlib.import_module(f"{__name__}.{info.name}.schema").RULE_DATA)
    return tuple(models)


def rule_data_model(tag: str) -> type[Any] | None:
    """The rule-data model of the built-in ruleset folder whose ``ruleset`` tag is ``tag``
    (None when none is): what a bundle's ``rules`` is read with. Only that ruleset's
    models are imported, from the folder the tag names (``twenty-strong`` ->
    ``twenty_strong/``), so loading or building a Tainted Grail campaign never imports
    the other rulesets' records; a folder named otherwise is found by trying them all."""
    folder = tag.replace("-", "_")
    if folder.isidentifier() and importlib.util.find_spec(f"{__name__}.{folder}") is not None:
        if importlib.util.find_spec(f"{__name__}.{folder}.schema") is not None:
            model: type[Any] = importlib.import_module(f"{__name__}.{folder}.schema").RULE_DATA
            if _tag(model) == tag:
                return model
    return next((m for m in rule_data_models() if _tag(m) == tag), None)


def _tag(model: type[Any]) -> object:
    """The ``ruleset`` a rule-data model writes (its field's default)."""
    field = model.model_fields.get("ruleset")
    return field.default if field is not None else None


def registered_rule_data(name: str | None) -> type[Any] | None:
    """The rule-data model of a ruleset registered from outside tgc's folders that names
    its ``schema`` module (None for a built-in one, whose model the bundle's union holds,
    and for any other name)."""
    spec = _specs.get(name) if name is not None else None
    if spec is None or spec.schema is None:
        return None
    model: type[Any] = importlib.import_module(spec.schema).RULE_DATA
    return model


def declaration_kinds() -> tuple[str, ...]:
    """The declaration kinds every registered ruleset adds to the core's, each once, in
    name order (the parser accepts them all; the symbols stage checks the campaign's)."""
    _find()
    if not _kinds:
        kinds: dict[str, None] = {}
        for name in sorted(_specs):
            kinds.update(dict.fromkeys(_specs[name].vocabulary.declarations))
        _kinds["all"] = tuple(kinds)
    return _kinds["all"]


def phrases() -> dict[str, str]:
    """Every registered ruleset's effect phrases with their argument shapes (the parser
    reads a phrase before the campaign's ruleset is known, as it does declaration kinds;
    the resolver checks the campaign's ruleset declares it). The first declaration of a
    phrase, in name order, gives its shape. A game a verse starts (``Vocabulary.games``)
    is a phrase of shape ``game``: its keys are `game_keys`."""
    _find()
    if "all" not in _phrases:
        found: dict[str, str] = {}
        for name in sorted(_specs):
            vocabulary = _specs[name].vocabulary
            for phrase, shape in vocabulary.phrases.items():
                found.setdefault(phrase, shape)
            for phrase in vocabulary.games:
                found.setdefault(phrase, "game")
        _phrases["all"] = found
    return _phrases["all"]


def sim_numbers() -> tuple[SimNumber, ...]:
    """Every registered ruleset's `tgc sim` numbers, each name once (the first, in name
    order): the command offers them all, as `tgc play --fights` offers every policy, and
    the simulator of a campaign refuses the ones its ruleset does not take."""
    _find()
    found: dict[str, SimNumber] = {}
    for name in sorted(_specs):
        for number in _specs[name].sim_numbers:
            found.setdefault(number.name, number)
    return tuple(found.values())


def game_keys(phrase: str) -> dict[str, str]:
    """The ``KEY`` arguments of a game phrase and each one's shape (``name`` or
    ``number``), from the first registered ruleset, in name order, that declares it."""
    _find()
    for name in sorted(_specs):
        keys = _specs[name].vocabulary.games.get(phrase)
        if keys is not None:
            return dict(keys)
    return {}


def icons() -> frozenset[str]:
    """Every registered ruleset's ``:word:`` icons. Prose is parsed before the campaign's
    ruleset is known (and a bundle's markup read without it), so an icon of any ruleset
    is an icon; the words a campaign may *use* are its own ruleset's."""
    _find()
    if not _icons:
        _icons["all"] = frozenset().union(*(spec.vocabulary.icons for spec in _specs.values()))
    return _icons["all"]


def icon_art() -> dict[str, str]:
    """The drawing of each icon, by word: the SVG file ``icons/WORD.svg`` of the built-in
    ruleset folder that has one (the first in folder order), for an icon some registered
    ruleset declares. The renderer prints these glyphs in place of the icon's name; an
    icon without a drawing (a registered ruleset's, say) keeps its printed name."""
    if "art" not in _art:
        wanted, found = icons(), dict[str, str]()
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
            folder = Path(__path__[0]) / info.name / "icons"
            if info.ispkg and folder.is_dir():
                for path in sorted(folder.glob("*.svg")):
                    if path.stem in wanted:
                        found.setdefault(path.stem, path.read_text(encoding="utf-8").strip())
        _art["art"] = found
    return _art["art"]


def icon_synonyms() -> dict[str, str]:
    """Every registered ruleset's icon synonyms (``gold`` -> ``wealth``), for the hint of
    an unknown icon; a word one ruleset has as an icon is never another's synonym."""
    _find()
    found: dict[str, str] = {}
    for name in sorted(_specs):
        for word, icon in sorted(_specs[name].vocabulary.icon_synonyms.items()):
            found.setdefault(word, icon)
    return {word: icon for word, icon in found.items() if word not in icons()}


def libraries() -> dict[str, Path]:
    """The rules libraries that ship with tgc, by name: each folder ``library/NAME/`` of
    a built-in ruleset's package holds ``.tgj`` rule data (characters, cards, encounters)
    that a campaign takes in with ``include = ["NAME"]`` in its configuration."""
    found: dict[str, Path] = {}
    for info in pkgutil.iter_modules(__path__):
        folder = Path(__path__[0]) / info.name / "library"
        if info.ispkg and folder.is_dir():
            for library in sorted(folder.iterdir()):
                if library.is_dir() and not library.name.startswith((".", "_")):
                    found.setdefault(library.name, library)
    return found


def default() -> RulesetSpec:
    """The ruleset of a campaign that names none: the one spec marked ``default``."""
    _find()
    marked = [spec for spec in _specs.values() if spec.default]
    assert len(marked) == 1, f"exactly one ruleset must be the default, found {len(marked)}"
    return marked[0]


def _find() -> None:
    global _found
    if _found:
        return
    _found = True
    for info in pkgutil.iter_modules(__path__):
        # A folder is a ruleset once it declares itself (a spec module); until then it is
        # a package like any other.
        if info.ispkg and importlib.util.find_spec(f"{__name__}.{info.name}.spec") is not None:
            module = importlib.import_module(f"{__name__}.{info.name}.spec")
            spec: RulesetSpec = module.SPEC
            _specs.setdefault(spec.name, spec)
    # The catalogue's texts are written with placeholders for a ruleset's words.
    from tgc.diagnostics.codes import write_in_words

    write_in_words(default().catalogue_words())
