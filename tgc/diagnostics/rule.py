"""A catalogue entry, and the helpers rule families use to write their examples."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from tgc.diagnostics.model import Severity

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(frozen=True, slots=True)
class Rule:
    """One catalogue entry. ``message`` is a ``str.format`` template; every example is a
    complete ``.tgj`` file that must produce this code (tests/test_catalogue.py)."""

    code: str
    name: str
    severity: Severity
    message: str
    summary: str
    explanation: str
    examples: tuple[str, ...] = ()
    fixed: str | None = None  # the example rewritten so it no longer triggers the code

    def in_words(self, words: Words) -> Rule:
        """This entry with its texts written in a ruleset's words (``in_words`` below)."""
        return replace(
            self, summary=in_words(self.summary, words),
            explanation=in_words(self.explanation, words),
            examples=tuple(in_words(e, words) for e in self.examples),
            fixed=None if self.fixed is None else in_words(self.fixed, words))


# A role's word (`attribute`: "courage") or a list of words (`attributes`).
Words = Mapping[str, "str | tuple[str, ...]"]
_PLACE = re.compile(r"\$\{(?P<name>\w+)(?:\|(?P<form>[\w-]+))?\}|\$(?P<word>[a-z_][a-z0-9_]*)")


def in_words(text: str, words: Words) -> str:
    """The core catalogue is written once for every ruleset: a text says ``$attribute``
    where its example needs an attribute, ``${seals|code}`` where it lists the seals, and
    the catalogue fills them with the default ruleset's words when it loads (so no module
    outside a ruleset's folder names that ruleset's words). A list's form is ``plain``
    (``a, b``), ``code`` (```a`, `b```), ``code-and`` (```a` and `b```) or ``icon``
    (```:a:`, `:b:```). A role the ruleset does not fill stays as written, and the
    catalogue's own test then fails on it.

    >>> in_words("roll d6 + $attribute; seals are ${seals|code-and}",
    ...          {"attribute": "wit", "seals": ("moon", "sun", "star")})
    'roll d6 + wit; seals are `moon`, `sun` and `star`'
    """
    def fill(match: re.Match[str]) -> str:
        value = words.get(match["name"] or match["word"])
        if value is None:
            return match[0]
        if isinstance(value, str):
            return value
        return _listed(value, match["form"] or "plain")
    return _PLACE.sub(fill, text)


def _listed(items: tuple[str, ...], form: str) -> str:
    if form == "icon":
        return ", ".join(f"`:{w}:`" for w in items)
    if form in ("code", "code-and"):
        quoted = [f"`{w}`" for w in items]
        if form == "code-and" and len(quoted) > 1:
            return ", ".join(quoted[:-1]) + " and " + quoted[-1]
        return ", ".join(quoted)
    return ", ".join(items)


CAMPAIGN = '@campaign "Example"\n  ruleset: $ruleset\n  start: 101\n\n'
LOCATION = '@location 101 "Farmhold"\n  explore -> 101.1\n\n'


def example(body: str) -> str:
    """An example inside a minimal valid campaign, so it shows only its own code."""
    return CAMPAIGN + LOCATION + body


