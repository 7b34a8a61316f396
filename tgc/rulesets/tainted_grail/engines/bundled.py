"""Rule data in a bundle: a bundle's records in, Rules out (the runtime reads only the
bundle, never the sources); and ``RawDecl``s to a JSON-able payload and back, which
`tgc sim` hands to its worker processes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tgc.bundle import schema as s
from tgc.rulesets.tainted_grail.loader import RawDecl, load_rules
from tgc.rulesets.tainted_grail.records import Rules

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


def bundle_decls(bundle: s.Bundle) -> list[RawDecl]:
    """The rule declarations a bundle carries: each ``@character``, ``@card`` and
    ``@encounter`` record's header words (``args``) and properties (``data``)."""
    records = (("character", bundle.characters), ("card", bundle.cards),
               ("encounter", bundle.encounters))
    return [RawDecl(kind, tuple(r.args) or (r.name,), dict(r.data))
            for kind, group in records for r in group]


def bundle_rules(bundle: s.Bundle) -> Rules:
    """The rule data a bundle carries, read by the loader that reads the sources, so a
    bundle alone plays the same fights (a checked campaign's records load without
    problems)."""
    rules, _ = load_rules(bundle_decls(bundle))
    return rules
