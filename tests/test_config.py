"""Configuration: finding pyproject.toml / tgc.toml, applying severities, and turning
every mistake in the file into a TGC902 that points at the right line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.diagnostics.codes import diag
from tgc.diagnostics.config import Config, find_config, load_config
from tgc.diagnostics.model import Diagnostic, Severity
from tgc.source import Span

HERE = Span("a.tgj", 1, 1, 1, 2)


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _problems(diagnostics: list[Diagnostic]) -> list[tuple[int, int, str]]:
    return [(d.span.line, d.span.col, d.message) for d in diagnostics]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_no_config_file_gives_defaults(tmp_path: Path) -> None:
    config, problems = load_config(tmp_path)
    assert (config, problems) == (Config(), [])


def test_pyproject_tool_tgc(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", (
        '[project]\nname = "c"\n\n'
        '[tool.tgc.severity]\nTGC119 = "error"\nunknown-icon = "ignore"\n'
    ))
    config, problems = load_config(tmp_path / "journal")
    assert problems == []
    assert config.path == (tmp_path / "pyproject.toml").resolve()
    assert config.severities == {"TGC119": Severity.ERROR, "TGC007": Severity.IGNORE}


def test_pyproject_without_tool_tgc_is_empty_but_ends_the_search(tmp_path: Path) -> None:
    _write(tmp_path / "tgc.toml", '[severity]\nTGC119 = "error"\n')
    _write(tmp_path / "camp" / "pyproject.toml", '[project]\nname = "c"\n')
    config, problems = load_config(tmp_path / "camp")
    assert problems == []
    assert config.severities == {}
    assert config.path == (tmp_path / "camp" / "pyproject.toml").resolve()


def test_tgc_toml_top_level_and_case_insensitive_codes(tmp_path: Path) -> None:
    _write(tmp_path / "tgc.toml", '[severity]\ntgc119 = "info"\n')
    config, problems = load_config(tmp_path)
    assert problems == []
    assert config.severities == {"TGC119": Severity.INFO}


def test_tgc_toml_wins_over_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", '[tool.tgc.severity]\nTGC119 = "error"\n')
    _write(tmp_path / "tgc.toml", '[severity]\nTGC119 = "info"\n')
    assert find_config(tmp_path) == (tmp_path / "tgc.toml").resolve()
    config, _ = load_config(tmp_path)
    assert config.severities == {"TGC119": Severity.INFO}


def test_search_walks_up_from_a_file_or_folder(tmp_path: Path) -> None:
    _write(tmp_path / "tgc.toml", "")
    deep = _write(tmp_path / "a" / "b" / "story.tgj", "")
    assert find_config(deep) == (tmp_path / "tgc.toml").resolve()
    assert find_config(deep.parent) == (tmp_path / "tgc.toml").resolve()


def test_nearest_config_wins(tmp_path: Path) -> None:
    _write(tmp_path / "tgc.toml", "")
    _write(tmp_path / "a" / "pyproject.toml", "")
    assert find_config(tmp_path / "a" / "b") == (tmp_path / "a" / "pyproject.toml").resolve()


def test_the_search_ends_at_the_project_root(tmp_path: Path) -> None:
    """A config planted above the project (issue 18, point 15) never applies: `.git`
    marks the root as a config file does."""
    _write(tmp_path / "tgc.toml", '[severity]\nunknown-verse = "ignore"\n')
    (tmp_path / "project" / ".git").mkdir(parents=True)
    campaign = _write(tmp_path / "project" / "journal_src" / "c.tgj", "").parent
    assert find_config(campaign) is None
    config, diagnostics = load_config(campaign)
    assert not config.severities and diagnostics == []


def test_a_config_every_user_may_write_is_refused(tmp_path: Path) -> None:
    config = _write(tmp_path / "tgc.toml", '[severity]\nunknown-verse = "ignore"\n')
    config.chmod(0o666)
    assert find_config(tmp_path) is None
    config.chmod(0o644)
    assert find_config(tmp_path) == config.resolve()


def test_check_debug_says_which_config_applies(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tgc.cli.main import cli

    campaign = _write(tmp_path / "camp" / "c.tgj", "").parent
    (campaign / ".git").mkdir()
    result = CliRunner().invoke(cli, ["check", str(campaign), "--debug"])
    assert "tgc: configuration: none (defaults)" in result.stderr
    _write(campaign / "tgc.toml", "")
    result = CliRunner().invoke(cli, ["check", str(campaign), "--debug"])
    assert f"tgc: configuration: {(campaign / 'tgc.toml').resolve()}" in result.stderr


def test_apply_changes_severities_and_drops_ignored() -> None:
    config = Config(severities={"TGC119": Severity.ERROR, "TGC007": Severity.IGNORE})
    found = [
        diag("TGC119", HERE, key="keywrods", kind="item"),
        diag("TGC007", HERE, name="gold"),
        diag("TGC101", HERE, ref="1.9"),
    ]
    applied = config.apply(found)
    assert [(d.code, d.severity) for d in applied] == [
        ("TGC119", Severity.ERROR),
        ("TGC101", Severity.ERROR),
    ]
    assert applied[1] is found[2]


def test_apply_never_lowers_internal_errors() -> None:
    config = Config(severities={"TGC999": Severity.IGNORE})
    (d,) = config.apply([diag("TGC999", HERE, detail="boom")])
    assert d.severity is Severity.ERROR


def test_bad_entries_are_diagnostics_and_good_ones_still_apply(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", (
        "[tool.tgc]\n"                     # 1
        "severty = 1\n"                    # 2
        "\n"                               # 3
        "[tool.tgc.severity]\n"            # 4
        'TGC119 = "error"\n'               # 5
        'unknown-icn = "ignore"\n'         # 6
        'TGC007 = "loud"\n'                # 7
        "TGC101 = 3\n"                     # 8
        '"TGC999" = "warning"\n'           # 9
        'unknown-property = "info"\n'      # 10
        'TGC001 = "Error"\n'               # 11
    ))
    config, problems = load_config(tmp_path)
    assert config.severities == {"TGC119": Severity.ERROR}
    assert {d.code for d in problems} == {"TGC902"}
    assert all(d.span.file == "pyproject.toml" for d in problems)
    assert _problems(problems) == [
        (2, 1, "unknown key `severty` in [tool.tgc]"),
        (6, 1, "no diagnostic code or name `unknown-icn` in [tool.tgc.severity]"),
        (7, 10, '"loud" is not a severity (for `TGC007`)'),
        (8, 10, "3 is not a severity (for `TGC101`)"),
        (9, 12, "the severity of TGC999 cannot be changed"),
        (10, 1, "`unknown-property` and `TGC119` give TGC119 different severities"),
        (11, 10, '"Error" is not a severity (for `TGC001`)'),
    ]
    hints = [d.hint for d in problems]
    assert hints[0] == "did you mean `severity`?"
    assert hints[1] == "did you mean `unknown-icon` or `unknown-name`?"
    assert hints[2] == 'use one of "error", "warning", "info", "ignore"'
    assert hints[6] == "did you mean `error`?"


def test_value_span_covers_the_value(tmp_path: Path) -> None:
    _write(tmp_path / "tgc.toml", '[severity]\nTGC007 = "loud"  # comment\n')
    _, (problem,) = load_config(tmp_path)
    assert (problem.span.col, problem.span.end_col) == (10, 16)


def test_dotted_and_inline_tables(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml",
           '[tool.tgc]\nseverity = { TGC119 = "error", unknwn-icon = "info" }\n')
    config, (problem,) = load_config(tmp_path)
    assert config.severities == {"TGC119": Severity.ERROR}
    assert (problem.span.line, problem.span.col) == (2, 32)


def test_severity_must_be_a_table(tmp_path: Path) -> None:
    _write(tmp_path / "tgc.toml", 'severity = "strict"\n')
    config, (problem,) = load_config(tmp_path)
    assert config.severities == {}
    assert problem.message == "`severity` must be a table of codes or names"
    assert problem.span.line == 1


def test_tool_tgc_must_be_a_table(tmp_path: Path) -> None:
    _write(tmp_path / "pyproject.toml", "[tool]\ntgc = 1\n")
    _, (problem,) = load_config(tmp_path)
    assert problem.message == "`tool.tgc` must be a table"
    assert (problem.span.line, problem.span.col) == (2, 1)


def test_invalid_toml_points_at_the_error(tmp_path: Path) -> None:
    _write(tmp_path / "tgc.toml", "[severity]\nTGC119 = \n")
    config, (problem,) = load_config(tmp_path)
    assert config.severities == {}
    assert config.source is not None and config.source.name == "tgc.toml"
    assert problem.code == "TGC902"
    assert problem.message.startswith("invalid TOML: ")
    assert "(at line" not in problem.message
    assert (problem.span.line, problem.span.col) == (2, 10)


def test_undecodable_file(tmp_path: Path) -> None:
    (tmp_path / "tgc.toml").write_bytes(b"[severity]\n\xff = 1\n")
    config, (problem,) = load_config(tmp_path)
    assert config.severities == {}
    assert problem.message == "cannot read tgc.toml: not valid UTF-8"


def test_path_outside_the_working_folder_is_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path / "camp" / "tgc.toml", "[severity]\nTGC1 = 'error'\n")
    _write(tmp_path / "elsewhere" / "x", "")
    monkeypatch.chdir(tmp_path / "elsewhere")
    _, (problem,) = load_config(tmp_path / "camp")
    assert problem.span.file == str((tmp_path / "camp" / "tgc.toml").resolve())
