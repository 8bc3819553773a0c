"""The guided first game: lessons played on the real engine at the real table.

A lesson is data (``lessons.toml``: a fixed deal, the moves made before it
starts, the player's steps and the other seats' scripted moves; its words in
``lessons.en.toml`` and ``lessons.th.toml``).  :mod:`.lessons` reads and
checks them and follows a lesson as it is played; the screens are
:mod:`dummy_tui.ui.screens.lesson` (the table with the lesson beside it) and
:mod:`dummy_tui.ui.screens.lessons` (the list and a lesson's end).
"""
