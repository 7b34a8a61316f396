"""Rule data: the vocabulary, effect language and declaration loader each ruleset
defines. A leaf of the pipeline (it imports only ``tgc.source``), so the checker, the
bundle and the runtime can all read rule data without importing one another."""
