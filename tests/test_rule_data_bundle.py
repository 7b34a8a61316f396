"""Typed rule data in the bundle (format 3): each built-in ruleset's records compile into
``Bundle.rules``, tagged by ``ruleset``; the JSON round trip gives the same records the
loader builds from the sources, byte for byte whatever the hash seed, and the bundle's
JSON Schema describes every ruleset's records."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tgc.bundle.io import dump_bundle, parse_bundle
from tgc.bundle.schema import json_schema
from tgc.pipeline import compile_folder
from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.rulesets.twenty_strong.data import Box

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = {"tainted-grail": (REPO / "journal_src", TaintedGrailRules),
            "twenty-strong": (REPO / "examples" / "twenty_strong", Box),
            "grimslingers": (REPO / "examples" / "grimslingers", TallTale)}


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_the_bundle_carries_the_rulesets_typed_records(ruleset: str) -> None:
    folder, model = EXAMPLES[ruleset]
    bundle = compile_folder(folder)
    assert isinstance(bundle.rules, model) and bundle.rules.ruleset == ruleset
    text = dump_bundle(bundle)
    again = parse_bundle(text)
    assert again.rules == bundle.rules and dump_bundle(again) == text
    assert json.loads(text)["rules"]["ruleset"] == ruleset


def test_a_ruleset_s_declarations_are_not_also_generic_records() -> None:
    bundle = compile_folder(EXAMPLES["twenty-strong"][0])
    assert isinstance(bundle.rules, Box) and bundle.rules.heroes and bundle.rules.bosses
    data = json.loads(dump_bundle(bundle))
    assert (data["encounters"], data["events"], data["quests"]) == ([], [], [])
    assert "cards" not in data and len(data["rules"]["cards"]) == len(bundle.rules.cards) > 0


@pytest.mark.parametrize("ruleset", ["twenty-strong", "grimslingers"])
def test_typed_records_give_the_same_bytes_whatever_the_hash_seed(ruleset: str) -> None:
    script = ("import sys; from pathlib import Path; from tgc.pipeline import compile_folder; "
              "from tgc.bundle.io import dump_bundle; "
              f"sys.stdout.write(dump_bundle(compile_folder(Path({str(EXAMPLES[ruleset][0])!r}))))")
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
               for seed in ("0", "1", "4242")}
    assert len(outputs) == 1


def test_the_json_schema_describes_every_ruleset_s_records() -> None:
    schema = json.loads(json_schema())
    rules = schema["properties"]["rules"]
    tags = {d["properties"]["ruleset"]["const"] for d in schema["$defs"].values()
            if "ruleset" in d.get("properties", {}) and "const" in d["properties"]["ruleset"]}
    assert tags == set(EXAMPLES)
    assert "anyOf" in rules or "oneOf" in json.dumps(rules)


def test_a_character_s_abilities_are_written_only_when_it_has_an_action() -> None:
    """A bundle of characters without Character Actions keeps the fields a reader from
    before ACT-5 knows, so the bundle format stays 3; Beor's action is still carried."""
    text = (REPO / "tests" / "cases" / "campaigns" / "sample.bundle.json").read_text(encoding="utf-8")
    characters = {c["name"]: c for c in json.loads(text)["rules"]["characters"]}
    older = {"name", "number", "colour", "health", "energy", "terror", "attributes", "resources",
             "combat", "diplomacy", "combat_pool", "diplomacy_pool", "text"}
    assert [n for n, c in characters.items() if set(c) != older] == ["Beor"]
    assert set(characters["Beor"]) == older | {"abilities"}
    rules = parse_bundle(text).rules
    assert isinstance(rules, TaintedGrailRules)
    by_name = {c.name: c for c in rules.characters}
    assert by_name["Beor"].abilities and by_name["Beor"].abilities[0].trigger == "action"
    assert all(not c.abilities for n, c in by_name.items() if n != "Beor")


def test_rule_data_is_read_by_the_model_its_tag_names() -> None:
    """A bundle's ``rules`` find their model by their tag, in the folder the tag names,
    without the other rulesets' models (tests/test_bundle.py checks the imports)."""
    from tgc.rulesets import rule_data_model, rule_data_models

    for model in rule_data_models():
        assert rule_data_model(model.model_fields["ruleset"].default) is model
    assert rule_data_model("tainted-grial") is None


@pytest.mark.parametrize(("change", "message"), [
    ({"ruleset": "tainted-grial"}, "at $.rules: Input tag 'tainted-grial' found using 'ruleset' does "
     "not match any of the expected tags: 'grimslingers', 'tainted-grail', 'twenty-strong'"),
    ({"characters": [{"health": "x"}]}, "at $.rules.tainted-grail.characters[0].health: Input "
     "should be an object"),
])
def test_rule_data_its_model_refuses_gets_the_errors_of_the_union(change: dict[str, object],
                                                                   message: str) -> None:
    """What the tag's model refuses is judged by the union of every ruleset's models, so a
    bad tag lists the tags there are and a bad record is named by its tag and path."""
    from tgc.bundle.io import BundleError

    data = json.loads((REPO / "tests" / "cases" / "campaigns" / "sample.bundle.json").read_text(
        encoding="utf-8"))
    for key, value in change.items():
        if isinstance(value, list):
            data["rules"][key][0].update(value[0])
        else:
            data["rules"][key] = value
    with pytest.raises(BundleError) as err:
        parse_bundle(json.dumps(data), "x.json")
    assert str(err.value) == f"x.json: not a valid bundle (1 problem):\n  {message}"
