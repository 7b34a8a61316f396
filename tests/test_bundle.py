"""The compiled bundle: goldens, byte-identical output across runs and hash seeds, the
JSON round trip, the exported JSON Schema, and a schema module the runtime can import
without the compiler."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from typing import get_args

import pytest
from pydantic import BaseModel

from tests.bundle_helpers import CAMPAIGNS, REPO, SAMPLE, compile_dir
from tests.golden import Golden
from tgc.bundle import schema as schema_module
from tgc.bundle.io import dump_bundle, parse_bundle
from tgc.bundle.schema import BUNDLE_FORMAT, json_schema

SCHEMA_PATH = REPO / "docs" / "bundle.schema.json"


def test_sample_campaign_golden(golden: Golden) -> None:
    golden(CAMPAIGNS / "sample.bundle.json", compile_dir(SAMPLE))


def test_every_construct_golden(golden: Golden) -> None:
    golden(CAMPAIGNS / "every_construct.bundle.json", compile_dir(CAMPAIGNS / "every_construct"))


def test_every_operation_and_condition_kind_appears_in_the_goldens() -> None:
    """So a new schema kind cannot be added without a golden showing it compiled."""
    text = compile_dir(CAMPAIGNS / "every_construct")
    kinds: set[str] = set()
    _collect(json.loads(text), kinds)
    declared = {v for model in vars(schema_module).values()
                if isinstance(model, type) and issubclass(model, BaseModel)
                and model.__module__ == schema_module.__name__ and "kind" in model.model_fields
                for v in get_args(model.model_fields["kind"].annotation)}
    assert declared - kinds == set()


def _collect(node: object, into: set[str]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("kind"), str):
            into.add(node["kind"])
        for value in node.values():
            _collect(value, into)
    elif isinstance(node, list):
        for value in node:
            _collect(value, into)


def test_two_runs_give_the_same_bytes() -> None:
    assert compile_dir(SAMPLE) == compile_dir(SAMPLE)


@pytest.mark.parametrize("seed", ["0", "1", "4242"])
def test_hash_seed_does_not_change_the_bytes(seed: str) -> None:
    script = ("import hashlib, sys\nfrom tests.bundle_helpers import SAMPLE, compile_dir\n"
              "sys.stdout.write(hashlib.sha256(compile_dir(SAMPLE).encode()).hexdigest())\n")
    env = {**os.environ, "PYTHONHASHSEED": seed}
    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env,
                          capture_output=True, text=True, check=True)
    assert proc.stdout == hashlib.sha256(compile_dir(SAMPLE).encode()).hexdigest()


def test_json_round_trip_is_lossless() -> None:
    text = compile_dir(CAMPAIGNS / "every_construct")
    bundle = parse_bundle(text)
    assert bundle.format == BUNDLE_FORMAT
    assert dump_bundle(bundle) == text
    assert parse_bundle(dump_bundle(bundle)) == bundle


def test_canonical_json_shape() -> None:
    text = compile_dir(SAMPLE)
    assert text.endswith("}\n") and text.count("\n") == 1
    assert json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False) + "\n" == text


def test_source_map_is_relative_to_the_campaign_folder() -> None:
    bundle = parse_bundle(compile_dir(SAMPLE))
    where = bundle.source_map["201.forge"]
    lines = (SAMPLE / "locations" / "201-caer-morwen.tgj").read_text(encoding="utf-8").split("\n")
    assert (where.file, where.line) == ("locations/201-caer-morwen.tgj", lines.index("== 201.forge") + 1)
    assert bundle.source_map["201.forge.smith"].line > where.line


def test_json_schema_is_current(request: pytest.FixtureRequest) -> None:
    expected = json_schema()
    if request.config.getoption("--update-goldens"):
        SCHEMA_PATH.write_text(expected, encoding="utf-8")
        return
    actual = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.exists() else None
    if actual != expected:
        pytest.fail(f"{SCHEMA_PATH} is out of date with tgc/bundle/schema.py; regenerate it with "
                    "`pytest tests/test_bundle.py --update-goldens` and commit it.", pytrace=False)


def test_runtime_can_import_the_schema_alone() -> None:
    """The schema imports nothing of the compiler (no stage of the sources, no catalogue)
    and no ruleset's records: loading a bundle brings its own ruleset's typed records and
    no other ruleset's, and never a loader, checks or engines."""
    script = ("import json, sys, tgc.bundle.schema\n"
              "def loaded(): return sorted(m for m in sys.modules if m.startswith('tgc'))\n"
              "alone = loaded()\n"
              "from pathlib import Path\n"
              "from tgc.bundle.io import load_bundle\n"
              f"rules = load_bundle(Path({str(CAMPAIGNS / 'sample.bundle.json')!r})).rules\n"
              "print(json.dumps([alone, loaded(), type(rules).__module__]))")
    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                          text=True, check=True)
    alone, after, rules_module = json.loads(proc.stdout)
    assert [m for m in alone if not m.startswith("tgc.rulesets")] == [
        "tgc", "tgc.bundle", "tgc.bundle.schema", "tgc.limits", "tgc.version"]
    assert [m for m in alone if m.startswith("tgc.rulesets.")] == ["tgc.rulesets.ruledata",
                                                                    "tgc.rulesets.spec"]
    assert rules_module.startswith("tgc.rulesets.tainted_grail.")
    assert "tgc.rulesets.tainted_grail.schema" in after
    folders = {m.split(".")[2] for m in after if m.startswith("tgc.rulesets.")}
    assert folders == {"ruledata", "spec", "tainted_grail"}
    parts = {"loader", "checks", "engines", "codes", "commands", "compile", "effects"}
    assert [m for m in after if parts & set(m.split("."))] == []


@pytest.mark.parametrize("name", ["tgc.bundle.io", "tgc.bundle.lock", "tgc.bundle.order",
                                  "tgc.bundle.numbering", "tgc.bundle.paths", "tgc.bundle.validate",
                                  "tgc.bundle.preflight", "tgc.limits"])
def test_doctests(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
