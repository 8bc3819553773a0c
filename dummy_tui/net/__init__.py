"""Play at one table from several machines: ``dummy-tui host`` and ``dummy-tui join``.

The host (:mod:`.server`) holds the one real round and checks every move with
the engine; each person's terminal (:mod:`.remote`) is the usual table screen
driven by a :class:`~dummy_tui.net.remote.RemoteSession` that knows only what
that seat may see.  What goes over the wire is :mod:`.protocol`.

Nothing here is imported by the engine, the rules or the AI.
"""
