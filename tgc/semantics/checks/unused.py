"""Unused declarations (TGC309): the resolved Campaign and its usage tables in, an info
diagnostic out for every status, secret and item that no line grants, removes or
checks, no trigger reads and no rule data names (a leftover, or a name the writer
meant to use and misspelt where it is used: the misspelling is reported there)."""

from __future__ import annotations

from collections.abc import Iterator

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.semantics.analysis import Analysis, Check
from tgc.semantics.model import Campaign
from tgc.semantics.usage import Usage
from tgc.syntax import ast

# The declarations whose properties are rule data that may name state.
_DATA_KINDS = frozenset({"event", "quest", "encounter", "card", "character", "location"})


def check_unused_declarations(analysis: Analysis) -> list[Diagnostic]:
    """TGC309: declared, and named nowhere else."""
    campaign, usage = analysis.campaign, analysis.usage
    used = {fact.key for table in (usage.grants, usage.removals, usage.checks, usage.triggers)
            for fact in table}
    data = " ".join(_data_text(campaign))
    diags = []
    for name, status in campaign.statuses.items():
        if not _used(usage, used, ("status", name)) and f'"{name}"' not in data \
                and name not in usage.unread_obscured:
            diags.append(diag("TGC309", status.decl.header_span, what=f'status "{name}"',
                              hint=f'mark it (`~ mark "{name}"`) and check it '
                              f'(`{{status "{name}"}}`), or remove the declaration'))
    for number, secret in campaign.secrets.items():
        if not _used(usage, used, ("secret", str(number))):
            diags.append(diag("TGC309", secret.decl.header_span, what=f"secret {number}",
                              hint=f"grant it (`~ gain secret {number}`) and check it "
                              f"(`{{secret {number}}}`), or remove the declaration"))
    for name, item in campaign.items.items():
        if not _used(usage, used, ("item", name)) and name not in data:
            diags.append(diag("TGC309", item.decl.header_span, what=f'item "{name}"',
                              hint=f'gain it (`~ gain item "{name}"`) and use it '
                              f'(`{{item "{name}"}}`), or remove the declaration'))
    return diags


def _used(usage: Usage, used: set[tuple[str, str]], key: tuple[str, str]) -> bool:
    return key in used or usage.obscures(key)


def _data_text(campaign: Campaign) -> Iterator[str]:
    """The values of every property of the declarations that hold rule data."""
    for file in campaign.files:
        for item in file.items:
            if isinstance(item, ast.Declaration) and item.kind in _DATA_KINDS:
                for prop in item.props:
                    yield from _values(prop)


def _values(prop: ast.Property) -> Iterator[str]:
    if isinstance(prop, ast.Prop):
        if isinstance(prop.value, str):
            yield prop.value
        else:
            for sub in prop.value:
                yield from _values(sub)
    elif isinstance(prop, ast.ListProp):
        yield ", ".join(prop.items)


CHECKS: tuple[Check, ...] = (check_unused_declarations,)
