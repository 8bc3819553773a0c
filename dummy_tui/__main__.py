"""``python -m dummy_tui``: the same as the ``dummy-tui`` command."""

from dummy_tui.cli import main

raise SystemExit(main())
