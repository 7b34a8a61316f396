"""Simulation on the bundle's rule data: encounters and games run N times with a party and
a policy, and the tables that summarise them."""
