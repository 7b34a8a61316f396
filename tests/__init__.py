"""tgc's test suite (a package, so helpers are imported as ``tests.golden``)."""
