"""Rule data in a bundle: ``RawDecl``s to a JSON-able payload and back, and rule data
from a bundle's records. The runtime reads only this, never the sources."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tgc.ruledata.tainted_grail.data import Rules
from tgc.ruledata.tainted_grail.loader import RawDecl, load_rules

PAYLOAD_FORMAT = 1


def rules_payload(decls: Iterable[RawDecl]) -> dict[str, Any]:
    """The rule declarations as plain JSON data (header words and properties), sorted so
    the same sources always give the same bytes."""
    items = [{"kind": d.kind, "args": list(d.args), "data": d.data} for d in decls]
    items.sort(key=lambda item: (str(item["kind"]), [str(a) for a in item["args"]]))
    return {"format": PAYLOAD_FORMAT, "kind": "tgc-tainted-grail-rules", "decls": items}


def rules_from_payload(payload: Mapping[str, Any]) -> Rules:
    if payload.get("format") != PAYLOAD_FORMAT:
        raise ValueError(f"rule data format {payload.get('format')!r} is not {PAYLOAD_FORMAT}")
    decls = [RawDecl(str(d["kind"]), tuple(d["args"]), dict(d["data"]))
             for d in payload.get("decls", ())]
    rules, _ = load_rules(decls)
    return rules


def rules_from_records(characters: Iterable[Any], encounters: Iterable[Any],
                       cards: Iterable[Any] = ()) -> Rules:
    """Rule data from bundle records (``name`` and ``data``). A record keeps only the
    first header word, so cards come through only when their record carries ``args``."""
    decls = [RawDecl("character", (r.name,), dict(r.data)) for r in characters]
    decls += [RawDecl("encounter", (r.name,), dict(r.data)) for r in encounters]
    decls += [RawDecl("card", tuple(r.args), dict(r.data)) for r in cards
              if len(getattr(r, "args", ())) == 3]
    rules, _ = load_rules(decls)
    return rules
