"""The Grimslingers ruleset: the Tall Tale (story booklet, areas, bounties) and duels."""
