"""The Statistics screen's charts of the whole history: win rates over time, round scores."""

from __future__ import annotations

import pytest
from history_fixture import Stored, small_history
from test_history_ui import braille, stats_screen, widget_text
from ui_helpers import app_for, new_game_screen

from dummy_tui.i18n import t


def person_rounds(stored: list[Stored], name: str) -> list[int]:
    """Every round score of the person ``name``, from the rounds as played."""
    out = []
    for match in stored:
        if name in match.planned.names:
            seat = match.planned.names.index(name)
            out += [result.scores[seat] for result in match.results]
    return out


@pytest.mark.parametrize("look", ["symbols", "ascii", "no_color"])
@pytest.mark.parametrize("lang", ["en", "th"])
async def test_the_win_rates_and_the_round_scores_are_charted(
    monkeypatch: pytest.MonkeyPatch, look: str, lang: str
) -> None:
    if look == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    stored = small_history()
    app = app_for(lang=lang, ascii=look == "ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_screen(pilot, app)
        await pilot.press("s")
        screen = await stats_screen(pilot, app)
        rates = "\n".join(widget_text(screen.query_one("#stats-rates")))
        scores = "\n".join(widget_text(screen.query_one("#stats-scores")))
        assert t("stats.rate_title_single") in rates  # 3 matches: a point each
        assert t("stats.scores_title") in scores and t("stats.scores_x") in scores
        for name in ("Ann", "Bee"):  # the people, not the AI
            assert name in rates
        assert "Somchai" not in rates
        assert "100%" in rates and "0%" in rates
        if look == "symbols":
            assert braille(rates) and "#" not in scores
        else:
            assert not braille(rates) and "#" in scores
            assert "** Ann" in rates and "++ Bee" in rates
        # the figures in words under the charts: Ann's three matches, all lost
        words = "\n".join(widget_text(screen.query_one("#stats-rates-text")))
        assert "Ann: 0% 0% 0%" in words
        counted = "\n".join(widget_text(screen.query_one("#stats-scores-text")))
        people = person_rounds(stored, "Ann") + person_rounds(stored, "Bee")
        told = sum(int(part.rsplit(": ", 1)[1]) for part in counted.split("  ") if ": " in part)
        assert told == len(people)


async def test_no_charts_before_a_person_has_played() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_screen(pilot, app)
        await pilot.press("s")
        screen = await stats_screen(pilot, app)
        assert not screen.query_one("#stats-rates").display
        assert not screen.query_one("#stats-scores").display
