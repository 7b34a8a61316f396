"""`python -m tgc` runs the command line."""

from tgc.cli.main import main

main()
