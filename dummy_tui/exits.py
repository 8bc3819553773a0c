"""The program's name and the exit code of a bad command line, which every
command module shares (the history's and the network's commands as well as
the game's own) without importing one another."""

from __future__ import annotations

PROG = "dummy-tui"
EXIT_USAGE = 2
"""A command line that cannot be run as written, as argparse exits."""
