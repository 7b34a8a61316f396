"""`tgc graph`: golden DOT and Mermaid for a small campaign (tests/cases/graph/small), one
section with stubs, byte-identical output across runs and hash seeds, and the CLI's
options and exit codes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.golden import Golden
from tgc.cli.main import cli
from tgc.pipeline import load_model
from tgc.semantics.graph_export import ExportError, export_graph

CASES = Path(__file__).parent / "cases" / "graph"
SMALL = CASES / "small"


@pytest.mark.parametrize(("fmt", "section", "golden_name"), [
    ("dot", None, "small.dot"),
    ("mermaid", None, "small.mmd"),
    ("dot", "101", "small.section-101.dot"),
    ("mermaid", "101", "small.section-101.mmd"),
])
def test_golden(golden: Golden, fmt: str, section: str | None, golden_name: str) -> None:
    golden(CASES / golden_name, export_graph(load_model(SMALL), fmt, section))


def test_highlights_and_entries() -> None:
    text = export_graph(load_model(SMALL), "dot")
    assert '"101.4" [label="101.4", fillcolor="#ffe0e0"' in text  # the dead end
    assert '"101.5" [label="101.5", fillcolor="#eeeeee"' in text  # unreachable
    assert '"entry:' in text and 'label="start"' in text
    assert '"101.1" -> "101.2" [label="Climb the \\"old\\" wall\\n{courage >= 3}", style=dashed]' in text


def test_section_draws_edges_that_leave_it_to_stubs() -> None:
    text = export_graph(load_model(SMALL), "dot", "101")
    assert '"stub:102.1" [label="102.1"' in text
    assert '"101.1" -> "stub:102.1"' in text
    assert '"102.1" [' not in text
    assert "bos.1" not in text


def test_unknown_section_and_format() -> None:
    model = load_model(SMALL)
    with pytest.raises(ExportError, match="no section `110`"):
        export_graph(model, "dot", "110")
    with pytest.raises(ExportError, match="unknown format"):
        export_graph(model, "svg")


def test_same_bytes_across_hash_seeds(tmp_path: Path) -> None:
    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-m", "tgc", "graph", str(SMALL), "--format", "mermaid"],
                              capture_output=True, env=env, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_cli_writes_a_file(tmp_path: Path) -> None:
    out = tmp_path / "graph" / "small.dot"
    result = CliRunner().invoke(cli, ["graph", str(SMALL), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == export_graph(load_model(SMALL), "dot")


def test_cli_usage_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["graph", str(SMALL), "--section", "10l"])
    assert result.exit_code == 2
    assert "no section `10l`" in result.output
    result = runner.invoke(cli, ["graph", str(tmp_path / "missing")])
    assert result.exit_code == 2
    result = runner.invoke(cli, ["graph", str(SMALL), "--format", "svg"])
    assert result.exit_code == 2


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
@pytest.mark.parametrize("section", [None, "101"])
def test_graphviz_reads_the_output(section: str | None) -> None:
    text = export_graph(load_model(SMALL), "dot", section)
    done = subprocess.run(["dot", "-Tsvg"], input=text.encode(), capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    assert not done.stderr, done.stderr.decode()
