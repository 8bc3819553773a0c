"""Dummy (ดัมมี่), Thailand's rummy, in the terminal."""

from __future__ import annotations

__version__ = "0.1.0"
"""The package version; pyproject.toml reads it from here."""

__all__ = ["__version__"]
