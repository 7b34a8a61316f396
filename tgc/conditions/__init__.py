"""The condition algebra: one typed form of a condition (form.py) and what it means,
written once: its truth in a game (evaluate.py), what may hold given the facts that can
ever hold (abstract.py), truth tables (table.py) and its text (text.py); and the effects
that move what conditions read, with what each grants, removes, needs and overwrites
(change.py).

The checker lowers the AST into this form (tgc.semantics.lower, with a span table back
to the source), the bundle compiler writes it as the bundle's condition models and the
runtime reads those back into it (tgc.bundle.conditions), so the runtime evaluator, the
state checks (TGC3xx) and the explorer's abstraction all read one form, of conditions and
of effects. The package imports nothing above tgc.source."""
