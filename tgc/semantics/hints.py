"""Hints that need the campaign: syntax diagnostics and the resolved Campaign in, the
same diagnostics out, where a hint can now name what to write (a secret written by
its title gets the number of the card that has that title). The parser sees one line
at a time and cannot know the campaign's declarations; this runs once they are known."""

from __future__ import annotations

import re
from dataclasses import replace

from tgc.diagnostics.model import Diagnostic
from tgc.semantics.model import Campaign

_SECRET_TITLE = re.compile(r'\bsecret\s+"((?:[^"\\]|\\.)*)"')


def with_campaign_hints(campaign: Campaign, diags: list[Diagnostic]) -> list[Diagnostic]:
    """``diags`` with the hints of syntax errors made concrete where the campaign can."""
    if not any(d.code == "TGC001" for d in diags):
        return diags
    lost = {(f.name, d.span.line): d.text for f in campaign.files for d in f.dropped}
    titles = {info.title.casefold(): number for number, info in campaign.secrets.items()}
    out = []
    for d in diags:
        text = lost.get((d.span.file, d.span.line)) if d.code == "TGC001" else None
        m = _SECRET_TITLE.search(text) if text else None
        number = titles.get(m.group(1).replace('\\"', '"').casefold()) if m else None
        if m is not None and number is not None:
            d = replace(d, hint=f"secrets go by number: write `secret {number}` (the card "
                                f"\"{campaign.secrets[number].title}\")")
        out.append(d)
    return out
