"""`python -m spieltisch` runs the command line."""

from spieltisch.cli import main

main()
