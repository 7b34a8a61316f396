"""Simulation on the bundle's typed rule data: the seam (seam.py) through which `tgc sim`
asks the campaign's ruleset to play something N times with a party and a policy; each
ruleset brings its own simulator (``RulesetSpec.sim``)."""
