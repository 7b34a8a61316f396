"""`tgc explore --witnesses OUT_DIR` (tgc/playtest/witnesses.py, witness_files.py): a
script for every goal the report names, each replayed as `tgc play --script` replays it;
the folder is the same for any worker count, written whole or not at all, and a folder it
cannot use is a usage error. Every script written for a small campaign is run through
`tgc play --script` in a process of its own and must meet its goal."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_explore_reference import campaign_text
from tgc.cli.main import cli
from tgc.pipeline import load_playable
from tgc.runtime import Book

ROOT = Path(__file__).resolve().parents[1]
GOALS_OF_EVERY_KIND = {9: "trap-loop", 24: "trap"}  # reference seeds (tests/test_explore_reference.py)


def folder_of(path: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(path.iterdir())}


def names(path: Path) -> list[str]:
    return sorted(p.name for p in path.iterdir())


def round_of(runner: CliRunner, campaign: Path, out: Path, *more: str) -> tuple[int, str]:
    result = runner.invoke(cli, ["explore", str(campaign), "--witnesses", str(out), "--no-cache", *more])
    return result.exit_code, result.stdout  # (the outlook, on a loaded machine, goes to stderr)


# One copy of the check: the benchmark's (bench/witness_round.py runs it on big campaigns).
met_in = runpy.run_path(str(ROOT / "bench" / "witness_round.py"), run_name="bench_witness_round")["met_in"]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """bench/gen_campaign.py 30 --seed 1: 20 statuses, a search stopped at 300 states with
    29 goals (two chunks)."""
    where = tmp_path_factory.mktemp("gen") / "g30"
    subprocess.run([sys.executable, str(ROOT / "bench" / "gen_campaign.py"), "30", str(where), "--seed", "1"],
                   check=True, capture_output=True)
    return where


def test_every_goal_gets_a_script_that_replays_and_an_index(tmp_path: Path, generated: Path) -> None:
    code, output = round_of(CliRunner(), generated, tmp_path / "w", "--max-states", "300")
    assert code == 0, output
    assert output == ("witnesses: 29 confirmed, 0 not confirmed, 0 with no witness found "
                      f"(of 29 goals); wrote {tmp_path / 'w'}; the search was INCOMPLETE (stopped "
                      "at --max-states after 300 states): goals it did not reach have none\n")
    index = json.loads((tmp_path / "w" / "index.json").read_text(encoding="utf-8"))
    assert index["summary"] == {"confirmed": 29, "not_confirmed": 0, "no_witness": 0}
    assert index["search"] == {"complete": False, "states": 300, "stopped": "states"}
    rows = index["witnesses"]
    assert all(row["confirmed"] and row["why"] == "" for row in rows)
    assert names(tmp_path / "w") == sorted([*(r["file"] for r in rows), "index.json"])
    first = rows[0]
    alone = CliRunner().invoke(cli, ["explore", str(generated), "--max-states", "300", "--no-cache",
                                     "--witness", first["verse"]])
    assert (tmp_path / "w" / first["file"]).read_text(encoding="utf-8") == alone.stdout


def test_one_worker_and_two_write_the_same_folder(tmp_path: Path, generated: Path) -> None:
    runner = CliRunner()
    assert round_of(runner, generated, tmp_path / "one", "--max-states", "300")[0] == 0
    assert round_of(runner, generated, tmp_path / "two", "--max-states", "300", "--jobs", "2")[0] == 0
    assert folder_of(tmp_path / "one") == folder_of(tmp_path / "two")


def test_kept_chunks_give_the_same_folder(tmp_path: Path, generated: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TGC_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    args = ["explore", str(generated), "--max-states", "300", "--witnesses"]
    assert runner.invoke(cli, [*args, str(tmp_path / "fresh")]).exit_code == 0
    assert list((tmp_path / "cache" / "runs").rglob("*.json")), "the chunks were not kept"
    assert runner.invoke(cli, [*args, str(tmp_path / "kept")]).exit_code == 0
    assert folder_of(tmp_path / "fresh") == folder_of(tmp_path / "kept")


@pytest.mark.parametrize("seed", sorted(GOALS_OF_EVERY_KIND))
def test_every_script_meets_its_goal_in_tgc_play(tmp_path: Path, seed: int) -> None:
    """Each written script, run as its replay line says in a process of its own."""
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "c.tgj").write_text(campaign_text(seed), encoding="utf-8")
    code, output = round_of(CliRunner(), tmp_path / "c", tmp_path / "w")
    assert code == 0, output
    rows = json.loads((tmp_path / "w" / "index.json").read_text(encoding="utf-8"))["witnesses"]
    kinds = {row["kind"] for row in rows}
    assert GOALS_OF_EVERY_KIND[seed] in kinds and "dead-end" in kinds
    book = Book(load_playable(tmp_path / "c")[0])
    for row in rows:
        script = tmp_path / "w" / row["file"]
        lines = script.read_text(encoding="utf-8").splitlines()
        replay = next(x for x in lines if x.startswith("# replay: tgc "))
        args = replay.removeprefix("# replay: tgc ").replace("THIS_FILE", str(script)).split()
        played = subprocess.run([sys.executable, "-m", "tgc", *args, "--no-cache"], capture_output=True,
                                text=True, timeout=120)
        assert met_in(book, row["kind"], row["verse"], played.stdout), (row, played.stdout, played.stderr)


def test_a_witness_that_does_not_replay_is_said_and_marked(tmp_path: Path, generated: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A script whose replay misses its goal is written under a NOT CONFIRMED line, never
    as if it replayed; the tally counts it and the command exits 1."""
    from tgc.explore.witness import Witness
    from tgc.playtest import witnesses

    def wrong(ex: object, aim: witnesses.Aim) -> Witness:
        return Witness(aim.label, (":enter 101",) if aim.verse.endswith("3") else ())

    monkeypatch.setattr(witnesses, "plan", wrong)
    code, output = round_of(CliRunner(), generated, tmp_path / "w", "--max-states", "300")
    assert code == 1
    index = json.loads((tmp_path / "w" / "index.json").read_text(encoding="utf-8"))
    missed = [row for row in index["witnesses"] if not row["confirmed"]]
    assert missed and index["summary"]["not_confirmed"] == len(missed)
    assert f"{index['summary']['confirmed']} confirmed, {len(missed)} not confirmed" in output
    text = (tmp_path / "w" / missed[0]["file"]).read_text(encoding="utf-8")
    assert text.startswith("# NOT CONFIRMED: the replay ") and missed[0]["why"] in text


def test_a_round_stopped_half_way_leaves_the_earlier_folder_whole(tmp_path: Path, generated: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from tgc.playtest import witness_files

    runner = CliRunner()
    assert round_of(runner, generated, tmp_path / "w", "--max-states", "300")[0] == 0
    before = folder_of(tmp_path / "w")

    def interrupted(folder: Path, rows: list[dict[str, object]], search: object = None) -> None:
        (folder / "verse-half.txt").write_text("half", encoding="utf-8")
        raise KeyboardInterrupt

    monkeypatch.setattr(witness_files, "write_round", interrupted)
    for out in ("w", "new"):  # ^C: click says "Aborted!" and exits 1
        stopped = runner.invoke(cli, ["explore", str(generated), "--max-states", "200", "--no-cache",
                                      "--witnesses", str(tmp_path / out)])
        assert stopped.exit_code == 1 and "Aborted" in stopped.output
    assert folder_of(tmp_path / "w") == before
    assert names(tmp_path) == ["w"]  # no half folder, no temporary one


@pytest.mark.parametrize("case", ["file", "foreign", "no parent", "with --witness", "jobs alone"])
def test_a_folder_the_round_cannot_use_is_a_usage_error(tmp_path: Path, case: str) -> None:
    out = tmp_path / "out"
    more: list[str] = []
    if case == "file":
        out.write_text("not a folder", encoding="utf-8")
    elif case == "foreign":
        out.mkdir()
        (out / "notes.md").write_text("mine", encoding="utf-8")
    elif case == "no parent":
        out = tmp_path / "missing" / "out"
    elif case == "with --witness":
        more = ["--witness", "201.4"]
    args = ["explore", str(ROOT / "journal_src"), "--no-cache", *more]
    args += ["--jobs", "2"] if case == "jobs alone" else ["--witnesses", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    expected = {"file": "is a file, not a folder",
                "foreign": "holds files that are not an earlier witness round's",
                "no parent": "does not exist", "with --witness": "not with --witness or --campaign",
                "jobs alone": "--jobs and --executor go with --witnesses"}[case]
    assert expected in result.output and "Traceback" not in result.output
    if case == "foreign":
        assert (out / "notes.md").read_text(encoding="utf-8") == "mine"


def test_an_earlier_round_is_replaced_whole(tmp_path: Path, generated: Path) -> None:
    runner = CliRunner()
    assert round_of(runner, generated, tmp_path / "w", "--max-states", "300")[0] == 0
    assert round_of(runner, generated, tmp_path / "w", "--max-states", "50")[0] == 0
    index = json.loads((tmp_path / "w" / "index.json").read_text(encoding="utf-8"))
    assert names(tmp_path / "w") == sorted([*(r["file"] for r in index["witnesses"]), "index.json"])


@pytest.mark.parametrize("ship", ["rebuild", "pickle"])
def test_a_worker_without_the_search_gets_the_same_rows(generated: Path, ship: str) -> None:
    """A worker that never held the exploration searches again from the request, or
    unpickles the one shipped (a search stopped at the memory budget): the same rows."""
    from tgc.explore.explorer import explore
    from tgc.playtest import witnesses
    from tgc.runtime import new_state

    book = Book(load_playable(generated)[0])
    ex = explore(book, new_state(book.bundle), max_states=300)
    inputs = witnesses.make_round(ex, party=(), start_at=None, max_states=300, source="g30", state=None,
                                  loaded=None, ship=ship)  # type: ignore[arg-type]
    here = witnesses.witness_chunk(inputs, 0, 5)
    witnesses.keep("another search", ex)  # as a fresh worker process: not this round's
    assert witnesses.witness_chunk(inputs, 0, 5) == here
    assert witnesses.exploration(inputs) is not ex
