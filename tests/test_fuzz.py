"""Fuzzing in the normal suite (issue 18, point 16): a small seeded budget of mutants of
every kind of file tgc reads, and hypothesis-built inputs, each under a CPU and memory
limit; and the harness itself: what it counts as a failure, how it minimises, that a
long run is resumable. The long run is `bench/fuzz.py` (docs/reliability.md)."""

from __future__ import annotations

import json
import os
import random
import runpy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.fuzzing as fuzzing
from tests.fuzzing import (
    KINDS,
    TOKENS,
    WEIGHTS,
    Outcome,
    minimise,
    mutate,
    plan,
    run_isolated,
    run_target,
    seeds,
    warm,
)

# Inputs per kind in the normal suite: seconds, not minutes (check and runtime cost most).
BUDGET = {"check": 6, "runtime": 3, "bundle": 4, "save": 8, "transcript": 6, "play": 6, "config": 8,
          "lock": 4, "catalogue": 2}


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm()


@pytest.mark.parametrize("kind", KINDS)
def test_mutants_never_crash_hang_or_blow_up(kind: str) -> None:
    rng = random.Random(f"tgc-fuzz-{kind}")
    failures: list[tuple[str, Outcome]] = []
    for _ in range(BUDGET[kind]):
        data = mutate(rng.choice(seeds(kind)), rng)
        outcome = run_isolated(kind, data, cpu=20, memory=2 << 30)
        if outcome.failed:
            failures.append((data[:200], outcome))
    assert not failures


def test_every_kind_has_a_budget_a_weight_and_seeds_that_pass() -> None:
    assert set(BUDGET) == set(WEIGHTS) == set(KINDS)
    for kind in KINDS:
        for seed in seeds(kind) if kind in ("check", "lock", "catalogue") else seeds(kind)[:1]:
            assert run_isolated(kind, seed).kind in ("ok", "clean"), (kind, seed[:60])
    assert {seed.partition("/")[0] for seed in seeds("check")} == set(fuzzing.CAMPAIGNS)


def test_a_mutant_reparses_only_its_own_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fork server's point: the warm parses stand for every file the mutant kept."""
    import tgc.project.workspace as workspace

    parsed: list[str] = []
    real = workspace.parse_all

    def spy(items: list[tuple[str, str]], jobs: int) -> object:
        parsed.extend(name for name, _ in items)
        return real(items, jobs)

    monkeypatch.setattr(workspace, "parse_all", spy)
    name, _, text = seeds("check")[1].partition("\0")
    assert run_target("check", f"{name}\0{text}\n// touched\n") == "clean"
    assert parsed == [name.partition("/")[2]]


@pytest.mark.parametrize("kind", ["check", "runtime"])
def test_a_mutant_renamed_past_the_file_systems_limit_is_still_run(kind: str) -> None:
    """Run 3 of docs/reliability.md: a mutation repeated a span of the file's name until
    it was longer than a name may be, and the harness, not tgc, failed to write it."""
    name, _, text = seeds("check")[1].partition("\0")
    folder, _, file = name.rpartition("/")
    long = f"{folder}/{file.removesuffix('.tgj')}{'.beacon-stair' * 30}.tgj"
    assert run_isolated(kind, f"{long}\0{text}").kind in ("ok", "clean", "rejected")


def test_the_isolated_runner_counts_hangs_and_blowups_as_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    def spin(data: str, tmp: object) -> str:
        while True:
            pass

    def hog(data: str, tmp: object) -> str:
        return str(len(bytearray(1 << 33)))

    monkeypatch.setitem(fuzzing._TARGETS, "lock", spin)
    spun = run_isolated("lock", "x", cpu=1)
    assert spun.kind == "hang" and spun.cpu > 0.5
    monkeypatch.setitem(fuzzing._TARGETS, "lock", hog)
    assert run_isolated("lock", "x", cpu=5, memory=1 << 30).kind == "memory"


def test_an_input_that_blocks_without_computing_is_a_hang(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def block(data: str, tmp: object) -> str:
        return fifo.read_text()  # no writer ever comes

    monkeypatch.setitem(fuzzing._TARGETS, "lock", block)
    outcome = run_isolated("lock", "x", cpu=5, wall=0.5)
    assert outcome.kind == "hang" and "without using the CPU" in outcome.detail


def test_an_exception_and_a_write_into_the_campaign_are_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(data: str, tmp: object) -> str:
        raise KeyError("verse")

    def scribble(data: str, tmp: Path) -> str:
        fuzzing._place(data, tmp / "campaign")
        (tmp / "campaign" / "tgc.lock").unlink()  # as a rewrite by rename would replace it
        (tmp / "campaign" / "tgc.lock").write_text("format = 1\n")
        return "clean"

    monkeypatch.setitem(fuzzing._TARGETS, "lock", boom)
    crashed = run_isolated("lock", "x")
    assert crashed.kind == "crash" and "KeyError" in crashed.detail
    monkeypatch.setitem(fuzzing._TARGETS, "check", scribble)
    wrote = run_isolated("check", seeds("check")[0])
    assert wrote.kind == "crash" and wrote.detail.endswith("tgc.lock")


def test_a_run_resumes_at_any_input() -> None:
    originals = {kind: seeds(kind) for kind in KINDS}
    whole = [plan(1, n, list(KINDS), originals) for n in range(40)]
    assert [plan(1, n, list(KINDS), originals) for n in range(25, 40)] == whole[25:]
    assert {kind for kind, _ in whole} >= {"check", "runtime", "bundle", "save"}
    assert plan(2, 3, list(KINDS), originals) != whole[3]


def test_the_long_run_writes_its_summary_and_says_where_to_resume(tmp_path: Path) -> None:
    bench = runpy.run_path(str(fuzzing.REPO / "bench" / "fuzz.py"), run_name="bench_fuzz")
    status = bench["main"](["--inputs", "6", "--start", "10", "--every", "2", "--offset", "1",
                              "--kinds", "lock,config,save", "--out", str(tmp_path)])
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert status == 0 and summary["inputs"] == 3 and summary["resume_at"] == 17
    assert summary["failures"] == [] and summary["inputs_per_cpu_second"] > 0
    other = tmp_path / "other"
    assert bench["main"](["--inputs", "6", "--start", "10", "--every", "2", "--kinds", "lock,config,save",
                          "--out", str(other)]) == 0
    both = tmp_path / "both"
    assert bench["main"](["--merge", str(tmp_path), str(other), "--out", str(both)]) == 0
    merged = json.loads((both / "summary.json").read_text())
    assert merged["inputs"] == 6 and sum(sum(c.values()) for c in merged["outcomes"].values()) == 6
    assert [part["offset"] for part in merged["parts"]] == [1, 0]


_PIECES = st.sampled_from(TOKENS + ["== 101.1", "@campaign \"T\"", "  start: 101", "@location 101 \"F\"",
                                    "  explore -> 101.1", "-> end", "* Go -> 2", "~ gain 1 food",
                                    '~ mark "S" 1', '@status "S" parts 3', "~ roll 2d6: 2-7 -> 3; 8+ -> end",
                                    "{status \"S\" 1} ", "secret 4", " and ", " or ", "(", ")"])
_LINES = st.lists(st.lists(_PIECES, max_size=6).map("".join), max_size=12).map("\n".join)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_LINES)
def test_journal_lines_built_from_the_language_never_crash_the_checker(text: str) -> None:
    assert run_target("check", f"journal_src/locations/zz-fuzz.tgj\0{text}") in ("clean", "rejected")


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4), max_leaves=20)


@settings(max_examples=30, deadline=None)
@given(_JSON, st.sampled_from(["bundle", "save"]))
def test_json_of_any_shape_is_a_clear_error(value: object, kind: str) -> None:
    document = {"kind": f"tgc-{kind}", "format": 3 if kind == "bundle" else 1, "x": value}
    for text in (json.dumps(value), json.dumps(document)):
        assert run_target(kind, text) in ("ok", "rejected")


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["transcript", "play", "config", "lock"]))
def test_text_of_any_shape_is_a_clear_error(text: str, kind: str) -> None:
    assert run_target(kind, text) in ("ok", "rejected")


def test_a_failure_is_minimised() -> None:
    data = "line one\nline two with BOOM inside\nline three\n" * 3
    small = minimise("lock", data, lambda text: "BOOM" in text)
    assert small == "BOOM"
    named = minimise("check", "a.tgj\0x\nBOOM y\nz", lambda text: "BOOM" in text.partition("\0")[2])
    assert named == "a.tgj\0BOOM"
