"""The rules engine: cards, melds, one round API for every family, matches and records.

No Textual, no rich, no I/O beyond reading a record file on request.  The
layers import only downward: cards, errors and actions; melds and the move
notation; the :class:`~dummy_tui.engine.round.Round` base; the families (found
through :data:`~dummy_tui.engine.families.FAMILIES`); matches and records.
"""
