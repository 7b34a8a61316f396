"""Every catalogue entry's examples produce its code through the whole ``check()``
pipeline, and its ``fixed`` version does not: the examples in ``tgc explain`` and
docs/diagnostics.md are runnable, so they cannot drift from what the checker does."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.diagnostics.codes import CATALOGUE, Rule
from tgc.pipeline import check

# The translation family's examples are catalogues, run beside a campaign by
# tests/test_l10n_catalogue.py.
EXAMPLES = [
    pytest.param(rule, number, id=f"{rule.code}-{number}")
    for rule in CATALOGUE.values() if not rule.code.startswith("TGC6")
    for number in range(1, len(rule.examples) + 1)
]
FIXED = [pytest.param(rule, id=rule.code) for rule in CATALOGUE.values()
         if rule.fixed is not None and not rule.code.startswith("TGC6")]
# Codes that no single .tgj file can show: a file that cannot be read (TGC006), the
# lock file (TGC130, TGC131), a bad configuration file (TGC902) and an internal error
# (TGC999) are tested with the files they need (tests/cases/check/, tests/test_cli.py).
# TGC610 (a broken tgc.l10n.lock) is tested in tests/test_l10n.py.
# The print checks (TGC910-913) need laid-out pages and a printer profile, not a file:
# tests/test_print_check.py checks what each reports.
WITHOUT_EXAMPLES = {"TGC006", "TGC130", "TGC131", "TGC610", "TGC902", "TGC910", "TGC911", "TGC912",
                    "TGC913", "TGC999"}


def _codes(tmp_path: Path, source: str) -> list[str]:
    campaign = tmp_path / "campaign"
    campaign.mkdir()
    (campaign / "example.tgj").write_text(source, encoding="utf-8")
    # An empty tgc.toml ends the configuration search inside tmp_path.
    (campaign / "tgc.toml").write_text("", encoding="utf-8")
    return [d.code for d in check(campaign).diagnostics]


@pytest.mark.parametrize(("rule", "number"), EXAMPLES)
def test_example_triggers_its_code(tmp_path: Path, rule: Rule, number: int) -> None:
    codes = _codes(tmp_path, rule.examples[number - 1])
    assert rule.code in codes, f"example {number} of {rule.code} gives {codes or 'nothing'}"
    assert "TGC999" not in codes


@pytest.mark.parametrize("rule", FIXED)
def test_fixed_example_does_not(tmp_path: Path, rule: Rule) -> None:
    assert rule.fixed is not None
    codes = _codes(tmp_path, rule.fixed)
    assert rule.code not in codes, f"the fixed example of {rule.code} still gives it"
    assert "TGC999" not in codes


def test_every_code_has_an_example_unless_no_file_can_show_it() -> None:
    missing = {code for code, rule in CATALOGUE.items() if not rule.examples}
    assert missing <= WITHOUT_EXAMPLES, f"add examples to {sorted(missing - WITHOUT_EXAMPLES)}"


CORE = [param for param in EXAMPLES if param.values[0].code[3] in "01"]  # type: ignore[union-attr]


@pytest.mark.parametrize(("rule", "number"), CORE)
def test_core_example_shows_no_other_core_code(tmp_path: Path, rule: Rule, number: int) -> None:
    """An example of a syntax or naming rule is a clean campaign but for its own mistake:
    graph, state and map families may still add their findings, 0xx/1xx may not."""
    others = {code for code in _codes(tmp_path, rule.examples[number - 1])
              if code[3] in "01" and code != rule.code}
    assert not others, f"example {number} of {rule.code} also gives {sorted(others)}"
