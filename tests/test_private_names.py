"""The game reaches into a few private names of argparse, rich and Textual,
where no public way does what it needs (each place says so in a comment).
These tests fail loudly, naming the name, the day a new version drops or
changes one, instead of a translation or a Thai line silently going wrong."""

from __future__ import annotations

import argparse
import inspect
import re

import pytest


def test_argparse_words_its_messages_through_its_module_gettext() -> None:
    # dummy_tui/cli.py: _argparse_words puts argparse's errors in Thai by
    # swapping argparse._ and argparse.ngettext while the command line is read
    assert callable(argparse._) and callable(argparse.ngettext)  # type: ignore[attr-defined]
    saved = argparse._  # type: ignore[attr-defined]
    argparse._ = lambda text: "«" + text + "»"  # type: ignore[attr-defined]
    try:
        parser = argparse.ArgumentParser(prog="x", exit_on_error=False)
        parser.add_argument("--n", type=int)
        with pytest.raises(argparse.ArgumentError) as error:
            parser.parse_args(["--n", "two"])
    finally:
        argparse._ = saved  # type: ignore[attr-defined]
    assert "«" in str(error.value), "argparse no longer words its errors through argparse._"


def test_rich_segments_split_through_split_cells() -> None:
    # dummy_tui/ui/cells.py: install() wraps Segment.split_cells so that a Thai
    # letter keeps its marks when a line is cut
    from rich.segment import Segment

    assert list(inspect.signature(Segment.split_cells).parameters) == ["self", "cut"]
    before, after = Segment("abc").split_cells(1)
    assert (before.text, after.text) == ("a", "bc")


def test_the_wrapping_patterns_the_number_glue_replaces() -> None:
    # dummy_tui/ui/cells.py: glue_numbers() replaces rich._wrap.re_word and
    # textual._wrap.re_chunk, so that a number never ends a line apart from its word
    import rich._wrap
    import textual._wrap

    assert isinstance(rich._wrap.re_word, re.Pattern)
    assert isinstance(textual._wrap.re_chunk, re.Pattern)


def test_the_palette_starts_its_no_matches_countdown_by_that_name() -> None:
    # dummy_tui/ui/commands.py: Palette words Textual's "No matches found" in
    # the language just after Textual's own timer writes it in English
    from textual.command import CommandPalette

    method = CommandPalette._start_no_matches_countdown
    assert list(inspect.signature(method).parameters) == ["self", "search_value"]
    assert isinstance(CommandPalette._NO_MATCHES_COUNTDOWN, int | float)


def test_the_footer_is_made_of_footer_keys() -> None:
    # dummy_tui/ui/widgets/footer.py: KeyFooter finds the FooterKey widgets
    # Textual's footer is made of, to set their compact reactive (no public
    # name exports the class)
    from textual.widget import Widget
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    assert issubclass(FooterKey, Widget)
    assert "FooterKey" in inspect.getsource(Footer.compose)
    assert "compact" in FooterKey._reactives


async def test_textual_serve_builds_its_routes_in_make_app() -> None:
    # dummy_tui/net/browser: GameServer._make_app adds the route of the page's
    # own fonts to the application textual-serve makes there
    from aiohttp import web
    from textual_serve.server import Server

    assert list(inspect.signature(Server._make_app).parameters) == ["self"]
    app = await Server("true")._make_app()
    assert isinstance(app, web.Application) and app.router["static"] is not None


def test_a_stylesheet_parses_each_source_through_parse_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # dummy_tui/ui/csscache.py wraps Stylesheet._parse_rules, so that the rules
    # parsed at one start come from the cache folder at the next; its key reads
    # the stylesheet's _variables
    from textual.css.stylesheet import Stylesheet

    parameters = list(inspect.signature(Stylesheet._parse_rules).parameters)
    assert parameters == ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]
    seen: list[object] = []
    parse_rules = Stylesheet._parse_rules

    def noting(self: Stylesheet, css: str, read_from: object, **how: object) -> object:
        seen.append(read_from)
        return parse_rules(self, css, read_from, **how)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "_parse_rules", noting)
    sheet = Stylesheet(variables={"x": "red"})
    assert isinstance(sheet._variables, dict)
    sheet.add_source("Screen { color: $x; }", read_from=("a.tcss", ""))
    sheet.parse()
    assert seen == [("a.tcss", "")] and len(sheet.rules) == 1
