"""The lowest versions pyproject.toml allows, as a pip constraints file.

    python .ci/floors.py [--extra NAME ...] > floors.txt
    pip install -c floors.txt '.[NAME]'

Each direct dependency (and those of the extras named) written ``NAME>=X``
becomes ``NAME==X``: an install with these constraints takes the lowest
version of every direct dependency and the newest of what they need in turn
(what ``uv pip install --resolution lowest-direct`` does, with pip alone).  A
dependency without a floor is an error: every one must state the lowest
version the game is known to work with.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"

FLOOR = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*>=\s*([0-9][^,;\s]*)")


def floors(extras: list[str]) -> list[str]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in extras:
        wanted += project["optional-dependencies"][extra]
    lines = []
    for requirement in wanted:
        found = FLOOR.match(requirement)
        if found is None:
            raise SystemExit(f"floors.py: {requirement!r} states no lowest version (NAME>=X)")
        lines.append(f"{found[1]}=={found[3]}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extra", action="append", default=[], help="an extra's floors too")
    args = parser.parse_args()
    sys.stdout.write("".join(f"{line}\n" for line in floors(args.extra)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
