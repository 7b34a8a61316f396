"""A `tgc check` keeps its facts for the next one (tgc/project/facts.py): after an edit
that changed only words of prose, the next check takes the model's and the checks'
diagnostics from them instead of running the checks again, and its report is exactly a
full run's. Anything else (an edit beyond prose, a diagnostic in the edited prose, another
tgc.lock, facts that were tampered with or that another user could have written) runs
the checks as before."""

from __future__ import annotations

import hmac
import os
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_check_cases import CASE_PATHS
from tests.test_shape import _copy, _report, _type_in_prose
from tgc.cli.main import cli
from tgc.pipeline import Job, Result, run
from tgc.project.parsecache import FACTS, ParseStore, cache_root

ROOT = Path(__file__).resolve().parent.parent
EDITED = "locations/201-caer-morwen.tgj"


def _check(root: Path) -> Result:
    """What `tgc check` runs."""
    return run(Job(root, "check", "disk", diagnostics_only=True))


def _full(root: Path) -> Result:
    return run(Job(root, "check"))


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return _copy(ROOT / "journal_src", tmp_path)


def _insert(path: Path, after: str, line: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert after in text
    path.write_text(text.replace(after, f"{after}\n{line}", 1), encoding="utf-8")


def test_a_prose_edit_takes_the_facts_of_the_last_check(sample: Path) -> None:
    _insert(sample / EDITED, "== 201.1", '~ if status "Nope" 2 -> 201.99')  # two diagnostics
    first = _check(sample)
    assert not first.reused and first.campaign is not None and len(first.diagnostics) == 2
    assert _type_in_prose(sample / EDITED, "typed")
    again = _check(sample)
    assert again.reused and again.campaign is None
    assert _report(again) == _report(_full(sample)) == _report(first)
    assert _check(sample).reused  # the facts now name the edited version


def test_an_edit_beyond_prose_runs_the_checks(sample: Path) -> None:
    _check(sample)
    _insert(sample / EDITED, "== 201.1", '~ if status "Nope" 2 -> 201.99')
    result = _check(sample)
    assert not result.reused and [d.code for d in result.diagnostics] == ["TGC105", "TGC101"]
    assert _report(result) == _report(_full(sample))


def test_another_lock_runs_the_numbering_again(sample: Path) -> None:
    _check(sample)
    lock = sample / "tgc.lock"
    lock.write_text(lock.read_text(encoding="utf-8") + "\nthis is no lock line\n", encoding="utf-8")
    result = _check(sample)
    assert not result.reused and result.diagnostics
    assert _report(result) == _report(_full(sample))


def test_tampered_or_foreign_facts_are_never_taken(sample: Path) -> None:
    """A flipped bit, another tgc's salt, a planted pickle in a file others may read: each
    is ignored (and its code never runs), and the check runs in full."""
    _check(sample)
    facts = ParseStore(sample).folder / FACTS
    data = facts.read_bytes()
    facts.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    assert not _check(sample).reused

    ran: list[str] = []

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (ran.append, ("planted code ran",))

    key = (cache_root() / "key").read_bytes()
    payload = pickle.dumps(Payload())
    facts.write_bytes(hmac.new(key, payload, "sha256").digest() + payload)
    os.chmod(facts, 0o644)  # readable by others: not private, so not ours to trust
    assert not _check(sample).reused and ran == []

    _check(sample)  # fresh facts again
    store = ParseStore(sample)
    kept = store.get_facts()
    assert kept is not None
    from dataclasses import replace

    store.put_facts(replace(kept, salt="other tgc code"))
    assert store.get_facts() is None and not _check(sample).reused


def test_the_command_keeps_and_takes_the_facts(sample: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(cli, ["check", str(sample)])
    assert first.exit_code == 0 and ParseStore(sample).get_facts() is not None
    assert _type_in_prose(sample / EDITED, "typed")
    again = runner.invoke(cli, ["check", str(sample)])
    full = runner.invoke(cli, ["check", str(sample), "--no-cache"])
    assert (again.exit_code, again.output) == (full.exit_code, full.output) == (0, first.output)


@pytest.mark.parametrize("case", CASE_PATHS, ids=lambda p: p.name)
def test_every_case_reports_through_the_facts_what_a_full_check_reports(case: Path,
                                                                          tmp_path: Path) -> None:
    root = _copy(case, tmp_path)
    _check(root)
    files = [root] if root.is_file() else sorted(root.rglob("*.tgj"))
    if not [p for p in files if _type_in_prose(p, "typed")]:
        pytest.skip("no prose to edit")
    assert _report(_check(root)) == _report(_full(root))


def _spy_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files parsed from now on (by the workspace or by the facts' shape
    comparison)."""
    import tgc.syntax.parser as parser

    parsed: list[str] = []
    real = parser.parse_source

    def spy(source: object, *args: object, **kwargs: object) -> object:
        parsed.append(source.name)  # type: ignore[attr-defined]
        return real(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(parser, "parse_source", spy)
    return parsed


def _under(root: Path, names: list[str]) -> list[str]:
    """Display names as paths inside ``root``."""
    return [Path(name).resolve().relative_to(root.resolve()).as_posix() for name in names]


def _tree_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files whose parse is asked of the cache from now on."""
    asked: list[str] = []
    real = ParseStore.get

    def spy(self: ParseStore, name: str, text: str) -> object:
        asked.append(name)
        return real(self, name, text)

    monkeypatch.setattr(ParseStore, "get", spy)
    return asked


def test_a_prose_edit_neither_parses_nor_reads_an_unchanged_file(sample: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The facts hold each file's syntax diagnostics and suppressions: after a prose edit
    only the edited file is parsed, and its earlier text (kept as a text by the first
    check) once more, to compare the shapes."""
    first = _check(sample)
    assert _type_in_prose(sample / EDITED, "typed")
    parsed, asked = _spy_parses(monkeypatch), _tree_reads(monkeypatch)
    again = _check(sample)
    assert again.reused and _under(sample, parsed) == [EDITED, EDITED] and _under(sample, asked) == [EDITED]
    assert _under(sample, [f.name for f in again.files]) == [EDITED]
    assert _report(again) == _report(first)


def test_a_first_check_keeps_texts_and_a_second_parse_keeps_the_tree(sample: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A cold check pays no tree to the cache; the next check that must parse the files
    again (an edit beyond prose) keeps their trees, so the one after parses only the
    edited file (its new text, and its last one, kept as a text, to compare shapes).
    Each report is a full run's."""
    parsed = _spy_parses(monkeypatch)
    _check(sample)
    files = len(parsed)
    _insert(sample / EDITED, "== 201.1", '~ if status "Nope" 2 -> 201.99')
    del parsed[:]
    second = _check(sample)
    assert not second.reused and len(parsed) == files + 1  # and the edited file's earlier text
    assert _report(second) == _report(_full(sample))
    _insert(sample / EDITED, "== 201.1", "-> 201.98")
    del parsed[:]
    third = _check(sample)
    assert not third.reused and _under(sample, parsed) == [EDITED, EDITED]  # its new and its last text
    assert _report(third) == _report(_full(sample))


def test_a_suppression_in_an_unchanged_file_still_applies_through_the_facts(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unchanged file's suppressions come from the facts, its tree unread: the one
    silenced here stays silenced, and an unused one is still reported."""
    other = sample / "book_of_secrets.tgj"
    _insert(other, "== bos.1", '~ if status "Nope" 2 -> end // tgc: ignore[TGC105]')
    _insert(other, "== bos.1", "~ gain 1 food // tgc: ignore[TGC101]")
    first = _check(sample)
    assert [d.code for d in first.diagnostics] == ["TGC901"]
    assert _type_in_prose(sample / EDITED, "typed")
    asked = _tree_reads(monkeypatch)
    again = _check(sample)
    assert again.reused and _under(sample, asked) == [EDITED]
    assert _report(again) == _report(_full(sample)) == _report(first)
