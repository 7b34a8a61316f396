"""The journal grammar, shipped inside the wheel as the package ``tgc.grammar``."""
