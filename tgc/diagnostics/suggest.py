"""Did-you-mean for catalogue keys: a mistyped code or name in, the closest codes and
names out (difflib, as sqlglot does), for `tgc explain`, suppressions and configuration.

Example:
    >>> close_rules("TGC1O1")
    ['TGC101']
    >>> close_rules("unknown-icn")
    ['unknown-icon', 'unknown-name']
    >>> close_rules("zzz")
    []
"""

from __future__ import annotations

from difflib import get_close_matches

from tgc.diagnostics.codes import BY_NAME, CATALOGUE


def close_rules(key: str, n: int = 2) -> list[str]:
    """Up to ``n`` codes or names close to ``key``; a code typed with the letter O for
    the digit 0 (``TGC1O1``) gets its exact code alone."""
    as_code = key.upper()
    if as_code.startswith("TGC") and as_code.replace("O", "0") in CATALOGUE:
        return [as_code.replace("O", "0")]
    close = get_close_matches(as_code, list(CATALOGUE), n=n, cutoff=0.6)
    close += get_close_matches(key.lower(), list(BY_NAME), n=n, cutoff=0.6)
    return list(dict.fromkeys(close))[:n]


def did_you_mean_rule(key: str) -> str | None:
    """`` did you mean `X`? `` (or `` `X` or `Y` ``) for a mistyped code or name."""
    close = close_rules(key)
    return "did you mean " + " or ".join(f"`{c}`" for c in close) + "?" if close else None
