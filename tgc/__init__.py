"""tgc: compiler, checker and playtesting toolchain for story-driven board game campaigns."""

__version__ = "0.1.0"
