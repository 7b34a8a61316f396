"""20 Strong: Tainted Grail, the solo dice game, as the ``twenty-strong`` ruleset: its deck
records and loader (low), its checks (on the model), and its engine, exact odds,
policies, simulation and play by hand (docs/rules.md, "20 Strong")."""
