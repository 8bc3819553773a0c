"""The screens: new game, table, pick-up and other choices, privacy, round end, help."""
