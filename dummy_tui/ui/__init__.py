"""The Textual game: screens, widgets, styles, translations and help."""
