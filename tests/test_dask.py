"""The Dask executor against a real `LocalCluster` on 127.0.0.1 (two worker processes):
`tgc sim` and `tgc balance` print byte for byte what local processes print, and a
scheduler that is not there is a usage error. Skipped when the dask extra is absent
(`.ci/run` installs it, so CI runs these)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.bundle_helpers import SAMPLE
from tgc.cli.main import cli

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A two-worker cluster on this machine, as ``dask://HOST:PORT``."""
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=":0")
    try:
        yield "dask://" + cluster.scheduler_address.removeprefix("tcp://")
    finally:
        cluster.close()


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    shutil.copytree(SAMPLE, tmp_path / "src")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TGC_EXECUTOR", raising=False)
    return CliRunner()


def output(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(cli, [*args, "--no-cache"])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_sim_on_dask_prints_what_local_processes_print(runner: CliRunner, scheduler: str) -> None:
    args = ("sim", "Deserter Sergeant", "-C", "src", "-n", "300", "--seed", "4", "--format", "json")
    alone = output(runner, *args)
    assert output(runner, *args, "--jobs", "2") == alone
    assert output(runner, *args, "--executor", scheduler) == alone


def test_campaign_days_on_dask_print_what_local_processes_print(runner: CliRunner,
                                                                scheduler: str) -> None:
    args = ("sim", "--days", "1", "-C", "src", "-n", "30", "--seed", "6", "--format", "json")
    alone = output(runner, *args)
    assert output(runner, *args, "--jobs", "2") == alone
    assert output(runner, *args, "--executor", scheduler) == alone


def test_balance_on_dask_prints_what_local_processes_print(runner: CliRunner, scheduler: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("balance", "src", "-n", "8", "--policy", "greedy", "--policy", "random",
            "--party", "Beor")
    alone = output(runner, *args)
    assert output(runner, *args, "--jobs", "2") == alone
    monkeypatch.setenv("TGC_EXECUTOR", scheduler)
    assert output(runner, *args) == alone


def test_random_play_on_dask_reports_what_one_process_reports(runner: CliRunner,
                                                              scheduler: str) -> None:
    args = ("play", "src", "--random", "60", "--seed", "2")
    alone = output(runner, *args).split("\n", 1)[1]
    assert output(runner, *args, "--executor", scheduler).split("\n", 1)[1] == alone


def test_a_scheduler_that_is_not_there_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["sim", "Deserter Sergeant", "-C", "src", "-n", "5", "--no-cache",
                                 "--executor", "dask://127.0.0.1:9"])
    assert result.exit_code == 2, result.output
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr


def test_the_witness_round_on_dask_writes_what_one_process_writes(runner: CliRunner, scheduler: str,
                                                                  tmp_path: Path) -> None:
    """The Dask workers search again from the request (they never held the exploration)."""
    import subprocess
    import sys

    generator = Path(__file__).resolve().parents[1] / "bench" / "gen_campaign.py"
    subprocess.run([sys.executable, str(generator), "30", str(tmp_path / "g")], check=True,
                   capture_output=True)
    args = ("explore", str(tmp_path / "g"), "--max-states", "300", "--witnesses")
    output(runner, *args, str(tmp_path / "one"))
    output(runner, *args, str(tmp_path / "dask"), "--executor", scheduler)
    one, dask = (sorted(p.name for p in (tmp_path / name).iterdir()) for name in ("one", "dask"))
    assert len(one) == 30 and one == dask  # 29 goals at 300 states (the undrawn join) and index.json
    for name in one:
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()
