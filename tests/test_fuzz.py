"""Fuzzing in the normal suite (issue 18, point 16): a small seeded budget of mutants of
every kind of file tgc reads, and hypothesis-built inputs, each under a CPU and memory
limit. The long run is `bench/fuzz.py` (docs/reliability.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import KINDS, TOKENS, Outcome, minimise, mutate, run_isolated, run_target, seeds, warm

# Inputs per kind in the normal suite: seconds, not minutes (check and runtime cost most).
BUDGET = {"check": 3, "runtime": 2, "bundle": 8, "save": 8, "transcript": 8, "config": 8, "lock": 8}


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


_PIECES = st.sampled_from(TOKENS + ["== 101.1", "@campaign \"T\"", "  start: 101", "@location 101 \"F\"",
                                    "  explore -> 101.1", "-> end", "* Go -> 2", "~ gain 1 food",
                                    '~ mark "S" 1', '@status "S" parts 3', "~ roll 2d6: 2-7 -> 3; 8+ -> end",
                                    "{status \"S\" 1} ", "secret 4", " and ", " or ", "(", ")"])
_LINES = st.lists(st.lists(_PIECES, max_size=6).map("".join), max_size=12).map("\n".join)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_LINES)
def test_journal_lines_built_from_the_language_never_crash_the_checker(text: str) -> None:
    assert run_target("check", f"locations/zz-fuzz.tgj\0{text}") in ("clean", "rejected")


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4), max_leaves=20)


@settings(max_examples=30, deadline=None)
@given(_JSON, st.sampled_from(["bundle", "save"]))
def test_json_of_any_shape_is_a_clear_error(value: object, kind: str) -> None:
    import json

    document = {"kind": f"tgc-{kind}", "format": 3 if kind == "bundle" else 1, "x": value}
    for text in (json.dumps(value), json.dumps(document)):
        assert run_target(kind, text) in ("ok", "rejected")


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["transcript", "config", "lock"]))
def test_text_of_any_shape_is_a_clear_error(text: str, kind: str) -> None:
    assert run_target(kind, text) in ("ok", "rejected")


def test_the_isolated_runner_counts_hangs_and_blowups_as_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    import tests.fuzzing as fuzzing

    def spin(data: str, tmp: object) -> str:
        while True:
            pass

    def hog(data: str, tmp: object) -> str:
        return str(len(bytearray(1 << 33)))

    monkeypatch.setitem(fuzzing._TARGETS, "lock", spin)
    assert run_isolated("lock", "x", cpu=1).kind == "hang"
    monkeypatch.setitem(fuzzing._TARGETS, "lock", hog)
    assert run_isolated("lock", "x", cpu=5, memory=1 << 30).kind == "memory"


def test_a_failure_is_minimised() -> None:
    data = "line one\nline two with BOOM inside\nline three\n" * 3
    small = minimise("lock", data, lambda text: "BOOM" in text)
    assert small == "BOOM"
