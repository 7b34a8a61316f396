"""The campaign on disk: finding and reading its files, and the signed parse cache."""
